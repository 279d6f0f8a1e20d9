"""Property: whatever markup surrounds names and numbers, every span is its raw slice."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pipeline.io.ingest import InputItem
from pipeline.models import Record
from pipeline.nlp import get_nlp
from pipeline.nlp.numbers import find_numbers
from pipeline.record import extract_batch

FRAGMENTS = [
    "We propose ",
    r"\textit{FooNet}",
    "**B**ar **N**et (**BN**)",
    ", a model",
    " reaches ",
    r"91.2\%",
    "$5.17\\times$",
    " on ",
    "ImageNet-1K",
    " and WebArena",
    ". ",
    "sam- pling ",
    r"\url{https://x.org/1}",
    " from 50\\% to 75\\%",
    "~$\\rightarrow$~",
    " GPT-4o",
    " 100K",
    " (e.g., CIFAR-10)",
    "\n",
    "  ",
    "é",
    "—",
    " outperforms ",
    " Llama-3-8B",
    " by 14.4 points",
    r"\revise{a",
    "}",
    "{",
    "$",
    "*",
    "_",
    "–",
    " 71 . 8 % ",
    " .72",
    " 82.1/81.4",
    " ± 0.4",
    " (95% CI [0.9, 0.95])",
    " p < 0.001",
    " $1,503",
    " 1.8 million",
    "F1=88.5",
    "(0.876 vs. 0.866)",
    "+0.017",
]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(FRAGMENTS), min_size=1, max_size=25))
def test_every_span_is_the_raw_slice(parts):
    raw = "".join(parts)
    if not raw.strip():
        return
    item = InputItem("p.txt", "0" * 64, "text", 1, 1, raw)
    (rec,) = list(extract_batch([item], get_nlp()))
    assert isinstance(rec, Record), rec
    for span in rec.iter_spans():
        assert raw[span.start : span.end] == span.text
    for sent in rec.sentences:
        assert 0 <= sent.start < sent.end <= len(raw)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789 ./%-+,$x×→±<>=()[]CIabtom", min_size=1, max_size=30))
def test_number_finder_never_fails_and_spans_are_slices(text):
    for n in find_numbers(text):
        assert text[n.start : n.end] == n.text
