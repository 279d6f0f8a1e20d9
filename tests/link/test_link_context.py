"""pipeline.link.context: clause ids, proposal scope, comparison scope and next_content."""

from pipeline.link.context import build_context, next_content, opens_indefinite_phrase
from pipeline.nlp import get_nlp
from pipeline.nlp.tokenizer import doc_lowers


def make_doc(text):
    return get_nlp()(text)


def context(text, protected=None):
    doc = make_doc(text)
    return doc, build_context(doc, protected)


def flagged(doc, flags):
    """Texts of the tokens whose flag is set."""
    return [t.text for t, on in zip(doc, flags, strict=True) if on]


def clause_of(doc, ctx, word):
    return ctx.clause_of[[t.text for t in doc].index(word)]


def test_comma_starts_a_new_clause():
    doc, ctx = context("FooNet is fast, and BarNet is slow.")
    assert clause_of(doc, ctx, "FooNet") == 1
    assert clause_of(doc, ctx, ",") == 2
    assert clause_of(doc, ctx, "BarNet") == 2


def test_contrast_words_and_semicolons_start_clauses():
    doc, ctx = context("FooNet wins while BarNet fails; BazNet ties but QuxNet loses.")
    got = [clause_of(doc, ctx, w) for w in ("FooNet", "BarNet", "BazNet", "QuxNet")]
    assert got == [1, 2, 3, 4]


def test_every_sentence_starts_a_new_clause():
    _doc, ctx = context("FooNet is fast. BarNet is slow.")
    assert ctx.sent_of == [0, 0, 0, 0, 1, 1, 1, 1]
    assert ctx.clause_of == [1, 1, 1, 1, 2, 2, 2, 2]


def test_colon_before_a_value_does_not_break_the_clause():
    doc, ctx = context("The detector wins (AUROC: 0.977) and recall: high.")
    assert clause_of(doc, ctx, "AUROC") == clause_of(doc, ctx, "0.977") == 1
    assert clause_of(doc, ctx, "high") == 2


def test_comma_inside_a_protected_name_does_not_break_the_clause():
    _doc, ctx = context("BarNet, FooNet and BazNet win.", protected=[(1, 2)])
    assert set(ctx.clause_of) == {1}


def test_proposal_object_is_flagged_up_to_a_blocker():
    doc, ctx = context("We propose FooNet, a model for ImageNet.")
    assert flagged(doc, ctx.proposal) == ["FooNet", ",", "a", "model"]


def test_proposal_object_runs_through_a_colon_after_a_class_noun():
    doc, ctx = context("We propose two models: FooNet and BarNet.")
    assert flagged(doc, ctx.proposal) == ["two", "models", ":", "FooNet", "and", "BarNet"]
    doc, ctx = context("We propose a new idea: FooNet is fast.")
    assert flagged(doc, ctx.proposal) == ["a", "new", "idea"]


def test_listed_members_named_in_parentheses_are_proposed():
    doc, ctx = context(
        "We introduce two benchmarks: text questions (FooQA) and summaries (FooSum)."
    )
    assert {"FooQA", "FooSum"} <= set(flagged(doc, ctx.proposal))
    doc, ctx = context("We introduce FooNet (a model) and BarNet (BN).")
    assert "BN" not in flagged(doc, ctx.proposal)


def test_a_short_form_then_and_and_a_name_keeps_the_proposal_going():
    doc, ctx = context("We introduce two methods, Foo Quantizer (Q-FOO) and Bar Optimizer (BO).")
    assert {"Q-FOO", "Bar", "Optimizer"} <= set(flagged(doc, ctx.proposal))
    doc, ctx = context("We propose FooNet (FN) and evaluate it against BarNet (BN).")
    assert "BarNet" not in flagged(doc, ctx.proposal)


def test_a_listing_after_a_colon_runs_to_the_end_of_its_sentence():
    doc, ctx = context(
        "To evaluate them, we introduce four domain-specific benchmarks: multiple-choice"
        " questions (FooMCQ), question answering (FooQA), sentence completion (FooComp),"
        " and abstractive summarization of long clinical reports (FooSum). It works."
    )
    assert "FooSum" in flagged(doc, ctx.proposal)
    assert "works" not in flagged(doc, ctx.proposal)


def test_a_study_comparing_methods_proposes_none_of_them():
    doc, ctx = context("We present a study comparing three frameworks: FooNet and BarNet.")
    assert "FooNet" not in flagged(doc, ctx.proposal)


def test_proposal_needs_a_proposal_subject():
    _doc, ctx = context("Prior work introduced BarNet, a model.")
    assert not any(ctx.proposal)


def test_this_paper_is_a_proposal_subject():
    doc, ctx = context("This paper introduces FooNet, a model.")
    assert flagged(doc, ctx.proposal) == ["FooNet", ",", "a", "model"]


def test_naming_verb_proposes_without_a_subject():
    doc, ctx = context("A model dubbed FooNet (ours) is fast.")
    assert flagged(doc, ctx.proposal) == ["FooNet"]


def test_the_subject_of_a_present_passive_proposal_verb_is_proposed():
    doc, ctx = context("A sampling method, FooNet, is proposed for densities.")
    assert flagged(doc, ctx.proposal) == ["FooNet"]
    doc, ctx = context("FooNet is introduced here.")
    assert flagged(doc, ctx.proposal) == ["FooNet"]


def test_a_passive_proposal_with_an_agent_past_tense_or_prepositional_subject_proposes_none():
    for text in (
        "BarNet is proposed by Smith.",
        "BarNet was proposed for speech.",
        "A view for BarNet is presented.",
    ):
        assert not any(context(text)[1].proposal), text


def test_a_name_added_by_along_with_after_a_comma_is_proposed_too():
    doc, ctx = context("We present FooSet (FS) for Marathi, along with FooNet, a model.")
    assert "FooNet" in flagged(doc, ctx.proposal)


def test_along_with_outside_a_proposal_proposes_nothing():
    _doc, ctx = context("Prior work used FooSet, along with FooNet.")
    assert not any(ctx.proposal)


def test_proposal_verb_after_a_determiner_is_a_noun():
    _doc, ctx = context("We study the release of ChatGPT.")
    assert not any(ctx.proposal)


def test_proposal_that_clause_skips_that():
    doc, ctx = context("We propose that FooNet is good for you.")
    assert flagged(doc, ctx.proposal) == ["FooNet", "is", "good"]


def test_protected_name_words_do_not_end_the_proposal():
    text = "We propose Learning Over Time, a method."
    doc, ctx = context(text)
    assert flagged(doc, ctx.proposal) == ["Learning"]
    doc, ctx = context(text, protected=[(2, 5)])
    assert flagged(doc, ctx.proposal) == ["Learning", "Over", "Time", ",", "a", "method"]


def test_name_set_off_after_an_unnamed_proposal_object_is_proposed():
    doc, ctx = context(
        "We introduce a framework to address this challenge, ConfLVLM, which is fast."
    )
    assert flagged(doc, ctx.proposal) == ["a", "framework", "ConfLVLM"]


def test_set_off_name_after_another_name_is_not_proposed():
    doc, ctx = context("We introduce a framework for GPT-4, and then ConfLVLM, which is fast.")
    assert flagged(doc, ctx.proposal) == ["a", "framework"]


def test_outperforms_opens_a_comparison_scope():
    doc, ctx = context("FooNet outperforms BarNet and BazNet.")
    assert flagged(doc, ctx.comparison) == ["BarNet", "and", "BazNet", "."]


def test_on_par_with_opens_a_comparison_scope():
    doc, ctx = context("FooNet performs on par with models such as BarNet.")
    assert flagged(doc, ctx.comparison) == ["par", "with", "models", "such", "as", "BarNet", "."]


def test_comparison_scope_ends_at_the_setting():
    doc, ctx = context("FooNet outperforms BarNet on ImageNet and CIFAR.")
    assert flagged(doc, ctx.comparison) == ["BarNet"]


def test_comparison_scope_ends_at_but():
    doc, ctx = context("FooNet beats BarNet but loses to BazNet.")
    assert flagged(doc, ctx.comparison) == ["BarNet"]


def test_comparison_scope_ends_at_semicolon():
    doc, ctx = context("FooNet beats BarNet; BazNet is used.")
    assert flagged(doc, ctx.comparison) == ["BarNet"]


def test_comparison_scope_ends_with_the_sentence():
    doc, ctx = context("FooNet beats BarNet. BazNet is used.")
    assert "BazNet" not in flagged(doc, ctx.comparison)


def test_fronted_compared_to_scope_ends_at_the_comma():
    doc, ctx = context("Compared to BarNet, FooNet is faster on ImageNet.")
    assert flagged(doc, ctx.comparison) == ["Compared", "to", "BarNet"]


def test_two_word_front_cue():
    doc, ctx = context("In contrast to BarNet, FooNet is fast.")
    assert "BarNet" in flagged(doc, ctx.comparison)
    assert "FooNet" not in flagged(doc, ctx.comparison)


def test_over_followed_by_a_number_is_not_a_comparison():
    doc, ctx = context("FooNet gains over 5% over BarNet.")
    assert flagged(doc, ctx.comparison) == ["BarNet", "."]
    doc, ctx = context("FooNet gains over the 3 baselines.")
    assert "baselines" not in flagged(doc, ctx.comparison)


def test_compared_without_a_preposition_is_not_a_comparison():
    _doc, ctx = context("The compared methods BarNet fail.")
    assert not any(ctx.comparison)


def test_token_at_and_sentence_of_char():
    _doc, ctx = context("One sentence here. Two sentence there.")
    assert ctx.sent_bounds == [(0, 4), (4, 8)]
    assert (ctx.token_at(0), ctx.token_at(5), ctx.token_at(12)) == (0, 1, 1)
    assert (ctx.sentence_of_char(17), ctx.sentence_of_char(19)) == (0, 1)


def test_base_context_lends_its_sentence_bounds():
    doc = make_doc("FooNet wins. BarNet loses.")
    base = build_context(doc)
    ctx = build_context(doc, [(0, 1)], base=base)
    assert ctx.sent_bounds is base.sent_bounds and ctx.starts is base.starts
    assert ctx.sent_of == base.sent_of


def test_next_content_skips_adverbs():
    doc = make_doc("FooNet also consistently outperforms BarNet.")
    assert next_content(doc_lowers(doc), 0) == 3


def test_next_content_skips_at_most_limit_adverbs():
    doc = make_doc("FooNet also consistently outperforms BarNet.")
    assert next_content(doc_lowers(doc), 0, limit=1) == 2


def test_next_content_is_none_at_the_end():
    doc = make_doc("FooNet wins")
    assert next_content(doc_lowers(doc), 1) is None


def test_base_context_lends_sentences_without_protected_names():
    text = (
        "We propose FooNet, a sparse model. It beats BarNet, while costing less. "
        "On ImageNet, FooNet reaches 91.2% accuracy: AUROC: 0.97, and it outperforms Baz. "
        "Compared to Qux, our method, FooNet, wins."
    )
    doc = make_doc(text)
    words = [t.text for t in doc]
    protected = [(words.index(w), words.index(w) + 1) for w in ("FooNet", "ImageNet", "Qux")]
    fresh = build_context(doc, protected)
    reused = build_context(doc, protected, base=build_context(doc))
    assert reused.clause_of == fresh.clause_of
    assert reused.proposal == fresh.proposal
    assert reused.comparison == fresh.comparison
    assert reused.clause_counts == fresh.clause_counts


def test_a_name_right_after_as_that_ends_the_object_is_proposed():
    doc, ctx = context("We present a selection of blocks as MATCH, a framework.")
    assert "MATCH" in flagged(doc, ctx.proposal)
    doc, ctx = context("We propose a new loss as a replacement for LoRA.")
    assert "LoRA" not in flagged(doc, ctx.proposal)


def test_a_capitalised_verb_cue_inside_a_sentence_is_part_of_a_name():
    doc, ctx = context("We train with Conditional Flow Matching and Rectified Flow.")
    assert flagged(doc, ctx.comparison) == []


def test_a_capitalised_verb_cue_opening_a_sentence_is_a_cue():
    doc, ctx = context("It is fast. Matching GPT-4, our model wins.")
    assert "GPT-4" in flagged(doc, ctx.comparison)


def test_proposal_in_a_bracketed_clause_ends_at_its_bracket():
    doc, ctx = context(
        "We categorize existing approaches into three main groups: Additive PEFT (which"
        " introduces new trainable parameters), Selective PEFT, and Reparameterized PEFT."
    )
    assert flagged(doc, ctx.proposal) == ["new", "trainable", "parameters"]


def test_an_indefinite_article_opens_a_phrase_of_plain_modifiers_before_its_head():
    def opens(text, head):
        words = text.split(" ")
        return opens_indefinite_phrase(words, [w.lower() for w in words], head)

    assert opens("It is a novel generalization measure , local", 5)
    assert not opens("It is the novel generalization measure , local", 5)
    assert not opens("a measure of the Foo measure", 5)
