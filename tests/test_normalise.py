"""The normaliser strips LaTeX/Markdown and every kept char maps back to raw offsets."""

from hypothesis import given
from hypothesis import strategies as st

from pipeline.nlp.normalise import normalise


def test_escaped_percent():
    m = normalise(r"from 50.33\% to 75.70\%")
    assert m.text == "from 50.33% to 75.70%"
    s = m.text.index("75.70%")
    assert m.raw_slice(s, s + 6) == r"75.70\%"


def test_math_times_and_arrow():
    assert normalise(r"$5.17\times$ less").text == "5.17× less"
    assert normalise(r"26.8\%~$\rightarrow$~56.3\%").text == "26.8% → 56.3%"


def test_greek_letter_macros_become_letters():
    m = normalise(r"Spearman's $\rho=0.24$ and $\Delta$")
    assert m.text == "Spearman's ρ=0.24 and Δ"
    assert m.raw_slice(m.text.index("ρ"), m.text.index("ρ") + 1) == r"\rho"


def test_wrapper_macros_keep_argument():
    m = normalise(r"introduces \textit{LadderSym}, and \textbf{\emph{5×}} fewer")
    assert m.text == "introduces LadderSym, and 5× fewer"
    s = m.text.index("LadderSym")
    assert m.raw_slice(s, s + 9) == "LadderSym"


def test_markdown_bold_initials():
    m = normalise("**P**olicy-guided **S**afety **T**uning (**PST**)")
    assert m.text == "Policy-guided Safety Tuning (PST)"
    s = m.text.index("PST")
    assert m.raw_slice(s, s + 3) == "PST"


def test_markdown_italics():
    assert (
        normalise("employs *Policy-Guided Fine-Tuning* to").text
        == "employs Policy-Guided Fine-Tuning to"
    )


def test_url_revise_and_unknown_macro():
    m = normalise(r"\revise{To address this} \ours{} at \url{https://x.org/a}")
    assert m.text == r"To address this \ours{} at https://x.org/a"


def test_line_break_hyphenation_is_joined():
    m = normalise("posterior sam- pling and var- ious")
    assert m.text == "posterior sampling and various"
    s = m.text.index("sampling")
    assert m.raw_slice(s, s + 8) == "sam- pling"


def test_suspended_hyphen_is_kept():
    assert normalise("pre- and post-training").text == "pre- and post-training"


def test_whitespace_collapses():
    assert normalise("a \n\t b").text == "a b"


def test_latex_double_dash_is_an_en_dash_and_triple_an_em_dash():
    assert normalise("VSF--Med, 0--32").text == "VSF–Med, 0–32"
    assert normalise("models---capable").text == "models—capable"
    assert normalise("(LLMs)--GPT-5 and x -- y").text == "(LLMs)—GPT-5 and x — y"


def test_to_raw_rejects_empty_span():
    m = normalise("abc")
    try:
        m.to_raw(1, 1)
    except ValueError:
        return
    raise AssertionError("empty span accepted")


@given(st.text(alphabet=st.sampled_from(list("ab \\{}$%*~-\n_^é×textbfurl")), max_size=60))
def test_offset_map_is_monotone_and_covers(raw):
    m = normalise(raw)
    assert len(m.starts) == len(m.ends) == len(m.text)
    for i in range(len(m.text)):
        assert 0 <= m.starts[i] < m.ends[i] <= len(raw)
        if i:
            assert m.starts[i] >= m.starts[i - 1]


@given(st.text(max_size=80))
def test_plain_text_maps_to_itself(raw):
    m = normalise(raw)
    for i in range(len(m.text)):
        s, e = m.to_raw(i, i + 1)
        assert raw[s:e]


def test_trigger_scan_finds_the_same_tokens_as_a_full_scan():
    from pipeline.nlp.normalise import _TOKEN, _tokens

    raw = r"a*b* **B**old \textit{x}~$5\times$ sam- ple  é -- {k} & 3-4 \ours{} *it* end*"
    full = [(m.start(), m.end(), m.lastgroup) for m in _TOKEN.finditer(raw)]
    assert [(m.start(), m.end(), m.lastgroup) for m in _tokens(raw)] == full


def test_wrapper_macro_lost_on_export_is_dropped():
    m = normalise("We introduce textbfinverse reasoning, a paradigm; the textbf macro and context")
    assert m.text == "We introduce inverse reasoning, a paradigm; the textbf macro and context"
    s = m.text.index("inverse")
    assert m.raw_slice(s, s + 7) == "inverse"
