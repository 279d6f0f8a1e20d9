"""Schwartz-Hearst acronym detection, function by function."""

import pytest

from pipeline.nlp.acronyms import (
    best_long_form,
    find_acronyms,
    initials_long_form,
    is_short_form,
    max_long_words,
    repeated_letters,
    spelled_part,
    valid_pair,
)


@pytest.mark.parametrize(
    "text,ok",
    [
        ("RAG", True),
        ("MLLMs", True),
        ("SoFlow", True),
        ("e.g.", False),
        ("1B", False),
        ("3DGS", True),
        ("3D", False),
        ("a", False),
        ("lowercase", False),
        ("Damper-B-PINN", True),
        ("LCB-Pro-Dafny", True),
        ("ABCDEFGHIJKLMNOPQ", False),
        ("26.8%", False),
    ],
)
def test_is_short_form(text, ok):
    assert is_short_form(text) is ok


@pytest.mark.parametrize(
    "short,long,expected",
    [
        ("RAG", "While Retrieval-Augmented Generation", "Retrieval-Augmented Generation"),
        (
            "FGW",
            "the computationally expensive Fused Gromov–Wasserstein",
            "Fused Gromov–Wasserstein",
        ),
        ("SoFlow", "We present Solution Flow Models", "Solution Flow Models"),
        ("LTT", "and applies Learn then test", "Learn then test"),
        (
            "ABMS",
            "an additional backward denoising step and Monte-Carlo sampling",
            "additional backward denoising step and Monte-Carlo sampling",
        ),
    ],
)
def test_best_long_form(short, long, expected):
    start = best_long_form(short, long)
    assert start is not None and long[start:] == expected


@pytest.mark.parametrize(
    ("short", "long", "expected"),
    [
        ("TTN", "to train a Turing Test Network", "Turing Test Network"),
        ("PPO", "with Proximal Policy Optimization", "Proximal Policy Optimization"),
        ("AAO", "we propose Ambiguity Awareness Optimization", "Ambiguity Awareness Optimization"),
    ],
)
def test_initials_of_the_last_words_beat_two_letters_from_one_word(short, long, expected):
    start = best_long_form(short, long)
    assert start is not None and long[start:] == expected


def test_initials_long_form_needs_one_word_per_letter():
    assert initials_long_form("TTN", "a Test Network") is None
    assert initials_long_form("T5N", "Turing Test Network") is None
    assert initials_long_form("GNN", "graph neural network") == 0


@pytest.mark.parametrize(
    "short,expected",
    [("R2Q", "RRQ"), ("A2C", "AAC"), ("GR2", "GRR"), ("3DGS", "3DGS"), ("BERT", "BERT")],
)
def test_a_digit_after_a_letter_reads_as_that_letter_repeated(short, expected):
    assert repeated_letters(short) == expected


def test_best_long_form_reads_a_digit_as_a_repeated_letter_when_nothing_else_spells_it():
    long = "we propose Residual Refinement Quantization"
    assert long[best_long_form("R2Q", long) :] == "Residual Refinement Quantization"
    assert best_long_form("R2Q", "we propose Graph Quantization") is None


def test_best_long_form_none_when_letters_missing():
    assert best_long_form("XYZ", "graph neural network") is None


def test_first_letter_must_start_a_word():
    assert best_long_form("AB", "cab b") is None


def test_max_long_words():
    assert max_long_words("RL") == 4
    assert max_long_words("ABMS") == 8


def test_valid_pair_rejects_containing_short():
    assert not valid_pair("BERT", "BERT model")
    assert valid_pair("RL", "reinforcement learning")


def test_long_then_short(nlp):
    doc = nlp("We use Retrieval-Augmented Generation (RAG) here.")
    (a,) = find_acronyms(doc)
    assert (a.short, a.long) == ("RAG", "Retrieval-Augmented Generation")
    assert doc.text[a.long_start : a.long_end] == a.long
    assert doc.text[a.short_start : a.short_end] == "RAG"


@pytest.mark.parametrize(
    "short,spelled",
    [
        ("YOLOv8", "YOLO"),
        ("DINO-v2", "DINO"),
        ("RAG", "RAG"),
        ("Av2", "Av2"),
        ("GATv2", "GAT"),
        ("WAT2024", "WAT"),
        ("CoNLL-2003", "CoNLL"),
        ("TXIT, 2021", "TXIT, 2021"),
    ],
)
def test_spelled_part_drops_a_glued_version_or_year_when_two_capitals_remain(short, spelled):
    assert spelled_part(short) == spelled


def test_a_short_form_with_a_glued_version_is_defined_by_the_letters_before_it(nlp):
    doc = nlp("It stacks MobileNetV2, You Only Look Once (YOLOv8), and DenseNet201.")
    (a,) = find_acronyms(doc)
    assert (a.short, a.long) == ("YOLOv8", "You Only Look Once")


def test_short_then_long(nlp):
    doc = nlp("We introduce WALT (Web Agents that Learn Tools), a framework.")
    (a,) = find_acronyms(doc)
    assert (a.short, a.long) == ("WALT", "Web Agents that Learn Tools")


def test_parenthesised_numbers_are_not_acronyms(nlp):
    doc = nlp("It doubles F1 on MAESTRO-E (26.8% → 56.3%) and (i) improves.")
    assert find_acronyms(doc) == []


def test_long_form_stops_at_comma(nlp):
    doc = nlp("For data, models and learning (ML) we care.")
    assert all("," not in a.long for a in find_acronyms(doc))


def test_a_colon_after_the_closing_parenthesis_does_not_hide_the_definition():
    from pipeline.nlp import get_nlp

    doc = get_nlp()("We propose Probabilistic Confidence Selection And Ranking (PiCSAR): a method.")
    assert [(a["short"], a["long"]) for a in doc._.acronyms] == [
        ("PiCSAR", "Probabilistic Confidence Selection And Ranking")
    ]


def test_short_form_then_colon_then_its_long_form(nlp):
    text = "It introduces REDS: REward learning from Demonstration with Segmentations, a framework."
    (a,) = find_acronyms(nlp(text))
    assert (a.short, a.long) == ("REDS", "REward learning from Demonstration with Segmentations")


def test_short_form_then_an_article_then_its_long_form(nlp):
    text = "We introduce VAPT, the Value-Alignment Perception Toolkit, for studying values."
    (a,) = find_acronyms(nlp(text))
    assert (a.short, a.long) == ("VAPT", "Value-Alignment Perception Toolkit")


@pytest.mark.parametrize(
    "text,long",
    [
        (
            "We propose CALM, a joint Contextual Acoustic-Linguistic Modeling tool.",
            "Contextual Acoustic-Linguistic Modeling",
        ),
        (
            "We propose DART, i.e., Dynamic Attention-Guided Runtime Tracing, here.",
            "Dynamic Attention-Guided Runtime Tracing",
        ),
        (
            'We propose ASTRO, the "Autoregressive Search-Taught Reasoner", here.',
            "Autoregressive Search-Taught Reasoner",
        ),
    ],
)
def test_an_appositive_long_form_may_follow_an_adjective_a_quote_or_ie(nlp, text, long):
    (a,) = find_acronyms(nlp(text))
    assert a.long == long


def test_an_appositive_head_noun_and_preposition_open_no_long_form(nlp):
    text = "We propose FiVeD, a framework for Fine-grained Verification with Diagnostic cues."
    assert find_acronyms(nlp(text)) == []


def test_an_appositive_that_does_not_spell_the_short_form_or_runs_on_is_no_definition(nlp):
    assert find_acronyms(nlp("We use VAPT, the Toolkit for Studying Values, here.")) == []
    text = "We use UPA, an Unsupervised Prompt Agent For Many Large Diverse Tasks."
    assert find_acronyms(nlp(text)) == []


def test_a_heading_or_a_run_that_does_not_spell_the_short_form_is_no_colon_definition(nlp):
    doc = nlp("BACKGROUND: The effect is unclear. We propose MIMO: a simple fix for retrieval.")
    assert find_acronyms(doc) == []


@pytest.mark.parametrize(
    "short,long,expected",
    [
        (
            "ADR",
            "we propose Atomic Decomposition and Recombination",
            "Atomic Decomposition and Recombination",
        ),
        (
            "RLVR",
            "Reinforcement Learning with Verifiable Rewards",
            "Reinforcement Learning with Verifiable Rewards",
        ),
        ("TTN", "the Turing Test Network", "Turing Test Network"),
    ],
)
def test_initials_may_pass_over_function_words_but_never_start_on_one(short, long, expected):
    start = best_long_form(short, long)
    assert start is not None and long[start:] == expected


def test_long_form_comma_named_short(nlp):
    doc = nlp("We propose Dual-Layer Generative Adversarial Networks, named DLGAN, for series.")
    (a,) = find_acronyms(doc)
    assert (a.short, a.long) == ("DLGAN", "Dual-Layer Generative Adversarial Networks")


def test_a_naming_verb_without_a_comma_defines_no_acronym(nlp):
    assert find_acronyms(nlp("The model named DLGAN by Dual-Layer authors works.")) == []
