"""Issue 36, item 4, on the real command line: output whose reader has gone ends quietly, as
Unix tools do (`ledger history | head -2`), and `ledger pending` with nothing waiting says
how many actions were decided. Fresh game: Ann and Bob with 25 KC at Ceres, Sam the Patrol."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from ledger.app.actions import submit
from tests.conftest import Ledger


def reader_gone(game: Ledger, *args: str) -> tuple[int, str]:
    """`ledger ARGS | head -0`, made certain: the pipe's reading end is closed before ledger
    writes its first line, so every write to stdout meets a broken pipe."""
    read, write = os.pipe()
    run = subprocess.Popen(
        [sys.executable, "-m", "ledger", *args],
        cwd=game.folder,
        env={**os.environ, "LEDGER_WORKBOOK": str(game.path)},
        stdout=write,
        stderr=subprocess.PIPE,
        text=True,
    )
    os.close(read)
    os.close(write)
    _, err = run.communicate(timeout=120)
    return run.returncode, err


@pytest.mark.parametrize(
    "args",
    [("history",), ("statement", "--player", "Ann", "--format", "text"), ("balance",)],
    ids=["history", "statement", "balance"],
)
def test_issue36_output_into_a_closed_pipe_ends_quietly(
    game: Ledger, args: tuple[str, ...]
) -> None:
    game("pay", "Ann", "Bob", "1", "--memo", "one")
    game("pay", "Ann", "Bob", "2", "--memo", "two")
    code, err = reader_gone(game, *args)
    assert (code, err) == (0, game(*args).stderr)  # what it says anyway, and nothing more


def test_issue36_a_changing_command_whose_reader_has_gone_still_saves(game: Ledger) -> None:
    code, err = reader_gone(game, "pay", "Ann", "Bob", "5")
    assert code == 0 and "pipe" not in err.lower() and "nothing was written" not in err
    assert game("balance", "--json").json()["players"]["Bob"] == "30.00"


def test_issue36_pending_with_nothing_sent_says_so(game: Ledger) -> None:
    said = game("pending").stderr
    assert "Nothing waits: no player has sent an action from their link yet." in said


def test_issue36_pending_with_nothing_waiting_says_how_many_were_decided(game: Ledger) -> None:
    for amount in ("1", "2", "3"):
        submit(game.path, "Ann", "pay", {"to": "Bob", "amount": amount, "memo": ""}, f"f{amount}")
    game("approve", "1")
    game("approve", "2")
    game("reject", "3", "--why", "twice")
    said = game("pending").stderr
    assert "Nothing waits: 3 actions sent from the links were decided (2 done, 1 rejected)." in said
