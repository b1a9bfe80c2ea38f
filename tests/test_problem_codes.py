"""One small bad workbook per problem code, with the exact message `ledger check` gives.

Each case starts from a fresh game (Ann, Bob, Sam the Patrol; seed 7) and changes a few cells,
as a banker would in Excel. The expected output is in tests/golden/check/<case>.txt, updated
only by `make golden` (LEDGER_UPDATE_GOLDEN=1), never by the test that reads it.

Fresh layout: Journal rows 2-3 txn 1 (bank -25, Ann +25), 4-5 txn 2 (Bob), 6-7 txn 3 (Patrol
500); columns A txn, B day, C kind, D account, E amount. Players rows 2 Ann, 3 Bob, 4 Sam.
Settings rows 2 game, 3 day, 4 seed, 5 currency, 6 start_money, 7 patrol_start_money,
8 allow_debt; column B is the value.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ledger.rules import GAMES
from tests.conftest import Ledger, add_rows, edit_cells

GOLDEN = Path(__file__).parent / "golden" / "check"

# case -> (code it must report, cell edits, rows to add per sheet, exit code)
CASES: dict[str, tuple[str, dict[str, Any], dict[str, list[list[Any]]], int]] = {
    "money_with_a_comma": ("not-a-number", {"Journal!E3": "12,5", "Journal!E2": "-12.5"}, {}, 1),
    "money_as_a_word": ("not-a-number", {"Journal!E3": "ten"}, {}, 1),
    "money_too_precise": ("money-too-precise", {"Journal!E3": 25.001}, {}, 1),
    "day_not_a_whole_number": ("not-a-whole-number", {"Journal!B2": 0.5}, {}, 1),
    "setting_not_yes_or_no": ("not-yes-or-no", {"Settings!B8": "maybe"}, {}, 1),
    "unbalanced_transaction": ("unbalanced-transaction", {"Journal!E3": 26}, {}, 1),
    "journal_out_of_order": (
        "journal-order",
        {"Journal!A4": 3, "Journal!A5": 3, "Journal!A6": 2, "Journal!A7": 2},
        {},
        1,
    ),
    "single_posting": ("single-posting", {}, {"Journal": [[4, 0, "pay", "bank", 0]]}, 1),
    "missing_amount": ("missing-value", {"Journal!E3": None}, {}, 1),
    "unknown_account": ("unknown-account", {"Journal!D3": "cash:Zed:Ceres"}, {}, 1),
    "unknown_bank_account": ("unknown-account", {"Journal!D3": "cash:Ann:Pluto"}, {}, 1),
    "overdrawn": (
        "overdrawn",
        {},
        {"Journal": [[4, 0, "pay", "cash:Ann:Ceres", -30], [4, 0, "pay", "cash:Bob:Ceres", 30]]},
        1,
    ),
    "balance_typed_by_hand": ("balance-edited", {"Balances!D3": 1000}, {}, 0),
    "missing_column": ("missing-column", {"Journal!D1": None}, {}, 1),
    "duplicate_player": ("duplicate-player", {"Players!A3": "ann"}, {}, 1),
    "bad_player_name": ("bad-player-name", {"Players!A3": "Bob:Jr"}, {}, 1),
    "reserved_name": ("reserved-name", {}, {"Players": [["Earth", "player"]]}, 1),
    "bad_role": ("bad-role", {"Players!B3": "banker"}, {}, 1),
    "two_patrols": ("two-patrols", {"Players!B3": "patrol"}, {}, 1),
    "unknown_game": ("unknown-game", {"Settings!B2": "chess"}, {}, 1),
    "journal_after_today": ("journal-after-today", {"Journal!B2": 5, "Journal!B3": 5}, {}, 1),
    "unknown_setting": ("unknown-setting", {}, {"Settings": [["start_mony", 30]]}, 0),
    "missing_setting": ("missing-setting", {"Settings!A3": None, "Settings!B3": None}, {}, 1),
    "event_unknown_type": ("unknown-event-type", {}, {"Events": [["E1", None, "dance", "Ann"]]}, 1),
    "event_in_future": ("event-in-future", {}, {"Events": [["E1", 3, "pay", "Ann", "Bob", 1]]}, 1),
    "event_unknown_party": (
        "unknown-party",
        {},
        {"Events": [["E1", None, "pay", "Ann", "Zed", 1]]},
        1,
    ),
    "event_overdraws": ("overdrawn", {}, {"Events": [["E1", None, "pay", "Ann", "Bob", 26]]}, 1),
    "event_without_amount": (
        "missing-value",
        {},
        {"Events": [["E1", None, "pay", "Ann", "Bob"]]},
        1,
    ),
    "event_amount_precise": (
        "money-too-precise",
        {},
        {"Events": [["E1", None, "pay", "Ann", "Bob", 1.234]]},
        1,
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_problem_code(game: Ledger, case: str, update_golden: bool) -> None:
    code, cells, rows, exit_code = CASES[case]
    if cells:
        edit_cells(game.path, cells)
    for sheet, new_rows in rows.items():
        add_rows(game.path, sheet, new_rows)
    run = game("check", expect=exit_code)
    assert f": {code}" in run.stdout, run.stdout
    assert "Traceback" not in run.stdout + run.stderr
    golden = GOLDEN / f"{case}.txt"
    # the games ledger keeps come from the registry: a game added changes no golden file
    games = ", ".join(GAMES)
    if update_golden:
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(run.stdout.replace(games, "{games}"))
    assert golden.exists(), f"no golden file for {case}: run `make golden` and review it"
    assert run.stdout == golden.read_text().replace("{games}", games)
    data = game("check", "--json", expect=exit_code).json()
    assert any(p["code"] == code for p in data)
    assert all(set(p) == {"code", "where", "message", "hint", "severity"} for p in data)


def test_every_case_has_a_golden_file_and_no_golden_file_is_orphaned() -> None:
    assert {p.stem for p in GOLDEN.glob("*.txt")} == set(CASES)


def test_check_collects_every_problem_in_one_pass(game: Ledger) -> None:
    edit_cells(game.path, {"Journal!E3": "12,5", "Journal!B4": "x", "Settings!B8": "maybe"})
    run = game("check", expect=1)
    lines = [line for line in run.stdout.splitlines() if not line.startswith("    hint")]
    assert [line.split(":")[0] for line in lines] == ["Settings!B8", "Journal!E3", "Journal!B4"]


def test_bad_input_changes_nothing(game: Ledger) -> None:
    edit_cells(game.path, {"Journal!E3": 26})
    before = game.path.read_bytes()
    run = game("pay", "Ann", "Bob", "1", expect=1)
    assert "Journal!E2: unbalanced-transaction" in run.stderr
    assert game.path.read_bytes() == before
