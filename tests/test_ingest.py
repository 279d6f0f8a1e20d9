"""Ingest: every format, and every kind of bad input ends up in errors with file and line."""

import orjson
import pytest

from pipeline.io.ingest import Fields, InputItem, discover, ingest, read_file
from pipeline.models import ErrorRecord
from tests.conftest import SEED

ABSTRACT = "We propose FooNet, a model. FooNet reaches 91.0% accuracy on CIFAR-10."


def write_jsonl(path, rows):
    path.write_bytes(b"".join(r if isinstance(r, bytes) else orjson.dumps(r) + b"\n" for r in rows))
    return path


def test_seed_has_19_abstracts_and_no_header():
    items, errors = ingest([SEED])
    assert len(items) == 19 and errors == []
    assert items[0].text.startswith("Multimodal Large Language Models")
    raw = SEED.read_text(encoding="utf-8")
    for item in items:
        assert raw[item.start : item.end] == item.text
        assert raw.splitlines()[item.line - 1].startswith(item.text[:30])


def test_jsonl_fields_and_configurable_names(tmp_path):
    p = write_jsonl(tmp_path / "a.jsonl", [{"paper": "p1", "name": "T", "summary": ABSTRACT}])
    items, errors = ingest([p], Fields(id="paper", title="name", abstract="summary"))
    assert errors == [] and items[0].source_id == "p1" and items[0].title == "T"


@pytest.mark.parametrize(
    "line,reason",
    [
        (b"{not json\n", "malformed JSON"),
        (b'{"id": "x"}\n', "missing field 'abstract'"),
        (b'{"id": "x", "abstract": "   "}\n', "empty abstract"),
        (b'{"id": "x", "abstract": 5}\n', "is not a string"),
        (b"[1, 2]\n", "not a JSON object"),
        (b'{"id": "x", "abstract": "caf\xe9"}\n', "invalid UTF-8"),
    ],
)
def test_bad_jsonl_lines_name_file_and_line(tmp_path, line, reason):
    p = write_jsonl(tmp_path / "b.jsonl", [{"id": "ok", "abstract": ABSTRACT}, line])
    items, errors = ingest([p])
    assert len(items) == 1
    (err,) = errors
    assert reason in err.reason and err.path == str(p) and err.line == 2 and err.ordinal == 2


def test_absurdly_long_abstract(tmp_path):
    p = write_jsonl(tmp_path / "c.jsonl", [{"id": "x", "abstract": "word " * 10_000}])
    items, errors = ingest([p], max_chars=20_000)
    assert items == [] and "over the limit" in errors[0].reason


def test_text_file_invalid_utf8_names_the_line(tmp_path):
    p = tmp_path / "s.txt"
    p.write_bytes(b"Header\n\nFirst abstract is fine.\n\nSecond one\nhas a bad byte \xff here.\n")
    items, errors = ingest([p])
    assert [i.text for i in items] == ["First abstract is fine."]
    assert errors[0].line == 6 and errors[0].reason == "invalid UTF-8"


def test_csv_with_quoted_newlines_and_bad_rows(tmp_path):
    p = tmp_path / "e.csv"
    p.write_bytes(
        b'id,title,abstract\n1,A,"Line one\nline two of it."\n2,B,\n3,C,"ok again",extra\n'
        b'4,D,"caf\xe9"\n'
    )
    items, errors = ingest([p])
    assert [(i.source_id, i.line) for i in items] == [("1", 2)]
    assert [(e.line, e.reason.split(":")[0]) for e in errors] == [
        (4, "empty abstract"),
        (5, "row has more cells than the header"),
        (6, "invalid UTF-8"),
    ]


def test_csv_without_abstract_column(tmp_path):
    p = tmp_path / "f.csv"
    p.write_text("id,title\n1,A\n", encoding="utf-8")
    items, errors = ingest([p])
    assert items == [] and "no 'abstract' column" in errors[0].reason


def test_folders_unknown_and_missing_paths(tmp_path):
    (tmp_path / "sub").mkdir()
    write_jsonl(tmp_path / "sub" / "a.jsonl", [{"id": "1", "abstract": ABSTRACT}])
    (tmp_path / "notes.md").write_text("x", encoding="utf-8")
    files, errors = discover([tmp_path, tmp_path / "notes.md", tmp_path / "gone.jsonl"])
    assert [f.name for f in files] == ["a.jsonl"]
    assert [e.reason for e in errors] == ["unsupported file type '.md'", "no such file or folder"]


def test_every_record_is_accounted_for(tmp_path):
    p = write_jsonl(
        tmp_path / "g.jsonl",
        [{"id": str(i), "abstract": ABSTRACT} for i in range(5)] + [b"oops\n", b'{"id": "z"}\n'],
    )
    got = list(read_file(p))
    assert sum(isinstance(g, InputItem) for g in got) == 5
    assert sum(isinstance(g, ErrorRecord) for g in got) == 2
    assert [g.ordinal for g in got] == list(range(1, 8))


def test_corpus_reads_cleanly():
    from tests.conftest import shared_file

    items, errors = ingest([shared_file("corpus/arxiv_cs_2025_2026.jsonl")])
    assert len(items) == 2104 and errors == []
