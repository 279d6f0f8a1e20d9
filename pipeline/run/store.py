"""The extraction store: each abstract's outcome, keyed by its text and the extractor's hash.

An SQLite file (stdlib; a B-tree on disk, so lookups and memory stay flat as it grows; WAL, so a
killed run loses at most its unfinished batch). Rows are keyed by the sha256 of the abstract's
text (`doc_id` is its first 16 hex digits) and a fingerprint of the extractor: its name and
version, the record schema version, every rule and lexicon file (`pipeline/data/**`,
`pipeline/nlp/config.cfg`) and the code that builds a record (`pipeline/nlp/*.py`,
`pipeline/link/*.py`, `record.py`, `models.py`: a rule written in code changes records as much
as a data file). A record depends on nothing else, so a row is reused for any input that holds
the same text; the fields that say where the text was read are rewritten.
"""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from pipeline.resources import rules_digest

STORE = "store.sqlite"


@cache
def fingerprint() -> str:
    """What a stored outcome depends on besides the text: extractor, schema, rule files."""
    from pipeline.models import SCHEMA_VERSION
    from pipeline.record import EXTRACTOR

    key = f"{EXTRACTOR.name}\0{EXTRACTOR.version}\0{SCHEMA_VERSION}\0{rules_digest()}"
    return hashlib.sha256(key.encode()).hexdigest()[:32]


def text_key(text: str) -> str:
    """The store key of an abstract: the sha256 of its text (doc_id is its first 16 digits)."""
    return hashlib.sha256(text.encode("utf-8", errors="surrogatepass")).hexdigest()


class Store:
    """Outcomes of one fingerprint in an SQLite file; rows of other fingerprints are dropped."""

    def __init__(self, path: Path, print_: str | None = None) -> None:
        self.path = path
        self.fingerprint = print_ or fingerprint()
        self.db = sqlite3.connect(path, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("PRAGMA cache_size=-16000")  # at most ~16 MB of pages in memory
        # a rowid table: rows of ~3 kB are too large for a WITHOUT ROWID B-tree (3× slower here)
        self.db.execute(
            "CREATE TABLE IF NOT EXISTS outcomes (key TEXT NOT NULL, fingerprint TEXT NOT NULL,"
            " line BLOB NOT NULL, PRIMARY KEY (key, fingerprint))"
        )
        self.db.execute("DELETE FROM outcomes WHERE fingerprint != ?", (self.fingerprint,))

    def lookup(self, keys: Iterable[str]) -> dict[str, bytes]:
        """The stored line of each key that has one."""
        wanted = list(dict.fromkeys(keys))
        found: dict[str, bytes] = {}
        for i in range(0, len(wanted), 500):
            part = wanted[i : i + 500]
            marks = ",".join("?" * len(part))
            rows = self.db.execute(
                f"SELECT key, line FROM outcomes WHERE fingerprint = ? AND key IN ({marks})",
                (self.fingerprint, *part),
            )
            found.update((key, bytes(line)) for key, line in rows)
        return found

    def put(self, rows: Iterable[tuple[str, bytes]]) -> None:
        """Store (key, line) pairs in one transaction (a finished batch survives a kill)."""
        self.db.execute("BEGIN")
        self.db.executemany(
            "INSERT OR REPLACE INTO outcomes (key, fingerprint, line) VALUES (?, ?, ?)",
            ((key, self.fingerprint, line) for key, line in rows),
        )
        self.db.execute("COMMIT")

    def count(self) -> int:
        """How many outcomes of this fingerprint are stored."""
        (n,) = self.db.execute(
            "SELECT count(*) FROM outcomes WHERE fingerprint = ?", (self.fingerprint,)
        ).fetchone()
        return n

    def close(self) -> None:
        """Close the database (the WAL is folded back into the file)."""
        self.db.close()
