"""pipeline.link.metrics: lexicon hits filtered by context, defined and measured measures."""

from pipeline.api import extract_text
from pipeline.link.metrics import (
    acronym_metric_spans,
    bound_phrase_spans,
    changed_phrase_spans,
    coordinated_measure_spans,
    extract_metrics,
    keep_metric,
    listed_measure_spans,
    measured_phrase_spans,
    renamed_measure_spans,
)
from pipeline.nlp import get_nlp
from pipeline.nlp.lexicon import lexicon_spans


def make_doc(text):
    return get_nlp()(text)


def kept(text):
    """(surface, kept) of every lexicon METRIC hit."""
    doc = make_doc(text)
    return [(s.text, keep_metric(s)) for s in lexicon_spans(doc) if s.label_ == "METRIC"]


def spans_of(fn, text):
    doc = make_doc(text)
    return [(doc.text[s:e], canonical) for s, e, canonical in fn(doc)]


def metrics(text, taken=()):
    doc = make_doc(text)
    return [
        (m.name, [doc.text[s:e] for s, e in m.mentions]) for m in extract_metrics(doc, list(taken))
    ]


def test_word_before_a_metric_can_block_it():
    assert kept("We train in mixed precision and report precision.") == [
        ("precision", False),
        ("precision", True),
    ]


def test_human_judgments_a_measure_is_compared_with_are_no_metric():
    assert kept("It correlates with human judgments, unlike BLEU.") == [
        ("human judgments", False),
        ("BLEU", True),
    ]


def test_word_after_a_metric_can_block_it():
    assert kept("The accuracy head predicts accuracy.") == [("accuracy", False), ("accuracy", True)]


def test_bare_loss_needs_a_measuring_word_before_it():
    assert kept("It has low loss but a contrastive loss.") == [("loss", True), ("loss", False)]


def test_bare_loss_with_its_value_is_a_metric():
    assert kept("The model reaches loss 2.789 overall.") == [("loss", True)]


def test_loss_of_something_is_a_drop_not_the_measure():
    assert kept("It avoids the loss of information, with a loss of 0.3.") == [
        ("loss", False),
        ("loss", True),
    ]


def test_precision_after_a_number_format_is_a_setting():
    assert kept("Training in FP4 precision or 4-bit precision keeps precision.") == [
        ("precision", False),
        ("precision", False),
        ("precision", True),
    ]


def test_capitalised_metric_word_mid_sentence_is_a_name():
    assert kept("Its Recall module works; recall rises.") == [("Recall", False), ("recall", True)]


def test_capitalised_metric_word_bound_to_a_change_or_value_is_a_metric():
    assert kept("Our system improves Bleu by 2 points.") == [("Bleu", True)]
    assert kept("It gains up to +1.4 Bleu.") == [("Bleu", True)]
    assert kept("The Bleu score is 30 with a Recall of 91%.") == [
        ("Bleu", True),
        ("Recall", True),
    ]
    assert kept("Its Recall (R) module works.") == [("Recall", False)]


def test_capitalised_metric_word_in_a_metric_list_is_a_metric():
    assert kept("We report Precision, Recall and F1.") == [
        ("Precision", True),
        ("Recall", True),
        ("F1", True),
    ]


def test_defined_measure_and_its_short_forms_are_metric_spans():
    assert spans_of(acronym_metric_spans, "The Diarization Error Rate (DER) drops; DER is low.")[
        :3
    ] == [
        ("Diarization Error Rate", "diarization error rate"),
        ("DER", "diarization error rate"),
        ("DER", "diarization error rate"),
    ]


def test_defined_measure_known_to_the_lexicon_takes_its_canonical_name():
    got = spans_of(
        acronym_metric_spans, "We reach a Pearson correlation coefficient (PCC) of 0.76."
    )
    assert got == [
        ("Pearson correlation coefficient", "pearson correlation"),
        ("PCC", "pearson correlation"),
    ]


def test_defined_non_measure_is_not_a_metric_span():
    assert spans_of(acronym_metric_spans, "We use the Sparse Mixture Routing (SMR) here.") == []


def test_title_case_measure_is_a_metric_span():
    got = spans_of(acronym_metric_spans, "We introduce the Temporal Meal Score here.")
    assert got == [("Temporal Meal Score", "temporal meal score")]


def test_measure_named_after_a_value():
    got = spans_of(measured_phrase_spans, "It achieves 92.7% verification success.")
    assert got == [("verification success", "verification success")]


def test_leading_average_word_is_not_part_of_the_measure_name():
    got = spans_of(measured_phrase_spans, "It achieves 81.45% mean nugget score.")
    assert got == [("mean nugget score", "nugget score")]


def test_measure_named_before_from_to():
    got = spans_of(measured_phrase_spans, "It raises semantic similarity from 0.788 to 0.862.")
    assert got == [("semantic similarity", "semantic similarity")]


def test_quality_noun_before_from_to_is_a_measure():
    got = spans_of(measured_phrase_spans, "It improves end-to-end correctness from 72.5% to 100%.")
    assert got == [("end-to-end correctness", "end-to-end correctness")]


def test_a_single_measure_noun_after_a_value_is_a_measure_with_its_canonical_name():
    got = spans_of(measured_phrase_spans, "It reaches 72.0% success on X and 90% agreement.")
    assert got == [("success", "success rate"), ("agreement", "agreement")]


def test_a_single_word_after_a_value_that_is_no_measure_alone_is_not_one():
    assert spans_of(measured_phrase_spans, "It reaches 72.0% speed on X.") == []


def test_measure_named_by_the_change_of_a_value():
    text = "It gives a 40% improvement in visual fidelity and a 30.7% median decrease in latency."
    got = spans_of(measured_phrase_spans, text)
    assert got == [("visual fidelity", "visual fidelity"), ("latency", "latency")]


def test_a_changed_measure_goes_on_over_the_measure_heads_after_it():
    text = "It gives a 12% reduction in energy consumption and a 5% reduction in latency."
    got = spans_of(measured_phrase_spans, text)
    assert got == [("energy consumption", "energy consumption"), ("latency", "latency")]


def test_named_agreement_statistics_are_metrics_of_their_own():
    got = metrics("Fleiss' kappa was 0.80 and Krippendorff's alpha 0.41; Cohen's kappa 0.7.")
    assert got == [
        ("fleiss kappa", ["Fleiss' kappa"]),
        ("krippendorff alpha", ["Krippendorff's alpha"]),
        ("kappa", ["Cohen's kappa"]),
    ]


def test_a_measure_before_a_change_noun_bound_by_of():
    got = spans_of(bound_phrase_spans, "It achieves an energy efficiency boost of 20% here.")
    assert got == [("energy efficiency", "energy efficiency")]
    assert spans_of(bound_phrase_spans, "It achieves a boost of 20% here.") == []


def test_computation_is_a_measure_beside_its_value_only():
    got = spans_of(bound_phrase_spans, "It cuts latency, reducing computation by up to 83.26%.")
    assert got == [("computation", "computation")]
    assert metrics("We reduce computation substantially.") == []


def test_plural_measure_head_bound_by_of():
    got = spans_of(bound_phrase_spans, "It has mean absolute errors of 1.5% overall.")
    assert got == [("mean absolute errors", "absolute error")]


def test_defined_long_form_of_a_known_metric_acronym_takes_its_canonical_name():
    got = spans_of(acronym_metric_spans, "It reaches an area under the ROC curve (AUC) of 0.97.")
    assert got[:2] == [("area under the ROC curve", "auroc"), ("AUC", "auroc")]


def test_measures_listed_after_a_cue_that_announces_measures():
    text = "We compare in terms of accuracy, F1-score, and intent detection rate."
    assert spans_of(listed_measure_spans, text) == [
        ("intent detection rate", "intent detection rate")
    ]


def test_members_after_metrics_include_are_measures_without_a_measure_head():
    text = "Domain metrics include response time distribution and answer correctness."
    assert spans_of(listed_measure_spans, text) == [
        ("response time distribution", "response time distribution"),
        ("answer correctness", "answer correctness"),
    ]


def test_a_listed_member_without_a_measure_head_is_no_measure_and_a_long_one_ends_the_list():
    text = "We compare in terms of the specifics of the model and its task success rate."
    assert spans_of(listed_measure_spans, text) == []


def test_the_subject_of_a_change_from_a_to_b_is_a_measure():
    got = spans_of(measured_phrase_spans, "Then secret recovery rises from 17% to 30% here.")
    assert got == [("secret recovery", "secret recovery")]


def test_a_vague_subject_of_a_change_is_no_measure():
    assert spans_of(measured_phrase_spans, "Pooled performance rises from 17% to 30%.") == []


def test_one_measure_head_moved_by_a_change_verb_and_by_is_a_measure():
    got = spans_of(bound_phrase_spans, "It keeps quality while reducing costs by 10.15%.")
    assert got == [("costs", "cost")]
    assert spans_of(bound_phrase_spans, "It sells costs by 10.15%.") == []


def test_a_determiner_may_stand_between_the_change_verb_and_its_measure():
    got = spans_of(bound_phrase_spans, "It reduces the collision rate by 30%.")
    assert got == [("collision rate", "collision rate")]


def test_a_measure_after_and_shares_the_change_verb_of_the_one_before():
    text = "It reduces the collision rate by 30% and dwell time by 8.9%."
    got = spans_of(bound_phrase_spans, text)
    assert got == [("collision rate", "collision rate"), ("dwell time", "dwell time")]


def test_cut_and_lower_are_change_verbs_that_bind_their_measure():
    text = "It cuts annotation cost by 40% and lowers the review time by 25%."
    got = spans_of(bound_phrase_spans, text)
    assert got == [("annotation cost", "annotation cost"), ("review time", "review time")]


def test_a_measure_after_and_without_a_change_before_is_no_bound_measure():
    assert spans_of(bound_phrase_spans, "It has speed and dwell time by 8.9%.") == []


def test_a_plural_object_a_change_verb_counts_by_a_value_is_a_measure():
    text = "It mitigates bias, reducing collisions by 31.2% and traffic violations by 33.2%."
    got = spans_of(bound_phrase_spans, text)
    assert got == [("collisions", "collisions"), ("traffic violations", "traffic violations")]
    got = spans_of(bound_phrase_spans, "It reduces turns by an additional 10.4%.")
    assert got == [("turns", "turns")]


def test_models_or_metrics_moved_by_a_value_are_no_measure():
    text = "It outperforms state-of-the-art models by 3% and reduces bias metrics by 30%."
    assert spans_of(bound_phrase_spans, text) == []


def test_a_resource_acronym_may_begin_a_bound_measure_name():
    got = spans_of(bound_phrase_spans, "It cuts costs while reducing RAM usage by 97.1%.")
    assert got == [("RAM usage", "ram usage")]
    assert spans_of(bound_phrase_spans, "It lifts MMLU accuracy of 80%.") == []


def test_a_factor_names_the_measure_after_the_determiner_that_follows_it():
    got = spans_of(measured_phrase_spans, "It requires 5x the inference cost of voting.")
    assert got == [("inference cost", "inference cost")]


def test_a_plural_measure_head_after_a_value():
    got = spans_of(measured_phrase_spans, "It reaches 100% text approval rates here.")
    assert got == [("text approval rates", "text approval rate")]


def test_words_after_a_value_without_a_measure_head_are_not_a_measure():
    assert spans_of(measured_phrase_spans, "It reaches 50% of the time and 7% lower cost.") == []


def test_metric_mentions_are_grouped_by_canonical_name():
    assert metrics("We report F1, F1 scores and accuracy.") == [
        ("f1", ["F1", "F1 scores"]),
        ("accuracy", ["accuracy"]),
    ]


def test_defined_measure_wins_over_a_lexicon_hit_inside_it():
    assert metrics("The Diarization Error Rate (DER) drops; DER is low.") == [
        ("diarization error rate", ["Diarization Error Rate", "DER", "DER"])
    ]


def test_metric_overlapping_an_entity_mention_is_skipped():
    assert metrics("The FooNet accuracy and test accuracy.", [(4, 10)]) == [
        ("accuracy", ["accuracy", "test accuracy"])
    ]
    assert metrics("We report BLEU and accuracy.", [(10, 14)]) == [("accuracy", ["accuracy"])]


def test_metrics_are_in_first_mention_order():
    got = metrics("It gains 92.7% verification success, beyond the BLEU of 30.")
    assert [name for name, _ in got] == ["verification success", "bleu"]


def test_a_measure_bound_by_of_is_a_metric():
    assert spans_of(bound_phrase_spans, "It keeps a solve rate of 54.8% overall.") == [
        ("solve rate", "solve rate")
    ]


def test_a_measure_noun_alone_bound_by_of_after_a_determiner_is_a_metric():
    text = "It has a sensitivity of 91% and a correlation of 0.77 with the truth."
    assert spans_of(bound_phrase_spans, text) == [
        ("sensitivity", "sensitivity"),
        ("correlation", "correlation"),
    ]
    assert spans_of(bound_phrase_spans, "It reaches an agreement of up to 90%.") == [
        ("agreement", "agreement")
    ]


def test_a_lone_noun_bound_by_of_is_no_metric_unless_it_names_one_alone():
    assert spans_of(bound_phrase_spans, "It has a cost of 24x and a width of 3.") == []
    assert spans_of(bound_phrase_spans, "Its sensitivity of 91% held.") == [
        ("sensitivity", "sensitivity")
    ]


def test_a_title_case_word_may_lead_a_bound_measure():
    text = "Agents do better (Brier score of 0.134 for Gemini)."
    assert spans_of(bound_phrase_spans, text) == [("Brier score", "brier score")]


def test_colon_and_equals_bind_a_measure():
    text = "We report mean elapsed time: 52.2 and token cost = 3.1 here."
    assert [c for _, c in spans_of(bound_phrase_spans, text)] == ["elapsed time", "token cost"]


def test_a_change_verb_binds_its_subject_or_object():
    text = "Task success improves by 4% and it improves path efficiency by 12 points."
    assert [c for _, c in spans_of(bound_phrase_spans, text)] == ["task success", "path efficiency"]


def test_bare_heads_praise_and_settings_are_not_bound_measures():
    text = "It gets a score of 67.9, strong baseline scores of 31% and a learning rate of 0.1."
    assert spans_of(bound_phrase_spans, text) == []


def test_a_bare_score_after_a_leading_word_is_a_bound_measure():
    got = spans_of(bound_phrase_spans, "It achieves an average score of only 65.08.")
    assert got == [("average score", "average score")]
    assert spans_of(bound_phrase_spans, "It gets the score of 3 and a score of 67.9.") == []
    text = "It gets an average score of 67.90 across seven multimodal metrics."
    assert spans_of(bound_phrase_spans, text) == []  # an average over measures


def test_plural_measure_heads_are_named_in_the_singular():
    assert spans_of(bound_phrase_spans, "They yielded dice scores of 95 percent.") == [
        ("dice scores", "dice score")
    ]


def test_a_comparative_between_value_and_measure_is_skipped():
    text = "It needs 15-35 times lower search cost and 40% less memory usage."
    assert [c for _, c in spans_of(measured_phrase_spans, text)] == ["search cost", "memory usage"]


def test_energy_after_less_is_the_measure_a_factor_scales():
    text = "It requires 4.7x less energy and 2x less accurate output."
    assert spans_of(measured_phrase_spans, text) == [("energy", "energy")]


def test_what_a_change_verb_moves_is_a_metric():
    text = "It improves resolved rate across all backbones and reduces average delay."
    assert spans_of(changed_phrase_spans, text) == [
        ("resolved rate", "resolved rate"),
        ("average delay", "delay"),
    ]


def test_a_resource_a_change_verb_moves_by_a_size_in_words_is_a_metric():
    text = "It reduces energy consumption by orders of magnitude but raises memory usage."
    assert spans_of(changed_phrase_spans, text) == [("energy consumption", "energy consumption")]


def test_a_comparison_after_what_a_change_verb_moves_ends_its_name():
    text = "It improves survey completion rates relative to forms, and task success rates of X."
    assert spans_of(changed_phrase_spans, text) == [
        ("survey completion rates", "survey completion rate")
    ]


def test_praise_before_what_a_change_verb_moves_is_not_part_of_its_name():
    text = "It reaches consistently higher state-of-the-art executable rates across tasks."
    assert spans_of(changed_phrase_spans, text) == [("executable rates", "executable rate")]


def test_what_a_superlative_ranks_is_a_metric():
    text = "Frontier models have the highest meltdown rates and the lowest refusal rates."
    assert spans_of(changed_phrase_spans, text) == [
        ("meltdown rates", "meltdown rate"),
        ("refusal rates", "refusal rate"),
    ]


def test_an_acronym_metric_takes_no_score_word_into_its_mention():
    doc = make_doc("We report the BLEU score and the F1 score of the system.")
    got = {m.name: [doc.text[s:e] for s, e in m.mentions] for m in extract_metrics(doc, [])}
    assert got == {"bleu": ["BLEU"], "f1": ["F1 score"]}


def test_resources_moved_without_a_value_are_not_metrics():
    assert spans_of(changed_phrase_spans, "It reduces computational cost and memory usage.") == []


def test_a_leading_word_stays_before_a_bare_score():
    assert spans_of(measured_phrase_spans, "It reaches a 78.2% overall score.") == [
        ("78.2% overall score"[6:], "overall score")
    ]


def test_a_quality_noun_ending_a_short_run_after_a_value_is_a_measure():
    text = "It achieves 93.44% formal validity and 6 common image quality issues."
    assert spans_of(measured_phrase_spans, text) == [("formal validity", "formal validity")]


def test_a_hedge_between_binder_and_value_keeps_the_measure_bound():
    text = "It has an energy efficiency of up to 89 units, with task time reduced by over 5%."
    assert [c for _, c in spans_of(bound_phrase_spans, text)] == ["energy efficiency", "task time"]


def test_a_hedge_alone_binds_no_measure():
    assert spans_of(bound_phrase_spans, "The loss is 2.0 and about 40% of tasks fail.") == []


def test_memory_before_a_change_noun_names_memory_usage():
    text = "We achieve 3x throughput with 54% memory reduction."
    assert [c for _, c in spans_of(measured_phrase_spans, text)] == ["memory usage"]


def test_a_figure_in_parentheses_labels_the_measure_before_it():
    text = "It improves the convergence rates (up to 65.0%) and memory efficiency (30%)."
    assert [c for _, c in spans_of(bound_phrase_spans, text)] == [
        "convergence rate",
        "memory efficiency",
    ]


def test_a_bare_number_in_parentheses_labels_no_measure():
    assert spans_of(bound_phrase_spans, "It attains sample efficiency (d^2 log 3) here.") == []


def test_resolution_ratio_and_gap_heads_bind_their_measure_to_a_value():
    text = "It reaches a charge resolution of 0.25 and a speaker switch ratio: 0.98 here."
    names = [c for _, c in spans_of(bound_phrase_spans, text)]
    assert names == ["charge resolution", "speaker switch ratio"]


def test_entropy_moved_by_a_comparative_is_a_metric():
    text = "The new model shows lower mobility entropy than the old one."
    assert spans_of(changed_phrase_spans, text) == [("mobility entropy", "mobility entropy")]


def test_a_resolution_moved_without_a_value_is_not_a_metric():
    text = "Pooling comes at the cost of reduced individual resolution in each test."
    assert spans_of(changed_phrase_spans, text) == []


def test_a_change_verb_binds_the_measure_it_moves_to_a_value():
    text = "It narrows the optimality gap to <0.1% and reduces the crash rate to 2%."
    names = [c for _, c in spans_of(bound_phrase_spans, text)]
    assert names == ["optimality gap", "crash rate"]


def test_a_letter_prefixed_short_acronym_is_a_metric_with_its_value():
    assert [m.name for m in extract_text("It reaches 0.37 rFID and 26.2 dB PSNR.").metrics] == [
        "fid",
        "psnr",
    ]


def test_a_defined_letter_prefixed_short_acronym_without_evidence_is_no_metric():
    text = "We fly small Unmanned Aircraft Systems (sUAS) under spoofing. A sUAS simulation runs."
    assert extract_text(text).metrics == []


def test_a_length_bound_to_a_value_is_a_measure_but_a_context_length_a_setting():
    text = "It reaches an acceptance length of 5.92 with a context length of 4096."
    assert [c for _, c in spans_of(bound_phrase_spans, text)] == ["acceptance length"]


def test_measures_listed_after_an_evaluation_verb_and_its_means():
    text = "Models were evaluated using accuracy, training time and acquisition time."
    assert [c for _, c in spans_of(listed_measure_spans, text)] == [
        "training time",
        "acquisition time",
    ]


def test_a_near_zero_or_best_measure_is_a_metric():
    text = "We observe near-zero collision rates and the best success rate in the suite."
    assert [c for _, c in spans_of(changed_phrase_spans, text)] == [
        "collision rate",
        "success rate",
    ]


def test_memory_is_a_measure_head_a_change_binds_to_its_value():
    text = "The kernels cut peak memory by up to 76x on large graphs."
    assert [c for _, c in spans_of(bound_phrase_spans, text)] == ["peak memory"]


def test_energy_footprint_and_bandwidth_are_measure_heads_beside_a_value():
    text = "It reduces inference energy by 30% and memory footprint by 2x."
    assert [c for _, c in spans_of(bound_phrase_spans, text)] == [
        "inference energy",
        "memory footprint",
    ]


def test_a_superlative_before_a_bound_measure_is_not_part_of_its_name():
    text = "Two models achieve the lowest percentage errors of 1.55% and 3.68%."
    assert [c for _, c in spans_of(bound_phrase_spans, text)] == ["percentage error"]


def test_members_after_a_cue_that_names_measures_need_no_measure_head():
    text = "It cuts metrics related to agent travel, makespan, and shelf switching by 40%."
    assert [c for _, c in spans_of(listed_measure_spans, text)][:2] == ["agent travel", "makespan"]
    assert spans_of(listed_measure_spans, "Standard metrics are ill-defined there.") == []


def test_plain_words_renaming_an_indefinite_measure_noun_name_a_measure():
    text = "It introduces a novel generalization measure, local inconsistency, derived from X."
    assert spans_of(renamed_measure_spans, text) == [("local inconsistency", "local inconsistency")]
    assert spans_of(renamed_measure_spans, "We obtain a score, and then rank it.") == []


def test_a_cut_off_metric_heading_accuracy_is_one_metric():
    got = metrics("It is measured by pass@k accuracy on the task.")
    assert got == [("pass@k", ["pass@k accuracy"])]


def test_members_after_metrics_and_a_colon_are_measures():
    text = "We report two metrics: utility and leakage."
    assert [c for _, c in spans_of(listed_measure_spans, text)] == ["utility", "leakage"]


def test_standard_measures_named_without_a_value_are_metrics():
    got = metrics(
        "PRISM improves topic coherence, and the forecaster raises the critical success index"
        " while lowering the false alarm rate."
    )
    assert got == [
        ("topic coherence", ["topic coherence"]),
        ("critical success index", ["critical success index"]),
        ("false alarm rate", ["false alarm rate"]),
    ]


def test_sampling_cutoff_families_are_metrics_at_any_cutoff():
    got = metrics("Our model reaches a mean@8 of 45.2 and a maj@16 of 50.1 on AIME.")
    assert got == [("mean@8", ["mean@8"]), ("maj@16", ["maj@16"])]


def coordinated(text):
    doc = make_doc(text)
    known = [s for s in lexicon_spans(doc) if s.label_ == "METRIC"]
    return [(doc.text[s:e], c) for s, e, c in coordinated_measure_spans(doc, known)]


def test_a_measure_listed_after_a_known_metric_is_a_metric():
    text = "We examined decision accuracy, completion time, and intended reliance."
    assert coordinated(text) == [("completion time", "completion time")]


def test_a_measure_listed_before_a_known_metric_is_a_metric():
    text = "It improves convergence speed and accuracy over baselines."
    assert coordinated(text) == [("convergence speed", "convergence speed")]


def test_a_lone_listed_noun_names_a_measure_only_when_it_does_alone():
    assert coordinated("We report accuracy, inference time and memory.") == [
        ("inference time", "inference time"),
        ("memory", "memory usage"),
    ]
    assert coordinated("We report accuracy and robustness.") == []


def test_listed_resources_praise_and_function_words_are_no_measures():
    assert coordinated("It improves accuracy and computational cost.") == []
    assert coordinated("It improves both speed and accuracy.") == []
    text = "It gains in both inference speed and accuracy."
    assert coordinated(text) == [("inference speed", "inference speed")]
    assert coordinated("It keeps high accuracy and strong scores.") == []


def test_a_listed_phrase_that_goes_on_is_no_measure():
    assert coordinated("We report accuracy and response time budgets here.") == []


def test_a_noun_before_a_change_noun_is_the_measure_it_changes():
    got = spans_of(measured_phrase_spans, "Joint training achieves 41.3% reconstruction gains.")
    assert got == [("reconstruction", "reconstruction")]


def test_a_noun_before_a_speed_up_is_no_measure():
    assert spans_of(measured_phrase_spans, "It brings a 3x inference speedup.") == []
