"""What names nothing is refused with a hint that says what to do, also when there is none of
its kind to list (a hint of "liners: " and nothing after it helps nobody): §13 crews, §9
corporations, §28 liners, §30 branch banks. Fresh books in memory: Ann and Bob, Sam the Patrol."""

from __future__ import annotations

from tests.memory import table


def _hint(said: str) -> str:
    return said.split("hint: ", 1)[1].strip()


def test_s13_discharging_when_no_crew_works_says_how_one_is_hired() -> None:
    said = table().refusal("discharge C1")
    assert "unknown-crew" in said
    assert _hint(said) == "no crew works now: ledger hire PLAYER --ship SHIP"


def test_s9_merging_when_no_corporation_is_active_says_how_one_is_formed() -> None:
    said = table().refusal("merge K1 K2")
    assert "unknown-corporation" in said
    assert _hint(said) == "no corporation is active now: ledger incorporate PLAYER (5 days, §7)"


def test_s28_closing_when_no_liner_is_open_says_how_one_is_opened() -> None:
    said = table().refusal("liner close L1")
    assert "unknown-liner" in said
    assert _hint(said) == "no liner is open now: ledger liner open PLAYER FROM TO"


def test_s30_opening_a_branch_bank_none_waits_for_says_how_one_is_set_up() -> None:
    said = table().refusal("branch-open BB1")
    assert "unknown-branch" in said
    assert (
        _hint(said)
        == "no branch bank waits for its reserves: ledger branch PLAYER --base BASE --ship SHIP"
    )
