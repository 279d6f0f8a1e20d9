"""pipeline.link.spans: "long (SHORT)" is one mention; a dataset mention keeps its head noun."""

from pipeline.link.spans import (
    Occupied,
    extend_with_head,
    extend_with_language,
    extend_with_version,
    merge_definitions,
)
from pipeline.nlp import get_nlp


def definitions(text):
    return get_nlp()(text)._.acronyms


def test_long_form_and_its_parenthesised_short_form_are_one_mention():
    text = "Sparse Mixture Routing (SMR) beats SMR."
    got = merge_definitions([(0, 22), (24, 27), (35, 38)], definitions(text), text)
    assert [text[s:e] for s, e in got] == ["Sparse Mixture Routing (SMR)", "SMR"]


def test_short_form_after_the_definition_stays_a_mention():
    text = "Sparse Mixture Routing (SMR) beats SMR."
    got = merge_definitions([(0, 22), (35, 38)], definitions(text), text)
    assert got == [(0, 28), (35, 38)]


def test_short_form_in_square_brackets_is_not_joined():
    text = "Sparse Mixture Routing [SMR] beats SMR."
    acronyms = [
        {
            "short": "SMR",
            "short_start": 24,
            "short_end": 27,
            "long": "Sparse Mixture Routing",
            "long_start": 0,
            "long_end": 22,
        }
    ]
    assert merge_definitions([(0, 22), (24, 27)], acronyms, text) == [(0, 22), (24, 27)]


def test_mention_that_is_not_a_long_form_is_kept_as_is():
    text = "FooNet (SMR) wins."
    assert merge_definitions([(0, 6)], [], text) == [(0, 6)]


def extended(text, name, extend=extend_with_head):
    """The text of `name`'s first mention after `extend` (the head noun by default)."""
    s = text.index(name)
    ((start, end),) = extend([(s, s + len(name))], text)
    return text[start:end]


def test_dataset_mention_extends_over_a_head_noun():
    assert extended("We train on the Europarl corpus today.", "Europarl") == "Europarl corpus"


def test_two_word_head_noun_is_taken_whole():
    text = "We test on the Foo data sets and the Bar test set."
    assert extended(text, "Foo") == "Foo data sets"
    assert extended(text, "Bar") == "Bar test set"


def test_head_noun_matches_any_case():
    assert extended("We train on the Qux Corpus today.", "Qux") == "Qux Corpus"


def test_head_noun_must_be_a_whole_separate_word():
    text = "We use Baz-corpus and Zed corpusX today."
    assert extended(text, "Baz") == "Baz"
    assert extended(text, "Zed") == "Zed"


def test_other_words_after_a_dataset_are_not_taken():
    assert extended("We train on the Europarl model today.", "Europarl") == "Europarl"


def test_a_language_right_before_a_dataset_mention_joins_it():
    text = "We use the Chinese PropBank and the PropBank."
    s = text.index("PropBank")
    t = text.rindex("PropBank")
    got = extend_with_language([(s, s + 8), (t, t + 8)], text)
    assert [text[a:b] for a, b in got] == ["Chinese PropBank", "PropBank"]


def versioned(text, name):
    return extended(text, name, extend_with_version)


def test_a_release_number_right_after_a_dataset_mention_joins_it():
    assert versioned("We parse PDTB 2.0 for both tasks.", "PDTB") == "PDTB 2.0"
    assert versioned("We read the FrameNet 1.5 release.", "FrameNet") == "FrameNet 1.5"
    assert versioned("Results on SQuAD v1.1.", "SQuAD") == "SQuAD v1.1"


def test_a_value_after_a_dataset_mention_is_no_release_number():
    assert versioned("It gains 2.5 points on MNLI 2.5 points more.", "MNLI") == "MNLI"
    assert versioned("It scores GSM8K 4.5% higher.", "GSM8K") == "GSM8K"
    assert versioned("It reaches MNLI 85.2 overall.", "MNLI") == "MNLI"
    assert versioned("It gains WMT14 2.1 BLEU.", "WMT14") == "WMT14"


def test_occupied_spans_answer_overlaps_by_position():
    taken = Occupied([(10, 20)])
    taken.add(30, 40)
    assert taken.overlaps(15, 35) and taken.overlaps(39, 50) and taken.overlaps(0, 11)
    assert not taken.overlaps(20, 30) and not taken.overlaps(0, 10) and not taken.overlaps(40, 45)
