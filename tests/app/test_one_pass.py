"""`ledger check` finds every problem in one pass, as the README promises (issue 12, item 6)."""

from __future__ import annotations

import pytest

from ledger.core.problems import Problem
from tests.conftest import Ledger, add_rows


def test_6_check_reports_every_bad_event_row_at_once(game: Ledger) -> None:
    """A comma in an amount, a player who is not there and a mistyped event type, on three
    Events rows: `check` names all three cells at once, in sheet order; `post` refuses and
    writes nothing."""
    add_rows(
        game.path,
        "Events",
        [
            ["E1", None, "pay", "Ann", "Bob", "12,5"],
            ["E2", None, "pay", "Anne", "Bob", 1],
            ["E3", None, "pya", "Ann", "Bob", 1],
        ],
    )
    found = game("check", "--json", expect=1).json()
    assert [(p["where"], p["code"]) for p in found] == [
        ("Events!F2", "not-a-number"),
        ("Events!D3", "unknown-party"),
        ("Events!C4", "unknown-event-type"),
    ]
    before = game.path.read_bytes()
    run = game("post", expect=1)  # a changing command names all three too
    assert all(c in run.stderr for c in ("Events!F2", "Events!D3", "Events!C4")), run.stderr
    assert game.path.read_bytes() == before


@pytest.mark.slow
def test_6_thousands_of_bad_rows_are_each_named_once_without_comparing_each_with_each(
    game: Ledger, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A sheet of many bad rows: each named once, and the problems are set against each other
    by hashing, not pair by pair (3,000 rows took 9 million comparisons, 300,000 rows hours)."""
    rows = 1000
    add_rows(game.path, "Events", [[f"E{i}", None, "pay", "Ann", "Bob", "x"] for i in range(rows)])
    compared = []
    eq = Problem.__eq__

    def counted(self: Problem, other: object) -> bool:
        compared.append(1)
        return eq(self, other)

    monkeypatch.setattr(Problem, "__eq__", counted)
    for command in (["check", "--json"], ["post"]):
        found = game(*command, expect=1)
        named = found.stdout + found.stderr
        assert all(f"Events!F{r}" in named for r in range(2, rows + 2))
    assert len(compared) < 10 * rows, len(compared)
