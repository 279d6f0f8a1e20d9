"""Normalise LaTeX/Markdown in an abstract while keeping a map back to raw offsets."""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from dataclasses import dataclass

import regex

from pipeline.resources import VOCAB, read_map

# Macros whose argument is kept and whose wrapper is dropped: \textit{X} -> X.
WRAPPER_MACROS = VOCAB.latex_wrapper_macros
# Symbol macros replaced by one character.
SYMBOL_MACROS: dict[str, str] = read_map("latex_symbols")
HTML_ENTITIES: dict[str, str] = read_map("html_entities")
NOT_JOINED = VOCAB.unhyphenated_next_words
# A text-wrapper macro whose backslash and braces were lost on export, glued to the word it
# wrapped ("We introduce textbfinverse reasoning"): dropped before a lower-case letter.
_LOST_NAMES = sorted(
    (m for m in WRAPPER_MACROS if m.startswith("text") and m != "text"), key=lambda m: (-len(m), m)
)
_LOST_MACRO = r"(?<![\\A-Za-z])(?:{})(?=[a-z])".format("|".join(_LOST_NAMES))

_TOKEN = regex.compile(
    r"""
    (?P<lost>"""
    + _LOST_MACRO
    + r""")
  | (?P<wrap>\\(?P<wname>[A-Za-z]+)\s*\{)
  | (?P<sym>\\(?P<sname>[A-Za-z]+|[%&_\#$\{\}])(?![A-Za-z])(?:\s*\{\})?)
  | (?P<macro>\\[A-Za-z]+)
  | (?P<open>\{)
  | (?P<close>\})
  | (?P<dollar>\$)
  | (?P<bold>\*\*|__)
  | (?P<ital>\*(?<=(?:^|[\s(])\*)(?=\S)|\*(?<=\S\*)(?=[\s).,;:]|$))
  | (?P<tilde>~)
  | (?P<dash>-{2,3})
  | (?P<hyph>-(?<=[a-z]-)\s+(?=(?P<next>[a-z]+)))
  | (?P<space>\s{2,}|[^\S ])
  | (?P<entity>&(?:amp|lt|gt|quot|\#39);)
  | (?P<uni>[^\x00-\x7f])
    """,
    regex.VERBOSE,
)


# Where a markup token can start: scanning from these positions only is ~10x faster than
# letting the alternation above try every position. Any superset of the positions where
# `_TOKEN` can match works (a position that fails is skipped), so this is written for the
# standard `re`, whose scan is several times faster: ASCII whitespace spelt out (its `\s`
# differs from `regex`'s) and every non-ASCII character a trigger. A hyphen starts a token
# only before another hyphen or whitespace, an underscore only as "__".
_MARKUP = (
    r"[\\{}$*~&]|__|-(?=[-\t\n\x0b\x0c\r ]|[^\x00-\x7f])"
    r"|[\t\n\x0b\x0c\r ](?=[\t\n\x0b\x0c\r ]|[^\x00-\x7f])|[\t\n\x0b\x0c\r]|[^\x00-\x7f]"
)
_TRIGGER = re.compile(_MARKUP)
# A lost macro is rare: its trigger, which looks behind at every position, is used only for
# a text that holds one of the names at all (one fast scan for their common prefix first).
_TRIGGER_LOST = re.compile(_LOST_MACRO + "|" + _MARKUP)
_LOST_HINT = re.compile(r"text(?:{})".format("|".join(n[4:] for n in _LOST_NAMES)))


def _tokens(raw: str):
    """Markup tokens of `raw`, left to right, as `_TOKEN` matches."""
    trigger = _TRIGGER_LOST if "text" in raw and _LOST_HINT.search(raw) else _TRIGGER
    pos = 0
    while True:
        hit = trigger.search(raw, pos)
        if hit is None:
            return
        m = _TOKEN.match(raw, hit.start())
        if m is None or m.end() == m.start():
            pos = hit.start() + 1
            continue
        yield m
        pos = m.end()


@dataclass(frozen=True)
class OffsetMap:
    """Normalised text plus a map from each normalised char back to the raw span it came from.

    The map is a list of segments: a copied segment maps char for char; a replacement
    segment (e.g. "%" for "\\%") maps every char it emits to its whole raw span.
    """

    raw: str
    text: str
    seg_norm: tuple[int, ...]
    seg_raw_start: tuple[int, ...]
    seg_raw_end: tuple[int, ...]
    seg_copy: tuple[bool, ...]

    def _raw_of(self, i: int) -> tuple[int, int]:
        k = bisect_right(self.seg_norm, i) - 1
        if self.seg_copy[k]:
            r = self.seg_raw_start[k] + (i - self.seg_norm[k])
            return r, r + 1
        return self.seg_raw_start[k], self.seg_raw_end[k]

    def to_raw(self, start: int, end: int) -> tuple[int, int]:
        """Map a normalised span [start, end) to the raw span it covers."""
        if not 0 <= start < end <= len(self.text):
            raise ValueError(f"span {start}:{end} outside normalised text of {len(self.text)}")
        if len(self.seg_copy) == 1 and self.seg_copy[0]:  # one copied segment: a shift
            return self.seg_raw_start[0] + start, self.seg_raw_start[0] + end
        return self._raw_of(start)[0], self._raw_of(end - 1)[1]

    def raw_slice(self, start: int, end: int) -> str:
        """The raw text behind a normalised span."""
        s, e = self.to_raw(start, end)
        return self.raw[s:e]

    @property
    def starts(self) -> list[int]:
        """Raw start of every normalised char (for inspection and tests)."""
        return [self._raw_of(i)[0] for i in range(len(self.text))]

    @property
    def ends(self) -> list[int]:
        """Raw end of every normalised char."""
        return [self._raw_of(i)[1] for i in range(len(self.text))]


class _Builder:
    """Accumulates normalised pieces with the raw spans they come from."""

    def __init__(self, raw: str) -> None:
        self.raw = raw
        self.chars: list[str] = []
        self.length = 0
        self.seg_norm: list[int] = []
        self.seg_raw_start: list[int] = []
        self.seg_raw_end: list[int] = []
        self.seg_copy: list[bool] = []

    def _segment(self, text: str, start: int, end: int, copy: bool) -> None:
        if not text:
            return
        self.chars.append(text)
        self.seg_norm.append(self.length)
        self.seg_raw_start.append(start)
        self.seg_raw_end.append(end)
        self.seg_copy.append(copy)
        self.length += len(text)

    def copy(self, start: int, end: int) -> None:
        self._segment(self.raw[start:end], start, end, True)

    def emit(self, text: str, start: int, end: int) -> None:
        self._segment(text, start, end, False)

    def build(self) -> OffsetMap:
        return OffsetMap(
            self.raw,
            "".join(self.chars),
            tuple(self.seg_norm),
            tuple(self.seg_raw_start),
            tuple(self.seg_raw_end),
            tuple(self.seg_copy),
        )


def _joins(raw: str, s: int, e: int) -> bool:
    """True for a LaTeX "--" (an en dash) that joins a name or spans a range: glued between
    letters or digits ("VSF--Med", "$0.5$--$0.9$", "52\\%--69\\%") or between two numbers
    ("10 -- 20"); "---", or "--" that sets words apart, is an em dash ("(LLMs)--GPT-5",
    "models -- which")."""
    if e - s != 2:
        return False
    before, after = raw[max(0, s - 8) : s], raw[e : e + 8]
    left, right = before.rstrip("$ ")[-1:], after.lstrip("$ ")[:1]
    number = (left.isdigit() or left == "%") and right.isdigit()
    glued = before.rstrip("$")[-1:] == left and after.lstrip("$")[:1] == right
    return number or (glued and (left.isalnum() or left == "%") and right.isalnum())


def normalise(raw: str) -> OffsetMap:
    """Strip LaTeX/Markdown markup from `raw`; every kept char maps back to raw offsets."""
    out = _Builder(raw)
    braces: list[bool] = []  # True: the closing brace is dropped
    pos = 0
    for m in _tokens(raw):
        s, e = m.span()
        if s > pos:
            out.copy(pos, s)
        pos = e
        kind = m.lastgroup
        if m.group("wrap") is not None:
            if m.group("wname") in WRAPPER_MACROS:
                braces.append(True)
            else:
                out.copy(s, e)
                braces.append(False)
        elif m.group("sym") is not None:
            name = m.group("sname")
            if name in SYMBOL_MACROS:
                out.emit(SYMBOL_MACROS[name], s, e)
            else:
                out.copy(s, e)
        elif kind == "macro":
            out.copy(s, e)
        elif kind == "open":
            braces.append(False)
            out.copy(s, e)
        elif kind == "close":
            if braces and braces.pop():
                continue
            out.copy(s, e)
        elif kind in ("lost", "dollar", "bold", "ital"):
            continue
        elif kind == "tilde":
            out.emit(" ", s, e)
        elif kind == "dash":
            out.emit("–" if _joins(raw, s, e) else "—", s, e)
        elif m.group("hyph") is not None:
            if m.group("next") in NOT_JOINED:
                out.copy(s, e)
            # else: a line-break hyphenation, "sam- pling" -> "sampling"
        elif kind == "space":
            out.emit(" ", s, e)
        elif kind == "entity":
            out.emit(HTML_ENTITIES[m.group()], s, e)
        elif kind == "uni":
            folded = unicodedata.normalize("NFKC", m.group())
            if folded.isspace() or not folded:
                out.emit(" " if folded else "", s, e)
            elif folded != m.group() and folded.isascii():
                out.emit(folded, s, e)
            else:
                out.copy(s, e)
    if pos < len(raw):
        out.copy(pos, len(raw))
    return out.build()
