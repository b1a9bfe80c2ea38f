"""`ledger serve --actions` (issue 30) read as a banker at a real table: what the pages say of
an action approved and then taken back by `ledger undo`. Fresh game: Ann and Bob with 25 KC at
Ceres, Sam the Patrol."""

from __future__ import annotations

import re

from ledger.app.actions import submit
from tests.conftest import Ledger
from tests.web.test_serve_actions import client


def test_30_an_action_approved_then_undone_says_so_on_both_pages(game: Ledger) -> None:
    sent = submit(game.path, "Ann", "pay", {"to": "Bob", "amount": "5"}, "form-1")
    game("approve", str(sent.n))
    game("undo")
    with client(game) as c:
        ann = c.get("/p/ann-token").text
        row = re.search(r'<li id="mine-1".*?</li>', ann, re.S)
        assert row and "done, then undone by the banker" in row.group(0)
        assert "refused" not in row.group(0)
        banker = c.get("/p/bank-token").text
        assert 'data-approve="1"' in banker and "(approved, then undone)" in banker


def test_30_another_games_actions_are_not_shown_on_the_new_games_pages(game: Ledger) -> None:
    submit(game.path, "Ann", "pay", {"to": "Bob", "amount": "5", "memo": "old game"}, "f")
    game("new", "--game", "triplanetary", "-p", "Ann", "-p", "Bob", "--patrol", "Sam", "--force")
    with client(game) as c:  # links made for the new game
        assert "old game" not in c.get("/p/ann-token").text
        assert "old game" not in c.get("/p/bank-token").text
