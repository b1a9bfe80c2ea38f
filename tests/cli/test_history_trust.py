"""Issue 28, items 1-4: the kept versions and their log cannot be turned against the books.
A kept version is put back only when it is a plain file with the bytes ledger kept; a line of
the log that cannot be trusted stops `undo` instead of being stepped over; the log never makes
`undo` move the workbook or anything but files ledger wrote beside it; undoing an `undo --to`
puts back what the jump moved aside; a dead command's temp file goes with the next lock."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from tests.conftest import Ledger, sweep


def hist(game: Ledger) -> Path:
    return game.folder / ".ledger.xlsx.history"


def three_pays(game: Ledger) -> None:
    """Versions 1, 2, 3: the workbook before each of three pays (run once a process, then
    copied: see `Ledger.prepare`)."""
    game.prepare(*(("pay", "Ann", "Bob", amount) for amount in ("1", "2", "3")))


def log_lines(game: Ledger) -> list[dict[str, object]]:
    return [json.loads(line) for line in (hist(game) / "log.jsonl").read_text().splitlines()]


def write_log(game: Ledger, lines: list[object]) -> None:
    text = "".join((x if isinstance(x, str) else json.dumps(x)) + "\n" for x in lines)
    (hist(game) / "log.jsonl").write_text(text)


@pytest.mark.parametrize("undo", [["undo", "--to", "2"], ["undo"]], ids=["--to 2", "undo"])
@pytest.mark.parametrize("what", sweep(["text", "link", "another game", "another version"]))
def test_28_a_kept_version_that_is_not_the_file_ledger_kept_is_never_put_back(
    game: Ledger, tmp_path: Path, what: str, undo: list[str]
) -> None:
    three_pays(game)
    kept = hist(game) / ("000002.xlsx" if "--to" in undo else "000003.xlsx")
    kept.unlink()
    if what == "text":
        kept.write_text("not a workbook\n")
    elif what == "link":
        os.symlink("/etc/passwd", kept)
    elif what == "another game":
        (tmp_path / "other").mkdir()
        other = Ledger(tmp_path / "other")
        other("new", "--game", "egon", "--player", "Ann", "--player", "Bob")
        shutil.copy(other.path, kept)
    else:  # a version ledger kept, but of another step
        shutil.copy(hist(game) / "000001.xlsx", kept)
    before = game.path.read_bytes()
    run = game(*undo, expect=1)
    assert "history-not-kept" in run.stderr and f"version {kept.stem.lstrip('0')}" in run.stderr
    assert "Back to version" not in run.stderr and "Undid" not in run.stderr
    assert game.path.read_bytes() == before
    assert game("balance", "--json").json()["players"]["Ann"] == "19.00"


def test_28_the_kept_versions_ledger_kept_are_still_put_back(game: Ledger) -> None:
    three_pays(game)
    game("undo", "--to", "2")
    assert game("balance", "--json").json()["players"]["Ann"] == "24.00"
    game("undo")  # the jump back
    game("undo")  # pay 3
    assert game("balance", "--json").json()["players"]["Ann"] == "22.00"


def test_28_a_log_of_an_earlier_version_without_kept_digests_still_undoes(game: Ledger) -> None:
    """An entry written before kept digests were recorded: the digest the command before it
    saved is the kept file's (nothing changed the workbook in between)."""
    three_pays(game)
    lines = log_lines(game)
    for line in lines:
        line.pop("kept", None)
        line.pop("moved", None)
    write_log(game, lines)
    game("undo")
    assert game("balance", "--json").json()["players"]["Ann"] == "22.00"


@pytest.mark.parametrize(
    "damage",
    [
        lambda line: {**line, "outputs": ["../x"]},
        lambda line: {**line, "outputs": ["/etc/passwd"]},
        lambda line: json.dumps(line)[:-5],
        lambda line: {**line, "seq": "three"},
        lambda line: {**line, "file": "../../ledger.xlsx"},
    ],
    ids=["a path out", "an absolute path", "cut short", "a wrong type", "a kept file out"],
)
def test_28_a_damaged_log_line_stops_undo_and_is_never_stepped_over(game: Ledger, damage) -> None:  # type: ignore[no-untyped-def]
    three_pays(game)
    lines: list[object] = list(log_lines(game))
    lines[-1] = damage(lines[-1])  # the newest: pay 3
    write_log(game, lines)
    before = game.path.read_bytes()
    for undo in (["undo"], ["undo", "--to", "2"], ["undo", "--to", "1"]):
        run = game(*undo, expect=1)
        assert "history-log-damaged" in run.stderr, run.stderr
        assert "Undid" not in run.stderr and "Back to" not in run.stderr
        assert game.path.read_bytes() == before
    # later commands keep the damaged line first: still no step over it
    game("pay", "Ann", "Bob", "4")
    game("undo")  # pay 4 is after the damaged line: undone
    assert game("balance", "--json").json()["players"]["Ann"] == "19.00"
    assert "history-log-damaged" in game("undo", expect=1).stderr


@pytest.mark.parametrize(
    "name", sweep(["ledger.xlsx", ".ledger.xlsx.history/log.jsonl", "other.xlsx"])
)
def test_28_a_log_naming_the_workbook_as_an_output_never_moves_it(game: Ledger, name: str) -> None:
    three_pays(game)
    (game.folder / "other.xlsx").write_bytes(game.path.read_bytes())
    lines = log_lines(game)
    lines[-1]["outputs"] = [name]
    write_log(game, lines)
    run = game("undo", expect=1)
    assert "history-log-damaged" in run.stderr
    assert game.path.exists() and (game.folder / "other.xlsx").exists()
    assert (hist(game) / "log.jsonl").exists()


def test_28_undoing_an_undo_to_puts_back_what_it_moved_aside(game: Ledger) -> None:
    game("tick", "30")  # version 1: the summary of days 1-30 and the statements of day 30
    game("pay", "Ann", "Bob", "1")  # 2
    summary = game.folder / "ledger-days-0001-0030.html"
    statements = sorted((game.folder / "statements").glob("*-day-0030.html"))
    assert summary.exists() and statements
    game("undo", "--to", "1")
    assert not summary.exists() and not any(f.exists() for f in statements)
    run = game("undo")
    assert summary.exists() and all(f.exists() for f in statements), run.stderr
    assert game("balance", "--json").json()["day"] == 30


def test_28_a_dead_commands_temp_file_goes_with_the_next_command_that_locks(
    game: Ledger,
) -> None:
    dead = 2**22 + 12345  # no such process
    for stale in (
        game.folder / f".ledger.xlsx.tmp-{dead}",
        hist(game).parent / f".ledger.xlsx.tmp-{dead}",
    ):
        stale.write_bytes(b"half a workbook")
    game("pay", "Ann", "Bob", "1")
    assert not list(game.folder.glob(".ledger.xlsx.tmp-*"))


@pytest.mark.slow
def test_28_kill_9_sweep_of_undo_to_with_a_damaged_log(game: Ledger, tmp_path: Path) -> None:
    """`undo --to 3` killed at twenty moments, with the log's oldest line damaged: the workbook
    is always whole, either as before or as version 3; the next command that locks settles
    the history (no temp file left, `check` clean), and undo never reaches past that line."""
    import random
    import signal
    import time

    game("pay", "Ann", "Bob", "1")  # version 1: its line is damaged below
    three_pays(game)  # versions 2, 3, 4
    lines: list[object] = list(log_lines(game))
    lines[0] = "{not json"
    write_log(game, lines)
    snap = tmp_path / "snap"
    shutil.copytree(hist(game), snap / "history")
    shutil.copy2(game.path, snap / "ledger.xlsx")
    rnd = random.Random(28)
    seen = set()
    for _ in range(20):
        shutil.rmtree(hist(game))
        shutil.copytree(snap / "history", hist(game))
        shutil.copy2(snap / "ledger.xlsx", game.path)
        before, back = game.path.read_bytes(), (hist(game) / "000003.xlsx").read_bytes()
        p = game.proc("undo", "--to", "3")
        time.sleep(rnd.uniform(0.0, 0.6))
        os.kill(p.pid, signal.SIGKILL)
        p.wait()
        now = game.path.read_bytes()
        assert now in (before, back)
        seen.add(now == back)
        game("check")
        steps = 0
        while (run := game("undo", expect=None)).exit_code == 0:
            steps += 1
            assert not list(game.folder.glob(".ledger.xlsx.tmp-*"))
        assert "history-log-damaged" in run.stderr, run.stderr
        assert steps in (3, 4)  # pay 3, 2, 1 (and the jump, when it happened)
        assert game("balance", "--json").json()["players"]["Ann"] == "24.00"
    assert seen  # (both outcomes, usually)


def test_28_a_save_after_a_damaged_log_line_never_takes_a_kept_versions_place(game: Ledger) -> None:
    three_pays(game)
    kept = {f.name: f.read_bytes() for f in hist(game).glob("*.xlsx")}
    with (hist(game) / "log.jsonl").open("a") as log:
        log.write("garbage\n")
    game("pay", "Ann", "Bob", "4")
    for name, data in kept.items():
        assert (hist(game) / name).read_bytes() == data, name
    assert (hist(game) / "000004.xlsx").exists()


def test_28_a_log_line_nested_past_any_reader_is_damaged_not_a_crash(game: Ledger) -> None:
    three_pays(game)
    with (hist(game) / "log.jsonl").open("a") as log:
        log.write("[" * 200_000 + "\n")
    game("history")
    run = game("undo", expect=1)
    assert "history-log-damaged" in run.stderr and "internal error" not in run.stderr
    game("pay", "Ann", "Bob", "4")


def test_28_a_link_in_an_outputs_path_never_moves_the_workbook(game: Ledger) -> None:
    three_pays(game)
    (game.folder / "lnk").symlink_to(".")
    lines = log_lines(game)
    lines[-1]["outputs"] = ["lnk/ledger.xlsx"]
    write_log(game, lines)
    game("undo")  # pay 3 undone; the output reached through a link is left where it is
    assert game.path.exists()
    assert game("balance", "--json").json()["players"]["Ann"] == "22.00"


def test_28_a_fifo_in_place_of_a_kept_version_is_refused_without_waiting(game: Ledger) -> None:
    three_pays(game)
    kept = hist(game) / "000003.xlsx"
    kept.unlink()
    os.mkfifo(kept)
    run = game.sub("undo", timeout=60)
    assert run.exit_code == 1 and "history-not-kept" in run.stderr
