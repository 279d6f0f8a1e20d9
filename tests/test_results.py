"""Results on hand-written sentences: which numbers, their kind and what they belong to."""

import pytest

from tests.conftest import extract_text


def results(text):
    return {r.text: r for r in extract_text(text).results}


def test_a_value_list_goes_on_over_the_numbers_of_its_labels():
    rs = results("We reach an F1 of 0.79 for Subtask 1, 0.46 for Subtask 2 and 0.47 for Subtask 3.")
    assert [(t, r.metric) for t, r in rs.items()] == [(v, "f1") for v in ("0.79", "0.46", "0.47")]


def test_a_value_list_may_label_each_value_and_then_name_its_owner():
    text = "It scores 0.7901 (English) and 0.7910 (Swahili) for Subtask 1, 0.4615 (English) on F1."
    assert list(results(text)) == ["0.7901", "0.7910", "0.4615"]


def test_a_count_in_a_value_list_takes_no_measure_from_a_score():
    rs = results("The model needs 12.5 GFLOPs and 3.2M parameters.")
    assert (rs["12.5"].metric, rs["3.2M"].kind, rs["3.2M"].metric) == ("flops", "count", None)


def test_from_to_score_with_links():
    rs = results("We propose QuillLM. On GSM8K, the accuracy of QuillLM rises from 41.0% to 58.5%.")
    r = rs["58.5%"]
    assert (r.kind, r.from_value, r.metric, r.dataset, r.method) == (
        "score",
        41.0,
        "accuracy",
        "GSM8K",
        "QuillLM",
    )
    assert r.from_span.text == "41.0%"
    assert "41.0%" not in rs


def test_change_by_points_and_percent():
    rs = results("We present TideNet. TideNet improves BLEU by 2.3 points and cuts latency by 35%.")
    assert (rs["2.3 points"].kind, rs["2.3 points"].metric) == ("change", "bleu")
    assert (rs["35%"].kind, rs["35%"].metric) == ("change", "latency")


def test_ratio_and_count():
    rs = results("We introduce KiteRL. KiteRL trains 4.2x faster on 1,200 tasks and 3B parameters.")
    assert rs["4.2x"].kind == "ratio"
    assert rs["1,200"].kind == "count" and rs["1,200"].value == 1200
    assert rs["3B"].value == 3e9 and rs["3B"].kind == "count"


def test_percent_of_resource_is_ratio():
    rs = results("We propose LeanRL. It matches PPO while using only 20% of the training data.")
    assert rs["20%"].kind == "ratio"


def test_range_gives_two_results_of_one_kind():
    rs = results("We present VoxFormer, with 3.1% to 7.4% accuracy gains on LibriSpeech.")
    assert rs["3.1%"].kind == rs["7.4%"].kind == "change"
    assert rs["3.1%"].dataset == rs["7.4%"].dataset == "LibriSpeech"


@pytest.mark.parametrize(
    "text",
    [
        "In 2024, GPT-4o and TPRU-7B were released.",
        "We study three tasks and a 2-layer network (Section 4).",
        "Our code is at https://github.com/x/y2025 and in Table 3.",
        "Llama-3-8B on ImageNet-1K at 256x256 with FID-50K.",
    ],
)
def test_not_results(text):
    assert extract_text(text).results == []


def test_baseline_in_sentence_is_not_the_method():
    rs = results("We propose HaloNet. HaloNet reaches 88.1% accuracy, surpassing ResNet-50.")
    assert rs["88.1%"].method == "HaloNet"


def test_default_method_is_the_proposed_one():
    rs = results("We introduce GlowRank, a ranking model. The index handles 250,000 queries.")
    assert rs["250,000"].method == "GlowRank"


def test_metric_in_another_clause_is_not_attached():
    rs = results(
        "We propose SwiftKV. It stays within 1% of the baseline, while using 4x less memory usage."
    )
    assert rs["1%"].metric is None
    assert rs["4x"].metric == "memory usage"


def test_result_text_is_raw_slice():
    raw = r"We propose ZetaNet. ZetaNet reaches $91.2\%$ accuracy and is 3$\times$ faster."
    r = extract_text(raw)
    for res in r.results:
        assert raw[res.start : res.end] == res.text
    assert {res.value for res in r.results} == {91.2, 3.0}


def test_unitless_score_after_performance_verb_or_beside_a_dataset():
    rs = results("We propose KelpNet. KelpNet achieves 41.3 on SQuAD and obtains 0.87 overall.")
    assert rs["41.3"].kind == "score" and rs["41.3"].dataset == "SQuAD"
    assert "0.87" in rs


def test_unitless_decimal_without_context_is_not_a_result():
    assert extract_text("The learning rate is 0.001 and the temperature 0.7.").results == []


def test_only_dataset_of_the_sentence_is_attached_across_clauses():
    rs = results("We propose KelpNet, evaluated on SQuAD, and it improves accuracy by 2.1%.")
    assert rs["2.1%"].dataset == "SQuAD"


def test_word_units_and_signs():
    rs = results(
        "We propose TideNet. It gains 8.1 percentage points, is 38 times faster, cuts "
        "cost by 30 percent and loses -3.2 pp elsewhere."
    )
    assert (rs["8.1 percentage points"].unit, rs["8.1 percentage points"].kind) == (
        "points",
        "change",
    )
    assert (rs["38 times"].unit, rs["38 times"].kind) == ("x", "ratio")
    assert rs["30 percent"].unit == "%" and rs["-3.2 pp"].value == -3.2


def test_metric_points_after_a_range():
    rs = results("We propose TideNet. TideNet beats Whisper by 3 to 4 WER points.")
    assert rs["3"].unit == rs["4"].unit == "points"
    assert rs["3"].metric == rs["4"].metric == "word error rate"


def test_followed_by_is_not_a_change_and_percent_of_baseline_is_a_ratio():
    rs = results(
        "FooLM reaches the best accuracy of 74.2%, followed by BarLM at 64.0%. "
        "It cuts latency to 40% of baseline methods."
    )
    assert rs["64.0%"].kind == "score"
    assert rs["40%"].kind == "ratio"


def test_measured_integer_is_a_score_not_a_count():
    rs = results("We propose ARTL, reaching a Calinski-Harabasz index of 11,196.")
    assert rs["11,196"].kind == "score"


def test_our_framework_owns_the_number_over_a_backbone():
    rs = results(
        "We propose the Self-Check Framework. Our framework cuts CHAIR by 65.6% with LLaVA-1.5."
    )
    assert rs["65.6%"].method == "Self-Check Framework"


def test_instruments_do_not_own_the_result():
    rs = results(
        "We propose ZapNet. Clustering with ZapNet using UMAP yields a silhouette "
        "coefficient of 0.81, and ZapNet with Qwen2.5-7B gains 12%."
    )
    assert rs["0.81"].method == "ZapNet" and rs["12%"].method == "ZapNet"


def test_method_named_in_parentheses_after_the_number():
    rs = results("We compare FooNet and BarNet: accuracy is 51.1% (FooNet) and 53.2% (BarNet).")
    assert rs["51.1%"].method == "FooNet" and rs["53.2%"].method == "BarNet"


def test_our_framework_picks_the_proposed_framework():
    rs = results(
        "We propose Quick Check and the Self-Audit Framework. Our framework lowers "
        "CHAIR by 40% with LLaVA-1.5."
    )
    assert rs["40%"].method == "Self-Audit Framework"


def test_metric_after_and_belongs_to_the_next_number():
    rs = results("We report an exact match score of 80.1 and F1 of 87.9 on SQuAD v1.1.")
    assert (rs["80.1"].metric, rs["87.9"].metric) == ("exact match", "f1")
    assert rs["87.9"].dataset == "SQuAD v1.1"


def test_number_on_dataset_takes_that_dataset():
    rs = results(
        "The model yields a perplexity of 23.7 on the Penn Treebank and 65.4 on WikiText-2."
    )
    assert (rs["23.7"].dataset, rs["65.4"].dataset) == ("Penn Treebank", "WikiText-2")


def test_value_list_follows_metric_list_in_order():
    rs = results("We achieve ROUGE-1, ROUGE-2 and ROUGE-L scores of 41.2, 18.7 and 38.3.")
    assert [rs[t].metric for t in ("41.2", "18.7", "38.3")] == ["rouge-1", "rouge-2", "rouge-l"]


def test_respectively_distributes_datasets():
    rs = results(
        "Our model reaches 91.5% and 84.2% accuracy on CIFAR-10 and CIFAR-100, respectively."
    )
    assert (rs["91.5%"].dataset, rs["84.2%"].dataset) == ("CIFAR-10", "CIFAR-100")


def test_without_respectively_a_dataset_list_right_after_the_values_is_distributed():
    rs = results("Our model reaches 91.5% and 84.2% accuracy on CIFAR-10 and CIFAR-100.")
    assert (rs["91.5%"].dataset, rs["84.2%"].dataset) == ("CIFAR-10", "CIFAR-100")


def test_colon_label_joins_metric_and_value():
    rs = results("Our detector outperforms the baseline (AUROC: 0.977, 95% CI [0.97, 0.98]).")
    assert set(rs) == {"0.977"} and rs["0.977"].metric == "auroc"


def test_signed_gain_is_a_change():
    rs = results("Fine-tuning helps four of five languages (+0.017 Spanish, +0.033 Catalan).")
    assert {t: r.kind for t, r in rs.items()} == {"+0.017": "change", "+0.033": "change"}


def test_equals_sign_inside_a_token_is_split():
    rs = results("It achieves a new state of the art (F1=88.5) on SQuAD.")
    assert (rs["88.5"].metric, rs["88.5"].dataset) == ("f1", "SQuAD")


def test_knowledge_metric_is_not_blocked_by_another_corpus():
    r = extract_text("The method obtains an error rate of 1.69% on CIFAR-10.")
    assert [m.name for m in r.metrics] == ["error rate"]
    assert r.results[0].metric == "error rate"


def test_name_with_equals_value_is_a_measure_not_a_method():
    r = extract_text("At 10 warehouses it reaches tpmC=130, compared to 128 for PostgreSQL.")
    assert "tpmC" not in {m.name for m in r.methods}


def test_adjective_between_number_and_metric():
    rs = results(
        "It achieves 84.4% selective accuracy and 0.76 selective Macro-F1 at 72% coverage."
    )
    assert (rs["84.4%"].metric, rs["0.76"].metric) == ("accuracy", "f1")


def test_change_noun_between_number_and_metric():
    rs = results(
        "Our model achieves a 35.56% reduction in character error rate (CER) and a "
        "29.66% reduction in word error rate (WER) on IAM-OnDB."
    )
    assert rs["29.66%"].metric == "word error rate"


def test_sentence_subject_owns_the_result():
    rs = results(
        "We propose ConfLVLM. Remarkably, ConfLVLM reduces the error rate of claims "
        "generated by LLaVa-1.5 from 87.8% to 10.0%."
    )
    assert rs["10.0%"].method == "ConfLVLM"


def test_bracketed_method_qualifies_the_one_before():
    rs = results("For Llama-8B (LoRA) trained on TrojanStego prompts, recovery rises to 30%.")
    assert rs["30%"].method == "Llama-8B"


def test_count_describing_a_benchmark_has_no_method():
    rs = results(
        "We present AxDafny. We also introduce DafnyBench-Pro, a benchmark of 250 problems."
    )
    assert rs["250"].method is None


def test_small_integer_after_outperforms_by_is_a_change():
    rs = results("We propose FooNet. FooNet outperforms AdapterFusion by 4 points in accuracy.")
    assert rs["4 points"].kind == "change"
    rs = results("We propose FooNet. FooNet outperforms AdapterFusion by 4 in multi-tasking.")
    assert rs["4"].kind == "change"


def test_from_to_without_a_verb_is_a_result():
    rs = results("It increases user satisfaction from 3.16 to 4.04.")
    assert (rs["4.04"].value, rs["4.04"].from_value) == (4.04, 3.16)


def test_parenthesised_decimal_after_a_method_is_its_score():
    rs = results("Even state-of-the-art models such as GPT-5 (0.64) fall short of baselines.")
    assert rs["0.64"].method == "GPT-5"


def test_score_word_before_a_bare_decimal():
    rs = results("The system achieves an end-to-end performance of 0.56 on the task.")
    assert "0.56" in rs


def test_measure_named_after_the_value():
    r = extract_text("On DafnyBench, AxDafny achieves 92.7% verification success.")
    assert [m.name for m in r.metrics] == ["verification success"]
    assert r.results[0].metric == "verification success"


def test_measure_named_before_a_change_noun_after_the_value():
    rs = results("Our agent achieves a 14,700x reliability improvement over single agents.")
    assert rs["14,700x"].metric == "reliability"


def test_qualifiers_before_a_changed_measure_are_no_part_of_its_name():
    rs = results("FooNet yields a 3x relative tracking reliability improvement on drones.")
    assert rs["3x"].metric == "tracking reliability"


def test_a_vague_noun_before_a_change_noun_is_no_measure():
    rs = results("FooNet shows 25% capability degradation and 24% performance gains.")
    assert (rs["25%"].metric, rs["24%"].metric) == (None, None)


def test_the_plain_words_a_change_noun_governs_name_the_measure():
    rs = results("FooSim yields a 5.25% improvement in average cut-in distance on highways.")
    assert (rs["5.25%"].kind, rs["5.25%"].metric) == ("change", "cut-in distance")


def test_an_enhancement_is_a_change_of_what_it_governs():
    rs = results("FooSim achieves a 27.12% enhancement in average collision interval time.")
    assert (rs["27.12%"].kind, rs["27.12%"].metric) == ("change", "collision interval time")


def test_a_change_noun_governing_a_modifier_or_one_word_names_no_measure():
    rs = results("FooNet gives a 20% increase in training and a 3% drop in users.")
    assert (rs["20%"].metric, rs["3%"].metric) == (None, None)


def test_a_factor_before_a_change_noun_names_no_measure():
    rs = results("A single FooTok token achieves up to a 3000x reduction in prompt length.")
    assert (rs["3000x"].kind, rs["3000x"].metric) == ("ratio", None)


def test_g_measure_and_r_squared_are_measures():
    rs = results("Models reach a G-measure of 77%. The fit has R^2 = 0.88 on held-out plots.")
    assert (rs["77%"].metric, rs["0.88"].metric) == ("g-measure", "r squared")


def test_the_quantity_after_fewer_or_less_is_the_measure():
    rs = results("PithTrain needs up to 62% fewer Agent Turns and 64% less Active GPU Time.")
    assert (rs["62%"].metric, rs["64%"].metric) == ("agent turns", "active gpu time")


def test_a_modifier_or_an_amount_of_data_after_less_is_no_measure():
    rs = results("It uses 5.17x less data than our baseline and is 30% less accurate.")
    assert (rs["5.17x"].metric, rs["30%"].metric) == (None, None)


def test_a_margin_after_a_comparison_takes_the_measure_named_before_it():
    rs = results("Our method achieves an IoU of 62.5% on X-350k, outperforming SOTA ones by 5.1%.")
    assert rs["5.1%"].metric == "iou"


def test_more_than_before_a_margin_is_no_comparison():
    rs = results(
        "FooNet reaches an accuracy of 94.8%, higher than SVM (90.2%), with computation time"
        " reduced by more than 55%."
    )
    assert rs["55%"].metric != "accuracy"


def test_a_metric_after_another_value_is_that_values():
    rs = results("Compared to KT, KUL-KT trains 1.75x faster and uses 99.01% less memory.")
    assert (rs["1.75x"].metric, rs["99.01%"].metric) == (None, "memory usage")


def test_a_metric_after_a_value_list_is_the_lists():
    rs = results("PathReasoning outperforms ROI selection by 6.7% and 3.1% of AUROC on two tasks.")
    assert (rs["6.7%"].metric, rs["3.1%"].metric) == ("auroc", "auroc")


def test_a_title_case_measure_name_drops_its_article():
    rs = results("The Adaptive Attack Rate exceeds the best baseline by +9.1 percentage points.")
    assert rs["+9.1 percentage points"].metric == "adaptive attack rate"


def test_top_k_accuracy_is_a_metric_of_its_own():
    rs = results("It reaches 81.2% top-2 accuracy and a Top-10 accuracy of 95% on X.")
    assert (rs["81.2%"].metric, rs["95%"].metric) == ("top-2 accuracy", "top-10 accuracy")


def test_a_greek_letter_glued_to_its_value_names_the_measure():
    rs = results(r"Widths and errors correlate (Spearman's $\rho=0.242-0.568$, all $p<0.001$).")
    assert (rs["0.242"].metric, rs["0.568"].metric) == ("spearman correlation",) * 2


def test_a_count_of_a_named_dataset_carries_it():
    rs = results("TouchSafeBench contains 2,940 indoor episodes. HarmBench (416) is used.")
    assert (rs["2,940"].dataset, rs["416"].dataset) == ("TouchSafeBench", "HarmBench")


def test_a_count_before_the_datasets_it_includes_carries_none():
    rs = results("We simulate 1,436 scenarios including HarmBench (416) and XSTest (450).")
    assert rs["1,436"].dataset is None


def test_a_count_in_the_appositive_of_a_dataset_carries_it():
    rs = results("We introduce FooBench, a benchmark of 41 scenarios spanning 258 rounds.")
    assert rs["258"].dataset == "FooBench"


def test_a_count_whose_own_phrase_a_data_noun_heads_carries_the_appositive_dataset():
    rs = results("We present FooBench, a balanced 5,000-sample benchmark with 1,000 examples.")
    assert (rs["5,000"].dataset, rs["1,000"].dataset) == ("FooBench", "FooBench")


def test_a_count_in_the_appositive_of_a_scene_dataset_carries_none():
    rs = results("On FooBench, a 700-question stress benchmark, it reaches 81.45% accuracy.")
    assert (rs["700"].dataset, rs["81.45%"].dataset) == (None, "FooBench")


def test_a_colon_right_after_a_dataset_opens_its_appositive():
    rs = results("We introduce FooBench: a curated dataset of 2,009 problems.")
    assert rs["2,009"].dataset == "FooBench"


def test_a_count_after_a_verb_of_holding_carries_the_dataset():
    rs = results("FooBench comprises 68 tasks from notebooks, spanning 2,225 turns.")
    assert rs["2,225"].dataset == "FooBench"


def test_a_verb_of_holding_after_a_data_appositive_carries_the_dataset():
    text = "We use FooBank, a private AI-ready database built by Acme, comprising 13,700 trials."
    assert results(text)["13,700"].dataset == "FooBank"


def test_a_coordinated_second_set_keeps_its_count_from_the_appositive():
    text = "We use (i) FooBench, comprising 300 items, and (ii) a curated set of 60 vignettes."
    assert results(text)["60"].dataset is None


def test_a_count_of_items_drawn_from_a_dataset_carries_it():
    rs = results("Using data from 47,144 ICU stays in the MIMIC-IV database, we train policies.")
    assert rs["47,144"].dataset == "MIMIC-IV"


def test_a_count_of_items_a_dataset_name_modifies_carries_it():
    rs = results("We evaluate on a curated dataset of 420 MIMIC-III notes.")
    assert rs["420"].dataset == "MIMIC-III"


def test_a_count_in_a_fronted_phrase_of_holding_carries_the_dataset_after_it():
    text = "Comprising over 100,000 images and 9,000 pairs, FooBench includes hard samples."
    rs = results(text)
    assert (rs["100,000"].dataset, rs["9,000"].dataset) == ("FooBench", "FooBench")


def test_a_count_in_a_fronted_phrase_before_a_method_carries_no_dataset():
    rs = results("With 4,535 curated samples, our FooNet model trains in an hour.")
    assert rs["4,535"].dataset is None


def test_a_count_drawn_from_two_datasets_carries_none():
    rs = results("Benchmarking on 3000 unseen molecules from VQM24 and ZINC20 shows gains.")
    assert rs["3000"].dataset is None


def test_a_count_of_data_built_from_a_source_is_not_the_sources():
    rs = results("We release FooBench, a benchmark of 3,147 checks built from WildChat.")
    assert rs["3,147"].dataset == "FooBench"


def test_a_count_after_a_dataset_without_a_data_noun_carries_none():
    rs = results("We train on FooBench, then evaluate 258 rounds with humans.")
    assert rs["258"].dataset is None


def test_a_measure_after_value_in_is_the_values():
    rs = results("It gains 18.0% in success rate and 33.9% in execution stability on X.")
    assert (rs["18.0%"].metric, rs["33.9%"].metric) == ("success rate", "execution stability")


def test_a_vague_measure_after_value_in_is_none():
    rs = results("Our method outperforms the SOTA baseline by 11.91% in overall quality.")
    assert rs["11.91%"].metric is None


def test_publication_venues_are_no_entities():
    r = extract_text("Recent works (Ji et al., ICML 2021; Chen et al., JMLR 2025) give a bound.")
    assert not r.methods and not r.datasets


def test_a_spread_written_before_the_unit_leaves_the_unit_to_the_value():
    rs = results(r"Prost-RL achieves $64.6\pm6.3$% sensitivity at 80% specificity.")
    assert (rs["64.6"].unit, rs["64.6"].metric) == ("%", "sensitivity")


def test_coverage_alone_after_a_value_is_a_measure():
    rs = results("The optimised ontology achieved over 63% coverage of trial concepts.")
    assert rs["63%"].metric == "coverage"


def test_measure_named_before_from_to():
    rs = results("LoRA raises semantic similarity from 0.788 to 0.862 for Qwen.")
    assert rs["0.862"].metric == "semantic similarity"


def test_threshold_after_comparison_operator_is_not_a_result():
    rs = results("It reaches 85.29% pass@score >= 0.5 (p < 0.001).")
    assert set(rs) == {"85.29%"}


def test_value_in_parentheses_after_a_method_is_its_own():
    rs = results(
        "We propose FooNet. FooNet reaches 82.82% recall, outperforming Gemini-2.5-Pro (76.72%)."
    )
    assert (rs["82.82%"].method, rs["76.72%"].method) == ("FooNet", "Gemini-2.5-Pro")


def test_value_for_a_method():
    rs = results(
        "We propose FooNet. FooNet scores 67.90 on average (vs. 64.27 for InternVL 3.5 2B)."
    )
    assert rs["64.27"].method == "InternVL 3.5 2B"


def test_respectively_distributes_methods():
    rs = results("Even GPT-4o and Claude 3 achieve scores of 31.3% and 29.1%, respectively.")
    assert (rs["31.3%"].method, rs["29.1%"].method) == ("GPT-4o", "Claude 3")


def test_method_before_a_result_verb_in_the_clause_owns_it():
    rs = results(
        "Models barely improve (e.g., GPT-4o gains only +1.8%, while Llama-3 declines by 0.1%)."
    )
    assert (rs["+1.8%"].method, rs["0.1%"].method) == ("GPT-4o", "Llama-3")


def test_value_list_shares_metric_and_change_kind():
    rs = results("The reranker lifts R@5 on four languages (+0.017 Spanish, +0.033 Catalan).")
    assert rs["+0.033"].metric == "recall@5"
    rs = results("It yields a reduction of between 35% and 57% in loss.")
    assert (rs["35%"].kind, rs["57%"].kind) == ("change", "change")


def test_up_to_before_a_metric_is_a_score():
    rs = results("We propose FooNet, achieving up to 74.33% F1-score on CIFAKE.")
    assert rs["74.33%"].kind == "score"


def test_currency_amounts_form_a_transition():
    rs = results("The recommendations reduce monthly cost from about $1,503 to $708.")
    assert (rs["708"].value, rs["708"].from_value) == (708, 1503) and "1,503" not in rs


def test_comparison_scope_ends_at_the_setting():
    r = extract_text(
        "We present FooAttack, improving 22.8% over the best baseline attacks on both "
        "commercial systems (GPT-4.1, Gemini 2.0)."
    )
    assert {m.name: m.role for m in r.methods}["GPT-4.1"] == "used"


def test_value_after_versus_belongs_to_the_compared_method():
    rs = results("The bi-encoder matches BioBERT-ST on MRR (0.876 vs. 0.866).")
    assert (rs["0.876"].method, rs["0.866"].method) == (None, "BioBERT-ST")


def test_a_figure_continuing_the_one_before_reports_its_measure():
    rs = results(
        "Fine-tuning FooASR reduced word error rate to 15.8% with 1.4 hours of data, reached"
        " 10.7% with 22.5 hours, and achieved the best result of 9.7% with all data."
    )
    assert [rs[t].metric for t in ("15.8%", "10.7%", "9.7%")] == ["word error rate"] * 3


def test_a_figure_with_its_own_measure_word_after_it_keeps_none():
    rs = results("FooNet reaches an accuracy of 96.5%, while FooBar reaches 99.3% security.")
    assert rs["99.3%"].metric is None


def test_a_figure_after_its_own_measure_does_not_take_the_earlier_one():
    rs = results("FooNet predicts difficulty with RMSE 0.52, and with a correlation of 0.77.")
    assert (rs["0.52"].metric, rs["0.77"].metric) == ("rmse", "correlation")


def test_a_figure_labelled_by_the_words_before_its_parenthesis_keeps_none():
    rs = results("FooNet lifts success rate (+19%), while FooBar lifts user engagement (+23%).")
    assert (rs["+19%"].metric, rs["+23%"].metric) == ("success rate", None)


def test_hours_of_data_are_counts():
    rs = results("We collected 92 hours of read speech and 8.8 hours of user corrections.")
    assert (rs["92"].kind, rs["8.8"].kind) == ("count", "count")


def test_hours_after_with_are_counts_and_hours_alone_are_not_results():
    rs = results("FooASR reached 10.7% WER with 22.5 hours. Training took 3.5 hours.")
    assert rs["22.5"].kind == "count"
    assert "3.5" not in rs


def test_a_figure_in_a_parenthesis_takes_the_one_measure_of_the_clause_it_hangs_on():
    rs = results("FooNet improves accuracy on math benchmarks (e.g., +8.8% on AIME 24) overall.")
    assert (rs["+8.8%"].kind, rs["+8.8%"].metric) == ("change", "accuracy")


def test_a_parenthesis_naming_its_own_measure_keeps_it():
    rs = results("FooNet improves accuracy on math benchmarks (e.g., 8.8% fewer steps) overall.")
    assert rs["8.8%"].metric != "accuracy"


def test_a_change_in_a_later_clause_takes_the_one_measure_named_before_it():
    rs = results("Evo-PI improves reasoning accuracy, achieving gains of up to 24.6%.")
    assert rs["24.6%"].metric == "accuracy"
    rs = results("Our method boosts success rates, improving a Qwen agent from 38.8% to 55.7%.")
    assert rs["55.7%"].metric == "success rate"


def test_a_later_value_with_its_own_measure_word_takes_no_earlier_measure():
    rs = results("FLy preserves 99% of the accuracy while achieving a 2.81x speedup.")
    assert rs["2.81x"].metric is None
    rs = results("It reaches 90% accuracy, while the cost is 55% lower.")
    assert rs["55%"].metric is None


def test_a_definite_data_noun_refers_to_the_abstracts_one_dataset():
    rs = results("We introduce LitBench. On our benchmark, FooNet reaches 73% agreement.")
    assert rs["73%"].dataset == "LitBench"
    rs = results("We use LitBench and FooQA. On the benchmark, FooNet reaches 73% agreement.")
    assert rs["73%"].dataset is None


def test_a_count_of_the_definite_dataset_takes_the_abstracts_one_dataset():
    rs = results("We introduce ShoppingComp, a benchmark for agents. The benchmark has 120 tasks.")
    assert (rs["120"].kind, rs["120"].dataset) == ("count", "ShoppingComp")


def test_a_small_integer_before_a_noun_of_data_items_is_a_count():
    rs = results("We conducted a study with 32 participants on 59 KernelBench problems.")
    assert (rs["32"].kind, rs["59"].kind) == ("count", "count")


def test_a_small_integer_before_experts_studies_or_sessions_is_a_count():
    rs = results("We interviewed 14 industry experts, reviewed 88 studies and ran 72 sessions.")
    assert [rs[k].kind for k in ("14", "88", "72")] == ["count", "count", "count"]


def test_a_small_integer_before_languages_countries_or_repositories_is_a_count():
    rs = results("FooNet is evaluated spanning 50 countries and 33 languages in 27 repositories.")
    assert [rs[k].kind for k in ("50", "33", "27")] == ["count", "count", "count"]
    assert rs["50"].method is None  # what the evaluation spans is material, not FooNet's score


def test_a_small_integer_that_counts_no_data_items_is_no_result():
    rs = results("It uses 14-channel EEG recordings and evaluates 6 methods across 7 datasets.")
    assert "14" not in rs and "7" not in rs


def test_a_value_of_other_systems_is_not_credited_to_the_papers_method():
    rs = results("We present ZorpNet. Even frontier models achieve under 70% accuracy on it.")
    assert rs["70%"].method is None


def test_a_value_over_compared_systems_stays_the_papers():
    rs = results("We present ZorpNet. It outperforms existing methods by 5.1% on ZorpBench.")
    assert rs["5.1%"].method == "ZorpNet"
    rs = results("We present ZorpNet. Scaling these models to 7B parameters helps.")
    assert rs["7B"].method == "ZorpNet"


def test_a_performer_before_a_respectively_list_owns_its_values():
    rs = results(
        "We propose ZorpMem. Across FooLM-3B and FooLM-7B backbones, ZorpMem improves accuracy"
        " by 26.2% and 24.6%, respectively."
    )
    assert (rs["26.2%"].method, rs["24.6%"].method) == ("ZorpMem", "ZorpMem")


def test_a_respectively_list_without_a_performer_gives_each_value_its_method():
    rs = results(
        "We propose ZorpMem. For FooLM-3B and FooLM-7B, accuracy rises by 26.2% and 24.6%,"
        " respectively."
    )
    assert (rs["26.2%"].method, rs["24.6%"].method) == ("FooLM-3B", "FooLM-7B")


def test_a_parenthesised_value_of_a_phrase_coordinated_with_a_metric_is_not_that_metrics():
    rs = results("It improves citation rate (17.3%) and subjective quality (18.5%) over FooRAG.")
    assert (rs["17.3%"].metric, rs["18.5%"].metric) == ("citation rate", None)


def test_a_count_of_the_material_after_with_is_no_method_figure():
    rs = results(
        "We propose AneuNet. AneuNet was trained with 1,186 open-source CTAs and reaches 91.2% "
        "sensitivity."
    )
    assert rs["1,186"].kind == "count" and rs["1,186"].method is None
    assert rs["91.2%"].method == "AneuNet"


def test_a_span_of_years_is_no_change():
    assert results("We analyse speeches of the Senate from 1941 to 2015.") == {}
    rs = results("FooNet lifts the score from 1200 to 1500 points.")
    assert rs["1500 points"].from_value == 1200


def test_a_count_of_a_dataset_is_no_method_figure():
    rs = results(
        "We propose MeterNet. We first present a new benchmark, termed ZorpBench, which "
        "contains 10730 meter images, and MeterNet reads them."
    )
    assert (rs["10730"].dataset, rs["10730"].method) == ("ZorpBench", None)


def test_a_count_after_on_and_a_hedge_is_no_method_figure():
    rs = results("We propose PepNet. PepNet is trained on over 100 million spectra.")
    assert rs["100 million"].method is None


def test_a_parameter_count_after_with_stays_the_methods():
    rs = results("We propose EmoShift. EmoShift works with only 10M trainable parameters.")
    assert rs["10M"].method == "EmoShift"


def test_a_bare_figure_in_a_later_clause_continues_the_labelled_one():
    rs = results(
        "Foo achieves 64.67% accuracy on competition problems, while the teacher achieves 91.40%."
    )
    assert rs["91.40%"].metric == "accuracy"


def test_a_figure_after_by_does_not_continue_the_labelled_one():
    rs = results(
        "Foo achieves competitive performance (85.3% F1) while reducing trainable parameters by "
        "98% compared to SFT."
    )
    assert rs["98%"].metric != "f1"


def test_a_share_of_something_does_not_continue_the_labelled_one():
    rs = results("Foo reduces 33.7% FLOPs on Qwen3-VL while retaining 99.5% of the model quality.")
    assert rs["99.5%"].metric != "flops"


def test_a_change_noun_after_a_later_value_takes_the_measure_named_before():
    r = extract_text("It reaches 78.3% overall success, a 53.3 percentage-point absolute gain.")
    assert [(x.text, x.metric) for x in r.results] == [
        ("78.3%", "success"),
        ("53.3 percentage-point", "success"),
    ]
    r = extract_text("The model achieves 70% accuracy, a 30% improvement for evals.")
    assert [(x.text, x.metric) for x in r.results] == [("70%", "accuracy"), ("30%", None)]


def test_degrees_that_modify_a_noun_are_no_result():
    r = extract_text("Users watch 360° VR videos and photos from a 360-degree camera.")
    assert r.results == []


def test_the_folds_of_a_cross_validation_are_no_result():
    r = extract_text("In 5-fold cross-validation and 10-fold CV, the model wins.")
    assert r.results == []


def test_an_n_fold_change_is_a_result():
    r = extract_text("It yields 8-fold reductions in resource consumption.")
    assert [(x.value, x.unit) for x in r.results] == [(8.0, "x")]


def test_degrees_a_change_verb_moves_are_a_result():
    r = extract_text("Our model reduces the error by 12° in all scenes.")
    assert [x.value for x in r.results] == [12.0]


def test_a_second_measure_joined_to_a_changed_one_is_a_metric():
    r = extract_text("Our method reduces token usage and execution time on long tasks.")
    assert {m.name for m in r.metrics} == {"token usage", "execution time"}


def test_a_measure_a_shift_or_misestimate_moves_by_a_value_is_its_metric():
    r = extract_text("Attacks shift activation entropy by 7% and lower review load by 5%.")
    assert [(x.text, x.metric) for x in r.results] == [
        ("7%", "activation entropy"),
        ("5%", "review load"),
    ]


def test_a_factor_before_a_comparative_names_the_measure_it_scales():
    r = extract_text("The large models used up to 35 times more energy than the small one.")
    assert [(x.text, x.metric) for x in r.results] == [("35 times", "energy")]


def test_our_modified_method_noun_owns_the_value_over_a_model_it_is_applied_to():
    r = extract_text(
        "We propose Full-Frequency Patching (FFP), a patching strategy. We also introduce "
        "SpecMask, an augmentation. When applied on both AST and AuM, our patching method with "
        "SpecMask improves mAP by up to +6.76 on AudioSet."
    )
    assert [(x.text, x.method) for x in r.results] == [("+6.76", "Full-Frequency Patching")]


def test_the_measure_of_a_named_system_moved_by_a_value_is_its_metric():
    r = extract_text("POPD improves the training efficiency of OPD by up to 3x.")
    assert [(x.text, x.metric) for x in r.results] == [("3x", "training efficiency")]


def test_a_value_set_equal_to_r2_is_an_r_squared():
    r = extract_text("FLORA achieves an rRMSE of about 12.3% (R2 = 0.88) for dominant height.")
    assert ("0.88", "r squared") in [(x.text, x.metric) for x in r.results]


def test_a_name_ending_in_r2_stays_a_name():
    r = extract_text("We release Granite Embedding R2, which improves retrieval by 19%.")
    assert "Granite Embedding R2" in [m.name for m in r.methods] and r.metrics == []


def test_measures_that_were_recorded_are_metrics():
    r = extract_text("Training time and acquisition time were recorded for every model.")
    assert {m.name for m in r.metrics} == {"training time", "acquisition time"}


def test_capitalised_measures_listed_after_ratings_for_are_metrics():
    r = extract_text("Posts got quality ratings for Coherence, Informativeness, and Conciseness.")
    assert {m.name for m in r.metrics} == {"coherence", "informativeness", "conciseness"}


def test_change_of_an_unknown_measure_takes_no_other_metric():
    r = extract_text("FooNet reaches an accuracy of 0.84 with a gate count reduction of 20%.")
    by_text = {x.text: x.metric for x in r.results}
    assert by_text == {"0.84": "accuracy", "20%": None}


def test_change_with_its_measure_after_the_value_keeps_it():
    r = extract_text("Experiments show improvements by up to 18.2 points in Mean Reciprocal Rank.")
    assert [x.metric for x in r.results] == ["mrr"]
