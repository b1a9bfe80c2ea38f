"""Issue 35, item 6: the history beside the workbook belongs to the banker. Its folder, its log,
its `written` record and its kept versions are believed only when this account owns them and
no other account may write them: anything else is refused by name (`not-yours-alone`), `undo`
puts nothing back from it and a save keeps nothing in it (nothing written). Nothing is ever
written through a link left at a temporary file's name."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path

import pytest

from tests.conftest import Ledger
from tests.other_account import (
    needs_root,
    owned_by_other,
    python_as_other,
    shared_folder,
    skip_unless_other_runs,
)


def hist(game: Ledger) -> Path:
    return game.folder / ".ledger.xlsx.history"


def ann(game: Ledger) -> str:
    return str(game("balance", "--json").json()["players"]["Ann"])


def snapshot(game: Ledger) -> dict[str, bytes]:
    """The workbook and every file of its history, to see that nothing was written."""
    files = [game.path, *sorted(p for p in hist(game).rglob("*") if p.is_file())]
    return {str(f): f.read_bytes() for f in files}


def refused(run_stderr: str, where: Path) -> None:
    assert "not-yours-alone" in run_stderr and str(where) in run_stderr, run_stderr
    assert "Traceback" not in run_stderr and "internal error" not in run_stderr
    assert "nothing was written" in run_stderr or "nothing was changed" in run_stderr


@pytest.mark.parametrize("mode", [0o777, 0o770, 0o1777, 0o722], ids=lambda m: f"{m:04o}")
def test_35_a_history_folder_others_may_write_is_refused_by_undo_and_by_a_save(
    game: Ledger, mode: int
) -> None:
    game("pay", "Ann", "Bob", "1")
    hist(game).chmod(mode)
    before = snapshot(game)
    for args in (["undo"], ["undo", "--to", "1"], ["pay", "Ann", "Bob", "2"], ["history"]):
        run = game(*args, expect=1)
        assert "not-yours-alone" in run.stderr and str(hist(game)) in run.stderr, run.stderr
        assert "chmod go-w" in run.stderr and "Traceback" not in run.stderr
    assert snapshot(game) == before  # nothing kept in it, nothing put back from it
    hist(game).chmod(0o700)  # the banker's alone again: all as before
    game("undo")
    assert ann(game) == "25.00"


@needs_root
@pytest.mark.parametrize("what", ["log.jsonl", "written", "000001.xlsx", "folder"])
def test_35_a_history_file_another_account_owns_is_refused_by_name(game: Ledger, what: str) -> None:
    game("pay", "Ann", "Bob", "1")
    where = hist(game) if what == "folder" else hist(game) / what
    owned_by_other(where)
    before = snapshot(game)
    run = game("undo", expect=1)
    refused(run.stderr, where)
    assert "uid 65534" in run.stderr
    assert snapshot(game) == before
    assert ann(game) == "24.00"


@needs_root
@pytest.mark.parametrize("what", ["log.jsonl", "folder"])
def test_35_a_save_keeps_nothing_in_a_history_another_account_owns(game: Ledger, what: str) -> None:
    game("pay", "Ann", "Bob", "1")
    owned_by_other(hist(game) if what == "folder" else hist(game) / "log.jsonl")
    before = snapshot(game)
    run = game.sub("pay", "Ann", "Bob", "2")  # a real process, as the banker runs it
    assert run.exit_code == 1
    refused(run.stderr, hist(game) if what == "folder" else hist(game) / "log.jsonl")
    assert snapshot(game) == before


@pytest.mark.parametrize("what", ["log.jsonl", "written", "000001.xlsx"])
def test_35_a_history_file_others_may_write_is_refused(game: Ledger, what: str) -> None:
    game("pay", "Ann", "Bob", "1")
    (hist(game) / what).chmod(0o666)
    before = snapshot(game)
    run = game("undo", expect=1)
    refused(run.stderr, hist(game) / what)
    assert "chmod go-w" in run.stderr
    assert snapshot(game) == before


def test_35_a_link_in_place_of_the_history_folder_or_its_log_is_refused(
    game: Ledger, tmp_path: Path
) -> None:
    game("pay", "Ann", "Bob", "1")
    elsewhere = tmp_path / "elsewhere"
    shutil.move(hist(game), elsewhere)
    hist(game).symlink_to(elsewhere)
    run = game("undo", expect=1)
    refused(run.stderr, hist(game))
    hist(game).unlink()
    shutil.move(elsewhere, hist(game))
    log = hist(game) / "log.jsonl"
    shutil.move(log, tmp_path / "log.jsonl")
    log.symlink_to(tmp_path / "log.jsonl")
    refused(game("undo", expect=1).stderr, log)
    assert (tmp_path / "log.jsonl").read_bytes().count(b"\n") == 1


@needs_root
def test_35_the_attack_another_user_puts_a_workbook_of_their_own_where_undo_finds_it(
    tmp_path: Path,
) -> None:
    """The workbook in a folder others can reach, its history writable by all (as a umask of
    0 makes it): another account puts a workbook of its own (Ann 425.00) in the place of the
    kept version, with its digest written into the log. `undo` puts nothing back."""
    skip_unless_other_runs()
    with shared_folder() as shared:
        game = Ledger(shared)
        game.new()
        game.path.chmod(0o644)
        game("pay", "Ann", "Bob", "1")  # version 1: Ann 25.00
        hist(game).chmod(0o777)
        theirs = Ledger(tmp_path)
        theirs.new()
        theirs("pay", "bank", "Ann", "400")
        planted = shared / "theirs.xlsx"
        shutil.copy(theirs.path, planted)
        planted.chmod(0o644)
        lines = [json.loads(x) for x in (hist(game) / "log.jsonl").read_text().splitlines()]
        lines[-1]["kept"] = hashlib.sha256(planted.read_bytes()).hexdigest()
        log = "".join(json.dumps(x) + "\n" for x in lines)  # what they would write by hand
        python_as_other(
            "import os, shutil\n"
            "h = '.ledger.xlsx.history'\n"
            "os.remove(h + '/000001.xlsx')\n"
            "shutil.copy('theirs.xlsx', h + '/000001.xlsx')\n"
            f"open(h + '/log.new', 'w').write({log!r})\n"
            "os.replace(h + '/log.new', h + '/log.jsonl')\n",
            shared,
        )
        assert (hist(game) / "log.jsonl").stat().st_uid == 65534
        before = game.path.read_bytes()
        run = game.sub("undo")
        assert run.exit_code == 1
        refused(run.stderr, hist(game))
        hist(game).chmod(0o755)  # the folder mended: its files are still another's
        run = game.sub("undo")
        assert run.exit_code == 1
        assert "not-yours-alone" in run.stderr and "uid 65534" in run.stderr, run.stderr
        assert game.path.read_bytes() == before
        assert ann(game) == "24.00"


@needs_root
def test_35_a_history_folder_another_account_made_first_is_refused_by_new(tmp_path: Path) -> None:
    skip_unless_other_runs()
    with shared_folder() as shared:
        python_as_other("import os; os.mkdir('.ledger.xlsx.history', 0o755)", shared)
        game = Ledger(shared)
        run = game.sub("new", "--game", "triplanetary", "-p", "Ann", "-p", "Bob")
        assert run.exit_code == 1
        refused(run.stderr, hist(game))
        assert not game.path.exists()
        assert os.listdir(hist(game)) == []


def test_35_a_link_at_a_temporary_name_is_never_written_through(
    game: Ledger, tmp_path: Path
) -> None:
    """The commands run in this process: its id names their temporary files."""
    game("pay", "Ann", "Bob", "1")
    victim = tmp_path / "victim.txt"
    victim.write_text("the banker's own file\n")
    pid = os.getpid()
    names = [
        game.folder / f".ledger.xlsx.tmp-{pid}",
        hist(game) / f"log.jsonl.tmp-{pid}",
        hist(game) / f"written.tmp-{pid}",
    ]
    for commands in (["pay", "Ann", "Bob", "2"], ["undo"], ["undo", "--to", "1"]):
        for name in names:
            name.unlink(missing_ok=True)
            name.symlink_to(victim)
        game(*commands)
        assert victim.read_text() == "the banker's own file\n", commands
    assert ann(game) == "25.00"


def test_35_a_workbook_others_may_write_is_kept_as_a_version_only_the_banker_may(
    game: Ledger,
) -> None:
    """A banker whose umask is 002 makes workbooks the group may write: its kept versions are
    copies only the banker may write, so `undo` believes them."""
    game.path.chmod(0o664)
    game("pay", "Ann", "Bob", "1")
    kept = hist(game) / "000001.xlsx"
    assert kept.stat().st_mode & 0o022 == 0 and kept.stat().st_ino != game.path.stat().st_ino
    game("undo")
    assert ann(game) == "25.00"
    assert game.path.stat().st_mode & 0o777 == 0o664


def test_35_what_ledger_makes_in_the_history_is_the_bankers_alone(game: Ledger) -> None:
    old = os.umask(0)  # as a banker with no umask at all
    try:
        game("tick", "1")  # its summary and statements, written after the save
        game("undo")  # moved aside into the history
        game("pay", "Ann", "Bob", "2")
    finally:
        os.umask(old)
    # the files a tick wrote keep the mode they were written with; their folder is closed
    made = [hist(game), *hist(game).iterdir()]
    assert {f.name for f in made} >= {"log.jsonl", "written", "000001.xlsx", "undone-000001"}
    for f in made:
        assert f.stat().st_mode & 0o022 == 0, f
    game("undo")
    assert ann(game) == "25.00"


def test_35_the_pages_show_the_books_but_not_a_history_that_is_not_the_bankers_alone(
    game: Ledger,
) -> None:
    from ledger.app.actions import listing, submit
    from ledger.web.view import read_view

    sent = submit(game.path, "Ann", "pay", {"to": "Bob", "amount": "1"}, "form-1")
    game("approve", str(sent.n))
    assert [v.seq for v in read_view(game.path).history] == [1]
    hist(game).chmod(0o777)
    view = read_view(game.path)  # no error page: the books, without that history
    assert view.history == [] and dict(view.standings)["Ann"] == "24.00 KC"
    assert [a.state for a in listing(game.path)] == ["done"]
    run = game("history", expect=1)
    assert "not-yours-alone" in run.stderr and "chmod go-w" in run.stderr


def test_35_a_link_at_the_lock_files_name_is_never_followed(game: Ledger, tmp_path: Path) -> None:
    lock = game.folder / ".ledger.xlsx.lock"
    lock.unlink(missing_ok=True)
    lock.symlink_to(tmp_path / "made-through-the-link")
    before = game.path.read_bytes()
    run = game("pay", "Ann", "Bob", "1", expect=1)
    assert "not-yours-alone" in run.stderr and str(lock) in run.stderr, run.stderr
    assert not (tmp_path / "made-through-the-link").exists()
    assert game.path.read_bytes() == before
    lock.unlink()
    game("pay", "Ann", "Bob", "1")
