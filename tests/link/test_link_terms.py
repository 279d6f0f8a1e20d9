"""pipeline.link.terms: folding, generic terms, measure names, lexicon labels, occurrences."""

from pipeline.link.terms import (
    blocked_as,
    fold,
    is_generic,
    is_metric_name,
    is_named_theory,
    is_organisation_name,
    is_place_or_organisation,
    is_plural_acronym,
    is_property_name,
    is_task_name,
    lexicon_labels,
    occurrences,
)


def found(text, surface):
    return [text[s:e] for s, e in occurrences(text, text.lower(), surface)]


def test_fold_normalises_case_dashes_and_whitespace():
    assert fold("GPT–4o  Mini\u2212X ") == "gpt-4o mini-x"


def test_fold_uses_full_case_folding():
    assert fold("Straße") == "strasse"


def test_generic_acronyms_are_case_sensitive():
    assert is_generic("LLM") and is_generic("RL") and is_generic("ASR")
    assert not is_generic("llm")


def test_a_floating_point_value_name_is_generic():
    assert is_generic("NaN")  # "overflow, underflow and NaN": a value, no method


def test_interfaces_building_systems_and_model_classes_are_generic():
    assert is_generic("CLI") and is_generic("HVAC") and is_generic("Auto-Regressive")
    assert is_generic("HR") and is_generic("KL") and is_generic("Industrial Internet of Things")


def test_protocols_standards_and_formats_are_generic():
    assert all(map(is_generic, ["OpenGL", "DirectX", "SPIR-V", "RESTful", "CoAP", "DICOM"]))
    assert is_generic("COVID-19") and is_generic("USD") and not is_generic("OpenVLA")
    assert is_generic("BY-NC-SA") and is_generic("Kolmogorov Smirnov") and is_generic("RTX")
    assert is_generic("K-12")  # a school level, as in "K-12 mathematics"
    assert is_generic("PRISMA") and is_generic("VM") and is_generic("SOPs") and is_generic("RTL")
    assert is_generic("Scalable Vector Graphics") and is_generic("DBMS") and is_generic("URL")


def test_package_platforms_and_text_encodings_are_generic():
    assert is_generic("PyPI") and is_generic("Zenodo") and is_generic("UTF-8")


def test_an_architecture_class_is_generic():
    assert is_generic("Transformer") and is_generic("Transformers")
    assert not is_generic("Decision Transformer")


def test_generic_phrases_match_in_any_case():
    assert is_generic("large language models")
    assert is_generic("Large Language Models")
    assert is_generic("reinforcement learning")


def test_state_of_the_art_in_any_common_casing_is_generic():
    assert is_generic("SOTA") and is_generic("SoTA") and is_generic("SotA")


def test_plural_of_a_generic_acronym_is_generic():
    assert is_generic("ASRs")


def test_names_are_not_generic():
    assert not is_generic("FooNet") and not is_generic("BERT")


def test_plural_acronym_is_capitals_and_a_lowercase_s():
    assert is_plural_acronym("LLMs") and is_plural_acronym("GNNs")
    assert not any(is_plural_acronym(x) for x in ("Ms", "LLMS", "Llms"))


def test_metric_name_is_headed_by_a_measure_word():
    assert is_metric_name("Diarization Error Rate")
    assert is_metric_name("Temporal Meal Score")
    assert is_metric_name("word-error-rate")
    assert is_metric_name("Permutation Bias Metric")
    assert not is_metric_name("Rate Limiter") and not is_metric_name("")


def test_a_setting_headed_by_a_measure_word_is_no_metric_name():
    assert not is_metric_name("meta-learning-rate")
    assert not is_metric_name("Dropout Rate")


def test_lexicon_labels_know_packaged_names():
    labels = lexicon_labels()
    assert (labels["ImageNet"], labels["BERT"]) == ("DATASET", "METHOD")
    assert "FooNet" not in labels


def test_blocked_surfaces_by_label():
    assert {"ASR", "API"} <= blocked_as("DATASET")
    assert "human judgements" in blocked_as("METRIC")
    assert "human judgements" not in blocked_as("DATASET")


def test_occurrences_are_whole_words():
    assert found("FooNet, xFooNet, FooNet_a and FooNets.", "FooNet") == ["FooNet"]


def test_occurrence_followed_by_a_capital_or_digit_part_belongs_to_a_longer_name():
    text = "TPRU-7B, TPRU-Test, TPRU and TPRU-based."
    assert occurrences(text, text.lower(), "TPRU") == [(20, 24), (29, 33)]


def test_lowercase_surface_matches_any_case():
    assert found("Word Error Rate and word error rate.", "word error rate") == [
        "Word Error Rate",
        "word error rate",
    ]


def test_capitalised_surface_matches_only_its_case():
    assert found("FooNet and foonet.", "FooNet") == ["FooNet"]


def test_surface_whitespace_is_collapsed():
    assert found("The Foo Net wins.", "Foo   Net") == ["Foo Net"]


def test_countries_languages_and_regions_are_places():
    assert all(map(is_place_or_organisation, ["Bangladesh", "Swahili", "East Asia"]))


def test_an_organisation_name_is_headed_or_led_by_an_organisation_word():
    assert is_organisation_name("Lung Image Database Consortium")
    assert is_organisation_name("National Institute of Korean Language")
    assert not is_organisation_name("Northern Kurdish") and not is_organisation_name("Consortium")


def test_a_pair_of_languages_is_a_translation_direction_not_a_name():
    pairs = ["Arabic-English", "Chinese-to-English", "English/French", "English to German"]
    assert all(map(is_place_or_organisation, pairs))
    assert not is_place_or_organisation("English-Foo")
    assert not is_place_or_organisation("Lang-8")


def test_place_names_match_as_written():
    assert not is_place_or_organisation("PaLI")  # the model, not the language Pali


def test_organisation_heads_lead_or_end_a_name():
    assert is_place_or_organisation("Stanford University")
    assert is_place_or_organisation("Ministry of Health")
    assert not is_place_or_organisation("Institute")  # one word is not a name of one
    assert not is_place_or_organisation("Graph Attention Network")


def test_title_case_qualities_are_property_names():
    assert all(map(is_property_name, ["Formal Validity", "Spectral Rigidity", "Panoptic Quality"]))


def test_a_title_case_name_ending_in_a_task_head_is_a_task_name():
    assert is_task_name("Scene Text Detection")
    assert not is_task_name("Detection") and not is_task_name("scene text detection")
    assert not is_task_name("Mask R-CNN")


def test_a_title_case_name_ending_in_ency_is_a_property_name():
    assert is_property_name("Mathematical Consistency")
    assert not is_property_name("Classifier-Free Guidance")


def test_one_word_lower_case_and_non_qualities_are_not_property_names():
    assert not is_property_name("Self-Consistency")  # one word: the method
    assert not is_property_name("formal validity")
    assert not is_property_name("Stress Harness")


def test_title_case_concepts_are_never_methods():
    assert is_property_name("Linear Representation Hypothesis")
    assert is_property_name("Expert Blindness Effect")
    assert is_property_name("Template Collapse")  # a failure mode, as mode collapse
    assert not is_property_name("Graph Attention Network")


def test_a_title_case_activity_is_a_task_name():
    assert is_task_name("Music Source Separation") and is_task_name("Decision Making")
    assert not is_task_name("Source Separation Network")


def test_an_organisation_word_before_of_or_for_makes_an_organisation():
    assert is_place_or_organisation("National Institute of Korean Language")
    assert is_place_or_organisation("Allen Institute for AI")
    assert not is_place_or_organisation("Korean Language Model")


def test_a_knowledge_base_and_top_k_are_generic():
    assert is_generic("Knowledge Base") and is_generic("Top-K")


def test_a_theory_named_by_two_words_or_a_hyphened_word_is_a_method_name():
    assert is_named_theory("Cognitive Load Theory") and is_named_theory("Actor-Network Theory")
    assert not is_named_theory("Category Theory")  # a field
    assert not is_task_name("Cognitive Load Theory")
    assert not is_property_name("Moral Foundations Theory")
