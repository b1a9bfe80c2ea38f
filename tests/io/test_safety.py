"""The user's workbook is never lost or corrupted: atomic saves, locks, damaged files."""

from __future__ import annotations

import os
import signal
import stat
import time
import zipfile

import openpyxl
import pytest

from ledger.io import run
from tests.conftest import Ledger, edit_cells, sweep


def test_kill_9_in_the_middle_of_a_save_leaves_the_previous_workbook_intact(game: Ledger) -> None:
    before = game.path.read_bytes()
    marker = game.folder / "paused"
    p = game.proc("pay", "Ann", "Bob", "5", env={"LEDGER_TEST_PAUSE_BEFORE_REPLACE": str(marker)})
    deadline = time.monotonic() + 60
    while not marker.exists():
        assert p.poll() is None, p.communicate()
        assert time.monotonic() < deadline, "the save never reached its pause point"
        time.sleep(0.05)
    temps = list(game.folder.glob(".ledger.xlsx.tmp-*"))
    assert temps and temps[0].stat().st_size > 0  # the new version was written, not yet in place
    os.kill(p.pid, signal.SIGKILL)
    p.wait()
    assert p.returncode == -signal.SIGKILL
    assert game.path.read_bytes() == before
    assert game("check").exit_code == 0
    assert game.balances()["player:Ann"] == "25.00"
    game("pay", "Ann", "Bob", "1")  # the next command takes the lock and cleans the stale temp file
    assert not list(game.folder.glob(".ledger.xlsx.tmp-*"))
    assert game.balances()["player:Ann"] == "24.00"


def test_two_concurrent_pays_both_land(game: Ledger) -> None:
    procs = [
        game.proc("pay", "Ann", "Bob", "1.25"),
        game.proc("pay", "Bob", "Ann", "0.50"),
        game.proc("pay", "Sam", "Ann", "2"),
    ]
    for p in procs:
        _, err = p.communicate(timeout=120)
        assert p.returncode == 0, err
    b = game.balances()
    assert b["player:Ann"] == "26.25"  # 25 - 1.25 + 0.50 + 2
    assert b["player:Bob"] == "25.75"
    assert b["patrol"] == "498.00"
    assert len(game("journal", "--json").json()) == 6


def test_excel_or_libreoffice_lock_file_refuses_with_exit_3(game: Ledger) -> None:
    before = game.path.read_bytes()
    for lock in ("~$ledger.xlsx", ".~lock.ledger.xlsx#"):
        (game.folder / lock).write_text("someone")
        run = game("pay", "Ann", "Bob", "1", expect=3)
        assert lock in run.stderr and "workbook-open" in run.stderr
        assert game.path.read_bytes() == before
        game("balance")  # showing is fine while it is open
        (game.folder / lock).unlink()
    (game.folder / "~$ledger.xlsx").write_text("stale")
    game("pay", "Ann", "Bob", "1", "--force")


def test_a_workbook_saved_by_another_program_while_a_command_ran_is_not_overwritten(
    game: Ledger, monkeypatch: pytest.MonkeyPatch
) -> None:
    def another_program_saves(step: str) -> None:
        if step == "written":  # ledger's new version is ready; the banker saves theirs
            edit_cells(game.path, {"Players!F2": 7})

    monkeypatch.setattr(run, "STEPS", [another_program_saves])
    refused = game("pay", "Ann", "Bob", "1", expect=1)
    assert "workbook-changed" in refused.stderr and "nothing was written" in refused.stderr
    monkeypatch.setattr(run, "STEPS", [])
    assert game("check").exit_code == 0
    assert game.balances()["player:Ann"] == "25.00"  # the pay was not saved
    game("pay", "Ann", "Bob", "1")  # run again, on what is there now: the banker's edit stays
    assert game.balances()["player:Ann"] == "24.00"
    assert openpyxl.load_workbook(game.path)["Players"]["F2"].value == 7


def test_a_save_keeps_the_file_permissions(game: Ledger) -> None:
    os.chmod(game.path, 0o640)
    game("pay", "Ann", "Bob", "1")
    assert stat.S_IMODE(game.path.stat().st_mode) == 0o640


def test_the_history_keeps_previous_versions_beside_the_workbook(game: Ledger) -> None:
    game("pay", "Ann", "Bob", "1")
    hist = game.folder / ".ledger.xlsx.history"
    kept = sorted(hist.glob("*.xlsx"))
    assert len(kept) == 1
    assert (hist / "log.jsonl").read_text().count("pay Ann Bob 1") == 1


def _expect_problem(game: Ledger, code: str) -> str:
    run = game("check", expect=1)
    assert f": {code} " in run.stdout, run.stdout
    assert "Traceback" not in run.stderr + run.stdout
    return run.stdout


def test_a_file_that_is_not_an_xlsx(ledger: Ledger) -> None:
    ledger.path.write_text("txn,day\n1,0\n")
    assert "this file is not an .xlsx workbook" in _expect_problem(ledger, "not-xlsx")


def test_a_truncated_workbook(game: Ledger) -> None:
    data = game.path.read_bytes()
    game.path.write_bytes(data[: len(data) // 2])
    _expect_problem(game, "damaged-xlsx")
    before = game.path.read_bytes()
    game("pay", "Ann", "Bob", "1", expect=1)
    assert game.path.read_bytes() == before


def test_an_encrypted_workbook(ledger: Ledger) -> None:
    # Excel saves a password-protected workbook as an OLE compound file.
    ledger.path.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 504)
    assert "password" in _expect_problem(ledger, "encrypted-or-xls")


def test_a_zip_that_is_no_workbook(ledger: Ledger) -> None:
    with zipfile.ZipFile(ledger.path, "w") as z:
        z.writestr("hello.txt", "hi")
    _expect_problem(ledger, "not-xlsx")


def test_no_workbook_at_all(ledger: Ledger) -> None:
    assert "ledger new" in _expect_problem(ledger, "no-workbook")


@pytest.mark.parametrize("sheet", sweep(["Settings", "Players", "Journal"], "Journal"))
def test_a_missing_sheet(game: Ledger, sheet: str) -> None:
    import openpyxl

    wb = openpyxl.load_workbook(game.path)
    del wb[sheet]
    wb.save(game.path)
    assert f"the workbook has no sheet {sheet}" in _expect_problem(game, "missing-sheet")


def test_a_directory_named_like_the_workbook(ledger: Ledger) -> None:
    ledger.path.mkdir()
    run = ledger("check", expect=1)
    assert "Traceback" not in run.stderr


# -- issue 35, item 7: the edges refuse what is not a workbook or not a day -----------------------


@pytest.mark.parametrize("kind", ["a pipe", "a folder"])
def test_35_a_pipe_or_a_folder_in_place_of_the_workbook_is_refused_at_once(
    ledger: Ledger, kind: str
) -> None:
    if kind == "a pipe":
        os.mkfifo(ledger.path)  # a read of it would wait for a writer for ever
    else:
        ledger.path.mkdir()
    for args in (("balance",), ("check",), ("pay", "Ann", "Bob", "1"), ("tick", "30")):
        run = ledger.sub(*args, timeout=30)
        assert run.exit_code == 1, (args, run.stderr)
        assert "not-a-file" in run.stdout + run.stderr and kind in run.stdout + run.stderr
        assert "internal error" not in run.stderr
    assert stat.S_ISFIFO(os.stat(ledger.path).st_mode) or ledger.path.is_dir()


def test_35_a_tick_past_the_last_day_is_refused_before_a_day_is_ticked(game: Ledger) -> None:
    before = game.path.read_bytes()
    started = time.monotonic()
    run = game("tick", "99999999999", expect=1)
    assert "DAYS: tick-too-far" in run.stderr and "ledger tick 30" in run.stderr
    game("tick", "30")
    run = game("tick", "999990", expect=1)  # day 30 + 999,990 passes day 1,000,000
    assert "from day 30 would pass day 1,000,000" in run.stderr
    assert "nothing was written" in run.stderr
    assert time.monotonic() - started < 60
    assert game.path.read_bytes() != before  # the one month ticked
    run = game("forecast", "99999999999", expect=1)
    assert "tick-too-far" in run.stderr
