"""scripts/build_catalogues.py: names read from packages' own files (no download here)."""

from __future__ import annotations

import io
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

from build_catalogues import (  # noqa: E402
    defined_long_forms,
    match_policy,
    nltk_corpus_names,
    sklearn_method_names,
    spelled_in,
    title_words,
)

from pipeline.nlp import get_nlp  # noqa: E402


def wheel(files: dict[str, str]) -> zipfile.ZipFile:
    """An in-memory wheel holding `files`."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for name, text in files.items():
            zf.writestr(name, text)
    return zipfile.ZipFile(buf)


def test_a_squashed_id_is_found_as_the_prose_spells_it_most_frequent_first():
    prose = "The NomBank corpus. Nombank is read by the NomBank reader; nombank ids."
    assert spelled_in("nombank", prose) == ["NomBank", "Nombank"]
    assert spelled_in("kmeans", "K-Means clustering.") == ["K-Means"]


def test_title_words_capitalise_every_word_and_hyphen_part():
    assert title_words("Mini-batch k-means") == "Mini-Batch K-Means"
    assert title_words("Multi-task ElasticNet") == "Multi-Task ElasticNet"


def test_a_long_form_counts_only_when_its_initials_spell_the_short_form():
    doc = "Principal component analysis (PCA). Detection using the Local Outlier Factor (LOF)."
    assert list(defined_long_forms(doc)) == [
        ("Principal component analysis", "PCA"),
        ("Local Outlier Factor", "LOF"),
    ]
    assert list(defined_long_forms("Classical multidimensional scaling (MDS).")) == []


def test_a_method_title_of_two_common_words_matches_alone_a_dataset_title_does_not():
    def zipf(word: str) -> float:
        return 5.0  # every word common

    assert match_policy("METHOD", "Linear Regression", zipf) == "alone"
    assert match_policy("DATASET", "Product Reviews", zipf) == "context"


SKLEARN = {
    "sklearn/ensemble/__init__.py": '__all__ = ["RandomForestClassifier", "BaseEnsemble"]',
    "sklearn/ensemble/_forest.py": (
        'class RandomForestClassifier:\n    """A random forest classifier."""\n'
        'class BaseEnsemble:\n    """Base class."""\n'
    ),
    "sklearn/decomposition/__init__.py": '__all__ = ["PCA", "KernelPCA"]',
    "sklearn/decomposition/_pca.py": (
        'class PCA:\n    """Principal component analysis (PCA)."""\n'
        'class KernelPCA:\n    """Kernel Principal component analysis (KPCA)."""\n'
    ),
    "sklearn/linear_model/__init__.py": '__all__ = ["PoissonRegressor", "Lasso"]',
    "sklearn/linear_model/_glm.py": (
        'class PoissonRegressor:\n    """Generalized Linear Model with a Poisson distribution."""\n'
        'class Lasso:\n    """Linear Model trained with L1 prior (aka the Lasso)."""\n'
    ),
    "sklearn/neighbors/__init__.py": '__all__ = ["KNeighborsClassifier"]',
    "sklearn/neighbors/_classification.py": (
        'class KNeighborsClassifier:\n    """Classifier implementing the k-nearest neighbors."""\n'
    ),
}


def test_sklearn_estimators_are_named_as_written_in_abstracts():
    names = {r.surface for r in sklearn_method_names(wheel(SKLEARN))}
    assert {"Random Forest", "Principal Component Analysis", "PCA", "Poisson Regression"} <= names
    assert "Kernel Principal Component Analysis" in names and "Kernel PCA" in names


def test_sklearn_base_classes_letters_and_single_words_are_no_names():
    names = {r.surface for r in sklearn_method_names(wheel(SKLEARN))}
    assert not names & {"Base Ensemble", "K Neighbors", "Lasso"}


def test_sklearn_rows_name_their_file():
    rows = list(sklearn_method_names(wheel(SKLEARN)))
    assert all(r.source.startswith("scikit-learn==") and r.label == "METHOD" for r in rows)


NLTK = {
    "nltk/corpus/__init__.py": (
        'semcor = LazyCorpusLoader(\n    "semcor", SemcorCorpusReader)\n'
        'framenet15 = LazyCorpusLoader("framenet_v15", FramenetCorpusReader)\n'
        'subjectivity = LazyCorpusLoader("subjectivity", CategorizedSentencesCorpusReader)\n'
    ),
    "nltk/corpus/reader/semcor.py": '"""Corpus reader for the SemCor Corpus."""',
    "nltk/corpus/reader/framenet.py": '"""FrameNet 1.5 and 1.7 reader for FrameNet data."""',
    "nltk/corpus/reader/subj.py": '"""Subjectivity dataset reader."""',
}


def test_nltk_corpus_ids_are_named_as_the_package_spells_them_less_their_version():
    assert {r.surface for r in nltk_corpus_names(wheel(NLTK))} == {"SemCor", "FrameNet"}


def test_a_sklearn_method_name_is_found_by_the_pipeline():
    doc = get_nlp()("We reduce features with Principal Component Analysis before the SVM.")
    spans = {(s.text, s.label_) for s in doc.spans["lexicon"]}
    assert ("Principal Component Analysis", "METHOD") in spans
