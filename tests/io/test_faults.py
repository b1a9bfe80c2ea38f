"""What ledger says is what happened, in every fault: a full disk, a kill between two steps of
a save, a read-only workbook, a file where a folder should be (issue 12, items 1-3, 9, 23)."""

from __future__ import annotations

import contextlib
import json
import os
import stat
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import Ledger, sweep


def _log(game: Ledger) -> list[dict[str, object]]:
    log = game.folder / ".ledger.xlsx.history" / "log.jsonl"
    if not log.exists():
        return []
    return [json.loads(line) for line in log.read_text().splitlines() if line.strip()]


def _ship(game: Ledger) -> None:
    game("buy", "Ann", "transport", "--name", "Nomad")
    game("hire", "Ann", "--ship", "Nomad")


# -- 2. the history log and the replace: crash-safe as a pair -----------------------------------


def test_2_kill_after_the_log_before_the_replace_drops_the_entry(game: Ledger) -> None:
    game("pay", "Ann", "Bob", "1")
    before = game.path.read_bytes()
    run = game.sub("pay", "Ann", "Bob", "2", env={"LEDGER_TEST_FAULT": "before-replace"})
    assert run.exit_code == 137
    assert game.path.read_bytes() == before  # the replace never happened
    assert _log(game)[-1]["state"] == "pending"  # the kill left the entry of a save to be
    assert game.balances()["player:Ann"] == "24.00"
    undone = game("undo")  # the next command that takes the lock settles it: dropped
    assert "pay Ann Bob 1" in undone.stderr and "pay Ann Bob 2" not in undone.stderr
    assert game.balances()["player:Ann"] == "25.00"


def test_2_kill_after_the_replace_before_the_log_is_done_keeps_the_entry(game: Ledger) -> None:
    game("pay", "Ann", "Bob", "1")
    run = game.sub("pay", "Ann", "Bob", "2", env={"LEDGER_TEST_FAULT": "after-replace"})
    assert run.exit_code == 137
    assert game.balances()["player:Ann"] == "22.00"  # the save happened
    undone = game("undo")  # undoes exactly the command that was saved, and names it
    assert "`pay Ann Bob 2`" in undone.stderr
    assert game.balances()["player:Ann"] == "24.00"
    assert "`pay Ann Bob 1`" in game("undo").stderr
    assert game.balances()["player:Ann"] == "25.00"


def test_2_full_disk_writing_the_log_writes_nothing(game: Ledger) -> None:
    game("pay", "Ann", "Bob", "1")
    before, entries = game.path.read_bytes(), _log(game)
    run = game.sub("pay", "Ann", "Bob", "2", env={"LEDGER_TEST_FAULT": "before-replace:enospc"})
    assert run.exit_code == 1, run.stderr
    assert "disk-full" in run.stderr and "nothing was written" in run.stderr
    assert "internal error" not in run.stderr
    assert game.path.read_bytes() == before
    assert _log(game) == entries  # the entry of the save that did not happen is gone
    assert len(list((game.folder / ".ledger.xlsx.history").glob("*.xlsx"))) == 1


# -- 1. a failure after the save says what was saved ---------------------------------------------


def test_1_ctrl_c_after_a_statement_file_is_written_names_it_and_not_nothing(game: Ledger) -> None:
    before = game.path.read_bytes()
    # a real SIGINT to the process, right after the first statement file is in place
    run = game.sub("statement", "--all", env={"LEDGER_TEST_FAULT": "output-written:sigint"})
    assert run.exit_code == 130, run.stderr
    written = sorted((game.folder / "statements").iterdir())
    assert len(written) == 1  # the others were not written
    assert "nothing was written" not in run.stderr and "Traceback" not in run.stderr
    assert "interrupted; the workbook was not changed. Written before it (1):" in run.stderr
    assert str(written[0]) in run.stderr
    assert game.path.read_bytes() == before


def test_1_ctrl_c_after_the_save_and_a_file_says_both(game: Ledger) -> None:
    run = game.sub("tick", "1", env={"LEDGER_TEST_FAULT": "output-written:sigint"})
    assert run.exit_code == 4, run.stderr
    assert "saved: tick 1: day 0 -> day 1" in run.stderr
    assert (
        "the rest of what comes after the save (interrupted; written: "
        "ledger-days-0001-0001.html) could not be written" in run.stderr
    )
    assert game("status").stdout  # the saved workbook reads
    # the history knows the summary it wrote: undo moves it aside with the tick
    assert (game.folder / "ledger-days-0001-0001.html").exists()
    assert not (game.folder / "statements").exists()
    game("undo")
    assert not (game.folder / "ledger-days-0001-0001.html").exists()


def test_1_statements_that_cannot_be_written_say_the_tick_was_saved(game: Ledger) -> None:
    _ship(game)
    (game.folder / "statements").write_text("a file where the statements folder goes")
    run = game("tick", "30", expect=4)
    assert "saved: tick 30: day 0 -> day 30" in run.stderr
    assert "the statements could not be written" in run.stderr
    assert "not-a-folder" in run.stderr and "nothing was written" not in run.stderr
    assert "internal error" not in run.stderr
    assert game("balance", "--json").json()["day"] == 30
    # undo takes back exactly that tick, and moves its summary aside
    undone = game("undo")
    assert "`tick 30`" in undone.stderr and "ledger-days-0001-0030.html" in undone.stderr
    assert game("balance", "--json").json()["day"] == 0
    assert not (game.folder / "ledger-days-0001-0030.html").exists()


@contextlib.contextmanager
def _small_disk(folder: Path) -> Iterator[Path]:
    must = bool(os.environ.get("CI"))  # CI runs as root: there the test must run, not skip
    if os.geteuid() != 0:
        if must:
            pytest.fail("CI must run the full-disk tests as root")
        pytest.skip("mounting a small file system needs root (CI runs as root)")
    folder.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=600k", "tmpfs", str(folder)], capture_output=True
    )
    if mounted.returncode != 0:
        reason = f"cannot mount a tmpfs here: {mounted.stderr.decode().strip()}"
        pytest.fail(reason) if must else pytest.skip(reason)
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


@pytest.mark.parametrize("free_kb", sweep([16, 44, 64], 44))
def test_1_tick_on_a_nearly_full_disk_tells_the_truth(tmp_path: Path, free_kb: int) -> None:
    with _small_disk(tmp_path / "disk") as disk:
        game = Ledger(disk)
        game.new()
        _ship(game)
        free = os.statvfs(disk).f_bavail * os.statvfs(disk).f_frsize // 1024
        (disk / "filler").write_bytes(b"\0" * max(0, free - free_kb) * 1024)
        before = game.path.read_bytes()
        run = game("tick", "30", expect=None)
        out = run.stderr
        assert "internal error" not in out and "Traceback" not in out
        if run.exit_code == 1:
            assert "disk-full" in out and "nothing was written" in out
            assert game.path.read_bytes() == before
        else:
            assert run.exit_code in (0, 4), out
            assert game.path.read_bytes() != before
            if run.exit_code == 4:
                assert "saved: tick 30: day 0 -> day 30" in out and "disk-full" in out
                assert "nothing was written" not in out
            (disk / "filler").unlink()
            assert "`tick 30`" in game("undo").stderr
            assert game.path.read_bytes() == before


@pytest.mark.slow
def test_1_a_tick_with_less_and_less_room_goes_from_saved_to_saved_but_to_nothing_written(
    tmp_path: Path,
) -> None:
    """The three answers a full disk can bring, each where it belongs: with room enough, saved
    (exit 0); with room for the workbook but not the summary and statements, "saved, but"
    (exit 4); with less, nothing written (exit 1). Never the other way round."""
    seen = []
    for free_kb in range(100, 4, -6):
        with _small_disk(tmp_path / f"disk{free_kb}") as disk:
            game = Ledger(disk)
            game.new()
            _ship(game)
            free = os.statvfs(disk).f_bavail * os.statvfs(disk).f_frsize // 1024
            (disk / "filler").write_bytes(b"\0" * max(0, free - free_kb) * 1024)
            run = game("tick", "30", expect=None)
            assert run.exit_code in (0, 4, 1), run.stderr
            seen.append(run.exit_code)
    assert seen == sorted(seen, key=[0, 4, 1].index), seen  # 0s, then 4s, then 1s
    assert {0, 4, 1} <= set(seen), seen


def test_1_pay_on_a_nearly_full_disk_writes_all_or_nothing(tmp_path: Path) -> None:
    with _small_disk(tmp_path / "disk") as disk:
        game = Ledger(disk)
        game.new()
        free = os.statvfs(disk).f_bavail * os.statvfs(disk).f_frsize // 1024
        (disk / "filler").write_bytes(b"\0" * max(0, free - 40) * 1024)
        for _ in range(3):
            before = game.path.read_bytes()
            run = game("pay", "Ann", "Bob", "1", expect=None)
            assert run.exit_code in (0, 1), run.stderr
            if run.exit_code == 1:
                assert "disk-full" in run.stderr and "nothing was written" in run.stderr
                assert game.path.read_bytes() == before
        (disk / "filler").unlink()
        paid = 25 - float(game.balances()["player:Ann"])
        entries = [e for e in _log(game) if str(e["command"]).startswith("pay")]
        assert len(entries) == paid  # every pay that landed is in the log, and only those


@pytest.mark.parametrize(
    ("make", "code"),
    [
        (lambda out: out.write_text("a file"), "not-a-folder"),
        (lambda out: (out.mkdir(), os.chmod(out, 0o500)), "permission-denied"),
    ],
)
def test_1_an_unwritable_out_folder_is_a_problem_with_a_hint(
    game: Ledger, make: object, code: str
) -> None:
    out = game.folder / "out"
    make(out)  # type: ignore[operator]
    if code == "permission-denied" and os.geteuid() == 0:
        os.chmod(out, 0o700)
        out.rmdir()
        out.mkdir()
        (out / "Ann-day-0000-txn-0003.html").mkdir()  # a folder where the file goes
        code = "is-a-folder"
    run = game("statement", "--player", "Ann", "--out", str(out), expect=1)
    assert f"{code} " in run.stderr and "hint:" in run.stderr
    assert "internal error" not in run.stderr


def test_1_a_folder_where_the_workbook_goes_on_new(ledger: Ledger) -> None:
    ledger.path.mkdir()
    run = ledger("new", "--game", "triplanetary", "--player", "Ann", "--force", expect=1)
    assert "internal error" not in run.stderr and "hint:" in run.stderr


# -- 3. temp files of a crash are cleaned by any command that takes the lock -------------------


def test_3_temp_files_of_a_crash_are_cleaned_by_the_next_locking_command(game: Ledger) -> None:
    dead = 999_999  # no such process
    stale = [
        game.folder / f".ledger.xlsx.tmp-{dead}",
        game.folder / f".ledger-days-0001-0030.html.tmp-{dead}",
        game.folder / ".ledger.xlsx.history" / f"log.jsonl.tmp-{dead}",
        game.folder / "statements" / f".Ann-day-0030.html.tmp-{dead}",
    ]
    game("pay", "Ann", "Bob", "1")
    stale[-1].parent.mkdir(exist_ok=True)
    for f in stale:
        f.write_text("left by a kill")
    other = subprocess.Popen(["sleep", "30"])  # another command, still writing
    try:
        live = game.folder / f".ledger-days-0001-0030.html.tmp-{other.pid}"
        live.write_text("a summary being written")
        game("undo")  # not a changing command of the books, but it takes the lock
        assert not [f for f in stale if f.exists()]
        assert live.exists()  # a live process's temp file stays
    finally:
        other.kill()
        other.wait()


# -- 9. a read-only workbook -----------------------------------------------------------------


def test_9_a_read_only_workbook_is_refused_with_exit_3(game: Ledger) -> None:
    os.chmod(game.path, 0o444)
    before = game.path.read_bytes()
    for args in (("pay", "Ann", "Bob", "1"), ("tick", "1"), ("undo",), ("post",)):
        run = game(*args, expect=3)
        assert "workbook-read-only" in run.stderr and "chmod u+w" in run.stderr
    run = game("new", "--game", "triplanetary", "--player", "Ann", "--force", expect=3)
    assert "workbook-read-only" in run.stderr
    assert game.path.read_bytes() == before
    assert game("balance").exit_code == 0  # reading is fine
    os.chmod(game.path, 0o644)
    game("pay", "Ann", "Bob", "1")
    hist = game.folder / ".ledger.xlsx.history"
    for f in [*hist.iterdir(), game.path]:
        assert f.stat().st_mode & stat.S_IWUSR, f  # nothing ledger keeps is unwritable to it
    game("undo")


# -- 23. undo of a tick moves its summary and statements aside -------------------------------


def test_23_undo_of_a_tick_moves_its_summary_and_statements_aside(game: Ledger) -> None:
    _ship(game)
    game("tick", "30")
    summary = game.folder / "ledger-days-0001-0030.html"
    statements = sorted((game.folder / "statements").glob("*-day-0030.html"))
    assert summary.exists() and len(statements) == 3
    run = game("undo")
    assert "Moved what it wrote afterwards aside" in run.stderr
    assert not summary.exists() and not [f for f in statements if f.exists()]
    aside = game.folder / ".ledger.xlsx.history" / "undone-000003"
    assert (aside / "ledger-days-0001-0030.html").exists()


def test_1_statements_that_cannot_be_made_say_the_tick_was_saved(
    game: Ledger, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The statements are made before the save (while another program's rows may still be
    checked) but a failure in making them is said after it, as when they were made then: the
    tick stands, the summary is written."""
    from ledger.app import after
    from ledger.core.problems import ProblemsFound, problem

    def cannot(*args: object, **kwargs: object) -> None:
        raise ProblemsFound([problem("no-statement", "Ann", "Ann's statement cannot be made", "")])

    _ship(game)
    monkeypatch.setattr(after, "statement_documents", cannot)
    run = game("tick", "30", expect=4)
    assert "saved: tick 30: day 0 -> day 30" in run.stderr, run.stderr
    assert "Ann's statement cannot be made" in run.stderr
    assert "nothing was written" not in run.stderr and "internal error" not in run.stderr
    assert (game.folder / "ledger-days-0001-0030.html").exists()
    assert not (game.folder / "statements").exists()
    assert game("balance", "--json").json()["day"] == 30


def test_1_a_bug_in_the_statements_still_saves_the_tick_and_says_so(
    game: Ledger, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ledger.app import after

    def bug(*args: object, **kwargs: object) -> None:
        raise RuntimeError("a bug in a statement")

    monkeypatch.setattr(after, "statement_documents", bug)
    with pytest.raises(RuntimeError):  # (the program says "internal error", and "saved")
        game("tick", "30")
    assert game("balance", "--json").json()["day"] == 30  # raised after the save
    assert (game.folder / "ledger-days-0001-0030.html").exists()


def test_29_the_product_reads_no_test_variable() -> None:
    """The crash tests hook their faults on the store's steps (tests/faults.py): no module of
    ledger reads a `LEDGER_TEST_*` variable."""
    from tests.conftest import ROOT

    found = [
        str(p.relative_to(ROOT))
        for p in sorted((ROOT / "ledger").rglob("*.py"))
        if "LEDGER_TEST_" in p.read_text(encoding="utf-8")
    ]
    assert found == []
