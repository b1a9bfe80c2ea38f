"""Issue 26, items 6 and 9: statements that chain, in every game's own words. A period is
(previous end, end]: each tick's statements open at the previous ones' closing, and no line is
in two; no file ledger writes replaces one it wrote for another moment."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import Ledger
from tests.statement_chain import chain_problems, read, tick_statements


def test_6_two_ticks_in_a_row_chain_and_a_line_of_the_last_day_is_in_the_next_statement(
    game: Ledger,
) -> None:
    game("buy", "Ann", "transport", "--name", "Nomad")
    game("hire", "Ann", "--ship", "Nomad")
    game("tick", "30")
    run = game("pay", "bank", "Ann", "11")
    paid = run.stdout + run.stderr  # on day 30, after the tick's statements
    game("tick", "30")
    first, second = tick_statements(game.folder / "statements", "Ann")
    assert (first.name, second.name) == ("Ann-day-0030.html", "Ann-day-0060.html")
    assert chain_problems([first, second]) == []
    assert second.opening == first.closing
    late = int(paid.split()[1].rstrip(",:"))  # "txn 7, day 30: ..."
    assert late in second.txns and late not in first.txns
    assert first.period == "days 0–30"
    assert second.period == f"days 30–60 (after txn {late - 1})"


def test_6_the_next_statement_without_a_line_on_the_last_day_says_the_next_days(
    game: Ledger,
) -> None:
    game("tick", "30")
    game("tick", "30")
    first, second = tick_statements(game.folder / "statements", "Ann")
    assert chain_problems([first, second]) == []
    assert second.period == "days 31–60"


def test_6_ledger_statement_covers_what_came_since_the_last_ticks_statements(
    game: Ledger,
) -> None:
    game("tick", "30")
    game("pay", "Ann", "Bob", "2")
    game("statement", "--player", "Ann")
    (after,) = (game.folder / "statements").glob("Ann-day-0030-txn-*.html")
    now, (tick,) = read(after), tick_statements(game.folder / "statements", "Ann")
    assert now.opening == tick.closing and len(now.txns) == 1
    assert not set(now.txns) & set(tick.txns)


def test_6_no_statements_then_statements_cover_both_ticks(game: Ledger) -> None:
    game("tick", "30")
    game("tick", "30", "--no-statements")
    game("pay", "bank", "Ann", "1")
    game("tick", "30")
    first, third = tick_statements(game.folder / "statements", "Ann")
    assert third.name == "Ann-day-0090.html" and chain_problems([first, third]) == []


def test_6_egon_rounds_chain_and_a_purchase_for_the_next_round_is_in_its_statement(
    ledger: Ledger,
) -> None:
    ledger.fresh("new", "--game", "egon", "--player", "ABC", "--player", "BOB", "--seed", "3")
    ledger("draw")
    ledger("tick")
    ledger("purchase", "BOB", "3", "180", "--note", "Alois")
    ledger("draw")
    ledger("tick")
    first, second = tick_statements(ledger.folder / "statements", "BOB")
    assert (first.name, second.name) == ("BOB-round-0001.html", "BOB-round-0002.html")
    assert (first.period, second.period) == ("round 1", "round 2")
    assert chain_problems([first, second]) == []


def test_6_the_21_field_game_rounds_chain(ledger: Ledger) -> None:
    ledger.fresh(
        "new", "--game", "matador21", "--player", "Ann", "--player", "Bob", "--first", "Ann"
    )
    ledger("tick", "2")
    ledger("roll", "--dice", "1,2")  # a turn of round 3 before its tick
    ledger("tick", "2")
    first, second = tick_statements(ledger.folder / "statements", "Ann")
    assert chain_problems([first, second]) == []
    assert (first.period, second.period) == ("rounds 1–2", "rounds 3–4")


def test_9_a_planetopoly_statement_never_replaces_one_of_another_moment(ledger: Ledger) -> None:
    ledger.fresh("new", "--game", "planetopoly", "--player", "Ann", "--player", "Bob")
    ledger("statement", "--player", "Ann")
    ledger("start", "Ann")
    ledger("statement", "--player", "Ann")
    ledger("statement", "--player", "Ann")  # the same moment again: the same file
    files = sorted(p.name for p in (ledger.folder / "statements").iterdir())
    assert files == ["Ann-txn-0002.html", "Ann-txn-0003.html"]
    assert read(ledger.folder / "statements" / files[1]).period == "from the start"


def test_9_reports_are_named_by_their_moment(game: Ledger) -> None:
    game("report", "game")
    game("pay", "Ann", "Bob", "1")
    game("report", "game")
    names = sorted(p.name for p in (game.folder / "statements").iterdir())
    assert len(names) == 2 and all(n.startswith("game-report-day-0000-txn-") for n in names)


def _words(folder: Path) -> str:
    return " ".join(p.read_text() for p in sorted(folder.glob("*.html")))
