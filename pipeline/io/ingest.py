"""Ingest stage: read seed text files, JSON Lines and CSV (or folders of them) into items."""

from __future__ import annotations

import csv
import errno
import hashlib
import io
import os
import re
import stat
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import orjson
import regex

from pipeline.errors import InputError
from pipeline.models import ErrorRecord

SUFFIXES = {".txt": "text", ".jsonl": "jsonl", ".ndjson": "jsonl", ".csv": "csv"}
MAX_CHARS = 20_000
BOM = b"\xef\xbb\xbf"
_BLOCK_SEP = regex.compile(r"\n[ \t\r\f\v]*\n\s*")
_SNIFF = 8192  # bytes searched for NUL, as git and grep do to tell binary from text
_BINARY = (
    (regex.compile(rb"\x1f\x8b"), "gzip-compressed: decompress it first"),
    (regex.compile(rb"BZh[1-9]1AY&SY"), "bzip2-compressed: decompress it first"),
    (regex.compile(rb"\xfd7zXZ\x00"), "xz-compressed: decompress it first"),
    (regex.compile(rb"\x28\xb5\x2f\xfd"), "zstd-compressed: decompress it first"),
    (regex.compile(rb"PK\x03\x04"), "a zip archive (.zip, .docx, .xlsx)"),
    (regex.compile(rb"%PDF-"), "a PDF document"),
)


@dataclass(frozen=True)
class Fields:
    """Field names of a JSON Lines or CSV export."""

    id: str = "id"
    title: str = "title"
    abstract: str = "abstract"


@dataclass(frozen=True)
class InputItem:
    """One abstract read from a source, with where it came from."""

    path: str
    sha256: str
    format: str
    ordinal: int
    line: int
    text: str
    source_id: str | None = None
    title: str | None = None
    start: int | None = None
    end: int | None = None


Ingested = InputItem | ErrorRecord


def _reject(
    path: Path | str,
    line: int | None,
    ordinal: int | None,
    reason: str,
    source_id: str | None = None,
) -> ErrorRecord:
    """An ingest-stage ErrorRecord naming the file, line and record."""
    return ErrorRecord(
        path=str(path),
        line=line,
        ordinal=ordinal,
        source_id=source_id,
        stage="ingest",
        reason=reason,
    )


def _stat_problem(path: Path, exc: OSError) -> str:
    """Why a path that cannot be stat'ed is not read: broken symlink, symlink loop, ..."""
    if exc.errno == errno.ELOOP:
        return "symlink loop"
    if path.is_symlink() and isinstance(exc, FileNotFoundError):
        return f"broken symlink: its target {os.readlink(path)!r} does not exist"
    if isinstance(exc, FileNotFoundError):
        return "no such file or folder"
    return f"cannot read: {exc.strerror or exc}"


def _walk(
    folder: Path, ancestors: frozenset[str], files: list[Path], errors: list[ErrorRecord]
) -> None:
    """Collect a folder's supported files; symlinked folders are followed, loops reported."""
    try:
        with os.scandir(folder) as it:
            names = [entry.name for entry in it]
    except OSError as exc:
        errors.append(_reject(folder, None, None, f"cannot read folder: {exc.strerror or exc}"))
        return
    for name in names:
        path = folder / name
        try:
            st = path.stat()
        except OSError as exc:
            errors.append(_reject(path, None, None, _stat_problem(path, exc)))
            continue
        if stat.S_ISDIR(st.st_mode):
            real = os.path.realpath(path)
            if real in ancestors:
                errors.append(_reject(path, None, None, f"symlink loop: points back to {real}"))
            else:
                _walk(path, ancestors | {real}, files, errors)
        elif path.suffix.lower() not in SUFFIXES:
            continue  # other files of a folder (README, images...) are not inputs
        elif stat.S_ISREG(st.st_mode):
            files.append(path)
        else:
            errors.append(_reject(path, None, None, "not a regular file"))


def discover(inputs: list[Path]) -> tuple[list[Path], list[ErrorRecord]]:
    """Expand folders into their supported files (sorted); every path not read is an error.

    Unknown types, missing paths, broken symlinks, symlink loops, unreadable folders and special
    files (FIFOs, devices) each become an ErrorRecord naming the path."""
    files: list[Path] = []
    errors: list[ErrorRecord] = []
    for path in inputs:
        try:
            st = path.stat()
        except OSError as exc:
            errors.append(_reject(path, None, None, _stat_problem(path, exc)))
            continue
        if stat.S_ISDIR(st.st_mode):
            found: list[Path] = []
            _walk(path, frozenset({os.path.realpath(path)}), found, errors)
            files.extend(sorted(found))
        elif path.suffix.lower() not in SUFFIXES:
            errors.append(_reject(path, None, None, f"unsupported file type {path.suffix!r}"))
        elif stat.S_ISREG(st.st_mode):
            files.append(path)
        else:
            errors.append(_reject(path, None, None, "not a regular file"))
    return files, errors


_UNDECODABLE = re.compile("[\udc80-\udcff]")


def first_undecodable(text: str) -> int | None:
    """Offset of the first byte that was not valid UTF-8 (decoded with surrogateescape)."""
    found = _UNDECODABLE.search(text)
    return found.start() if found else None


def binary_content(data: bytes) -> str | None:
    """Why a file's bytes are not UTF-8 text (compressed, archive, UTF-16, NUL bytes), or None."""
    for magic, kind in _BINARY:
        if magic.match(data):
            return f"binary file, {kind}"
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return "UTF-16 text (byte order mark): re-encode it as UTF-8"
    if b"\x00" in data[:_SNIFF]:
        return "binary file: NUL bytes, not UTF-8 text"
    return None


def check_text(text: str, max_chars: int) -> str | None:
    """The reason an abstract is unusable, or None."""
    if not text.strip():
        return "empty abstract"
    if len(text) > max_chars:
        return f"abstract is {len(text):,} characters, over the limit of {max_chars:,}"
    if first_undecodable(text) is not None:
        return "invalid UTF-8"
    return None


def read_text_file(path: Path, data: bytes, digest: str, max_chars: int) -> Iterator[Ingested]:
    """Seed format: a one-line header block, then abstracts separated by blank lines.

    Offsets index the file's text decoded as UTF-8, where a leading BOM is one character (so the
    first abstract of a file with a BOM starts at 1): `text[start:end]` is the abstract."""
    text = data.decode("utf-8", errors="surrogateescape")
    pos = 1 if text.startswith("\ufeff") else 0
    blocks = []
    for m in _BLOCK_SEP.finditer(text, pos):
        blocks.append((pos, m.start()))
        pos = m.end()
    blocks.append((pos, len(text)))
    blocks = [(s, e) for s, e in blocks if text[s:e].strip()]
    if blocks and "\n" not in text[blocks[0][0] : blocks[0][1]].strip() and len(blocks) > 1:
        first = text[blocks[0][0] : blocks[0][1]].strip()
        if len(first) < 200:
            blocks = blocks[1:]  # the header line names the collection
    for ordinal, (s, e) in enumerate(blocks, start=1):
        raw = text[s:e]
        lead = len(raw) - len(raw.lstrip())
        s, e = s + lead, s + len(raw.rstrip())
        abstract = text[s:e]
        line = text.count("\n", 0, s) + 1
        bad = first_undecodable(abstract)
        if bad is not None:
            line += abstract.count("\n", 0, bad)
        reason = check_text(abstract, max_chars)
        if reason:
            yield _reject(path, line, ordinal, reason)
            continue
        yield InputItem(str(path), digest, "text", ordinal, line, abstract, start=s, end=e)


def _field(obj: dict, name: str) -> str | None:
    value = obj.get(name)
    if value is None:
        return None
    return value if isinstance(value, str) else str(value)


def parse_json_line(raw: bytes) -> dict | str:
    """The JSON object on a line, or the reason it is unusable."""
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError:
        return "invalid UTF-8"
    try:
        obj = orjson.loads(line)
    except orjson.JSONDecodeError as exc:
        return f"malformed JSON: {exc}"
    return obj if isinstance(obj, dict) else "line is not a JSON object"


def abstract_problem(obj: dict, fields: Fields, max_chars: int) -> str | None:
    """Why a record's abstract field is unusable, or None."""
    abstract = obj.get(fields.abstract)
    if abstract is None:
        return f"missing field {fields.abstract!r}"
    if not isinstance(abstract, str):
        return f"field {fields.abstract!r} is not a string"
    return check_text(abstract, max_chars)


def read_jsonl_file(
    path: Path, data: bytes, digest: str, fields: Fields, max_chars: int
) -> Iterator[Ingested]:
    """One JSON object per line; every non-blank line is one record."""
    ordinal = 0
    for line_no, raw_line in enumerate(data.removeprefix(BOM).split(b"\n"), start=1):
        if not raw_line.strip():
            continue
        ordinal += 1
        obj = parse_json_line(raw_line)
        if isinstance(obj, str):
            yield _reject(path, line_no, ordinal, obj)
        else:
            yield _item_from_fields(path, digest, "jsonl", ordinal, line_no, obj, fields, max_chars)


def _item_from_fields(
    path: Path,
    digest: str,
    fmt: str,
    ordinal: int,
    line: int,
    obj: dict,
    fields: Fields,
    max_chars: int,
) -> Ingested:
    """An InputItem from a JSONL object or CSV row, or the ErrorRecord saying why not."""
    source_id = _field(obj, fields.id)
    reason = abstract_problem(obj, fields, max_chars)
    if reason:
        return _reject(path, line, ordinal, reason, source_id)
    return InputItem(
        str(path),
        digest,
        fmt,
        ordinal,
        line,
        obj[fields.abstract],
        source_id=source_id,
        title=_field(obj, fields.title),
    )


def csv_rows(lines: Iterable[str]) -> Iterator[list[str]]:
    """CSV records read strictly: bad quoting raises csv.Error instead of changing the text."""
    return csv.reader(lines, strict=True)


def read_csv_file(
    path: Path, data: bytes, digest: str, fields: Fields, max_chars: int
) -> Iterator[Ingested]:
    """CSV with a header row naming the id, title and abstract columns; blank lines are skipped."""
    text = data.removeprefix(BOM).decode("utf-8", errors="surrogateescape")
    reader = csv_rows(io.StringIO(text, newline=""))
    try:
        header = next(reader, [])
    except csv.Error as exc:
        yield _reject(path, 1, None, f"malformed CSV header: {exc}")
        return
    if fields.abstract not in header:
        yield _reject(path, 1, None, f"CSV header has no {fields.abstract!r} column")
        return
    ordinal = 0
    while True:
        line = reader.line_num + 1  # the record starts on the line after the previous one
        try:
            cells = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:  # the reader goes on at the next line
            ordinal += 1
            yield _reject(path, line, ordinal, f"malformed CSV: {exc}")
            continue
        if not cells:
            continue  # a blank line
        ordinal += 1
        if len(cells) > len(header):
            yield _reject(path, line, ordinal, "row has more cells than the header")
            continue
        row = dict(zip(header, cells + [None] * (len(header) - len(cells)), strict=True))
        yield _item_from_fields(path, digest, "csv", ordinal, line, row, fields, max_chars)


def _scan(path: Path) -> tuple[bytes, str, int, bool]:
    """One streaming pass: the body's first bytes (BOM removed), sha256, body size, all blank."""
    digest = hashlib.sha256()
    head, size, blank = b"", 0, True
    try:
        with path.open("rb") as fh:
            while chunk := fh.read(1 << 20):
                if size == 0:
                    head = chunk[: _SNIFF + len(BOM)]
                    body = chunk.removeprefix(BOM)
                    size -= len(chunk) - len(body)
                else:
                    body = chunk
                digest.update(chunk)
                size += len(chunk)
                blank = blank and (not body or body.isspace())
    except OSError as exc:
        raise InputError(str(path), f"cannot read: {exc.strerror or exc}") from exc
    return head.removeprefix(BOM)[:_SNIFF], digest.hexdigest(), size, blank


def read_jsonl_stream(
    path: Path, digest: str, fields: Fields, max_chars: int
) -> Iterator[Ingested]:
    """JSON Lines read line by line (constant memory), as `read_jsonl_file` reads the bytes."""
    ordinal = 0
    try:
        with path.open("rb") as fh:
            for line_no, raw in enumerate(fh, start=1):
                raw_line = raw.removesuffix(b"\n")
                if line_no == 1:
                    raw_line = raw_line.removeprefix(BOM)
                if not raw_line.strip():
                    continue
                ordinal += 1
                obj = parse_json_line(raw_line)
                if isinstance(obj, str):
                    yield _reject(path, line_no, ordinal, obj)
                else:
                    yield _item_from_fields(
                        path, digest, "jsonl", ordinal, line_no, obj, fields, max_chars
                    )
    except OSError as exc:
        raise InputError(str(path), f"cannot read: {exc.strerror or exc}") from exc


def read_file(
    path: Path, fields: Fields = Fields(), max_chars: int = MAX_CHARS
) -> Iterator[Ingested]:
    """Every record of one file, as InputItem or ErrorRecord, in file order.

    A leading UTF-8 BOM is skipped in every format. A file that yields no record (empty, only
    whitespace, binary, a CSV header alone) yields one ErrorRecord naming it (line None).
    JSON Lines are streamed; text and CSV files are read whole."""
    head, digest, size, blank = _scan(path)
    if blank:
        yield _reject(path, None, None, "empty file" + (" (only whitespace)" if size else ""))
        return
    binary = binary_content(head)
    if binary:
        yield _reject(path, None, None, binary)
        return
    fmt = SUFFIXES[path.suffix.lower()]
    if fmt == "jsonl":
        got = read_jsonl_stream(path, digest, fields, max_chars)
    else:
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise InputError(str(path), f"cannot read: {exc.strerror or exc}") from exc
        if fmt == "text":
            got = read_text_file(path, data, digest, max_chars)
        else:
            got = read_csv_file(path, data, digest, fields, max_chars)
    empty = True
    for one in got:
        empty = False
        yield one
    if empty:
        yield _reject(path, None, None, "no records in the file")


def ingest(
    inputs: list[Path], fields: Fields = Fields(), max_chars: int = MAX_CHARS
) -> tuple[list[InputItem], list[ErrorRecord]]:
    """Read every input path; nothing is dropped: each record is an item or an error."""
    files, errors = discover(inputs)
    items: list[InputItem] = []
    for path in files:
        try:
            for got in read_file(path, fields, max_chars):
                (items if isinstance(got, InputItem) else errors).append(got)
        except InputError as exc:
            errors.append(_reject(exc.path, None, None, exc.reason))
    return items, errors


def iter_ingest(
    inputs: list[Path], fields: Fields = Fields(), max_chars: int = MAX_CHARS
) -> Iterator[Ingested]:
    """Every item and error, streamed in output order: by path, then position in the file.

    This is the order `ingest` + a sort by (path, ordinal) gives: a file named k times yields
    each of its records k times in a row; paths not read are errors at their place."""
    files, errors = discover(inputs)
    times: dict[str, int] = {}
    for path in files:
        times[str(path)] = times.get(str(path), 0) + 1
    units: list[tuple[str, int, Path | ErrorRecord]]
    units = [(e.path, i, e) for i, e in enumerate(errors)]
    units += [(name, len(errors), Path(name)) for name in times]
    units.sort(key=lambda u: (u[0], u[1]))
    for name, _, unit in units:
        if isinstance(unit, ErrorRecord):
            yield unit
            continue
        try:
            for got in read_file(unit, fields, max_chars):
                yield from [got] * times[name]
        except InputError as exc:
            yield from [_reject(exc.path, None, None, exc.reason)] * times[name]
