"""Issue 35, item 6: every kept file has a bound. The history log is read to at most
`LOG_MAX` bytes, a line to at most `LINE_MAX`: a log beyond it is not read at all and a longer
line is read through and never kept whole. Either is a damaged line, a wall no undo steps
over, and it is written back short: a 150 MB line made every save take 5 s and 500 MB, for
good; now one save costs what a save costs and the next ones too."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from ledger.io.history import LINE_MAX, LOG_MAX
from tests.conftest import Ledger, sweep

#: Peak memory a save may reach here (a save of a fresh game takes about 60 MB).
PEAK_MB = 150
#: Seconds a save may take here (about half a second on an idle machine; room for a busy one).
SECONDS = 5.0


def log(game: Ledger) -> Path:
    return game.folder / ".ledger.xlsx.history" / "log.jsonl"


def a_long_line(game: Ledger, size: int) -> None:
    """A line of `size` bytes appended to the log, written sparse (a hole reads as zeros)."""
    with log(game).open("r+b") as f:
        f.seek(0, 2)
        f.write(b'{"seq": 9, "summary": "')
        f.seek(size, 1)
        f.write(b'"}\n')


def timed(game: Ledger, *args: str) -> tuple[int, str, float, float]:
    """`ledger ARGS` in its own process: exit code, output, peak memory (MB), seconds."""
    probe = (
        "import json, resource, subprocess, sys, time;"
        "t = time.monotonic();"
        f"p = subprocess.run([sys.executable, '-m', 'ledger', *{list(args)!r}],"
        " capture_output=True, text=True);"
        "s = time.monotonic() - t;"
        "print(json.dumps([p.returncode, p.stdout + p.stderr,"
        " resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024, s]))"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        cwd=game.folder,
        env={"PATH": "/usr/bin:/bin", "LEDGER_WORKBOOK": str(game.path), "HOME": "/tmp"},
        timeout=120,
    )
    code, said, mb, seconds = json.loads(out.stdout)
    return code, said, mb, seconds


@pytest.mark.parametrize(
    "size", sweep([150 * 1024 * 1024, 2 * LINE_MAX], 2 * LINE_MAX), ids=["150 MB", "2 MiB"]
)
def test_35_a_huge_line_in_the_history_log_costs_a_save_neither_time_nor_memory(
    game: Ledger, size: int
) -> None:
    game("pay", "Ann", "Bob", "1")  # version 1, before the long line
    a_long_line(game, size)
    for amount in ("2", "3"):
        code, said, mb, seconds = timed(game, "pay", "Ann", "Bob", amount)
        assert code == 0, said
        assert mb < PEAK_MB and seconds < SECONDS, f"{mb:.0f} MB, {seconds:.2f} s"
    assert log(game).stat().st_size < 4096  # the wall is written back short
    assert log(game).read_text().splitlines()[0].startswith("# ")
    game("undo")  # pay 3, after the wall
    game("undo")  # pay 2
    run = game("undo", expect=1)  # the wall: pay 1 is never stepped over
    assert "history-log-damaged" in run.stderr
    assert game("balance", "--json").json()["players"]["Ann"] == "24.00"


def test_35_a_log_bigger_than_ledger_writes_is_not_read(game: Ledger) -> None:
    game("pay", "Ann", "Bob", "1")
    with log(game).open("r+b") as f:
        f.truncate(LOG_MAX + 1)  # sparse, and not one line of it is read
    code, said, mb, seconds = timed(game, "history")
    assert code == 0 and mb < PEAK_MB and seconds < SECONDS, (said, mb, seconds)
    assert "history-log-damaged" in game("undo", expect=1).stderr


def test_35_a_line_as_long_as_the_bound_is_still_read(game: Ledger) -> None:
    """The bound is a bound, not a guess: a sound line just under it is believed."""
    game("pay", "Ann", "Bob", "1")
    lines = [json.loads(x) for x in log(game).read_text().splitlines()]
    line = json.dumps({**lines[-1], "summary": ""})
    lines[-1]["summary"] = "x" * (LINE_MAX - len(line) - 1)  # with its line end: LINE_MAX
    text = "".join(json.dumps(x) + "\n" for x in lines)
    assert len(text.splitlines()[-1]) + 1 == LINE_MAX
    log(game).write_text(text)
    game("undo")
    assert game("balance", "--json").json()["players"]["Ann"] == "25.00"
