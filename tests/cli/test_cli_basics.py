"""The foundation's promises, through the real CLI on real .xlsx files."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import openpyxl
import pytest

from ledger.cli import app
from tests.conftest import Ledger, add_rows, edit_cells, read_sheet, rewrite_parts


def test_new_then_check_is_clean_and_balances_show_the_starting_money(ledger: Ledger) -> None:
    ledger.new("Ann", "Bob", patrol="Sam")
    run = ledger("check")
    assert run.stdout == ""
    assert "clean" in run.stderr
    data = ledger("balance", "--json").json()
    assert data["day"] == 0
    assert data["players"] == {"Ann": "25.00", "Bob": "25.00", "Sam": "500.00"}  # §3, §6
    assert data["accounts"]["cash:Ann:Ceres"] == "25.00"  # §3: the start money lies at Ceres
    assert data["accounts"]["patrol"] == "500.00"
    assert data["accounts"]["bank"] == "-550.00"
    assert sum(Decimal(v) for v in data["accounts"].values()) == 0


def test_s3_opening_transactions_one_per_player(game: Ledger) -> None:
    txns = game("journal", "--json").json()
    assert [(t["kind"], t["rule"], t["day"]) for t in txns] == [
        ("opening", "§3", 0),
        ("opening", "§3", 0),
        ("opening", "§6", 0),
    ]
    for t in txns:
        assert sum(Decimal(p["amount"]) for p in t["postings"]) == 0


def test_new_refuses_to_overwrite_without_force(game: Ledger) -> None:
    before = game.path.read_bytes()
    run = game("new", "--game", "triplanetary", "--player", "Zed", expect=1)
    assert "workbook-exists" in run.stderr and "--force" in run.stderr
    assert game.path.read_bytes() == before
    game("new", "--game", "triplanetary", "--player", "Zed", "--force")
    assert game("balance", "--json").json()["players"] == {"Zed": "25.00"}
    game("undo")
    assert game("balance", "--json").json()["players"]["Ann"] == "25.00"


@pytest.mark.parametrize("name", ["go", "chess"])
def test_new_refuses_a_game_it_does_not_have_with_exit_2_and_writes_nothing(
    ledger: Ledger, name: str
) -> None:
    run = ledger("new", "--game", name, "--player", "Ann", expect=2)
    assert "unknown game" in run.stderr and "one of: triplanetary" in run.stderr
    assert not ledger.path.exists()
    assert list(ledger.folder.iterdir()) == []


def test_new_refuses_bad_and_duplicate_names(ledger: Ledger) -> None:
    run = ledger(
        "new",
        "--game",
        "triplanetary",
        "--player",
        "Ann",
        "--player",
        "ann",
        "--player",
        "a:b",
        expect=1,
    )
    assert "duplicate-player" in run.stderr
    assert "bad-player-name" in run.stderr
    assert not ledger.path.exists()


def test_pay_moves_money_and_the_total_stays_zero(game: Ledger) -> None:
    run = game("pay", "Ann", "Bob", "12.50", "--memo", "ore contract")
    assert "txn 4" in run.stdout
    b = game.balances()
    assert (b["player:Ann"], b["player:Bob"]) == ("12.50", "37.50")
    game("pay", "Sam", "earth", "0.01")
    game("pay", "bank", "Ann", "1000000.99")
    b = game.balances()
    assert sum(Decimal(v) for k, v in b.items() if not k.startswith("player:")) == 0
    assert b["earth"] == "0.01"


def test_pay_between_banks(game: Ledger) -> None:
    game("pay", "Ann", "Bob", "5", "--to-bank", "Mars")
    data = game("balance", "--player", "Bob", "--json").json()
    assert data["players"] == {"Bob": "30.00"}
    assert data["accounts"] == {"cash:Bob:Ceres": "25.00", "cash:Bob:Mars": "5.00"}
    run = game("pay", "Bob", "Ann", "6", "--from-bank", "Mars", expect=1)
    assert "overdrawn" in run.stderr
    run = game("pay", "Bob", "Ann", "1", "--from-bank", "Pluto", expect=1)
    assert "unknown-bank" in run.stderr


def test_s30_pay_refuses_to_overdraw_a_player(game: Ledger) -> None:
    before = game.path.read_bytes()
    run = game("pay", "Ann", "Bob", "25.01", expect=1)
    assert (
        "AMOUNT: overdrawn Ann has 25.00 KC in cash:Ann:Ceres and cannot pay 25.01 KC" in run.stderr
    )
    assert "§30" in run.stderr
    assert game.path.read_bytes() == before
    game("pay", "Ann", "Bob", "25.00")


def test_s30_allow_debt_house_rule(game: Ledger) -> None:
    rows = read_sheet(game.path, "Settings")
    row = next(i for i, r in enumerate(rows, start=1) if r[0] == "allow_debt")
    edit_cells(game.path, {f"Settings!B{row}": "yes"})
    game("pay", "Ann", "Bob", "30")
    assert game.balances()["player:Ann"] == "-5.00"


@pytest.mark.parametrize(
    ("args", "code", "where"),
    [
        (["Ann", "Bob", "12,5"], "bad-amount", "AMOUNT"),
        (["Ann", "Bob", "ten"], "bad-amount", "AMOUNT"),
        (["Ann", "Bob", "1.005"], "bad-amount", "AMOUNT"),
        (["Ann", "Bob", "0"], "bad-amount", "AMOUNT"),
        (["Ann", "Zed", "1"], "unknown-party", "TO"),
        (["Ann", "Ann", "1"], "same-account", "TO"),
    ],
)
def test_pay_bad_input_names_the_argument(
    game: Ledger, args: list[str], code: str, where: str
) -> None:
    run = game("pay", *args, expect=1)
    assert f"{where}: {code}" in run.stderr
    assert "Traceback" not in run.stderr + run.stdout
    assert "nothing was written" in run.stderr


def test_pay_reports_every_problem_at_once(game: Ledger) -> None:
    run = game("pay", "Zed", "Quux", "5", expect=1)
    assert "FROM: unknown-party" in run.stderr and "TO: unknown-party" in run.stderr
    assert "2 problems" in run.stderr


def test_journal_filters_and_json(game: Ledger) -> None:
    game("pay", "Ann", "Bob", "1", "--memo", "a")
    txns = game("journal", "--player", "Ann", "--json").json()
    assert [t["txn"] for t in txns] == [1, 4]
    assert game("journal", "--since", "1", "--json").json() == []
    text = game("journal").stdout
    assert "ore" not in text and "cash:Ann:Ceres" in text


def test_undo_restores_the_previous_version_and_says_what(game: Ledger) -> None:
    game("pay", "Ann", "Bob", "3")
    game("pay", "Ann", "Bob", "4")
    run = game("undo")
    assert "Undid `pay Ann Bob 4`" in run.stderr
    assert game.balances()["player:Ann"] == "22.00"
    game("undo")
    assert game.balances()["player:Ann"] == "25.00"
    run = game("undo", expect=1)
    assert "nothing-to-undo" in run.stderr


def test_events_typed_in_the_workbook_are_posted_by_the_next_command(game: Ledger) -> None:
    add_rows(
        game.path,
        "Events",
        [
            ["E1", None, "pay", "Ann", "Bob", 2.5, None, "typed in Excel"],
            [None, 0, "pay", "Bob", "patrol", 1],
        ],
    )
    run = game("check")
    assert "2 events ready to post" in run.stderr
    run = game("balance")
    assert "not posted yet" in run.stderr
    run = game("post")
    assert "posted Events!A2: pay Ann -> txn 4" in run.stderr
    rows = read_sheet(game.path, "Events")
    assert rows[1][8] == "txn 4" and rows[2][8] == "txn 5"
    assert rows[2][0] is None or rows[2][0] == "E2"
    b = game.balances()
    assert (b["player:Ann"], b["player:Bob"], b["patrol"]) == ("22.50", "26.50", "501.00")
    game("post")  # nothing waiting: posts nothing twice
    assert game.balances()["player:Ann"] == "22.50"


def test_a_bad_event_row_stops_the_command_and_names_the_cell(game: Ledger) -> None:
    add_rows(
        game.path,
        "Events",
        [
            ["E1", None, "pay", "Ann", "Bob", 99],
            ["E2", None, "dance", "Ann"],
            ["E3", 5, "pay", "Ann", "Bob", 1],
        ],
    )
    before = game.path.read_bytes()
    run = game("pay", "Bob", "Ann", "1", expect=1)
    assert "Events!F2: overdrawn" in run.stderr
    assert "Events!C3: unknown-event-type" in run.stderr
    assert "Events!B4: event-in-future" in run.stderr
    assert game.path.read_bytes() == before


def test_text_that_starts_with_equals_stays_text(game: Ledger) -> None:
    game("pay", "Ann", "Bob", "1", "--memo", "=SUM(A1:A9)")
    wb = openpyxl.load_workbook(game.path)
    cell = next(c for row in wb["Journal"].iter_rows() for c in row if c.value == "=SUM(A1:A9)")
    assert cell.data_type == "s"
    assert game("journal", "--json").json()[-1]["memo"] == "=SUM(A1:A9)"


def test_unknown_sheets_and_extra_columns_are_kept(game: Ledger) -> None:
    wb = openpyxl.load_workbook(game.path)
    notes = wb.create_sheet("Notes")
    notes.append(["who", "owes"])
    notes.append(["Ann", 3.5])
    wb["Players"].cell(row=1, column=7, value="email")
    wb["Players"].cell(row=2, column=7, value="ann@example.org")
    wb.save(game.path)
    game("pay", "Ann", "Bob", "1")
    assert read_sheet(game.path, "Notes") == [["who", "owes"], ["Ann", 3.5]]
    players = read_sheet(game.path, "Players")
    assert players[0][6] == "email" and players[1][6] == "ann@example.org"


def test_a_formula_nobody_computed_in_the_bankers_own_cells_is_kept_as_a_formula(
    game: Ledger,
) -> None:
    wb = openpyxl.load_workbook(game.path)  # openpyxl writes formulas without their values
    notes = wb.create_sheet("Notes")
    notes.append(["who", "owes", "twice", "says", "with"])
    notes.append(["Ann", 3.5, "=B2*2", '=IF(B2>0,"owes","<none>")', '=B2&" KC"'])
    notes.append([None, None, "=SUM(C2:C2)"])  # a row with nothing but a formula
    wb["Players"].cell(row=1, column=7, value="bonus")
    wb["Players"].cell(row=2, column=7, value="=1+2")
    wb.save(game.path)
    for _ in range(2):  # and the next save keeps it as the first did
        game("pay", "Ann", "Bob", "1")
        saved = openpyxl.load_workbook(game.path)
        notes = saved["Notes"]
        assert notes["C2"].value == "=B2*2" and notes["C3"].value == "=SUM(C2:C2)"
        assert notes["D2"].value == '=IF(B2>0,"owes","<none>")' and notes["E2"].value == '=B2&" KC"'
        assert notes["B2"].value == 3.5
        assert saved["Players"]["G2"].value == "=1+2"


def _shared(path: Path, first: str, copy: str, cells: str) -> None:
    """Two formulas made one shared formula as Excel writes it: the text in its first cell,
    the copy by number only."""
    rewrite_parts(
        path,
        lambda _, xml: xml.replace(
            f"<f>{first}</f>".encode(), f'<f t="shared" ref="{cells}" si="0">{first}</f>'.encode()
        ).replace(f"<f>{copy}</f>".encode(), b'<f t="shared" si="0"/>'),
    )


def _pay_refused_naming(game: Ledger, where: str) -> bytes:
    """`pay` names the copy at `where` and writes nothing; the workbook's bytes."""
    before = game.path.read_bytes()
    said = game("pay", "Ann", "Bob", "1", expect=1).stderr
    assert f"{where}: formula-copy-without-value" in said and "nothing was written" in said
    assert game.path.read_bytes() == before
    return before


def test_a_copy_of_a_shared_formula_nobody_computed_is_named_and_nothing_saved(
    game: Ledger,
) -> None:
    wb = openpyxl.load_workbook(game.path)
    notes = wb.create_sheet("Notes")
    notes.append([1, 2, 3])
    notes.append([None, "=A1*2", "=B1*2"])
    wb.save(game.path)
    _shared(game.path, "A1*2", "B1*2", "B2:C2")
    before = _pay_refused_naming(game, "Notes!C2")
    # the same in a column of the banker's own in one of ledger's sheets
    wb = openpyxl.load_workbook(game.path)
    del wb["Notes"]
    players = wb["Players"]
    players.cell(row=1, column=7, value="bonus")
    players.cell(row=2, column=7, value="=A1")
    players.cell(row=3, column=7, value="=A2")
    wb.save(game.path)
    _shared(game.path, "A1", "A2", "G2:G3")
    before = _pay_refused_naming(game, "Players!3:3")
    shown = game("status")  # a command that only shows: a warning, the books shown
    assert "formula-copy-without-value" in shown.stdout + shown.stderr and "Ann" in shown.stdout
    assert game.path.read_bytes() == before


def test_the_workbook_looks_made_with_care(game: Ledger) -> None:
    game("pay", "Ann", "Bob", "1")
    wb = openpyxl.load_workbook(game.path)
    assert wb.sheetnames[:7] == [
        "README",
        "Settings",
        "Players",
        "Events",
        "Journal",
        "Balances",
        "Dice",
    ]
    for ws in wb.worksheets:
        assert ws.freeze_panes == "A2", ws.title
    journal = wb["Journal"]
    assert journal["E2"].number_format == "#,##0.00;[Red]-#,##0.00"
    assert journal.column_dimensions["D"].width > 20
    dv = {
        str(v.sqref).split(":")[0]: v.formula1 for v in wb["Events"].data_validations.dataValidation
    }
    assert "Ann" in dv["D2"] and "patrol" in dv["E2"]
    # the event types: typed into the validation, or (a long list) a range of the hidden
    # Dropdowns sheet that holds them
    types = dv["C2"]
    if types.startswith("Dropdowns!"):
        column = types.split("!")[1].split(":")[0].strip("$").rstrip("0123456789").strip("$")
        types = ",".join(str(c.value) for c in wb["Dropdowns"][column] if c.value is not None)
    assert "pay" in types.split(",") or '"pay' in types
    settings = {r[0]: r for r in read_sheet(game.path, "Settings")[1:]}
    assert settings["start_money"][1:4] == (25, 25, "§3") or settings["start_money"][1:4] == [
        25,
        25,
        "§3",
    ]
    readme = read_sheet(game.path, "README")
    assert {r[0] for r in readme[1:]} >= {
        "Settings",
        "Players",
        "Events",
        "Journal",
        "Balances",
        "Dice",
    }


def test_every_command_has_help_with_an_example_and_is_in_the_readme() -> None:
    from typer.testing import CliRunner

    readme = (Path(__file__).parents[2] / "README.md").read_text()
    names = [c.name or c.callback.__name__ for c in app.registered_commands]  # type: ignore[union-attr]
    assert {"new", "check", "balance", "pay", "journal", "undo", "post"} <= set(names)
    for name in names:
        result = CliRunner().invoke(app, [name, "--help"])
        assert result.exit_code == 0, name
        assert "Example" in result.stdout, name
        assert re.search(rf"`ledger {name}\b", readme), f"{name} is not in the README"


def test_version_and_usage_errors() -> None:
    from typer.testing import CliRunner

    run = CliRunner().invoke(app, ["--version"])
    assert run.exit_code == 0 and re.match(r"ledger \d+\.\d+", run.stdout)
    run = CliRunner().invoke(app, ["pay", "Ann"])
    assert run.exit_code == 2


def test_workbook_from_environment_or_option(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from typer.testing import CliRunner

    monkeypatch.chdir(tmp_path)
    run = CliRunner().invoke(
        app, ["new", "-g", "triplanetary", "-p", "Ann"], env={"LEDGER_WORKBOOK": None}
    )
    assert run.exit_code == 0, run.stderr
    assert (tmp_path / "ledger.xlsx").exists()
    run = CliRunner().invoke(
        app, ["new", "-g", "triplanetary", "-p", "Ann", "-w", str(tmp_path / "other.xlsx")]
    )
    assert (tmp_path / "other.xlsx").exists()


def test_undo_will_not_throw_away_rows_typed_since_the_last_save(game: Ledger) -> None:
    game("pay", "Ann", "Bob", "1")
    add_rows(game.path, "Events", [["E1", None, "pay", "Bob", "Ann", 1]])
    run = game("undo", expect=1)
    assert "changed-since-save" in run.stderr and "--force" in run.stderr
    assert len(read_sheet(game.path, "Events")) == 2  # the typed row is still there
    game("post")
    game("undo")  # after posting, the last command can be undone
    assert (
        len(read_sheet(game.path, "Events")) == 2 and read_sheet(game.path, "Events")[1][8] is None
    )


def test_a_negative_amount_is_refused_with_a_hint(game: Ledger) -> None:
    run = game("pay", "Ann", "Bob", "-3", expect=1)
    assert "AMOUNT: bad-amount" in run.stderr and "swap FROM and TO" in run.stderr


def test_check_rule_names_a_check_or_a_problem_code(game: Ledger) -> None:
    game("check", "--rule", "players")
    run = game("check", "--rule", "nonsense", expect=2)
    assert "checks:" in run.stderr


def test_29_check_rule_reaches_each_of_the_games_own_checks(game: Ledger) -> None:
    """Triplanetary's checks of its sheets are its own rules: `ledger check --rule cargo` runs
    that one alone, `--rule game` all of them, and an unknown rule's answer lists them."""
    add_rows(game.path, "Cargo", [["nowhere", "raw-ore", -3]])
    everything = game("check", expect=1).stdout
    assert "unknown-holder" in everything and "negative-value" in everything
    cargo = game("check", "--rule", "cargo", expect=1).stdout
    assert "unknown-holder" in cargo and "negative-value" not in cargo
    negatives = game("check", "--rule", "negatives", expect=1).stdout
    assert "negative-value" in negatives and "unknown-holder" not in negatives
    whole = game("check", "--rule", "game", expect=1).stdout
    assert "unknown-holder" in whole and "negative-value" in whole
    run = game("check", "--rule", "nonsense", expect=2)
    assert "cargo" in run.stderr and "legal-status" in run.stderr
