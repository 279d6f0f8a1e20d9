"""Shared fixtures: the spaCy pipeline, paths, and a one-abstract extraction helper."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path

import pytest

from pipeline.nlp.build_cache import CACHE_ENV

if CACHE_ENV not in os.environ:  # the session and its subprocesses: a cache of their own
    os.environ[CACHE_ENV] = tempfile.mkdtemp(prefix="abstract-pipeline-cache-")
    atexit.register(shutil.rmtree, os.environ[CACHE_ENV], True)

from pipeline.io.ingest import InputItem
from pipeline.models import Record
from pipeline.nlp import get_nlp
from pipeline.record import extract_batch

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
SEED = ROOT / "seeds" / "iclr2026_abstracts.txt"


def shared_file(rel: str) -> Path:
    """A file under ../shared, or a skip that says what is missing."""
    path = SHARED / rel
    if not path.exists():
        pytest.skip(f"{path} not found: ../shared is not laid out beside this checkout")
    return path


@pytest.fixture(scope="session")
def nlp():
    return get_nlp()


def extract_text(text: str) -> Record:
    """Run the full extraction on one abstract string."""
    item = InputItem("inline.txt", "0" * 64, "text", 1, 1, text, start=0, end=len(text))
    (got,) = list(extract_batch([item], get_nlp()))
    assert isinstance(got, Record), got
    return got


def names(entities) -> dict[str, str]:
    """name -> role of extracted entities."""
    return {e.name: e.role for e in entities}


@pytest.fixture(scope="module")
def prefect_server(tmp_path_factory):
    """A temporary Prefect server for this module (first start takes up to ~30 s here)."""
    os.environ.pop("PREFECT_API_URL", None)
    os.environ["PREFECT_HOME"] = str(tmp_path_factory.mktemp("prefect_home"))
    from pipeline.run.prefect_env import configure

    configure()
    os.environ.pop("PREFECT_API_URL", None)  # never the developer's local server
    from prefect.testing.utilities import prefect_test_harness

    with prefect_test_harness(server_startup_timeout=180):
        yield
