"""`ledger history` and `ledger undo --to N` through the real CLI (issue 18): the kept versions
newest first with what each command changed, going back several commands in one step, the
same refusal as `undo` for a workbook changed by hand, and the jump itself undoable."""

from __future__ import annotations

from tests.conftest import Ledger, edit_cells


def three_changes(game: Ledger) -> None:
    game("pay", "Ann", "Bob", "1.00", "--memo", "one")  # version 1 is the workbook before it
    game("pay", "Ann", "Bob", "2.00", "--memo", "two")
    game("tick", "5")


def test_history_newest_first_with_what_changed(game: Ledger) -> None:
    three_changes(game)
    data = game("history", "--json").json()
    assert [(e["version"], e["command"], e["day"], e["changed"]) for e in data] == [
        (3, "tick 5", 5, "day 0 -> day 5"),
        (2, "pay Ann Bob 2.00 --memo two", 0, "+1 transaction"),
        (1, "pay Ann Bob 1.00 --memo one", 0, "+1 transaction"),
    ]
    assert all(e["at"][:2] == "20" for e in data)
    text = game("history").stdout.splitlines()
    assert text[0].startswith("   3  ") and text[0].endswith("day 5  tick 5  (day 0 -> day 5)")
    assert "day 0  pay Ann Bob 1.00 --memo one  (+1 transaction)" in text[2]


def test_history_of_a_new_workbook_and_of_none(game: Ledger, ledger: Ledger) -> None:
    assert game("history", "--json").json() == []
    assert "No earlier version is kept" in game("history").stderr
    (game.folder / "ledger.xlsx").unlink()
    assert "no-workbook" in game("history", expect=1).stderr


def test_undo_to_goes_back_in_one_step_and_is_undoable(game: Ledger) -> None:
    three_changes(game)
    assert game("balance", "--json").json()["players"]["Ann"] == "22.00"
    run = game("undo", "--to", "2")
    assert "Back to version 2: the workbook as it was before `pay Ann Bob 2.00 --memo two`" in (
        run.stderr
    )
    now = game("balance", "--json").json()
    assert (now["day"], now["players"]["Ann"]) == (0, "24.00")
    newest = game("history", "--json").json()[0]
    assert (newest["version"], newest["command"], newest["changed"]) == (
        4,
        "undo --to 2",
        "-1 transaction, day 5 -> day 0",
    )
    game("undo")  # the jump back is a change like any other
    again = game("balance", "--json").json()
    assert (again["day"], again["players"]["Ann"]) == (5, "22.00")
    assert [e["version"] for e in game("history", "--json").json()] == [3, 2, 1]


def test_undo_to_refusals(game: Ledger) -> None:
    three_changes(game)
    run = game("undo", "--to", "9", expect=1)
    assert "no-such-version" in run.stderr and "versions kept (newest first): 3, 2, 1" in run.stderr
    edit_cells(game.path, {"Journal!F2": "typed in Excel"})
    run = game("undo", "--to", "1", expect=1)
    assert "changed-since-save" in run.stderr and "--force" in run.stderr
    assert game("balance", "--json").json()["day"] == 5  # nothing went back
    game("undo", "--to", "1", "--force")
    assert game("balance", "--json").json()["players"]["Ann"] == "25.00"


def test_undo_to_moves_aside_what_the_undone_ticks_wrote(game: Ledger) -> None:
    """As `undo` does for one command: a tick's summary and statements go with the tick, into
    `.ledger.xlsx.history/undone-N/`; what commands before version N wrote stays."""
    game("buy", "Ann", "transport", "--name", "Nomad")  # version 1
    game("hire", "Ann", "--ship", "Nomad")  # 2
    game("tick", "30")  # 3: the summary of days 1-30 and the statements of day 30
    game("pay", "Ann", "Bob", "1.00")  # 4
    game("tick", "30")  # 5: days 31-60
    first = game.folder / "ledger-days-0001-0030.html"
    second = game.folder / "ledger-days-0031-0060.html"
    day30 = sorted((game.folder / "statements").glob("*-day-0030.html"))
    day60 = sorted((game.folder / "statements").glob("*-day-0060.html"))
    assert first.exists() and second.exists() and len(day30) == len(day60) == 3
    hist = game.folder / ".ledger.xlsx.history"

    run = game("undo", "--to", "4")  # the second tick only
    assert "Moved what the undone commands wrote afterwards aside" in run.stderr
    assert "ledger-days-0031-0060.html" in run.stderr
    assert not second.exists() and not [f for f in day60 if f.exists()]
    assert first.exists() and all(f.exists() for f in day30)
    assert (hist / "undone-000005" / "ledger-days-0031-0060.html").exists()
    assert (hist / "undone-000005" / "statements__Ann-day-0060.html").exists()

    game("undo")  # the jump back: day 60 again, and its files back where they were (issue 28)
    assert game("balance", "--json").json()["day"] == 60 and second.exists()
    assert all(f.exists() for f in day60)

    run = game("undo", "--to", "3")  # both ticks: the first one's files go now
    assert not first.exists() and not [f for f in day30 if f.exists()]
    assert (hist / "undone-000003" / "ledger-days-0001-0030.html").exists()
    assert game("balance", "--json").json()["day"] == 0


def test_undo_to_of_commands_that_wrote_nothing_moves_nothing(game: Ledger) -> None:
    game("pay", "Ann", "Bob", "1.00")
    game("pay", "Ann", "Bob", "2.00")  # a payment writes no summary, no statement
    run = game("undo", "--to", "1")
    assert "Moved" not in run.stderr and "Back to version 1" in run.stderr
    assert not list((game.folder / ".ledger.xlsx.history").glob("undone-*"))
