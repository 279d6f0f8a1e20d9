"""The record contract: schema drift, span validation, atomic writes."""

import pytest
from pydantic import ValidationError

from pipeline.io.emit import atomic_write
from pipeline.models import Record
from pipeline.schema import schema_texts
from tests.conftest import ROOT, extract_text


def test_committed_schemas_match_the_models():
    for name, text in schema_texts().items():
        committed = (ROOT / "schemas" / name).read_bytes()
        assert committed == text, f"schemas/{name} is stale: run `make schema`"


def test_record_rejects_a_span_that_is_not_the_source_slice():
    rec = extract_text("We propose FooNet. FooNet reaches 91.0% accuracy on CIFAR-10.")
    data = rec.model_dump()
    data["methods"][0]["mentions"][0]["start"] += 1
    with pytest.raises(ValidationError, match="span"):
        Record.model_validate(data)


def test_record_rejects_out_of_range_sentence():
    rec = extract_text("We propose FooNet. FooNet reaches 91.0% accuracy on CIFAR-10.")
    data = rec.model_dump()
    data["results"][0]["sentence"] = 99
    with pytest.raises(ValidationError, match="sentence index"):
        Record.model_validate(data)


def test_doc_id_is_stable_and_content_based():
    a = extract_text("We propose FooNet.")
    b = extract_text("We propose FooNet.")
    c = extract_text("We propose BarNet.")
    assert a.doc_id == b.doc_id != c.doc_id


def test_atomic_write_leaves_old_file_on_failure(tmp_path):
    target = tmp_path / "records.jsonl"
    target.write_bytes(b"old\n")

    def chunks():
        yield b"new partial\n"
        raise RuntimeError("crash mid-write")

    with pytest.raises(RuntimeError):
        atomic_write(target, chunks())
    assert target.read_bytes() == b"old\n"
    assert list(tmp_path.iterdir()) == [target]


def test_a_failing_abstract_becomes_an_error_not_a_lost_batch(monkeypatch):
    from pipeline import record as extract
    from pipeline.io.ingest import InputItem
    from pipeline.models import ErrorRecord
    from pipeline.nlp import get_nlp

    real = extract.build_record

    def flaky(item, doc):
        if "boom" in item.text:
            raise RuntimeError("extractor bug")
        return real(item, doc)

    monkeypatch.setattr(extract, "build_record", flaky)
    items = [
        InputItem("x.jsonl", "0" * 64, "jsonl", i, i, t)
        for i, t in enumerate(["We propose FooNet.", "boom", "On GSM8K we win."], start=1)
    ]
    got = list(extract.extract_batch(items, get_nlp()))
    assert [type(g).__name__ for g in got] == ["Record", "ErrorRecord", "Record"]
    err = got[1]
    assert isinstance(err, ErrorRecord) and err.stage == "extract" and err.line == 2
    assert "extractor bug" in err.reason


def test_public_surface():
    import pipeline

    for name in pipeline.__all__:
        assert getattr(pipeline, name) is not None
    assert issubclass(pipeline.RecordError, pipeline.InputError)
    assert issubclass(pipeline.InputError, pipeline.PipelineError)
