"""Properties of the tick: `tick a` then `tick b` (with a save and a load between, as two
commands would) gives the same books as `tick a+b`; same seed and events, same books; every
transaction balances and all accounts sum to zero."""

from __future__ import annotations

import copy
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger.core.books import Books
from ledger.core.start import new_books
from ledger.io.workbook import Loaded, load, write
from ledger.rules import load_game
from ledger.rules.triplanetary.actions import apply_action

ACTIONS = st.lists(
    st.one_of(
        st.tuples(
            st.just("buy"),
            st.sampled_from(["Ann", "Bob"]),
            st.sampled_from(["transport", "packet", "base", "corvette"]),
        ),
        st.tuples(st.just("hire"), st.sampled_from(["Ann", "Bob"]), st.integers(1, 3)),
        st.tuples(
            st.just("office-open"),
            st.sampled_from(["Ann", "Bob"]),
            st.sampled_from(["Mars", "Venus", "Ceres"]),
        ),
        st.tuples(st.just("claim"), st.sampled_from(["Ann", "Bob"]), st.booleans()),
        st.tuples(st.just("supply"), st.sampled_from(["Ann", "Bob"]), st.integers(1, 4)),
        st.tuples(st.just("tick"), st.integers(1, 40), st.just(0)),
    ),
    max_size=10,
)


def build(actions: list[tuple[Any, ...]], rich: bool) -> Books:
    books = new_books(load_game("triplanetary"), ["Ann", "Bob"], "Sam", seed=5)
    if rich:
        from ledger.core.actions import pay

        pay(books, "bank", "Ann", Decimal("700"))
        pay(books, "bank", "Bob", Decimal("40"))
    n = 0
    for kind, who, arg in actions:
        n += 1
        if kind == "tick":
            books.game.tick(books, who)
            continue
        state = books.state
        if kind == "buy":
            apply_action(books, "buy", {"player": who, "item": arg, "name": f"{who}{n}"}, {}, "t")
        elif kind == "hire":
            posts = [
                p
                for g in (state.ships, state.bases, state.mines)
                for p in g
                if p.owner == who and p.status in ("active", "open")
            ]
            if posts and (
                not hasattr(posts[-1], "registered_day") or posts[-1].registered_day is not None
            ):
                key = {"ship": "ship", "base": "base", "mine": "mine"}[posts[-1].kind]
                apply_action(
                    books, "hire", {"player": who, key: posts[-1].id, "crews": arg}, {}, "t"
                )
        elif kind == "office-open":
            apply_action(books, "office-open", {"player": who, "at": arg}, {}, "t")
        elif kind == "claim":
            apply_action(books, "claim", {"player": who, "name": f"claim {n}", "ct": arg}, {}, "t")
        elif kind == "supply":
            ships = [s for s in state.ships if s.owner == who]
            if ships:
                apply_action(
                    books, "supply", {"player": who, "ship": ships[0].id, "months": arg}, {}, "t"
                )
    return books


def snapshot(books: Books) -> tuple[Any, ...]:
    journal = [(t.id, t.day, t.kind, t.memo, t.postings, t.rule) for t in books.journal]
    players = [(p.name, p.role, p.extra) for p in books.players]
    return books.day, journal, players, books.game.dump_state(books)


@pytest.mark.slow
@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(ACTIONS, st.integers(1, 200), st.integers(1, 200), st.booleans())
def test_tick_a_then_b_equals_tick_a_plus_b(
    tmp_path: Path, actions: list[tuple[Any, ...]], a: int, b: int, rich: bool
) -> None:
    once = build(actions, rich)
    twice = copy.deepcopy(once)
    once.game.tick(once, a + b)

    twice.game.tick(twice, a)
    path = tmp_path / "between.xlsx"
    write(path, Loaded(twice, []))  # a save and a load between the two commands
    reloaded, problems = load(path)
    assert [p for p in problems if p.is_error] == []
    again = reloaded.books
    again.game.tick(again, b)

    assert snapshot(again) == snapshot(once)
    for txn in once.journal:
        assert sum((p.amount.amount for p in txn.postings), Decimal(0)) == 0
    assert once.journal.total().is_zero()


@settings(max_examples=10, deadline=None)
@given(ACTIONS, st.integers(1, 120))
def test_the_same_events_give_the_same_books(actions: list[tuple[Any, ...]], days: int) -> None:
    one, two = build(actions, True), build(actions, True)
    one.game.tick(one, days)
    two.game.tick(two, days)
    assert snapshot(one) == snapshot(two)
