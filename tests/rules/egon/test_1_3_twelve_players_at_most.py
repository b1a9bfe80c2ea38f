"""1.3 (README: "12 players build towers"): the game is one of twelve players at most; a
thirteenth is refused when the game is made and named by `ledger check` when typed in."""

from __future__ import annotations

import pytest

from ledger.core.problems import ProblemsFound
from tests.conftest import Ledger
from tests.memory import table

TWELVE = ("AAA", "BBB", "CCC", "DDD", "EEE", "FFF", "GGG", "HHH", "III", "JJJ", "KKK", "LLL")


def test_1_3_twelve_players_play() -> None:
    t = table(game="egon", players=TWELVE, seed=1)
    assert t.check(clean=True) == ""


def test_1_3_a_thirteenth_player_is_refused_when_the_game_is_made() -> None:
    with pytest.raises(ProblemsFound) as refused:
        table(game="egon", players=(*TWELVE, "MMM"), seed=1)
    assert [p.line() for p in refused.value.problems] == [
        "--player: player-count the game is played by at most 12 players, not 13"
    ]


def test_1_3_a_thirteenth_row_typed_in_players_is_named_by_check() -> None:
    t = table(game="egon", players=TWELVE, seed=1)
    t.add_rows("Players", [["MMM", "player"]])
    assert "Players: player-count the game is played by at most 12 players, not 13" in t.check(
        clean=False
    )


def test_1_3_the_command_line_refuses_a_thirteenth(ledger: Ledger) -> None:
    args = [a for name in (*TWELVE, "MMM") for a in ("--player", name)]
    run = ledger("new", "--game", "egon", *args, expect=1)
    assert "player-count the game is played by at most 12 players, not 13" in run.stderr
    assert "--player 12 times at most" in run.stderr
    assert not ledger.path.exists()
