"""Issue 35, item 4b: `ledger close --through DAY` takes every transaction dated up to DAY, whatever
day the rules allow, not only the last one: a banker who did not close on day 30 can still close
that month alone on day 60. The transactions dated up to DAY go into the archive, the balances at
the end of DAY are carried, the later transactions stay live after them with their own numbers;
balances, the export of the whole campaign, the statements of periods that straddle the close and
the pages read as before. A journal whose days go back across DAY is refused with the days that
would do. Real workbooks through the real CLI."""

from __future__ import annotations

import os
from decimal import Decimal
from pathlib import Path

import msgspec
import pytest

from tests.conftest import Ledger, edit_cells, rows
from tests.statement_chain import chain_problems, tick_statements

ARCHIVE = "ledger-closed-0000-0030.xlsx"


def two_months(game: Ledger) -> None:
    """Day 60, never closed: a ship and its crew, two ticks of wages, a payment each month
    (played once a process, then the files it left copied: `Ledger.prepare`)."""
    game.prepare(
        ("buy", "Ann", "transport", "--name", "Nomad"),
        ("hire", "Ann", "--ship", "Nomad"),
        ("tick", "30"),
        ("pay", "Ann", "Bob", "2", "--memo", "month one"),
        ("tick", "30"),
        ("pay", "Bob", "Ann", "1", "--memo", "month two"),
    )


def exports(game: Ledger) -> dict[str, str]:
    return {f: game("export", "--format", f).stdout for f in ("hledger", "beancount", "csv")}


def statements_text(game: Ledger, since: int) -> str:
    return game("statement", "--player", "Ann", "--since", str(since), "--format", "text").stdout


def test_35_closing_an_earlier_day_than_the_last_transaction_works(game: Ledger) -> None:
    two_months(game)
    journal = game("journal", "--json").json()
    later = [t for t in journal if t["day"] > 30]
    closed = [t for t in journal if t["day"] <= 30]
    balances, exported = game("balance", "--json").json(), exports(game)
    run = game("close", "--through", "30")
    assert f"close through day 30: {len(closed)} transactions into {ARCHIVE}" in run.stderr
    assert f"{len(later)} later ones stay live" in run.stderr
    archive = game.folder / ARCHIVE
    assert archive.is_file() and (not os.access(archive, os.W_OK) or os.geteuid() == 0)
    # the archive holds the transactions up to day 30, the very ones, under their numbers
    assert sorted({r["txn"] for r in rows(archive, "Journal")}) == [t["txn"] for t in closed]
    live = game("journal", "--json").json()
    carried, *rest = live
    # the balances at the end of day 30, under the number of the last transaction closed
    assert carried["kind"] == "carried" and carried["day"] == 30
    assert carried["txn"] == closed[-1]["txn"]
    assert rest == later  # the later ones stay, numbers and all
    assert game("balance", "--json").json() == balances
    assert exports(game) == exported  # the campaign's export: every transaction, as before
    game("check")
    # and the books go on: the next transaction takes the next number
    game("pay", "Ann", "Bob", "1")
    assert game("journal", "--json").json()[-1]["txn"] == later[-1]["txn"] + 1


@pytest.mark.slow
def test_35_the_export_of_the_campaign_still_balances_and_matches(game: Ledger) -> None:
    """beancount's own loader reads the export after an earlier close (and a second one): no
    error, and each account sums to `ledger balance`."""
    from beancount import loader
    from beancount.core import data

    two_months(game)
    game("close", "--through", "0")
    game("close", "--through", "30")
    path = game.folder / "books.beancount"
    game("export", "--format", "beancount", "--out", str(path))
    entries, errors, _ = loader.load_file(str(path))
    assert not errors, errors
    found: dict[str, Decimal] = {}
    for e in entries:
        if isinstance(e, data.Transaction):
            total = sum((p.units.number for p in e.postings), Decimal(0))
            assert total == 0, e  # every transaction balances
            for p in e.postings:
                found[p.account] = found.get(p.account, Decimal(0)) + p.units.number
    accounts = game("balance", "--json").json()["accounts"]
    assert sum(found.values()) == 0
    by_leaf = {k.rsplit(":", 1)[-1].lower(): v for k, v in found.items() if v}
    assert by_leaf == {
        a.rsplit(":", 1)[-1].lower(): Decimal(v) for a, v in accounts.items() if Decimal(v)
    }


@pytest.mark.slow
def test_35_statements_of_periods_that_straddle_the_close_read_as_before(game: Ledger) -> None:
    two_months(game)
    before = {since: statements_text(game, since) for since in (0, 20, 30, 31, 45)}
    game("close", "--through", "30")
    for since, text in before.items():
        assert statements_text(game, since) == text, since
    # and the ticks' statements chain over the close as they did
    game("tick", "30")
    folder = game.folder / "statements"
    assert chain_problems(tick_statements(folder, "Ann")) == []


@pytest.mark.slow
def test_35_the_pages_show_the_same_statements(game: Ledger) -> None:
    """The pages' statements of the last 30 days: the same money and lines after a close
    before the window and after one into it (the archive read back). The cash chart is left
    out: it draws the live Journal alone, from the carried balances on, after any close."""
    from ledger.web.view import read_view

    def statements() -> dict[str, object]:
        shown = msgspec.to_builtins(read_view(game.path).statements)
        return {name: {k: v for k, v in s.items() if k != "chart"} for name, s in shown.items()}

    two_months(game)
    game("tick", "10")  # day 70: the pages' window (the last 30 days) begins on day 40
    seen = statements()
    game("close", "--through", "30")
    assert statements() == seen
    game("close", "--through", "60")  # into the window itself: the archive is read back
    assert statements() == seen


@pytest.mark.slow
def test_35_undo_takes_an_earlier_close_back_and_it_can_be_closed_again(game: Ledger) -> None:
    two_months(game)
    data = game.path.read_bytes()
    game("close", "--through", "30")
    run = game("undo")
    assert ARCHIVE in run.stderr and "Moved what it wrote afterwards aside" in run.stderr
    assert game.path.read_bytes() == data
    assert not (game.folder / ARCHIVE).exists()
    game("close", "--through", "30")
    game("check")


@pytest.mark.slow
def test_35_a_second_earlier_close_chains_to_the_first(game: Ledger) -> None:
    two_months(game)
    balances, exported = game("balance", "--json").json(), exports(game)
    game("close", "--through", "0")
    game("close", "--through", "30")
    assert (game.folder / "ledger-closed-0000-0000.xlsx").is_file()
    assert (game.folder / "ledger-closed-0001-0030.xlsx").is_file()
    assert game("balance", "--json").json() == balances and exports(game) == exported
    game("check")
    run = game("close", "--through", "20", expect=1)
    assert "nothing-to-close" in run.stderr
    assert "day 20 is closed already (the last close went through day 30)" in run.stderr


def test_35_a_journal_whose_days_go_back_is_refused_with_the_days_that_would_do(
    game: Ledger,
) -> None:
    two_months(game)
    journal = game("journal", "--json").json()
    # a hand edit: the last line (day 60) typed as day 25 (its two rows), after day 60's wages
    last = journal[-1]
    at = [i for i, r in enumerate(rows(game.path, "Journal"), 2) if r["txn"] == last["txn"]]
    edit_cells(game.path, {f"Journal!B{r}": 25 for r in at})
    before = game.path.read_bytes()
    run = game("close", "--through", "30", expect=1)
    assert "close-days-go-back" in run.stderr and "internal error" not in run.stderr
    assert f"txn {last['txn']} stands on day 25 after txn" in run.stderr
    assert "close through day 24 or day 60 instead" in run.stderr
    assert game.path.read_bytes() == before
    assert not list(game.folder.glob("ledger-closed-*")) and not list(game.folder.glob(".*.tmp-*"))
    game("close", "--through", "24")  # a day the hint named
    game("check")


def test_35_a_game_of_rounds_closes_an_earlier_round(ledger: Ledger) -> None:
    ledger.fresh("new", "--game", "egon", "--player", "ABC", "--player", "BOB", "--player", "CAT")
    for _ in range(2):
        ledger("draw", "--numbers", "1,2,3,4,5,6", "--zz", "7", "--z6", "6")
        ledger("tick")
    ledger("pay", "ABC", "BOB", "1.50")
    balances, exported = ledger("balance", "--json").json(), exports(ledger)
    day = ledger("balance", "--json").json()["day"]
    run = ledger("close", "--through", str(day - 1))
    assert "later ones stay live" in run.stderr
    assert ledger("balance", "--json").json() == balances and exports(ledger) == exported
    ledger("check")


@pytest.mark.slow
def test_35_nothing_is_left_by_a_dry_run_of_an_earlier_close(game: Ledger, tmp_path: Path) -> None:
    two_months(game)
    before = sorted(p.name for p in game.folder.iterdir())
    data = game.path.read_bytes()
    run = game("close", "--through", "30", "--dry-run")
    assert "later ones stay live" in run.stderr and "dry run: nothing was written" in run.stderr
    assert game.path.read_bytes() == data
    assert sorted(p.name for p in game.folder.iterdir()) == before
