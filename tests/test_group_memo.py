"""pipeline.nlp.group_memo: one value per doc's span group, read again when it changes."""

import threading

import spacy
from spacy.tokens import Span

from pipeline.nlp.group_memo import GroupMemo


def _doc(text="One two three four"):
    doc = spacy.blank("en")(text)
    doc.spans["g"] = [Span(doc, 0, 1, label="A")]
    return doc


def _counting():
    calls = []

    def read(group):
        calls.append(len(group))
        return [s.label_ for s in group]

    return GroupMemo(read), calls


def test_the_same_doc_and_group_are_read_once():
    memo, calls = _counting()
    doc = _doc()
    assert memo(doc, doc.spans["g"]) == memo(doc, doc.spans["g"]) == ["A"]
    assert calls == [1]


def test_another_doc_is_read_afresh():
    memo, calls = _counting()
    a, b = _doc(), _doc()
    memo(a, a.spans["g"])
    memo(b, b.spans["g"])
    assert calls == [1, 1]


def test_a_group_that_grew_is_read_afresh():
    memo, calls = _counting()
    doc = _doc()
    memo(doc, doc.spans["g"])
    doc.spans["g"].append(Span(doc, 1, 2, label="B"))
    assert memo(doc, doc.spans["g"]) == ["A", "B"]
    assert calls == [1, 2]


def test_threads_keep_their_own_last_doc():
    memo, calls = _counting()
    doc = _doc()
    memo(doc, doc.spans["g"])
    other = threading.Thread(target=lambda: memo(doc, doc.spans["g"]))
    other.start()
    other.join()
    assert calls == [1, 1]  # the other thread had no memo of its own yet
