"""The lexicons as span-ruler phrase patterns: case rules, plurals, canonical names."""

import re

import pytest
from spacy.lang.en import English

from pipeline.nlp import get_nlp
from pipeline.nlp.lexicon import (
    hyphen_variants,
    is_case_sensitive,
    lexicon_patterns,
    lexicon_spans,
    phrase_patterns,
    plural_variants,
    title_plural,
)
from pipeline.resources import DATA_DIR, LexiconEntry, data_path, read_lexicon, read_tsv


def test_case_sensitivity_rule():
    assert is_case_sensitive("BLEU") and is_case_sensitive("EM") and is_case_sensitive("Dice")
    assert not is_case_sensitive("word error rate")


def test_hyphen_variants_join_the_modifier_of_a_long_measure():
    assert hyphen_variants("false positive rate") == ["false-positive rate"]
    assert hyphen_variants("root mean square error") == [
        "root-mean square error",
        "root mean-square error",
        "root-mean-square error",
    ]


def test_hyphen_variants_leave_two_word_and_cased_measures():
    assert hyphen_variants("exact match") == [] and hyphen_variants("Word Error Rate") == []


def test_a_hyphened_long_measure_is_found():
    doc = get_nlp()("It measures the false-positive rate on held-out claims.")
    assert [(s.text, s.id_) for s in doc.spans["lexicon"]] == [
        ("false-positive rate", "false positive rate")
    ]


def test_plural_variants():
    assert plural_variants("success rate") == ["success rate", "success rates"]
    assert plural_variants("accuracy") == ["accuracy", "accuracies"]
    assert plural_variants("BLEU") == ["BLEU"]


def test_an_acronym_metric_gets_its_glued_plural():
    assert plural_variants("AUC", "METRIC") == ["AUC", "AUCs"]
    assert plural_variants("AUC", "DATASET") == ["AUC"]


def test_a_metric_ending_in_a_lower_case_word_gets_its_plural_unless_its_name_matches_alone():
    named = frozenset({"F1", "BLEU"})
    assert plural_variants("F1-score", "METRIC", named) == ["F1-score", "F1-scores"]
    assert plural_variants("Brier score", "METRIC", named) == ["Brier score", "Brier scores"]
    assert plural_variants("BLEU score", "METRIC", named) == ["BLEU score"]  # "BLEU" matches
    assert plural_variants("F1-score", "METHOD") == ["F1-score"]
    assert plural_variants("ROUGE-L", "METRIC") == ["ROUGE-L"]


def test_metric_surface_maps_to_canonical(nlp):
    doc = nlp("We report F1 scores and the word error rate.")
    got = {(s.text, s.label_, s.id_) for s in doc.spans["lexicon"]}
    assert ("F1 scores", "METRIC", "f1") in got
    assert ("word error rate", "METRIC", "word error rate") in got


def test_acronym_lexicon_is_case_sensitive(nlp):
    doc = nlp("the map of cities")
    assert not [s for s in doc.spans["lexicon"] if s.label_ == "METRIC"]


def test_a_stock_span_ruler_takes_the_patterns(tmp_path):
    nlp = English()
    ruler = nlp.add_pipe("span_ruler", config={"spans_key": "lexicon"})
    ruler.add_patterns(lexicon_patterns("exact", files={"DATASET": ["lexicons/datasets.tsv"]}))
    nlp.to_disk(tmp_path)
    other = English()
    other.add_pipe("span_ruler", config={"spans_key": "lexicon"})
    other.from_disk(tmp_path)
    doc = other("We evaluate on WebArena.")
    assert [(s.text, s.id_) for s in doc.spans["lexicon"]] == [("WebArena", "WebArena")]


def entry(surface: str, label: str = "METRIC", canonical: str = "x") -> LexiconEntry:
    return LexiconEntry(label, surface, canonical, "test")


def test_patterns_split_by_case_handling():
    entries = [entry("BLEU"), entry("word error rate")]
    assert [p["pattern"] for p in phrase_patterns(entries, "exact")] == ["BLEU", "BLEUs"]
    lower = [p["pattern"] for p in phrase_patterns(entries, "lower")]
    assert lower == ["word error rate", "word error rates", "word-error rate", "word-error rates"]


def test_a_title_case_method_name_has_its_regular_plural():
    assert title_plural("Random Forest") == "Random Forests"
    assert title_plural("Gaussian Process") == "Gaussian Processes"
    assert title_plural("Support Vector Machine") == "Support Vector Machines"


def test_one_word_lower_case_or_acronym_ended_names_have_no_title_plural():
    assert title_plural("Transformer") is None
    assert title_plural("random forest") is None
    assert title_plural("Gaussian NB") is None
    assert title_plural("Mixture of Experts") is None


def test_a_method_named_in_the_plural_is_named_as_written(nlp):
    doc = nlp("We compare Random Forests with our model.")
    hits = {(s.text, s.id_) for s in lexicon_spans(doc) if s.label_ == "METHOD"}
    assert ("Random Forests", "Random Forests") in hits


def test_the_first_canonical_of_a_surface_wins():
    entries = [entry("Dice", canonical="dice"), entry("Dice", canonical="other")]
    assert [p["id"] for p in phrase_patterns(entries, "exact")] == ["dice"]


def test_a_surface_that_normalisation_rewrites_is_left_out():
    assert phrase_patterns([entry("R²"), entry("CIFAR10  classification")], "exact") == []


def test_lexicon_spans_are_in_text_order_longest_first(nlp):
    doc = nlp("We report top-1 accuracy on ImageNet.")
    spans = lexicon_spans(doc)
    assert [s.text for s in spans][:2] == ["top-1 accuracy", "accuracy"]


@pytest.mark.parametrize("name", ["datasets", "methods", "metrics", "generic"])
def test_each_surface_is_listed_once(name):
    lines = (DATA_DIR / "lexicons" / f"{name}.tsv").read_text(encoding="utf-8").splitlines()[1:]
    surfaces = [line.split("\t")[0] for line in lines if line.strip()]
    assert sorted(s for s in set(surfaces) if surfaces.count(s) > 1) == []


CATALOGUES = ["catalogue_datasets.tsv", "catalogue_methods.tsv", "catalogue_metrics.tsv"]


@pytest.mark.parametrize("name", [*CATALOGUES, "places.tsv"])
def test_every_catalogue_row_names_its_package_version_and_file(name):
    rows = read_tsv(data_path(f"lexicons/{name}"))
    assert rows
    for row in rows:
        assert re.fullmatch(r"[a-z0-9-]+==[\w.]+:[\w./-]+", row["source"]), row


@pytest.mark.parametrize("name", CATALOGUES)
def test_catalogue_rows_say_how_they_may_match(name):
    assert {r["match"] for r in read_tsv(data_path(f"lexicons/{name}"))} == {"alone", "context"}


def test_context_rows_never_match_alone(tmp_path):
    path = tmp_path / "cat.tsv"
    rows = ["surface\tcanonical\tsource\tmatch", "DROP\tDROP\tx==1:a\tcontext"]
    path.write_text("\n".join([*rows, "HellaSwag\tHellaSwag\tx==1:b\talone", ""]))
    assert [e.surface for e in read_lexicon(path, "DATASET")] == ["HellaSwag"]


def test_a_catalogue_name_is_found_by_the_pipeline():
    doc = get_nlp()("We evaluate on the BLiMP suite and report accuracy.")
    assert ("BLiMP", "DATASET") in {(s.text, s.label_) for s in doc.spans["lexicon"]}


def test_lexicon_files_are_read_once_per_process_and_callers_get_their_own_list():
    from pipeline.nlp.lexicon import _read_entries, read_entries

    files, blocked = {"DATASET": ["lexicons/datasets.tsv"]}, ["lexicons/blocked_surfaces.tsv"]
    first = read_entries(files, blocked)
    hits = _read_entries.cache_info().hits
    first.clear()
    again = read_entries(files, blocked)
    assert again and _read_entries.cache_info().hits == hits + 1
