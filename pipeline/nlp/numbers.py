"""Numeric expressions with units, transitions (A → B, from A to B) and ranges."""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, replace
from itertools import pairwise
from math import isfinite

import regex
from spacy.language import Language
from spacy.tokens import Doc

from pipeline.nlp.tokenizer import doc_text
from pipeline.resources import VOCAB, read_map

if not Doc.has_extension("numbers"):
    Doc.set_extension("numbers", default=[])

MAGNITUDES: dict[str, float] = read_map("number_magnitudes")
UNIT_ALIASES: dict[str, str] = read_map("unit_aliases")
_UNIT = (  # compiled in VERBOSE mode below: literal spaces are written as \s
    r"(?:\s?(?P<unit>%p(?![A-Za-z0-9])|%\x20?points?(?![\w-])|%|×|x(?![A-Za-z0-9])|X(?![A-Za-z0-9])|-?fold\b|\s?fold\b"
    r"|pp\b|p\.p\.|pts\b|pct\b(?!\.?\s?(?:pts?|points?)\b))"
    r"|\s(?P<wunit>(?:absolute\s)?percentage[\s-]points?|absolute\spoints?\b|percent\b|points?\b"
    r"|pct\.?\s?(?:pts?|points?)\b\.?"
    r"|times\b))"
)
# A unit of time, memory, energy or rate glued to its number ("0.17ms", "16GB", "10MBs"): the
# number's text runs to the unit's end and the unit counts as the word after it.
_GLUED_UNIT = "|".join(
    regex.escape(u)
    for u in sorted(VOCAB.physical_units, key=lambda u: (-len(u), u))
    if u.isalpha() and len(u) <= 5
)
_NUMBER = regex.compile(
    r"""
    (?<![\w.\-–/@^_\\])
    (?:
      (?P<lo>\d+(?:\.\d+)?)(?P<lunit>%|×)?\s?[-–]\s?(?P<hi>\d+(?:\.\d+)?)
      (?:\s?(?P<runit>%|×|x(?![A-Za-z0-9])|pp\b|pts\b)
      |\s(?P<rwunit>percentage[\s-]points?|percent\b|points?\b|times\b))
    | (?P<dlo>\d*\.\d+)[-–](?P<dhi>\d*\.\d+)  # "rho=0.242-0.568": a range of decimals
    | (?P<seq>(?:\d+\.\d+/)+\d+(?:\.\d+)?|(?:\d+/)+\d+\.\d+)(?P<sunit>\s?%)?
    | (?P<frac>\d+/\d+)(?P<ord>st|nd|rd|th)?
    | (?P<sign>[-−+](?=\.?\d))?
      (?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+\x20\.\x20\d+
        |(?<!\d\x20)[1-9]\d{0,2}\x20\d{3}(?=\x20\p{L})  # "25 077 images": a space for a comma
        |\d+(?:\.\d+)?|\.\d+)
      (?:(?P<gunit>(?i:"""
    + _GLUED_UNIT
    + r"""))(?![A-Za-z0-9])
      | (?P<mag>[KMBTk](?![a-z])|[\x20-](?:thousand|million|billion|trillion)\b))?"""
    + _UNIT
    + r"""?
    )
    (?![A-Za-z0-9]|\.\d|(?<![%×])\(|/\d)  # "3(b)" is a label; "81.58%(83.13% ...)" a value
    """,
    regex.VERBOSE,
)
# The masks below run over whole abstracts, so none may be quadratic on a long run: a match
# never starts inside a digit run ("(?<!\d)": a match there would also start at the run's
# first digit, which finditer tries first) and runs that cannot give back are possessive.
_CONFIDENCE = regex.compile(  # "95% CI [0.93, 0.95]", "[69.5-76.0% CI]": a level and interval
    r"(?:(?<!\d)\d++(?:\.\d++)?\s?%\s*+)?\b(?:CIs?|confidence\s+intervals?)\b\s*+[:=]?\s*+"
    r"(?:[\[(][^\])]{0,60}[\])]|-?\d+(?:\.\d+)?\s?%?\s?(?:[-–,]|to)\s?-?\d+(?:\.\d+)?)?"
    r"|[\[(][^\])]{0,40}\bCI[\])]"
)
_HYPHEN_CAPITAL = regex.compile(r"-\p{Lu}")  # a capitalised word glued after a number
_VERSION = regex.compile(r"\d{1,2}\.\d")  # a release number: "2.5", "3.7"
_DIMENSION = regex.compile(r"(?<!\d)\d++\s?[x×]\s?\d+")
_ONE_IN_N = regex.compile(r"(?<![\d.])\d++-in-\d+")  # "1-in-5 accuracy": part of a name
_URL = regex.compile(r"(?:https?://|www\.)\S+")
_DOMAIN_PATH = regex.compile(r"\.(?:com|org|io|ai|net)/")  # "github.com/x": expanded by hand


def _url_spans(text: str) -> list[tuple[int, int]]:
    """URLs: scheme or www. forms, and bare "host.com/path" (found by its ".com/" anchor,
    then widened to the surrounding non-space run: far cheaper than a leading \\S+)."""
    spans = [m.span() for m in _URL.finditer(text)] if "http" in text or "www." in text else []
    e = 0
    for m in _DOMAIN_PATH.finditer(text) if "/" in text else ():
        if m.start() < e:  # inside the run just widened: the same span (linear on "a.com/a.com/")
            continue
        s = m.start()
        while s > 0 and not text[s - 1].isspace():
            s -= 1
        e = m.end()
        while e < len(text) and not text[e].isspace():
            e += 1
        spans.append((s, e))
    return spans


_BRACKETED = regex.compile(r"\[[\d,;\s–-]++\]|\((?:\d{1,2}|[ivx]{1,4})\)")
_BETWEEN_TRANSITION = regex.compile(
    r"^\s*(?:±\s?\d+(?:\.\d+)?\s?%?\s+)?"  # "35.1% ± 3.1% to 92.3%": a spread on A
    r"(?P<uw>[A-Za-zμ]{1,4}\.?\s+)?(?P<op>→|->|⟶|=>|to|~|∼)\s*"  # "2.13 s to 0.67 s", "1.04~2.2×"
    r"(?:(?:just|only|about|around|nearly|roughly|approximately|a mere|over|under)\s+)?[$€£]?$"
)
_FROM_BEFORE = regex.compile(  # "from 3.2", "from about 3.2", "from a baseline of 35.1%"
    r"\bfrom\s+(?:(?:\w+\s+){0,1}|(?:\w+\s+){1,3}of\s+)[$€£]?$"
)
_RANGE_FROM = regex.compile(  # "ranging from 4.675 times": the range's low end, no before value
    r"\b(?:" + "|".join(sorted(VOCAB.range_verbs)) + r")\s+from\s+(?:\w+\s+)?[$€£]?$",
    regex.IGNORECASE,
)
# "from 53.8% (raw agent) to 54.8%", "from 44.7% for baseline repair to 48.9%": after "from
# A", a short parenthesis or owner phrase may stand before "to B"
_FROM_GAP_TRANSITION = regex.compile(
    r"^\s*(?:\([^()\d]{1,40}\)|(?:for|with|on|in|under|by)\s+[^,;()\d]{1,40}?)\s+to\s+[$€£]?$"
)


@dataclass(frozen=True)
class Number:
    """A numeric expression in the doc text (char offsets) with its parsed value and unit."""

    start: int
    end: int
    text: str
    value: float
    unit: str | None
    is_integer: bool
    has_magnitude: bool
    is_fraction: bool
    grouped: bool
    signed: bool = False  # written with an explicit "+": a gain
    from_value: float | None = None
    from_start: int | None = None
    from_end: int | None = None
    range_low: bool = False
    range_high: bool = False
    glued_unit: str | None = None  # "ms" of "0.17ms": a measured quantity, as "0.17 ms"


def parse_value(number: str, magnitude: str | None = None) -> float:
    """'75,000' -> 75000.0, '100'+'K' -> 100000.0, '1/50' -> 0.02 (inf or nan past the float
    range or for a zero denominator: `find_numbers` drops those)."""
    if "/" in number:
        num, den = number.split("/")
        return float(num) / float(den) if float(den) else float("nan")
    value = float(number.replace(",", ""))
    return value * MAGNITUDES[magnitude] if magnitude else value


class _Masked:
    """Spans where numbers are never results: URLs, citations, enumerations, dimensions,
    confidence intervals; `covers(i)` in O(log n) (a scan of every span per number is
    quadratic on an abstract of thousands of both)."""

    def __init__(self, text: str) -> None:
        spans = _url_spans(text)
        for pattern in (_BRACKETED, _DIMENSION, _ONE_IN_N):
            spans.extend(m.span() for m in pattern.finditer(text))
        if "CI" in text or "confidence" in text:  # every _CONFIDENCE match holds one of them
            spans.extend(m.span() for m in _CONFIDENCE.finditer(text))
        spans.sort()
        self.starts = [s for s, _ in spans]
        self.reach: list[int] = []  # the furthest end of the spans up to each one
        for _, e in spans:
            self.reach.append(max(e, self.reach[-1]) if self.reach else e)

    def covers(self, i: int) -> bool:
        """True when a span holds char `i`."""
        k = bisect_right(self.starts, i) - 1
        return k >= 0 and self.reach[k] > i


_DIGIT = regex.compile(r"[-−+]?\.?\d")
# "89.3 ± 0.4" is a spread and "p < 0.001" a threshold, not results.
_NOT_RESULT_BEFORE = tuple(VOCAB.spread_operators | VOCAB.threshold_operators)
_ARROWS = ("->", "=>")  # an arrow written with ">" is a transition, not a threshold
_NAME_NUMBER = regex.compile(r"\d{3,5}$")  # a bare integer of three to five digits
_SPREAD_UNIT_AFTER = regex.compile(r"\s?[±∓]\s?\d+(?:\.\d+)?\s?(?P<unit>%|pp\b)")  # "64.6±6.3%"
# "by a factor of 17.5", "a factor of roughly 3" (not "a penalty factor of 2")
_FACTOR_BEFORE = regex.compile(r"\b(?:a|by)\s+(?P<f>factor\s+of\s+(?:[a-z]+\s+){0,2})$")
_CAPS_BEFORE = regex.compile(r"(?<![\w/-])([A-Z]{2,})(?:/[A-Z]{2,})*\x20$")


def _reached(text: str, s: int) -> bool:
    """True when the operator before the number at `s` follows a word such as "to" or "of":
    the value is a level reached ("gap to <0.1%"), not a threshold ("p < 0.001")."""
    before = text[max(0, s - 16) : s].rstrip().rstrip("<>≤≥=").rstrip().rsplit(None, 1)
    return bool(before) and before[-1].lower() in VOCAB.reached_bound_openers


def _number_matches(text: str):
    """`_NUMBER` matches, trying only positions where a digit (or its sign) starts."""
    pos = 0
    while True:
        hit = _DIGIT.search(text, pos)
        if hit is None:
            return
        m = _NUMBER.match(text, hit.start())
        if m is None and not text[hit.start()].isdigit():
            m = _NUMBER.match(text, hit.start() + 1)  # "/+8.1": the number without its sign
        if m is None:
            # skip the whole digit run ("1,503", "2.5"): a number never starts inside one
            pos = hit.end()
            while pos < len(text) and (
                text[pos].isdigit()
                or (text[pos] in ",." and pos + 1 < len(text) and text[pos + 1].isdigit())
            ):
                pos += 1
            continue
        yield m
        pos = m.end()


def find_numbers(text: str) -> list[Number]:
    """Every numeric expression outside names, URLs, citations and dimensions.

    A value that is not a finite float (past the float range, "1" and 309 zeros or "9…9K";
    "1/0th") is not a number: it is dropped, with the other end of its dash range, before
    transitions are linked, so "from <huge>% to 95%" gives 95% alone (no from-value) and
    "from 2% to <huge>%" 2% alone."""
    masked = _Masked(text)
    found: list[Number] = []
    for m in _number_matches(text):
        s, e = m.span()
        if masked.covers(s):
            continue
        if s >= 2 and text[s - 1] == "(" and text[s - 2].isalpha():
            continue
        if (
            text[max(0, s - 4) : s].rstrip().endswith(_NOT_RESULT_BEFORE)
            and not _reached(text, s)
            and not text[max(0, s - 4) : s].rstrip().endswith(_ARROWS)
        ):
            continue  # "p < 0.001"; not "gap to <0.1%" or "0.84 -> 0.9"
        if _VERSION.fullmatch(m.group(0)) and _HYPHEN_CAPITAL.match(text, e):
            continue  # "Gemini 2.5-Pro": a release number in a name ("a 256-GPU cluster": a count)
        caps = _NAME_NUMBER.match(m.group(0)) and _CAPS_BEFORE.search(text, max(0, s - 24), s)
        if caps and (e - s >= 4 or len(caps.group(1)) >= 5):
            continue  # "ISO/IEC 42001", "RTX 4090", "CIFAR 100" (not "PPL 294"): part of a name
        if m.group("seq") is not None:  # "82.1/81.4": one reported value per slash part
            found.extend(_slash_values(text, m))
            continue
        if m.group("lo") is not None or m.group("dlo") is not None:
            decimals = m.group("lo") is None
            lo_key, hi_key = ("dlo", "dhi") if decimals else ("lo", "hi")
            lo, hi = float(m.group(lo_key)), float(m.group(hi_key))
            if not (isfinite(lo) and isfinite(hi)):
                continue  # a range stands or falls whole
            written = None if decimals else m.group("runit") or m.group("rwunit")
            unit = UNIT_ALIASES[" ".join(written.split())] if written else None
            lo_end, lo_unit = m.start(lo_key) + len(m.group(lo_key)), unit
            if not decimals and m.group("lunit"):  # "52%–69%": each end carries its unit
                lo_end, lo_unit = m.end("lunit"), UNIT_ALIASES[m.group("lunit")]
            found.append(
                Number(
                    s,
                    lo_end,
                    text[s:lo_end],
                    lo,
                    lo_unit,
                    False,
                    False,
                    False,
                    False,
                    range_low=True,
                )
            )
            hs = m.start(hi_key)
            found.append(
                Number(
                    hs,
                    e,
                    text[hs:e],
                    hi,
                    unit,
                    False,
                    False,
                    False,
                    False,
                    range_high=True,
                )
            )
            continue
        if m.group("frac") is not None:
            num, den = (float(x) for x in m.group("frac").split("/"))
            if m.group("ord") is None and num >= den:
                continue  # "10/10 correct" is a tally, not a fraction
            value = parse_value(m.group("frac"))
            found.append(Number(s, e, text[s:e], value, None, False, False, True, False))
            continue
        raw_unit = m.group("unit") or m.group("wunit")
        unit = UNIT_ALIASES.get(" ".join(raw_unit.split())) if raw_unit else None
        if raw_unit and unit is None:
            unit = UNIT_ALIASES.get(raw_unit)
        if unit is None and (spread := _SPREAD_UNIT_AFTER.match(text, e)):
            unit = UNIT_ALIASES[spread.group("unit")]  # the unit after a spread is the value's
        if unit is None and (factor := _FACTOR_BEFORE.search(text, max(0, s - 40), s)):
            s, unit = factor.start("f"), "x"  # "a factor of 17.5" is a ratio, written as 17.5x
        spaced = m.group("num")
        num = spaced.replace(" ", "")  # "71 . 8": pre-tokenised text; "25 077": grouped
        glued = m.group("gunit")
        if glued and glued.lower() == "s" and "." not in num and num.endswith("0"):
            continue  # "1950s", "100s to 1,000s": a decade or a round plural, not seconds
        mag = m.group("mag").strip(" -") if m.group("mag") else None  # "K", "-billion"
        negative = m.group("sign") in ("-", "−")
        found.append(
            Number(
                s,
                e,
                text[s:e],
                -parse_value(num, mag) if negative else parse_value(num, mag),
                unit,
                is_integer="." not in num,
                has_magnitude=mag is not None,
                is_fraction=False,
                grouped="," in num or (" " in spaced and "." not in spaced),
                signed=m.group("sign") == "+",
                glued_unit=glued,
            )
        )
    return link_transitions(text, [n for n in found if isfinite(n.value)])


def _slash_values(text: str, m: regex.Match) -> list[Number]:
    """The parts of a slash-separated value list ("82.1/81.4", "41.2/18.7/38.3 %")."""
    unit = "%" if m.group("sunit") else None
    parts = m.group("seq").split("/")
    scale = len(parts) == 2 and not unit and float(parts[1]).is_integer()
    if scale and float(parts[1]) > float(parts[0]):  # "3.79/4.0", "9.4/10": out of a scale
        s, e = m.start("seq"), m.start("seq") + len(parts[0])
        return [
            Number(s, e, text[s:e], float(parts[0]), None, "." not in parts[0], False, False, False)
        ]
    out, pos = [], m.start("seq")
    for part in m.group("seq").split("/"):
        end = pos + len(part)
        out.append(
            Number(pos, end, text[pos:end], float(part), unit, "." not in part, False, False, False)
        )
        pos = end + 1
    if unit:  # the unit is written once, after the last part
        out[-1] = replace(out[-1], end=m.end(), text=text[out[-1].start : m.end()])
    return out


def link_transitions(text: str, numbers: list[Number]) -> list[Number]:
    """Fold "A → B" and "from A to B" into B (with from_value A); mark "A to B" ranges."""
    out: list[Number] = []
    i = 0
    while i < len(numbers):
        cur = numbers[i]
        if k := _parallel_transition(text, numbers, i):  # "from 29.4% and 43.4% to 8.4% and 6.2%"
            for a, b in zip(numbers[i : i + k], numbers[i + k : i + 2 * k], strict=True):
                out.append(
                    replace(
                        b,
                        unit=b.unit or a.unit,
                        from_value=a.value,
                        from_start=a.start,
                        from_end=a.end,
                    )
                )
            i += 2 * k
            continue
        nxt = numbers[i + 1] if i + 1 < len(numbers) else None
        if nxt is not None and not cur.range_low:
            gap = text[cur.end : nxt.start]
            m = _BETWEEN_TRANSITION.match(gap)
            if m is None and _FROM_GAP_TRANSITION.match(gap):
                from_before = _FROM_BEFORE.search(text[max(0, cur.start - 20) : cur.start])
                if from_before:
                    out.append(
                        replace(
                            nxt,
                            unit=nxt.unit or cur.unit,
                            from_value=cur.value,
                            from_start=cur.start,
                            from_end=cur.end,
                        )
                    )
                    i += 2
                    continue
            if m is not None:
                arrow = m.group("op") not in ("to", "~", "∼")  # a tilde spans a range
                unit_word = m.group("uw") is not None
                enclosed = (
                    text[cur.start - 1 : cur.start] == "(" and text[nxt.end : nxt.end + 1] == ")"
                )
                before = text[max(0, cur.start - 30) : cur.start]
                from_before = _FROM_BEFORE.search(before) and not _RANGE_FROM.search(before)
                if unit_word and not (arrow or from_before):
                    out.append(cur)  # "12 s to ...": not a range of two numbers
                    i += 1
                    continue
                if arrow or from_before or enclosed:  # "(30.5 to 15.3%)": a before/after pair
                    unit = nxt.unit or cur.unit
                    out.append(
                        replace(
                            nxt,
                            unit=unit,
                            from_value=cur.value,
                            from_start=cur.start,
                            from_end=cur.end,
                        )
                    )
                    i += 2
                    continue
                if cur.unit is not None and nxt.unit is None and _measured_in(text, nxt):
                    out.append(cur)  # "by 97.1% to just 59 KB": a change, then what it reaches
                    i += 1
                    continue
                unit = nxt.unit or cur.unit
                out.append(replace(cur, unit=cur.unit or unit, range_low=True))
                out.append(replace(nxt, unit=unit, range_high=True))
                i += 2
                continue
        out.append(cur)
        i += 1
    return out


_WORD_AFTER = regex.compile(r"\s?([^\s,;.()]+)")


def _measured_in(text: str, number: Number) -> bool:
    """True when a unit of time, memory, energy or rate is glued to the number or follows it."""
    if number.glued_unit:
        return True
    m = _WORD_AFTER.match(text, number.end)
    return m is not None and m.group(1).lower() in VOCAB.physical_units


_LIST_JOIN = regex.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+")
_TO_JOIN = regex.compile(r"\s+to\s+")


def _parallel_transition(text: str, numbers: list[Number], i: int) -> int:
    """k when numbers i.. are "from A1 and A2 to B1 and B2" (k values each side, k 2 to 4),
    each B the result of its A; else 0."""
    if not _FROM_BEFORE.search(text[max(0, numbers[i].start - 20) : numbers[i].start]):
        return 0
    for k in range(2, 5):
        if i + 2 * k > len(numbers):
            return 0
        a, b = numbers[i : i + k], numbers[i + k : i + 2 * k]
        if not _TO_JOIN.fullmatch(text[a[-1].end : b[0].start]):
            continue
        joined = [*pairwise(a), *pairwise(b)]
        if all(_LIST_JOIN.fullmatch(text[x.end : y.start]) for x, y in joined):
            return k
    return 0


class NumberFinder:
    """Store numeric expressions of a doc in `doc._.numbers` as plain dicts."""

    def __init__(self, nlp: Language, name: str = "number_finder") -> None:
        self.name = name

    def __call__(self, doc: Doc) -> Doc:
        doc._.numbers = [dict(n.__dict__) for n in find_numbers(doc_text(doc))]
        return doc


@Language.factory("number_finder", assigns=["doc._.numbers"])
def make_number_finder(nlp: Language, name: str) -> NumberFinder:
    """Registered factory for NumberFinder."""
    return NumberFinder(nlp, name)
