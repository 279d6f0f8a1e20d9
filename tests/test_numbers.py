"""Numeric expressions: values, units, transitions, ranges, and what is never a number."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipeline.nlp.numbers import find_numbers, parse_value


def one(text):
    (n,) = find_numbers(text)
    return n


@pytest.mark.parametrize(
    "text,value,unit",
    [
        ("reaches 75.70%", 75.70, "%"),
        ("a 6× speedup", 6, "x"),
        ("is 30x larger", 30, "x"),
        ("by 14.4 points", 14.4, "points"),
        ("75,000 molecules", 75000, None),
        ("100K edits", 100_000, None),
        ("72B-parameter models", 72e9, None),
        ("only 1/50th of", 0.02, None),
        ("models,10 × beyond", 10, "x"),
        ("a 3-fold gain", 3, "x"),
        ("by 2.5 pp", 2.5, "points"),
        ("reduces FLOPs by a factor of 17.5", 17.5, "x"),
    ],
)
def test_value_and_unit(text, value, unit):
    n = one(text)
    assert n.value == pytest.approx(value) and n.unit == unit


def test_a_factor_of_n_is_written_from_factor_on():
    assert one("speeds it up by a factor of roughly 3").text == "factor of roughly 3"


def test_a_range_of_decimals_without_unit_is_two_values():
    ns = find_numbers("correlations of 0.242-0.568 in all groups")
    assert [(n.value, n.range_low, n.range_high) for n in ns] == [
        (0.242, True, False),
        (0.568, False, True),
    ]


def test_a_range_of_integers_without_unit_is_no_range():
    assert [n.value for n in find_numbers("during 2020-2024 we")] == [2020]


def test_a_number_glued_to_a_capitalised_word_is_part_of_a_name():
    found = find_numbers("Gemini 2.5-Pro scores 3.65 on a 256-GPU cluster.")
    assert [n.text for n in found] == ["3.65", "256"]


def test_a_value_with_its_unit_before_a_hyphen_stays_a_value():
    assert [n.text for n in find_numbers("It reaches 85.2%-Acc overall.")] == ["85.2%"]


def test_a_named_factor_is_no_ratio():
    assert one("with a penalty factor of 2").unit is None


def test_from_to_is_one_result_with_from_value():
    n = one("soars from 50.33% to 75.70%")
    assert (n.value, n.from_value, n.text) == (75.70, 50.33, "75.70%")


def test_arrow_is_transition():
    n = one("(26.8% → 56.3%)")
    assert (n.value, n.from_value) == (56.3, 26.8)


def test_from_to_with_filler():
    assert one("fluctuates from 63% to just 4%").from_value == 63


def test_to_without_from_is_range():
    lo, hi = find_numbers("with 12.2% to 24.5% improvements")
    assert lo.range_low and hi.range_high and lo.from_value is None


def test_ranging_from_a_to_b_is_a_range_not_a_change():
    lo, hi = find_numbers("by factors ranging from 4.675 times to 10.751 times")
    assert (lo.value, lo.range_low, hi.value, hi.range_high) == (4.675, True, 10.751, True)
    assert hi.from_value is None
    lo, hi = find_numbers("Alpha ranged from 0.41 to 0.45.")
    assert lo.range_low and hi.range_high and hi.from_value is None
    assert one("rises from 41% to 45%").from_value == 41


def test_percent_then_points_is_the_points_unit():
    assert [(n.value, n.unit) for n in find_numbers("by 13.2% points and 2 % point")] == [
        (13.2, "points"),
        (2, "points"),
    ]
    assert [(n.value, n.unit) for n in find_numbers("45% points-wise")] == [(45, "%")]


def test_a_tilde_between_two_numbers_is_a_range_sharing_the_unit():
    lo, hi = find_numbers("it is 1.04~2.2× faster")
    assert (lo.value, lo.unit, lo.range_low) == (1.04, "x", True)
    assert (hi.value, hi.range_high) == (2.2, True)
    assert lo.from_value is None


def test_a_range_with_the_unit_on_both_ends_is_two_unsigned_values():
    for text in ("errors account for 52%-69% of failures", "for 52%–69% of failures"):
        lo, hi = find_numbers(text)
        assert (lo.text, lo.unit, lo.range_low) == ("52%", "%", True)
        assert (hi.text, hi.value, hi.range_high) == ("69%", 69.0, True)


def test_dash_range_shares_unit():
    lo, hi = find_numbers("gains of 3-5% overall")
    assert (lo.value, lo.unit, hi.value, hi.unit) == (3, "%", 5, "%")


@pytest.mark.parametrize(
    ("text", "unit"),
    [
        ("within 1-4pp of it", "points"),
        ("by 5-10 percentage points", "points"),
        ("50-250 times smaller", "x"),
        ("by 5.1-8.0 points", "points"),
    ],
)
def test_dash_range_with_a_points_or_times_unit(text, unit):
    lo, hi = find_numbers(text)
    assert (lo.range_low, hi.range_high, lo.unit, hi.unit) == (True, True, unit, unit)


@pytest.mark.parametrize(
    "text",
    [
        "GPT-4o and TPRU-7B",
        "ImageNet-1K",
        "FID-50K",
        "ImageNet 256x256",
        "top-5 accuracy",
        "2D and 3D graphs",
        "see [12]",
        "in (1) and (ii)",
        "$SE(3)$",
        "https://x.org/v2/10",
    ],
)
def test_numbers_inside_names_and_markup_are_ignored(text):
    assert find_numbers(text) == []


def test_parse_value():
    assert parse_value("75,000") == 75000
    assert parse_value("100", "K") == 100_000
    assert parse_value("1/50") == pytest.approx(0.02)


def test_digit_scan_finds_what_a_full_scan_finds():
    from pipeline.nlp.numbers import _NUMBER, _number_matches

    text = "GPT-4o got +9.3/+8.1 points, j+1 and A100 at 3-5% with 1/50th and -2.5 pp."
    assert [m.span() for m in _number_matches(text)] == [m.span() for m in _NUMBER.finditer(text)]


def test_leading_dot_decimal():
    n = one("a correlation of .72 with raters")
    assert (n.text, n.value) == (".72", 0.72)


def test_pre_tokenised_decimal_is_one_number():
    n = one("an accuracy of 71 . 8 % on SNLI")
    assert (n.text, n.value, n.unit) == ("71 . 8 %", 71.8, "%")


def test_slash_list_gives_each_value():
    nums = find_numbers("EM/F1 of 80.1/87.9% on SQuAD")
    assert [(n.text, n.value, n.unit) for n in nums] == [("80.1", 80.1, "%"), ("87.9%", 87.9, "%")]


def test_integer_slash_stays_a_fraction():
    assert one("only 3/4 of").value == pytest.approx(0.75)


@pytest.mark.parametrize("text", ["an accuracy of 89.3 ± 0.4", "89.3±0.4 accuracy"])
def test_spread_after_plus_minus_is_not_a_number(text):
    assert [n.value for n in find_numbers(text)] == [89.3]


def test_confidence_interval_is_masked():
    nums = find_numbers("(AUROC: 0.977, 95% CI [0.971, 0.982])")
    assert [n.value for n in nums] == [0.977]


def test_explicit_plus_sign_is_kept():
    n = one("gains +0.017 on Spanish")
    assert (n.value, n.signed) == (0.017, True)


@pytest.mark.parametrize("text,value", [("rated 3.79/4.0 by judges", 3.79), ("a 9.4/10 mark", 9.4)])
def test_score_out_of_a_scale_keeps_only_the_score(text, value):
    assert [n.value for n in find_numbers(text)] == [value]


def test_from_to_with_a_unit_word_between():
    n = one("reduces mean latency from 2.13 s to 0.67 s")
    assert (n.value, n.from_value) == (0.67, 2.13)


def test_enclosed_pair_is_a_transition():
    nums = find_numbers("by 50% on MultiWOZ (30.5 to 15.3%)")
    assert [(n.value, n.from_value) for n in nums] == [(50, None), (15.3, 30.5)]


def test_magnitude_word_scales_the_value():
    n = one("a dataset of 1.8 million transcripts")
    assert (n.text, n.value, n.has_magnitude) == ("1.8 million", 1.8e6, True)
    n = one("a 4-billion-parameter model")
    assert (n.text, n.value, n.has_magnitude) == ("4-billion", 4e9, True)


HUGE = "1" + "0" * 309  # past the float range: float(HUGE) is inf


@pytest.mark.parametrize(
    "text",
    [
        f"reaches {HUGE}% accuracy",
        f"on 9{'9' * 311}K images",
        f"on 1{'0' * 306}K images",  # finite digits, infinite once scaled by the magnitude
        f"on 1{'0' * 306} million images",
        f"a {HUGE}x speedup",
        f"gains -{HUGE}.5 points",
        f"a 1,{'000,' * 103}000 budget",
        "fails 1/0th of the time",  # a zero denominator: nan
    ],
)
def test_value_past_the_float_range_is_not_a_number(text):
    assert find_numbers(text) == []


def test_transition_from_a_value_past_the_float_range_keeps_no_from_value():
    n = one(f"improves from 1{'0' * 400}% to 95% on ImageNet")
    assert (n.text, n.value, n.from_value, n.from_start) == ("95%", 95, None, None)


@pytest.mark.parametrize("text", [f"gains of {HUGE}-5% overall", f"gains of 3-{HUGE}% overall"])
def test_range_with_an_end_past_the_float_range_is_dropped_whole(text):
    assert find_numbers(text) == []


def test_slash_list_drops_only_the_part_past_the_float_range():
    assert [n.value for n in find_numbers(f"F1 of 81.2/{HUGE}.5 on SQuAD")] == [81.2]


@settings(max_examples=60, deadline=None)
@given(
    digits=st.integers(min_value=1, max_value=700),
    lead=st.sampled_from("19"),
    tail=st.sampled_from(["", "%", "x", "K", "B", " million", " points", ".5%"]),
    sign=st.sampled_from(["", "-", "+"]),
)
def test_any_written_value_is_finite_or_absent(digits, lead, tail, sign):
    written = sign + lead * digits
    nums = find_numbers(f"from 2% to {written}{tail} accuracy and from {written}{tail} to 3%")
    assert all(math.isfinite(n.value) for n in nums)
    assert all(n.from_value is None or math.isfinite(n.from_value) for n in nums)
    assert nums[-1].value == 3 and nums[-1].text == "3%"
    scale = {"K": 1e3, "B": 1e9, " million": 1e6}.get(tail, 1)
    finite = math.isfinite(float(lead * digits) * scale)
    if finite:  # two transitions: 2% to the number, the number to 3%
        assert [n.from_value is not None for n in nums] == [True, True]
    else:  # the number is dropped both times: 2% and 3% stand alone
        assert [(n.text, n.from_value) for n in nums] == [("2%", None), ("3%", None)]


@pytest.mark.parametrize(
    "text,surface",
    [
        ("gains +2.7%p on MMLU", "+2.7%p"),
        ("gains +18.2pp over GPT-4", "+18.2pp"),
        ("gains 12 pp over GPT-4", "12 pp"),
        ("rises by 3.1 p.p. over", "3.1 p.p."),
        ("rises by 4 pct. pts over", "4 pct. pts"),
        ("rises by 4 pct pts over", "4 pct pts"),
        ("up 2.5pts over", "2.5pts"),
        ("by 5 percentage points", "5 percentage points"),
        ("a 53.3 percentage-point gain", "53.3 percentage-point"),
        ("by 5 percentage-points", "5 percentage-points"),
    ],
)
def test_percentage_points_in_every_written_form(text, surface):
    n = one(text)
    assert (n.text, n.unit) == (surface, "points")


@pytest.mark.parametrize(
    "text",
    [
        "improves it from 53.8% (raw agent) to 54.8%, while",
        "from 53.8% for baseline repair to 54.8% and",
    ],
)
def test_from_a_with_a_short_owner_to_b_is_one_transition(text):
    (n,) = find_numbers(text)
    assert (n.text, n.from_value) == ("54.8%", 53.8)


def test_parallel_transitions_pair_each_from_value_with_its_result():
    got = find_numbers("It cuts ASR from 29.4% and 43.4% to 8.4% and 6.2%, respectively.")
    assert [(n.value, n.from_value) for n in got] == [(8.4, 29.4), (6.2, 43.4)]


def test_unequal_lists_around_to_are_no_parallel_transition():
    got = find_numbers("It goes from 44.7% to 48.9% and 49.1% later.")
    assert [(n.value, n.from_value) for n in got] == [(48.9, 44.7), (49.1, None)]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("aligned with ISO/IEC 42001 controls", []),
        ("1.5x faster on an RTX 4090 GPU", ["1.5x"]),
        ("on CIFAR 100 and more", []),
        ("gives PPL 294 versus 300", ["294", "300"]),
    ],
)
def test_a_number_after_an_all_caps_name_is_part_of_it(text, found):
    assert [n.text for n in find_numbers(text)] == found


@pytest.mark.parametrize(
    "text",
    [
        "it rose from a baseline of 35.1% ± 3.1% to 92.3% ± 0.9% overall",
        "it rose from an accuracy of 35.1% to 92.3% overall",
    ],
)
def test_a_transition_from_a_named_baseline_with_a_spread(text):
    assert [(n.value, n.from_value) for n in find_numbers(text)] == [(92.3, 35.1)]


@pytest.mark.parametrize(
    "text,surface,value,glued",
    [
        ("latency of 0.17ms per query", "0.17ms", 0.17, "ms"),
        ("trains in 65s on one GPU", "65s", 65, "s"),
        ("drops to 2.5s", "2.5s", 2.5, "s"),
        ("needs only 10MBs of memory", "10MBs", 10, "MBs"),
        ("fits in 16GB", "16GB", 16, "GB"),
        ("a 12h budget", "12h", 12, "h"),
    ],
)
def test_a_unit_glued_to_its_number_is_part_of_it(text, surface, value, glued):
    n = one(text)
    assert (n.text, n.value, n.unit, n.glued_unit) == (surface, value, None, glued)


def test_a_glued_unit_is_no_magnitude():
    assert one("a 10MB file").value == 10 and one("10M tokens").value == 10_000_000


@pytest.mark.parametrize("text", ["since the 1950s", "100s to 1,000s of tasks", "10s of GPUs"])
def test_a_decade_or_a_round_plural_is_no_number_of_seconds(text):
    assert find_numbers(text) == []


@pytest.mark.parametrize("text", ["by up to 20pct", "by up to 20 pct."])
def test_pct_is_percent(text):
    assert (one(text).value, one(text).unit) == (20, "%")


def test_a_change_then_what_a_measure_reaches_in_its_own_unit_is_no_range():
    got = [(n.text, n.unit) for n in find_numbers("cuts RAM by 97.1% to just 59 KB")]
    assert got == [("97.1%", "%"), ("59", None)]


@pytest.mark.parametrize("text,value", [("of 25 077 images", 25077), ("1 130 test cases", 1130)])
def test_thousands_grouped_by_a_space_are_one_number(text, value):
    n = one(text)
    assert (n.value, n.grouped) == (value, True)


def test_a_list_of_numbers_is_no_thousands_grouping():
    assert [n.value for n in find_numbers("sizes 64 128 256 and")] == [64, 128, 256]
    assert [n.value for n in find_numbers("in 3 100-dim spaces")] == [3, 100]


def test_a_value_after_a_threshold_operator_is_no_result():
    assert [n.text for n in find_numbers("significant (p < 0.001) when n<=5")] == []


def test_an_operator_after_to_or_of_gives_a_level_reached():
    assert [n.text for n in find_numbers("narrowing the gap to <0.1% with an error of <2%")] == [
        "0.1%",
        "2%",
    ]


def test_an_ascii_arrow_is_a_transition_not_a_threshold():
    (n,) = find_numbers("the accuracy (0.84 -> 0.9), but")
    assert (n.value, n.from_value) == (0.9, 0.84)


def test_a_percent_glued_to_a_parenthesis_keeps_its_unit():
    assert [n.unit for n in find_numbers("a score of 81.58%(83.13% with it)")] == ["%", "%"]
    assert find_numbers("in Eq. 3(b) we") == []


def test_absolute_points_are_the_points_unit():
    (n,) = find_numbers("yielding up to +10.61 absolute points in 1-in-5 accuracy.")
    assert (n.value, n.unit) == (10.61, "points")
    assert [m.unit for m in find_numbers("gains of 3.2 absolute percentage points")] == ["points"]


def test_a_one_in_n_ratio_is_part_of_a_name():
    assert find_numbers("the 1-in-5 accuracy and 1-in-10 recall") == []
