"""The PDF statement is the statement as printed: a long period's journal lines grouped by day
and kind, alike warnings named together, long tables listed in short; a few pages however long
the period, every total the same as the full HTML statement's and as `balance`. The players'
PDFs are typeset side by side and come out byte for byte as one at a time."""

from __future__ import annotations

import contextlib
import random
import re
import subprocess
from decimal import Decimal
from pathlib import Path

import pytest

from ledger.core.journal import Draft, Posting
from ledger.core.money import Money
from ledger.core.start import new_books
from ledger.io.workbook import Loaded, write
from ledger.rules import load_game
from tests.conftest import Ledger, edit_cells, ledger_frames, one, program

PLAYERS = ["Ann", "Bob", "Cleo"]
DAYS = 90


def long_period(path: Path, transactions: int = 5000) -> None:
    """Three players' 5,000 transactions (10,000 journal rows) over 90 days, of five kinds."""
    rnd = random.Random(3)
    books = new_books(load_game("triplanetary"), PLAYERS, "Sam", seed=1)
    kc = books.currency
    for p in PLAYERS:
        prize = (
            Posting("bank", Money(Decimal(-100_000), kc)),
            Posting(f"cash:{p}:Ceres", Money(Decimal(100_000), kc)),
        )
        books.journal.post(Draft("pay", f"prize money for {p}", prize), 0)
    for i in range(transactions):
        day = 1 + i * DAYS // transactions
        who, other = rnd.sample(PLAYERS, 2)
        cash = f"cash:{who}:Ceres"
        amount = Money(Decimal(rnd.randint(100, 9_999)) / 100, kc)
        kind = ("pay", "wages", "buy", "fine", "sale")[rnd.randrange(5)]
        to = {"pay": f"cash:{other}:Ceres", "wages": "crews", "buy": "suppliers", "fine": "patrol"}
        if kind == "sale":
            postings = (Posting("market", -amount), Posting(cash, amount))
        else:
            postings = (Posting(cash, -amount), Posting(to[kind], amount))
        books.journal.post(Draft(kind, f"{who} {kind} {i}", postings), day)
    books.settings.values["day"] = DAYS
    write(path, Loaded(books, []))


def nets(ledger: Ledger, player: str) -> list[Decimal]:
    """What each of the player's transactions moved, read back from the workbook."""
    from ledger.app.pipeline import read_books

    books, _ = read_books(ledger.path)
    who = books.player(player)
    assert who is not None
    mine = set(books.player_accounts(who))
    out = []
    for t in books.journal:
        touched = [p.amount.amount for p in t.postings if p.account in mine]
        if touched:
            out.append(sum(touched, Decimal(0)))
    return out


def money(amount: Decimal) -> str:
    return f"{amount:,.2f}"


@pytest.mark.interop
def test_a_long_periods_pdf_is_grouped_by_day_and_kind_in_a_few_pages_with_the_balances_totals(
    ledger: Ledger,
) -> None:
    pdftotext = program("pdftotext")
    long_period(ledger.path)
    ledger("statement", "--player", "Ann", "--since", "0", "--format", "pdf")
    ledger("statement", "--player", "Ann", "--since", "0")
    pdf = one(ledger.folder / "statements", f"Ann-day-{DAYS:04d}-txn-*.pdf")
    text = subprocess.run(
        [pdftotext, "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    flat = re.sub(r"\s+", " ", text)
    pages = int(re.findall(r"page 1 of (\d+)", flat)[0])
    lines = nets(ledger, "Ann")
    assert len(lines) > 1800  # a long period: some forty pages listed line by line
    assert pages <= 4, pages
    assert f"{len(lines)} lines by" in flat and "and kind" in flat
    assert "the HTML statement and the workbook's Journal sheet have every line" in flat
    closing = Decimal(ledger("balance", "--player", "Ann", "--json").json()["players"]["Ann"])
    assert f"closing {money(closing)}" in flat
    money_in = sum((x for x in lines if x > 0), Decimal(0))
    money_out = -sum((x for x in lines if x < 0), Decimal(0))
    assert closing == money_in - money_out  # the period is the whole game
    assert f"In: {money(money_in)} · out: {money(money_out)} KC" in flat
    # the HTML statement keeps every line, with the same totals
    html = one(ledger.folder / "statements", f"Ann-day-{DAYS:04d}-txn-*.html").read_text()
    journal = html[html.index("<h2>Journal lines of the period</h2>") :]
    assert journal.count("<tr>") == 1 + len(lines)
    assert f"In: {money(money_in)} · out: {money(money_out)} KC" in journal


@pytest.mark.interop
def test_the_printed_journal_groups_add_up_to_the_totals(ledger: Ledger) -> None:
    pdftotext = program("pdftotext")
    long_period(ledger.path)
    ledger("statement", "--player", "Bob", "--format", "pdf")  # the last 30 days
    pdf = one(ledger.folder / "statements", f"Bob-day-{DAYS:04d}-txn-*.pdf")
    text = subprocess.run(
        [pdftotext, "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    journal = text[text.index("Journal lines of the period") :]
    rows = re.findall(r"^\s*(\d+(?:–\d+)?) +(\d+) × (\w+) .*?$", journal, re.M)
    assert rows and {kind for _, _, kind in rows} == {"pay", "wages", "buy", "fine", "sale"}
    bob = nets(ledger, "Bob")[-sum(int(n) for _, n, _ in rows) :]
    total = re.search(r"In: ([\d,.]+) · out: ([\d,.]+) KC", journal)
    assert total is not None
    assert Decimal(total[1].replace(",", "")) == sum((x for x in bob if x > 0), Decimal(0))
    assert Decimal(total[2].replace(",", "")) == -sum((x for x in bob if x < 0), Decimal(0))


@pytest.mark.slow
def test_every_players_pdf_typeset_side_by_side_is_the_one_typeset_alone(
    ledger: Ledger, tmp_path: Path
) -> None:
    long_period(ledger.path, transactions=600)
    ledger("statement", "--all", "--format", "pdf", "--out", str(tmp_path / "all"))
    for name in PLAYERS:
        ledger("statement", "--player", name, "--format", "pdf", "--out", str(tmp_path / name))
        alone = one(tmp_path / name, f"{name}-day-{DAYS:04d}-txn-*.pdf")
        assert alone.read_bytes()[:5] == b"%PDF-"
        together = one(tmp_path / "all", f"{name}-day-{DAYS:04d}-txn-*.pdf")
        assert together.name == alone.name
        assert together.read_bytes() == alone.read_bytes(), name


@pytest.mark.slow
def test_pdfs_typeset_by_two_processes_are_those_typeset_one_by_one() -> None:
    from ledger.io.typeset import Typesetter, html_to_pdf, htmls_to_pdfs

    htmls = [f"<h1>Statement {i}</h1><p>{'line ' * 40 * i}</p>" for i in range(1, 4)]
    one_by_one = [html_to_pdf(h) for h in htmls]
    assert htmls_to_pdfs(htmls, workers=2) == one_by_one
    assert len(set(one_by_one)) == 3
    with Typesetter(2) as early:  # started before the statements are laid out
        assert early.pool is not None
        assert early.pdfs(htmls) == one_by_one


@pytest.mark.slow
def test_the_typesetters_started_early_are_gone_when_the_read_fails(game: Ledger) -> None:
    import multiprocessing

    edit_cells(game.path, {"Players!A2": None})  # a player with no name: the read fails
    run = game("statement", "--all", "--format", "pdf", expect=1)
    assert "Players!" in run.stdout + run.stderr
    assert multiprocessing.active_children() == []


@pytest.mark.slow
@pytest.mark.parametrize(
    ("after", "again"),  # starting, reading, typesetting; pressed twice while it stops
    [(0.05, None), (0.4, None), (1.2, None), (1.2, 0.2)],
)
def test_ctrl_c_while_the_pdfs_are_made_is_answered_once_without_a_traceback(
    ledger: Ledger, after: float, again: float | None
) -> None:
    import os
    import signal
    import subprocess
    import sys
    import time

    long_period(ledger.path, transactions=600)
    run = subprocess.Popen(
        [sys.executable, "-m", "ledger", "statement", "--all", "--format", "pdf"],
        cwd=ledger.folder,
        env={**os.environ, "LEDGER_WORKBOOK": str(ledger.path)},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,  # its own process group, as a terminal's Ctrl-C reaches it
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    time.sleep(after)
    os.killpg(run.pid, signal.SIGINT)
    if again is not None:
        time.sleep(again)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(run.pid, signal.SIGINT)
    out = run.communicate(timeout=60)[0].decode()
    assert not ledger_frames(out), out  # no traceback through ledger's code
    if "Traceback" not in out:  # (else it met Python's own start, before ledger's first line)
        # 130, or ended by the Ctrl-C itself after answering it (a shell shows both as 130)
        assert run.returncode in (0, 130, -signal.SIGINT), out
        finished = [line for line in out.splitlines() if line.startswith("wrote ")]
        if run.returncode == -signal.SIGINT and len(finished) == 4:
            # the work was done and said: the Ctrl-C came while Python was ending, after its
            # handlers were put back to the system's (a shell shows 130); what it said is true
            assert all(Path(line.split()[1]).is_file() for line in finished), out
        elif run.returncode:
            assert out.strip().endswith("interrupted; nothing was written.") or (
                "interrupted; the workbook was not changed. Written before it" in out
            ), out
    for _ in range(50):  # a process that has just ended may linger a moment as a zombie
        try:
            os.killpg(run.pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.1)
    else:
        pytest.fail("a typesetting process outlived the command")
