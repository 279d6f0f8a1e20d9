"""Metric mentions from the lexicon, filtered by context, grouped by canonical name."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

from spacy.tokens import Doc, Span
from spacy.util import filter_spans

from pipeline.link.context import CUES_KEY, cue_spans, opens_comparison, opens_indefinite_phrase
from pipeline.link.terms import is_metric_name, named_regex, occurrences
from pipeline.nlp.lexicon import lexicon_spans
from pipeline.nlp.names import name_spans
from pipeline.nlp.tokenizer import doc_lowers, doc_starts, doc_text, doc_words, indices_of
from pipeline.resources import VOCAB, read_map

if TYPE_CHECKING:
    from pipeline.link.context import DocContext
    from pipeline.link.tags import ResultDraft


@dataclass
class MetricDraft:
    """A canonical metric and its mentions (char spans)."""

    name: str
    mentions: list[tuple[int, int]] = field(default_factory=list)


def keep_metric(span: Span) -> bool:
    """Reject lexicon hits whose left context makes them something else ("mixed precision")."""
    doc = span.doc
    prev = doc_lowers(doc)[span.start - 1] if span.start > 0 else ""
    canonical = span.id_
    nxt = doc_lowers(doc)[span.end] if span.end < len(doc) else ""
    if nxt in VOCAB.metric_blocked_after:
        return False  # "loss function", "precision head"
    word = doc_text(doc)[span.start_char : span.end_char]
    if word.lower() == "loss" or word.lower() == "losses":
        after = doc_lowers(doc)[span.end + 1] if span.end + 1 < len(doc) else ""
        if nxt == "of" and not after.lstrip("+-−.")[:1].isdigit():
            return False  # "a considerable loss of accuracy": a drop, not the measure
        valued = nxt.lstrip("+-−.")[:1].isdigit() or nxt in {"=", ":", "of"}  # "loss 2.789"
        return prev in VOCAB.metric_loss_ok_before or not prev.isalpha() or valued
    if canonical == "precision" and named_regex("number_format").match(prev):
        return False  # "FP4 precision": a number format
    title_word = word.isalpha() and word[:1].isupper() and word[1:].islower()
    if (
        title_word
        and word.lower() == canonical
        and span.start > 0
        and doc_words(doc)[span.start - 1] not in {".", "(", ":", "\n"}
        and not _coordinated_metric(span)
        and not _bound_title_metric(doc, span, prev)
    ):
        return False  # "the Recall, Plan and Update modules": a capitalised name mid-sentence
    return f"{prev} {canonical}" not in VOCAB.metric_blocked_phrases  # "mixed precision"


def _bound_title_metric(doc: Doc, span: Span, prev: str) -> bool:
    """A title-case metric word a value or a change binds ("improves Bleu by", "Bleu score",
    "Recall of 91%", "+1.4 Bleu"), which a module's name never is."""
    lowers = doc_lowers(doc)
    nxt = lowers[span.end] if span.end < len(doc) else ""
    after = lowers[span.end + 1] if span.end + 1 < len(doc) else ""
    valued = nxt in VOCAB.measure_binders and nxt != "(" and after[:1].isdigit()
    after_value = prev.lstrip("+-−")[:1].isdigit()
    bound = prev in VOCAB.measure_change_verbs or nxt in VOCAB.metric_heads_after_name
    return bound or valued or after_value


def _coordinated_metric(span: Span) -> bool:
    """True when another metric stands within three tokens ("Precision, Recall and F1")."""
    lo, hi = span.start - 3, span.end + 3
    return any(
        s.label_ == "METRIC" and s.start != span.start and lo <= s.start <= hi
        for s in lexicon_spans(span.doc)
    )


def acronym_metric_spans(
    doc: Doc, lexicon: list[Span] | None = None, acronyms: list[dict[str, Any]] | None = None
) -> list[tuple[int, int, str]]:
    """(start, end, canonical) of defined measures not in the lexicon ("Diarization Error Rate
    (DER)"), and of every later use of their short form (`acronyms`: `doc._.acronyms`, when
    the caller has it)."""
    out = []
    lowered = doc_text(doc).lower()
    if lexicon is None:  # the METRIC spans of the lexicon group, when the caller has none
        lexicon = [s for s in lexicon_spans(doc) if s.label_ == "METRIC"]
    for a in doc._.acronyms if acronyms is None else acronyms:
        short = [  # the lexicon knows the short form: "area under the ROC curve (AUC)"
            s for s in lexicon if (s.start_char, s.end_char) == (a["short_start"], a["short_end"])
        ]
        if short and named_regex("short_prefixed_metric").match(a["short"]):
            short = []  # "small Unmanned Aircraft Systems (sUAS)": the shape alone is no measure
        if not short and not is_metric_name(a["long"]):
            continue
        inside = [  # the lexicon knows the whole long form: its canonical name
            s for s in lexicon if (s.start_char, s.end_char) == (a["long_start"], a["long_end"])
        ]
        known = inside or short
        canonical = known[0].id_ if known else _without_article(a["long"])
        out.append((a["long_start"], a["long_end"], canonical))
        out.extend((s, e, canonical) for s, e in occurrences(doc_text(doc), lowered, a["short"]))
    for _, _, start, end, label in name_spans(doc):
        if label != "TITLE_SEQ":
            continue
        text = doc_text(doc)[start:end]
        if is_metric_name(text):  # "The Adaptive Attack Rate": adaptive attack rate
            out.append((start, end, _without_article(text)))
    return out


def _without_article(name: str) -> str:
    """A named measure in lower case without a leading article ("The Mean Opinion Score" ->
    mean opinion score): its name, unlike a plain phrase, keeps a leading "mean"."""
    words = name.lower().split()
    return " ".join(words[1:] if len(words) > 1 and words[0] in {"the", "a", "an"} else words)


def _plain_word(word: str, stops: frozenset[str]) -> bool:
    """A lower-case word that may be part of a measure's name (not one of the `stops`)."""
    return word == word.lower() and word.replace("-", "").isalpha() and word not in stops


def _title_word(word: str) -> bool:
    """A capitalised word of letters ("Coherence", "Informativeness")."""
    return word[:1].isupper() and word[1:].islower() and word.isalpha()


def _canonical_phrase(words: list[str]) -> str:
    """The measure name of a phrase without its leading 'mean'/'average'/... (unless only a
    bare "score" would remain: "overall score"), its head in the singular ("dice scores" ->
    dice score)."""
    while (
        len(words) > 1
        and words[0] in VOCAB.measure_phrase_leading_words
        and not (len(words) == 2 and words[1] in VOCAB.bare_measure_heads)
    ):
        words = words[1:]
    last = words[-1]
    if last.endswith("s") and last[:-1] in VOCAB.bound_measure_heads:
        words = [*words[:-1], last[:-1]]
    return " ".join(words)


def _quality_noun(word: str) -> bool:
    """A plain quality noun ("validity", "correctness"; not "high-quality")."""
    return (
        word.isalpha()
        and len(word) > 6
        and word.endswith(tuple(VOCAB.measure_noun_suffixes))
        and word not in VOCAB.not_quality_nouns
    )


def measured_phrase_spans(
    doc: Doc, numbers: list[dict[str, Any]] | None = None
) -> list[tuple[int, int, str]]:
    """Measures named right after a value ("92.7% verification success", "81.45% mean nugget
    score") or right before a "from A to B" change ("improves end-to-end correctness from
    72.5% to 100%"), when no lexicon knows them (`numbers`: `doc._.numbers`, when the caller
    has it)."""
    words, lowers = doc_words(doc), doc_lowers(doc)
    heads, stops = VOCAB.measure_phrase_heads, VOCAB.link_words
    out = []
    for n in doc._.numbers if numbers is None else numbers:
        if n["range_low"]:
            continue  # "15-35 times lower search cost": the measure is read after the high end
        span = doc.char_span(n["start"], n["end"], alignment_mode="expand")
        if span is None:
            continue
        run = []
        first = span.end + (span.end < len(doc) and lowers[span.end] in VOCAB.multiplier_words)
        if n["unit"] == "x" and first + 1 < len(doc) and lowers[first] == "the":
            first += 1  # "requiring 5x [the] inference cost": the measure the factor scales
        amount = first < len(doc) and lowers[first] in VOCAB.amount_comparatives
        compared = first < len(doc) and lowers[first] in VOCAB.measure_comparatives
        first += compared
        scaled = compared and n["unit"] == "x"  # "35 times more [energy] than"
        changed = explicit = _changed_in(lowers, first)
        if changed is None and first + 1 < len(doc) and lowers[first] == "in":
            changed = first + 1  # "gains of 18.0% in success rate and 33.9% in execution stability"
        first = changed or first
        for k in range(first, min(len(doc), first + 4)):
            if not _plain_word(words[k], stops):
                break
            run.append(k)
        head = next((i for i, k in enumerate(run) if _head_or_plural(lowers[k], heads)), None)
        if head is None and 2 <= len(run) <= 3 and _quality_noun(lowers[run[-1]]):
            head = len(run) - 1  # "93.44% formal validity and": the run ends on the noun
        if changed and head is None and run and lowers[run[0]] in VOCAB.bound_measure_heads:
            head = 0  # "a 30% reduction in latency": the change names its measure
            while head + 1 < len(run) and _bound_head(lowers[run[head + 1]]):
                head += 1  # "a 12% reduction in [energy consumption]": heads go on
        if explicit and head is None and n["unit"] != "x" and _changed_quantity(lowers, run):
            head = len(run) - 1  # "a 5.25% improvement in average cut-in distance"; a factor
            # names no measure this way ("a 3000x reduction in prompt length", as seed doc 3)
        if scaled and head is None and run and _bound_head(lowers[run[0]]):
            head = 0  # "used 35 times more energy than": a factor names the measure it scales
            while head + 1 < len(run) and _bound_head(lowers[run[head + 1]]):
                head += 1
        alone = read_map("single_measure_heads")
        if head == 0 and not changed and not scaled and lowers[run[0]] not in alone:
            head = None  # one word after a value is a measure only when it is one by itself
        lead = 0
        if head is None and not changed:
            head = _changed_measure(lowers, run)
        if head is not None and head + 1 < len(run):
            lead = _qualifiers_before_change(lowers, run, head)
        ks = run[lead : head + 1] if head is not None else []
        if not ks and amount and not changed:
            ks = _amount_measure(words, lowers, first)
        if ks:
            phrase = [lowers[k] for k in ks]
            name = alone.get(phrase[0], phrase[0]) if len(ks) == 1 else _canonical_phrase(phrase)
            if name not in VOCAB.vague_measure_nouns:  # not "by 11.91% in overall quality"
                out.append((doc[ks[0]].idx, doc[ks[-1]].idx + len(words[ks[-1]]), name))
        if n["from_start"] is None:
            continue
        fspan = doc.char_span(n["from_start"], n["from_end"], alignment_mode="expand")
        if fspan is None or fspan.start < 2 or lowers[fspan.start - 1] != "from":
            continue
        ks = []
        verbs, results, changes = (
            VOCAB.performance_verbs,
            VOCAB.result_verbs,
            VOCAB.change_cues_before,
        )
        for k in range(fspan.start - 2, max(-1, fspan.start - 5), -1):
            low = lowers[k]
            title = not ks and words[k].istitle() and words[k].isalpha()  # "the [Diversity] from"
            plain = title or _plain_word(words[k], stops)
            if not plain or low in verbs or low in results or low in changes:
                break  # "improves [correctness] from": a verb or change cue ends the name
            ks.insert(0, k)
        suffixes = tuple(VOCAB.measure_noun_suffixes)  # "correctness", "diversity"
        if ks and (lowers[ks[-1]] in heads or lowers[ks[-1]].endswith(suffixes)):
            end = doc[ks[-1]].idx + len(words[ks[-1]])
            out.append((doc[ks[0]].idx, end, _canonical_phrase([lowers[k] for k in ks])))
        elif not ks and lowers[fspan.start - 2] in VOCAB.intransitive_change_verbs:
            ks = _subject_before(words, lowers, fspan.start - 2)
            if ks:  # "exact [secret recovery] rises from 17% to 30%"
                end = doc[ks[-1]].idx + len(words[ks[-1]])
                out.append((doc[ks[0]].idx, end, _canonical_phrase([lowers[k] for k in ks])))
    return out


def _subject_before(words: list[str], lowers: list[str], verb: int) -> list[int]:
    """The measure that is the subject of a change verb at token `verb`: the two or three
    plain words before it ("exact secret recovery"), or one measure head; [] for a vague
    subject ("performance", "it") or when a link word comes first."""
    ks: list[int] = []
    for k in range(verb - 1, max(-1, verb - 4), -1):
        if not _plain_word(words[k], VOCAB.link_words) or lowers[k] in VOCAB.result_verbs:
            break
        ks.insert(0, k)
    while ks and lowers[ks[0]] in VOCAB.evaluative_adjectives:
        ks.pop(0)
    if not ks or lowers[ks[-1]] in VOCAB.vague_measure_nouns:
        return []
    return ks if len(ks) >= 2 or _bound_head(lowers[ks[-1]]) else []


def _changed_in(lowers: list[str], i: int) -> int | None:
    """The token after "<change> in/of" starting at `i` ("a 40% [improvement in] visual
    fidelity", "a 30.7% median [decrease in] task completion time"), else None."""
    if i < len(lowers) and lowers[i] in VOCAB.measure_phrase_leading_words:
        i += 1
    if i + 1 < len(lowers) and lowers[i] in VOCAB.change_nouns and lowers[i + 1] in {"in", "of"}:
        return i + 2
    return None


def _amount_measure(words: list[str], lowers: list[str], first: int) -> list[int]:
    """Tokens of the quantity after "fewer"/"less" ("62% fewer [agent turns]", "64% less
    [Active GPU Time]"): up to three words, not across a link word; [] when it ends on a
    modifier, a vague noun or an amount of data ("less data"); after "less" the last word
    must read as a noun: a measure or resource word, a noun ending, a plural or title case
    ("less accurate" is no measure)."""
    if lowers[first - 1] == "less" and not _noun_like(words[first : first + 3], lowers, first):
        return []
    ks: list[int] = []
    for k in range(first, min(len(words), first + 3)):
        if not words[k].replace("-", "").isalpha() or lowers[k] in VOCAB.link_words:
            break
        ks.append(k)
    if not ks:
        return []
    last = lowers[ks[-1]]
    if (
        last.endswith(tuple(VOCAB.modifier_endings))
        or last in VOCAB.vague_measure_nouns
        or last in VOCAB.amount_non_measures
        or last in VOCAB.evaluative_adjectives
    ):
        return []
    return ks


def _changed_quantity(lowers: list[str], run: list[int]) -> bool:
    """True when the plain words a change noun governs ("a 5.25% improvement in [average
    cut-in distance]") are two or more and end on a noun that can be measured: not a
    modifier ("-ing", "-ive"), an evaluative adjective, a vague noun or an amount of data."""
    if len(run) < 2:
        return False
    last = lowers[run[-1]]
    return not (
        last.endswith(tuple(VOCAB.modifier_endings))
        or last in VOCAB.vague_measure_nouns
        or last in VOCAB.amount_non_measures
        or last in VOCAB.evaluative_adjectives
    )


def _noun_like(words: list[str], lowers: list[str], first: int) -> bool:
    """True when the word at `first` (or the title-case run it opens) reads as a noun."""
    if words and words[0][:1].isupper():
        return True  # "less Active GPU Time"
    low = lowers[first] if first < len(lowers) else ""
    return (
        _bound_head(low)
        or low in VOCAB.resource_nouns
        or low.endswith(tuple(VOCAB.noun_endings))
        or (low.endswith("s") and not low.endswith(("ss", "ous")))
    )


def _changed_measure(lowers: list[str], run: list[int]) -> int | None:
    """Position in `run` of the measure a change noun follows ("a 14,700x [reliability]
    improvement"): the word before the change noun when it is a measure head or quality
    noun; None when there is none or it is vague ("24% performance gains")."""
    j = next((j for j, k in enumerate(run) if lowers[k] in VOCAB.measure_change_nouns), 0)
    if j == 0:
        return None
    last = lowers[run[j - 1]]
    if last in VOCAB.vague_measure_nouns or not (
        _bound_head(last)
        or _quality_noun(last)
        or last in read_map("single_measure_heads")
        or _open_changed_noun(last, lowers[run[j]])
    ):
        return None
    return j - 1


def _open_changed_noun(word: str, change: str) -> bool:
    """True for a noun no list knows that a change noun other than a speed-up follows ("a
    41.3% [reconstruction] improvement", "a 12% [stability] gain"): it reads as a noun by its
    ending and is no modifier, averaging word or amount of data."""
    return (
        change not in VOCAB.ratio_change_nouns
        and word.isalpha()
        and word.endswith(tuple(VOCAB.noun_endings))
        and word not in VOCAB.averaging_words
        and word not in VOCAB.amount_non_measures
        and word not in VOCAB.evaluative_adjectives
    )


def _qualifiers_before_change(lowers: list[str], run: list[int], head: int) -> int:
    """How many leading words of a measure that a change noun follows qualify the change,
    not the measure ("a 3x [relative] tracking reliability improvement"); 0 otherwise."""
    if lowers[run[head + 1]] not in VOCAB.measure_change_nouns:
        return 0
    qualifiers = VOCAB.evaluative_adjectives | VOCAB.change_nouns
    lead = 0
    while lead < head and lowers[run[lead]] in qualifiers:
        lead += 1
    return lead


def _head_or_plural(word: str, heads: frozenset[str]) -> bool:
    """A word of `heads` or its plural ("approval rates")."""
    return word in heads or (word.endswith("s") and word[:-1] in heads)


def _bound_head(word: str) -> bool:
    """A measure head or its plural ("errors", "success rates")."""
    heads = VOCAB.bound_measure_heads
    return word in heads or (word.endswith("s") and word[:-1] in heads)


def _single_head_before(lowers: list[str], end: int) -> list[int]:
    """[end - 1] when the one word before `end` is a measure head, the object of a change
    verb ("reducing [costs] by 10.15%"); the caller checks the verb."""
    return [end - 1] if end >= 2 and _bound_head(lowers[end - 1]) else []


def _counted_object_before(words: list[str], lowers: list[str], end: int) -> list[int]:
    """Token indices of a plural noun phrase of at most three plain words ending at token
    `end` - 1, the things a change verb counts ("reducing [collisions] by 31.2%", "reduces
    average [think tokens] by 69.71%"); the caller checks the verb. [] when the last word is
    no plural."""
    last = end - 1
    word = words[last] if last >= 0 else ""
    if not (_plain_word(word, VOCAB.link_words) and _plural_noun(word)):
        return []
    kinds = VOCAB.method_heads | VOCAB.dataset_heads | VOCAB.metric_class_nouns
    if word in kinds or word in VOCAB.measure_binders:
        return []  # "outperforms state-of-the-art models by 3%", "reduces bias metrics by"
    run = [last]
    for k in range(last - 1, max(-1, last - 3), -1):
        low = lowers[k]
        if not _plain_word(words[k], VOCAB.link_words) or low in VOCAB.measure_change_verbs:
            break
        if low in VOCAB.noun_determiners or low in VOCAB.performance_verbs:
            break
        run.insert(0, k)
    return run


def _plural_noun(word: str) -> bool:
    """A regular English plural of four or more letters ("collisions", "turns"; not "loss")."""
    return len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is"))


def _name_before(doc: Doc, end: int) -> list[int]:
    """Token indices of a measure's name ending at token `end` - 1 on a bound head ("the
    [Brier score]", "[solve rate]", "[RAM usage]"): two or three plain or title-case words
    or resource acronyms, leading
    'mean'/'the'/... kept, never across a link word; [] when the last word is no head or
    the name is a bare head or praise ("a score of", "strong scores of")."""
    words, lowers = doc_words(doc), doc_lowers(doc)
    if end < 1 or not _bound_head(lowers[end - 1]):
        return []
    run = [end - 1]
    for k in range(end - 2, max(-1, end - 4), -1):
        word = words[k]
        title = word[:1].isupper() and word[1:].islower()
        resource = word.isupper() and lowers[k] in VOCAB.resource_acronyms  # "[RAM] usage"
        if not (_plain_word(word, VOCAB.link_words) or title or resource):
            break
        low = lowers[k]
        if low in VOCAB.performance_verbs or low in VOCAB.measure_change_verbs:
            break
        if low in VOCAB.evaluative_adjectives:
            break  # "the lowest [percentage errors] of"; "modest baseline scores": a bare head
        run.insert(0, k)
    named = [k for k in run if lowers[k] not in VOCAB.measure_phrase_leading_words]
    led = len(run) == 2 and lowers[run[0]] != "the" and lowers[end - 1] in VOCAB.bare_measure_heads
    if len(named) < 2 and not led:  # "an [average score] of 65.08" names one
        return []  # a bare head ("a score of 67.9", "cost of 24x") names no measure
    phrase = " ".join(lowers[k] for k in run[-2:])
    return [] if phrase in VOCAB.non_measure_phrases else run


def _single_measure_before(lowers: list[str], end: int) -> list[int]:
    """The one noun before token `end` that names a measure by itself, right after a
    determiner ("a [sensitivity] of 91%", "with a [correlation] of 0.77"); else []."""
    k = end - 1
    if k < 1 or lowers[k] not in read_map("single_measure_heads"):
        return []
    return [k] if lowers[k - 1] in VOCAB.noun_determiners else []


def _name_before_owner(doc: Doc, words: list[str], lowers: list[str], i: int) -> list[int]:
    """The measure before "of <Name>" that ends at token i ("improves the [training
    efficiency] of OPD by up to 3x"): one to three capitalised words after "of"."""
    k = i - 1
    while k >= 0 and i - k <= 3 and words[k][:1].isupper():
        k -= 1
    if k == i - 1 or k < 1 or lowers[k] != "of":
        return []
    return _name_before(doc, k)


def before_hedges(lowers: list[str], i: int) -> int:
    """Token `i`, or the last token before the hedge phrases that end at it ("an energy
    efficiency of [up to] 89", "reduced by [more than] 55%")."""
    hedges = VOCAB.value_hedges
    while i >= 0:
        fits = (n for n in (3, 2, 1) if " ".join(lowers[max(0, i - n + 1) : i + 1]) in hedges)
        n = next(fits, 0)
        if not n:
            return i
        i -= n
    return i


def bound_phrase_spans(
    doc: Doc, numbers: list[dict[str, Any]] | None = None
) -> list[tuple[int, int, str]]:
    """Measures bound to a value by their own construction, when no lexicon knows them:
    "a solve rate of 54.8%", "Brier score of 0.134", "accuracy: 91.2", "latency = 3 ms",
    "[accuracy] improves by 4%", "improves [solve rate] by 2 points", "narrowing the
    [optimality gap] to 0.1%" (`numbers`: `doc._.numbers`, when the caller has it)."""
    words, lowers = doc_words(doc), doc_lowers(doc)
    out = []
    changed_end = -1  # where the value of the last "VERB X by N" ends: "and Y by M" shares VERB
    for n in doc._.numbers if numbers is None else numbers:
        span = doc.char_span(n["start"], n["end"], alignment_mode="expand")
        if span is None or span.start < 2:
            continue
        i = before_hedges(lowers, span.start - 1)
        if i > 0 and lowers[i] in VOCAB.threshold_operators:
            i -= lowers[i - 1] in VOCAB.reached_bound_openers  # "the gap to [<] 0.1%"
        run: list[int] = []
        if i < 1:
            continue
        symbol = read_map("statistic_metrics").get(lowers[i - 1])
        if lowers[i] in {"=", "≈"} and symbol is not None:  # "(R2 = 0.88)"
            out.append((doc[i - 1].idx, doc[i - 1].idx + len(words[i - 1]), symbol))
            continue
        if lowers[i] == "(" and not n["unit"]:
            continue  # "efficiency ($d\\sigma^2 ...$)": only a figure with a unit labels a measure
        if lowers[i] in VOCAB.measure_binders:
            run = _name_before(doc, i)
            if run and _averages_measures(lowers, run, span.end):
                run = []  # "an average score of 67.90 across seven multimodal metrics"
            if not run and lowers[i] == "of" and lowers[i - 1] in VOCAB.measure_change_nouns:
                run = _name_before(doc, i - 1)  # "an energy efficiency boost of 20%"
            if not run and lowers[i] == "of":
                run = _single_measure_before(lowers, i)  # "a [sensitivity] of 91%"
        elif lowers[i] in ("by", "to") and lowers[i - 1] in VOCAB.measure_change_verbs:
            run = _name_before(doc, i - 1)  # "accuracy improves by 4%"
        elif lowers[i] in ("by", "to"):  # "improves solve rate by 2 points", "reducing costs
            # by 10%", "narrowing the optimality gap to 0.1%" (a count moves only "by")
            run = (
                _name_before(doc, i)
                or _single_head_before(lowers, i)
                or (_counted_object_before(words, lowers, i) if lowers[i] == "by" else [])
                or _name_before_owner(doc, words, lowers, i)
            )
            verb = run[0] - 1 if run else -1
            if verb > 0 and lowers[verb] in VOCAB.noun_determiners:
                verb -= 1  # "reduces the collision rate by 30%"
            shared = _shares_change_verb(lowers, verb, changed_end)
            if run and (verb < 0 or lowers[verb] not in VOCAB.measure_change_verbs) and not shared:
                run = []
            if run:
                changed_end = span.end
        if run:
            end = doc[run[-1]].idx + len(words[run[-1]])
            name = _canonical_phrase([lowers[k] for k in run])
            out.append((doc[run[0]].idx, end, read_map("single_measure_heads").get(name, name)))
    return out


def _averages_measures(lowers: list[str], run: list[int], after: int) -> bool:
    """True when a bare score ("average score") is an average over measures the next words
    count ("of 67.90 across seven OpenCompass multimodal metrics"): no measure of its own."""
    if lowers[run[-1]] not in VOCAB.bare_measure_heads:
        return False
    for word in lowers[after : after + 7]:
        if word in VOCAB.clause_breaks or word in (".", ";"):
            return False
        if word in VOCAB.metric_class_nouns:
            return True
    return False


def _shares_change_verb(lowers: list[str], link: int, changed_end: int) -> bool:
    """Token `link` is the "and" (or comma) right after the value of a "VERB X by N" (one
    unit word between), so the measure after it shares that verb: "reduces latency by 40%
    [and] memory by 30 GB"."""
    if changed_end < 0 or link < 0 or lowers[link] not in VOCAB.list_conjunctions | {","}:
        return False
    return changed_end <= link <= changed_end + 1


def changed_phrase_spans(doc: Doc) -> list[tuple[int, int, str]]:
    """Measures named as what a change verb or comparative moves, with no value beside them:
    "improves [resolved rate] across all backbones", "maintains higher [average speed]
    than"; two or three plain words on a bound head other than a resource ("computational
    cost" is a metric only with its value), ended by a link word or punctuation."""
    words, lowers = doc_words(doc), doc_lowers(doc)
    comparatives, triggers = VOCAB.measure_comparatives, _change_triggers()
    out = []
    for i in indices_of(lowers, triggers):
        if i and lowers[i - 1] == "to" and lowers[i] not in comparatives:
            continue  # "to improve X" states a purpose, not a measured change
        sized = _sized_by_words(lowers, i + 1)  # "cuts token consumption by half"
        run, _ = _changed_run(words, lowers, i + 1, triggers, sized)
        if run:
            out.append(_phrase_span(doc, words, lowers, run))
        joint = _conjunction_after(words, lowers, i + 1)
        if joint is not None:  # "reduces token usage and [execution time]"
            more, _ = _changed_run(words, lowers, joint + 1, triggers, sized)
            if more:
                out.append(_phrase_span(doc, words, lowers, more))
    return out


def _sized_by_words(lowers: list[str], first: int) -> bool:
    """True when "by" and a size in words (`verbal_amounts`: "by half", "by orders of
    magnitude", "by a factor of") follow within the next ten tokens of the clause."""
    n = len(lowers)
    for k in range(first, min(n - 1, first + 10)):
        if lowers[k] in {",", ".", ";", ":"}:
            return False
        if lowers[k] == "by":
            j = k + 1
            while j < n and lowers[j] in VOCAB.by_fillers:  # "by nearly half", "by a factor"
                j += 1
            return j < n and lowers[j] in VOCAB.verbal_amounts
    return False


def _conjunction_after(words: list[str], lowers: list[str], first: int) -> int | None:
    """The index of a list conjunction that follows one to three plain words from `first`
    ("token usage [and]"), else None."""
    for k in range(first, min(len(words), first + 4)):
        if lowers[k] in VOCAB.list_conjunctions:
            return k if k > first else None
        if not _plain_word(words[k], VOCAB.link_words):
            return None
    return None


def _changed_run(
    words: list[str],
    lowers: list[str],
    first: int,
    triggers: frozenset[str],
    sized: bool = False,
) -> tuple[list[int], int]:
    """The tokens of a measure named from token `first` on (two or three plain words on a
    bound head, a resource only when the change is `sized`, ended by a link word or
    punctuation, no praise in them), and the token after them; ([], first) when there is
    none."""
    run = []
    for k in range(first, min(len(words), first + 3)):
        if not _plain_word(words[k], VOCAB.link_words) or lowers[k] in triggers:
            break
        run.append(k)
    heads = VOCAB.bound_measure_heads if sized else VOCAB.bound_measure_heads - VOCAB.resource_heads
    while run and lowers[run[-1]] not in heads:
        run.pop()
    end = run[-1] + 1 if run else first
    goes_on = end < len(words) and _plain_word(words[end], VOCAB.link_words)
    if len(run) < 2 or (goes_on and not opens_comparison(lowers, end)):
        return [], first  # "improves task success rates of ...": the name goes on (not
        # "improves survey completion rates relative to ...")
    while run and lowers[run[0]] in VOCAB.evaluative_adjectives:
        run = run[1:]  # "achieves [state-of-the-art] semantic similarity": praise, not name
    if len(run) < 2 or any(lowers[k] in VOCAB.evaluative_adjectives for k in run):
        return [], first
    if " ".join(lowers[k] for k in run[-2:]) in VOCAB.non_measure_phrases:
        return [], first
    return run, end


def _phrase_span(
    doc: Doc, words: list[str], lowers: list[str], run: list[int], alone: dict | None = None
):
    """(start char, end char, canonical name) of the measure at tokens `run`; a one-word
    measure takes its name from `alone` ("memory" -> memory usage) when given."""
    named = [lowers[k] for k in run]
    name = _canonical_phrase(named)
    name = alone.get(name, name) if alone is not None and len(run) == 1 else name
    return doc[run[0]].idx, doc[run[-1]].idx + len(words[run[-1]]), name


def recorded_measure_spans(doc: Doc) -> list[tuple[int, int, str]]:
    """Measures that are the subject of "was/were <measuring participle>", one or two joined
    by "and" ("[Training time] and [acquisition time] were recorded")."""
    words, lowers = doc_words(doc), doc_lowers(doc)
    out = []
    for k in range(1, len(lowers) - 1):
        if lowers[k] not in {"was", "were"} or lowers[k + 1] not in VOCAB.measuring_participles:
            continue
        end = k
        while end > 0:
            run = _name_before(doc, end)
            if not run:
                break
            out.append(_phrase_span(doc, words, lowers, run))
            if run[0] < 1 or lowers[run[0] - 1] not in VOCAB.list_conjunctions:
                break
            end = run[0] - 1  # "X and [Y] were recorded"
    return out


def renamed_measure_spans(doc: Doc) -> list[tuple[int, int, str]]:
    """A measure named by one to three plain lower-case words set off by commas right after an
    indefinite phrase headed by a measure noun: "a novel generalization measure, [local
    inconsistency], derived from", "a new metric, [semantic drift], which"."""
    words, lowers = doc_words(doc), doc_lowers(doc)
    n, out = len(lowers), []
    for k in range(1, n - 2):
        if lowers[k] not in VOCAB.measure_naming_nouns or lowers[k + 1] != ",":
            continue
        if not opens_indefinite_phrase(words, lowers, k):
            continue
        run = []
        for j in range(k + 2, min(n, k + 5)):
            if not (_plain_word(words[j], VOCAB.link_words) and words[j].islower()):
                break
            run.append(j)
        end = run[-1] + 1 if run else k + 2
        if run and end < n and lowers[end] in {",", "(", "."}:
            out.append(_phrase_span(doc, words, lowers, run))
    return out


def _wordlike(word: str) -> bool:
    """A token holding a letter or digit (not punctuation)."""
    return any(ch.isalnum() for ch in word)


def listed_measure_spans(doc: Doc) -> list[tuple[int, int, str]]:
    """Measures listed after a cue that announces measures ("in terms of accuracy, editing
    precision, and intent detection rate", "measured by issue identification time and chat
    duration"): each member of two to four plain words ending on a measure head, or of one
    to four plain words after a cue that names measures ("metrics related to agent travel,
    makespan, and shelf switching"). The list ends at a member of more than four words or one
    holding a link word."""
    words, lowers, starts = doc_words(doc), doc_lowers(doc), doc_starts(doc)
    stops, seps = VOCAB.link_words, {",", "and", "or"}
    n = len(words)
    out = []
    intros = cue_spans(doc).get("METRIC_LIST_INTRO", []) if CUES_KEY in doc.spans else []
    for first, end in intros:
        named = " ".join(lowers[first:end]) in VOCAB.measure_naming_intros
        i = end
        while i < n:
            j = i
            while j < n and j - i <= 4 and lowers[j] not in seps and _wordlike(words[j]):
                j += 1
            member = range(i, j)
            if not member or len(member) > 4 or any(lowers[k] in stops for k in member):
                break
            plain = all(
                _plain_word(words[k], stops) or (named and _title_word(words[k])) for k in member
            )  # "quality ratings for Coherence, Informativeness, and Conciseness"
            headed = len(member) >= 2 and _bound_head(lowers[j - 1])
            if plain and (headed or named):  # "metrics related to agent travel, makespan"
                name = _canonical_phrase([lowers[k] for k in member])
                out.append((starts[i], starts[j - 1] + len(words[j - 1]), name))
            while j < n and lowers[j] in seps:
                j += 1
            if j == i + len(member):
                break  # no separator: the list has ended
            i = j
    return out


@cache
def _member_blockers() -> frozenset[str]:
    """Words that keep a list member from naming a measure: praise, change and performance
    verbs, determiners and function words ("in [both] speed and accuracy")."""
    return (
        VOCAB.evaluative_adjectives
        | VOCAB.measure_change_verbs
        | VOCAB.performance_verbs
        | VOCAB.noun_determiners
        | VOCAB.title_stopwords
    )


def _coordinated_member(words: list[str], lowers: list[str], run: list[int]) -> bool:
    """Whether a list member next to a known metric names a measure: two or three plain
    words on a measure head other than a resource ("completion time"), or one noun that
    names a measure alone ("specificity"); no praise, verb or determiner in it."""
    blocked = _member_blockers()
    if not run or any(lowers[k] in blocked for k in run):
        return False
    if len(run) == 1:
        return lowers[run[0]] in read_map("single_measure_heads")
    heads = VOCAB.bound_measure_heads - VOCAB.resource_heads
    last = lowers[run[-1]]
    if not _head_or_plural(last, heads):
        return False
    return " ".join(lowers[k] for k in run[-2:]) not in VOCAB.non_measure_phrases


def coordinated_measure_spans(doc: Doc, known: list[Span]) -> list[tuple[int, int, str]]:
    """Measures listed beside a metric the lexicon knows ("decision accuracy, [completion
    time], and intended reliance", "both sensitivity and [specificity]"): the neighbouring
    members of the list, each of one to three plain words, that name a measure."""
    words, lowers = doc_words(doc), doc_lowers(doc)
    seps, stops, n = {",", "and", "or"}, VOCAB.link_words, len(doc)
    alone = read_map("single_measure_heads")
    ends = _member_ends()

    def plain(k: int) -> bool:
        return 0 <= k < n and lowers[k] not in seps and _plain_word(words[k], stops)

    out = []
    for span in known:
        i = span.end
        while i < n and lowers[i] in seps:  # rightwards: "X, [Y] and [Z]"
            j = i
            while j < n and lowers[j] in seps:
                j += 1
            k = j
            while plain(k) and k - j < 3:
                k += 1
            run = list(range(j, k))
            if not run or plain(k) or not _coordinated_member(words, lowers, run):
                break
            out.append(_phrase_span(doc, words, lowers, run, alone))
            i = k
        i = span.start - 1
        while i >= 0 and lowers[i] in seps:  # leftwards: "[Y] and X"
            j = i
            while j >= 0 and lowers[j] in seps:
                j -= 1
            k = j
            while plain(k) and j - k < 3 and lowers[k] not in ends:
                k -= 1  # "in both [inference speed] and", "improves [sample efficiency] and"
            run = list(range(k + 1, j + 1))
            if not run or not _coordinated_member(words, lowers, run):
                break
            out.append(_phrase_span(doc, words, lowers, run, alone))
            i = k
    return out


def headed_cut_off_spans(doc: Doc, spans: list[Span]) -> list[Span]:
    """A metric with a cut-off and the head noun after it, as one mention of that metric
    ("pass@k accuracy", "avg@32 accuracy" are pass@k and avg@32, not also accuracy)."""
    lowers, n = doc_lowers(doc), len(doc)
    return [
        Span(doc, s.start, s.end + 1, label=s.label_, span_id=s.id_)
        for s in spans
        if "@" in lowers[s.end - 1] and s.end < n and lowers[s.end] in VOCAB.cut_off_heads
    ]


def extract_metrics(
    doc: Doc,
    taken: list[tuple[int, int]],
    acronyms: list[dict[str, Any]] | None = None,
    numbers: list[dict[str, Any]] | None = None,
) -> list[MetricDraft]:
    """Metric drafts in first-mention order; spans overlapping entity mentions are skipped
    (`acronyms`, `numbers`: `doc._.acronyms`, `doc._.numbers`, when the caller has them)."""
    if acronyms is None:
        acronyms = doc._.acronyms
    if numbers is None:
        numbers = doc._.numbers
    spans = [s for s in lexicon_spans(doc) if s.label_ == "METRIC"]
    by_name: dict[str, MetricDraft] = {}
    hit_chars = [(s.start_char, s.end_char) for s in spans]
    used: list[tuple[int, int]] = []
    long_forms = {(a["long_start"], a["long_end"]) for a in acronyms}
    phrases = measured_phrase_spans(doc, numbers) + bound_phrase_spans(doc, numbers)
    phrases += changed_phrase_spans(doc)
    phrases += listed_measure_spans(doc) + recorded_measure_spans(doc)
    phrases += renamed_measure_spans(doc)
    spans += headed_cut_off_spans(doc, spans)
    known = [span for span in filter_spans(spans) if keep_metric(span)]
    phrases += coordinated_measure_spans(doc, known)
    for s, e, canonical in acronym_metric_spans(doc, spans, acronyms) + phrases:
        # a lexicon hit strictly inside a defined long form ("Diarization [Error Rate] (DER)")
        # yields to it; any other overlap wins
        defined = (s, e) in long_forms
        rivals = [(ls, le) for ls, le in hit_chars if not (defined and s <= ls and le <= e)]
        if any(s < le and ls < e for ls, le in rivals + taken + used):
            continue
        used.append((s, e))
        by_name.setdefault(canonical, MetricDraft(canonical)).mentions.append((s, e))
    for span in known:
        s, e = span.start_char, span.end_char
        if any(s < te and ts < e for ts, te in taken + used):
            continue
        draft = by_name.setdefault(span.id_, MetricDraft(span.id_))
        draft.mentions.append((s, e))
    for draft in by_name.values():
        draft.mentions.sort()
    return sorted(by_name.values(), key=lambda d: d.mentions[0])


def evidenced_metrics(
    metrics: list[MetricDraft], results: list[ResultDraft], ctx: DocContext
) -> list[MetricDraft]:
    """The metrics less those whose word often means something else ("precision agriculture",
    "factual recall", "a histogram-based loss") and that nothing shows to be measured: no
    result is tied to them, no mention is qualified ("validation loss"), and none stands in a
    list of metrics ("precision, recall and F1"), after a cue that announces measures ("in
    terms of precision"), after a word of performance, change, measuring or degree ("improves
    precision", "measuring recall", "high precision") or before a score word ("recall score");
    less a measure of cost or speed named only before the paper says what it proposes
    ("devices face latency constraints"), with no result tied to it. A letter-prefixed short
    acronym ("rFID"; "sUAS" is an aircraft) needs the same evidence."""
    tied = {r.metric for r in results}
    spans = [(m.name, *ctx.token_span(s, e)) for m in metrics for s, e in m.mentions]
    text = doc_text(ctx.doc)
    changes = VOCAB.measure_change_verbs | VOCAB.change_nouns

    short = named_regex("short_prefixed_metric")  # "rFID" is no qualified "FID"
    other_senses = VOCAB.metric_other_sense_after

    def evidenced(m: MetricDraft) -> bool:
        for s, e in m.mentions:
            surface = text[s:e].lower()
            qualified = surface not in (m.name, m.name + "s", m.name + "es")
            if qualified and not short.match(text[s:e]):
                return True  # "validation loss" (not "KL divergences": a plural qualifies none)
            ts, te = ctx.token_span(s, e)
            if not other_senses.isdisjoint(ctx.lowers[te : te + 4]):
                continue  # "higher precision (FP16 or FP8)": the precision of numbers
            if ctx.cue_list("METRIC_LIST_INTRO", max(0, ts - 4), ts):
                return True
            if any(
                ctx.cue_list(c, max(0, ts - 3), ts) for c in ("PERFORMANCE_VERB", "RESULT_VERB")
            ):
                return True  # "achieves strong recall"
            if not changes.isdisjoint(ctx.lowers[max(0, ts - 3) : ts]):
                return True  # "improvements in recall", "boost top-rank precision"
            before = ctx.lowers[max(0, ts - 3) : ts]
            if not (VOCAB.measure_evidence_before | VOCAB.measure_comparatives).isdisjoint(before):
                return True  # "measuring recall", "higher recall", "maximum recall"
            if te < len(ctx.lowers) and ctx.lowers[te] in VOCAB.measure_evidence_after:
                return True  # "the recall score"
            if any(n != m.name and ts - 3 <= oe and os_ <= te + 3 for n, os_, oe in spans):
                return True
        return False

    def motivation_only(m: MetricDraft) -> bool:
        first = ctx.sent_of[claim] if claim is not None else None
        return (
            first is not None
            and m.name in VOCAB.constraint_measures
            and all(ctx.sent_of[ctx.token_span(s, e)[0]] < first for s, e in m.mentions)
        )

    def ambiguous(m: MetricDraft) -> bool:
        prefixed = all(short.match(text[s:e]) for s, e in m.mentions)
        return m.name in VOCAB.sense_ambiguous_metrics or prefixed

    claim = next((i for i, flagged in enumerate(ctx.proposal) if flagged), None)
    return [
        m
        for m in metrics
        if m.name in tied or ((not ambiguous(m) or evidenced(m)) and not motivation_only(m))
    ]


@cache
def _change_triggers() -> frozenset[str]:
    """Words that move a measure: change verbs and comparatives ("improves", "higher")."""
    return VOCAB.measure_change_verbs | VOCAB.measure_comparatives


@cache
def _member_ends() -> frozenset[str]:
    """Words before which a list member that precedes a known metric starts ("improves
    [sample efficiency] and")."""
    return VOCAB.measure_change_verbs | VOCAB.noun_determiners | VOCAB.title_stopwords
