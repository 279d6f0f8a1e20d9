"""The metric_variants component: variants of known metrics by shape, on spacy.blank."""

import regex
import spacy
from spacy.tokens import Span

from pipeline.nlp import get_nlp
from pipeline.nlp.metric_variants import (
    DEFAULT_PATTERNS as PATTERNS,
)
from pipeline.nlp.metric_variants import (
    MetricVariants,
    averaged_spans,
    metric_families,
    top_k_heads,
    top_k_spans,
    variant_canonical,
)
from pipeline.resources import LexiconEntry, data_path, read_jsonl


def entries(*rows):
    return [LexiconEntry("METRIC", s, c, "test") for s, c in rows]


FAMILIES = metric_families(
    entries(("pass@1", "pass@1"), ("pass@k", "pass@k"), ("BLEU", "bleu"), ("ROUGE-L", "rouge-l"))
)


def test_a_hyphened_phrase_of_several_words_makes_no_dash_family():
    families = metric_families(entries(("real-time factor", "real-time factor")))
    assert "real-" not in families and families["real-time factor"] == "real-time factor"
    assert FAMILIES["ROUGE-"] == "*"


def test_a_cut_off_family_is_its_canonical_name_less_the_cut_off():
    assert FAMILIES["pass@"] == "pass"


def canonical(word):
    component = MetricVariants(spacy.blank("en"))
    component.initialize()
    return component.canonical(word)


def test_another_cut_off_of_a_known_family_is_a_metric_of_its_own():
    assert canonical("pass@5") == "pass@5"
    assert canonical("Hits@7") == "hits@7"
    assert canonical("R@7") == "recall@7"


def test_a_family_is_known_by_its_canonical_name_as_by_its_surfaces():
    assert canonical("precision@15") == "precision@15"  # the lexicon writes P@1, P@5, P@10
    assert canonical("recall@7") == "recall@7"


def test_a_caret_cut_off_of_a_known_family_is_a_metric_of_its_own():
    assert canonical("pass^4") == "pass^4"


def test_a_one_letter_lower_case_prefix_on_a_known_acronym_names_its_own_metric():
    assert canonical("rRMSE") == "rrmse"
    assert canonical("rFID") == "fid"  # a three-letter base takes a lower-case prefix only
    assert canonical("XFID") is None


def test_a_longer_lower_case_prefix_on_a_known_acronym_names_its_own_metric():
    assert canonical("cpWER") == "cpwer"
    assert canonical("tcpWER") == "tcpwer"
    assert canonical("cpGPT") is None


def test_a_one_letter_name_before_a_hyphen_makes_no_family():
    families = metric_families(entries(("G-measure", "g-measure")))
    assert "G-" not in families


def test_a_cut_off_range_stays_one_metric():
    assert canonical("mAP@0.5:0.95") == "map"


def test_an_order_suffix_on_a_known_metric_is_that_metric():
    rules = [regex.compile(r["regex"]) for r in read_jsonl(data_path(PATTERNS))]
    assert variant_canonical("BLEU-3", rules, FAMILIES) == "bleu"


def test_a_two_capital_suffix_on_a_known_metric_is_that_metric():
    assert canonical("PESQ-WB") == "pesq"
    assert canonical("GPT-4o") is None


def test_a_family_named_per_variant_keeps_the_variant():
    assert canonical("ROUGE-Lsum") == "rouge-lsum"


def test_a_letter_prefix_on_a_known_metric_acronym_names_its_own_metric():
    assert canonical("VRMSE") == "vrmse"
    assert canonical("ATLAS") is None  # LAS is too short a base to count
    assert canonical("XRAYS") is None


def test_unknown_bases_and_model_versions_are_no_metrics():
    assert canonical("GPT-4") is None
    assert canonical("Llama-3") is None
    assert canonical("XYZ@5") is None


def test_variant_canonical_is_a_pure_function():
    rules = [regex.compile(r"^(?P<base>[A-Za-z]+)@(?P<param>\d+)$")]
    assert variant_canonical("pass@9", rules, FAMILIES) == "pass@9"


def test_spans_join_the_lexicon_group_with_their_canonical_id():
    nlp = spacy.blank("en")
    nlp.add_pipe("metric_variants")
    nlp.initialize()
    doc = nlp("pass@5 rises")
    assert [(s.text, s.label_, s.id_) for s in doc.spans["lexicon"]] == [
        ("pass@5", "METRIC", "pass@5")
    ]


def test_bytes_round_trip_keeps_families():
    component = MetricVariants(spacy.blank("en"))
    component.initialize()
    other = MetricVariants(spacy.blank("en")).from_bytes(component.to_bytes())
    assert other.canonical("pass@5") == "pass@5"
    assert other.top_heads == component.top_heads == {"accuracy"}


def test_disk_round_trip_keeps_families(tmp_path):
    component = MetricVariants(spacy.blank("en"))
    component.initialize()
    component.to_disk(tmp_path / "mv")
    other = MetricVariants(spacy.blank("en")).from_disk(tmp_path / "mv")
    assert other.canonical("pass@7") == "pass@7"
    assert other.top_heads == {"accuracy"}


TOP_K = regex.compile(
    next(r["regex"] for r in read_jsonl(data_path(PATTERNS)) if r["kind"] == "top_k")
)


def test_top_k_heads_are_the_measures_with_top_k_variants_in_the_lexicon():
    rows = entries(
        ("top-5 accuracy", "top-5 accuracy"), ("top-1 error", "error rate"), ("F1", "f1")
    )
    assert top_k_heads(rows, TOP_K) == {"accuracy"}


def metric_spans(text, *measures):
    """The words of `text` and a METRIC span (canonical id) at each (start, end, id)."""
    doc = spacy.blank("en")(text)
    return [t.text for t in doc], {
        s: Span(doc, s, e, label="METRIC", span_id=c) for s, e, c in measures
    }


def test_a_top_k_cut_off_before_a_qualified_measure_makes_its_variant():
    words, metrics = metric_spans("improves Top-1 retrieval accuracy by 6%", (3, 4, "accuracy"))
    assert top_k_spans(words, metrics, TOP_K, frozenset({"accuracy"})) == [(1, 4, "top-1 accuracy")]


def test_a_top_k_cut_off_coordinated_with_a_variant_is_that_measure_alone():
    words, metrics = metric_spans("on top-1 and top-5 accuracy", (3, 5, "top-5 accuracy"))
    assert top_k_spans(words, metrics, TOP_K, frozenset({"accuracy"})) == [(1, 2, "top-1 accuracy")]


def test_a_top_k_cut_off_needs_a_measure_with_top_k_variants_soon_after():
    words, metrics = metric_spans("top-1 F1 and the top-3 of all models in BLEU", (1, 2, "f1"))
    assert top_k_spans(words, metrics, TOP_K, frozenset({"accuracy"})) == []


def test_calling_before_initialize_raises():
    import pytest

    from pipeline.errors import NotInitialized

    with pytest.raises(NotInitialized):
        MetricVariants(spacy.blank("en"))(spacy.blank("en")("x"))


def test_a_cut_off_glued_to_a_known_metric_acronym_names_its_own_metric():
    assert canonical("TPR01") == "tpr01"
    assert canonical("mAP50") == "map50"
    assert canonical("GPT4") is None  # GPT is no metric


def averaged(text):
    doc = get_nlp().make_doc(text)  # the pipeline's tokenizer keeps "F1-Score" one token
    metric = next(i for i, t in enumerate(doc) if t.text in ("F1-Score", "accuracy", "loss"))
    span = Span(doc, metric, metric + 1, label="METRIC", span_id="m")
    rule = next(r for r in read_jsonl(data_path(PATTERNS)) if r["kind"] == "averaging")
    got = averaged_spans(doc, [t.text for t in doc], [span], regex.compile(rule["regex"]), set())
    return [(s.text, s.id_) for s in got]


def test_an_averaging_word_before_a_known_metric_joins_its_mention():
    assert averaged("It improves macro F1-Score by 22 points.") == [("macro F1-Score", "m")]
    assert averaged("It reports micro-averaged accuracy.") == [("micro-averaged accuracy", "m")]


def test_an_averaging_word_right_after_a_known_metric_joins_its_mention():
    assert averaged("We achieve F1-Score macro scores of 0.79.") == [("F1-Score macro", "m")]


def test_a_weighting_word_before_a_loss_is_no_averaging():
    assert averaged("It uses a weighted loss function.") == []
