"""`ledger check --rule CODE` filters by any problem code ledger can report, wherever in the
package it is raised: the app's (`bad-amount`, `hidden-character`) and a game's, not only the
command line's own. The codes were read from ledger/cli alone since the command line became a
package, so these were refused as "no check"."""

from __future__ import annotations

import pytest

from tests.conftest import Ledger


@pytest.mark.parametrize("code", ["bad-amount", "hidden-character", "unknown-player"])
def test_check_rule_takes_a_problem_code_raised_outside_the_command_line(
    game: Ledger, code: str
) -> None:
    run = game("check", "--rule", code)
    assert "no check" not in run.stderr
    assert run.stderr.startswith("clean:")


def test_check_rule_still_refuses_what_is_no_check_and_no_code(game: Ledger) -> None:
    run = game("check", "--rule", "no-such-code-anywhere", expect=2)
    assert "no check no-such-code-anywhere" in run.stderr
