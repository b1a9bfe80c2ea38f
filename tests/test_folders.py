"""The user's own folders (ledger/folders.py): ledger keeps nothing in the cache or data folders
(issue 35: a figure kept there was believed, compiled templates kept there were run as code), and
a relative folder variable is ignored as the XDG specification says."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from ledger.folders import user_folder

LEDGER = Path(sys.executable).parent / "ledger"


@pytest.mark.slow
def test_35_no_command_leaves_a_file_in_the_users_cache_or_data_folder(tmp_path: Path) -> None:
    here, home = tmp_path / "here", tmp_path / "home"
    here.mkdir()
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "LEDGER_WORKBOOK"}
    env.update(
        {
            "HOME": str(home),
            "XDG_CACHE_HOME": str(home / "cache"),
            "XDG_DATA_HOME": str(home / "data"),
            "XDG_STATE_HOME": str(home / "state"),
        }
    )
    for args in (
        ["new", "--game", "triplanetary", "-p", "Ann", "-p", "Bob"],
        ["pay", "Ann", "Bob", "5"],
        ["balance"],
        ["balance"],
        ["--help"],
        ["pay", "--help"],
        ["tick", "30"],
        ["statement", "--player", "Ann"],
        ["journal"],
        ["check"],
        ["history"],
        ["export", "--format", "hledger", "--out", "game.journal"],
        ["undo"],
    ):
        run = subprocess.run(
            [str(LEDGER), *args], cwd=here, env=env, capture_output=True, text=True, timeout=120
        )
        assert run.returncode == 0, (args, run.stderr)
    assert sorted(p.name for p in home.rglob("*")) == []


def test_27_a_relative_folder_variable_is_ignored_as_the_xdg_specification_says(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """`XDG_CONFIG_HOME=c` (a relative path) would put the players' links under whatever
    folder a command runs in, where someone else may write: the user's own default is used."""
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_CONFIG_HOME", "c")
    assert user_folder("config") == os.path.join(tmp_path, ".config", "bankers-ledger")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    assert user_folder("config") == os.path.join(tmp_path, "cfg", "bankers-ledger")
