"""A long tick keeps aside what the days change the same way (a post without crews is fed
through the day, §14; a mine's daily ore, §23) and writes it when a step reads it and at the
end (issue 14). Ticking N days at once must give what N ticks of one day give, where every
day is written: posts that get crews by a transfer (§21), a claim registered mid-tick (§24),
an ore processor reading the mine's ore (§25). And `State.update` copies a record exactly as
`replace` does."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import msgspec
import pytest

from ledger.core.actions import pay
from ledger.core.books import Books
from ledger.core.records import record_fields
from ledger.core.start import new_books
from ledger.rules import load_game
from ledger.rules.triplanetary.model import (
    LISTS,
    Base,
    Cargo,
    Crew,
    Mine,
    Ship,
    State,
    Transfer,
)


def _books(processor: bool) -> Books:
    books = new_books(load_game("triplanetary"), ["Ann", "Bob"], "Sam", seed=3)
    books.settings.values["day"] = 10
    pay(books, "bank", "Ann", Decimal(5000))
    s = books.state
    assert isinstance(s, State)
    s.bases += [
        Base("B1", "Ann", "Rock", "hex 0101", False, 40, 12, 30, price=Decimal(250)),
        Base("B2", "Ann", "Pebble", "hex 0102", False, 20, 3, 30, price=Decimal(250)),
    ]
    s.ships += [
        Ship("S1", "Ann", "Idle", "Mars", False, 2, 1, 14, type="transport"),
        Ship("S2", "Bob", "Lander", "Mars", True, 0, 4, 14, type="transport"),
    ]
    s.mines += [
        # M1 is manned from B2's hex once the transfer brings crews there (§13)
        Mine("M1", "Ann", "Claim 1", "hex 0102", False, 0, 2, base="B2", registered_day=1),
        Mine("M2", "Ann", "Claim 2", "belt 7", False, 3, 9, registered_day=1),
        Mine(
            "M3",
            "Ann",
            "Claim 3",
            "belt 8",
            False,
            0,
            0,
            ct=True,
            registered_day=None,
            ready_day=17,
        ),
        Mine("M4", "Ann", "Claim 4", "belt 9", False, 4, 9, registered_day=1),
    ]
    s.crews += [
        Crew("C1", "Ann", "B1", 0, 10),
        Crew("C2", "Ann", "B1", 0, 10),
        Crew("C3", "Ann", "B1", 0, 10, fed_until=20),
        Crew("C4", "Ann", "M2", 0, 10),
        Crew("C5", "Bob", "S2", 0, 10),
        Crew("C6", "Ann", "M4", 0, 10, fed_until=11),
    ]
    s.cargo += [Cargo("M4", "ore-processor", int(processor)), Cargo("M2", "raw-ore", 5)]
    s.transfers.append(Transfer("T1", "Ann", "crews", 3, "B1", "B2", 10, 20))
    return books


def _snapshot(books: Books) -> tuple[Any, ...]:
    journal = [(t.id, t.day, t.kind, t.memo, t.postings, t.rule) for t in books.journal]
    return books.day, journal, books.game.dump_state(books)


@pytest.mark.parametrize(("days", "processor"), [(25, False), (70, False), (70, True)])
def test_s14_s21_s23_s24_a_long_tick_gives_what_its_days_one_by_one_give(
    days: int, processor: bool
) -> None:
    """With an ore processor (§25) the mine's ore is written every day, as it reads it."""
    at_once, daily = _books(processor), _books(processor)
    report = at_once.game.tick(at_once, days)
    lines = []
    for _ in range(days):
        lines += daily.game.tick(daily, 1).lines
    assert _snapshot(at_once) == _snapshot(daily)
    assert [x for x in report.lines if x.kind != "income"] == [
        x for x in lines if x.kind != "income"
    ]
    state = at_once.state
    assert isinstance(state, State)
    posts = state.posts()
    assert posts["S1"].fed_until == at_once.day  # no crews: fed through the last day
    claim = posts["M3"]
    assert isinstance(claim, Mine) and (claim.fed_until, claim.registered_day) == (at_once.day, 17)
    assert [c.post for c in state.crews[:3]] == ["B2", "B2", "B2"]  # moved by T1
    assert state.cargo_of("M2")["raw-ore"] == 5 + days  # one a day (§23)
    assert bool(state.cargo_of("M4").get("processed-ore")) == processor


def test_update_copies_a_record_as_replace_does() -> None:
    state = State()
    for cls in LISTS:
        names = [f.name for f in record_fields(cls)]
        record: Any = cls(*[_example(f.type) for f in record_fields(cls)][: _required(cls)])
        getattr(state, LISTS[cls]).append(record)
        for name in names:
            value = getattr(record, name)
            changed = _other(value)
            new = state.update(record, **{name: changed})
            assert new == msgspec.structs.replace(record, **{name: changed}), (cls, name)
            assert type(new) is cls and getattr(state, LISTS[cls])[-1] is new
            record = new
        with pytest.raises(TypeError):
            state.update(record, no_such_field=1)
        assert getattr(state, LISTS[cls])[-1] is record  # a refused change changes nothing


def _required(cls: type) -> int:
    return sum(1 for f in record_fields(cls) if f.required)


def _example(kind: Any) -> Any:
    text = str(kind)
    if "Decimal" in text:
        return Decimal(1)
    if text.startswith("int"):
        return 1
    return "x"


def _other(value: Any) -> Any:
    if isinstance(value, bool):
        return not value
    if isinstance(value, (int, Decimal)):
        return value + 2
    if value is None:
        return 5
    return f"{value}!"
