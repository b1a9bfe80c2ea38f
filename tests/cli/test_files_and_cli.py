"""Files and names, and the command line's habits (issue 12, items 8, 10, 15)."""

from __future__ import annotations

import shutil
import zipfile
from pathlib import Path

import pytest

from tests.conftest import Ledger

# -- 8. a workbook with macros is never saved without them ------------------------------------


def _with_macros(source: Path, target: Path) -> None:
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w") as new:
        for item in old.infolist():
            new.writestr(item, old.read(item))
        new.writestr("xl/vbaProject.bin", b"\xd0\xcf\x11\xe0 not really VBA")


@pytest.mark.parametrize("name", ["game.xlsm", "game.xlsx"])
def test_8_a_workbook_with_macros_is_refused_before_anything_is_written(
    game: Ledger, name: str
) -> None:
    book = game.folder / name
    _with_macros(game.path, book)
    before = book.read_bytes()
    run = game("pay", "Ann", "Bob", "1", "-w", str(book), expect=1)
    assert "macro-workbook" in run.stderr and "save a copy as .xlsx" in run.stderr
    assert book.read_bytes() == before
    assert not (game.folder / f".{name}.history").exists()
    assert game("balance", "-w", str(book)).exit_code == 0  # reading loses nothing


@pytest.mark.parametrize("suffix", [".xlsm", ".xls", ".ods", ".csv", ""])
def test_8_new_makes_only_xlsx(ledger: Ledger, suffix: str) -> None:
    target = ledger.folder / f"game{suffix}"
    run = ledger("new", "--game", "triplanetary", "--player", "Ann", "-w", str(target), expect=1)
    assert "not-xlsx-name" in run.stderr and "game.xlsx" in run.stderr
    assert not target.exists()


@pytest.mark.parametrize("suffix", [".xls", ".ods", ".csv"])
def test_8_other_formats_keep_being_refused_clearly(game: Ledger, suffix: str) -> None:
    other = game.folder / f"game{suffix}"
    other.write_bytes(
        {
            ".xls": b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 512,
            ".ods": b"PK\x03\x04 not an xlsx",
            ".csv": b"txn,day\n1,0\n",
        }[suffix]
    )
    run = game("pay", "Ann", "Bob", "1", "-w", str(other), expect=1)
    assert "internal error" not in run.stderr and "hint" in run.stderr


# -- 10. statement file names never collide ----------------------------------------------------


def test_10_names_that_make_one_file_name_get_distinct_files(ledger: Ledger) -> None:
    ledger.new("Ann!", "Ann?", "Ann", patrol=None)
    run = ledger("statement", "--all")
    files = sorted(p.name for p in (ledger.folder / "statements").glob("*.html"))
    assert files == [
        "Ann-2-day-0000-txn-0003.html",
        "Ann-3-day-0000-txn-0003.html",
        "Ann-day-0000-txn-0003.html",
    ]
    assert "Ann! -> Ann-2" in run.stderr and "Ann? -> Ann-3" in run.stderr
    # one player alone gets the same name as in --all
    shutil.rmtree(ledger.folder / "statements")
    ledger("statement", "--player", "Ann?")
    assert [p.name for p in (ledger.folder / "statements").glob("*.html")] == [
        "Ann-3-day-0000-txn-0003.html"
    ]
    text = (ledger.folder / "statements" / "Ann-3-day-0000-txn-0003.html").read_text()
    assert "Ann?" in text


# -- 15. -w and --json before the command -------------------------------------------------------


def test_15_workbook_and_json_before_the_command(game: Ledger, tmp_path: Path) -> None:
    other = tmp_path / "b.xlsx"
    shutil.copy(game.path, other)
    game("-w", str(other), "pay", "Ann", "Bob", "2")
    data = game("--json", "-w", str(other), "balance").json()  # $LEDGER_WORKBOOK is set too
    assert data["players"]["Ann"] == "23.00"
    assert game("--json", "balance").json()["players"]["Ann"] == "25.00"  # the env var still works
    assert game("-w", str(other), "balance", "--json").json()["players"]["Ann"] == "23.00"
    assert game("--json", "tick", "1", "--dry-run").json()["to_day"] == 1
    run = game("--json", "pay", "Ann", "Bob", "1", expect=2)
    assert "has no JSON output" in run.stderr
