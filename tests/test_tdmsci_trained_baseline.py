"""`benchmarks/tdmsci_trained_baseline.py`: gold spans become entities, predictions file offsets."""

import sys
from pathlib import Path

import spacy

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from tdmsci_trained_baseline import entity_spans, predict_lines, train_docs  # noqa: E402


def test_gold_span_inside_a_token_widens_to_the_token() -> None:
    doc = spacy.blank("en").make_doc("We use WMT14 data.")
    (span,) = entity_spans(doc, {("DATASET", 7, 10)})
    assert (span.text, span.label_) == ("WMT14", "DATASET")


def test_overlapping_gold_spans_keep_the_first() -> None:
    doc = spacy.blank("en").make_doc("the Penn Treebank corpus")
    got = entity_spans(doc, {("DATASET", 4, 17), ("DATASET", 9, 24)})
    assert [s.text for s in got] == ["Penn Treebank"]


def test_dev_split_holds_the_fixed_number_of_sentences() -> None:
    sents = [(f"Sentence {i} on SQuAD.", set()) for i in range(250)]
    train_bin, dev_bin = train_docs(sents)
    assert (len(train_bin), len(dev_bin)) == (50, 200)


def test_predictions_are_offsets_into_the_whole_file() -> None:
    nlp = spacy.blank("en")
    ruler = nlp.add_pipe("entity_ruler")
    ruler.add_patterns(
        [{"label": "DATASET", "pattern": "SQuAD"}, {"label": "TASK", "pattern": "QA"}]
    )
    text = "First line.\n\nQA on SQuAD."
    got = predict_lines(nlp, text)
    assert got == {("DATASET", text.index("SQuAD"), text.index("SQuAD") + 5)}
