"""Audit stage: check every claim of a records file against its source, never trusting it."""

from __future__ import annotations

import hashlib
import math
from dataclasses import asdict, dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import orjson
from jsonschema import Draft202012Validator

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


class SourceCache:
    """Source files read once per audit: bytes and sha256, or None when missing."""

    def __init__(self, base: Path) -> None:
        self.base = base
        self._files: dict[str, tuple[bytes, str] | None] = {}
        self._lines: dict[str, list[bytes]] = {}

    def get(self, path: str) -> tuple[bytes, str] | None:
        if path not in self._files:
            self._files[path] = self._read(path)
        return self._files[path]

    def lines(self, path: str) -> list[bytes]:
        """The file's lines (split once)."""
        if path not in self._lines:
            got = self.get(path)
            self._lines[path] = got[0].split(b"\n") if got else []
        return self._lines[path]

    def _read(self, path: str) -> tuple[bytes, str] | None:
        for candidate in (Path(path), self.base / path):
            try:
                data = candidate.read_bytes()
            except OSError:
                continue
            return data, hashlib.sha256(data).hexdigest()
        return None


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
    """The values a result's surface text states ("50.33\\\\%" -> [50.33], "1/50th" -> [0.02])."""
    return [n.value for n in find_numbers(normalise(text).text)]


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
    """The source file must exist, be unchanged (sha256), and hold the abstract."""
    src = rec.get("source")
    if not isinstance(src, dict) or not isinstance(src.get("path"), str):
        return [Failure("source-missing", "record names no source")]
    got = sources.get(src["path"])
    if got is None:
        return [Failure("source-missing", f"{src['path']} cannot be read")]
    data, digest = got
    if digest != src.get("sha256"):
        return [
            Failure(
                "source-changed",
                f"{src['path']} changed since extraction "
                f"(sha256 {digest[:12]}…, record says {str(src.get('sha256'))[:12]}…)",
            )
        ]
    text = rec.get("text")
    if src.get("format") == "text" and isinstance(src.get("start"), int):
        raw = data.decode("utf-8", errors="surrogateescape")
        if raw[src["start"] : src.get("end")] != text:
            return [Failure("source-text", "the abstract is not at its offsets in the source")]
    elif src.get("format") == "jsonl" and isinstance(src.get("line"), int):
        lines = sources.lines(src["path"])
        try:
            obj = orjson.loads(lines[src["line"] - 1])
        except (IndexError, orjson.JSONDecodeError):
            return [Failure("source-text", f"line {src['line']} of the source is not JSON")]
        if not isinstance(obj, dict) or text not in obj.values():
            return [Failure("source-text", f"line {src['line']} of the source lacks the abstract")]
    return []


def audit_record(rec: dict, sources: SourceCache) -> list[Failure]:
    """All checks of one parsed record."""
    failures = [
        Failure("schema", f"{'/'.join(map(str, e.absolute_path)) or '(record)'}: {e.message}")
        for e in list(record_validator().iter_errors(rec))[:5]
    ]
    failures += check_source(rec, sources)
    failures += check_spans(rec)
    failures += check_values(rec)
    failures += check_references(rec)
    return failures


def audit_file(path: Path) -> AuditReport:
    """Audit every line of a records file; never raises on bad content."""
    report = AuditReport(str(path))
    sources = SourceCache(path.resolve().parent)
    try:
        data = path.read_bytes()
    except OSError as exc:
        ra = RecordAudit(line=0, failures=[Failure("json", f"cannot read {path}: {exc}")])
        report.records.append(ra)
        report.rows.append(None)
        return report
    for n, line in enumerate(data.splitlines(), start=1):
        if not line.strip():
            continue
        ra = RecordAudit(line=n)
        report.records.append(ra)
        try:
            rec = orjson.loads(line)
        except orjson.JSONDecodeError as exc:
            ra.failures.append(Failure("json", f"line {n}: malformed JSON: {exc}"))
            report.rows.append(None)
            continue
        if not isinstance(rec, dict):
            ra.failures.append(Failure("json", f"line {n}: not a JSON object"))
            report.rows.append(None)
            continue
        report.rows.append(rec)
        ra.doc_id, ra.ordinal = rec.get("doc_id"), rec.get("ordinal")
        ra.source_path = (
            (rec.get("source") or {}).get("path") if isinstance(rec.get("source"), dict) else None
        )
        try:
            ra.failures.extend(audit_record(rec, sources))
        except Exception as exc:  # the audit itself must never crash
            ra.failures.append(Failure("audit-error", f"{type(exc).__name__}: {exc}"))
    return report
