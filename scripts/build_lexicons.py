"""Rebuild the train-derived lexicons from the *train* splits in ../shared/eval.

Usage: python scripts/build_lexicons.py [--shared ../shared]

Writes pipeline/data/lexicons/datasets_train.tsv and metrics_train.tsv. Only train
splits are read (TDMSci train_1500_v2.conll, dataset_ner Train_set_sentences.csv);
test splits are measuring sticks and never feed a lexicon.
"""

from __future__ import annotations

import argparse
import ast
import csv
import re
from collections import Counter
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "pipeline" / "data" / "lexicons"
TRAILING = re.compile(
    r"\s+(?:dataset|datasets|data set|data sets|corpus|corpora|collection|collections|"
    r"benchmark|benchmarks|database|repository|test set|test sets|training set|"
    r"validation set|data|shared task data|test data)$",
    re.IGNORECASE,
)
# Too often plain words in ML abstracts ("spatial coverage"), or mentions of a knowledge metric
# that TDMSci spans without its head ("BLEU score" -> BLEU, "classification accuracy" ->
# accuracy: measured on TDMSci train, see 11cba7f and 98a524e)
NOT_METRICS = {"coverage", "errors", "bleu score", "classification accuracy"}
STOP = {
    "Twitter",
    "Facebook",
    "Amazon",
    "Google",
    "Web",
    "News",
    "Wiki",
    "Yelp",
    "Bing",
    "Netflix",
    "Nova",
    "Fruit",
    "Food",
    "Wine",
    "Adult",
    "Mix",
    "Review",
    "DEV",
    "TEST",
    "EG",
    "AR",
    "RT",
    "MD",
    "NEWS",
    "BOOKS",
    "BLOGS",
    "WN",
    "CR",
    "MS",
    "NUS",
    "VG",
    "IA",
    "OAI",
    "TAC",
    "NIST",
    "ETH",
    "SMTP",
    "HTTP",
    "MSN",
    "Interest",
    "Aesthetics",
    "Animal",
    "Appazaar",
    "Snippet",
    "Epinions",
    "Car",
    "Yale",
}


def detok(text: str) -> str:
    """Undo CoNLL tokenisation: 'F - measure' -> 'F-measure', 'CTB 5 . 1' -> 'CTB 5.1'."""
    text = re.sub(r"\s*([-/])\s*", r"\1", text)
    text = re.sub(r"(\d)\s*\.\s*(\d)", r"\1.\2", text)
    text = re.sub(r"\(\s*", "(", text)
    text = re.sub(r"\s*\)", ")", text)
    return re.sub(r"\s+'\s*", "'", text).strip()


def conll_spans(path: Path) -> list[tuple[str, str]]:
    """(label, text) for each BIO span of a CoNLL file (token in col 0, tag last)."""
    spans: list[tuple[str, str]] = []
    cur: list[str] = []
    label = None
    for line in [*path.read_text(encoding="utf-8").splitlines(), ""]:
        parts = line.split()
        tag = parts[-1] if parts else "O"
        if tag.startswith("I-") and cur:
            cur.append(parts[0])
            continue
        if cur:
            spans.append((label, " ".join(cur)))
            cur, label = [], None
        if tag.startswith("B-"):
            cur, label = [parts[0]], tag[2:]
    return spans


def dataset_name(raw: str) -> str | None:
    """A clean dataset name from an annotated mention, or None to skip it."""
    name = detok(raw)
    while (bare := TRAILING.sub("", name)) != name:  # "UCI benchmark datasets" -> UCI
        name = bare
    name = name.strip(" \"'")
    if "(" in name:
        name = name.split("(")[0].strip()
    if not name or len(name.split()) > 4 or name in STOP or not any(c.isupper() for c in name):
        return None
    if " and " in name or "," in name or len(name) < 3:
        return None
    return name


def metric_canonical(surface: str, curated: dict[str, str]) -> str:
    """Map a metric surface to a curated canonical name where one fits."""
    key = re.sub(r"\bf 1\b", "f1", surface.lower())
    key = re.sub(r"[- ](?:scores?|measures?|rates?)$", "", key).strip()
    for candidate in (key, key.rstrip("s"), key + " score"):
        if candidate in curated:
            return curated[candidate]
    return key


def conll_sentences(path: Path) -> list[tuple[str, set[tuple[str, str]]]]:
    """(detokenised sentence, {(label, mention)}) for every sentence of a CoNLL file."""
    out = []
    words: list[str] = []
    tags: list[str] = []
    for line in [*path.read_text(encoding="utf-8").splitlines(), ""]:
        parts = line.split()
        if parts:
            words.append(parts[0])
            tags.append(parts[-1])
            continue
        if words:
            mentions = set()
            cur: list[str] = []
            label = None
            for word, tag in [*zip(words, tags, strict=True), ("", "O")]:
                if tag.startswith("I-") and cur:
                    cur.append(word)
                    continue
                if cur:
                    mentions.add((label, detok(" ".join(cur))))
                cur, label = ([word], tag[2:]) if tag.startswith("B-") else ([], None)
            out.append((detok(" ".join(words)), mentions))
        words, tags = [], []
    return out


HEAD_REMAINDER = re.compile(
    r"^(?:\s+(?:corpus|corpora|dataset|datasets|data set|data sets|data|test set|test sets|"
    r"training set|benchmark|collection|treebank))?(?:\s*\(.*\))?$",
    re.IGNORECASE,
)


def covers(mention: str, surface: str) -> bool:
    """True when a gold mention is the surface, or the surface plus a head noun or "(ABBR)"."""
    if mention == surface or f"({surface})" in mention:
        return True
    return mention.startswith(surface) and bool(HEAD_REMAINDER.match(mention[len(surface) :]))


def blocked_surfaces(
    sentences: list[tuple[str, set[tuple[str, str]]]], lexicons: dict[str, list[str]]
) -> list[tuple[str, str, int, int]]:
    """Surfaces that occur in train text at least 3 times but are tagged as such < 1/3 of it."""
    out = []
    for label, surfaces in lexicons.items():
        for surface in sorted(set(surfaces)):
            pattern = re.compile(rf"(?<![\w-]){re.escape(surface)}(?![\w-])")
            seen = tagged = 0
            for text, mentions in sentences:
                hits = len(pattern.findall(text))
                if hits:
                    seen += hits
                    tagged += min(
                        hits, sum(1 for lab, m in mentions if lab == label and covers(m, surface))
                    )
            if seen >= 3 and tagged * 3 < seen:
                out.append((surface, label, seen, tagged))
    return out


def name_shaped_tokens(sentences: list[tuple[str, set[tuple[str, str]]]]) -> list[str]:
    """Tokens of the train text that the pipeline's name-shape rules would propose."""
    import json

    rules = [
        json.loads(line)
        for line in (OUT.parent / "patterns" / "names.jsonl")
        .read_text(encoding="utf-8")
        .splitlines()
        if line.strip()
    ]
    shape = re.compile("|".join(f"(?:{r['regex']})" for r in rules if r["label"] == "SHAPE"))
    seen: Counter[str] = Counter()
    for text, _ in sentences:
        for word in re.findall(r"[\w.+\-–]+", text):
            if shape.fullmatch(word):
                seen[word] += 1
    return [w for w, n in seen.items() if n >= 3]


def lexicon_surfaces(name: str) -> list[str]:
    """Surfaces of a packaged lexicon TSV."""
    lines = (OUT / name).read_text(encoding="utf-8").splitlines()[1:]
    return [line.split("\t")[0] for line in lines if line.strip()]


TDMSCI_TRAIN = "eval/tdmsci/train_1500_v2.conll"
DATASET_NER_TRAIN = "eval/dataset_ner/Train_set_sentences.csv"
TRAIN_FILES = (TDMSCI_TRAIN, DATASET_NER_TRAIN)


def main() -> None:
    """Write the train-derived lexicon files."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--shared", type=Path, default=Path(__file__).resolve().parents[2] / "shared")
    args = ap.parse_args()
    missing = [name for name in TRAIN_FILES if not (args.shared / name).is_file()]
    if missing:
        raise SystemExit(
            f"error: {args.shared / missing[0]} not found: --shared must name the shared data"
            " folder with the train splits under eval/"
        )
    tdm = conll_spans(args.shared / TDMSCI_TRAIN)
    datasets: Counter[str] = Counter()
    for label, text in tdm:
        if label == "DATASET" and (name := dataset_name(text)):
            datasets[(name, "tdmsci-train")] += 1
    with (args.shared / DATASET_NER_TRAIN).open(encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            for mention in ast.literal_eval(row["datasets"]):
                if name := dataset_name(mention):
                    datasets[(name, "dataset_ner-train")] += 1
    seen: set[str] = set()
    with (OUT / "datasets_train.tsv").open("w", encoding="utf-8") as fh:
        fh.write("surface\tcanonical\tsource\n")
        for (name, source), count in sorted(datasets.items()):
            short = len(name) <= 3 and count < 2  # a rare three-letter mention is too ambiguous
            plain_word = name.istitle() and name.isalpha() and count < 3  # "Scene", "Mix"
            if name not in seen and not short and not plain_word:
                seen.add(name)
                fh.write(f"{name}\t{name}\t{source}\n")
    curated = {
        line.split("\t")[0].lower(): line.split("\t")[1]
        for line in (OUT / "metrics.tsv").read_text(encoding="utf-8").splitlines()[1:]
    }
    metrics: Counter[str] = Counter()
    for label, text in tdm:
        if label == "METRIC":
            surface = detok(text)
            if (
                "(" in surface
                or len(surface.split()) > 4
                or surface.lower() in curated
                or surface.lower() in NOT_METRICS
            ):
                continue
            metrics[surface] += 1
    with (OUT / "metrics_train.tsv").open("w", encoding="utf-8") as fh:
        fh.write("surface\tcanonical\tsource\n")
        for surface, count in sorted(metrics.items()):
            if count == 1 and surface.islower() and " " not in surface:
                continue
            fh.write(f"{surface}\t{metric_canonical(surface, curated)}\ttdmsci-train\n")
    sentences = conll_sentences(args.shared / TDMSCI_TRAIN)
    shapes = name_shaped_tokens(sentences)
    # Curated knowledge entries are never blocked: TDMSci's conventions (it leaves many plain
    # "error rate" or "EM" mentions untagged) must not override what the product extracts.
    knowledge = {("DATASET", s) for s in lexicon_surfaces("datasets.tsv")} | {
        ("METRIC", s) for s in lexicon_surfaces("metrics.tsv")
    }
    blocked = [
        row
        for row in blocked_surfaces(
            sentences,
            {
                "DATASET": lexicon_surfaces("datasets.tsv")
                + lexicon_surfaces("datasets_train.tsv")
                + shapes,
                "METRIC": lexicon_surfaces("metrics.tsv") + lexicon_surfaces("metrics_train.tsv"),
            },
        )
        if (row[1], row[0]) not in knowledge
    ]
    with (OUT / "blocked_surfaces.tsv").open("w", encoding="utf-8") as fh:
        fh.write("surface\tlabel\tsource\n")
        for surface, label, occurrences, tagged in blocked:
            fh.write(f"{surface}\t{label}\ttdmsci-train: tagged {tagged} of {occurrences}\n")
    print(
        f"datasets_train.tsv: {len(seen)} names; metrics_train.tsv: {len(metrics)} surfaces; "
        f"blocked_surfaces.tsv: {len(blocked)}"
    )


if __name__ == "__main__":
    main()
