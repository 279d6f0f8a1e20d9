"""Methods and datasets on hand-written sentences: shapes, acronyms, types and roles."""

from tests.conftest import extract_text, names


def test_proposed_method_with_acronym():
    r = extract_text(
        "We propose Sparse Mixture Routing (SMR), a routing method for experts. "
        "SMR outperforms BASE-Layers on C4."
    )
    methods = {m.name: m for m in r.methods}
    assert methods["Sparse Mixture Routing"].aliases == ["SMR"]
    assert methods["Sparse Mixture Routing"].role == "proposed"
    mentions = [m.text for m in methods["Sparse Mixture Routing"].mentions]
    assert mentions == ["Sparse Mixture Routing (SMR)", "SMR"]
    assert names(r.datasets) == {"C4": "used"}


def test_compared_after_outperforms():
    r = extract_text("Our model, FastSeg, outperforms SegFormer and Mask2Former on ADE20K.")
    got = names(r.methods)
    assert got["FastSeg"] == "proposed"
    assert got["SegFormer"] == "compared" and got["Mask2Former"] == "compared"
    assert names(r.datasets) == {"ADE20K": "used"}


def test_fronted_compared_to_does_not_make_subject_a_baseline():
    r = extract_text(
        "We introduce NovaNet, a detector. Compared to prior detectors, NovaNet "
        "doubles recall on COCO."
    )
    assert names(r.methods)["NovaNet"] == "proposed"


def test_generic_acronyms_are_not_methods():
    r = extract_text(
        "Large language models (LLMs) trained with reinforcement learning (RL) "
        "help automatic speech recognition (ASR) on GPUs."
    )
    assert r.methods == []


def test_coordinated_datasets_after_on():
    r = extract_text("On HellaSwag, WinoGrande and ZebraLogic, our approach improves accuracy.")
    assert set(names(r.datasets)) == {"HellaSwag", "WinoGrande", "ZebraLogic"}


def test_dataset_head_noun_types_unknown_names():
    r = extract_text("We evaluate on the FooSet-X and BarCorpus-2 datasets.")
    assert set(names(r.datasets)) == {"FooSet-X", "BarCorpus-2"}


def test_proposed_dataset_by_appositive():
    r = extract_text("We release GridWorld-Pro, a benchmark of 500 puzzles.")
    assert names(r.datasets) == {"GridWorld-Pro": "proposed"}
    assert r.methods == []


def test_size_variant_of_proposed_name_is_proposed_method():
    r = extract_text(
        "We introduce OrcaData, a corpus of proofs. OrcaData-13B reaches 61.2% "
        "accuracy, beating Llama-3-8B."
    )
    assert names(r.methods) == {"OrcaData-13B": "proposed", "Llama-3-8B": "compared"}
    assert names(r.datasets) == {"OrcaData": "proposed"}


def test_compound_suffix_is_cut_and_baselines_compared():
    r = extract_text("It is 3x faster than strong PPO-based baselines.")
    assert names(r.methods) == {"PPO": "compared"}


def test_title_run_needs_support():
    r = extract_text(
        "The model solves three tasks: Temporal Ordering, Frame Prediction and Scene Review."
    )
    assert r.methods == [] and r.datasets == []


def test_such_as_class_noun():
    r = extract_text("Optimizers such as Adafactor and Sophia are popular.")
    assert set(names(r.methods)) == {"Adafactor", "Sophia"}


def test_mentions_point_at_raw_text():
    raw = r"This paper introduces \textit{MelodyNet}, a model; \textit{MelodyNet} wins."
    r = extract_text(raw)
    (m,) = r.methods
    assert [x.text for x in m.mentions] == ["MelodyNet", "MelodyNet"]
    for x in m.mentions:
        assert raw[x.start : x.end] == x.text


def test_dataset_mention_keeps_its_head_noun():
    r = extract_text("We train on the Gigaword corpus and test on the Foo-Bar dataset.")
    got = {d.name: [m.text for m in d.mentions] for d in r.datasets}
    assert got == {"Gigaword": ["Gigaword corpus"], "Foo-Bar": ["Foo-Bar dataset"]}


def test_defined_measure_becomes_a_metric_not_a_method():
    r = extract_text(
        "We propose DOVER-Lap, which lowers the Diarization Error Rate (DER) by 19%. "
        "DER drops further."
    )
    assert names(r.methods) == {"DOVER-Lap": "proposed"}
    (metric,) = r.metrics
    assert metric.name == "diarization error rate"
    assert [m.text for m in metric.mentions] == ["Diarization Error Rate (DER)", "DER"]
    assert r.results[0].metric == "diarization error rate"


def test_units_tasks_and_metric_prefixes_are_not_names():
    r = extract_text(
        "For Text-to-SQL at 48 kHz, our model improves Top-1 accuracy and NDCG@10 "
        "over CAVs and GNNs."
    )
    assert r.methods == [] and r.datasets == []
    assert {m.name for m in r.metrics} == {"top-1 accuracy", "ndcg@10"}


def test_lowercase_long_form_needs_support():
    r = extract_text("Plasma obeys magnetohydrodynamic (MHD) equilibrium in tokamaks.")
    assert r.methods == []
    r = extract_text("We propose multi-scale contrastive distillation (MCD) for retrieval.")
    assert names(r.methods) == {"multi-scale contrastive distillation": "proposed"}


def test_capitals_then_word_shape():
    r = extract_text("Our model outperforms NU-Wave and WSRGlow on VCTK.")
    assert names(r.methods) == {"NU-Wave": "compared", "WSRGlow": "compared"}


def test_a_title_run_headed_by_an_agent_noun_is_a_method_without_more_support():
    r = extract_text("It adds a Scene Graph Constraint Reasoner that builds graphs.")
    assert names(r.methods) == {"Scene Graph Constraint Reasoner": "used"}


def test_a_computing_resource_alone_is_no_method():
    r = extract_text("It outperforms RAM and GPU baselines, and the KV baseline of BERT.")
    assert set(names(r.methods)) == {"BERT"}


def test_an_acronym_with_a_glued_version_is_a_name():
    r = extract_text("We report main results with YOLOv10, and compare with GATv2.")
    assert set(names(r.methods)) == {"YOLOv10", "GATv2"}


def test_an_appositive_headed_by_an_agent_noun_makes_a_method():
    r = extract_text("Building on YOLOv10, an NMS-free dual-head detector, we adapt it.")
    assert names(r.methods) == {"YOLOv10": "used"} and r.datasets == []


def test_lower_case_letter_digit_model_names_are_names_but_versions_are_not():
    r = extract_text("We compare GPT-4o-mini and o1-mini, and fine-tune Whisper v3-large.")
    assert "o1-mini" in names(r.methods) and "v3-large" not in names(r.methods)


def test_short_form_of_a_lexicon_metric_keeps_its_canonical_name():
    r = extract_text("We reach a Pearson correlation coefficient (PCC) of 0.76; PCC is stable.")
    (metric,) = r.metrics
    assert metric.name == "pearson correlation"
    assert [m.text for m in metric.mentions][-1] == "PCC"


def test_bare_short_acronyms_need_context():
    assert extract_text("The MR images and CS data were used.").methods == []
    assert names(extract_text("Our method outperforms MAE and CS.").methods) == {"CS": "compared"}


def test_title_case_measure_is_a_metric():
    r = extract_text("We introduce the Temporal Meal Score and improve it by 12%.")
    assert r.methods == []
    assert [m.name for m in r.metrics] == ["temporal meal score"]


def test_long_form_starting_with_a_function_word_is_rejected():
    r = extract_text("It is compared with an identical model trained on cardiac data (CMR-DL).")
    assert all(" with " not in m.name for m in r.methods)


def test_model_family_names_keep_their_version_words():
    r = extract_text("We evaluate Claude Sonnet 4.5, Gemini 2.5 Pro and GPT 5 on it.")
    assert set(names(r.methods)) == {"Claude Sonnet 4.5", "Gemini 2.5 Pro", "GPT 5"}


def test_listed_names_are_whole_runs():
    r = extract_text("Unlike baselines such as Uniform Sampling and Selective LDP, ours is fast.")
    assert set(names(r.methods)) == {"Uniform Sampling", "Selective LDP"}


def test_acronym_without_parentheses_after_a_title_run():
    r = extract_text("We introduce Recursive KL Divergence Optimization RKDO for clustering.")
    (m,) = r.methods
    assert (m.name, m.aliases, m.role) == (
        "Recursive KL Divergence Optimization",
        ["RKDO"],
        "proposed",
    )


def test_name_before_metric_noun_is_a_metric():
    r = extract_text("We propose FooNet, which gains 12% on the HALLU-R metric.")
    assert names(r.methods) == {"FooNet": "proposed"}
    assert [m.name for m in r.metrics] == ["hallu-r"]


def test_datasets_listed_in_parentheses_after_a_head_noun():
    r = extract_text("We test on two real-world datasets (zebraD, KoalaSet) with success.")
    assert set(names(r.datasets)) == {"zebraD", "KoalaSet"}


def test_pretrained_on_compound_suggests_a_dataset():
    r = extract_text("The XYZW-pretrained encoder transfers well to new cells.")
    assert names(r.datasets) == {"XYZW": "used"}


def test_size_variants_of_a_proposed_family_are_proposed_but_its_parts_are_not():
    r = extract_text(
        "We present Orca3, a model family. Orca3-7B and Orca3-Audio are strong. "
        "We propose Loose Speculative Decoding, unlike Speculative Decoding."
    )
    got = names(r.methods)
    assert got["Orca3-7B"] == got["Orca3-Audio"] == "proposed"
    assert got["Speculative Decoding"] != "proposed"


def test_generic_long_form_is_not_a_title_candidate():
    r = extract_text("We present HazQA, a novel Vision Question Answering (VQA) dataset.")
    assert r.methods == [] and names(r.datasets) == {"HazQA": "proposed"}


def test_campaign_and_year_name_a_dataset():
    r = extract_text("TransFoo reaches 28.4 BLEU on WMT 2014 English-German, beating ConvS2S.")
    assert names(r.datasets) == {"WMT 2014": "used"}
    assert r.results[0].dataset == "WMT 2014"


def test_versioned_names_with_word_suffixes_and_environment_names():
    r = extract_text("We fine-tune Llama-3.1-70B-Instruct and test it in Highway-env.")
    assert "Llama-3.1-70B-Instruct" in names(r.methods)
    assert names(r.datasets) == {"Highway-env": "used"}


def test_hyphenated_acronym_after_a_title_run():
    r = extract_text("Frameworks like Information Contrastive Learning I-Con unify them.")
    (m,) = r.methods
    assert (m.name, m.aliases) == ("Information Contrastive Learning", ["I-Con"])


def test_pairs_of_generic_terms_and_complexity_classes_are_not_names():
    r = extract_text("We propose a CPU-GPU scheduler for this NP-hard problem.")
    assert r.methods == []


def test_transfer_target_is_a_dataset():
    r = extract_text("We train on our corpus and test transfer to ZULUX to measure robustness.")
    assert names(r.datasets) == {"ZULUX": "used"}


def test_benchmark_defined_in_the_abstract_is_proposed():
    r = extract_text("The Heuristic Trap Benchmark (HTB) spans 500 instances and shows gaps.")
    assert names(r.datasets) == {"Heuristic Trap Benchmark": "proposed"}


def test_multi_part_compound_suffix_is_cut():
    r = extract_text("A QLoRA-fine-tuned agent beats the ImageNet-pre-trained encoder.")
    assert "QLoRA" in names(r.methods)
    assert names(r.datasets) == {"ImageNet": "used"}


def test_appositive_metric_is_a_metric():
    r = extract_text("We propose GroX, a reference-free metric of utility. GroX rises by 9 points.")
    assert r.methods == [] and [m.name for m in r.metrics] == ["grox"]


def test_capitalised_metric_word_mid_sentence_is_a_name():
    r = extract_text("Its Recall, Plan and Update modules work; recall rises to 81%.")
    assert [len(m.mentions) for m in r.metrics] == [1]


def test_what_we_build_as_baselines_is_not_proposed():
    r = extract_text("As baselines we build a pipeline and a QLoRA-tuned agent with Foo-7B.")
    got = names(r.methods)
    assert "QLoRA" in got and all(role != "proposed" for role in got.values())


def test_parenthesised_list_after_a_data_noun_gives_datasets():
    r = extract_text(
        "Experiments on three open-source projects collected from the GitHub repository "
        "(Apollo, Carla, and Donkeycar) show gains."
    )
    assert names(r.datasets) == {"Apollo": "used", "Carla": "used", "Donkeycar": "used"}


def test_parenthesised_plain_words_after_a_method_noun_are_not_methods():
    r = extract_text("The system splits grading into three agents (Content, Structure, Language).")
    assert r.methods == []


def test_parenthesised_member_inside_a_longer_phrase_is_skipped():
    r = extract_text("We implement two techniques (LIME, Attention-based span highlights).")
    assert "Attention-based" not in names(r.methods)


def test_capitalised_word_introduced_by_we_present_is_proposed():
    r = extract_text("We present Eywa, a provenance-grounded memory system. Eywa stores facts.")
    assert names(r.methods) == {"Eywa": "proposed"}


def test_coined_caps_lowercase_compound_needs_support():
    supported = extract_text("We introduce SWE-smith, a novel pipeline for training data.")
    bare = extract_text("The CNN-extracted features help the classifier.")
    assert names(supported.methods) == {"SWE-smith": "proposed"} and bare.methods == []


def test_counted_dataset_list_after_comma_outweighs_a_method_lexicon():
    r = extract_text(
        "We use two different datasets, MultiWOZ 2.2 (5 domains) and SGD (20 domains). "
        "Agents fail on 30.5% of turns on MultiWOZ."
    )
    assert {d.name: d.aliases for d in r.datasets} == {"MultiWOZ 2.2": ["MultiWOZ"], "SGD": []}
    assert r.methods == []


def test_name_after_comma_following_datasets_is_not_listed():
    r = extract_text("Evaluated across multiple datasets, FooNet outperforms other methods.")
    assert r.datasets == []


def test_task_headed_long_form_is_generic():
    r = extract_text("Human Activity Recognition (HAR) is hard. Zero-shot HAR (ZS-HAR) is harder.")
    assert r.methods == [] and r.datasets == []


def test_proposal_verb_used_as_noun_does_not_propose():
    r = extract_text("This article explores the discourse after the release of ChatGPT.")
    assert names(r.methods) == {"ChatGPT": "used"}


def test_name_set_off_by_commas_after_the_proposed_object():
    r = extract_text("We introduce a framework to address this challenge, ConfLVLM, which is fast.")
    assert names(r.methods) == {"ConfLVLM": "proposed"}


def test_share_of_a_method_makes_it_a_comparison_point():
    r = extract_text("We propose FooNet. FooNet uses only 2% of LoRA parameters.")
    assert names(r.methods) == {"FooNet": "proposed", "LoRA": "compared"}
    assert (r.results[0].kind, r.results[0].method) == ("ratio", "FooNet")


def test_capitalised_metrics_in_a_list_are_metrics():
    r = extract_text("We report Precision, Recall and F1 for every system.")
    assert {m.name for m in r.metrics} == {"precision", "recall", "f1"}


def test_loss_function_is_not_a_metric():
    r = extract_text("We design a dual-objective semantic-visual loss function for the attack.")
    assert r.metrics == []


def test_model_tags_after_a_family_name_and_vendor_prefixes():
    r = extract_text(
        "We test OpenAI GPT o3-mini-high, DeepSeek R1 and Anthropic Claude 3.5 Sonnet."
    )
    assert [m.name for m in r.methods] == ["GPT o3-mini-high", "DeepSeek R1", "Claude 3.5 Sonnet"]


def test_list_after_class_noun_comma_including():
    r = extract_text("We describe standard 3DVG datasets, including ScanRefer, Sr3D, and Nr3D.")
    assert set(names(r.datasets)) == {"ScanRefer", "Sr3D", "Nr3D"} and r.methods == []


def test_colon_appositive_head():
    r = extract_text("To address this, we introduce Medical Malice: a dataset of 214,219 prompts.")
    assert names(r.datasets) == {"Medical Malice": "proposed"}


def test_imaging_modalities_are_not_methods():
    r = extract_text(
        "Tasks span Optical Coherence Tomography (OCT) and Color Fundus Photography (CFP)."
    )
    assert r.methods == [] and r.datasets == []


def test_unlabelled_name_in_a_dataset_list_is_a_dataset():
    r = extract_text("On AIME 2024, MinervaMath, OlympiadBench, Math500, and AMC, ORION gains.")
    assert "AMC" in names(r.datasets) and "AMC" not in names(r.methods)


def test_name_after_a_scene_setting_list_keeps_its_kind():
    r = extract_text(
        "We propose FooLLM. On FaithEval, ConFiQA and PubMedQA, FooLLM achieves the best."
    )
    assert names(r.methods) == {"FooLLM": "proposed"}


def test_lowercase_initial_camel_names_continue_a_list():
    r = extract_text("We use four clinical datasets, including MIMIC-IV, WESAD, eICU, and more.")
    assert set(names(r.datasets)) == {"MIMIC-IV", "WESAD", "eICU"}


def test_long_form_ending_in_a_modifier_is_not_a_name():
    r = extract_text("It shows how Classical-Holographic-Quantum-inspired (CHQ) principles help.")
    assert r.methods == [] and r.datasets == []


def test_a_lexicon_name_in_a_compound_is_used_and_owns_no_value():
    r = extract_text("We propose TrInk, a Mamba-based writer that reaches 35.5% accuracy.")
    assert names(r.methods) == {"TrInk": "proposed", "Mamba": "used"}
    assert r.results[0].method == "TrInk"


def test_a_title_run_that_performs_is_a_method():
    r = extract_text("We compare strategies. Entropy Sampling achieved 93.7% accuracy on X.")
    assert "Entropy Sampling" in names(r.methods)


def test_names_listed_after_metrics_are_measures():
    r = extract_text(
        "We introduce four metrics: Reliability Decay Curve (RDC), Variance Amplification "
        "Factor (VAF), and Meltdown Onset Point (MOP)."
    )
    assert r.methods == []
    assert {m.name for m in r.metrics} == {
        "reliability decay curve",
        "variance amplification factor",
        "meltdown onset point",
    }


def test_a_hyphenated_variant_of_a_known_dataset_is_a_dataset():
    r = extract_text("We evaluate on spiking (Neuro-MNIST, SHD) datasets and MNIST.")
    assert "Neuro-MNIST" in names(r.datasets) and not r.methods


def test_a_definition_followed_by_a_field_noun_is_a_task():
    r = extract_text("However, in remote sensing (RS) tasks, models narrate the reasoning.")
    assert not r.methods and not r.datasets


def test_a_lower_case_definition_followed_by_a_class_noun_is_a_class():
    r = extract_text("Current object re-identification (ReID) methods train specific models.")
    assert not r.methods and not r.datasets


def test_a_known_short_form_before_a_class_noun_stays_a_method():
    r = extract_text("It works with contrastive language-image pretraining (CLIP) architectures.")
    assert r.methods


def test_a_long_form_naming_a_medical_condition_is_no_method():
    r = extract_text("Knee Osteoarthritis (KOA) is a musculoskeletal condition of older people.")
    assert not r.methods and not r.datasets


def test_a_definition_followed_by_a_task_head_is_a_task():
    r = extract_text("Multivariate time series (MTS) forecasting is vital in many domains.")
    assert not r.methods and not r.datasets


def test_accelerator_model_ids_are_no_names():
    r = extract_text("We measure latency on MI210 and A100 GPUs with FooNet-7B.")
    assert not r.datasets and [m.name for m in r.methods] == ["FooNet-7B"]


def test_a_variety_of_a_language_is_no_method():
    r = extract_text("Speakers of Standard American English (SAE) see fewer failures.")
    assert not r.methods and not r.datasets


def test_a_lower_case_prefixed_plural_acronym_is_a_class():
    r = extract_text("Diffusion Large Language Models (dLLMs) have emerged as an alternative.")
    assert not r.methods


def test_a_coined_name_glued_to_a_measure_head_is_a_metric():
    r = extract_text("Hypotheses generated by FooNet reach an IAScore of 0.968 on X.")
    assert "iascore" in {m.name for m in r.metrics} and "IAScore" not in names(r.methods)


def test_another_casing_of_a_lexicon_name_letters_and_digits_is_that_name():
    r = extract_text("CODI matches explicit CoT on GSM8k while achieving 3.1x compression.")
    assert names(r.datasets) == {"GSM8K": "used"}


def test_a_name_a_share_is_taken_of_is_a_dataset():
    r = extract_text("Such questions are less than 0.06% of CounterFact and 1.3% of TOFU and MUSE.")
    assert names(r.datasets) == {"CounterFact": "used", "TOFU": "used", "MUSE": "used"}


def test_a_share_of_a_noun_after_a_name_is_no_dataset_vote():
    r = extract_text("FooNet uses 0.03% of AdapterFusion parameters and outperforms AdapterFusion.")
    assert "AdapterFusion" in names(r.methods)


def test_a_baseline_for_a_field_opens_no_comparison():
    r = extract_text("This work is a baseline for Hindi tourism QA, showing the role of LoRA.")
    assert names(r.methods)["LoRA"] == "used"


def test_a_long_form_is_headed_before_its_for_phrase():
    r = extract_text(
        "We introduce DEEVISum (Distilled Early Exit Vision language model for Summarization),"
        " a lightweight vision language model."
    )
    assert names(r.methods) == {
        "Distilled Early Exit Vision language model for Summarization": "proposed"
    }


def test_a_spaced_variant_of_a_known_dataset_is_a_dataset():
    r = extract_text("We introduce Emergence WebVoyager, an enhanced version of WebVoyager.")
    assert "Emergence WebVoyager" in names(r.datasets) and not r.methods


def test_a_later_bare_family_name_is_a_mention_of_the_full_model():
    r = extract_text("We test Claude Sonnet 4.6 and GLM-5-turbo. Claude reaches 86.4%, GLM 88%.")
    assert names(r.methods) == {"Claude Sonnet 4.6": "used", "GLM-5-turbo": "used"}


def test_a_later_bare_family_name_is_a_mention_of_a_glued_release():
    r = extract_text("We fine-tune Qwen2.5-7B and Pythia-1.4B. Probes on Qwen reach 0.9.")
    assert names(r.methods) == {"Qwen2.5-7B": "used", "Pythia-1.4B": "used"}


def test_a_family_name_written_before_its_variant_stays_itself():
    r = extract_text("We compare BERT with BERT-large and RoBERTa on GLUE.")
    assert {"BERT", "BERT-large"} <= set(names(r.methods))


def test_a_title_run_ending_in_a_method_head_needs_no_other_support():
    r = extract_text("Janus uses a Memory Momentum Trigger to flag deviations in updates.")
    assert "Memory Momentum Trigger" in names(r.methods)


def test_a_title_run_without_a_method_head_still_needs_support():
    r = extract_text("Theory of Mind refers to the Decision Making of agents in games.")
    assert not r.methods


def test_an_undefined_word_of_capitals_needs_support_to_be_a_method():
    assert extract_text("The system must comply with HIPAA and GDPR.").methods == []
    r = extract_text("We outperform MUTEK by 3%.")
    assert [(m.name, m.role) for m in r.methods] == [("MUTEK", "compared")]


def test_a_word_of_capitals_the_field_catalogues_know_is_a_method():
    r = extract_text("We detect objects with DETR and track them.")
    assert [m.name for m in r.methods] == ["DETR"]


def test_an_evaluation_framework_is_a_benchmark():
    r = extract_text("We introduce BenHalluEval, a hallucination evaluation framework.")
    assert [d.name for d in r.datasets] == ["BenHalluEval"] and r.methods == []
    r = extract_text("We propose MERMAID, a multi-agent veracity checking framework.")
    assert [m.name for m in r.methods] == ["MERMAID"]


def test_a_known_dataset_named_in_a_setting_survives_a_task_definition_of_its_name():
    r = extract_text(
        "Document visual question answering (DocVQA) is hard. FooNet reaches 91.4% ANLS on DocVQA."
    )
    assert [d.name for d in r.datasets] == ["DocVQA"]


def roles(text):
    r = extract_text(text)
    return {e.name: e.role for e in [*r.methods, *r.datasets]}


def test_a_single_author_proposes_with_i():
    assert roles("I introduce CrossTrace, a dataset of reasoning traces.") == {
        "CrossTrace": "proposed"
    }


def test_a_proposal_verb_after_and_ends_a_comparison_scope():
    text = "We ask whether LLMs match a Bayesian reasoner, and introduce BayesBench, a suite."
    assert roles(text) == {"BayesBench": "proposed"}


def test_a_dataset_with_a_new_benchmark_appositive_is_proposed():
    text = "Evaluations on MEnvBench, a new benchmark of 1,000 tasks, show gains."
    assert roles(text) == {"MEnvBench": "proposed"}
    assert roles("Evaluations on MEnvBench, a benchmark of 1,000 tasks, show gains.") == {
        "MEnvBench": "used"
    }


def test_a_coined_part_named_by_a_proposed_method_is_proposed():
    text = (
        "We propose PFformer. PFformer integrates two novel embedding strategies: Enhanced "
        "Feature-based Embedding (EFE) and Auto-Encoder-based Embedding (AEE)."
    )
    assert roles(text) == {
        "PFformer": "proposed",
        "Enhanced Feature-based Embedding": "proposed",
        "Auto-Encoder-based Embedding": "proposed",
    }


def test_a_known_part_named_by_a_proposed_method_is_used():
    text = "We present OrcaRouter. OrcaRouter combines a LinUCB-based bandit with LoRA."
    assert roles(text) == {"OrcaRouter": "proposed", "LinUCB": "used", "LoRA": "used"}


def test_a_name_tested_in_is_a_dataset():
    r = extract_text("Evaluations in OpenMines demonstrate a 10% gain over PPO.")
    assert [d.name for d in r.datasets] == ["OpenMines"]


def test_methods_listed_as_prior_work_are_compared():
    text = "Traditional retrieval methods such as BM25 and DeepRet excel at relevance."
    assert roles(text) == {"BM25": "compared", "DeepRet": "compared"}
    assert roles("We use retrieval methods such as BM25 and DeepRet.") == {
        "BM25": "used",
        "DeepRet": "used",
    }


def test_a_name_before_a_concept_noun_is_no_method():
    r = extract_text(
        "We ground ReuseRL in the Minimum Description Length (MDL) principle. Generative AI "
        "amplifies the Dunning-Kruger effect, while ReuseRL outperforms PPO."
    )
    assert set(names(r.methods)) == {"ReuseRL", "PPO"}


def test_a_title_run_that_opens_a_generic_class_phrase_is_no_name():
    r = extract_text("Large Language models help. A Vision-Language model plans with Mamba.")
    assert set(names(r.methods)) == {"Mamba"}


def test_names_listed_after_an_organisation_class_noun_are_makers_not_methods():
    r = extract_text("We test twelve models from five providers (Anthropic, OpenAI, DeepSeek).")
    assert r.methods == []
    r = extract_text("We use DeepSeek-R1 from companies such as DeepSeek and Alibaba.")
    assert names(r.methods) == {"DeepSeek-R1": "used"}


def test_names_after_data_items_from_are_datasets():
    r = extract_text("Benchmarking on 3000 unseen molecules from VQM24 and ZINC20 shows gains.")
    assert names(r.datasets) == {"VQM24": "used", "ZINC20": "used"} and not r.methods


def test_an_appositive_head_may_follow_a_defined_short_form():
    r = extract_text(
        "We developed JLSSD, the first 15-million-scale multi-temporal self-supervised "
        "learning (SSL) dataset featuring global coverage."
    )
    assert names(r.datasets) == {"JLSSD": "proposed"} and not r.methods


def test_a_camel_case_name_ending_in_score_is_a_measure():
    r = extract_text("GPT-4 outputs (HumanMachineScore: 0.20) bypass monitoring.")
    assert [m.name for m in r.metrics] == ["humanmachinescore"]
    assert "HumanMachineScore" not in names(r.methods)


def test_multi_agent_systems_are_a_class_not_a_name():
    r = extract_text("LLM-based Multi-Agent Systems (MAS) offer cooperative reasoning.")
    assert not r.methods and not r.datasets


def test_a_name_the_paper_presents_keeps_a_bare_release_number():
    r = extract_text("We present Mellum 2, an open-weight 12B-parameter language model.")
    assert names(r.methods) == {"Mellum 2": "proposed"}


def test_our_before_a_that_clause_owns_no_name_in_it():
    r = extract_text("Our evaluation shows that Llama 3.1 8B achieves the lowest error of 1.55%.")
    assert names(r.methods) == {"Llama 3.1 8B": "used"}


def test_title_case_components_the_proposed_method_introduces_are_proposed():
    r = extract_text(
        "We propose AgentShield, a framework for auditing. AgentShield introduces a novel "
        "defense: (i) Critical Node Auditing prioritizes agents; (ii) Light Token Auditing "
        "implements a cascade."
    )
    assert names(r.methods) == {
        "AgentShield": "proposed",
        "Critical Node Auditing": "proposed",
        "Light Token Auditing": "proposed",
    }


def test_parts_our_method_introduces_are_proposed_but_not_what_it_integrates():
    r = extract_text(
        "Our framework introduces three core mechanisms: (1) Performance-Aware Selection "
        "Modeling (PASM), which selects tools; and (2) Capability-Aligned Planning Optimization "
        "(CAPO), which guides planning."
    )
    assert names(r.methods) == {
        "Performance-Aware Selection Modeling": "proposed",
        "Capability-Aligned Planning Optimization": "proposed",
    }
    r = extract_text(
        "Our method integrates text preprocessing, feature extraction, Harris Hawks "
        "Optimization (HHO) for feature selection, and a stacking ensemble classifier."
    )
    assert names(r.methods).get("Harris Hawks Optimization") == "used"  # no part of its own


def test_parts_the_framework_introduces_after_a_proposal_are_proposed():
    r = extract_text(
        "We propose Zorp for traffic. The framework introduces two key modules: (1) Structured "
        "State Abstraction (SSA), converting data; and (2) Credit Assignment Feedback (CAF)."
    )
    assert names(r.methods)["Structured State Abstraction"] == "proposed"
    assert names(r.methods)["Credit Assignment Feedback"] == "proposed"


def test_the_with_a_name_before_the_method_head_is_no_own_subject():
    r = extract_text(
        "We study Credit Assignment Feedback (CAF). The CAF framework introduces Zorp Mixing."
    )
    assert names(r.methods).get("Zorp Mixing") != "proposed"


def test_categories_our_framework_introduces_are_no_methods():
    r = extract_text(
        "Our framework introduces two categories of questions: (1) ToM Reasoning, "
        "assessing the capacity to track states, and (2) ToM Application, evaluating use."
    )
    assert not {"ToM Reasoning", "ToM Application"} & set(names(r.methods))


def test_a_name_glued_to_a_compound_suffix_in_a_proposal_is_what_it_builds_on():
    r = extract_text(
        "We propose a ReAct-driven adaptive noising mechanism. This approach leverages the "
        "ReAct paradigm to refine prompts."
    )
    assert names(r.methods) == {"ReAct": "used"}


def test_new_parts_listed_after_a_proposal_and_a_colon_are_proposed():
    r = extract_text(
        "Here, we propose a two-part framework to study this: a Transition-Inducing Prompt "
        "(TIP) that triggers a shift, and a Transition Quantifying Prompt (TQP) that scores it."
    )
    assert names(r.methods) == {
        "Transition-Inducing Prompt": "proposed",
        "Transition Quantifying Prompt": "proposed",
    }
    r = extract_text(
        "We propose two filters: (i) the first reproduces the logits of the belief in a hidden "
        "Markov model (HMM) here."
    )
    assert names(r.methods).get("hidden Markov model") != "proposed"


def test_what_a_proposed_framework_is_built_on_is_used():
    r = extract_text("We present FooEval, a framework built natively on Apache Spark.")
    assert names(r.methods) == {"FooEval": "proposed", "Apache Spark": "used"}


def test_well_known_tools_are_methods():
    r = extract_text("We orchestrate jobs with Kubernetes, tune with Optuna and serve with Ollama.")
    assert names(r.methods) == {"Kubernetes": "used", "Optuna": "used", "Ollama": "used"}


def test_the_plural_of_a_known_method_is_a_method_even_after_experiments_on():
    r = extract_text("Experiments on SiTs show notable improvements in ImageNet synthesis.")
    assert "SiTs" in names(r.methods) and "SiTs" not in names(r.datasets)


def test_a_plural_beside_the_singular_name_is_one_item():
    r = extract_text("We build on SiT. Experiments on SiTs show gains in ImageNet synthesis.")
    assert names(r.methods) == {"SiT": "used"}
    assert "SiTs" in next(m.aliases for m in r.methods if m.name == "SiT")


def test_what_a_proposed_framework_is_built_on_stays_used_when_they_share_a_word():
    r = extract_text("We present Spark-Eval, a framework built natively on Apache Spark.")
    assert names(r.methods)["Apache Spark"] == "used"


def test_a_name_before_its_short_form_and_a_compound_suffix_is_what_it_builds_on():
    r = extract_text("We design a Kolmogorov-Arnold Network (KAN)-based Mixture of Experts.")
    assert names(r.methods) == {"Kolmogorov-Arnold Network": "used"}


def test_the_name_restating_a_proposal_after_i_e_is_proposed():
    r = extract_text(
        "We propose Mixture of experts for Graph-based Retrieval, i.e., MoG. "
        "MoG outperforms strong baselines."
    )
    assert names(r.methods) == {"MoG": "proposed"}


def test_names_listed_after_i_e_are_not_restating_the_proposal():
    r = extract_text(
        "We propose a framework for agents, i.e., GPT-4o, Claude-3-Opus and Gemini-1.5-Flash."
    )
    assert "proposed" not in names(r.methods).values()


def test_a_demo_introducing_a_system_proposes_it():
    r = extract_text("This demo introduces Focus360, a system designed to guide attention.")
    assert names(r.methods) == {"Focus360": "proposed"}


def test_a_first_sentence_definition_with_comma_joined_modifiers_proposes_the_name():
    r = extract_text("BotVerse is a scalable, event-driven framework for social simulation.")
    assert names(r.methods) == {"BotVerse": "proposed"}


def test_a_campaign_glued_to_its_year_is_a_dataset():
    r = extract_text("We present our submission to the Task 5 of SemEval-2025.")
    assert names(r.datasets) == {"SemEval-2025": "used"} and r.methods == []


def test_conferences_and_workshops_are_neither_methods_nor_datasets():
    r = extract_text(
        "It was organized at the Conference and Labs of the Evaluation Forum (CLEF) 2026 "
        "and the Workshop on Asian Translation (WAT2024)."
    )
    assert r.methods == [] and r.datasets == []


def test_a_spaced_version_after_a_name_shape_is_part_of_it():
    r = extract_text("We evaluate on the established FooQA and FooQA v2 benchmarks.")
    assert names(r.datasets) == {"FooQA": "used", "FooQA v2": "used"}


def test_a_prefixed_known_dataset_runs_on_into_its_next_word():
    r = extract_text("We evaluate on vision (Split-MNIST) and language (Split-AG News) benchmarks.")
    assert names(r.datasets) == {"Split-MNIST": "used", "Split-AG News": "used"}
    assert r.methods == []


def test_a_lower_case_field_of_study_with_a_short_form_is_no_method():
    r = extract_text("Domain shifts are critical in computational pathology (CPath). CPath grows.")
    assert r.methods == [] and r.datasets == []


def test_a_title_run_headed_by_challenge_or_task_is_a_dataset():
    r = extract_text(
        "We submit to the English to Lowres Multimodal Translation Task and the "
        "Open Sim Agent Challenge."
    )
    assert names(r.datasets) == {
        "English to Lowres Multimodal Translation Task": "used",
        "Open Sim Agent Challenge": "used",
    }


def test_a_corpus_named_by_what_it_holds_is_one_dataset_beating_a_known_prefix():
    r = extract_text("Texts come from the Balanced Corpus of Contemporary Written Japanese.")
    assert names(r.datasets) == {"Balanced Corpus of Contemporary Written Japanese": "used"}


def test_a_listed_example_the_next_sentence_turns_against_is_compared():
    r = extract_text(
        "Local explanation approaches, such as LIME, approximate complex models. "
        "However, these approaches often suffer from instability."
    )
    assert names(r.methods) == {"LIME": "compared"}


def test_a_possessive_name_and_its_test_are_one_method():
    r = extract_text("Model comparisons come with McNemar's test.")
    assert names(r.methods) == {"McNemar's test": "used"}


def test_a_known_name_glued_to_a_compound_suffix_leaves_the_title_run_after_it():
    r = extract_text("Features are used to train a Kaldi-based DNN KWS system.")
    assert names(r.methods) == {"Kaldi": "used"}


def test_k_means_is_a_method_in_any_casing_of_its_word():
    r = extract_text("A clustering phase employs a modified K-means algorithm.")
    assert names(r.methods) == {"K-Means": "used"}


def test_a_known_long_form_defined_by_its_short_form_is_known():
    r = extract_text("Features are reduced via Principal Component Analysis (PCA) before encoding.")
    assert names(r.methods) == {"Principal Component Analysis": "used"}


def test_unknown_names_listed_beside_a_known_dataset_are_datasets():
    r = extract_text(
        "We run a protocol across Omni-MATH, Codeforces, BBEH Linguini, and ARC-AGI1, "
        "evaluating thirteen open-weight models."
    )
    assert set(names(r.datasets)) == {"Omni-MATH", "Codeforces", "BBEH Linguini", "ARC-AGI1"}
    assert r.methods == []


def test_a_known_model_listed_beside_datasets_keeps_its_kind():
    r = extract_text("Settings span GSM8K, MATH-500, Qwen3, and DeepSeek-R1 distillations.")
    assert "Qwen3" in names(r.methods) and "Qwen3" not in names(r.datasets)


def test_a_capitalised_word_and_a_method_head_are_one_name():
    r = extract_text("We compare the Delta method, the Bootstrap method and the Elbow heuristic.")
    assert set(names(r.methods)) == {"Delta method", "Bootstrap method", "Elbow heuristic"}


def test_our_proposed_method_is_no_name():
    r = extract_text("We compare the Proposed method with baselines.")
    assert r.methods == []


def test_a_proposal_verb_of_purpose_proposes_nothing():
    r = extract_text(
        "This paper investigates approaches for constructing intervals, namely "
        "Bayesian Monte Carlo Dropout and Mean-Variance Estimation."
    )
    assert "proposed" not in names(r.methods).values()


def test_our_proposed_name_is_proposed():
    r = extract_text("Signals are fed to our proposed Dual Alignment Attention module.")
    assert names(r.methods) == {"Dual Alignment Attention": "proposed"}


def test_a_list_after_a_class_noun_may_open_with_namely():
    r = extract_text("We curate two datasets, namely HAICTrain and HAICBench.")
    assert names(r.datasets) == {"HAICTrain": "proposed", "HAICBench": "proposed"}


def test_a_descriptor_member_does_not_end_a_list_after_a_counted_class_noun():
    r = extract_text(
        "Across three controlled reasoning environments, Blocks World, grid Navigation, and "
        "Sokoban, we find that raw access is not enough."
    )
    assert names(r.datasets) == {"Blocks World": "used", "Sokoban": "used"}


def test_gaussian_splatting_is_a_method_in_either_casing():
    r = extract_text("Gaussian splatting typically requires dense observations of the scene.")
    assert names(r.methods) == {"Gaussian Splatting": "used"}


def test_a_title_case_word_before_a_known_dataset_names_its_variant():
    r = extract_text("We evaluate continual learning on Split CIFAR-100 and on ImageNet.")
    assert "Split CIFAR-100" in names(r.datasets)


def test_vision_language_action_models_are_a_class():
    r = extract_text("LAMs are a component of leading Vision-Language-Action models.")
    assert r.methods == []


def test_a_name_after_the_noun_metric_is_a_metric():
    r = extract_text("Results improve the official SAT Competition metric PAR-2 over Kissat.")
    assert "PAR-2" not in names(r.methods)
    assert "par-2" in {m.name for m in r.metrics}


def test_named_techniques_and_tools_of_the_field_are_known():
    r = extract_text(
        "Hyperparameters are tuned with Bayesian optimization, attributions come from Integrated"
        " Gradients, and the agent is trained with Dueling DQN in MiniGrid."
    )
    assert names(r.methods) == {
        "Bayesian optimization": "used",
        "Integrated Gradients": "used",
        "Dueling DQN": "used",
    }
    assert names(r.datasets) == {"MiniGrid": "used"}


def test_counted_parts_of_the_own_method_listed_after_a_colon_are_proposed():
    r = extract_text(
        "We propose UniAudio-Token, a unified tokenizer. Instead of altering the paradigm,"
        " UniAudio-Token mitigates this loss through two key innovations: (1) Semantic-Acoustic"
        " Primitives (SAP) provide supervision; and (2) Semantic-Acoustic Equilibrium (SAE)"
        " restores details."
    )
    assert names(r.methods) == {
        "UniAudio-Token": "proposed",
        "Semantic-Acoustic Primitives": "proposed",
        "Semantic-Acoustic Equilibrium": "proposed",
    }


def test_a_name_inside_a_counted_part_is_not_the_part():
    r = extract_text(
        "We propose MPEC. To this end, MPEC relies on two key innovations: (1) a feature phase"
        " that combines covariance matrices and Radial Basis Function (RBF) kernels, and (2) a"
        " clustering phase."
    )
    assert names(r.methods).get("Radial Basis Function") != "proposed"


def test_counted_parts_of_another_method_stay_used():
    r = extract_text(
        "Prior work such as GRPO relies on two key components: Group Relative Advantage (GRA)"
        " and Clipped Ratio Objective (CRO)."
    )
    assert names(r.methods)["Group Relative Advantage"] == "used"


def test_members_after_newly_curated_datasets_are_the_papers_own():
    r = extract_text(
        "Experiments on two newly curated marketing dialogue datasets, MM-ConvMarket and"
        " AffectPromo, show that AffectMind outperforms strong baselines."
    )
    assert names(r.datasets) == {"MM-ConvMarket": "proposed", "AffectPromo": "proposed"}
    r = extract_text(
        "Experiments on two newly released marketing dialogue datasets, MM-ConvMarket and"
        " AffectPromo, show that AffectMind outperforms strong baselines."
    )
    assert names(r.datasets) == {"MM-ConvMarket": "used", "AffectPromo": "used"}


def test_shaped_parts_listed_after_our_method_and_a_colon_are_proposed():
    r = extract_text(
        "We propose ThinkQE. Based on this, our two-stage approach applies: (1)"
        " NonThinking-SFT, tuning without reasoning chains; and (2) Thinking-RLVR, reinforcement"
        " learning with rewards."
    )
    assert names(r.methods) == {
        "ThinkQE": "proposed",
        "NonThinking-SFT": "proposed",
        "Thinking-RLVR": "proposed",
    }


def test_shaped_names_listed_after_another_subject_stay_used():
    r = extract_text(
        "We propose ThinkQE. Prior pipelines apply two stages: (1) NonThinking-SFT, tuning"
        " without reasoning chains; and (2) Thinking-RLVR, reinforcement learning."
    )
    assert names(r.methods)["NonThinking-SFT"] == "used"


def test_a_name_after_data_noun_namely_is_a_dataset():
    r = extract_text(
        "We also report results on the largest sewing pattern dataset, namely GarmentCodeData."
    )
    assert names(r.datasets) == {"GarmentCodeData": "used"}
    assert names(r.methods) == {}


def test_a_name_after_the_opening_the_defined_by_the_first_sentence_is_proposed():
    r = extract_text(
        "The AEC-Bench is a multimodal benchmark for evaluating agentic systems on real tasks."
        " The benchmark covers many domains."
    )
    assert names(r.datasets) == {"AEC-Bench": "proposed"}


def test_a_coined_name_after_a_new_and_before_a_method_head_is_proposed():
    r = extract_text(
        "We introduce SCIQL, which leverages offline RL techniques, and combine it with a new"
        " Gated Advantage Weighted Regression mechanism to optimize performance."
    )
    assert names(r.methods)["Gated Advantage Weighted Regression"] == "proposed"
    r = extract_text("We fine-tune a new BERT model on the data.")
    assert names(r.methods) == {"BERT": "used"}


def test_a_proposed_defined_name_ending_in_a_model_class_is_a_name():
    r = extract_text(
        "To address these issues, we introduce Dynamic Upcycling MoE (DUME), a novel approach"
        " that reuses dense experts."
    )
    assert names(r.methods) == {"Dynamic Upcycling MoE": "proposed"}
    r = extract_text("Attacks on Industrial IoT (IIoT) devices are rising.")
    assert names(r.methods) == {} and names(r.datasets) == {}


def test_a_proposed_defined_method_named_like_an_organisation_is_kept():
    r = extract_text(
        "In this work, we propose Task-Aware LLM Council (TALC), a task-adaptive decision"
        " framework."
    )
    assert names(r.methods) == {"Task-Aware LLM Council": "proposed"}


def test_a_proposed_short_form_spelled_out_by_adjectives_is_the_name():
    r = extract_text(
        "In this paper, we present CORTEX (COmpositional Reasoning-aware TEXt-guided), a novel"
        " framework for retrieval."
    )
    assert names(r.methods) == {"CORTEX": "proposed"}


def test_a_method_that_also_gives_a_score_stays_a_method():
    r = extract_text(
        "In this paper, we present LARK, a learnability-grounded method for trajectory"
        " selection. LARK outperforms baselines. Analyses show that the LARK score predicts"
        " training utility."
    )
    assert names(r.methods) == {"LARK": "proposed"}
    assert "lark" not in [m.name for m in r.metrics]


def test_a_proposed_protocol_that_measures_is_a_method():
    r = extract_text(
        "We present RAudit, a diagnostic protocol for auditing LLM reasoning. RAudit measures"
        " process quality via reasonableness scores."
    )
    assert names(r.methods) == {"RAudit": "proposed"}


def test_a_measure_named_method_before_a_method_head_is_a_method():
    r = extract_text(
        "To address this, we propose a Layer-wise Representation Similarity approach to group"
        " CLIP-ViT layers with similar behaviors."
    )
    assert names(r.methods)["Layer-wise Representation Similarity"] == "proposed"
    assert [m.name for m in r.metrics] == []


def test_security_tools_and_knowledge_bases_of_the_field_are_known():
    r = extract_text(
        "We decompile binaries with Ghidra and link entities to Wikidata and MITRE ATT&CK."
    )
    assert names(r.methods) == {"Ghidra": "used"}
    assert names(r.datasets) == {"Wikidata": "used", "MITRE ATT&CK": "used"}


def test_a_modified_noun_of_the_paper_itself_is_a_proposal_subject():
    assert roles("This technical report presents SkillTester, a tool for agents.") == {
        "SkillTester": "proposed"
    }


def test_another_work_is_no_proposal_subject():
    assert roles("Prior work presents SkillTester, a tool for agents.") == {"SkillTester": "used"}


def test_a_known_kind_in_the_appositive_of_a_proposed_name_is_used():
    assert roles("We propose FooX, a RAG pipeline for law.") == {"FooX": "proposed", "RAG": "used"}


def test_a_spelled_out_name_in_the_appositive_stays_proposed():
    got = roles("We propose COMPASS, a Cognitive MCTS-Guided Process Alignment framework.")
    assert got.get("Cognitive MCTS-Guided Process Alignment", "proposed") == "proposed"


def test_name_renaming_an_indefinite_metric_phrase_is_a_metric():
    r = extract_text(
        "We propose a new metric, Human-AI Collaboration Efficacy (HACE), and report it for FooNet."
    )
    assert "Human-AI Collaboration Efficacy" not in names(r.methods)
    assert [m.name for m in r.metrics] == ["human-ai collaboration efficacy"]


def test_object_of_a_verb_of_optimising_is_a_metric():
    r = extract_text("Our agent rewrites circuits to maximize Quantum Fisher Information (QFI).")
    assert r.methods == []
    assert [m.name for m in r.metrics] == ["quantum fisher information"]


def test_a_name_owning_what_is_optimised_stays_a_method():
    r = extract_text("We use PPO to maximize GRPO's reward on MATH.")
    assert set(names(r.methods)) == {"PPO", "GRPO"}


def test_name_ranked_by_a_comparative_is_a_metric():
    r = extract_text(
        "AI-assisted development led to slightly higher average CodeHealth than before."
    )
    assert r.methods == []
    assert [m.name for m in r.metrics] == ["codehealth"]


def test_name_modifying_a_noun_after_a_comparative_stays_a_name():
    r = extract_text("FooNet yields higher LID system accuracy than BarNet.")
    assert [m.name for m in r.metrics] == ["accuracy"]
