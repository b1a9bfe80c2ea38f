"""What a review of issue 36 found, each a test that failed before its fix: digits that are not
0-9, an overdraft from a bank never used, a command run with its output closed, and a kept
action whose text would hide itself on the banker's terminal."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys

import pytest

from ledger.app.actions import listing, submit
from tests.app.test_issue36_actions import edit_kept
from tests.conftest import Ledger
from tests.memory import table


@pytest.mark.parametrize("code", ["i,²", "l,²", "i,٣", "x,²,BOB"])
def test_issue36_an_order_with_a_digit_not_0_to_9_is_refused_not_a_crash(code: str) -> None:
    t = table(game="egon", players=("ABC", "BOB", "CAT"), seed=1)
    said = t.refusal(f"order ABC '{code}'")
    assert "not a" in said and "internal error" not in said


def test_issue36_a_pay_from_a_bank_never_used_says_what_the_other_banks_hold() -> None:
    t = table()
    said = t.refusal("pay Ann Bob 30 --from-bank Mars")  # Ann has 25 KC at Ceres, none at Mars
    assert "overdrawn" in said and "25.00 KC at Ceres" in said


def test_issue36_a_command_run_with_its_output_closed_still_works(game: Ledger) -> None:
    """`ledger pay ... >&-` (a job started with no output): the payment is saved, exit 0."""
    run = subprocess.run(
        f"{shlex.quote(sys.executable)} -m ledger pay Ann Bob 1 >&-",
        shell=True,
        env={**os.environ, "LEDGER_WORKBOOK": str(game.path)},
        capture_output=False,
        stderr=subprocess.PIPE,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr and "internal error" not in run.stderr
    assert game.balances()["player:Ann"] == "24.00"


def test_issue36_a_kept_action_whose_text_hides_itself_is_damaged(game: Ledger) -> None:
    submit(game.path, "Ann", "pay", {"to": "Bob", "amount": "1"}, "f1")
    edit_kept(game, lambda d: d["actions"][0].update(at="2026-01-01 10:00:00\x1b[8m"))
    assert [a.state for a in listing(game.path)] == ["damaged"]
    shown = game("pending")
    assert "\x1b" not in shown.stdout + shown.stderr or "damaged" in shown.stdout
    game("approve", "1", expect=1)
    assert game.balances()["player:Ann"] == "25.00"
