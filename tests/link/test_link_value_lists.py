"""pipeline.link.value_lists: value lists and the equally long name lists they follow."""

import re

from pipeline.link.context import build_context
from pipeline.link.tags import ResultDraft, Tagged
from pipeline.link.value_lists import (
    continues_list,
    distribute,
    name_lists,
    units_written_once,
    value_lists,
)
from pipeline.nlp import get_nlp


def make_doc(text):
    return get_nlp()(text)


def lists_in(text):
    doc = make_doc(text)
    numbers = doc._.numbers
    return [[numbers[k]["text"] for k in run] for run in value_lists(numbers, doc.text)]


def number(start, end, unit=None, is_integer=False):
    return {"start": start, "end": end, "unit": unit, "is_integer": is_integer}


def test_comma_and_and_make_one_value_list():
    assert lists_in("Scores are 41.2, 18.7 and 38.3 overall.") == [["41.2", "18.7", "38.3"]]


def test_semicolons_and_or_continue_a_list():
    assert lists_in("Scores are 41.2; 18.7, or 3.3 overall.") == [["41.2", "18.7", "3.3"]]


def test_a_label_in_parentheses_may_stand_between_list_values():
    assert lists_in("It gains 22.3% (AUROC) and 13% (TPR01).") == [["22.3%", "13%"]]
    assert lists_in("It gains 22.3% (see 4) and 13% later.") == []


def test_one_or_two_words_may_stand_between_list_values():
    assert lists_in("It gets 41.2 BLEU and 18.7 overall.") == [["41.2", "18.7"]]
    assert lists_in("It gets 41.2 BLEU score and 18.7 overall.") == [["41.2", "18.7"]]
    assert lists_in("It gets 41.2 mean BLEU score and 18.7 overall.") == []


def test_a_measure_and_its_setting_may_stand_between_list_values():
    text = "It reaches 95.7 exact match on unseen pairs, 93.9 on shifted pairs and 62.5 on triples."
    assert lists_in(text) == [["95.7", "93.9", "62.5"]]


def test_values_with_different_units_are_not_a_list():
    assert lists_in("It gets 41.2% and 18.7 overall.") == []


def test_bare_integers_are_not_a_list_but_percentages_are():
    assert lists_in("It took 12 and 15 runs.") == []
    assert lists_in("It gains 12% and 15% overall.") == [["12%", "15%"]]


def test_changes_from_a_to_b_make_one_value_list_of_their_b_values():
    text = "Accuracy improves from 0.773 → 0.823, 0.757 → 0.809, and 0.801 → 0.839."
    assert lists_in(text) == [["0.823", "0.809", "0.839"]]


def test_continues_list_on_plain_arguments():
    text = "41.2, 18.7 vs 3.3"
    a, b, c = number(0, 4), number(6, 10), number(14, 17)
    assert continues_list(a, b, text)
    assert not continues_list(b, c, text)
    assert not continues_list(number(0, 4, "%"), b, text)


class Sentence:
    def __init__(self, text):
        self.doc = make_doc(text)
        self.ctx = build_context(self.doc)
        self.words = [t.text for t in self.doc]

    def tags(self, *words):
        out = []
        for w in words:
            i = self.words.index(w)
            out.append(Tagged(i, i + 1, self.ctx.sent_of[i], self.ctx.clause_of[i], w))
        return out

    def drafts(self):
        return [
            ResultDraft(n["start"], n["end"], n["value"], n["unit"], "score", None, None, 0)
            for n in self.doc._.numbers
        ]


def test_name_list_is_a_run_of_coordinated_mentions():
    s = Sentence("We report ROUGE-1, ROUGE-2 and ROUGE-L, then BLEU.")
    runs = name_lists(s.tags("ROUGE-1", "ROUGE-2", "ROUGE-L", "BLEU"), s.ctx.lowers, 0)
    assert [[m.name for m in run] for run in runs] == [["ROUGE-1", "ROUGE-2", "ROUGE-L"]]


def test_slash_joins_a_name_list():
    s = Sentence("We report ROUGE-1 / ROUGE-2 here.")
    runs = name_lists(s.tags("ROUGE-1", "ROUGE-2"), s.ctx.lowers, 0)
    assert [[m.name for m in run] for run in runs] == [["ROUGE-1", "ROUGE-2"]]


def test_name_list_is_within_one_sentence():
    s = Sentence("We report ROUGE-1 and ROUGE-2. BLEU is next.")
    assert name_lists(s.tags("ROUGE-1", "ROUGE-2"), s.ctx.lowers, 1) == []


def test_metric_list_is_distributed_over_an_equally_long_value_list():
    s = Sentence("We get ROUGE-1, ROUGE-2 and ROUGE-L scores of 41.2, 18.7 and 38.3.")
    drafts = s.drafts()
    distribute([0, 1, 2], drafts, s.ctx, s.tags("ROUGE-1", "ROUGE-2", "ROUGE-L"), [])
    assert [d.metric for d in drafts] == ["ROUGE-1", "ROUGE-2", "ROUGE-L"]


def test_lists_of_different_length_are_not_distributed():
    s = Sentence("We get ROUGE-1 and ROUGE-2 scores of 41.2, 18.7 and 38.3.")
    drafts = s.drafts()
    distribute([0, 1, 2], drafts, s.ctx, s.tags("ROUGE-1", "ROUGE-2"), [])
    assert [d.metric for d in drafts] == [None, None, None]


def test_datasets_are_distributed_with_respectively_or_right_after_the_values():
    s = Sentence("On CIFAR-10 and CIFAR-100 it gets 91.5% and 84.2%, respectively.")
    drafts = s.drafts()
    distribute([0, 1], drafts, s.ctx, [], s.tags("CIFAR-10", "CIFAR-100"))
    assert [d.dataset for d in drafts] == ["CIFAR-10", "CIFAR-100"]
    s = Sentence("It gets 91.5% and 84.2% on CIFAR-10 and CIFAR-100.")
    drafts = s.drafts()
    distribute([0, 1], drafts, s.ctx, [], s.tags("CIFAR-10", "CIFAR-100"))
    assert [d.dataset for d in drafts] == ["CIFAR-10", "CIFAR-100"]


def test_datasets_a_scene_lead_lists_are_distributed_without_respectively():
    s = Sentence("On CIFAR-10 and CIFAR-100 it gets 91.5% and 84.2%.")
    drafts = s.drafts()
    distribute([0, 1], drafts, s.ctx, [], s.tags("CIFAR-10", "CIFAR-100"))
    assert [d.dataset for d in drafts] == ["CIFAR-10", "CIFAR-100"]


def test_datasets_listed_as_a_subject_are_not_distributed_without_respectively():
    s = Sentence("CIFAR-10 and CIFAR-100 are hard, but it gets 91.5% and 84.2%.")
    drafts = s.drafts()
    distribute([0, 1], drafts, s.ctx, [], s.tags("CIFAR-10", "CIFAR-100"))
    assert [d.dataset for d in drafts] == [None, None]


def test_respectively_takes_the_datasets_named_in_turn_before_the_values():
    s = Sentence("It gets 0.7 on PURE and 0.6 on UBFC, and 97.3% and 97.5% respectively.")
    drafts = s.drafts()[2:]
    distribute([2, 3], drafts, s.ctx, [], s.tags("PURE", "UBFC"))
    assert [d.dataset for d in drafts] == ["PURE", "UBFC"]


def test_a_unit_written_once_after_a_list_is_every_members():
    doc = make_doc("It gains 2, 3 and 4% and 13 and 34 points; Tables 2 and 3 agree.")
    got = units_written_once(doc._.numbers, doc.text)
    assert [(n["text"], n["unit"]) for n in got] == [
        ("2", "%"), ("3", "%"), ("4%", "%"), ("13", "points"), ("34 points", "points"),
        ("2", None), ("3", None),
    ]  # fmt: skip


def test_methods_are_distributed_with_respectively():
    s = Sentence("FooNet and BarNet reach 31.3% and 29.1%, respectively.")
    drafts = s.drafts()
    distribute([0, 1], drafts, s.ctx, [], [], s.tags("FooNet", "BarNet"))
    assert [d.method for d in drafts] == ["FooNet", "BarNet"]


def test_name_list_before_the_values_is_preferred_to_one_after():
    s = Sentence("BLEU and ROUGE reach 41.2 and 18.7 over METEOR and CIDEr.")
    drafts = s.drafts()
    distribute([0, 1], drafts, s.ctx, s.tags("BLEU", "ROUGE", "METEOR", "CIDEr"), [])
    assert [d.metric for d in drafts] == ["BLEU", "ROUGE"]


def test_name_list_after_the_values_is_used_when_none_comes_before():
    s = Sentence("It reaches 41.2 and 18.7 in BLEU and ROUGE.")
    drafts = s.drafts()
    distribute([0, 1], drafts, s.ctx, s.tags("BLEU", "ROUGE"), [])
    assert [d.metric for d in drafts] == ["BLEU", "ROUGE"]


def test_values_each_with_a_short_owner_form_one_list():
    text = "Brier score of 0.134 for Gemini 3 Pro, 0.149 for GPT-5, and 0.179 for Llama-3."
    nums = [
        {"start": m.start(), "end": m.end(), "unit": None, "is_integer": False}
        for m in re.finditer(r"0\.\d+", text)
    ]
    assert value_lists(nums, text) == [[0, 1, 2]]


def test_an_owner_of_more_than_four_words_ends_the_list():
    text = "0.134 for the very large open model family, 0.149 for GPT-5"
    nums = [
        {"start": m.start(), "end": m.end(), "unit": None, "is_integer": False}
        for m in re.finditer(r"0\.\d+", text)
    ]
    assert value_lists(nums, text) == []
