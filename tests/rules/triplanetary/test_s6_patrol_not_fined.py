"""§6: fines go to the Patrol, so the Patrol's own player is never fined: `ledger fine` refuses
it with a problem (it once ended in an internal error), a trial's fine moves nothing."""

from __future__ import annotations

from tests.conftest import Ledger


def test_s6_fining_the_patrol_player_is_refused_with_a_problem(game: Ledger) -> None:
    before = game.path.read_bytes()
    err = game("fine", "Sam", "5", "--reason", "speeding", expect=1).stderr
    assert "PLAYER: patrol-fined Sam holds the Patrol" in err
    assert "hint: fine another player" in err
    assert "internal error" not in err
    assert game.path.read_bytes() == before


def test_s6_a_trial_of_the_patrol_player_moves_no_fine(game: Ledger) -> None:
    out = game("trial", "Sam", "--class", "I", "--roll", "1").stdout
    assert "100 KC Fine (§41, class I)" in out
    assert "no fine: Sam holds the Patrol" in out
    assert game.balances()["patrol"] == "500.00"
    assert game("check").exit_code == 0
