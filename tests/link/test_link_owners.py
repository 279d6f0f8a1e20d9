"""pipeline.link.owners: the metric, dataset and method a value belongs to."""

from pipeline.link.context import build_context
from pipeline.link.owners import (
    clause_subject,
    dataset_right_after,
    describes_data,
    labelled_method,
    metric_right_after,
    nearest,
    own_method_noun,
    pronoun_subject,
    scene_dataset,
    subject_method,
    versus_method,
)
from pipeline.link.tags import ResultDraft, Tagged
from pipeline.nlp import get_nlp


class Sentence:
    """A processed sentence with helpers to tag its words and find its values."""

    def __init__(self, text):
        self.doc = get_nlp()(text)
        self.ctx = build_context(self.doc)
        self.words = [t.text for t in self.doc]

    def at(self, word, nth=0):
        return [i for i, w in enumerate(self.words) if w == word][nth]

    def tag(self, word, nth=0, *, compared=False):
        i = self.at(word, nth)
        ctx = self.ctx
        return Tagged(i, i + 1, ctx.sent_of[i], ctx.clause_of[i], word, compared=compared)

    def value(self, text):
        (n,) = [n for n in self.doc._.numbers if n["text"] == text]
        ti = self.ctx.token_at(n["start"])
        return ResultDraft(n["start"], n["end"], n["value"], n["unit"], "score", None, None, 0), ti


def item(start, end, name):
    return Tagged(start, end, 0, 1, name)


def test_nearest_prefers_the_closest_item_before():
    items = [item(2, 3, "a"), item(5, 6, "b"), item(9, 10, "c")]
    assert nearest(items, 8).name == "b"


def test_nearest_falls_back_to_the_first_item_after():
    assert nearest([item(9, 10, "c"), item(12, 13, "d")], 4).name == "c"
    assert nearest([], 4) is None


def test_nearest_takes_an_item_just_after_when_asked():
    items = [item(5, 6, "b"), item(9, 10, "c")]
    assert nearest(items, 8, prefer_after=1).name == "c"
    assert nearest(items, 7, prefer_after=1).name == "b"


def test_metric_written_right_after_the_value():
    s = Sentence("It reaches 28.4 BLEU and 0.76 selective F1 on the test.")
    bleu, f1 = s.tag("BLEU"), s.tag("F1")
    assert metric_right_after([bleu, f1], s.at("28.4") + 1, s.ctx.lowers) is bleu
    assert metric_right_after([bleu, f1], s.at("0.76") + 1, s.ctx.lowers) is f1


def test_metric_in_parentheses_right_after_the_value():
    s = Sentence("It gains 22.3% (AUROC) and 13% (TPR01) overall.")
    auroc, tpr = s.tag("AUROC"), s.tag("TPR01")
    assert metric_right_after([auroc, tpr], s.at("13%") + 1, s.ctx.lowers) is tpr


def test_metric_after_in_and_its_modifiers():
    s = Sentence("It gains 18.2 points in MRR and up to 9.4 points in answer accuracy.")
    mrr, acc = s.tag("MRR"), s.tag("accuracy")
    assert metric_right_after([mrr, acc], s.at("9.4") + 2, s.ctx.lowers) is acc
    assert metric_right_after([acc], s.at("18.2") + 2, s.ctx.lowers) is None  # too far


def test_metric_after_a_change_noun_and_in():
    s = Sentence("It gives a 35.56% reduction in WER overall.")
    wer = s.tag("WER")
    assert metric_right_after([wer], s.at("35.56%") + 1, s.ctx.lowers) is wer


def test_metric_after_a_value_list_and_in():
    s = Sentence("It gains 18.1% and 36.4% in WER overall.")
    wer = s.tag("WER")
    assert metric_right_after([wer], s.at("18.1%") + 1, s.ctx.lowers) is wer
    s = Sentence("It gains 18.1% for us in WER overall.")
    assert metric_right_after([s.tag("WER")], s.at("18.1%") + 1, s.ctx.lowers) is None


def test_metric_after_a_link_word_is_not_right_after():
    s = Sentence("It reaches 28.4 on BLEU today.")
    assert metric_right_after([s.tag("BLEU")], s.at("28.4") + 1, s.ctx.lowers) is None


def test_dataset_of_an_on_phrase_after_the_value():
    s = Sentence("It scores 65.4 on WikiText-2 and 70.1 on the large PTB set.")
    wiki, ptb = s.tag("WikiText-2"), s.tag("PTB")
    assert dataset_right_after([wiki, ptb], s.at("65.4") + 1, s.ctx) is wiki
    assert dataset_right_after([wiki, ptb], s.at("70.1") + 1, s.ctx) is ptb


def test_dataset_after_and_is_not_the_values():
    s = Sentence("It scores 65.4 and stays high on WikiText-2 today.")
    assert dataset_right_after([s.tag("WikiText-2")], s.at("65.4") + 1, s.ctx) is None


def test_dataset_of_a_fronted_on_clause():
    s = Sentence("On GSM8K, FooNet reaches 80%.")
    _, ti = s.value("80%")
    assert scene_dataset([s.tag("GSM8K")], s.doc, s.ctx, ti) == "GSM8K"


def test_fronted_clause_with_two_datasets_names_none():
    s = Sentence("On GSM8K and MATH, FooNet reaches 80%.")
    _, ti = s.value("80%")
    assert scene_dataset([s.tag("GSM8K"), s.tag("MATH")], s.doc, s.ctx, ti) is None


def test_earlier_clause_without_a_setting_preposition_is_no_scene():
    s = Sentence("Trained with GSM8K, FooNet reaches 80%.")
    _, ti = s.value("80%")
    assert scene_dataset([s.tag("GSM8K")], s.doc, s.ctx, ti) is None


def test_clause_describes_data_by_a_dataset_or_a_data_word():
    s = Sentence("It is a benchmark of 250 problems, and FooNet solves 40 of them.")
    assert describes_data(s.ctx, s.ctx.clause_of[s.at("250")], [])
    assert not describes_data(s.ctx, s.ctx.clause_of[s.at("40")], [])
    s = Sentence("GSM8K has 250 problems.")
    assert describes_data(s.ctx, 1, [s.tag("GSM8K")])


def test_method_opening_the_sentence_before_a_result_verb_is_its_subject():
    s = Sentence("Remarkably, FooNet reduces the error of BarNet to 10%.")
    own = [s.tag("FooNet"), s.tag("BarNet")]
    assert subject_method(s.ctx, 0, own).name == "FooNet"


def test_method_not_opening_the_sentence_is_no_subject():
    s = Sentence("We run FooNet and it reaches 10%.")
    assert subject_method(s.ctx, 0, [s.tag("FooNet")]) is None


def test_own_method_noun_of_the_sentence():
    assert own_method_noun(Sentence("Our framework cuts CHAIR by 40%.").ctx, 0) == "framework"
    assert own_method_noun(Sentence("The proposed model cuts it by 4%.").ctx, 0) == "proposed"
    assert own_method_noun(Sentence("The model cuts it by 4%.").ctx, 0) is None


def test_value_labelled_with_a_method_in_parentheses_or_after_for():
    s = Sentence("We compare FooNet and BarNet: accuracy is 51.1% (FooNet) and 53.2% for BarNet.")
    methods = [s.tag("FooNet", 1), s.tag("BarNet", 1)]
    assert labelled_method(s.ctx, s.value("51.1%")[0], methods) == "FooNet"
    assert labelled_method(s.ctx, s.value("53.2%")[0], methods) == "BarNet"


def test_value_in_parentheses_after_a_method_is_labelled_with_it():
    s = Sentence("FooNet wins, outperforming BarNet (76.7%) and others.")
    assert labelled_method(s.ctx, s.value("76.7%")[0], [s.tag("BarNet")]) == "BarNet"


def test_unlabelled_value_has_no_labelled_method():
    s = Sentence("FooNet reaches 76.7% accuracy.")
    assert labelled_method(s.ctx, s.value("76.7%")[0], [s.tag("FooNet")]) is None


def test_value_after_versus_belongs_to_the_only_compared_method():
    s = Sentence("The bi-encoder matches FooNet on MRR (0.876 vs. 0.866).")
    _, ti = s.value("0.866")
    assert versus_method(s.ctx, ti, 0, [s.tag("FooNet", compared=True)]) == "FooNet"
    _, ti = s.value("0.876")
    assert versus_method(s.ctx, ti, 0, [s.tag("FooNet", compared=True)]) is None


def test_versus_with_two_compared_methods_names_none():
    s = Sentence("It beats FooNet and BarNet on MRR (0.876 vs. 0.866).")
    _, ti = s.value("0.866")
    rivals = [s.tag("FooNet", compared=True), s.tag("BarNet", compared=True)]
    assert versus_method(s.ctx, ti, 0, rivals) is None


def test_method_before_a_result_verb_in_the_clause_is_its_subject():
    s = Sentence("FooNet gains 2%, while BarNet declines by 1%.")
    methods = [s.tag("FooNet"), s.tag("BarNet")]
    assert clause_subject(s.ctx, s.value("2%")[1], methods).name == "FooNet"
    assert clause_subject(s.ctx, s.value("1%")[1], methods).name == "BarNet"


def test_method_without_a_result_verb_is_no_clause_subject():
    s = Sentence("With FooNet the score is 2%.")
    assert clause_subject(s.ctx, s.value("2%")[1], [s.tag("FooNet")]) is None


def test_it_before_a_result_verb_stands_for_the_method_before_it():
    s = Sentence(
        "We validate realism with a model based on a fine-tuned UNetX. It achieves 97.1% accuracy."
    )
    _, ti = s.value("97.1%")
    assert pronoun_subject(s.ctx, ti, [s.tag("UNetX")]).name == "UNetX"


def test_it_prefers_the_subject_past_an_appositive_over_a_rival():
    s = Sentence(
        "FooLM, an open-source model, achieves results comparable to BarLM."
        " It achieved 89% accuracy."
    )
    _, ti = s.value("89%")
    assert pronoun_subject(s.ctx, ti, [s.tag("FooLM"), s.tag("BarLM")]).name == "FooLM"


def test_a_rival_after_to_is_not_what_it_stands_for():
    s = Sentence("Results are comparable to BarLM. It achieved 89% accuracy.")
    _, ti = s.value("89%")
    assert pronoun_subject(s.ctx, ti, [s.tag("BarLM")]) is None


def test_it_without_a_result_verb_stands_for_nothing():
    s = Sentence("We train FooLM. It is small, with 89% sparsity.")
    _, ti = s.value("89%")
    assert pronoun_subject(s.ctx, ti, [s.tag("FooLM")]) is None


def test_no_pronoun_no_owner():
    s = Sentence("We train FooLM. The model achieves 89% accuracy.")
    _, ti = s.value("89%")
    assert pronoun_subject(s.ctx, ti, [s.tag("FooLM")]) is None
