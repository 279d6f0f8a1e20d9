"""Every module of the linking algorithms imports on its own, in a fresh interpreter."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

LINK = Path(__file__).resolve().parents[1] / "pipeline" / "link"
MODULES = sorted(f"pipeline.link.{p.stem}" for p in LINK.glob("*.py") if p.stem != "__init__")


@pytest.mark.parametrize("module", MODULES)
def test_a_link_module_imports_first(module):
    # pipeline.link imports pipeline.nlp's tokenizer helpers, whose package registers the
    # linker component: a module-level import of pipeline.link in the linker made this a cycle
    got = subprocess.run([sys.executable, "-c", f"import {module}"], capture_output=True, text=True)
    assert got.returncode == 0, got.stderr[-500:]
