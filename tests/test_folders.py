"""The user's own folders (ledger/folders.py): what ledger keeps for this account alone."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

LEDGER = Path(sys.executable).parent / "ledger"


def test_27_a_relative_folder_variable_is_ignored_as_the_xdg_specification_says(
    tmp_path: Path,
) -> None:
    """`XDG_CACHE_HOME=cache ledger balance` (a relative path) keeps nothing under the folder
    the command runs in, where whoever writes that folder could write a figure ledger would
    believe: the user's own default folders are used instead."""
    here, home = tmp_path / "here", tmp_path / "home"
    here.mkdir()
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "LEDGER_WORKBOOK"}
    env.update(
        {
            "HOME": str(home),
            "XDG_CACHE_HOME": "cache",
            "XDG_DATA_HOME": "data",
            "XDG_CONFIG_HOME": "c",
        }
    )
    for args in (
        ["new", "--game", "triplanetary", "-p", "Ann", "-p", "Bob"],
        ["pay", "bank", "Ann", "5"],
        ["balance"],
    ):
        run = subprocess.run(
            [str(LEDGER), *args], cwd=here, env=env, capture_output=True, text=True, timeout=120
        )
        assert run.returncode == 0, run.stderr
    assert sorted(p.name for p in here.iterdir() if not p.name.startswith(".")) == ["ledger.xlsx"]
    assert not (here / "cache").exists() and not (here / "data").exists()
    assert list((home / ".cache" / "bankers-ledger" / "balances").iterdir())
