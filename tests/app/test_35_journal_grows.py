"""Issue 35, item 4a: the Journal grows; `close` keeps it short. A changing command that finds the
live Journal past the house rule `journal_rows_warn` (Journal rows, i.e. postings; default 20,000;
0: never) says so in one warning line, with the `ledger close --through DAY` that would shorten it:
a day the rules allow, that takes most rows. Below the setting it says nothing. Real workbooks
through the real CLI; the default on a long journal the benchmark's way."""

from __future__ import annotations

import pytest

from ledger.core.closing import ROWS_WARN_DEFAULT
from tests.conftest import Ledger, edit_cells, rows, set_setting


def played(game: Ledger) -> int:
    """Day 60: a ship, its crew, two ticks of wages, a payment each month (played once a
    process for the same start, then copied: `Ledger.prepare`). The Journal's rows."""
    game.prepare(
        ("buy", "Ann", "transport", "--name", "Nomad"),
        ("hire", "Ann", "--ship", "Nomad"),
        ("tick", "30"),
        ("pay", "Ann", "Bob", "2"),
        ("tick", "30"),
        ("pay", "Bob", "Ann", "1"),
    )
    return len(rows(game.path, "Journal"))


def grows(text: str) -> list[str]:
    return [line for line in text.splitlines() if "journal-grows" in line]


def test_35_past_the_setting_a_changing_command_warns_once_with_the_close(game: Ledger) -> None:
    journal = rows(game.path, "Journal")
    assert len(journal) < ROWS_WARN_DEFAULT  # a new game: silent at the default
    assert grows(game("pay", "Ann", "Bob", "1").stderr) == []
    count = played(game)
    set_setting(game.path, "journal_rows_warn", count + 2)
    assert grows(game("pay", "Ann", "Bob", "1").stderr) == []  # at it, not past it
    run = game("pay", "Ann", "Bob", "1")
    (line,) = grows(run.stderr)  # one line
    later = sum(1 for r in rows(game.path, "Journal") if r["day"] == 60)
    assert line == (
        f"Journal: journal-grows (warning) the live Journal has {count + 4} rows, past "
        f"journal_rows_warn ({count + 2}): `ledger close --through 59` would move "
        f"{count + 4 - later} of them into an archive"
    )
    (again,) = grows(game("tick", "1").stderr)  # a tick too
    assert "`ledger close --through 60`" in again  # day 61: day 60 is whole now
    game("close", "--through", "60")  # the day it named: the rules allow it
    live = rows(game.path, "Journal")
    assert len(live) < count and {r["kind"] for r in live} == {"carried"}
    assert grows(game("pay", "Ann", "Bob", "1").stderr) == []


def test_35_journal_rows_warn_0_turns_it_off_and_a_negative_one_is_named(game: Ledger) -> None:
    played(game)
    set_setting(game.path, "journal_rows_warn", 0)
    assert grows(game("pay", "Ann", "Bob", "1").stderr) == []
    set_setting(game.path, "journal_rows_warn", -1)  # Triplanetary's checks refuse it
    run = game("pay", "Ann", "Bob", "1", expect=1)
    assert "bad-setting journal_rows_warn cannot be negative (-1)" in run.stderr


def test_35_a_journal_whose_days_go_back_is_told_a_day_the_rules_allow(game: Ledger) -> None:
    """The last line typed by hand on day 25, after day 60's wages: no close through day 59
    (or any day from 25 to 59) takes every line up to it; the warning names day 24, which
    takes most rows (day 0's), and that close goes through."""
    for _ in range(4):
        game("pay", "Ann", "Bob", "1")
    count = played(game)
    journal = rows(game.path, "Journal")
    last = journal[-1]["txn"]
    at = [i for i, r in enumerate(journal, 2) if r["txn"] == last]
    edit_cells(game.path, {f"Journal!B{r}": 25 for r in at})
    set_setting(game.path, "journal_rows_warn", 5)
    (line,) = grows(game("pay", "Ann", "Bob", "1").stderr)
    assert f"the live Journal has {count + 2} rows" in line
    assert "`ledger close --through 24` would move" in line
    game("close", "--through", "24")


def test_35_a_game_without_days_is_told_ledger_close(ledger: Ledger) -> None:
    ledger.fresh("new", "--game", "planetopoly", "--player", "Ann", "--player", "Bob")
    ledger("start", "Ann")
    set_setting(ledger.path, "journal_rows_warn", 2)
    (line,) = grows(ledger("start", "Bob").stderr)
    assert "`ledger close` would move" in line


@pytest.mark.slow  # seconds: twenty thousand rows written, read, closed
def test_35_the_default_on_a_long_journal(ledger: Ledger) -> None:
    """The benchmark's workbook just past 20,000 rows: the warning at the default, the close
    it names, and silence after."""
    import importlib.util

    from ledger.io.workbook import write
    from tests.conftest import ROOT

    spec = importlib.util.spec_from_file_location("make_workbook", ROOT / "bench/make_workbook.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    write(ledger.path, module.build(ROWS_WARN_DEFAULT + 10))
    (line,) = grows(ledger("pay", "Ann", "Bob", "1").stderr)
    assert "past journal_rows_warn (20,000): `ledger close --through " in line
    through = line.split("--through ")[1].split("`")[0]
    moved = int(line.split("would move ")[1].split(" ")[0].replace(",", ""))
    assert moved > (ROWS_WARN_DEFAULT + 12) // 2
    ledger("close", "--through", through)
    assert grows(ledger("pay", "Ann", "Bob", "1").stderr) == []
    ledger("check")
