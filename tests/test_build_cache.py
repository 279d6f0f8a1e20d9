"""The build cache: a pickled pipeline, keyed, trusted only when private, rebuilt when bad."""

from __future__ import annotations

import os
import pickle

import pytest
import spacy

from pipeline.nlp.build_cache import (
    CACHE_ENV,
    cache_file,
    cache_folder,
    cache_key,
    cached_build,
    load_cached,
)
from pipeline.nlp.loader import build_nlp


def counted_blank():
    """A build function that counts its calls."""
    calls = []

    def build():
        calls.append(1)
        return spacy.blank("en")

    return build, calls


def test_the_folder_comes_from_the_environment(tmp_path):
    assert cache_folder({CACHE_ENV: str(tmp_path)}) == tmp_path


@pytest.mark.parametrize("value", ["off", "", "0", "OFF"])
def test_off_turns_the_cache_off(value):
    assert cache_folder({CACHE_ENV: value}) is None


def test_the_folder_defaults_under_xdg_cache_home(tmp_path):
    assert cache_folder({"XDG_CACHE_HOME": str(tmp_path)}) == tmp_path / "abstract-pipeline"


def test_the_key_changes_with_overrides():
    assert cache_key(None) != cache_key({"components.linker.x": 1})


def test_a_first_build_is_cached_and_the_second_is_read(tmp_path):
    build, calls = counted_blank()
    _, first = cached_build(build, tmp_path, "k")
    nlp, second = cached_build(build, tmp_path, "k")
    assert (first, second, len(calls)) == ("built and cached", "cache", 1)
    assert [t.text for t in nlp("a b")] == ["a", "b"]


def test_no_folder_builds_every_time():
    build, calls = counted_blank()
    cached_build(build, None, "k")
    _, how = cached_build(build, None, "k")
    assert (how, len(calls)) == ("built, no cache", 2)


def test_a_new_key_drops_the_older_builds(tmp_path):
    build, _ = counted_blank()
    cached_build(build, tmp_path, "old")
    cached_build(build, tmp_path, "new")
    assert [p.name for p in tmp_path.iterdir()] == [cache_file(tmp_path, "new").name]


def test_a_corrupt_file_is_rebuilt_and_overwritten(tmp_path):
    build, calls = counted_blank()
    cache_file(tmp_path, "k").write_bytes(b"not a pickle")
    _, how = cached_build(build, tmp_path, "k")
    assert (how, len(calls)) == ("built and cached", 1)
    assert load_cached(cache_file(tmp_path, "k")) is not None


def test_a_pickle_of_something_else_is_not_a_pipeline(tmp_path):
    cache_file(tmp_path, "k").write_bytes(pickle.dumps({"a": 1}))
    assert load_cached(cache_file(tmp_path, "k")) is None


def test_a_file_others_can_write_is_not_read(tmp_path):
    build, _ = counted_blank()
    cached_build(build, tmp_path, "k")
    os.chmod(cache_file(tmp_path, "k"), 0o666)
    assert load_cached(cache_file(tmp_path, "k")) is None


def test_a_folder_others_can_write_is_not_trusted(tmp_path):
    build, _ = counted_blank()
    cached_build(build, tmp_path, "k")
    os.chmod(tmp_path, 0o777)
    assert load_cached(cache_file(tmp_path, "k")) is None


def test_a_folder_that_cannot_be_made_leaves_the_build_uncached(tmp_path):
    (tmp_path / "file").write_text("x")
    build, _ = counted_blank()
    nlp, how = cached_build(build, tmp_path / "file" / "cache", "k")
    assert how == "built" and nlp is not None


def test_the_cached_pipeline_extracts_what_the_built_one_does(tmp_path):
    from tests.conftest import SEED

    text = SEED.read_text(encoding="utf-8").split("\n\n")[1]
    built = build_nlp()
    cached_build(build_nlp, tmp_path, "k")
    read, how = cached_build(build_nlp, tmp_path, "k")
    assert how == "cache"
    a, b = built(text), read(text)
    assert [t.text for t in a] == [t.text for t in b]
    assert all(len(a.spans[g]) for g in ("methods", "metrics", "results"))
    for group in ("methods", "datasets", "metrics", "results"):
        assert [(s.start, s.end, s.label_) for s in a.spans[group]] == [
            (s.start, s.end, s.label_) for s in b.spans[group]
        ]
    assert a.user_data == b.user_data
