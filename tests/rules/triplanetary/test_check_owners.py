"""`ledger check` on Triplanetary's owners: a name that is no player is named by its cell, and
the hint lists each player once, even while a name stands twice in Players (its own mistake)."""

from __future__ import annotations

from tests.conftest import Ledger, add_rows


def test_an_unknown_owners_hint_lists_each_player_once(game: Ledger) -> None:
    add_rows(game.path, "Players", [["Ann", "player"]])
    add_rows(game.path, "Ships", [["S1", "Zed", "transport", "Nomad"]])
    run = game("check", expect=1)
    assert "duplicate-player 'Ann' is already a player at Players!A2" in run.stdout
    assert "Ships!B2: unknown-owner 'Zed' is not a player" in run.stdout
    assert "hint: players: Ann, Bob, Sam\n" in run.stdout
