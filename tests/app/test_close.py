"""Issue 27: a long campaign is closed, not grown. `ledger close --through DAY` moves the closed
Journal into an archive workbook beside the game's and opens the live Journal with each
account's balance carried; balances and the export of the whole campaign are the same before
and after, a closed period's statement can still be printed, `undo` takes a close back, and an
archive edited by hand is named by `check`."""

from __future__ import annotations

import os
from pathlib import Path

from tests.conftest import Ledger, one
from tests.statement_chain import chain_problems, read, tick_statements


def played(game: Ledger) -> None:
    """Day 30: a ship, its crew, a tick of wages, a payment (played once a process, then the
    files it left copied: `Ledger.prepare`)."""
    game.prepare(
        ("buy", "Ann", "transport", "--name", "Nomad"),
        ("hire", "Ann", "--ship", "Nomad"),
        ("tick", "30"),
        ("pay", "Ann", "Bob", "2", "--memo", "after the tick"),
    )


def exports(game: Ledger) -> dict[str, str]:
    return {f: game("export", "--format", f).stdout for f in ("hledger", "beancount", "csv")}


def test_27_close_keeps_every_balance_and_the_export_of_the_whole_campaign(game: Ledger) -> None:
    played(game)
    balances, exported = game("balance", "--json").json(), exports(game)
    run = game("close", "--through", "30")
    assert "close through day 30: 7 transactions into ledger-closed-0000-0030.xlsx" in run.stderr
    archive = game.folder / "ledger-closed-0000-0030.xlsx"
    assert (archive.is_file() and not os.access(archive, os.W_OK)) or os.geteuid() == 0
    assert game("balance", "--json").json() == balances
    assert exports(game) == exported
    journal = game("journal", "--json").json()
    assert {t["kind"] for t in journal} == {"carried"}  # the live Journal: the carried balances
    assert len(journal) == 6  # the bank, Ann, Bob, Sam, the suppliers and the crews
    game("check")


def test_27_the_live_workbook_goes_on_and_its_statements_chain_over_the_close(
    game: Ledger,
) -> None:
    played(game)
    game("close", "--through", "30")
    game("tick", "30")
    folder = game.folder / "statements"
    statements = tick_statements(folder, "Ann")
    assert [s.name for s in statements] == [
        "Ann-day-0030.html",
        one(folder, "Ann-day-0030-txn-*-closed.html").name,  # the period the close ended
        "Ann-day-0060.html",
    ]
    assert chain_problems(statements) == []
    assert not any("carried" in s.name for s in statements)


def test_27_a_statement_of_a_closed_period_is_still_printed(game: Ledger) -> None:
    played(game)
    game("close", "--through", "30")
    game("statement", "--player", "Ann", "--since", "0")
    statement = read(one(game.folder / "statements", "Ann-day-0030-txn-*[0-9].html"))
    assert statement.opening == 0 and len(statement.txns) >= 4  # from the start, the archive's
    game("statement", "--player", "Ann", "--since", "0", "--format", "text")


def test_27_undo_takes_a_close_back(game: Ledger) -> None:
    played(game)
    before = game.path.read_bytes()
    game("close", "--through", "30")
    run = game("undo")
    assert "Moved what it wrote afterwards aside" in run.stderr
    assert game.path.read_bytes() == before
    assert not (game.folder / "ledger-closed-0000-0030.xlsx").exists()
    game("close", "--through", "30")  # and it can be closed again


def test_27_an_archive_edited_by_hand_or_gone_is_named_by_check(game: Ledger) -> None:
    played(game)
    game("close", "--through", "30")
    archive = game.folder / "ledger-closed-0000-0030.xlsx"
    os.chmod(archive, 0o644)
    data = archive.read_bytes()
    archive.write_bytes(data + b"\0")
    run = game("check", expect=1)
    assert "ledger-closed-0000-0030.xlsx: archive-changed" in run.stdout
    run = game("export", "--format", "csv", expect=1)
    assert "archive-changed" in run.stderr
    assert game("balance", "--json").exit_code == 0  # the live books need no archive
    archive.unlink()
    assert "archive-missing" in game("check", expect=1).stdout
    archive.write_bytes(data)
    game("check")


def test_27_a_second_close_chains_to_the_first(game: Ledger) -> None:
    played(game)
    exported = exports(game)
    game("close", "--through", "30")
    game("tick", "30")
    game("pay", "bank", "Bob", "5")
    exported = exports(game)
    balances = game("balance", "--json").json()
    game("close", "--through", "60")
    assert (game.folder / "ledger-closed-0031-0060.xlsx").is_file()
    assert exports(game) == exported and game("balance", "--json").json() == balances
    game("check")


def test_27_close_refuses_what_it_cannot_close(game: Ledger) -> None:
    played(game)
    before = game.path.read_bytes()
    run = game("close", "--through", "31", expect=1)
    assert "close-after-today" in run.stderr and "day 31 is after today (day 30)" in run.stderr
    # (a close through an earlier day than the last transaction's works since issue 35:
    # tests/app/test_35_close_earlier.py)
    game("close", "--through", "30")
    run = game("close", "--through", "30", expect=1)
    assert "nothing-to-close" in run.stderr
    game("undo")
    before = game.path.read_bytes()
    (game.folder / "ledger-closed-0000-0030.xlsx").write_text("not ours")
    run = game("close", "--through", "30", expect=1)
    assert "archive-exists" in run.stderr
    assert game.path.read_bytes() == before


def test_27_a_game_of_rounds_and_a_game_without_days_close_too(ledger: Ledger) -> None:
    ledger.fresh("new", "--game", "planetopoly", "--player", "Ann", "--player", "Bob")
    ledger("start", "Ann")
    balances = ledger("balance", "--json").json()
    run = ledger("close")
    assert "ledger-closed-txn-0001-0003.xlsx" in run.stderr
    assert ledger("balance", "--json").json() == balances
    ledger("start", "Bob")
    ledger("check")


def test_27_close_dry_run_writes_nothing(game: Ledger, tmp_path: Path) -> None:
    played(game)
    before = sorted(p.name for p in game.folder.iterdir())
    data = game.path.read_bytes()
    run = game("close", "--through", "30", "--dry-run")
    assert "dry run: nothing was written" in run.stderr
    assert game.path.read_bytes() == data
    assert sorted(p.name for p in game.folder.iterdir()) == before
