"""Triplanetary played by a machine against the books' invariants (issue 26): random valid and
invalid commands through the real CLI, each step held to tests/machine.py's invariants and this
game's own (a crime is tried once)."""

from __future__ import annotations

import pytest
from hypothesis import strategies as st
from hypothesis.stateful import invariant, precondition, rule

from tests.machine import BooksMachine, machine_settings, sheet_rows

PLAYERS = ("Ann", "Bob", "Cleo")
PARTIES = (*PLAYERS, "Sam", "bank", "Zed")  # Zed: no one
amounts = st.decimals(min_value="0.01", max_value="60", places=2).map(str) | st.sampled_from(
    ["0", "-1", "1,5", "abc", "1e9"]
)


class Triplanetary(BooksMachine):
    NEW = (
        "new", "--game", "triplanetary", "--seed", "5",
        *(a for p in PLAYERS for a in ("--player", p)), "--patrol", "Sam",
    )  # fmt: skip

    @rule(src=st.sampled_from(PARTIES), dst=st.sampled_from(PARTIES), amount=amounts)
    def pay(self, src: str, dst: str, amount: str) -> None:
        self.do("pay", src, dst, amount)

    @rule(who=st.sampled_from(PLAYERS), what=st.sampled_from(["transport", "base", "packet"]))
    def buy(self, who: str, what: str) -> None:
        self.do("buy", who, what)

    @rule(days=st.integers(min_value=1, max_value=45))
    def tick(self, days: int) -> None:
        self.do("tick", str(days))

    @rule(who=st.sampled_from(PLAYERS), cls=st.sampled_from(["I", "II", "III"]))
    def crime(self, who: str, cls: str) -> None:
        self.do("crime", who, "--class", cls, "--what", "smuggling")

    @rule(who=st.sampled_from(PLAYERS), n=st.integers(1, 4), roll=st.integers(1, 6))
    def trial(self, who: str, n: int, roll: int) -> None:
        self.do("trial", who, "--crime", f"X{n}", "--roll", str(roll))

    @rule(command=st.sampled_from([("roll",), ("order", "ABC", "v"), ("start", "Ann")]))
    def a_command_of_another_game(self, command: tuple[str, ...]) -> None:
        assert self.do(*command).exit_code != 0

    @precondition(lambda self: self.done)
    @rule()
    def undo(self) -> None:
        self.undo_last()

    @invariant()
    def a_crime_is_tried_once(self) -> None:
        fines = [r for r in sheet_rows(self.path, "Dice") if "trial" in str(r.get("purpose"))]
        crimes = [str(r.get("crime")) for r in fines if r.get("crime")]
        assert len(crimes) == len(set(crimes)), crimes


Triplanetary.TestCase.settings = machine_settings(runs=4)
test_triplanetary_machine = Triplanetary.TestCase


@pytest.mark.slow
class TestTriplanetaryLong(Triplanetary.TestCase):  # type: ignore[misc, valid-type]
    settings = machine_settings(runs=40, steps=40)
