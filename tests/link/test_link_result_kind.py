"""pipeline.link.result_kind: which numbers are results, and their kind."""

from pipeline.link.context import build_context
from pipeline.link.result_kind import is_result_number, points_follow, result_kind
from pipeline.nlp import get_nlp


def make_doc(text):
    return get_nlp()(text)


def lexicon_tokens(doc, label):
    return {i for s in doc.spans["lexicon"] if s.label_ == label for i in range(s.start, s.end)}


def kinds(text):
    """number text -> kind, with the lexicon's metric hits as metric tokens."""
    doc = make_doc(text)
    ctx = build_context(doc)
    metric_tokens = lexicon_tokens(doc, "METRIC")
    return {n["text"]: result_kind(n, doc, ctx, metric_tokens) for n in doc._.numbers}


def accepted(text, name_tokens=frozenset()):
    """number text -> whether it reports a result."""
    doc = make_doc(text)
    ctx = build_context(doc)
    metric_tokens, dataset_tokens = lexicon_tokens(doc, "METRIC"), lexicon_tokens(doc, "DATASET")
    return {
        n["text"]: is_result_number(n, doc, ctx, metric_tokens, dataset_tokens, name_tokens)
        for n in doc._.numbers
    }


# result_kind


def test_times_and_fractions_are_ratios():
    assert kinds("It is 3.5x faster and needs 1/50th of the memory.") == {
        "3.5x": "ratio",
        "1/50th": "ratio",
    }


def test_points_are_a_change():
    assert kinds("It gains 2.3 points.") == {"2.3 points": "change"}


def test_end_of_a_transition_is_a_score():
    assert kinds("Accuracy rises from 41.0% to 58.5%.") == {"58.5%": "score"}


def test_signed_value_is_a_change():
    assert kinds("It reaches +1.8% there.") == {"+1.8%": "change"}


def test_plain_percent_is_a_score():
    assert kinds("It reaches 91.5% on the task.") == {"91.5%": "score"}


def test_unitless_value_after_outperforms_by_is_a_change():
    assert kinds("FooNet outperforms BarNet by 4 in total.") == {"4": "change"}


def test_bare_integers_and_magnitudes_are_counts():
    assert kinds("We use 1,200 tasks and 3B parameters.") == {"1,200": "count", "3B": "count"}


def test_integer_after_metric_of_is_a_score():
    assert kinds("It has an FID of 120 here.") == {"120": "score"}


def test_percent_of_a_reference_is_a_ratio():
    assert kinds("It cuts latency to 40% of baseline methods.") == {"40%": "ratio"}


def test_small_share_of_a_resource_is_a_ratio():
    assert kinds("It uses only 20% of the training data.") == {"20%": "ratio"}


def test_share_of_something_else_is_a_score():
    assert kinds("It uses only 20% of the layers.") == {"20%": "score"}


def test_change_cue_before_or_after_the_value_makes_a_change():
    assert kinds("It improves accuracy by 5%.") == {"5%": "change"}
    assert kinds("It yields 5% higher accuracy.") == {"5%": "change"}
    assert kinds("It improves by up to 5% overall.") == {"5%": "change"}


def test_up_to_before_a_metric_bounds_a_score():
    assert kinds("It reaches up to 74.33% F1 on the task.") == {"74.33%": "score"}


# is_result_number


def test_years_and_numbered_parts_are_not_results():
    assert accepted("In 2023, Table 12 and Section 150 show it.") == {
        "2023": False,
        "12": False,
        "150": False,
    }


def test_small_bare_integer_is_not_a_result_but_a_large_one_is():
    assert accepted("It took 12 GPUs over 1,500 steps.") == {"12": False, "1,500": True}


def test_small_bare_integer_before_a_metric_is_a_result():
    assert accepted("It reaches 20 BLEU here.") == {"20": True}


def test_small_integer_after_outperforms_by_is_a_result():
    assert accepted("FooNet outperforms BarNet by 4 in total.") == {"4": True}


def test_unitless_decimal_needs_a_metric_or_a_result_verb():
    assert accepted("The temperature is 0.7, and it wins.") == {"0.7": False}
    assert accepted("The accuracy is 0.64 here.") == {"0.64": True}
    assert accepted("It achieves 0.7 here.") == {"0.7": True}


def test_decimal_in_parentheses_after_a_name_is_a_result():
    assert accepted("GPT-5 (0.64) falls short.") == {"0.64": False}
    assert accepted("GPT-5 (0.64) falls short.", frozenset({0})) == {"0.64": True}


def test_signed_and_transition_values_are_always_results():
    assert accepted("The gain was +2.5 there.") == {"+2.5": True}
    assert accepted("The loss went from 3.1 to 2.5 there.") == {"2.5": True}


def test_points_follow_a_metric_after_the_value():
    doc = make_doc("FooNet beats BarNet by 4 WER points and by 4 WER today.")
    ctx = build_context(doc)
    metric_tokens = lexicon_tokens(doc, "METRIC")
    assert [t.text for t in doc][4:7] == ["4", "WER", "points"]
    assert points_follow(ctx, 5, metric_tokens)
    assert not points_follow(ctx, 10, metric_tokens)
    assert not points_follow(ctx, 6, metric_tokens)


def test_a_measured_quantity_with_a_physical_unit_is_a_result():
    got = accepted("It cuts energy use to 0.28 kWh and model size to 25 MB on 3 s clips.")
    assert got == {"0.28": True, "25": True, "3": False}


def test_a_size_in_a_physical_unit_is_a_score_not_a_count():
    assert kinds("It shrinks the model to 25 MB.")["25"] == "score"


def test_a_measured_quantity_after_to_and_a_filler_is_a_result():
    assert accepted("It cuts RAM usage by 97.1% to just 59 KB.")["59"]


def test_a_physical_unit_glued_to_its_number_counts_as_one_after_it():
    got = accepted("It cuts energy use to 0.28kWh and model size to 25MB on 3s clips.")
    assert got == {"0.28kWh": True, "25MB": True, "3s": False}
    assert kinds("It shrinks the model to 25MB.")["25MB"] == "score"


def test_by_after_a_verb_of_change_is_a_change():
    assert kinds("It decreases mean elapsed time by 100 s in total.")["100"] == "change"


def test_a_fraction_right_after_a_model_name_is_its_versions_not_a_share():
    doc = make_doc("Texts by LLaMa 2/3 and Orca solve 2/3 of the tasks.")
    ctx = build_context(doc)
    got = [is_result_number(n, doc, ctx, set(), set(), frozenset({2})) for n in doc._.numbers]
    assert got == [False, True]


def test_an_integer_after_a_sample_size_symbol_is_a_count():
    assert accepted("Cohorts receiving TI (n=51) or DBS (N = 55) were seen.") == {
        "51": True,
        "55": True,
    }
    assert kinds("a user study (n=12)")["12"] == "count"
    assert accepted("It sets k=5 and m=7 here.") == {"5": False, "7": False}
