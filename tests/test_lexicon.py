"""The lexicon ruler: case rules, plurals, canonical names, disk round trip."""

import pytest
from spacy.lang.en import English

from pipeline.nlp.lexicon import LexiconRuler, is_case_sensitive, plural_variants
from pipeline.resources import DATA_DIR


def test_case_sensitivity_rule():
    assert is_case_sensitive("BLEU") and is_case_sensitive("EM") and is_case_sensitive("Dice")
    assert not is_case_sensitive("word error rate")


def test_plural_variants():
    assert plural_variants("success rate") == ["success rate", "success rates"]
    assert plural_variants("accuracy") == ["accuracy", "accuracies"]
    assert plural_variants("BLEU") == ["BLEU"]


def test_metric_surface_maps_to_canonical(nlp):
    doc = nlp("We report F1 scores and the word error rate.")
    got = {(s.text, s.label_, s.kb_id_) for s in doc.spans["lexicon"]}
    assert ("F1 scores", "METRIC", "f1") in got
    assert ("word error rate", "METRIC", "word error rate") in got


def test_acronym_lexicon_is_case_sensitive(nlp):
    doc = nlp("the map of cities")
    assert not [s for s in doc.spans["lexicon"] if s.label_ == "METRIC"]


def test_to_disk_from_disk_round_trip(tmp_path):
    nlp = English()
    ruler = LexiconRuler(nlp)
    ruler.initialize(files={"DATASET": ["lexicons/datasets.tsv"]}, blocked=[])
    ruler.to_disk(tmp_path)
    other = LexiconRuler(nlp).from_disk(tmp_path)
    assert other.entries == ruler.entries
    doc = other(nlp.make_doc("We evaluate on WebArena."))
    assert [s.text for s in doc.spans["lexicon"]] == ["WebArena"]


@pytest.mark.parametrize("name", ["datasets", "methods", "metrics", "generic"])
def test_each_surface_is_listed_once(name):
    lines = (DATA_DIR / "lexicons" / f"{name}.tsv").read_text(encoding="utf-8").splitlines()[1:]
    surfaces = [line.split("\t")[0] for line in lines if line.strip()]
    assert sorted(s for s in set(surfaces) if surfaces.count(s) > 1) == []
