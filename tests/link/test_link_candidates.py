"""pipeline.link.candidates: acronym, lexicon, shape, listed, head-noun and year candidates."""

from pipeline.link.candidates import (
    Candidate,
    acronym_candidates,
    appositive_named_candidates,
    coined_suffix,
    compound_lexicon_candidates,
    ends_generic,
    head_noun_candidates,
    inside_metric,
    lexicon_candidates,
    listed_candidates,
    model_id_candidates,
    proposed_name_candidates,
    resolve_overlaps,
    shape_candidates,
    suspended_candidates,
    tool_head_candidates,
    year_named_candidates,
)
from pipeline.link.context import build_context
from pipeline.nlp import get_nlp
from pipeline.nlp.normalise import normalise


def make_doc(text):
    return get_nlp()(text)


def with_context(text):
    doc = make_doc(text)
    return doc, build_context(doc)


def texts(cands):
    return [c.text for c in cands]


def acronyms(text):
    doc, ctx = with_context(text)
    return acronym_candidates(doc, ctx)


def shapes(text):
    return {c.text: c for c in shape_candidates(make_doc(text))}


def listed(text):
    return texts(listed_candidates(*with_context(text)))


# acronym definitions


def test_a_long_form_ending_in_a_dataset_title_head_hints_a_dataset():
    (cand,), _, _ = acronyms("Data come from the General Medicine Inpatient Initiative (GEMINI).")
    assert (cand.text, cand.hint) == ("General Medicine Inpatient Initiative", "DATASET")
    (cand,), _, _ = acronyms("We propose Sparse Mixture Routing (SMR) for experts.")
    assert cand.hint is None


def test_acronym_definition_is_a_long_form_candidate_with_its_alias():
    (cand,), generic, blocked = acronyms("We propose Sparse Mixture Routing (SMR) for experts.")
    assert (cand.text, cand.alias, cand.source, cand.needs_support) == (
        "Sparse Mixture Routing",
        "SMR",
        "acronym",
        False,
    )
    assert (generic, blocked) == (set(), [])


def test_generic_short_form_is_reported_and_its_long_form_blocked():
    text = "Large language models (LLMs) help."
    cands, generic, blocked = acronyms(text)
    assert cands == [] and generic == {"LLMs"}
    assert [normalise(text).text[s:e] for s, e in blocked] == ["Large language models"]


def test_long_form_of_a_known_metric_acronym_is_no_candidate():
    cands, generic, _ = acronyms("It reaches an area under the ROC curve (AUC) of 0.97.")
    assert cands == [] and generic == {"AUC"}


def test_task_headed_long_form_is_generic():
    cands, generic, _ = acronyms("Human Activity Recognition (HAR) is hard.")
    assert cands == [] and generic == {"HAR"}


def test_fields_and_tasks_headed_by_engineering_scoring_or_correction_are_generic():
    text = "Existing Grammatical Error Correction (GEC) and Software Engineering (SE) agents fail."
    cands, generic, _ = acronyms(text)
    assert cands == [] and generic == {"GEC", "SE"}


def test_a_long_capitalised_long_form_on_a_coinable_head_needs_no_support():
    cands, _, _ = acronyms("We apply Kernel Density Estimation (KDE) and Policy Optimization (PO).")
    weak = {c.text: c.needs_support for c in cands}
    assert weak == {"Kernel Density Estimation": False, "Policy Optimization": True}


def test_a_name_with_a_suspended_hyphen_before_a_compound_is_a_candidate():
    doc = make_doc(
        "We test Whisper- and FooNet-based models, XLM- RoBERTa and in- and out-of-domain."
    )
    assert [(c.text, doc.text[c.start : c.end]) for c in suspended_candidates(doc)] == [
        ("Whisper", "Whisper")
    ]


def test_a_definition_before_a_population_noun_is_generic():
    cands, generic, _ = acronyms("It helps Deaf and Hard of Hearing (DHH) people and FooNet (FN).")
    assert texts(cands) == ["FooNet"] and generic == {"DHH"}


def test_a_task_headed_name_the_paper_proposes_is_a_candidate():
    cands, generic, _ = acronyms("We propose Context-Driven Claim Detection (CCD), a new method.")
    assert texts(cands) == ["Context-Driven Claim Detection"] and generic == set()


def test_measure_headed_long_form_is_generic():
    cands, generic, _ = acronyms("The Diarization Error Rate (DER) drops.")
    assert cands == [] and generic == {"DER"}


def test_long_form_ending_in_a_generic_short_form_defined_earlier_is_generic():
    cands, generic, _ = acronyms(
        "Human Activity Recognition (HAR) is hard. Zero-shot HAR (ZS-HAR) is harder."
    )
    assert cands == [] and generic == {"HAR", "ZS-HAR"}


def test_lowercase_long_form_needs_support():
    (cand,), _, _ = acronyms("We use multi-scale contrastive distillation (MCD) here.")
    assert (cand.text, cand.needs_support) == ("multi-scale contrastive distillation", True)


def test_long_form_with_a_generic_head_needs_support():
    (cand,), _, _ = acronyms("We use Sparse Attention Learning (SAL) here.")
    assert (cand.text, cand.needs_support) == ("Sparse Attention Learning", True)


def test_long_form_starting_with_a_function_word_is_no_definition():
    cands, generic, blocked = acronyms(
        "It is compared with an identical model trained on cardiac data (CMR-DL)."
    )
    assert (cands, generic, blocked) == ([], set(), [])


def test_ends_generic_for_a_name_ending_in_a_generic_acronym():
    assert ends_generic("Industrial IoT")
    assert ends_generic("Foo LLMs")


def test_a_proper_name_before_a_generic_acronym_makes_a_name():
    assert not ends_generic("Wasserstein GANs")
    assert ends_generic("Agentic LLMs")  # an adjective, not a proper name
    assert ends_generic("Bayesian GANs")


def test_ends_generic_uses_the_short_forms_judged_generic():
    assert not ends_generic("Zero-shot HAR")
    assert ends_generic("Zero-shot HAR", {"HAR"})


def test_ends_generic_is_false_for_one_word_and_lowercase_tails():
    assert not ends_generic("NF-BoT-IoT")
    assert not ends_generic("LLM")
    assert not ends_generic("Foo llm")


# lexicon hits


def test_dataset_lexicon_hit_keeps_a_dimension_suffix():
    (cand,) = lexicon_candidates(make_doc("We train on MNIST 28x28 only."))
    assert (cand.text, cand.label, cand.canonical) == ("MNIST 28x28", "DATASET", "MNIST 28x28")


def test_dataset_lexicon_hit_keeps_a_version_suffix():
    cands = lexicon_candidates(make_doc("We train on SQuAD v1.1 and SQuAD."))
    assert [(c.text, c.canonical) for c in cands] == [
        ("SQuAD v1.1", "SQuAD v1.1"),
        ("SQuAD", "SQuAD"),
    ]


def test_plain_lexicon_hit_takes_the_lexicon_canonical_name():
    (cand,) = lexicon_candidates(make_doc("We summarise CNN/DM articles."))
    assert (cand.text, cand.canonical) == ("CNN/DM", "CNN/DailyMail")


def test_method_lexicon_hit_keeps_version_words_and_model_tags():
    cands = lexicon_candidates(make_doc("We test Gemini 2.5 Pro, GPT 5 and DeepSeek R1 here."))
    assert texts(cands) == ["Gemini 2.5 Pro", "GPT 5", "DeepSeek R1"]
    assert [c.label for c in cands] == ["METHOD"] * 3


def test_release_words_hyphened_to_a_version_continue_a_model_name():
    cands = lexicon_candidates(make_doc("We test Claude Sonnet-4 and Gemini 2.5-Pro here."))
    assert texts(cands) == ["Claude Sonnet-4", "Gemini 2.5-Pro"]


def test_a_hyphened_word_that_is_no_release_word_ends_a_model_name():
    cands = lexicon_candidates(make_doc("We test Gemini 2.5-style prompts."))
    assert texts(cands) == ["Gemini"]


def test_a_product_word_continues_a_model_name():
    (cand,) = lexicon_candidates(make_doc("Agents such as Claude Code help."))
    assert cand.text == "Claude Code"


def test_method_continuation_is_at_most_three_words():
    cands = lexicon_candidates(make_doc("We test Claude 3.5 Sonnet Thinking Max now."))
    assert cands[0].text == "Claude 3.5 Sonnet Thinking"


# name shapes


def test_compound_suffix_is_cut_from_a_shape():
    cand = shapes("We use FGW-based transport.")["FGW"]
    assert (cand.start, cand.end, cand.needs_support) == (7, 10, True)


def test_a_participle_of_derivation_or_support_is_cut_from_a_shape():
    got = shapes("We add GPT-4o-derived plans and a FAISS-backed memory.")
    assert {"GPT-4o", "FAISS"} <= set(got)


def test_a_short_known_model_name_cut_from_a_compound_needs_no_support():
    cand = shapes("We use T5-based models.")["T5"]
    assert (cand.label, cand.needs_support) == ("METHOD", False)
    assert shapes("We use GPT-based models.")["GPT"].needs_support


def test_a_release_tag_after_a_hyphen_is_part_of_the_name_not_a_suffix():
    assert {"OpenAI-o1", "GPT-o3"} <= set(shapes("Models such as OpenAI-o1 and GPT-o3 reason."))


def test_a_camel_case_name_may_carry_capitalised_prefixes():
    assert {"M-MiniGPT4", "X-MeshGraphNet"} <= set(shapes("M-MiniGPT4 beats X-MeshGraphNet."))
    assert "non-LoRA" not in shapes("A non-LoRA model wins.")


def test_a_range_of_labels_is_no_name():
    got = shapes("Levels R1-R6 and splits C1-C4 over Phase I-III, as R1-C4 and Z-1 show.")
    assert not {"R1-R6", "C1-C4", "I-III"} & set(got)
    assert "R1-C4" in got


def test_two_part_compound_suffix_is_cut():
    cand = shapes("A QLoRA-fine-tuned agent wins.")["QLoRA"]
    assert cand.label == "METHOD"


def test_cut_lexicon_name_takes_its_lexicon_label():
    assert shapes("An ImageNet-based model wins.")["ImageNet"].label == "DATASET"


def test_pretrained_suffix_hints_a_dataset():
    cand = shapes("A LINCS-pretrained encoder wins.")["LINCS"]
    assert (cand.hint, cand.label) == ("DATASET", None)


def test_coined_lowercase_suffix_keeps_the_whole_name_needing_support():
    got = shapes("We build SWE-smith and an LLM-empowered agent and GPT-series models.")
    assert list(got) == ["SWE-smith"] and got["SWE-smith"].needs_support


def test_variant_suffix_stays_part_of_the_name():
    assert "FooNet-base" in shapes("We fine-tune FooNet-base here.")


def test_pair_of_generic_terms_is_not_a_shape():
    assert shapes("A CPU-GPU scheduler and LLM-RL help.") == {}


def test_a_title_run_headed_by_an_architecture_word_needs_no_support():
    assert not shapes("We use a Latent Query Transformer here.")[
        "Latent Query Transformer"
    ].needs_support
    assert shapes("We use a Latent Query Gadget here.")["Latent Query Gadget"].needs_support


def test_a_count_prefix_and_a_generic_term_are_not_a_shape():
    assert shapes("Single-LLM oracles and Multi-LLM debate fail.") == {}
    assert "Self-RAG" in shapes("Self-RAG helps.")  # not a count: a method's name


def test_dataset_tail_word_joins_the_shape():
    cands = shape_candidates(make_doc("We solve CodeGolf Bench today."))
    (cand,) = [c for c in cands if c.source == "shape"]
    assert (cand.text, cand.hint, cand.needs_support) == ("CodeGolf Bench", "DATASET", False)


def test_bare_short_capitals_need_support():
    got = shapes("We use MR and XYZ here.")
    assert [(t, c.needs_support) for t, c in got.items()] == [("MR", True), ("XYZ", True)]


def test_title_run_needs_support():
    cand = shapes("The Temporal Ordering Module wins.")["Temporal Ordering Module"]
    assert (cand.source, cand.needs_support) == ("title", True)


def test_a_hyphened_title_word_led_by_a_known_model_family_is_a_method():
    cand = shapes("We accelerate Qwen-Image and Vision-Language models.")["Qwen-Image"]
    assert (cand.needs_support, cand.hint) == (False, "METHOD")
    other = shapes("We accelerate Qwen-Image and Vision-Language models.")["Vision-Language"]
    assert (other.needs_support, other.hint) == (True, None)


def test_a_sentence_initial_gerund_is_no_part_of_a_title_run():
    assert "Combining SuRe" not in shapes("It works. Combining SuRe With Replay helps.")
    assert "SuRe With Replay" in shapes("It works. Combining SuRe With Replay helps.")


def test_a_title_run_ending_in_a_modifier_suffix_is_no_name():
    assert shapes("We add an Item Response Theory-based indicator.") == {}


def test_title_run_splits_off_a_trailing_acronym():
    cand = shapes("We use the Recursive KL Divergence Optimization RKDO here.")[
        "Recursive KL Divergence Optimization"
    ]
    assert (cand.source, cand.alias) == ("acronym", "RKDO")


def test_title_run_splits_off_a_leading_acronym():
    cand = shapes("We propose MASA Model-Aware Skill Alignment, a framework.")[
        "Model-Aware Skill Alignment"
    ]
    assert (cand.source, cand.alias) == ("acronym", "MASA")


def test_a_title_run_ending_in_a_connector_and_a_short_form_splits_nothing():
    found = shapes("We build a dataset named AOT-TCs for TC forecasting here.")
    assert "AOT-TCs for" not in found


def test_coined_suffix():
    assert coined_suffix("smith") and coined_suffix("map")
    assert not any(coined_suffix(p) for p in ("empowered", "series", "assisted", "worst", "aware"))


# listed names


def test_names_listed_after_such_as():
    assert listed("Optimizers such as Adafactor and Sophia are popular.") == ["Adafactor", "Sophia"]


def test_listed_name_is_a_whole_capitalised_run():
    assert listed("Frameworks like Information Contrastive Learning unify them.") == [
        "Information Contrastive Learning"
    ]


def test_listed_name_keeps_its_version_tokens():
    assert listed("Models like BERT v2 and GPT 3.5 Turbo fail.") == ["BERT v2", "GPT 3.5 Turbo"]


def test_listed_members_take_the_kind_of_the_class_noun():
    doc, ctx = with_context("Optimizers such as Adafactor and benchmarks such as GSM8K help.")
    assert [(c.text, c.hint) for c in listed_candidates(doc, ctx)] == [
        ("Adafactor", "METHOD"),
        ("GSM8K", "DATASET"),
    ]


def test_one_uncommon_word_in_parentheses_after_a_data_noun_is_a_dataset():
    doc, ctx = with_context("Results on report generation tasks (Glaive) improve.")
    assert [(c.text, c.hint) for c in listed_candidates(doc, ctx)] == [("Glaive", "DATASET")]


def test_an_acronym_or_a_common_word_in_parentheses_after_a_data_noun_is_no_dataset():
    assert listed("We use reasoning benchmarks (RB) and three tasks (Appendix).") == []


def test_listed_members_may_be_descriptions_with_the_name_in_parentheses():
    assert listed(
        "We introduce three benchmarks: multiple-choice questions (FooMCQ), question answering"
        " (FooQA), and summarization (FooSum)."
    ) == ["FooMCQ", "FooQA", "FooSum"]


def test_a_parenthesised_word_inside_a_listed_name_is_no_described_member():
    assert listed("metrics such as threshold rates or (Conditional) Values at Risk.") == []


def test_parenthesised_list_after_a_class_noun():
    assert listed("We compare three methods (LoRA, BitFit, and DoRA).") == [
        "LoRA",
        "BitFit",
        "DoRA",
    ]


def test_parenthesised_member_inside_a_longer_phrase_is_dropped():
    assert listed("We compare three methods (LoRA, BitFit, and Prefix tuning).") == [
        "LoRA",
        "BitFit",
    ]


def test_parenthesised_plain_words_after_a_method_noun_are_not_listed():
    assert listed("The system uses three agents (Content, Structure, Language).") == []


def test_counted_list_after_a_comma_skips_bracketed_notes():
    assert listed(
        "We use two different datasets, MultiWOZ 2.2 (5 domains) and SGD (20 domains)."
    ) == [
        "MultiWOZ 2.2",
        "SGD",
    ]


def test_uncounted_list_after_a_comma_is_a_new_clause():
    assert listed("Evaluated across multiple datasets, FooNet and BarNet win.") == []


def test_counted_list_after_a_colon():
    assert listed("We use two datasets: CoQA and QuAC.") == ["CoQA", "QuAC"]


def test_a_listed_metric_may_follow_the():
    doc, ctx = with_context(
        "We propose two metrics, Polar-Consistency and the Contradiction Index."
    )
    assert [(c.text, c.hint) for c in listed_candidates(doc, ctx)] == [
        ("Polar-Consistency", "METRIC"),
        ("Contradiction Index", "METRIC"),
    ]


def test_a_listed_method_after_the_ends_the_list():
    assert listed("We use two models, FooNet and the Transformer.") == []


def test_counted_list_skips_a_lower_case_descriptor_of_each_member():
    text = "We release two datasets: OASD-20K for audio separation and OSVA-5K for video."
    assert listed(text) == ["OASD-20K", "OSVA-5K"]


def test_lowercase_initial_camel_name_continues_a_list():
    assert listed("We use four clinical datasets, including MIMIC-IV, WESAD, eICU, and more.") == [
        "MIMIC-IV",
        "WESAD",
        "eICU",
    ]


# head nouns, years and introduced names


def test_a_descriptive_compound_before_a_dataset_head_noun_is_no_name():
    doc, ctx = with_context(
        "It fits the US-centric dataset, an EHR-grounded benchmark and WordNet-annotated datasets."
    )
    assert [c.text for c in head_noun_candidates(doc, ctx)] == ["WordNet-annotated"]


def test_a_compound_after_a_generic_word_before_a_dataset_head_noun_is_no_name():
    doc, ctx = with_context("It fits an AI-ready dataset and an LLM-generated benchmark.")
    assert head_noun_candidates(doc, ctx) == []


def test_capitalised_words_before_a_dataset_head_noun():
    doc, ctx = with_context("We train on the Gigaword corpus and the Foo Bar test set.")
    cands = head_noun_candidates(doc, ctx)
    assert [(c.text, c.label, c.source) for c in cands] == [
        ("Gigaword", "DATASET", "head"),
        ("Foo Bar", "DATASET", "head"),
    ]


def test_a_plural_data_head_heads_every_name_listed_before_it():
    doc, ctx = with_context("It was evaluated on the Conference, Geolink, and Taxon datasets.")
    cands = head_noun_candidates(doc, ctx)
    assert sorted(c.text for c in cands) == ["Conference", "Geolink", "Taxon"]
    assert {c.label for c in cands} == {"DATASET"}


def test_a_singular_data_head_heads_only_the_name_before_it():
    doc, ctx = with_context("We compare Foo, Bar, and the Baz dataset.")
    assert [c.text for c in head_noun_candidates(doc, ctx)] == ["Baz"]


def test_generic_or_numeric_words_before_a_head_noun_are_not_names():
    doc, ctx = with_context("We use the LLM benchmark and the 2024 dataset.")
    assert head_noun_candidates(doc, ctx) == []


def test_common_words_capitalised_by_the_sentence_start_before_a_plural_head_name_nothing():
    doc, ctx = with_context("Parallel corpora have been used. Two data sets are adopted.")
    assert head_noun_candidates(doc, ctx) == []


def test_language_names_before_a_plural_head_name_nothing():
    doc, ctx = with_context("We built new Spanish and German datasets for this.")
    assert head_noun_candidates(doc, ctx) == []


def test_common_words_in_a_title_before_a_plural_head_name_nothing():
    doc, ctx = with_context("Lexical Comparison Between Wikipedia and Twitter Corpora")
    assert head_noun_candidates(doc, ctx) == []


def test_a_proper_noun_before_a_plural_head_mid_sentence_is_a_name():
    doc, ctx = with_context("It gains 5.2% on three Amazon benchmarks and the Foo corpora.")
    assert [c.text for c in head_noun_candidates(doc, ctx)] == ["Amazon", "Foo"]


def test_a_capitalised_word_before_a_tool_head_is_a_method_candidate():
    doc, ctx = with_context("We decode with the Kaldi toolkit and tune with the Optuna library.")
    assert [(c.text, c.hint) for c in tool_head_candidates(doc, ctx)] == [
        ("Kaldi", "METHOD"),
        ("Optuna", "METHOD"),
    ]


def test_common_words_languages_and_name_adjectives_before_a_tool_head_are_no_names():
    doc, ctx = with_context("We ship a Python package, a Bayesian optimizer and a Deep toolkit.")
    assert tool_head_candidates(doc, ctx) == []


def test_a_sentence_opening_word_before_a_tool_head_is_no_name():
    doc, ctx = with_context("It runs. Kaldi toolkit recipes follow.")
    assert tool_head_candidates(doc, ctx) == []


def test_campaign_and_year_is_a_dataset_hint():
    doc, ctx = with_context("It reaches 28.4 BLEU on WMT 2014 and CoNLL 2003, in May 2020.")
    cands = year_named_candidates(doc, ctx)
    assert [(c.text, c.hint) for c in cands] == [("WMT 2014", "DATASET"), ("CoNLL 2003", "DATASET")]


def test_a_campaign_glued_to_its_year_keeps_the_task_after_it():
    doc, ctx = with_context("We join SemEval-2025 Task 5, SemEval-2010 Task-8 and CoNLL-2003.")
    assert [(c.text, c.hint) for c in year_named_candidates(doc, ctx)] == [
        ("SemEval-2025 Task 5", "DATASET"),
        ("SemEval-2010 Task-8", "DATASET"),
        ("CoNLL-2003", "DATASET"),
    ]


def test_a_known_benchmark_with_a_two_digit_year_is_one_name():
    doc, ctx = with_context("It gains 8.8% on AIME 24, but Table 24 and Zorplex 24 stay.")
    assert [c.text for c in year_named_candidates(doc, ctx)] == ["AIME 24"]


def test_capitalised_word_after_we_present_before_a_comma_is_introduced():
    doc, ctx = with_context(
        "We present Eywa, a memory system. This work introduces Kestrel (ours). "
        "They present Zeta, a model. We present Orca and more."
    )
    assert [(c.text, c.source) for c in proposed_name_candidates(doc, ctx)] == [
        ("Eywa", "proposal"),
        ("Kestrel", "proposal"),
    ]


def test_an_adverb_may_stand_between_we_and_the_proposal_verb():
    doc, ctx = with_context("We also release Misviz-synth, a synthetic dataset.")
    assert [c.text for c in proposed_name_candidates(doc, ctx)] == ["Misviz-synth"]


def test_a_lower_case_coinage_needs_we_right_before_the_proposal_verb():
    doc, ctx = with_context("We also introduce pause-tuning, a technique that helps.")
    assert proposed_name_candidates(doc, ctx) == []


def test_an_introduced_name_may_open_with_a_lower_case_letter():
    doc, ctx = with_context("We present fMRI-LM, a foundational model.")
    assert [c.text for c in proposed_name_candidates(doc, ctx)] == ["fMRI-LM"]


def test_a_release_number_after_an_introduced_name_is_part_of_it():
    doc, ctx = with_context("We present Sylber 2.0, a framework. We present Orca 2.0 and more.")
    assert [c.text for c in proposed_name_candidates(doc, ctx)] == ["Sylber 2.0"]


# overlaps


OVERLAP_TEXT = "We propose Deep Foo Net, a model. The Quick Bar Model wins."


def resolved(cands):
    _doc, ctx = with_context(OVERLAP_TEXT)
    return [(c.text, c.source) for c in resolve_overlaps(cands, ctx)]


def test_longest_candidate_wins_an_overlap():
    got = resolved([Candidate(16, 19, "Foo", "lexicon"), Candidate(16, 23, "Foo Net", "shape")])
    assert got == [("Foo Net", "shape")]


def test_acronym_definition_beats_a_longer_candidate():
    got = resolved(
        [Candidate(38, 53, "Quick Bar Model", "shape"), Candidate(44, 47, "Bar", "acronym")]
    )
    assert got == [("Bar", "acronym")]


def test_title_run_loses_to_a_shorter_name_outside_a_proposal():
    got = resolved(
        [Candidate(38, 53, "Quick Bar Model", "title"), Candidate(38, 47, "Quick Bar", "shape")]
    )
    assert got == [("Quick Bar", "shape")]


def test_proposed_title_run_beats_a_shorter_name():
    got = resolved(
        [Candidate(16, 19, "Foo", "lexicon"), Candidate(11, 23, "Deep Foo Net", "title")]
    )
    assert got == [("Deep Foo Net", "title")]


def test_listed_reading_of_a_kept_span_joins_it():
    got = resolved(
        [
            Candidate(44, 47, "Bar", "shape"),
            Candidate(44, 47, "Bar", "list"),
            Candidate(44, 47, "Bar", "head"),
        ]
    )
    assert got == [("Bar", "shape"), ("Bar", "list")]


def test_resolved_candidates_are_in_text_order():
    got = resolved([Candidate(38, 47, "Quick Bar", "shape"), Candidate(16, 23, "Foo Net", "shape")])
    assert got == [("Foo Net", "shape"), ("Quick Bar", "shape")]


def test_inside_metric_for_a_name_overlapping_a_metric_hit():
    doc = make_doc("We report FID-50K for FooNet.")
    assert inside_metric(doc, Candidate(10, 13, "FID", "shape"))
    assert not inside_metric(doc, Candidate(10, 13, "FID", "acronym"))
    assert not inside_metric(doc, Candidate(22, 28, "FooNet", "shape"))


def test_a_size_token_after_a_shaped_model_name_is_part_of_it():
    doc = get_nlp()("With Qwen3-Coder 480B, masking helps.")
    assert "Qwen3-Coder 480B" in [c.text for c in shape_candidates(doc)]


def test_a_release_word_right_after_a_versioned_name_is_part_of_it():
    cands = shape_candidates(get_nlp()("GPT-5.2 Pro leads, then FooNet Pro."))
    shaped = [c.text for c in cands if c.source == "shape"]
    assert shaped == ["GPT-5.2 Pro", "FooNet"]  # no version: the "Pro" of FooNet may be a word


def test_a_known_family_and_a_release_code_are_one_model_name():
    cands = shapes("Models such as DeepSeek R1T2 and Qwen 3 win.")
    assert (cands["DeepSeek R1T2"].source, cands["DeepSeek R1T2"].hint) == ("shape", "METHOD")
    assert shapes("Models such as Zorplex R1T2 win.")["Zorplex R1T2"].source == "title"


def test_a_bare_number_after_a_shaped_name_is_not_part_of_it():
    doc = get_nlp()("FooNet 2 reaches 3 points.")
    assert [c.text for c in shape_candidates(doc)] == ["FooNet"]


def test_a_head_noun_before_a_measure_heads_no_dataset_name():
    doc, ctx = with_context("FSD matches SD benchmark accuracy and beats the Gigaword corpus.")
    assert [c.text for c in head_noun_candidates(doc, ctx)] == ["Gigaword"]


def test_a_lower_case_coinage_with_a_method_appositive_is_proposed():
    doc, ctx = with_context("We introduce pause-tuning, a technique that helps.")
    assert [c.text for c in proposed_name_candidates(doc, ctx)] == ["pause-tuning"]


def test_a_lower_case_coinage_without_a_method_appositive_is_no_name():
    doc, ctx = with_context("We introduce fine-tuning, a step that helps.")
    assert proposed_name_candidates(doc, ctx) == []


def test_a_lower_case_name_of_two_to_four_words_after_we_propose_is_coined():
    doc, ctx = with_context("We propose dynamic Stiefel routing: a pool of filters.")
    assert [c.text for c in proposed_name_candidates(doc, ctx)] == ["dynamic Stiefel routing"]
    doc, ctx = with_context("We introduce process sidecars, a family of edits.")
    assert [c.text for c in proposed_name_candidates(doc, ctx)] == ["process sidecars"]


def test_a_description_after_we_propose_is_no_coined_name():
    for text in (
        "We propose several new strategies for this.",
        "We propose using graph neural networks, which work.",
        "We propose graph-based methods for this.",
        "We release our code and data.",
        "We present PEAR-a fast planner.",
    ):
        doc, ctx = with_context(text)
        assert proposed_name_candidates(doc, ctx) == [], text


def test_a_capitalised_head_noun_is_part_of_the_dataset_name():
    doc, ctx = with_context("We test on the Waymo Open Motion Dataset and the Gigaword corpus.")
    assert [c.text for c in head_noun_candidates(doc, ctx)] == [
        "Waymo Open Motion Dataset",
        "Gigaword",
    ]


def test_a_lexicon_name_glued_to_a_modifier_is_a_compound_candidate():
    doc = make_doc("It uses a Mamba-based backbone and a Wordy-based head.")
    got = compound_lexicon_candidates(doc, set())
    assert [(c.text, c.source, c.label) for c in got] == [("Mamba", "compound", "METHOD")]


def test_a_lower_case_model_id_of_a_known_method_is_a_candidate():
    doc = make_doc("We tune distilbert-base-uncased, roberta-large and multi-agent set-ups.")
    got = model_id_candidates(doc, set())
    assert [c.text for c in got] == ["distilbert-base-uncased", "roberta-large"]


def test_a_model_id_may_carry_a_language_and_a_release_part():
    doc = make_doc("We embed with bge-base-en-v1.5 and e5-large-v2, not bge-based-retrieval.")
    got = model_id_candidates(doc, set())
    assert [c.text for c in got] == ["bge-base-en-v1.5", "e5-large-v2"]


def test_more_name_shapes_with_digits_and_bench_suffixes():
    got = shapes("We test on Ego-Exo4D and tau^2-bench here.")
    assert {"Ego-Exo4D", "tau^2-bench"} <= set(got)
    assert not shapes("A 3D scene and 3DVG datasets here.")


def test_a_family_or_assisted_compound_cuts_to_its_name():
    texts = [
        c.text for c in shape_candidates(make_doc("Across GRPO-family and FooNet-assisted runs."))
    ]
    assert texts == ["GRPO", "FooNet"]


def test_counted_method_list_after_a_comma():
    assert listed("This leads to two new variants, RLPO and RLMO, which train stably.") == [
        "RLPO",
        "RLMO",
    ]


def test_counted_method_list_needs_a_shaped_member():
    assert listed("It is driven by three inner agents: Main, Tester, Architect.") == []


def test_a_backronym_capital_inside_a_common_word_is_no_shape():
    got = shapes("We find Task-specific paRameters via probing for eICU and mBERT.")
    assert "paRameters" not in got and {"eICU", "mBERT"} <= set(got)


def test_a_determiner_hyphened_to_a_name_is_a_dash():
    cand = shapes("We propose PEAR-a fast framework for meshes.")["PEAR"]
    assert (cand.start, cand.end) == (11, 15)


def test_capitals_that_open_a_common_word_keep_the_shape():
    assert {"DAgger", "GloVe"} <= set(shapes("We train with DAgger and GloVe vectors."))


def lexicon_texts(text):
    return [c.text for c in lexicon_candidates(make_doc(text))]


def test_a_title_case_word_before_a_known_method_names_a_variant():
    assert lexicon_texts("Our agent uses Adaptive Random Forests and Local SGD.") == [
        "Adaptive Random Forests",
        "Local SGD",
    ]
    assert lexicon_texts("We compare with a Romanian BERT model.") == ["Romanian BERT"]


def test_a_maker_or_a_sentence_start_is_no_variant_word():
    got = lexicon_texts("We use Anthropic Claude 3.5 Sonnet and Google BERT.")
    assert "Claude 3.5 Sonnet" in got and "BERT" in got
    assert not any(t.startswith(("Anthropic", "Google")) for t in got)
    assert lexicon_texts("Standard BERT fails here.") == ["BERT"]


def test_an_adjective_made_from_a_name_before_a_known_method_names_a_variant():
    assert lexicon_texts("We employ Riemannian Flow Matching to train it.") == [
        "Riemannian Flow Matching"
    ]


def test_a_capitalised_word_an_appositive_calls_a_model_or_platform_is_a_candidate():
    doc, ctx = with_context(
        "The branch uses Chronos, a T5-based time series foundation model, and beats"
        " Metaculus, a leading human-curated forecasting platform."
    )
    assert texts(appositive_named_candidates(doc, ctx)) == ["Chronos", "Metaculus"]


def test_common_words_places_and_other_appositives_make_no_candidate():
    doc, ctx = with_context("We use Python, a programming language, visit Paris, a city, and Bert.")
    assert appositive_named_candidates(doc, ctx) == []


def test_an_instruction_or_release_tag_ends_a_shaped_model_name():
    got = set(shapes("We tune Gemma-2-9B-it and Mistral-7B-v0.1 here."))
    assert {"Gemma-2-9B-it", "Mistral-7B-v0.1"} <= got


def test_an_acronym_defined_named_theory_is_a_candidate_that_needs_no_support():
    doc, ctx = with_context(
        "It builds on Self-Determination Theory (SDT) and Category Theory (CT)."
    )
    cands, _, _ = acronym_candidates(doc, ctx)
    assert [(c.text, c.needs_support) for c in cands] == [("Self-Determination Theory", False)]
