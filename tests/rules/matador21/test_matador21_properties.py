"""Properties of the 21-field game, whatever the seed: money is conserved (the players and the
bank sum to 0 in the journal), no field has two owners, a player who is out owns nothing and
has no money (204.1a, 401.2b), and `tick a` then `tick b` gives the books of `tick a+b`. On the
engine directly (the CLI's own path is tested in test_matador21_game.py): fast enough for many
seeds."""

from __future__ import annotations

from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.core.books import Books
from ledger.core.start import new_books
from ledger.rules import load_game
from ledger.rules.matador21.sheets import State


def _books(seed: int, players: int) -> Books:
    game = load_game("matador21")
    books = new_books(game, [f"P{i}" for i in range(1, players + 1)], None, seed)
    assert game.setup(books, None) == []
    return books


def _picture(books: Books) -> tuple[object, ...]:
    state = books.state
    assert isinstance(state, State)
    return (
        [(t.id, t.day, t.memo, tuple(t.postings)) for t in books.journal],
        [(r.field, r.owner) for r in state.owners],
        [(r.turn, r.round, r.player, r.dice, r.frm, r.to, r.what) for r in state.turns],
        [(p.name, p.extra) for p in books.players],
        [(d.n, d.result, d.decided) for d in books.dice],
        books.day,
    )


@settings(max_examples=50, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    players=st.integers(2, 6),
    a=st.integers(1, 12),
    b=st.integers(1, 12),
)
def test_money_owners_and_ticks(seed: int, players: int, a: int, b: int) -> None:
    game = load_game("matador21")
    one, two = _books(seed, players), _books(seed, players)
    game.tick(one, a)
    if game.status(one)["winner"] is None:
        game.tick(one, b)
    game.tick(two, a + b)
    assert _picture(one) == _picture(two)  # tick a + tick b = tick a+b
    assert one.journal.total().is_zero()  # players + bank = 0
    status = game.status(one)
    owned = [f for p in status["players"].values() for f in p["owns"]]
    assert len(owned) == len(set(owned))  # no field has two owners
    for p in status["players"].values():
        if p["out"]:
            assert p["owns"] == [] and p["cash"] == "0.00"
        assert Decimal(p["cash"]) >= 0
    assert list(game.check_state(one)) == []
    left = [n for n, p in status["players"].items() if not p["out"]]
    assert (status["winner"] is not None) == (len(left) == 1)
