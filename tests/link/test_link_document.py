"""pipeline.link.document: mention tags and the link stage over one doc."""

from pipeline.link.context import build_context
from pipeline.link.document import link_document, tag_mentions
from pipeline.nlp import get_nlp

TOOLS = "FooNet beats BarNet using LoRA. With Qwen it wins."


def make_doc(text):
    return get_nlp()(text)


def method_tag(text, span):
    doc = make_doc(text)
    (tag,) = tag_mentions(build_context(doc), [span], "X", methods=True)
    return tag


def test_tag_has_the_token_span_sentence_and_clause_of_its_mention():
    doc = make_doc(TOOLS)
    (tag,) = tag_mentions(build_context(doc), [(37, 41)], "Qwen")
    assert (tag.start, tag.end, tag.sentence, tag.clause, tag.name) == (7, 8, 1, 2, "Qwen")


def test_method_in_a_comparison_scope_is_tagged_compared():
    assert not method_tag(TOOLS, (0, 6)).compared
    assert method_tag(TOOLS, (13, 19)).compared


def test_method_after_using_or_with_is_tagged_an_instrument():
    assert method_tag(TOOLS, (26, 30)).instrument
    assert method_tag(TOOLS, (37, 41)).instrument
    assert not method_tag(TOOLS, (13, 19)).instrument


def test_method_after_across_is_tagged_an_instrument():
    text = "Across various GRPO variants, ZorpRL helps."
    assert method_tag(text, (15, 19)).instrument
    assert not method_tag(text, (30, 36)).instrument


def test_only_method_tags_carry_comparison_and_instrument_flags():
    doc = make_doc(TOOLS)
    (tag,) = tag_mentions(build_context(doc), [(26, 30)], "LoRA")
    assert (tag.compared, tag.instrument) == (False, False)


def test_final_context_protects_entity_mentions():
    linked = link_document(
        make_doc("We propose Gradient Over Time (GOT), a model that beats BarNet.")
    )
    assert [(d.name, d.role) for d in linked.entities] == [
        ("Gradient Over Time", "proposed"),
        ("BarNet", "compared"),
    ]
    words = [t.text for t in linked.context.doc]
    assert [w for w, on in zip(words, linked.context.proposal, strict=True) if on] == [
        "Gradient",
        "Over",
        "Time",
        "(",
        "GOT",
        ")",
        ",",
        "a",
        "model",
    ]
    assert not any(linked.context.comparison[: words.index("beats")])


def test_first_proposed_method_is_the_default_owner():
    linked = link_document(make_doc("We propose BarNet and FooNet. The gain is 5%."))
    assert [r.method for r in linked.results] == ["BarNet"]


def test_dataset_mentions_keep_their_head_noun_and_link_results():
    linked = link_document(make_doc("We train on the Gigaword corpus and report BLEU of 30.1."))
    ((name, mentions),) = [(d.name, d.mentions) for d in linked.entities]
    assert (name, mentions) == ("Gigaword", [(16, 31)])
    assert [(r.metric, r.dataset) for r in linked.results] == [("bleu", "Gigaword")]


def metric_names(text):
    return [m.name for m in link_document(make_doc(text)).metrics]


def test_a_word_that_is_often_no_measure_is_no_metric_without_evidence():
    assert metric_names("This survey covers ViTs in precision agriculture.") == []
    assert metric_names("We train with a custom histogram-based loss.") == []
    assert metric_names("The model must recall facts.") == []
    assert metric_names("Players roll two dice.") == []


def test_a_word_that_is_often_no_measure_is_a_metric_with_evidence():
    assert metric_names("Our model improves precision, recall and F1.") == [
        "precision",
        "recall",
        "f1",
    ]
    assert metric_names("It reaches a precision of 91.2%.") == ["precision"]
    assert metric_names("It beats FooNet by nearly 10 dice points.") == ["dice"]
    assert metric_names("We report the validation loss.") == ["loss"]
    assert metric_names("DynaTree achieves strong recall.") == ["recall"]
    assert metric_names("We see improvements in recall.") == ["recall"]


def test_a_plural_is_no_qualifier_that_evidences_a_measure():
    assert metric_names("We unify objectives through KL divergences between conditionals.") == []
    assert metric_names("It reduces KL divergence by 47 percent.") == ["kl divergence"]


def test_a_measuring_or_degree_word_or_a_score_word_evidences_a_measure():
    assert metric_names("We evaluate by measuring recall on the task.") == ["recall"]
    assert metric_names("It keeps high precision.") == ["precision"]
    assert metric_names("The recall score is low.") == ["recall"]


def test_a_cost_named_only_before_the_proposal_is_no_metric():
    text = (
        "Edge devices face strict latency constraints. We propose FooAgg, a secure aggregation"
        " protocol. FooAgg cuts communication by 40%."
    )
    assert metric_names(text) == []


def test_a_cost_named_again_after_the_proposal_or_with_a_value_is_a_metric():
    text = "Serving suffers from high latency. We propose FooServe, which lowers latency by 30%."
    assert metric_names(text) == ["latency"]


def test_an_ambiguous_metric_word_before_number_formats_is_the_precision_of_numbers():
    assert metric_names("We keep higher precision (FP16 or FP8) in two layers.") == []
    assert metric_names("We report higher precision than the baselines.") == ["precision"]


def test_set_entities_annotates_tokens_as_doc_ents_does():
    from spacy.attrs import ENT_ID, ENT_IOB, ENT_KB_ID, ENT_TYPE
    from spacy.tokens import Span

    from pipeline.nlp import get_nlp
    from pipeline.nlp.linker import set_entities

    nlp = get_nlp()
    text = "We propose FooNet, which beats BERT on SQuAD and GLUE by 3.1 F1."
    one, two = nlp.make_doc(text), nlp.make_doc(text)
    attrs = [ENT_IOB, ENT_TYPE, ENT_KB_ID, ENT_ID]
    for doc in (one, two):
        spans = [Span(doc, 2, 3, "METHOD", kb_id="FooNet", span_id="0")]
        spans += [Span(doc, 7, 8, "METHOD"), Span(doc, 9, 10, "DATASET", span_id="2")]
        if doc is one:
            doc.ents = spans
        else:
            set_entities(doc, spans)
    assert one.to_array(attrs).tolist() == two.to_array(attrs).tolist()
    assert [(e.start, e.end, e.label_) for e in one.ents] == [
        (e.start, e.end, e.label_) for e in two.ents
    ]


def test_expanded_span_is_char_span_in_expand_mode():
    from pipeline.nlp import get_nlp
    from pipeline.nlp.linker import expanded_span
    from pipeline.nlp.tokenizer import doc_starts, doc_words

    doc = get_nlp().make_doc("FooNet-based models beat BERT  by 3.1 F1.")
    words, starts = doc_words(doc), doc_starts(doc)

    def key(span):
        return span and (span.start, span.end, span.label_, span.kb_id_, span.id_)

    for s in range(-1, len(doc.text) + 2):
        for e in range(s + 1, len(doc.text) + 3):
            want = doc.char_span(s, e, "M", kb_id="k", span_id="1", alignment_mode="expand")
            assert key(expanded_span(doc, words, starts, s, e, "M", "k", "1")) == key(want)
