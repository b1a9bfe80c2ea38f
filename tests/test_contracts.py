"""Issue 29: the import contracts can fail. On a copy of the package, one module is broken for
each contract (a game importing another game; a lower layer importing a higher one), and
`lint-imports` must say that contract is broken; on the package as it is, every one is kept."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import sweep

ROOT = Path(__file__).resolve().parents[1]
LINT = Path(sys.executable).with_name("lint-imports")

#: A module added to the copy, and the contract it must break.
BREAKS = {
    "Games are independent of each other": (
        "ledger/rules/fifth/__init__.py",
        "from ledger.rules.egon import game  # a fifth game leaning on Egon\n",
    ),
    "Commands and pages only call the app, and render": (
        "ledger/cli/sneaky.py",
        "from ledger.io import store  # a command taking the lock itself\n",
    ),
    "Layers: cli -> web -> app -> io -> rules -> core": (
        "ledger/core/upward.py",
        "from ledger.app import pipeline  # the pure core reaching up\n",
    ),
}


def lint(root: Path) -> str:
    env = {**os.environ, "PYTHONPATH": str(root)}
    p = subprocess.run(
        [str(LINT), "--no-cache"], cwd=root, env=env, capture_output=True, text=True, timeout=300
    )
    return p.stdout + p.stderr


@pytest.mark.parametrize("contract", sweep(sorted(BREAKS)))
def test_29_each_import_contract_fails_on_a_copy_broken_for_it(
    tmp_path: Path, contract: str
) -> None:
    shutil.copytree(
        ROOT / "ledger", tmp_path / "ledger", ignore=shutil.ignore_patterns("__pycache__")
    )
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    name, text = BREAKS[contract]
    (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
    (tmp_path / name).write_text(text, encoding="utf-8")
    said = lint(tmp_path)
    assert f"{contract} BROKEN" in said, said[-3000:]
    others = [c for c in BREAKS if c != contract]
    assert all(f"{c} KEPT" in said for c in others), said[-3000:]
