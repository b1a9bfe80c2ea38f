"""`ledger check` finds every problem in one pass, as the README promises (issue 12, item 6)."""

from __future__ import annotations

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
