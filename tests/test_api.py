"""Use as a library: `extract_text` and `extract_texts` on abstracts given as strings."""

from __future__ import annotations

import pytest

import pipeline
from pipeline import ErrorRecord, Record, RecordError, extract_text, extract_texts

ABSTRACT = (
    "We propose FooNet, a sparse transformer for image classification. "
    "FooNet reaches 91.2% top-1 accuracy on ImageNet, 1.3 points above ViT-B."
)


def test_readme_example():
    record = extract_text(ABSTRACT)
    assert isinstance(record, Record)
    assert record.methods[0].name == "FooNet"
    assert record.results[0].value == 91.2
    assert record.results[0].dataset == "ImageNet"
    assert record.text == ABSTRACT and record.source.path == "<text>"


def test_title_and_source_id_are_kept():
    record = extract_text(ABSTRACT, title="FooNet", source_id="paper-1")
    assert (record.title, record.source_id) == ("FooNet", "paper-1")


def test_same_record_as_a_file_run(tmp_path):
    src = tmp_path / "one.txt"
    src.write_text(f"header\n\n{ABSTRACT}\n", encoding="utf-8")
    pipeline.run_pipeline([src], tmp_path / "out", report=False)
    (line,) = (tmp_path / "out" / "records.jsonl").read_bytes().splitlines()
    from_file = Record.model_validate_json(line)
    got = extract_text(ABSTRACT)
    assert got.doc_id == from_file.doc_id
    assert got.model_dump(exclude={"source", "ordinal"}) == from_file.model_dump(
        exclude={"source", "ordinal"}
    )


def test_extract_text_raises_on_an_unusable_abstract():
    with pytest.raises(RecordError, match="empty abstract"):
        extract_text("   ")
    with pytest.raises(RecordError, match="over the limit"):
        extract_text(ABSTRACT, max_chars=20)


def test_extract_texts_streams_one_result_per_input():
    fed: list[int] = []

    def texts():
        for i, text in enumerate([ABSTRACT, "", "We introduce BarGAN."]):
            fed.append(i)
            yield text

    stream = extract_texts(texts())
    first = next(stream)
    assert isinstance(first, Record) and fed == [0]  # lazy: nothing read ahead
    rest = list(stream)
    assert [type(x) for x in rest] == [ErrorRecord, Record]
    assert (rest[0].ordinal, rest[0].stage, rest[0].reason) == (2, "ingest", "empty abstract")
    assert rest[1].ordinal == 3 and rest[1].methods[0].name == "BarGAN"
