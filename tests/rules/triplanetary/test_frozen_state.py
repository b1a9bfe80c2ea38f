"""Triplanetary's records are frozen (issue 14): a change is a new record that `State.update`
puts in place of that very record in its list, so a record read before the change stays as
it was, and a copy of the state for a forecast changes apart from the books."""

from __future__ import annotations

import pytest

from ledger.rules.triplanetary.model import LISTS, Cargo, Post, Ship, State
from tests.conftest import rows


def test_every_record_of_the_state_is_frozen_and_slotted() -> None:
    records = [Post, *LISTS]
    assert len(records) == 18
    # a Struct is slotted unless made with dict=True
    loose = [c.__name__ for c in records if not c.__struct_config__.frozen or c.__dictoffset__ != 0]
    assert loose == []
    with pytest.raises(AttributeError):
        Ship("S1", "Ann").fuel = 3  # type: ignore[misc]


def test_update_puts_the_new_record_in_place_of_that_very_record() -> None:
    first, second = Cargo("B1", "raw-ore", 5), Cargo("B1", "raw-ore", 5)  # equal, not the same
    state = State(cargo=[first, second])
    new = state.update(second, qty=7)
    assert state.cargo[0] is first and state.cargo[1] is new
    assert (second.qty, new.qty) == (5, 7)
    again = state.update(new, qty=new.qty + 1)  # the new record is found in its turn
    assert state.cargo == [first, Cargo("B1", "raw-ore", 8)] and state.cargo[1] is again


def test_update_refuses_a_record_the_state_does_not_hold() -> None:
    old = Ship("S1", "Ann")
    state = State(ships=[old])
    state.update(old, fuel=2)
    with pytest.raises(ValueError, match="not in the state's ships"):
        state.update(old, fuel=3)  # replaced already: whoever holds it must read it again


def test_a_clone_changes_apart_from_its_original() -> None:
    ship = Ship("S1", "Ann", fuel=4)
    state = State(ships=[ship])
    twin = state.clone()
    twin.update(twin.ships[0], fuel=1)
    twin.add_cargo("S1", "raw-ore", 3)
    assert state.ships == [ship] and state.cargo == []
    assert twin.ships[0].fuel == 1 and twin.cargo == [Cargo("S1", "raw-ore", 3)]


def test_s9_a_corporation_typed_as_merging_with_itself_ends_merged_as_before(
    workbook: object,
) -> None:
    """`merge` refuses a corporation merging with itself; typed so by hand, the day the merger
    completes marks it active and then merged, one record changed twice."""
    book = workbook(  # type: ignore[operator]
        """
        Corporations | id | head | name | place | status  | merging_with | ready_day
                     | K1 | Ann  | Acme | Ceres | merging | K1           | 1
        """
    )
    book("tick", "1")
    (corp,) = rows(book.path, "Corporations")
    assert (corp["status"], corp["members"], corp["merging_with"]) == ("merged", "Ann", None)
