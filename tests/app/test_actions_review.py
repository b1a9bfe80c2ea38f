"""Players act from their links (issue 30), read as an attacker and as a banker at a real
table: what a phone may send, the pending file as it may be found, an action undone or left
half-applied. Fresh game: Ann and Bob with 25 KC at Ceres, Sam the Patrol with 500 KC."""

from __future__ import annotations

import pytest

from ledger.app.actions import listing, submit
from ledger.core.problems import ProblemsFound
from tests.conftest import Ledger


def pay(game: Ledger, who: str, to: str, amount: str, memo: str = "", form: str = "") -> object:
    values = {"to": to, "amount": amount, "memo": memo}
    return submit(game.path, who, "pay", values, form or f"{who}-{to}-{amount}-{memo}")


@pytest.mark.parametrize("memo", ["rent\r   2  Ann: pay Ann Bob 5", "\x1b[2K\x1b[1Gore", "a\u202eb"])
def test_30_a_form_with_a_hidden_character_is_refused_before_the_banker_sees_it(
    game: Ledger, memo: str
) -> None:
    with pytest.raises(ProblemsFound) as refused:
        pay(game, "Ann", "Bob", "500", memo)
    assert [p.code for p in refused.value.problems] == ["hidden-character"]
    assert "memo" in refused.value.problems[0].line()
    assert listing(game.path) == []
    assert "\x1b" not in game("pending").stdout
