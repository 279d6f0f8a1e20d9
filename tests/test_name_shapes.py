"""Title runs and line breaks: a heading on its own line does not run into the next name."""

from __future__ import annotations

from pipeline.nlp.names import _token_span, _with_cuts, heading_ends


def titles(nlp, text: str) -> list[str]:
    """The TITLE_SEQ spans the pipeline marks in `text`."""
    doc = nlp(text)
    return [s.text for s in doc.spans["names"] if s.label_ == "TITLE_SEQ"]


def test_a_heading_line_does_not_join_the_name_below_it(nlp):
    assert "Discussion AD-CDO" not in [
        s.text for s in nlp("Results held.\nDiscussion\nAD-CDO bridges the gap.").spans["names"]
    ]


def test_a_name_wrapped_over_two_lines_stays_one_run(nlp):
    # span texts are of the normalised text, where the line break is a space
    assert titles(nlp, "We use Big Bench\nHard Set here.") == ["Big Bench Hard Set"]


def test_without_line_breaks_runs_are_unchanged(nlp):
    assert titles(nlp, "We use Big Bench Hard Set here.") == ["Big Bench Hard Set"]


def test_heading_ends_needs_a_line_of_title_words_only():
    assert heading_ends(["T", "T", "x", "T"], (1,)) == (1,)
    assert heading_ends(["x", "T", "T", "T"], (2,)) == ()
    assert heading_ends(["T", "c", "T", "T"], (2,)) == ()  # the line ends on a connector
    assert heading_ends(["T", "T"], ()) == ()


def test_cuts_map_back_to_token_ranges():
    codes = ["T", "T", "T", "x", "T", "T"]
    marked = _with_cuts(codes, (1, 4))
    assert marked == "T|TTx|TT"
    assert _token_span((2, 4), (1, 4)) == (1, 3)
    assert _token_span((6, 8), (1, 4)) == (4, 6)
    assert _token_span((0, 1), (1, 4)) == (0, 1)


def test_a_dimension_word_joins_a_title_run(nlp):
    assert titles(nlp, "We use a Masked Augmenting 1D Continuous Tokenizer here.") == [
        "Masked Augmenting 1D Continuous Tokenizer"
    ]


def test_a_dimension_word_does_not_open_a_run(nlp):
    assert titles(nlp, "We use 3D Visual Grounding here.") == ["Visual Grounding"]


def test_capitals_and_a_digit_then_a_word_are_a_name_shape(nlp):
    doc = nlp("A method called CP4Gen beats T5Gemma here.")
    assert [s.text for s in doc.spans["names"] if s.label_ == "SHAPE"] == ["CP4Gen", "T5Gemma"]


def test_an_acronym_name_may_end_in_plus_signs(nlp):
    doc = nlp("We release BEA-Dialogue+ and the PPI++ estimator.")
    assert [s.text for s in doc.spans["names"] if s.label_ == "SHAPE"] == ["BEA-Dialogue+", "PPI++"]
