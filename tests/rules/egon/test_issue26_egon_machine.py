"""Issue 26, what the Egon machine (test_egon_machine.py) found, each through the real CLI: a
player out of the game neither pays nor is paid (2); after the game's last round nothing more
is played (1.4).

Fresh game: ABC, BOB, CAT with 1000 Kj each, towers of 12, round 0.
"""

from __future__ import annotations

from tests.conftest import Ledger, add_rows, set_setting

DRAW = ("draw", "--numbers", "1,2,3,4,5,6", "--zz", "7", "--z6", "6")


def egon(ledger: Ledger) -> Ledger:
    ledger.fresh("new", "--game", "egon", "--player", "ABC", "--player", "BOB", "--player", "CAT")
    return ledger


def out(ledger: Ledger) -> Ledger:
    """ABC out of the game after round 1: 30,000 Kj paid away, a debt past 10,000 (2)."""
    egon(ledger)
    ledger("pay", "ABC", "world", "30000")
    ledger(*DRAW)
    ledger("tick")
    assert ledger("status", "--json").json()["players"]["ABC"]["status"] == "ausgeschieden"
    return ledger


# -- 2: out of the game ---------------------------------------------------------------------------


def test_2_a_player_out_of_the_game_neither_pays_nor_is_paid(ledger: Ledger) -> None:
    out(ledger)
    before = ledger.path.read_bytes()
    for payer, payee in (("ABC", "BOB"), ("BOB", "ABC"), ("ABC", "world")):
        run = ledger("pay", payer, payee, "10", expect=1)
        where = "FROM" if payer == "ABC" else "TO"
        assert f"{where}: player-out 2: ABC is out of the game (ausgeschieden)" in run.stderr
        assert "nothing was written" in run.stderr
    assert ledger.path.read_bytes() == before
    ledger("pay", "BOB", "CAT", "10")  # the others go on


def test_2_a_pay_row_typed_for_a_player_out_of_the_game_is_named_at_its_cell(
    ledger: Ledger,
) -> None:
    out(ledger)
    add_rows(ledger.path, "Events", [[None, None, "pay", "BOB", "ABC", 10]])
    run = ledger("post", expect=1)
    assert "player-out 2: ABC is out of the game (ausgeschieden)" in run.stderr
    assert "Events!" in run.stderr


# -- 1.4: the game's rounds -----------------------------------------------------------------------


def test_1_4_after_the_last_round_nothing_more_is_played(ledger: Ledger) -> None:
    egon(ledger)
    set_setting(ledger.path, "rounds", 2)  # the banker's shorter game
    ledger("order", "ABC", "v")
    ledger(*DRAW)
    run = ledger("tick", "3", expect=1)  # there is no round 3
    assert (
        "DAYS: game-over 1.4: the game has 2 rounds (the Settings row rounds): 3 from round 1 "
        "would go past the last" in run.stderr
    )
    assert "hint: ledger tick 2" in run.stderr
    ledger("tick")
    ledger(*DRAW)
    ledger("tick")
    before = ledger.path.read_bytes()
    for command in (
        DRAW,
        ("draw",),
        ("tick",),
        ("order", "ABC", "v"),
        ("purchase", "ABC", "2", "90"),
        ("build", "ABC", "1"),
    ):
        run = ledger(*command, expect=1)
        assert "game-over 1.4: the game is over: its 2 rounds are evaluated" in run.stderr, command
        assert "ledger report game shows the standings" in run.stderr
        assert "nothing was written" in run.stderr
    assert ledger.path.read_bytes() == before
    assert ledger("status", "--json").json()["round"] == 2
    ledger("report", "game")
