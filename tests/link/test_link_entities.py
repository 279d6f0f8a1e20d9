"""pipeline.link.entities: clustering, mentions, method/dataset votes, roles and variants."""

from pipeline.link.candidates import Candidate
from pipeline.link.context import build_context
from pipeline.link.entities import (
    Draft,
    align_coordinated_kinds,
    assign_role,
    cluster,
    distinct_tokens,
    extract_entities,
    find_mentions,
    merge_versions,
    promote_variants,
    share_of,
    vote_kind,
)
from pipeline.nlp import get_nlp
from pipeline.nlp.normalise import normalise


def make_doc(text):
    return get_nlp()(text)


def draft(name, *aliases, sources=("shape",), label=None, hint=None, role="used", kind="method"):
    d = Draft(name, list(aliases), set(sources), label, False, hint=hint)
    d.role, d.kind = role, kind
    return d


def mentions_of(text, drafts):
    find_mentions(text, drafts)
    return [[text[s:e] for s, e in d.mentions] for d in drafts]


def judged(text, name, *, label=None, hint=None, sources=("shape",), others=()):
    """A draft for `name` (and `others`) in a doc, with its kind voted and its role assigned."""
    doc = make_doc(text)
    ctx = build_context(doc)
    drafts = [draft(name, sources=sources, label=label, hint=hint)]
    drafts += [draft(o) for o in others]
    find_mentions(normalise(text).text, drafts)
    spans = [(ctx.token_at(s), ctx.token_at(e - 1) + 1) for d in drafts for s, e in d.mentions]
    vote_kind(drafts[0], doc, ctx, spans)
    assign_role(drafts[0], doc, ctx)
    return drafts[0]


def summary(drafts):
    return [(d.name, d.aliases, sorted(d.sources)) for d in drafts]


# cluster and merge_versions


def test_cluster_joins_a_short_form_to_its_definition_in_either_order():
    long = Candidate(0, 22, "Sparse Mixture Routing", "acronym", alias="SMR")
    short = Candidate(30, 33, "SMR", "shape", needs_support=True)
    expected = [("Sparse Mixture Routing", ["SMR"], ["acronym", "shape"])]
    assert summary(cluster([long, short], set())) == expected
    assert summary(cluster([short, long], set())) == expected


def test_cluster_joins_the_singular_of_a_plural_short_form_to_its_definition():
    long = Candidate(0, 17, "Low-Rank Adapters", "acronym", alias="LoRAs")
    short = Candidate(30, 34, "LoRA", "lexicon")
    (d,) = cluster([short, long], set())
    assert (d.name, sorted(d.aliases)) == ("Low-Rank Adapters", ["LoRA", "LoRAs"])


def test_cluster_joins_a_short_form_with_a_component_noun_to_the_item_it_names():
    long = Candidate(0, 31, "Multi-modal Feature Enhancement", "acronym", alias="MFE")
    module = Candidate(40, 50, "MFE Module", "title", needs_support=True)
    other = Candidate(60, 70, "XYZ Module", "title", needs_support=True)
    drafts = cluster([long, module, other], set())
    assert summary(drafts) == [
        ("Multi-modal Feature Enhancement", ["MFE", "MFE Module"], ["acronym", "title"]),
        ("XYZ Module", [], ["title"]),
    ]


def test_cluster_keeps_support_need_only_when_every_candidate_needs_it():
    long = Candidate(0, 22, "Sparse Mixture Routing", "acronym", alias="SMR")
    short = Candidate(30, 33, "SMR", "shape", needs_support=True)
    (d,) = cluster([short, long], set())
    assert d.needs_support is False


def test_cluster_drops_generic_short_forms_and_their_singular():
    cands = [Candidate(0, 3, "LLM", "shape"), Candidate(5, 10, "GPT-4", "lexicon", label="METHOD")]
    assert summary(cluster(cands, {"LLMs"})) == [("GPT-4", [], ["lexicon"])]


def test_cluster_names_a_lexicon_hit_by_its_canonical_name():
    cands = [
        Candidate(0, 6, "CNN/DM", "lexicon", label="DATASET", canonical="CNN/DailyMail"),
        Candidate(10, 23, "CNN/DailyMail", "shape", hint="DATASET"),
    ]
    (d,) = cluster(cands, set())
    assert (d.name, d.aliases, d.label, d.hint) == (
        "CNN/DailyMail",
        ["CNN/DM"],
        "DATASET",
        "DATASET",
    )


def test_cluster_joins_surfaces_that_differ_in_case():
    cands = [Candidate(0, 6, "FooNet", "shape"), Candidate(10, 16, "FOONET", "list")]
    assert summary(cluster(cands, set())) == [("FooNet", [], ["list", "shape"])]


def test_versioned_name_absorbs_the_bare_name():
    versioned = draft("SQuAD 2.0", sources=("lexicon",), label="DATASET")
    bare = draft("SQuAD", "SQD", hint="DATASET")
    (d,) = merge_versions([versioned, bare])
    assert (d.name, d.aliases, sorted(d.sources), d.hint) == (
        "SQuAD 2.0",
        ["SQuAD", "SQD"],
        ["lexicon", "shape"],
        "DATASET",
    )


def test_integer_suffix_is_not_a_version():
    got = merge_versions([draft("GPT 4", sources=("lexicon",)), draft("GPT")])
    assert [d.name for d in got] == ["GPT 4", "GPT"]


# find_mentions


def test_mentions_are_found_longest_first():
    got = mentions_of(
        "Llama-3 and Llama-3-8B beat Llama.",
        [draft("Llama"), draft("Llama-3-8B"), draft("Llama-3")],
    )
    assert got == [["Llama"], ["Llama-3-8B"], ["Llama-3"]]


def test_every_surface_of_a_draft_is_a_mention():
    got = mentions_of(
        "Sparse Mixture Routing (SMR) beats SMR-free X.", [draft("Sparse Mixture Routing", "SMR")]
    )
    assert got == [["Sparse Mixture Routing", "SMR", "SMR"]]


def test_mentions_are_never_inside_a_url():
    text = "See https://github.com/x/FooNet and FooNet."
    (d,) = [draft("FooNet")]
    find_mentions(text, [d])
    assert d.mentions == [(36, 42)]


def test_mentions_are_whole_words():
    assert mentions_of("FooNets and FooNet_x and FooNet.", [draft("FooNet")]) == [["FooNet"]]


def test_lowercase_surface_matches_any_case():
    got = mentions_of("Word Error Rate and word error rate.", [draft("word error rate")])
    assert got == [["Word Error Rate", "word error rate"]]


def test_name_followed_by_a_versioned_part_is_not_a_mention():
    assert mentions_of("TPRU-7B and TPRU and TPRU-based.", [draft("TPRU")]) == [["TPRU", "TPRU"]]


# vote_kind


def test_on_before_a_name_votes_dataset():
    assert judged("We evaluate on Zorplex.", "Zorplex").kind == "dataset"


def test_based_on_is_not_a_dataset_cue():
    assert judged("It is based on Zorplex.", "Zorplex").kind == "method"


def test_a_preposition_before_a_verb_of_finding_governs_its_subject_not_the_name():
    text = "Experiments on two sets demonstrate Zorplex gains."
    assert judged(text, "Zorplex").kind == "method"


def test_head_noun_after_a_name_decides_its_kind():
    d = judged("The Zorplex dataset is big.", "Zorplex")
    assert (d.kind, d.supported) == ("dataset", True)
    d = judged("The Zorplex model is big.", "Zorplex")
    assert (d.kind, d.supported) == ("method", True)


def test_appositive_head_decides_the_kind():
    d = judged("Zorplex, a large-scale benchmark of puzzles, is new.", "Zorplex")
    assert (d.kind, d.supported) == ("dataset", True)


def test_an_appositive_after_a_dash_decides_the_kind():
    assert judged("We release Zorplex -- a dataset of poem fragments.", "Zorplex").kind == "dataset"


def test_a_definition_of_the_sentence_subject_decides_the_kind():
    text = "Zorplex is a comprehensive corpus of Sinhala texts. It is large."
    assert judged(text, "Zorplex").kind == "dataset"
    assert judged("Zorplex is a lightweight framework for parsing.", "Zorplex").kind == "method"
    text = "We studied many corpora. The best Zorplex is a corpus of texts."
    assert judged(text, "Zorplex").kind == "method"  # not the subject of its sentence


def test_a_definition_names_no_metric_by_a_verb():
    d = judged("Zorplex is the only source to score well. We train on it.", "Zorplex")
    assert not d.metric_like


def test_modifiers_joined_by_a_comma_may_be_hyphened_with_capitals():
    text = "We present Zorplex, an open-source, GPU-accelerated library for simulation."
    assert judged(text, "Zorplex").kind == "method"
    text = "We present Zorplex, a multi-domain, multi-turn dialogue dataset."
    assert judged(text, "Zorplex").kind == "dataset"


def test_an_engine_is_a_method_head():
    text = "We analyze the policy network of Zorplex Chess Zero, a superhuman chess engine."
    d = judged(text, "Zorplex Chess Zero")
    assert (d.kind, d.supported) == ("method", True)


def test_the_last_head_noun_of_an_appositive_decides_the_kind():
    d = judged("We present Zorplex, a database normalization framework that helps.", "Zorplex")
    assert d.kind == "method"
    assert judged("We present Zorplex, a model evaluation benchmark.", "Zorplex").kind == "dataset"
    assert judged("Zorplex, a benchmark framework for agents.", "Zorplex").kind == "dataset"
    assert judged("We present Zorplex, a dataset of model outputs.", "Zorplex").kind == "dataset"


def test_appositive_metric_makes_the_name_metric_like():
    assert judged("Zorplex, a reference-free metric of utility, is new.", "Zorplex").metric_like


def test_defined_name_before_a_measure_noun_is_metric_like():
    text = "It improved the Instance Affinity (IA) score by 44 percent."
    assert judged(text, "Instance Affinity").metric_like


def test_a_name_whose_verb_is_measures_is_not_metric_like():
    text = "We introduce Zorplex, a testbed for signals. Zorplex measures how well scores align."
    assert not judged(text, "Zorplex").metric_like
    assert judged("The Zorplex measures are reported.", "Zorplex").metric_like


def test_a_name_before_a_rate_is_metric_like():
    assert judged("It lowers the Zorplex rate by half.", "Zorplex").metric_like


def test_an_acronym_right_after_a_percentage_is_metric_like():
    assert judged("It reaches 91.4% ANLS on X.", "ANLS").metric_like
    assert not judged("It reaches 91.4% on ANLS.", "ANLS").metric_like
    assert not judged("It reaches 71.2% MMLU.", "MMLU", label="DATASET").metric_like


def test_an_acronym_a_change_verb_moves_by_a_number_is_metric_like():
    assert judged("It works, improving SR by 16.9 points.", "SR").metric_like
    assert judged("It works, reducing the ADR by 4%.", "ADR").metric_like
    assert not judged("It works, improving SR by design.", "SR").metric_like
    assert not judged("It works, improving on SR by 4%.", "SR").metric_like


def test_a_release_of_a_known_model_family_votes_method():
    assert judged("We attack models on Gemini-3-flash today.", "Gemini-3-flash").kind == "method"


def test_a_sample_count_ending_a_name_votes_dataset():
    assert judged("We study Zorplex-16K closely.", "Zorplex-16K").kind == "dataset"
    assert judged("We study Zorplex-7B closely.", "Zorplex-7B").kind == "method"


def test_name_with_an_equals_value_is_metric_like():
    assert judged("It reaches tpmC=130 today.", "tpmC").metric_like


def test_name_with_a_value_set_against_another_is_metric_like():
    assert judged("It improves quality (ZRG 0.472 vs. 0.368) overall.", "ZRG").metric_like
    assert not judged("It beats ZRG on 3 tasks.", "ZRG").metric_like


def test_class_noun_before_such_as_decides_the_kind():
    d = judged("Benchmarks such as Zorplex exist.", "Zorplex")
    assert (d.kind, d.supported) == ("dataset", True)
    d = judged("Methods like Zorplex exist.", "Zorplex")
    assert (d.kind, d.supported) == ("method", True)


def test_transfer_target_votes_dataset():
    assert judged("We transfer to Zorplex.", "Zorplex").kind == "dataset"


def test_size_suffix_outweighs_a_dataset_preposition():
    assert judged("We evaluate on Zorplex-7B.", "Zorplex-7B").kind == "method"


def test_names_in_parentheses_after_a_dataset_noun_are_datasets():
    d = judged("Two datasets (Zorplex, Quibble) are used.", "Zorplex", others=["Quibble"])
    assert (d.kind, d.supported) == ("dataset", True)


def test_dataset_lexicon_label_outweighs_a_comparison():
    assert judged("We beat Zorplex.", "Zorplex", label="DATASET").kind == "dataset"


# assign_role


def test_an_abstract_that_opens_by_defining_a_new_name_proposes_it():
    text = "Zorplex is a comprehensive corpus of Sinhala texts. It is large."
    assert judged(text, "Zorplex").role == "proposed"
    text = "Zorplex is a popular dataset for benchmarking. We fix its labels."
    assert judged(text, "Zorplex").role == "used"  # established, not the paper's
    text = "Parsing is hard. Zorplex is a corpus of Sinhala texts."
    assert judged(text, "Zorplex").role == "used"  # not the abstract's opening
    text = "Zorplex is a corpus of Sinhala texts. We use it."
    assert judged(text, "Zorplex", label="DATASET").role == "used"  # a lexicon knows it


def test_name_in_a_proposal_object_is_proposed():
    assert judged("We propose Zorplex, a model.", "Zorplex").role == "proposed"


def test_name_after_our_is_proposed():
    assert judged("Our Zorplex wins.", "Zorplex").role == "proposed"
    assert judged("Our method, Zorplex, wins.", "Zorplex").role == "proposed"


def test_what_a_proposal_is_an_evolution_of_is_earlier_work():
    d = judged("We present Zorp-2, an evolution of Zorp that keeps its targets.", "Zorp")
    assert d.role != "proposed"


def test_a_name_set_off_after_the_resulting_corpus_is_proposed():
    d = judged("We ran a study. The resulting corpus, Zorp-CS, contains dialogues.", "Zorp-CS")
    assert d.role == "proposed"


def test_a_name_set_off_after_a_proposed_method_in_a_phrase_is_not_owned():
    d = judged("In this proposed method, Zorp-4o acts as a detector.", "Zorp-4o")
    assert d.role != "proposed"


def test_name_right_after_the_proposed_is_proposed():
    assert judged("Baselines fail. The proposed Zorplex wins.", "Zorplex").role == "proposed"


def test_name_right_after_novel_is_proposed():
    assert judged("It relies on a novel Zorplex Target (ZT) module.", "Zorplex Target").role == (
        "proposed"
    )


def test_name_elsewhere_in_a_sentence_with_novel_stays_used():
    assert judged("A novel design improves Zorplex.", "Zorplex").role == "used"


def test_name_in_a_comparison_scope_is_compared():
    assert judged("Our model beats Zorplex.", "Zorplex").role == "compared"


def test_name_before_baselines_is_compared():
    assert judged("We compare with Zorplex baselines.", "Zorplex").role == "compared"
    assert judged("Strong Zorplex-based baselines fail.", "Zorplex").role == "compared"


def test_share_of_a_name_is_compared():
    assert judged("It uses only 2% of the Zorplex parameters.", "Zorplex").role == "compared"


def test_proposed_mention_outranks_a_compared_one():
    d = judged("We propose Zorplex. Unlike Zorplex, ours wins.", "Zorplex")
    assert (len(d.mentions), d.role) == (2, "proposed")


def test_compared_dataset_is_only_used():
    d = judged("Models beat the Zorplex dataset.", "Zorplex")
    assert (d.kind, d.role) == ("dataset", "used")


def test_dataset_defined_only_by_the_abstract_is_proposed():
    d = judged(
        "The Heuristic Trap Benchmark is hard.",
        "Heuristic Trap Benchmark",
        sources=("acronym",),
        hint="DATASET",
    )
    assert (d.kind, d.role) == ("dataset", "proposed")


def test_lexicon_name_is_supported_even_when_used():
    assert judged("We use Zorplex.", "Zorplex", sources=("lexicon",)).supported
    assert not judged("We use Zorplex.", "Zorplex").supported


def test_share_of():
    assert share_of(["only", "2%", "of", "lora"], 3)
    assert share_of(["only", "2%", "of", "the", "lora"], 4)
    assert not share_of(["2", "of", "lora"], 2)
    assert not share_of(["of", "lora"], 1)


# variants


def test_distinct_tokens_drops_short_and_common_pieces():
    assert distinct_tokens("Orca3-7B") == {"orca3"}
    assert distinct_tokens("Fine-Tuning the Language Model") == set()


def test_distinct_tokens_drop_common_words_written_in_lower_case():
    assert distinct_tokens("reinforcement zorplexing with rewards") == {"zorplexing"}


def test_distinct_tokens_keep_capitalised_words_and_acronyms():
    assert distinct_tokens("Safety Zorplex") == {"safety", "zorplex"}  # a named stage's word
    assert distinct_tokens("NAG-Zero") == {"nag", "zero"}


def test_distinct_tokens_drop_a_model_family_the_lexicon_knows():
    assert distinct_tokens("Durghotona GPT") == {"durghotona"}


def test_a_shared_lower_case_common_word_or_family_makes_no_variant():
    drafts = [
        draft("Self-Debate reinforcement learning", role="proposed"),
        draft("reinforcement learning with verifiable rewards"),
        draft("Durghotona GPT", role="proposed"),
        draft("GPT-4"),
    ]
    promote_variants(drafts)
    assert [d.role for d in drafts] == ["proposed", "used", "proposed", "used"]


def test_used_method_sharing_a_word_with_a_proposed_name_is_proposed():
    drafts = [
        draft("Orca3", role="proposed"),
        draft("Orca3-7B"),
        draft("Orca3-Bench", kind="dataset"),
        draft("Orca3-Old", role="compared"),
    ]
    promote_variants(drafts)
    assert [d.role for d in drafts] == ["proposed", "proposed", "used", "compared"]
    assert drafts[1].supported


def test_earlier_work_sharing_a_word_with_a_proposed_name_stays_used():
    drafts = [draft("Orca3", role="proposed"), draft("Orca3-Old")]
    drafts[1].prior_work = True
    promote_variants(drafts)
    assert drafts[1].role == "used"


def test_our_previous_framework_is_earlier_work_not_the_proposal():
    doc = make_doc(
        "We introduce Orca3-Image, a small model. Built upon our previous Orca3-U1 framework,"
        " Orca3-Image integrates a decoder."
    )
    roles = {s.text: s._.entity["role"] for s in doc.spans["methods"]}
    assert roles == {"Orca3-Image": "proposed", "Orca3-U1": "used"}


def test_part_of_a_proposed_name_is_not_promoted():
    drafts = [draft("Loose Speculative Decoding", role="proposed"), draft("Speculative Decoding")]
    promote_variants(drafts)
    assert drafts[1].role == "used"


def test_common_words_do_not_make_a_variant():
    drafts = [draft("FooNet Model", role="proposed"), draft("BarNet Model")]
    promote_variants(drafts)
    assert drafts[1].role == "used"


# coordination and the whole stage


def coordinated(text, labelled, bare):
    doc = make_doc(text)
    ctx = build_context(doc)
    drafts = [draft(n, sources=("lexicon",), label="DATASET", kind="dataset") for n in labelled]
    drafts.append(draft(bare))
    find_mentions(normalise(text).text, drafts)
    align_coordinated_kinds(drafts, doc, ctx)
    return drafts[-1]


def test_a_name_after_a_closed_list_is_not_one_of_its_members():
    doc = make_doc(
        "We introduce ZORP (Zorplex Anchored Spatial Attention), which helps. Across"
        " Qwen2.5-VL-7B, Qwen3-VL-4B, and Qwen3-VL-8B, ZORP raises scores on FooBench."
    )
    kept, _ = extract_entities(doc, build_context(doc))
    assert [d.kind for d in kept if d.aliases == ["ZORP"]] == ["method"]


def test_a_name_a_value_is_measured_on_leans_dataset():
    assert kinds("FooProver reaches a 29.79% overall score on ZorpNet.")["ZorpNet"] == "dataset"


def test_bare_name_listed_among_two_datasets_is_a_dataset():
    d = coordinated("We test MMLU, GSM8K and Zorplex today.", ["MMLU", "GSM8K"], "Zorplex")
    assert (d.kind, d.supported) == ("dataset", True)


def test_one_listed_dataset_aligns_the_bare_name():
    d = coordinated("We test MMLU and Zorplex today.", ["MMLU"], "Zorplex")
    assert (d.kind, d.supported) == ("dataset", True)


def test_name_after_a_scene_setting_list_is_not_aligned():
    d = coordinated("On MMLU, GSM8K, Zorplex wins.", ["MMLU", "GSM8K"], "Zorplex")
    assert d.kind == "method"


def test_metric_like_names_are_returned_apart():
    doc = make_doc("We propose FooNet, which gains 12% on the HALLU-R metric.")
    kept, measures = extract_entities(doc, build_context(doc))
    assert [(d.name, d.kind, d.role) for d in kept] == [("FooNet", "method", "proposed")]
    assert [d.name for d in measures] == ["HALLU-R"]


def test_a_name_after_a_value_with_a_physical_unit_is_no_entity():
    doc = make_doc("FooNet runs at 6.5 GB VRAM and 40 ms TTFT.")
    kept, _ = extract_entities(doc, build_context(doc))
    assert [d.name for d in kept] == ["FooNet"]


def kinds(text):
    """{name: kind} of the entities extract_entities keeps for `text`."""
    doc = make_doc(text)
    kept, _ = extract_entities(doc, build_context(doc))
    return {d.name: d.kind for d in kept}


def test_a_name_set_off_by_commas_after_a_data_noun_is_a_dataset():
    text = "We release the largest instruction dataset, ZorPlex, comprising 30,000 pairs."
    assert kinds(text) == {"ZorPlex": "dataset"}


def test_a_name_set_off_by_commas_after_an_indefinite_method_phrase_is_a_method():
    text = "Central to it is a novel generative method, Bidirectional Anchored Generation (BAnG)."
    assert kinds(text) == {"Bidirectional Anchored Generation": "method"}
    assert kinds("Central to it is the method, Bidirectional Anchored Generation (BAnG).") == {}


def test_an_upper_case_dataset_ending_after_a_hyphen_is_a_dataset_name():
    assert kinds("We build ZOR-BENCH and compare it with FooNet.")["ZOR-BENCH"] == "dataset"


def test_a_name_after_a_part_noun_and_of_is_a_dataset():
    assert kinds("We train on a subset of ZorPlex and test on the splits of FooQA.") == {
        "ZorPlex": "dataset",
        "FooQA": "dataset",
    }


def test_a_subject_after_a_fronted_data_phrase_is_no_dataset():
    assert kinds("Beyond these benchmarks, ZorPlex modular design makes it ready.") == {
        "ZorPlex": "method"
    }


def test_an_indefinite_appositive_after_on_names_the_kind():
    got = kinds("We apply FooTune on ZorPlex-Mini, a compact 3.8B-parameter model.")
    assert got["ZorPlex-Mini"] == "method"


def test_a_subject_after_a_fronted_training_phrase_is_no_appositive():
    got = kinds("Trained on sampled ZorPlex-Math, the approach outperforms FooNet.")
    assert got["ZorPlex-Math"] == "dataset"


def test_a_name_after_a_data_noun_and_a_naming_verb_is_a_dataset():
    text = "It includes two new synthetic datasets called ZORPLEX, which test bias."
    assert kinds(text) == {"ZORPLEX": "dataset"}


def test_names_listed_only_as_categories_of_the_work_are_no_entities():
    doc = make_doc(
        "FooBench spans four evaluation dimensions - Embodied Reasoning (ER), Common Sense (CS),"
        " Spatial Perception (SP), and Intuitive Physics (IP)."
    )
    kept, _ = extract_entities(doc, build_context(doc))
    assert [d.name for d in kept] == ["FooBench"]


def test_a_category_member_named_elsewhere_too_stays():
    doc = make_doc("We test Zorplex. It covers three skills: Common Sense, Physics, and Zorplex.")
    kept, _ = extract_entities(doc, build_context(doc))
    assert [d.name for d in kept] == ["Zorplex"]


def test_a_property_name_is_no_method_unless_a_method_head_follows_it():
    doc = make_doc("It optimizes Mathematical Consistency with a Temporal Consistency objective.")
    kept, _ = extract_entities(doc, build_context(doc))
    assert [d.name for d in kept] == ["Temporal Consistency"]


def test_organisations_and_places_are_never_methods():
    doc = make_doc(
        "Researchers at Stanford University and the United Kingdom evaluate FooNet on data."
    )
    kept, _ = extract_entities(doc, build_context(doc))
    assert [d.name for d in kept] == ["FooNet"]


def test_an_organisation_named_dataset_with_its_data_noun_is_a_dataset():
    doc = make_doc("The Lung Image Database Consortium dataset contains 1,018 CT scans.")
    kept, _ = extract_entities(doc, build_context(doc))
    assert [(d.name, d.kind) for d in kept] == [("Lung Image Database Consortium", "dataset")]
    doc = make_doc("The Lung Image Database Consortium released 1,018 CT scans.")
    assert extract_entities(doc, build_context(doc))[0] == []  # the organisation itself


def test_a_name_given_to_an_observed_phenomenon_is_no_method():
    doc = make_doc("We name this phenomenon the Zorplex Characteristic of models. We use FooNet.")
    assert [d.name for d in extract_entities(doc, build_context(doc))[0]] == ["FooNet"]
    doc = make_doc("We call this method Zorplex Net and it wins.")
    assert [d.name for d in extract_entities(doc, build_context(doc))[0]] == ["Zorplex Net"]


def test_a_language_before_a_data_noun_stays_a_language():
    doc = make_doc("We present the first public Northern Kurdish benchmark for ASR.")
    assert extract_entities(doc, build_context(doc))[0] == []


def test_a_source_of_collected_data_votes_dataset():
    assert judged("The tasks were collected from Zorplex.", "Zorplex").kind == "dataset"


def test_a_name_derived_from_is_no_data_source():
    assert judged("The loss is derived from Zorplex.", "Zorplex").kind == "method"


def coordinated_title(text, voted, title):
    """A title-case run listed with unlabelled names whose context voted them datasets."""
    doc = make_doc(text)
    ctx = build_context(doc)
    drafts = [draft(n, kind="dataset") for n in voted]
    drafts.append(draft(title, sources=("title",)))
    find_mentions(normalise(text).text, drafts)
    align_coordinated_kinds(drafts, doc, ctx)
    return drafts[-1]


def test_a_title_run_listed_with_a_headed_title_method_is_a_supported_method():
    text = "It tries Generative Adversarial Networks and Denoising Diffusion Probabilistic Models."
    doc = make_doc(text)
    ctx = build_context(doc)
    headed = draft("Generative Adversarial Networks", sources=("title",))
    bare = draft("Denoising Diffusion Probabilistic Models", sources=("title",))
    bare.needs_support = True
    find_mentions(normalise(text).text, [headed, bare])
    align_coordinated_kinds([headed, bare], doc, ctx)
    assert (bare.kind, bare.supported) == ("method", True)
    headed.needs_support, bare.supported = True, False  # two bare runs support each other not
    align_coordinated_kinds([headed, bare], doc, ctx)
    assert bare.supported is False


def test_a_title_run_listed_with_datasets_voted_by_context_is_a_dataset():
    d = coordinated_title(
        "Tasks across Zorb, Quux, and Franka Kitchen.", ["Zorb", "Quux"], "Franka Kitchen"
    )
    assert (d.kind, d.supported) == ("dataset", True)


def test_a_shape_listed_with_datasets_voted_by_context_keeps_its_own_vote():
    doc = make_doc("Tasks across Zorb, Quux, and FooBar.")
    ctx = build_context(doc)
    drafts = [draft("Zorb", kind="dataset"), draft("Quux", kind="dataset"), draft("FooBar")]
    find_mentions(normalise(doc.text).text, drafts)
    align_coordinated_kinds(drafts, doc, ctx)
    assert (drafts[-1].kind, drafts[-1].supported) == ("method", False)


def test_a_name_that_acts_as_a_method_votes_method():
    assert judged("Results on Zorplex. Zorplex uses a decoder.", "Zorplex").kind == "method"
    assert judged("Results on Zorplex. Zorplex contains 5 tasks.", "Zorplex").kind == "dataset"


def test_a_short_name_a_value_is_measured_on_is_a_supported_dataset():
    d = judged("It scores 66.8 on SQA.", "SQA")
    assert (d.kind, d.supported) == ("dataset", True)


def test_a_name_ending_in_a_digit_is_no_value_before_on():
    d = judged("We run Zorp-FP8 on RTX today.", "RTX")
    assert d.supported is False


def hardware_of(text, start, end):
    """Whether the mention at chars [start, end) of `text` is read as hardware."""
    from pipeline.link.entities import _hardware_mention

    doc = make_doc(text)
    return _hardware_mention(doc, build_context(doc), start, end)


def at(text, name):
    start = text.index(name)
    return text, start, start + len(name)


def test_a_name_before_a_hardware_noun_is_hardware():
    assert hardware_of(*at("Evaluated on an Alveo U55C FPGA, FooNet is fast.", "U55C"))


def test_a_model_number_may_stand_between_the_name_and_the_hardware_noun():
    assert hardware_of(*at("It runs on RTX 4090 GPUs in minutes.", "RTX"))


def test_names_listed_after_a_hardware_noun_and_a_colon_are_hardware():
    text = "We test four NVIDIA GPUs: H100 SXM5, A100-80GB SXM4, L40S and L4."
    assert all(hardware_of(*at(text, name)) for name in ("SXM5", "A100-80GB", "L4"))


def test_a_name_in_brackets_after_a_hardware_noun_is_hardware():
    assert hardware_of(*at("We train on consumer GPUs (RTX 4090) for a day.", "RTX"))


def test_a_sentence_end_stops_the_list_before_a_hardware_noun():
    text = "We test four GPUs: H100 and L4. FooNet reaches 90.1% accuracy."
    assert not hardware_of(*at(text, "FooNet"))


def test_a_word_stops_the_list_before_a_hardware_noun():
    assert not hardware_of(*at("Two GPUs: we compare FooNet to BarNet.", "FooNet"))


def test_hardware_is_no_method():
    doc = make_doc("Evaluated on an Alveo U55C FPGA, our system FlexNet beats BarNet.")
    kept, _ = extract_entities(doc, build_context(doc))
    assert sorted(d.name for d in kept) == ["BarNet", "FlexNet"]


def test_a_name_once_listed_as_hardware_is_hardware_throughout():
    doc = make_doc("We test two GPUs: H100 and L4. On L4, FlexNet beats BarNet by 3%.")
    kept, _ = extract_entities(doc, build_context(doc))
    assert sorted(d.name for d in kept) == ["BarNet", "FlexNet"]


def test_a_name_without_a_model_code_before_a_hardware_noun_is_no_hardware():
    assert not hardware_of(*at("We run FooLM CPU inference on laptops.", "FooLM"))


def data_head_of(text, name):
    """`_modified_data_head` right after `name` in `text`."""
    from pipeline.link.entities import _modified_data_head

    doc = make_doc(text)
    ctx = build_context(doc)
    start = text.index(name)
    return _modified_data_head(ctx, ctx.token_span(start, start + len(name))[1])


def test_a_name_before_modifiers_and_a_data_head_is_a_dataset():
    assert data_head_of("The WSJCAM0 adult speech dataset was used.", "WSJCAM0") == "dataset"


def test_a_possessive_may_stand_before_the_modifiers():
    text = "We expand the BEA19's single-reference dataset with new samples."
    assert data_head_of(text, "BEA19") == "dataset"


def test_a_participle_is_no_modifier_of_a_dataset_name():
    assert data_head_of("We tune it on a GPT-4 generated dataset.", "GPT-4") is None


def test_a_weak_head_after_modifiers_makes_no_dataset():
    assert data_head_of("Edits of the SDF zero level set are smooth.", "SDF") is None


def test_a_data_head_right_after_the_name_is_left_to_the_plain_head_rule():
    assert data_head_of("The GLUE dataset is used.", "GLUE") is None


def kept_names(text):
    doc = make_doc(text)
    kept, _ = extract_entities(doc, build_context(doc))
    return sorted((d.name, d.kind) for d in kept)


def test_a_plain_acronym_of_a_lower_case_phrase_is_no_dataset():
    text = (
        "We introduce KULNet for knowledge tracing (KT). KULNet outperforms strong baselines "
        "on ten public KT benchmarks."
    )
    assert ("knowledge tracing", "dataset") not in kept_names(text)


def test_a_coined_short_form_of_a_lower_case_phrase_stays_a_dataset():
    from pipeline.link.entities import _common_noun_acronym

    assert not _common_noun_acronym(draft("synthetic long-video meta-evaluation", "SLVMEval"))
    assert _common_noun_acronym(draft("knowledge tracing", "KT"))
    assert not _common_noun_acronym(draft("Knowledge Tracing Benchmark", "KTB"))


def test_a_name_cast_as_a_head_noun_takes_its_kind():
    d = judged("The model integrates ZORP as a spatial understanding encoder.", "ZORP")
    assert (d.kind, d.supported) == ("method", True)
    d = judged("We use Zorplex as the training set and report results.", "Zorplex")
    assert (d.kind, d.supported) == ("dataset", True)


def test_a_preposition_ends_the_modifiers_of_a_cast_head():
    d = judged("It reframes ZORP as a co-evolution between models and data.", "ZORP")
    assert not d.supported


def test_a_comma_between_two_modifiers_keeps_the_appositive():
    d = judged("We introduce ZORP, the first large-scale, open source benchmark for it.", "ZORP")
    assert (d.kind, d.supported) == ("dataset", True)


def test_a_comma_after_a_capitalised_hyphened_modifier_keeps_the_appositive():
    d = judged("We present ZORP, a French-German, document-level corpus of news.", "ZORP")
    assert d.kind == "dataset"


def test_members_listed_after_a_class_noun_marked_new_are_proposed():
    text = "We propose an initialization, leading to two new variants, RLPO and RLMO."
    assert judged(text, "RLMO", others=("RLPO",)).role == "proposed"
    assert judged("We test two popular methods, MAPF-LNS and CBS.", "CBS").role != "proposed"


def test_a_short_capitalised_model_suffix_may_stand_before_the_hardware_noun():
    assert hardware_of(*at("It runs on a single NVIDIA 2080 Ti GPU in a day.", "NVIDIA 2080"))


def test_a_treebank_like_ending_votes_dataset():
    assert judged("We use ZorpGbank for parsing.", "ZorpGbank").kind == "dataset"
