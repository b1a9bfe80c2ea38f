"""The shared turn engine of the dice-driven board games (ledger/core/board_turn.py): each game's
words of a turn are its turn.csv, a row a saying (name, rule, said). Every row is said by the
engine or the game, every saying the engine says of any game is in each game's table, and every
template is filled by the fields the engine passes."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from ledger.core import board_turn
from ledger.core.board_turn import Words
from tests.conftest import ROOT

GAMES = ("matador21", "boardfile")
#: What the engine says of every game's turn: a purchase, a rent, one who is out.
ENGINE = {"buys", "buys-memo", "cannot-buy", "owns", "rent", "rent-memo", "rent-income"}
ENGINE |= {"short", "out", "deeds", "out-line", "write-off"}
#: The fields the engine and the games pass to a saying's templates.
FIELDS = {"player", "field", "owner", "price", "cash", "amount", "how", "rule", "paid", "why"}
FIELDS |= {"fields", "deeds", "lent", "back", "debt", "worth", "jail"}


@pytest.mark.parametrize("game", GAMES)
def test_38_every_saying_of_a_turn_is_said_and_the_engines_are_there(game: str) -> None:
    words = Words(f"ledger.rules.{game}")
    engine = Path(board_turn.__file__).read_text(encoding="utf-8")
    own = "\n".join(
        p.read_text(encoding="utf-8") for p in (ROOT / "ledger/rules" / game).glob("*.py")
    )
    for name in words.rows:
        base = re.sub(r"-(memo|line)$", "", name)  # said as f"{saying}-memo", f"{saying}-line"
        assert any(f'"{n}"' in engine + own for n in (name, base)), (
            f"{game}: {name} is said by none"
        )
    assert set(words.rows) >= ENGINE, sorted(ENGINE - set(words.rows))
    for name, (rule, said) in words.rows.items():
        named = {f for text in (rule, said) for _, f, _, _ in string.Formatter().parse(text) if f}
        assert named <= FIELDS, f"{game}: {name} names {named - FIELDS}"
