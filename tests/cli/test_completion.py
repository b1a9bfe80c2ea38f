"""The shell completes commands, and names from the workbook: players, ships, items (issue 14)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import Ledger

LEDGER = Path(sys.executable).parent / "ledger"


def _complete(game: Ledger, *words: str) -> list[str]:
    env = {
        **os.environ,
        "LEDGER_WORKBOOK": str(game.path),
        "_LEDGER_COMPLETE": "complete_bash",
        "COMP_WORDS": " ".join(("ledger", *words)),
        "COMP_CWORD": str(len(words)),
    }
    out = subprocess.run([str(LEDGER)], env=env, capture_output=True, text=True, timeout=60)
    return out.stdout.split()


@pytest.mark.slow
def test_completion_of_commands_players_ships_and_items(game: Ledger) -> None:
    game("buy", "Ann", "transport", "--name", "Nomad")
    assert "tick" in _complete(game, "ti")
    assert _complete(game, "hire", "A") == ["Ann"]
    assert "Nomad" in _complete(game, "hire", "Ann", "--ship", "N")
    assert "transport" in _complete(game, "buy", "Ann", "tra")
