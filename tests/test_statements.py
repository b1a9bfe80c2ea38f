"""Statements, reports and the forecast: golden files on a fixed scenario, the forecast against
the tick, escaping, 80-column text. (PDF and browser checks are in test_interop_documents.py.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import Ledger, one

GOLDEN = Path(__file__).parent / "golden" / "reports"


def scenario(game: Ledger) -> None:
    """Two months of a small game: a trader with a crew, an office, a sale, a fine, a trial
    (played once a process, then the files it left copied: `Ledger.prepare`)."""
    game.prepare(
        ("pay", "bank", "Ann", "200", "--memo", "prize money"),
        ("buy", "Ann", "transport", "--name", "Nomad"),
        ("hire", "Ann", "--ship", "Nomad"),
        ("office", "open", "Bob", "--at", "Mars"),
        ("tick", "1", "--no-statements"),
        ("buy", "Ann", "manufactured-goods", "20", "--at", "Venus", "--ship", "Nomad"),
        ("sell", "Ann", "manufactured-goods", "20", "--at", "Mars", "--ship", "Nomad"),
        ("fine", "Bob", "3", "--reason", "docking without clearance"),
        ("crime", "Bob", "--class", "I", "--what", "contract breaking"),
        ("trial", "Bob", "--class", "I", "--roll", "5", "--crime", "X1"),
        ("tick", "59", "--no-statements"),
    )


def normalise(text: str) -> str:
    return re.sub(r"[ \t]+\n", "\n", text).strip() + "\n"


def check_golden(name: str, text: str, update: bool) -> None:
    path = GOLDEN / name
    if update:
        path.write_text(normalise(text))
    assert path.exists(), f"no golden file {name}: run `make golden` and review it"
    assert normalise(text) == path.read_text(), f"{name} differs from its golden file"


def test_statement_report_and_summary_match_their_golden_files(
    game: Ledger, update_golden: bool
) -> None:
    scenario(game)
    game("statement", "--player", "Ann")
    game("report", "patrol")
    game("report", "game")
    out = game.folder / "statements"
    statement = one(out, "Ann-day-0060-txn-*.html").read_text()
    check_golden("statement-Ann.html", statement, update_golden)
    patrol = one(out, "patrol-report-day-0060-txn-*.html").read_text()
    check_golden("patrol-report.html", patrol, update_golden)
    summary = one(out, "game-report-day-0060-txn-*.html").read_text()
    check_golden("game-report.html", summary, update_golden)


def test_a_statement_has_everything_the_banker_hands_over(game: Ledger) -> None:
    scenario(game)
    game("statement", "--player", "Ann", "--since", "30")
    html = one(game.folder / "statements", "Ann-day-0060-txn-*.html").read_text()
    for needle in (
        "Money per bank",
        "Ceres",
        "Mars",
        "Journal lines of the period",
        "Ann pays wages of crew C1",
        "Ships",
        "Nomad",
        "Crews",
        "Unless you act",
        "property tax on day 360",
        "The next 30 days",
        "<svg",
        "<polyline",
        "public relations",
        "@page",
        "counter(page)",
    ):
        assert needle in html, needle
    assert "1.00 KC" in html  # the transport's property tax: 10% of 10 KC


def test_names_are_escaped(ledger: Ledger) -> None:
    ledger.new("<b>Eve</b>", "Bob")
    ledger("statement", "--all")
    html = one(ledger.folder / "statements", "b-Eve--b-day-0000-txn-*.html").read_text()
    assert "&lt;b&gt;Eve&lt;/b&gt;" in html and "<b>Eve</b>" not in html


@pytest.mark.slow
def test_forecast_agrees_with_what_the_tick_then_does(game: Ledger) -> None:
    scenario(game)
    ahead = game("forecast", "30", "--json").json()
    before = game.path.read_bytes()
    assert game.path.read_bytes() == before  # the forecast changed nothing
    done = game("tick", "30", "--json", "--no-statements").json()
    assert ahead == done
    assert ahead["players"]["Ann"]["charges"] == "3.00"


def test_the_statement_names_the_dates_that_matter(game: Ledger) -> None:
    game("buy", "Ann", "transport", "--name", "Nomad")
    game("hire", "Ann", "--ship", "Nomad")
    game("pay", "Ann", "Bob", "13")
    game("tick", "31", "--no-statements")
    run = game("statement", "--player", "Ann", "--format", "text")
    text = re.sub(r"\s+", " ", run.stdout)
    assert "crew C1 quits on day 180 unless paid" in text
    assert "Nomad runs out of supplies on day 91" in text


@pytest.mark.slow
def test_text_statements_fit_80_columns(game: Ledger) -> None:
    scenario(game)
    run = game("statement", "--all", "--format", "text")
    assert max(len(line) for line in run.stdout.splitlines()) <= 80
    run = game("report", "patrol", "--format", "text")
    assert "Collected in the period" in run.stdout
    assert max(len(line) for line in run.stdout.splitlines()) <= 80


def test_the_patrol_report_shows_taxes_fines_crimes_and_trials(game: Ledger) -> None:
    scenario(game)
    run = game("report", "patrol", "--format", "text")
    text = re.sub(r"\s+", " ", run.stdout)
    assert "sales tax" in text and "fines" in text
    assert "contract breaking" in text and "tried" in text
    assert "result 5" in text


def test_tick_writes_the_periods_statements(game: Ledger) -> None:
    game("tick", "30")
    assert sorted(p.name for p in (game.folder / "statements").iterdir()) == [
        "Ann-day-0030.html",
        "Bob-day-0030.html",
        "Sam-day-0030.html",
    ]


def test_statement_of_an_unknown_player_and_bad_format(game: Ledger) -> None:
    run = game("statement", "--player", "Zed", expect=1)
    assert "--player: unknown-player" in run.stderr
    game("statement", "--format", "docx", expect=2)
    assert not (game.folder / "statements").exists()  # refused: nothing was written
