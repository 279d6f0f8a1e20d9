"""The pipeline as a spaCy user meets it: config, entry points, initialize, serialisation."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest
import spacy
from spacy import displacy
from spacy.lang.en import English
from spacy.tokens import DocBin

from pipeline.errors import NotInitialized
from pipeline.nlp import build_nlp
from pipeline.nlp.loader import CONFIG, load_config
from pipeline.nlp.names import NameShapes
from pipeline.nlp.tokenizer import doc_text, offset_map

TEXT = (
    "We propose \\textit{FooNet}, which reaches 71.8\\% accuracy on ImageNet "
    "and outperforms BERT (Devlin et al.) by 2.1 points."
)


def spans_of(doc) -> list[tuple[str, str, int, int]]:
    """Every span of every group, as plain tuples."""
    return sorted((key, s.label_, s.start, s.end) for key in doc.spans for s in doc.spans[key])


def run_fresh_python(code: str) -> str:
    """Run `code` in a new interpreter (nothing of `pipeline` imported) and return stdout."""
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_packaged_config_names_every_component():
    config = load_config()
    assert config["nlp"]["pipeline"] == list(config["components"])
    assert config["nlp"]["tokenizer"]["@tokenizers"] == "pipeline.abstract_tokenizer.v1"


def test_the_tokenizer_cache_holds_more_than_the_lexicon_patterns():
    # spaCy's default of 10,000 cached chunks is filled by the lexicon patterns at initialise
    size = build_nlp().tokenizer.max_cache_size
    assert size == load_config()["nlp"]["tokenizer"]["max_cache_size"] > 10_000
    assert build_nlp({"nlp.tokenizer.max_cache_size": 5}).tokenizer.max_cache_size == 5


def test_analyze_pipes_finds_no_problems():
    analysis = build_nlp().analyze_pipes()
    assert all(not problems for problems in analysis["problems"].values())


def test_assigns_are_declared():
    nlp = build_nlp()
    assigns = {name: nlp.get_pipe_meta(name).assigns for name in nlp.pipe_names}
    assert assigns["abstract_sentencizer"] == ["token.is_sent_start"]
    assert assigns["acronym_detector"] == ["doc._.acronyms"]
    assert assigns["number_finder"] == ["doc._.numbers"]
    assert assigns["abstract_linker"] == [
        "doc._.entities",
        "doc._.results",
        "doc.spans",
        "doc.ents",
    ]


def test_the_tokenizer_normalises_and_keeps_a_map_to_the_raw_text():
    doc = build_nlp()(TEXT)
    assert "FooNet" in [t.text for t in doc]
    start = doc_text(doc).index("71.8%")
    raw_start, raw_end = offset_map(doc).to_raw(start, start + len("71.8%"))
    assert TEXT[raw_start:raw_end] == "71.8\\%"


def test_a_saved_pipeline_loads_with_spacy_load_in_a_fresh_process(tmp_path):
    nlp = build_nlp()
    nlp.to_disk(tmp_path / "model")
    expected = spans_of(nlp(TEXT))
    out = run_fresh_python(
        f"""
        import spacy
        nlp = spacy.load({str(tmp_path / "model")!r})
        doc = nlp({TEXT!r})
        print(sorted((k, s.label_, s.start, s.end) for k in doc.spans for s in doc.spans[k]))
        """
    )
    assert out.strip() == str(expected)


def test_add_pipe_works_without_importing_the_package():
    out = run_fresh_python(
        """
        import spacy
        nlp = spacy.blank("en")
        nlp.add_pipe("name_shapes")
        nlp.initialize()
        doc = nlp("We compare FooNet with a baseline.")
        print([s.text for s in doc.spans["names"]])
        """
    )
    assert out.strip() == "['FooNet']"


def test_the_config_loads_without_importing_the_package():
    out = run_fresh_python(
        f"""
        import spacy
        config = spacy.util.load_config({str(CONFIG)!r})
        nlp = spacy.util.load_model_from_config(config, auto_fill=True)
        nlp.initialize()
        print(len(nlp("On ImageNet, FooNet reaches 71.8% top-1 accuracy.").spans["lexicon"]))
        """
    )
    assert int(out) >= 2


def test_nlp_to_bytes_round_trips():
    nlp = build_nlp()
    data = nlp.to_bytes()
    other = spacy.util.load_model_from_config(load_config(), auto_fill=True).from_bytes(data)
    assert spans_of(other(TEXT)) == spans_of(nlp(TEXT))


def test_name_shapes_disk_round_trip(tmp_path):
    nlp = English()
    shapes = NameShapes(nlp)
    shapes.initialize()
    shapes.to_disk(tmp_path)
    other = NameShapes(nlp).from_disk(tmp_path)
    assert other.rules == shapes.rules
    assert other.is_shape("FooNet") and not other.is_shape("model")


def test_a_component_called_before_initialize_says_so():
    nlp = English()
    with pytest.raises(NotInitialized, match=r"nlp\.initialize"):
        NameShapes(nlp)(nlp.make_doc("text"))


def test_config_overrides_change_the_data_files(tmp_path):
    lexicon = tmp_path / "extra.tsv"
    lexicon.write_text("surface\tcanonical\tsource\nZorblax\tZorblax\ttest\n", encoding="utf-8")
    key = "lexicons.files.DATASET"
    nlp = build_nlp({key: [str(lexicon)]})
    doc = nlp("We evaluate on Zorblax and ImageNet.")
    assert [s.text for s in doc.spans["lexicon"] if s.label_ == "DATASET"] == ["Zorblax"]


def test_the_doc_holds_the_whole_extraction():
    doc = build_nlp()(TEXT)
    names = {(e["category"], e["name"], e["role"]) for e in doc._.entities}
    assert ("method", "FooNet", "proposed") in names
    assert ("dataset", "ImageNet", "used") in names
    assert [r["value"] for r in doc._.results] == [71.8, 2.1]


def test_span_groups_and_ents_show_the_entities():
    doc = build_nlp()(TEXT)
    assert [s.text for s in doc.spans["methods"] if s.kb_id_ == "FooNet"] == ["FooNet"]
    assert [s.text for s in doc.spans["datasets"]] == ["ImageNet"]
    assert "METHOD" in {e.label_ for e in doc.ents}
    assert doc.spans["methods"][0]._.entity["role"] == "proposed"


def test_result_spans_lead_to_their_values():
    doc = build_nlp()(TEXT)
    first = doc.spans["results"][0]
    assert first.text == "71.8%"
    assert first._.result["metric"] == "accuracy"
    assert first._.result["dataset"] == "ImageNet"


def test_a_mention_inside_a_token_keeps_its_exact_offsets():
    doc = build_nlp()("We compare ViT-based detectors with FooNet on COCO.")
    vit = next(e for e in doc._.entities if e["name"] == "ViT")
    start, end, _ = vit["mentions"][0]
    assert doc.text[start:end] == "ViT"
    assert [s.text for s in doc.spans["methods"] if s.kb_id_ == "ViT"] == ["ViT-based"]


def test_displacy_renders_the_span_groups():
    doc = build_nlp()(TEXT)
    html = displacy.render(doc, style="span", options={"spans_key": "methods"})
    assert "FooNet" in html and "METHOD" in html


def test_docbin_keeps_the_extraction():
    nlp = build_nlp()
    doc = nlp(TEXT)
    (restored,) = DocBin(docs=[doc], store_user_data=True).get_docs(nlp.vocab)
    assert list(restored._.results) == doc._.results
    assert [s.text for s in restored.spans["results"]] == [s.text for s in doc.spans["results"]]
