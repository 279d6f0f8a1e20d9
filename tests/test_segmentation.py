"""Tokenizer and sentence boundaries for abstracts."""

import pytest


def tokens(nlp, text):
    return [t.text for t in nlp.make_doc(text)]


def sents(nlp, text):
    return [s.text for s in nlp(text).sents]


@pytest.mark.parametrize(
    "name",
    [
        "ImageNet-1K",
        "GPT-4o",
        "Kimi-VL-3B",
        "Qwen2.5-VL-7B-Instruct",
        "DataComp-medium",
        "Llama-3-8B",
        "FID-50K",
        "Gromov–Wasserstein",
    ],
)
def test_names_stay_one_token(nlp, name):
    assert name in tokens(nlp, f"We use {name} here.")


def test_trailing_full_stop_is_split(nlp):
    assert tokens(nlp, "up to 70B.")[-2:] == ["70B", "."]
    assert tokens(nlp, "and CocoChorales-E.")[-2:] == ["CocoChorales-E", "."]


def test_comma_between_word_and_number(nlp):
    assert tokens(nlp, "models,10 x")[:3] == ["models", ",", "10"]


def test_a_dimension_after_a_slash_is_split_from_the_name(nlp):
    assert tokens(nlp, "GTE-large/1024 and Qwen3-Embedding-8B/4096")[:3] == [
        "GTE-large",
        "/",
        "1024",
    ]
    assert tokens(nlp, "with Qwen3-Embedding-8B/4096")[1] == "Qwen3-Embedding-8B"


@pytest.mark.parametrize("name", ["ViT-L/14", "DiT-XL/2", "1/50"])
def test_a_patch_size_or_fraction_after_a_slash_stays(nlp, name):
    assert name in tokens(nlp, f"We use {name} here.")


def test_possessive_split(nlp):
    assert tokens(nlp, "Kimi-VL-3B's score")[:2] == ["Kimi-VL-3B", "'s"]


@pytest.mark.parametrize(
    "text",
    [
        "We use e.g. ImageNet and i.e. CIFAR-10 here.",
        "As in Smith et al. 2024 we train it.",
        "Accuracy rises to 50.33% on it.",
        "See Fig. 2 for the curve.",
        "Results hold vs. GPT-4 too.",
        "The U.S. data are used.",
        "An accuracy of 71 . 8 % on SNLI is reached .",
    ],
)
def test_no_false_sentence_split(nlp, text):
    assert len(sents(nlp, text)) == 1


def test_splits_after_period_before_capital(nlp):
    assert len(sents(nlp, "We propose FooNet. It works. Results improve!")) == 3


def test_splits_after_closing_bracket(nlp):
    assert len(sents(nlp, "It improves (by a lot.) Then it stops.")) == 2


def test_sentence_ending_in_a_number_still_splits(nlp):
    assert len(sents(nlp, "It was released in 2019. 72 teams joined.")) == 2


def test_equals_between_metric_and_value_is_split(nlp):
    assert tokens(nlp, "(F1=88.5)")[1:4] == ["F1", "=", "88.5"]
