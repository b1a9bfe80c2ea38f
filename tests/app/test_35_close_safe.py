"""Issue 35, item 5: `ledger close` is as safe as every other save. The archive is in place
(written, fsynced, renamed, its folder fsynced) before the workbook that names it is saved; a
close stopped before its save leaves nothing that blocks a retry or passes for a real archive;
a temporary file a workbook names is never removed; and `check` proves that the archive closes
at the balances the workbook carried, so an archive edited together with its digest is named.
Real processes killed at each named step of the save (`io.run.STEPS`, tests/faults.py), real
workbooks through the real CLI."""

from __future__ import annotations

import hashlib
import os

import pytest

from tests.conftest import Ledger, edit_cells, rows, set_setting, sweep

ARCHIVE = "ledger-closed-0000-0030.xlsx"
#: The steps of a close's save, in order: its archive's own, the workbook's, then what it writes
#: after (the archive noted for `undo`, the statements).
STEPS = ("archive-written", "archive-in-place", "written", "before-replace")
AFTER = ("after-replace", "output-written")


#: Day 60, never closed: a ship and its crew, two ticks of wages, a payment each month.
PLAYED = (
    ("buy", "Ann", "transport", "--name", "Nomad"),
    ("hire", "Ann", "--ship", "Nomad"),
    ("tick", "30"),
    ("pay", "Ann", "Bob", "2"),
    ("tick", "30"),
    ("pay", "Bob", "Ann", "1"),
)


def two_months(game: Ledger) -> None:
    game.prepare(*PLAYED)


def leftovers(game: Ledger) -> list[str]:
    """Temporary files and close notes beside the workbook or in its statements folder."""
    found = [*game.folder.glob(".*.tmp-*"), *game.folder.glob(".*.closing-*")]
    found += (game.folder / "statements").glob(".*.tmp-*")
    return sorted(p.name for p in found)


def exports(game: Ledger) -> dict[str, str]:
    return {f: game("export", "--format", f).stdout for f in ("hledger", "beancount")}


@pytest.mark.parametrize("step", sweep(STEPS + AFTER, ["written", "after-replace"]))
def test_35_kill_9_sweep_of_close_at_every_step_of_its_save(game: Ledger, step: str) -> None:
    """An earlier-day close (day 60's lines stay live) killed at each step: the old books (and
    whatever the close left is gone by the next command that locks, so the retry goes
    through), or the new books with their archive in place; `check` clean either way, the
    balances and the export unchanged, no temporary file or note left."""
    game.prepare(*PLAYED)
    balances, exported = game("balance", "--json").json(), exports(game)
    before = game.path.read_bytes()
    run = game.sub("close", "--through", "30", env={"LEDGER_TEST_FAULT": step})
    assert run.exit_code == 137, run.stderr
    saved = game.path.read_bytes() != before
    assert saved == (step in AFTER)
    archive = game.folder / ARCHIVE
    if saved:  # the new books: their archive in place, and checked
        assert archive.is_file()
        game("check")
        assert "nothing-to-close" in game("close", "--through", "30", expect=1).stderr
        assert archive.is_file()  # the next command that locked kept it
    else:  # the old books: the next command that locks tidies, and the retry goes through
        game("check")
        game("close", "--through", "30")
        game("check")
    assert leftovers(game) == []
    assert game("balance", "--json").json() == balances
    assert exports(game) == exported


@pytest.mark.parametrize(
    "fault", sweep(["archive-written:enospc", "archive-in-place:enospc", "before-replace:enospc"])
)
def test_35_a_close_whose_save_fails_leaves_no_archive(game: Ledger, fault: str) -> None:
    two_months(game)
    before = game.path.read_bytes()
    run = game.sub("close", "--through", "30", env={"LEDGER_TEST_FAULT": fault})
    assert run.exit_code == 1, run.stderr
    assert "nothing was written" in run.stderr and "internal error" not in run.stderr
    assert game.path.read_bytes() == before
    assert not (game.folder / ARCHIVE).exists() and leftovers(game) == []
    game("close", "--through", "30")  # the retry is not blocked
    game("check")


def test_35_a_close_stopped_by_ctrl_c_before_its_save_leaves_no_archive(game: Ledger) -> None:
    two_months(game)
    before = game.path.read_bytes()
    run = game.sub("close", "--through", "30", env={"LEDGER_TEST_FAULT": "written:sigint"})
    assert run.exit_code == 130, run.stderr
    assert game.path.read_bytes() == before
    assert not (game.folder / ARCHIVE).exists() and leftovers(game) == []


def test_35_a_temporary_file_a_workbook_names_is_never_removed(game: Ledger) -> None:
    """What an older ledger left when killed between its save and its rename: the workbook
    names the archive, which is still in its temporary file. No command removes it; `check`
    says where it is."""
    two_months(game)
    game("close", "--through", "30")
    temp = game.folder / f".{ARCHIVE}.tmp-999999"  # no such process
    os.replace(game.folder / ARCHIVE, temp)
    game("pay", "Ann", "Bob", "1")  # takes the lock: tidies what dead commands left
    assert temp.is_file()
    run = game("check", expect=1)
    assert f"{ARCHIVE}: archive-missing" in run.stdout
    assert f"it is {temp.name}; rename it to {ARCHIVE}" in run.stdout
    os.replace(temp, game.folder / ARCHIVE)
    game("check")


def test_35_an_archive_edited_with_its_digest_is_named_by_check(game: Ledger) -> None:
    """Ann's starting money made -5.00 in the archive (the transaction still balances) and the
    digest in Settings made the edited file's: the digest holds, the balances do not."""
    two_months(game)
    game("close", "--through", "30")
    archive = game.folder / ARCHIVE
    os.chmod(archive, 0o644)
    journal = rows(archive, "Journal")
    at = next(i for i, r in enumerate(journal, 2) if r["account"] == "cash:Ann:Ceres")
    assert journal[at - 2]["amount"] == 25 and journal[at - 3]["account"] == "bank"
    edit_cells(archive, {f"Journal!E{at}": -5, f"Journal!E{at - 1}": 5})
    set_setting(game.path, "closed_digest", hashlib.sha256(archive.read_bytes()).hexdigest())
    run = game("check", expect=1)
    assert (
        f"{ARCHIVE}: archive-balance-differs cash:Ann:Ceres closes at -22.00 KC in the "
        "archive, but the workbook carried 8.00 KC from it" in run.stdout
    )
    assert f"{ARCHIVE}: archive-balance-differs bank" in run.stdout
    assert "archive-balance-differs" in game("export", "--format", "csv", expect=1).stderr


def test_35_a_retry_after_undo_takes_the_archive_the_undone_close_left(game: Ledger) -> None:
    """A close killed just after its save, before its archive was noted for `undo`: `undo`
    puts the workbook back and leaves the archive (it does not know it). The retry takes that
    archive as it is (the very transactions it closes), never a file that is not this close's."""
    two_months(game)
    balances, exported = game("balance", "--json").json(), exports(game)
    run = game.sub("close", "--through", "30", env={"LEDGER_TEST_FAULT": "after-replace"})
    assert run.exit_code == 137, run.stderr
    archive = game.folder / ARCHIVE
    data = archive.read_bytes()
    game("undo")
    assert archive.read_bytes() == data  # left where it was
    game("close", "--through", "30")
    assert archive.read_bytes() == data
    game("check")
    assert game("balance", "--json").json() == balances and exports(game) == exported
    game("undo")  # this time it was noted: moved aside
    assert not archive.exists()
    # a file of that name that is not this close's (this game's, but every transaction) stops it
    archive.write_bytes(game.path.read_bytes())
    before = game.path.read_bytes()
    run = game("close", "--through", "30", expect=1)
    assert f"{ARCHIVE}: archive-exists an archive of that name is already there" in run.stderr
    assert game.path.read_bytes() == before and leftovers(game) == []
