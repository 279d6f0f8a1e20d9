"""Hostile input files and folders (issue 11): BOMs, empty, unreadable, broken links, binary, CSV.

Every input file or folder entry that yields no record says so in an error line naming it, the
other inputs are still processed, and `read == records + errors` holds.
"""

from __future__ import annotations

import errno
import gzip
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import orjson
import pytest
from typer.testing import CliRunner

from pipeline.cli import app
from pipeline.io.ingest import InputItem, ingest, read_file
from pipeline.models import ErrorRecord
from pipeline.quality.audit import audit_file
from pipeline.record import doc_id
from pipeline.run.sequence import run_pipeline
from tests.conftest import ROOT, SEED

ABSTRACT = "We propose FooNet, a model. FooNet reaches 91.0% accuracy on CIFAR-10."
OTHER = "We present BarNet. BarNet improves BLEU by 2.5 points on WMT14."
BOM = b"\xef\xbb\xbf"
runner = CliRunner()


def jsonl(*texts: str) -> bytes:
    return b"".join(
        orjson.dumps({"id": str(i), "abstract": t}) + b"\n" for i, t in enumerate(texts)
    )


def csv_bytes(*texts: str) -> bytes:
    rows = "".join(f'{i},T{i},"{t}"\n' for i, t in enumerate(texts))
    return f"id,title,abstract\n{rows}".encode()


def reasons(errors: list[ErrorRecord]) -> dict[str, str]:
    """path name -> reason of each error."""
    return {Path(e.path).name: e.reason for e in errors}


def run_cli(args: list[str], out: Path) -> tuple[int, dict, list[dict]]:
    """`run ARGS --out OUT --no-prefect --no-report`: exit code, summary, error lines."""
    result = runner.invoke(app, ["run", *args, "--out", str(out), "--no-prefect", "--no-report"])
    if not out.exists():
        return result.exit_code, {}, []
    summary = orjson.loads((out / "summary.json").read_bytes())
    errors = [orjson.loads(x) for x in (out / "errors.jsonl").read_bytes().splitlines()]
    return result.exit_code, summary, errors


# -- 1. a leading UTF-8 byte order mark is stripped in every format ----------------------------


@pytest.mark.parametrize(
    "name,data",
    [("a.jsonl", jsonl(ABSTRACT, OTHER)), ("a.csv", csv_bytes(ABSTRACT, OTHER))],
)
def test_bom_keeps_the_first_record(tmp_path, name, data):
    plain, bom = tmp_path / f"plain_{name}", tmp_path / f"bom_{name}"
    plain.write_bytes(data)
    bom.write_bytes(BOM + data)
    items, errors = ingest([bom])
    assert errors == [] and [i.text for i in items] == [ABSTRACT, OTHER]
    assert [(i.line, i.source_id) for i in items] == [
        (i.line, i.source_id) for i in ingest([plain])[0]
    ]


def test_bom_text_file_has_clean_text_and_offsets_counting_the_bom(tmp_path):
    body = f"My collection\n\n{ABSTRACT}\n\n{OTHER}\n".encode()
    (tmp_path / "plain.txt").write_bytes(body)
    (tmp_path / "bom.txt").write_bytes(BOM + body)
    plain, _ = ingest([tmp_path / "plain.txt"])
    bom, errors = ingest([tmp_path / "bom.txt"])
    assert errors == [] and [i.text for i in bom] == [ABSTRACT, OTHER]
    assert [doc_id(i.text) for i in bom] == [doc_id(i.text) for i in plain]
    # offsets index the file's text as decoded with plain UTF-8, where the BOM is one character
    raw = (tmp_path / "bom.txt").read_text(encoding="utf-8")
    assert raw[0] == "\ufeff"
    assert [raw[i.start : i.end] for i in bom] == [ABSTRACT, OTHER]
    assert [(i.start, i.end, i.line) for i in bom] == [
        (i.start + 1, i.end + 1, i.line) for i in plain
    ]


def test_bom_text_file_without_header_starts_after_the_bom(tmp_path):
    (tmp_path / "one.txt").write_bytes(BOM + ABSTRACT.encode())
    (item,), errors = ingest([tmp_path / "one.txt"])
    assert errors == [] and item.text == ABSTRACT
    assert (item.start, item.end) == (1, 1 + len(ABSTRACT))


def test_bom_sources_audit_clean_and_offsets_are_still_checked(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    (src / "a.txt").write_bytes(BOM + f"Header\n\n{ABSTRACT}\n\n{OTHER}\n".encode())
    (src / "b.jsonl").write_bytes(BOM + jsonl(ABSTRACT, OTHER))
    (src / "c.csv").write_bytes(BOM + csv_bytes(ABSTRACT, OTHER))
    out = tmp_path / "out"
    summary = run_pipeline([src], out, report=False)
    assert (summary.read, summary.records, summary.errors) == (6, 6, 0)
    records = out / "records.jsonl"
    report = audit_file(records)
    assert report.ok, report.as_dict()["failing_records"]
    # an offset that ignores the BOM points one character off: the audit must notice
    rows = [orjson.loads(x) for x in records.read_bytes().splitlines()]
    for rec in rows:
        if rec["source"]["format"] == "text" and rec["text"] == ABSTRACT:
            rec["source"]["start"] -= 1
            rec["source"]["end"] -= 1
    records.write_bytes(b"".join(orjson.dumps(r) + b"\n" for r in rows))
    (bad,) = [r for r in audit_file(records).records if not r.ok]
    assert [f.check for f in bad.failures] == ["source-text"]


# -- 2. an input file that yields nothing says so -------------------------------------------


@pytest.mark.parametrize(
    "name,data,reason",
    [
        ("empty.jsonl", b"", "empty file"),
        ("empty.txt", b"", "empty file"),
        ("empty.csv", b"", "empty file"),
        ("blank.txt", b"\n  \n\t\n", "empty file"),
        ("blank.jsonl", b"\n\n", "empty file"),
        ("bom_only.jsonl", BOM, "empty file"),
        ("header_only.csv", b"id,title,abstract\n", "no records"),
    ],
)
def test_a_file_that_yields_nothing_is_an_error_line(tmp_path, name, data, reason):
    (tmp_path / name).write_bytes(data)
    items, errors = ingest([tmp_path / name])
    assert items == []
    (err,) = errors
    assert err.path == str(tmp_path / name) and reason in err.reason and err.stage == "ingest"


def test_empty_files_in_a_folder_are_named_in_errors_jsonl(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    (src / "good.jsonl").write_bytes(jsonl(ABSTRACT))
    for name in ("e.jsonl", "e.txt", "e.csv"):
        (src / name).write_bytes(b"")
    code, summary, errors = run_cli([str(src)], tmp_path / "out")
    assert code == 0
    assert (summary["read"], summary["records"], summary["errors"]) == (4, 1, 3)
    assert sorted(Path(e["path"]).name for e in errors) == ["e.csv", "e.jsonl", "e.txt"]


# -- 3./4. unreadable files and folders, broken and looping symlinks --------------------------


@pytest.fixture
def unreadable(monkeypatch) -> Callable[..., None]:
    """Make paths behave as after `chmod 000` (tests run as root, whom chmod does not stop).

    Reading a locked file or listing a locked folder raises PermissionError, and os.access says
    it is not readable (as click's readable=True check asks)."""
    locked: set[str] = set()
    real_access, real_read, real_scandir = os.access, Path.read_bytes, os.scandir
    real_open = Path.open

    def is_locked(path) -> bool:
        return os.path.abspath(os.fspath(path)) in locked

    def deny(path) -> None:
        raise PermissionError(errno.EACCES, "Permission denied", os.fspath(path))

    def access(path, mode, *args, **kwargs) -> bool:
        if is_locked(path) and mode & os.R_OK:
            return False
        return real_access(path, mode, *args, **kwargs)

    def read_bytes(self: Path) -> bytes:
        if is_locked(self):
            deny(self)
        return real_read(self)

    def scandir(path="."):
        if is_locked(path):
            deny(path)
        return real_scandir(path)

    def open_(self: Path, mode="r", *args, **kwargs):
        if is_locked(self) and "r" in mode:
            deny(self)
        return real_open(self, mode, *args, **kwargs)

    monkeypatch.setattr(os, "access", access)
    monkeypatch.setattr(Path, "read_bytes", read_bytes)
    monkeypatch.setattr(Path, "open", open_)  # JSON Lines are streamed through Path.open
    monkeypatch.setattr(os, "scandir", scandir)

    def lock(*paths: Path) -> None:
        locked.update(os.path.abspath(p) for p in paths)

    return lock


def test_unreadable_file_named_on_the_command_line_is_an_error_line(tmp_path, unreadable):
    (tmp_path / "ok.jsonl").write_bytes(jsonl(ABSTRACT))
    (tmp_path / "locked.jsonl").write_bytes(jsonl(OTHER))
    unreadable(tmp_path / "locked.jsonl")
    args = [str(tmp_path / "ok.jsonl"), str(tmp_path / "locked.jsonl")]
    code, summary, errors = run_cli(args, tmp_path / "out")
    assert code == 0  # not a usage error (2): the readable file is processed
    assert (summary["read"], summary["records"], summary["errors"]) == (2, 1, 1)
    (err,) = errors
    assert err["path"] == str(tmp_path / "locked.jsonl") and "Permission denied" in err["reason"]


def test_unreadable_file_same_rule_on_the_command_line_and_in_a_folder(tmp_path, unreadable):
    src = tmp_path / "src"
    src.mkdir()
    (src / "ok.jsonl").write_bytes(jsonl(ABSTRACT))
    (src / "locked.jsonl").write_bytes(jsonl(OTHER))
    unreadable(src / "locked.jsonl")
    named = run_cli([str(src / "ok.jsonl"), str(src / "locked.jsonl")], tmp_path / "a")
    folder = run_cli([str(src)], tmp_path / "b")
    assert named[0] == folder[0] == 0
    assert named[2] == folder[2] and len(named[2]) == 1
    assert [named[1][k] for k in ("read", "records", "errors")] == [2, 1, 1]
    assert [folder[1][k] for k in ("read", "records", "errors")] == [2, 1, 1]


def test_only_unreadable_inputs_exit_1_not_2(tmp_path, unreadable):
    (tmp_path / "locked.jsonl").write_bytes(jsonl(OTHER))
    unreadable(tmp_path / "locked.jsonl")
    code, summary, errors = run_cli([str(tmp_path / "locked.jsonl")], tmp_path / "out")
    assert code == 1 and summary["errors"] == 1 and "Permission denied" in errors[0]["reason"]


def test_unreadable_subfolder_is_an_error_line(tmp_path, unreadable):
    (tmp_path / "ok.jsonl").write_bytes(jsonl(ABSTRACT))
    (tmp_path / "locked").mkdir()
    (tmp_path / "locked" / "x.jsonl").write_bytes(jsonl(OTHER))
    unreadable(tmp_path / "locked")
    items, errors = ingest([tmp_path])
    assert [i.text for i in items] == [ABSTRACT]
    (err,) = errors
    assert err.path == str(tmp_path / "locked") and "cannot read folder" in err.reason
    assert "Permission denied" in err.reason


def test_unreadable_folder_named_on_the_command_line(tmp_path, unreadable):
    (tmp_path / "ok.jsonl").write_bytes(jsonl(ABSTRACT))
    (tmp_path / "locked").mkdir()
    unreadable(tmp_path / "locked")
    args = [str(tmp_path / "ok.jsonl"), str(tmp_path / "locked")]
    code, _, errors = run_cli(args, tmp_path / "out")
    assert code == 0 and [e["path"] for e in errors] == [str(tmp_path / "locked")]


def test_broken_symlinks_and_loops_in_a_folder_are_error_lines(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    (src / "ok.jsonl").write_bytes(jsonl(ABSTRACT))
    (src / "dangling.jsonl").symlink_to("nowhere.jsonl")
    (src / "loop").symlink_to("loop")
    (src / "ping.jsonl").symlink_to("pong.jsonl")
    (src / "pong.jsonl").symlink_to("ping.jsonl")
    items, errors = ingest([src])
    assert [i.text for i in items] == [ABSTRACT]
    got = reasons(errors)
    assert set(got) == {"dangling.jsonl", "loop", "ping.jsonl", "pong.jsonl"}
    assert "broken symlink" in got["dangling.jsonl"] and "nowhere.jsonl" in got["dangling.jsonl"]
    assert all("symlink loop" in got[n] for n in ("loop", "ping.jsonl", "pong.jsonl"))
    # the same paths named on the command line get the same reasons
    _, named = ingest([src / "dangling.jsonl", src / "loop"])
    assert reasons(named) == {n: got[n] for n in ("dangling.jsonl", "loop")}


def test_symlinked_folders_are_read_and_a_link_to_an_ancestor_is_a_loop(tmp_path):
    other = tmp_path / "other"
    other.mkdir()
    (other / "b.jsonl").write_bytes(jsonl(OTHER))
    src = tmp_path / "src"
    (src / "sub").mkdir(parents=True)
    (src / "a.jsonl").write_bytes(jsonl(ABSTRACT))
    (src / "linked").symlink_to(other, target_is_directory=True)
    (src / "sub" / "up").symlink_to("..", target_is_directory=True)
    items, errors = ingest([src])
    got = [Path(i.path).relative_to(src).as_posix() for i in items]
    assert got == ["a.jsonl", "linked/b.jsonl"]
    assert reasons(errors) == {"up": f"symlink loop: points back to {src.resolve()}"}


def test_special_files_are_not_opened(tmp_path):
    os.mkfifo(tmp_path / "pipe.jsonl")  # opening a FIFO would block the run forever
    (tmp_path / "ok.jsonl").write_bytes(jsonl(ABSTRACT))
    items, errors = ingest([tmp_path])
    assert len(items) == 1 and reasons(errors) == {"pipe.jsonl": "not a regular file"}
    assert reasons(ingest([tmp_path / "pipe.jsonl"])[1]) == {"pipe.jsonl": "not a regular file"}


def _drop_read_override(probe: Path) -> list[str]:
    """A command prefix under which chmod 000 stops reads, or a skip saying why there is none."""
    if os.geteuid() != 0:
        prefix: list[str] = []
    elif shutil.which("setpriv"):
        caps = "-dac_override,-dac_read_search"
        prefix = ["setpriv", f"--inh-caps={caps}", f"--bounding-set={caps}"]
    else:
        pytest.skip("running as root without setpriv: chmod 000 cannot stop reads here")
    check = subprocess.run(
        [*prefix, sys.executable, "-c", f"open({str(probe)!r}, 'rb')"],
        capture_output=True,
        text=True,
        check=False,
    )
    if "PermissionError" not in check.stderr:
        pytest.skip(f"cannot drop root's read override here: {check.stderr.strip()[-200:]!r}")
    return prefix


def test_real_chmod_000_file_and_folder(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    (src / "ok.jsonl").write_bytes(jsonl(ABSTRACT))
    locked_file, locked_dir = src / "locked.jsonl", src / "locked"
    locked_file.write_bytes(jsonl(OTHER))
    locked_dir.mkdir()
    (locked_dir / "x.jsonl").write_bytes(jsonl(OTHER))
    locked_file.chmod(0)
    locked_dir.chmod(0)
    try:
        prefix = _drop_read_override(locked_file)
        for args, out in (([src / "ok.jsonl", locked_file, locked_dir], "named"), ([src], "dir")):
            cmd = [*prefix, sys.executable, "-m", "pipeline", "run", *map(str, args)]
            cmd += ["--out", str(tmp_path / out), "--no-prefect", "--no-report"]
            done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=False)
            assert done.returncode == 0, done.stderr[-2000:]
            summary = orjson.loads((tmp_path / out / "summary.json").read_bytes())
            assert (summary["read"], summary["records"], summary["errors"]) == (3, 1, 2)
            lines = (tmp_path / out / "errors.jsonl").read_bytes().splitlines()
            errors = {Path(e["path"]).name: e["reason"] for e in map(orjson.loads, lines)}
            assert set(errors) == {"locked.jsonl", "locked"}
            assert all("Permission denied" in r for r in errors.values())
    finally:
        locked_file.chmod(0o644)
        locked_dir.chmod(0o755)


# -- 5. binary content is named as such -------------------------------------------------------


@pytest.mark.parametrize(
    "name,make,reason",
    [
        ("seed.txt", lambda: gzip.compress(SEED.read_bytes()), "gzip-compressed"),
        ("seed.jsonl", lambda: gzip.compress(jsonl(ABSTRACT) * 50), "gzip-compressed"),
        ("img.txt", lambda: b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)), "NUL"),
        ("wide.txt", lambda: ABSTRACT.encode("utf-16"), "UTF-16"),
        ("sheet.csv", lambda: b"PK\x03\x04\x14\x00\x06\x00" + bytes(200), "zip archive"),
    ],
)
def test_binary_files_are_named_as_binary(tmp_path, name, make, reason):
    (tmp_path / name).write_bytes(make())
    items, errors = ingest([tmp_path / name])
    assert items == []
    (err,) = errors
    assert reason in err.reason and "over the limit" not in err.reason
    assert err.path == str(tmp_path / name) and err.line is None


def test_a_text_file_that_merely_starts_like_a_magic_number_is_text(tmp_path):
    (tmp_path / "a.txt").write_bytes(b"BZh " + ABSTRACT.encode())
    items, errors = ingest([tmp_path / "a.txt"])
    assert errors == [] and len(items) == 1


# -- 6. CSV quoting: bad quoting is an error line, never a silently changed text -------------


def test_csv_bad_quoting_is_an_error_and_later_rows_are_kept(tmp_path):
    p = tmp_path / "q.csv"
    p.write_text(
        f'id,title,abstract\n1,A,"{ABSTRACT}"X trailing\n2,B,"{OTHER}"\n', encoding="utf-8"
    )
    items, errors = ingest([p])
    assert [(i.source_id, i.line, i.text) for i in items] == [("2", 3, OTHER)]
    (err,) = errors
    assert (err.line, err.ordinal) == (2, 1) and err.reason.startswith("malformed CSV")


def test_csv_unterminated_quote_does_not_swallow_the_rest_silently(tmp_path):
    p = tmp_path / "u.csv"
    p.write_text(f'id,title,abstract\n1,A,"{ABSTRACT}\n2,B,"{OTHER}"\n', encoding="utf-8")
    items, errors = ingest([p])
    assert items == []
    (err,) = errors
    assert err.line == 2 and "malformed CSV" in err.reason


def test_csv_malformed_header_is_an_error_line_not_a_crash(tmp_path):
    p = tmp_path / "h.csv"
    p.write_text(f'"id,title,abstract\n1,A,"{ABSTRACT}"\n', encoding="utf-8")
    items, errors = ingest([p])
    assert items == [] and len(errors) == 1 and errors[0].line == 1


def test_csv_blank_lines_keep_each_record_on_its_line(tmp_path):
    p = tmp_path / "b.csv"
    p.write_text(f'id,abstract\n\n1,"{ABSTRACT}"\n\n\n2,"{OTHER}"\n', encoding="utf-8")
    items, errors = ingest([p])
    assert errors == [] and [(i.line, i.ordinal) for i in items] == [(3, 1), (6, 2)]
    lines = p.read_text(encoding="utf-8").splitlines()
    assert all(lines[i.line - 1].startswith(f"{i.source_id},") for i in items)


def test_read_file_accounts_for_every_record(tmp_path):
    p = tmp_path / "mix.csv"
    p.write_text(
        f'id,abstract\n1,"{ABSTRACT}"\n2,"bad"quote\n3,"{OTHER}",extra\n4,\n5,"{OTHER}"\n',
        encoding="utf-8",
    )
    got = list(read_file(p))
    assert [g.ordinal for g in got] == [1, 2, 3, 4, 5]
    assert [type(g) for g in got] == [InputItem, ErrorRecord, ErrorRecord, ErrorRecord, InputItem]


# -- everything at once: one error line per hostile entry, and the summary reconciles -----------


def test_hostile_folder_end_to_end(tmp_path, unreadable):
    src = tmp_path / "src"
    src.mkdir()
    (src / "good.jsonl").write_bytes(BOM + jsonl(ABSTRACT, OTHER))
    (src / "good.txt").write_bytes(BOM + ABSTRACT.encode())
    (src / "empty.jsonl").write_bytes(b"")
    (src / "empty.txt").write_bytes(b"")
    (src / "seed.txt").write_bytes(gzip.compress(SEED.read_bytes()))
    (src / "dangling.txt").symlink_to("missing.txt")
    (src / "loop.jsonl").symlink_to("loop.jsonl")
    (src / "locked.jsonl").write_bytes(jsonl(OTHER))
    (src / "lockdir").mkdir()
    (src / "lockdir" / "x.jsonl").write_bytes(jsonl(OTHER))
    unreadable(src / "locked.jsonl", src / "lockdir")
    code, summary, errors = run_cli([str(src)], tmp_path / "out")
    assert code == 0
    assert summary["read"] == summary["records"] + summary["errors"]
    assert (summary["records"], summary["errors"]) == (3, 7)
    named = sorted(Path(e["path"]).name for e in errors)
    hostile = ["empty.jsonl", "empty.txt", "seed.txt", "dangling.txt", "loop.jsonl"]
    assert named == sorted([*hostile, "locked.jsonl", "lockdir"])
