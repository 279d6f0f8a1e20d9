"""pipeline.link.results: result drafts of a doc from hand-tagged metric, dataset and method
mentions (the entity stage is not involved)."""

from pipeline.api import extract_text
from pipeline.link.context import build_context
from pipeline.link.results import extract_results
from pipeline.link.tags import Tagged
from pipeline.nlp import get_nlp


class Sentence:
    def __init__(self, text):
        self.doc = get_nlp()(text)
        self.ctx = build_context(self.doc)
        self.words = [t.text for t in self.doc]

    def tags(self, *words, compared=False, instrument=False):
        """A tag for every occurrence of each one-token word."""
        ctx = self.ctx
        return [
            Tagged(i, i + 1, ctx.sent_of[i], ctx.clause_of[i], w, compared, instrument)
            for w in words
            for i, x in enumerate(self.words)
            if x == w
        ]

    def results(
        self, metrics=(), datasets=(), methods=(), main=None, taken=(), proposed=(), own=()
    ):
        """value text -> (kind, unit, metric, dataset, method, sentence)."""
        drafts = extract_results(
            self.doc,
            self.ctx,
            self.tags(*metrics),
            self.tags(*datasets),
            list(methods),
            main,
            list(taken),
            list(proposed),
            list(own),
        )
        return {
            self.doc.text[r.start : r.end]: (
                r.kind,
                r.unit,
                r.metric,
                r.dataset,
                r.method,
                r.sentence,
            )
            for r in drafts
        }


def test_result_carries_its_sentence_and_ignores_other_sentences_datasets():
    s = Sentence("We use WMT. Then it reaches 28.4%.")
    assert s.results(datasets=["WMT"]) == {"28.4%": ("score", "%", None, None, None, 1)}


def test_numbers_inside_taken_spans_are_skipped():
    s = Sentence("It uses 1,200 tasks and reaches 28.4%.")
    assert list(s.results(taken=[(8, 13)])) == ["28.4%"]


def test_both_ends_of_a_range_stand_together():
    s = Sentence("It uses 12 to 150 samples.")
    assert s.results() == {
        "12": ("count", None, None, None, None, 0),
        "150": ("count", None, None, None, None, 0),
    }


def test_both_ends_of_a_range_share_kind_and_links():
    s = Sentence("It gains 3.1% to 7.4% in BLEU on WMT.")
    got = s.results(metrics=["BLEU"], datasets=["WMT"])
    assert got["3.1%"] == got["7.4%"] == ("change", "%", "BLEU", "WMT", None, 0)


def test_a_value_list_shares_the_fate_of_its_first_value():
    assert Sentence("The rest is 18.7 here.").results() == {}
    got = Sentence("The scores are 41.2, 18.7 and 38.3 here.").results()
    assert list(got) == ["41.2", "18.7", "38.3"]


def test_metric_then_points_gives_the_points_unit():
    s = Sentence("FooNet beats BarNet by 4 WER points.")
    got = s.results(metrics=["WER"], methods=s.tags("FooNet"))
    assert got == {"4": ("change", "points", "WER", None, "FooNet", 0)}


def test_percent_of_a_method_is_a_ratio():
    s = Sentence("FooNet uses only 2% of BarNet parameters.")
    got = s.results(methods=s.tags("FooNet") + s.tags("BarNet", compared=True))
    assert got == {"2%": ("ratio", "%", None, None, "FooNet", 0)}


def test_count_has_no_metric_but_the_dataset_it_measures():
    s = Sentence("FooNet uses 1,200 tasks with BLEU on WMT.")
    got = s.results(metrics=["BLEU"], datasets=["WMT"], methods=s.tags("FooNet"))
    assert got == {"1,200": ("count", None, None, "WMT", "FooNet", 0)}


def test_count_before_the_datasets_it_includes_has_no_dataset():
    s = Sentence("FooNet uses 1,200 tasks including WMT and BLEU.")
    got = s.results(metrics=["BLEU"], datasets=["WMT"], methods=s.tags("FooNet"))
    assert got["1,200"][3] is None


def test_metric_right_after_the_value_beats_one_before():
    s = Sentence("With ROUGE it reaches 28.4 BLEU.")
    assert s.results(metrics=["ROUGE", "BLEU"])["28.4"][2] == "BLEU"


def test_main_method_is_the_default_owner():
    s = Sentence("It reaches 28.4% today.")
    assert s.results(main="QuillNet")["28.4%"][4] == "QuillNet"


def test_instruments_and_compared_methods_do_not_own_a_value():
    s = Sentence("It reaches 28.4% with Qwen.")
    got = s.results(methods=s.tags("Qwen", instrument=True), main="QuillNet")
    assert got["28.4%"][4] == "QuillNet"
    s = Sentence("It reaches 28.4% unlike Qwen.")
    got = s.results(methods=s.tags("Qwen", compared=True), main="QuillNet")
    assert got["28.4%"][4] == "QuillNet"


def test_method_of_the_sentence_beats_the_main_method():
    s = Sentence("FooNet reaches 28.4% in BLEU.")
    assert s.results(methods=s.tags("FooNet"), main="QuillNet")["28.4%"][4] == "FooNet"


def test_our_noun_gives_the_value_to_the_proposed_name_with_that_noun():
    s = Sentence("Our framework reaches 28.4% with Qwen.")
    got = s.results(
        methods=s.tags("Qwen"), main="QuickCheck", proposed=["QuickCheck", "Self-Audit Framework"]
    )
    assert got["28.4%"][4] == "Self-Audit Framework"


def test_our_noun_keeps_the_value_with_a_proposed_name_of_its_sentence():
    s = Sentence("Our method, RTNet yields 3.5% gains.")
    got = s.results(methods=s.tags("RTNet"), main="FuseNet", proposed=["FuseNet", "RTNet"])
    assert got["3.5%"][4] == "RTNet"


def test_count_describing_data_has_no_method():
    s = Sentence("The benchmark has 250 problems.")
    assert s.results(main="FooNet")["250"][4] is None
    s = Sentence("FooNet has 250 problems.")
    assert s.results(methods=s.tags("FooNet"), main="FooNet")["250"][4] == "FooNet"


def test_labelled_value_belongs_to_the_label():
    s = Sentence("FooNet reaches 51.1% (BarNet) today.")
    assert s.results(methods=s.tags("FooNet", "BarNet"))["51.1%"][4] == "BarNet"


def test_value_after_versus_belongs_to_the_compared_method():
    s = Sentence("FooNet matches BarNet on MRR (0.876 vs. 0.866).")
    got = s.results(metrics=["MRR"], methods=s.tags("FooNet") + s.tags("BarNet", compared=True))
    assert (got["0.876"][4], got["0.866"][4]) == ("FooNet", "BarNet")


def test_list_members_take_the_change_kind_of_the_first_value():
    s = Sentence("It brings a gain of 2.1%, 3.5% and 4.4% in BLEU.")
    got = s.results(metrics=["BLEU"])
    assert [got[t][0] for t in ("2.1%", "3.5%", "4.4%")] == ["change"] * 3


def test_a_colon_hands_the_metric_of_the_clause_it_closes_to_the_next():
    s = Sentence("It improves recall across all backbones: performance rises to 48.9%.")
    assert s.results(metrics=["recall"])["48.9%"][2] == "recall"


def test_without_a_colon_a_metric_of_another_clause_is_not_taken():
    s = Sentence("It improves recall across all backbones, while cost drops to 48.9%.")
    assert s.results(metrics=["recall"])["48.9%"][2] is None


def test_a_rivals_figure_in_parentheses_reports_the_measure_before_it():
    s = Sentence("FooNet gets an accuracy of 92.8%, outperforming BarNet (78.8%) and Baz (62.1%).")
    methods = s.tags("FooNet") + s.tags("BarNet", "Baz", compared=True)
    got = s.results(metrics=["accuracy"], methods=methods)
    assert [got[v][2] for v in ("92.8%", "78.8%", "62.1%")] == ["accuracy"] * 3


def test_a_figure_set_against_a_value_reports_its_measure():
    s = Sentence("FooNet reaches a recall of 40%, compared to 17.5% for the baseline.")
    assert s.results(metrics=["recall"])["17.5%"][2] == "recall"
    s = Sentence("FooNet reaches a recall of 40%, and then 17.5% stability for the baseline.")
    assert s.results(metrics=["recall"])["17.5%"][2] is None


def test_a_figure_continuing_a_value_reports_its_measure():
    s = Sentence("FooNet reaches a recall of 40%, and then 17.5% for the baseline.")
    assert s.results(metrics=["recall"])["17.5%"][2] == "recall"


def test_a_figure_joined_to_the_next_reports_the_measure_named_after_that_one():
    s = Sentence("FooNet attains 15.1% without search and 36.0% accuracy with rollout.")
    assert s.results(metrics=["accuracy"])["15.1%"][2] == "accuracy"
    s = Sentence("FooNet attains 15.1% recall without search and 36.0% accuracy with rollout.")
    assert s.results(metrics=["recall", "accuracy"])["15.1%"][2] == "recall"
    s = Sentence("FooNet attains 15.1% without search. BarNet gets 36.0% accuracy.")
    assert s.results(metrics=["accuracy"])["15.1%"][2] is None


def test_a_score_continuing_a_change_reports_its_measure():
    s = Sentence("FooNet shows an accuracy of up to 61% for one tier, and 72% for another.")
    assert s.results(metrics=["accuracy"])["72%"][2] == "accuracy"


def test_a_methods_figure_after_at_reports_the_measure_before_it():
    s = Sentence("FooNet gets the best accuracy of 74.2%, followed by BarNet at 64.1%.")
    methods = s.tags("FooNet") + s.tags("BarNet", compared=True)
    assert s.results(metrics=["accuracy"], methods=methods)["64.1%"][2] == "accuracy"


def test_a_change_right_after_a_transition_reports_its_measure():
    s = Sentence("The gain is large (MRR from 0.755 to 0.876, +15.9% with more pairs).")
    assert s.results(metrics=["MRR"])["+15.9%"][2] == "MRR"


def test_a_value_after_a_measure_and_a_comma_is_its_value():
    s = Sentence("FooNet gets 93.7% accuracy (AUROC, 0.91) in binary classification.")
    got = s.results(metrics=["accuracy", "AUROC"])
    assert got["0.91"][2] == "AUROC"


def test_a_range_after_by_is_a_range_of_changes():
    s = Sentence("It reduces memory usage by 76.64% to 79.84% overall.")
    got = s.results()
    assert got["76.64%"][0] == got["79.84%"][0] == "change"


def test_a_value_after_a_change_verb_and_to_is_the_level_reached():
    s = Sentence("Performance increases to 96.0% accuracy; it improves by up to 20% elsewhere.")
    got = s.results(metrics=["accuracy"])
    assert (got["96.0%"][0], got["20%"][0]) == ("score", "change")


def test_counts_material_needs_the_preposition_right_before_the_hedges():
    from pipeline.link.results import counts_material

    lows = ["trained", "on", "over", "100", "million", "spectra"]
    assert counts_material(lows, 3, 5)
    assert not counts_material(["we", "collect", "100", "spectra"], 2, 3)


def test_counts_material_leaves_model_sizes_alone():
    from pipeline.link.results import counts_material

    assert not counts_material(["with", "only", "10m", "trainable", "parameters"], 2, 3)


def test_the_dataset_refers_to_the_one_dataset_the_abstract_introduces():
    s = Sentence("We build Thiomi from Voice. The dataset contains over 601,000 annotations.")
    assert s.results(datasets=("Thiomi", "Voice"), own=("Thiomi",))["601,000"][3] == "Thiomi"


def test_the_dataset_refers_to_no_dataset_among_several_the_abstract_does_not_introduce():
    s = Sentence("We use Thiomi and Voice. The dataset contains over 601,000 annotations.")
    assert s.results(datasets=("Thiomi", "Voice"))["601,000"][3] is None


def test_it_with_a_composition_verb_refers_to_the_dataset_of_the_sentence_before():
    s = Sentence("We release Thiomi for speech. It comprises over 601,000 annotations.")
    assert s.results(datasets=("Thiomi",))["601,000"][3] == "Thiomi"


def test_it_refers_to_no_dataset_the_sentence_before_does_not_name():
    s = Sentence("We release Thiomi. Our model is small. It comprises over 601,000 weights.")
    assert s.results(datasets=("Thiomi",))["601,000"][3] is None


def test_a_count_glued_to_its_unit_before_a_dataset_name_sizes_that_dataset():
    s = Sentence("We test it on a 540-article Protests corpus.")
    assert s.results(datasets=("Protests",))["540"][3] == "Protests"


def test_a_count_after_a_dataset_and_a_providing_participle_is_the_dataset_s():
    s = Sentence("The benchmark has two parts: Foo, providing 17,021 captions.")
    assert s.results(datasets=("Foo",))["17,021"][3] == "Foo"


def test_a_figure_before_a_condition_continues_the_measure_of_the_one_before():
    text = (
        "Fine-tuning reduced word error rate to 15.8% with 1.4 hours of data, reached 10.7% "
        "with 22.5 hours, and achieved the best result of 9.7% when using all available data."
    )
    got = {r.text: r.metric for r in extract_text(text).results if r.unit == "%"}
    assert got == {
        "15.8%": "word error rate",
        "10.7%": "word error rate",
        "9.7%": "word error rate",
    }


def test_a_peak_of_a_decimal_is_a_reported_value():
    assert [r.text for r in extract_text("Pythia-1.4B reaches a peak of 0.705.").results] == [
        "0.705"
    ]


def test_a_measure_before_the_from_of_a_change_is_not_claimed_by_an_earlier_value():
    text = "It improves the Novelty from 0.1 to 0.4 and the Diversity from 0.24 to 0.55."
    got = {r.text: r.metric for r in extract_text(text).results}
    assert got == {"0.4": None, "0.55": "diversity"}


def test_a_value_whose_measure_word_follows_it_takes_no_earlier_metric():
    text = "It achieves an acceptance length of 5.92 and a 4.20x speedup on Qwen3-4B."
    got = {r.text: r.metric for r in extract_text(text).results}
    assert got == {"5.92": "acceptance length", "4.20x": None}


def test_a_count_in_a_later_clause_describes_the_dataset_an_appositive_introduces():
    text = (
        "We introduce AMNESIA, the first large-scale benchmark for medical unlearning, with "
        "70,560 question-answer pairs from 8,820 patient notes."
    )
    got = {r.text: r.dataset for r in extract_text(text).results}
    assert got == {"70,560": "AMNESIA", "8,820": "AMNESIA"}


def test_a_value_after_a_statistic_symbol_is_a_reported_value():
    text = (
        "Familiarity emerges as a candidate mediator (r=0.35), and orientation does not (r=-0.10)."
    )
    assert sorted(r.value for r in extract_text(text).results) == [-0.10, 0.35]


def test_a_value_after_a_changed_measure_and_to_is_the_level_reached():
    s = Sentence("TempNet improves accuracy to 41.2% and raises recall by 3% on COCO.")
    got = s.results(metrics=["accuracy", "recall"])
    assert (got["41.2%"][0], got["3%"][0]) == ("score", "change")
