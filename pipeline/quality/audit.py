"""Audit stage: check every claim of a records file against its source, never trusting it.

Where a source is found: `source.path` is stored as typed on the `run` command line. An absolute
path is read as is. A relative path is looked up in the current folder, then beside the records
file and in each folder above it, so a run's records audit from any folder, and still audit after
the output folder moves together with its sources. Of the candidates that exist, the first whose
sha256 matches the record is used; when none matches, the first found (reported as changed).
"""

from __future__ import annotations

import csv
import hashlib
import io
import math
import os
from array import array
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import orjson
from jsonschema import Draft202012Validator

from pipeline.io.ingest import BOM, csv_rows
from pipeline.nlp.normalise import normalise
from pipeline.nlp.numbers import find_numbers
from pipeline.schema import schema_texts

CHECKS = (
    "json",
    "schema",
    "source-missing",
    "source-changed",
    "source-text",
    "span",
    "value",
    "reference",
    "audit-error",
)


@dataclass
class Failure:
    """One failed check: which, where in the record, and what was found."""

    check: str
    detail: str
    where: str | None = None
    start: int | None = None
    end: int | None = None


@dataclass
class RecordAudit:
    """The checks of one line of a records file."""

    line: int
    doc_id: str | None = None
    ordinal: int | None = None
    source_path: str | None = None
    failures: list[Failure] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures

    @property
    def stale(self) -> bool:
        return any(f.check == "source-changed" for f in self.failures)


@dataclass
class AuditReport:
    """Everything `audit` found in one records file."""

    records_file: str
    records: list[RecordAudit] = field(default_factory=list)
    rows: list[dict | None] = field(default_factory=list)  # the parsed records, for the report

    @property
    def ok(self) -> bool:
        return all(r.ok for r in self.records)

    def summary(self) -> dict[str, Any]:
        """Counts per check and the stale records."""
        by_check: dict[str, int] = {}
        for r in self.records:
            for f in r.failures:
                by_check[f.check] = by_check.get(f.check, 0) + 1
        return {
            "records_file": self.records_file,
            "records": len(self.records),
            "verified": sum(r.ok for r in self.records),
            "failed": sum(not r.ok for r in self.records),
            "failures_by_check": by_check,
            "stale_records": [
                {"line": r.line, "doc_id": r.doc_id, "source": r.source_path}
                for r in self.records
                if r.stale
            ],
        }

    def as_dict(self) -> dict[str, Any]:
        """Summary plus every failing record, for `--json`."""
        return {
            **self.summary(),
            "ok": self.ok,
            "failing_records": [asdict(r) for r in self.records if not r.ok],
        }


def inline_refs(node: Any, defs: dict[str, Any]) -> Any:
    """The schema with every local "$ref" replaced by its definition (faster to validate)."""
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/"):
            return inline_refs(defs[ref.removeprefix("#/$defs/")], defs)
        return {k: inline_refs(v, defs) for k, v in node.items() if k != "$defs"}
    if isinstance(node, list):
        return [inline_refs(v, defs) for v in node]
    return node


@cache
def record_validator() -> Draft202012Validator:
    """A validator for the published record schema (schemas/record.schema.json)."""
    schema = orjson.loads(schema_texts()["record.schema.json"])
    return Draft202012Validator(inline_refs(schema, schema.get("$defs", {})))


@dataclass(frozen=True)
class Source:
    """A source file as found: where it was read and its sha256 (its bytes read on demand)."""

    path: Path
    sha256: str

    def read(self) -> bytes:
        """The file's bytes (text and CSV sources; JSON Lines are read line by line)."""
        return self.path.read_bytes()


class JsonLines:
    """A file's lines split at b"\\n" (a leading BOM removed), read one at a time by offset."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.starts, self.ends = array("q", [0]), array("q")
        with path.open("rb") as fh:
            first = fh.read(len(BOM))
            if first == BOM:
                self.starts[0] = len(BOM)
            fh.seek(0)
            pos = 0
            while chunk := fh.read(1 << 20):
                i = chunk.find(b"\n")
                while i >= 0:
                    self.ends.append(pos + i)
                    self.starts.append(pos + i + 1)
                    i = chunk.find(b"\n", i + 1)
                pos += len(chunk)
        self.ends.append(max(pos, self.starts[-1]))

    def __len__(self) -> int:
        return len(self.ends)

    def __getitem__(self, index: int) -> bytes:
        if not -len(self) <= index < len(self):
            raise IndexError(index)
        index %= len(self)
        start, end = self.starts[index], self.ends[index]
        with self.path.open("rb") as fh:
            fh.seek(start)
            return fh.read(end - start)


class SourceCache:
    """Source files found and read once per audit (see the module docstring for the search)."""

    def __init__(self, records_file: Path) -> None:
        here = Path(os.path.abspath(records_file)).parent
        real = records_file.resolve().parent
        self.folders = list(dict.fromkeys([here, *here.parents, real, *real.parents]))
        self._files: dict[Path, Source | None] = {}
        self._found: dict[tuple[str, str | None], Source | None] = {}
        self._lines: dict[Path, JsonLines] = {}
        self._text_lines: dict[Path, list[str]] = {}
        self._texts: dict[Path, str] = {}
        self._recent: list[tuple[str, str | None]] = []  # records come grouped by source

    def candidates(self, path: str) -> list[Path]:
        """Where a record's source path may be: itself if absolute, else the folders searched."""
        p = Path(path)
        if p.is_absolute():
            return [p]
        return list(dict.fromkeys([Path.cwd() / p, *(folder / p for folder in self.folders)]))

    def find(self, path: str, sha256: str | None = None) -> Source | None:
        """The first candidate whose sha256 matches, else the first readable one, else None."""
        key = (path, sha256)
        if key not in self._found:
            self._forget_old(key)
            first = None
            for candidate in self.candidates(path):
                got = self._read(candidate)
                if got is not None and got.sha256 == sha256:
                    first = got
                    break
                first = first or got
            self._found[key] = first
        return self._found[key]

    def _forget_old(self, key: tuple[str, str | None], keep: int = 2) -> None:
        """Drop all but the `keep` most recent sources read, so memory stays flat."""
        self._recent.append(key)
        if len(self._recent) <= keep:
            return
        self._recent, old = self._recent[-keep:], self._recent[:-keep]
        kept = {s.path for k in self._recent if (s := self._found.get(k)) is not None}
        for k in old:
            self._found.pop(k, None)
        for cache_ in (self._files, self._lines, self._text_lines, self._texts):
            for path in [p for p in cache_ if p not in kept]:
                del cache_[path]

    def lines(self, source: Source) -> JsonLines:
        """The file's lines split at b"\\n" (a leading BOM removed), as JSONL ingest reads them."""
        if source.path not in self._lines:
            self._lines[source.path] = JsonLines(source.path)
        return self._lines[source.path]

    def text(self, source: Source) -> str:
        """The file decoded as text ingest decodes it (a BOM kept: offsets count it)."""
        if source.path not in self._texts:
            self._texts[source.path] = source.read().decode("utf-8", errors="surrogateescape")
        return self._texts[source.path]

    def text_lines(self, source: Source) -> list[str]:
        """The file's decoded lines with their ends (a leading BOM removed), as CSV ingest reads."""
        if source.path not in self._text_lines:
            text = source.read().removeprefix(BOM).decode("utf-8", errors="surrogateescape")
            self._text_lines[source.path] = io.StringIO(text, newline="").readlines()
        return self._text_lines[source.path]

    def _read(self, path: Path) -> Source | None:
        if path not in self._files:
            digest = hashlib.sha256()
            try:
                with path.open("rb") as fh:
                    while chunk := fh.read(1 << 20):
                        digest.update(chunk)
            except OSError:
                self._files[path] = None
            else:
                self._files[path] = Source(path, digest.hexdigest())
        return self._files[path]


def csv_record_at(lines: list[str], line: int) -> list[str] | str:
    """The cells of the CSV record starting on 1-based `line` (read strictly), or why not."""
    if not 1 <= line <= len(lines):
        return f"the source has no line {line}"
    try:
        return next(csv_rows(lines[i] for i in range(line - 1, len(lines))))
    except csv.Error as exc:
        return f"line {line} of the source is not a well-formed CSV record: {exc}"


def iter_spans(rec: dict) -> list[tuple[str, dict]]:
    """(location, span dict) for every span of a record dict, tolerating broken shapes."""
    out = []
    for cat in ("methods", "datasets", "metrics"):
        for i, item in enumerate(rec.get(cat) or []):
            for j, m in enumerate((item or {}).get("mentions") or []):
                out.append((f"{cat}[{i}].mentions[{j}]", m))
    for i, r in enumerate(rec.get("results") or []):
        out.append((f"results[{i}]", r))
        if isinstance(r, dict) and r.get("from_span"):
            out.append((f"results[{i}].from_span", r["from_span"]))
    return out


def check_spans(rec: dict) -> list[Failure]:
    """Every span's text must equal the abstract's slice at its offsets."""
    text = rec.get("text")
    if not isinstance(text, str):
        return [Failure("span", "record has no text")]
    out = []
    for where, span in iter_spans(rec):
        if not isinstance(span, dict):
            out.append(Failure("span", "span is not an object", where))
            continue
        s, e, t = span.get("start"), span.get("end"), span.get("text")
        if not (isinstance(s, int) and isinstance(e, int) and 0 <= s <= e <= len(text)):
            out.append(Failure("span", f"offsets {s}:{e} outside the text", where))
        elif text[s:e] != t:
            out.append(Failure("span", f"text {t!r} but source says {text[s:e]!r}", where, s, e))
    return out


def value_of(text: str) -> list[float]:
    """The values a result's surface text states ("50.33\\\\%" -> [50.33], "1/50th" -> [0.02]);
    digits grouped by a space ("25 077") are one number only before a word, as in an abstract
    ("25 077 images"), so the text is also read with a word after it."""
    found = [n.value for n in find_numbers(normalise(text).text)]
    if " " in text:
        found += [n.value for n in find_numbers(normalise(text + GROUPING_WORD).text)]
    return list(dict.fromkeys(found))


GROUPING_WORD = " items"  # a word after a result's text: "1 130" read as in "1 130 items"


def _same(a: Any, b: float) -> bool:
    return isinstance(a, int | float) and math.isclose(a, b, rel_tol=1e-6, abs_tol=1e-9)


def check_values(rec: dict) -> list[Failure]:
    """Every result's value (and from_value) must be what its text says."""
    out = []
    for i, r in enumerate(rec.get("results") or []):
        if not isinstance(r, dict) or not isinstance(r.get("text"), str):
            continue
        values = value_of(r["text"])
        if not any(_same(r.get("value"), v) for v in values):
            out.append(
                Failure(
                    "value",
                    f"value {r.get('value')!r} but {r['text']!r} says {values or 'no number'}",
                    f"results[{i}]",
                    r.get("start"),
                    r.get("end"),
                )
            )
        span = r.get("from_span")
        if isinstance(span, dict) and isinstance(span.get("text"), str):
            values = value_of(span["text"])
            if not any(_same(r.get("from_value"), v) for v in values):
                out.append(
                    Failure(
                        "value",
                        f"from_value {r.get('from_value')!r} but "
                        f"{span['text']!r} says {values or 'no number'}",
                        f"results[{i}].from_span",
                        span.get("start"),
                        span.get("end"),
                    )
                )
    return out


def check_references(rec: dict) -> list[Failure]:
    """A result's metric, dataset and method must name an item of the same record."""

    def names(cat: str) -> set[str]:
        out = set()
        for item in rec.get(cat) or []:
            if isinstance(item, dict):
                out.add(item.get("name"))
                out.update(item.get("aliases") or [])
        return out

    known = {"metric": names("metrics"), "dataset": names("datasets"), "method": names("methods")}
    out = []
    for i, r in enumerate(rec.get("results") or []):
        if not isinstance(r, dict):
            continue
        for attr, pool in known.items():
            value = r.get(attr)
            if value is not None and value not in pool:
                out.append(
                    Failure(
                        "reference",
                        f"{attr} {value!r} is not an item of this record",
                        f"results[{i}].{attr}",
                        r.get("start"),
                        r.get("end"),
                    )
                )
    return out


def check_source(rec: dict, sources: SourceCache) -> list[Failure]:
    """The source file must exist, be unchanged (sha256), and hold the abstract where it says."""
    src = rec.get("source")
    if not isinstance(src, dict) or not isinstance(src.get("path"), str):
        return [Failure("source-missing", "record names no source")]
    name = src["path"]
    found = sources.find(name, src.get("sha256"))
    if found is None:
        where = "" if Path(name).is_absolute() else " here, beside the records or above them"
        return [Failure("source-missing", f"{name} cannot be read{where}")]
    if str(found.path) != os.path.abspath(name):
        name = f"{name} (found at {found.path})"
    if found.sha256 != src.get("sha256"):
        return [
            Failure(
                "source-changed",
                f"{name} changed since extraction "
                f"(sha256 {found.sha256[:12]}…, record says {str(src.get('sha256'))[:12]}…)",
            )
        ]
    text, line = rec.get("text"), src.get("line")
    if src.get("format") == "text" and isinstance(src.get("start"), int):
        # offsets index the file's text decoded as UTF-8, a leading BOM counting as one character
        raw = sources.text(found)
        if raw[src["start"] : src.get("end")] != text:
            return [Failure("source-text", "the abstract is not at its offsets in the source")]
    elif src.get("format") == "jsonl" and isinstance(line, int):
        lines = sources.lines(found)
        try:
            obj = orjson.loads(lines[line - 1])
        except (IndexError, orjson.JSONDecodeError):
            return [Failure("source-text", f"line {line} of the source is not JSON")]
        if not isinstance(obj, dict) or text not in obj.values():
            return [Failure("source-text", f"line {line} of the source lacks the abstract")]
    elif src.get("format") == "csv" and isinstance(line, int):
        cells = csv_record_at(sources.text_lines(found), line)
        if isinstance(cells, str):
            return [Failure("source-text", cells)]
        if text not in cells:
            return [Failure("source-text", f"the CSV record on line {line} lacks the abstract")]
    return []


def audit_record(rec: dict, sources: SourceCache, schema: bool = True) -> list[Failure]:
    """All checks of one parsed record (`schema=False`: records this run built and validated
    through the same pydantic models skip the JSON Schema pass)."""
    failures = []
    if schema:
        failures = [
            Failure("schema", f"{'/'.join(map(str, e.absolute_path)) or '(record)'}: {e.message}")
            for e in list(record_validator().iter_errors(rec))[:5]
        ]
    failures += check_source(rec, sources)
    failures += check_spans(rec)
    failures += check_values(rec)
    failures += check_references(rec)
    return failures


def iter_audit(path: Path, schema: bool = True) -> Iterator[tuple[RecordAudit, dict | None]]:
    """Audit a records file line by line (streamed): each line's audit and parsed record."""
    sources = SourceCache(path)
    try:
        fh = path.open("rb")
    except OSError as exc:
        yield RecordAudit(line=0, failures=[Failure("json", f"cannot read {path}: {exc}")]), None
        return
    with fh:
        for n, raw in enumerate(_lines_of(fh), start=1):
            if not raw.strip():
                continue
            yield audit_line(n, raw, sources, schema)


def _lines_of(fh) -> Iterator[bytes]:
    """The lines of a binary file split as bytes.splitlines() splits them."""
    for raw in fh:
        yield from raw.splitlines() or [b""]


def audit_line(
    n: int, line: bytes, sources: SourceCache, schema: bool = True
) -> tuple[RecordAudit, dict | None]:
    """The audit of line `n` of a records file, and the record it holds (None if unreadable)."""
    ra = RecordAudit(line=n)
    try:
        rec = orjson.loads(line)
    except orjson.JSONDecodeError as exc:
        ra.failures.append(Failure("json", f"line {n}: malformed JSON: {exc}"))
        return ra, None
    if not isinstance(rec, dict):
        ra.failures.append(Failure("json", f"line {n}: not a JSON object"))
        return ra, None
    ra.doc_id, ra.ordinal = rec.get("doc_id"), rec.get("ordinal")
    ra.source_path = (
        (rec.get("source") or {}).get("path") if isinstance(rec.get("source"), dict) else None
    )
    try:
        ra.failures.extend(audit_record(rec, sources, schema))
    except Exception as exc:  # the audit itself must never crash
        ra.failures.append(Failure("audit-error", f"{type(exc).__name__}: {exc}"))
    return ra, rec


def audit_file(path: Path) -> AuditReport:
    """Audit every line of a records file; never raises on bad content.

    Relative source paths are found from the current folder, else beside `path` or above it.
    Holds every record (for `audit --html` of one page); runs use `iter_audit`."""
    report = AuditReport(str(path))
    for ra, rec in iter_audit(path):
        report.records.append(ra)
        report.rows.append(rec)
    return report
