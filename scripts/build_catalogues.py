"""Build lexicons from the catalogues the ML field keeps in its own packages.

Usage: python scripts/build_catalogues.py [--wheels DIR] [--no-download]

Downloads the pinned wheels below (`pip download --no-deps`, into `--wheels`), reads their
files as text or data without importing them, and writes, deterministically,
pipeline/data/lexicons/catalogue_{datasets,methods,metrics}.tsv and places.tsv (countries
and languages: names that are never methods or datasets). Every row names its source as
`package==version:path`; a catalogue row also says how it may match (`match`):

- `alone`: a name distinctive enough for the lexicon to match on its own;
- `context`: a name that is also a common English word (by word frequency, `wordfreq`), a
  short acronym that abstracts redefine at will ("ADR"), or too short to trust alone: kept
  with its provenance, never matched by itself.

Surfaces already in the hand-made or train-derived lexicons are left out (those win).
Names keep the catalogue's display casing; where a catalogue only has a lower-case id
("hellaswag"), the casing is recovered from the same package's own prose ("HellaSwag").
"""

from __future__ import annotations

import argparse
import ast
import csv
import io
import re
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "pipeline" / "data" / "lexicons"
PINS = {
    "lm-eval": "0.4.13",
    "inspect-evals": "0.26.0",
    "mteb": "2.26.24",
    "tensorflow-datasets": "4.9.10",
    "ir-datasets": "0.6.3",
    "gymnasium": "1.4.0",
    "transformers": "5.23.0",
    "timm": "1.0.31",
    "torchmetrics": "1.9.0",
    "scikit-learn": "1.9.1",
    "pycountry": "26.2.16",
    "nltk": "3.10.4",
}
SKLEARN_METHOD_MODULES = [  # scikit-learn subpackages whose public classes are learning methods
    "cluster",
    "covariance",
    "cross_decomposition",
    "decomposition",
    "discriminant_analysis",
    "ensemble",
    "gaussian_process",
    "isotonic",
    "kernel_ridge",
    "linear_model",
    "manifold",
    "mixture",
    "naive_bayes",
    "neighbors",
    "neural_network",
    "semi_supervised",
    "svm",
    "tree",
]
SKLEARN_TASK_SUFFIX = re.compile(r"(?:Classifier|Regressor|Transformer|CV|IC)+$")
CAMEL_WORD = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+")
COMMON_ZIPF = 3.0  # a word at least this frequent in English is a common word (wordfreq)
MTEB_TASK_SUFFIXES = [
    "MultilabelClassification",
    "PairClassification",
    "InstructionRetrieval",
    "InstructionReranking",
    "BitextMining",
    "Classification",
    "Clustering",
    "Retrieval",
    "Reranking",
    "Summarization",
    "STS",
]
DEFINED = re.compile(r"\b((?:[A-Z][\w'-]*\s+){1,7}[A-Z][\w'-]*)\s+\(([A-Z][A-Za-z0-9-]{1,15})\)")
SUBJECT = re.compile(r"^\s*(?:The\s+)?([A-Z][A-Za-z0-9]*(?:[-.][A-Za-z0-9]+)*)\s+(?:is|are|was)\b")


@dataclass(frozen=True, order=True)
class Row:
    """One catalogue name: label, surface as written, canonical name, provenance."""

    label: str
    surface: str
    canonical: str
    source: str


def squash(text: str) -> str:
    """Lower-case letters and digits only: the key that ties an id to its display name."""
    return re.sub(r"[^a-z0-9]", "", text.lower())


def display_name(ident: str, prose: str) -> str | None:
    """The spelling of `ident` ("hellaswag") as written in `prose` ("HellaSwag"), if any."""
    key = squash(ident)
    if len(key) < 3:
        return None
    for token in re.findall(r"[A-Za-z0-9][A-Za-z0-9.+-]*[A-Za-z0-9]", prose):
        if squash(token) == key and token != token.lower():
            return token
    return None


def wheel(wheels: Path, package: str) -> zipfile.ZipFile:
    """The pinned wheel of `package` in `wheels`."""
    stem = package.replace("-", "_")
    found = sorted(wheels.glob(f"{stem}-{PINS[package]}-*.whl"))
    if not found:
        raise SystemExit(f"error: no wheel {stem}-{PINS[package]} in {wheels} (drop --no-download)")
    return zipfile.ZipFile(found[0])


def read(zf: zipfile.ZipFile, name: str) -> str:
    """A file of a wheel as text."""
    return zf.read(name).decode("utf-8", "replace")


def files(zf: zipfile.ZipFile, prefix: str, suffix: str) -> list[str]:
    """The wheel's files under `prefix` ending with `suffix`, sorted."""
    return sorted(n for n in zf.namelist() if n.startswith(prefix) and n.endswith(suffix))


def tag(package: str, path: str) -> str:
    """Provenance of a row: package==version:path."""
    return f"{package}=={PINS[package]}:{path}"


def readme_names(zf: zipfile.ZipFile, package: str, prefix: str, label: str) -> Iterator[Row]:
    """Benchmark names from task READMEs: the title, and "Long Name (ACRONYM)" in it."""
    for name in files(zf, prefix, "README.md"):
        if name.count("/") <= prefix.count("/"):
            continue  # the index README of the folder
        text = read(zf, name)
        title = next((ln[2:].strip() for ln in text.splitlines() if ln.startswith("# ")), "")
        title = re.sub(r"[`*_]|\[|\]\([^)]*\)|\]", "", title).strip()
        for long, short in DEFINED.findall(title):
            yield Row(label, short, short, tag(package, name))
            yield Row(label, long, short, tag(package, name))
        title = re.sub(r"\s*\([^)]*\)\s*$", "", title).strip()
        if title and len(title.split()) <= 3 and re.search(r"[A-Z]", title):
            yield Row(label, title, title, tag(package, name))
        folder = name[len(prefix) :].split("/")[0]
        shown = display_name(folder, text)
        if shown and re.search(r"[A-Z0-9].*[A-Z0-9]", shown):  # "HellaSwag", not "Bangla"
            yield Row(label, shown, shown, tag(package, name))


def mteb_names(zf: zipfile.ZipFile) -> Iterator[Row]:
    """MTEB task names less their task-type suffix, and the MTEB main scores as metrics."""
    for name in files(zf, "mteb/tasks/", ".py"):
        text = read(zf, name)
        for task in re.findall(r'\bname="([A-Za-z][A-Za-z0-9.-]+)"', text):
            base = task
            for suffix in MTEB_TASK_SUFFIXES:
                if base.endswith(suffix) and len(base) > len(suffix) + 2:
                    base = base[: -len(suffix)]
                    break
            if base != base.lower() and not base.startswith(("Mini", "Nano")):
                yield Row("DATASET", base, base, tag("mteb", name))


def tfds_names(zf: zipfile.ZipFile) -> Iterator[Row]:
    """TFDS dataset names: each builder's id as its README spells it, and the README's
    defined names ("Stanford Question Answering Dataset (SQuAD)") and first-sentence subject."""
    prefix = "tensorflow_datasets/datasets/"
    for name in files(zf, prefix, "/README.md"):
        text = read(zf, name)
        folder = name[len(prefix) :].split("/")[0]
        shown = display_name(folder, text)
        if shown:
            yield Row("DATASET", shown, shown, tag("tensorflow-datasets", name))
        first = text.strip().split("\n\n")[0].replace("\n", " ")
        for long, short in DEFINED.findall(first):
            yield Row("DATASET", short, short, tag("tensorflow-datasets", name))
            yield Row("DATASET", long, short, tag("tensorflow-datasets", name))
        subject = SUBJECT.match(first)
        if subject and squash(subject.group(1)) == squash(folder):
            shown = subject.group(1)
            yield Row("DATASET", shown, shown, tag("tensorflow-datasets", name))


def ir_dataset_names(zf: zipfile.ZipFile) -> Iterator[Row]:
    """ir_datasets' `pretty_name` of each collection."""
    for name in files(zf, "ir_datasets/docs/", ".yaml"):
        for pretty in re.findall(r"pretty_name:\s*'([^']+)'", read(zf, name)):
            pretty = pretty.strip()
            if pretty and len(pretty.split()) <= 4:
                yield Row("DATASET", pretty, pretty, tag("ir-datasets", name))


def gym_names(zf: zipfile.ZipFile) -> Iterator[Row]:
    """Gymnasium environment ids with and without their version ("HalfCheetah-v4")."""
    name = "gymnasium/envs/__init__.py"
    for env in re.findall(r'id="(?:[a-z0-9]+/)?([A-Za-z][A-Za-z0-9]+)-(v\d+)"', read(zf, name)):
        base, version = env
        if base.startswith("Gym"):
            continue
        yield Row("DATASET", f"{base}-{version}", f"{base}-{version}", tag("gymnasium", name))
        yield Row("DATASET", base, base, tag("gymnasium", name))


def transformers_names(zf: zipfile.ZipFile) -> Iterator[Row]:
    """Model names as each configuration module's docstring spells them ("RoBERTa")."""
    for name in sorted(zf.namelist()):
        match = re.fullmatch(r"transformers/models/([^/]+)/configuration_[^/]+\.py", name)
        if not match:
            continue
        doc = ast.get_docstring(ast.parse(read(zf, name))) or ""
        doc = re.sub(r"\s*(?:model\s+)?configuration\.?$", "", doc.split("\n")[0], flags=re.I)
        shown = display_name(match.group(1), doc)
        if shown:
            yield Row("METHOD", shown, shown, tag("transformers", name))


def timm_names(zf: zipfile.ZipFile) -> Iterator[Row]:
    """timm architecture families: model classes named like their module ("ConvNeXt")."""
    for name in sorted(n for n in zf.namelist() if re.fullmatch(r"timm/models/[a-z0-9_]+\.py", n)):
        stem = squash(name.rsplit("/", 1)[1][:-3])
        text = read(zf, name)
        if "register_model" not in text:
            continue
        for cls in re.findall(r"^class ([A-Z][A-Za-z0-9]+)\(", text, flags=re.M):
            if squash(cls) == stem:
                yield Row("METHOD", cls, cls, tag("timm", name))


def torchmetrics_names(zf: zipfile.ZipFile) -> Iterator[Row]:
    """Metric names from torchmetrics' class docstrings: "Compute `Long Name`_ (ACRONYM)"."""
    long_short = re.compile(r"`([A-Z][^`]{3,60})`_?\s*\(([A-Za-z0-9-]{2,12})\)")
    for name in files(zf, "torchmetrics/", ".py"):
        if "/functional/" in name:
            continue
        tree = ast.parse(read(zf, name))
        for node in tree.body:
            if not isinstance(node, ast.ClassDef):
                continue
            first = (ast.get_docstring(node) or "").split("\n\n")[0].replace("\n", " ")
            for long, short in long_short.findall(first):
                long = re.sub(r"^(?:Compute|Calculate|Implement)s?\s+", "", long).strip()
                canonical = long.lower()
                yield Row("METRIC", short, canonical, tag("torchmetrics", name))
                yield Row("METRIC", long.lower(), canonical, tag("torchmetrics", name))


def sklearn_names(zf: zipfile.ZipFile) -> Iterator[Row]:
    """scikit-learn's error and loss functions, and scores of several words, as metric
    phrases ("mean_absolute_error" -> mean absolute error)."""
    name = "sklearn/metrics/__init__.py"
    for func in re.findall(r'"([a-z0-9_]+_(?:score|error|loss))"', read(zf, name)):
        words = func.split("_")
        if words[-1] == "score":
            words = words[:-1]
            if len(words) < 2 or words[-1] in ("info", "rand", "kappa", "corrcoef"):
                continue  # "adjusted_rand_score" is written "adjusted Rand index"
        yield Row("METRIC", " ".join(words), " ".join(words), tag("scikit-learn", name))


def spelled_in(key: str, prose: str, longest: int = 4) -> list[str]:
    """Every case-bearing spelling in `prose` of one to `longest` words whose squashed form
    is `key` ("k-means" -> "K-Means"; "nombank" -> "NomBank", "Nombank"), most frequent first."""
    tokens = re.findall(r"[A-Za-z0-9][A-Za-z0-9-]*[A-Za-z0-9]|[A-Za-z0-9]", prose)
    found: dict[str, int] = {}
    for n in range(1, longest + 1):
        for i in range(len(tokens) - n + 1):
            gram = " ".join(tokens[i : i + n])
            if squash(gram) == key and gram != gram.lower():
                found[gram] = found.get(gram, 0) + 1
    return sorted(found, key=lambda g: (-found[g], g))


def title_words(text: str) -> str:
    """Every word and hyphen part with a capital first letter ("Mini-batch k-means" ->
    "Mini-Batch K-Means"); inner capitals are kept ("ElasticNet")."""
    return re.sub(r"(?<![A-Za-z0-9])([a-z])", lambda m: m.group(1).upper(), text)


def defined_long_forms(doc: str) -> Iterator[tuple[str, str]]:
    """(long form, short form) of "Long Form (LF)" in a docstring whose last words' initials
    spell the short form ("Principal component analysis (PCA)")."""
    for before, short in re.findall(
        r"((?:[A-Za-z][\w-]*\s+){0,7}[A-Za-z][\w-]*)\s+\(([A-Z]{2,6})\)", doc
    ):
        words = before.split()
        if len(words) < len(short):
            continue
        long = words[-len(short) :]
        if "".join(w[0] for w in long).upper() == short:
            yield " ".join(long), short


def sklearn_method_names(zf: zipfile.ZipFile) -> Iterator[Row]:
    """scikit-learn's learning methods: each public estimator of the modelling subpackages
    named as its class spells it less the task suffix ("RandomForestClassifier" -> Random
    Forest; hyphens as its docstring writes them: K-Means), and the long forms its
    docstrings define ("Principal component analysis (PCA)"), in title case as names are
    written in abstracts. Base classes and names with one-letter words are left out."""
    for module in SKLEARN_METHOD_MODULES:
        init = f"sklearn/{module}/__init__.py"
        path = init if init in zf.namelist() else f"sklearn/{module}.py"
        if path not in zf.namelist():
            continue  # a subpackage this release does not have
        listed = re.search(r"__all__\s*=\s*\[(.*?)\]", read(zf, path), re.S)
        public = set(re.findall(r'"([A-Z][A-Za-z0-9]+)"', listed.group(1))) if listed else set()
        folder = [n for n in files(zf, f"sklearn/{module}/", ".py") if "/tests/" not in n]
        for name in folder or [path]:
            for node in ast.parse(read(zf, name)).body:
                if not isinstance(node, ast.ClassDef) or node.name not in public:
                    continue
                doc = (ast.get_docstring(node) or "").split("\n\n")[0].replace("\n", " ")
                for long, _ in defined_long_forms(doc):
                    titled = title_words(long)
                    yield Row("METHOD", titled, titled, tag("scikit-learn", name))
                base = SKLEARN_TASK_SUFFIX.sub("", node.name)
                if not base or base.startswith("Base"):
                    continue
                shown = spelled_in(squash(base), doc)
                words = CAMEL_WORD.findall(base)
                name_ = title_words(shown[0]) if shown else " ".join(words)
                alone = node.name == base + "Regressor" and base + "Classifier" not in public
                if alone and len(words) == 1:
                    name_ = f"{name_} Regression"  # "PoissonRegressor": Poisson Regression
                if any(len(w) == 1 for w in re.split(r"[\s-]+", name_)) and "-" not in name_:
                    continue  # "K Neighbors": the class name's letters, not a written name
                if name_.istitle() and " " not in name_ and "-" not in name_:
                    continue  # "Perceptron", "Lasso": also the last word of other names
                yield Row("METHOD", name_, name_, tag("scikit-learn", name))


def nltk_corpus_names(zf: zipfile.ZipFile) -> Iterator[Row]:
    """NLTK's corpora and lexical resources: each corpus id of `nltk/corpus/__init__.py`
    (less its version: "framenet_v17" -> framenet) as the package's own prose spells it
    ("FrameNet", "SentiWordNet", "Sinica Treebank")."""
    init = "nltk/corpus/__init__.py"
    prose = read(zf, init) + "".join(read(zf, n) for n in files(zf, "nltk/corpus/reader/", ".py"))
    ids = re.findall(r'LazyCorpusLoader\(\s*"([^"]+)"', read(zf, init))
    for ident in dict.fromkeys(ids):
        key = squash(re.sub(r"_v\d+$|\.\d.*$|/.*$|\d+$", "", ident))
        for shown in spelled_in(key, prose, longest=3):
            if " " not in shown and shown.istitle():
                continue  # "Subjectivity", "Toolbox": an id that describes, no name
            yield Row("DATASET", shown, shown, tag("nltk", init))


def place_names(zf: zipfile.ZipFile) -> Iterator[Row]:
    """Countries (ISO 3166-1 names and common names) and major languages (ISO 639-1) from
    pycountry's ISO data: names that are never methods or datasets."""
    import json

    countries = "pycountry/databases/iso3166-1.json"
    for row in json.loads(read(zf, countries))["3166-1"]:
        for field in ("name", "common_name"):
            if row.get(field):
                yield Row("PLACE", row[field], row["name"], tag("pycountry", countries))
    languages = "pycountry/databases/iso639-3.json"
    for row in json.loads(read(zf, languages))["639-3"]:
        if "alpha_2" in row:
            for name in row["name"].split("; "):
                name = re.sub(r"\s*\([^)]*\)$", "", name)  # "Swahili (macrolanguage)"
                yield Row("LANGUAGE", name, name, tag("pycountry", languages))


SOURCES = {
    "lm-eval": lambda zf: readme_names(zf, "lm-eval", "lm_eval/tasks/", "DATASET"),
    "inspect-evals": lambda zf: readme_names(zf, "inspect-evals", "inspect_evals/", "DATASET"),
    "mteb": mteb_names,
    "tensorflow-datasets": tfds_names,
    "ir-datasets": ir_dataset_names,
    "gymnasium": gym_names,
    "transformers": transformers_names,
    "timm": timm_names,
    "torchmetrics": torchmetrics_names,
    "scikit-learn": lambda zf: [*sklearn_names(zf), *sklearn_method_names(zf)],
    "pycountry": place_names,
    "nltk": nltk_corpus_names,
}


def match_policy(label: str, surface: str, zipf) -> str:
    """`alone` when the name is distinctive enough to match by itself; `context` when it is
    short or, lower-cased, a common English word (wordfreq Zipf >= COMMON_ZIPF), or a short
    title of common words ("Information Retrieval"). Metric phrases of several words
    ("mean absolute error") match alone; a metric that is one common word does not."""
    words = re.findall(r"[A-Za-z]+|\d+", surface)
    if len(squash(surface)) <= 2 or not words:
        return "context"
    if surface.isalpha() and surface.isupper() and len(surface) <= 4:
        return "context"  # a short acronym ("ADR", "DLA"): abstracts define their own
    if label == "METRIC" and len(words) >= 2:
        return "alone"
    if not all(w.isalpha() for w in words):
        return "alone"
    if any(zipf(w.lower()) < COMMON_ZIPF for w in words):
        return "alone"
    if any(re.search(r"[a-z][A-Z]", w) for w in surface.split()):
        return "alone"  # "MathQA"-like inner capitals are not English words
    if re.fullmatch(r"[A-Za-z]-[A-Za-z]{3,}", surface):
        return "alone"  # "K-Means": a letter hyphened to a word is no English word
    titled = all(w[:1].isupper() for w in surface.split())
    if label == "METHOD" and titled and len(surface.split()) >= 2:
        return "alone"  # "Linear Regression" in title case names the method, matched as written
    return "alone" if titled and len(surface.split()) >= 3 else "context"


def known_surfaces() -> set[str]:
    """Surfaces of the hand-made and train-derived lexicons (case-folded)."""
    out = set()
    for path in OUT.glob("*.tsv"):
        if path.name.startswith(("catalogue_", "places")):
            continue
        with path.open(encoding="utf-8") as f:
            out |= {row["surface"].casefold() for row in csv.DictReader(f, delimiter="\t")}
    return out


def keep(row: Row) -> bool:
    """A name worth a lexicon row: letters in it, not a sentence, no markup left."""
    s = row.surface
    return (
        2 <= len(s) <= 60
        and re.search(r"[A-Za-z]", s) is not None
        and not re.search(r"[<>{}\[\]|=:;`\"]", s)
        and len(s.split()) <= 6
    )


def write(path: Path, rows: list[Row], zipf) -> int:
    """Write rows (surface, canonical, source, match) sorted, first source per surface."""
    seen: dict[str, Row] = {}
    for row in sorted(rows, key=lambda r: (r.surface, r.source)):
        seen.setdefault(row.surface, row)
    buf = io.StringIO()
    writer = csv.writer(buf, delimiter="\t", lineterminator="\n")
    writer.writerow(["surface", "canonical", "source", "match"])
    for row in seen.values():
        policy = match_policy(row.label, row.surface, zipf)
        writer.writerow([row.surface, row.canonical, row.source, policy])
    path.write_text(buf.getvalue(), encoding="utf-8")
    return len(seen)


def write_places(path: Path, rows: list[Row]) -> int:
    """Write the place and language gazetteer (surface, kind, source), sorted."""
    seen: dict[str, Row] = {}
    for row in sorted(rows, key=lambda r: (r.surface, r.label, r.source)):
        seen.setdefault(row.surface, row)
    buf = io.StringIO()
    writer = csv.writer(buf, delimiter="\t", lineterminator="\n")
    writer.writerow(["surface", "kind", "source"])
    for row in seen.values():
        writer.writerow([row.surface, row.label.lower(), row.source])
    path.write_text(buf.getvalue(), encoding="utf-8")
    return len(seen)


def download(wheels: Path) -> None:
    """Fetch the pinned wheels (no dependencies) into `wheels`."""
    wheels.mkdir(parents=True, exist_ok=True)
    pins = [f"{p}=={v}" for p, v in PINS.items()]
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", str(wheels), *pins],
        check=True,
    )


def main() -> None:
    """Read every catalogue and write the lexicon TSVs."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--wheels", type=Path, default=Path.home() / ".cache" / "pipeline-wheels")
    parser.add_argument("--no-download", action="store_true")
    args = parser.parse_args()
    from wordfreq import zipf_frequency

    def zipf(word: str) -> float:
        return zipf_frequency(word, "en")

    if not args.no_download:
        download(args.wheels)
    known = known_surfaces()
    places = {r.surface.casefold() for r in place_names(wheel(args.wheels, "pycountry"))}
    by_label: dict[str, list[Row]] = {}
    for package, reader in SOURCES.items():
        rows = [r for r in reader(wheel(args.wheels, package)) if keep(r)]
        if package != "pycountry":  # a language or country is never a benchmark or model
            rows = [r for r in rows if r.surface.casefold() not in places]
        fresh = [
            r for r in rows if r.label in ("PLACE", "LANGUAGE") or r.surface.casefold() not in known
        ]
        print(f"{package:22} {len(set(rows)):6} names, {len(set(fresh)):6} new")
        for row in fresh:
            by_label.setdefault(row.label, []).append(row)
    files = {
        "DATASET": "catalogue_datasets.tsv",
        "METHOD": "catalogue_methods.tsv",
        "METRIC": "catalogue_metrics.tsv",
    }
    for label, fname in files.items():
        n = write(OUT / fname, by_label.get(label, []), zipf)
        print(f"wrote {OUT / fname}: {n} rows")
    n = write_places(OUT / "places.tsv", by_label.get("PLACE", []) + by_label.get("LANGUAGE", []))
    print(f"wrote {OUT / 'places.tsv'}: {n} rows")


if __name__ == "__main__":
    main()
