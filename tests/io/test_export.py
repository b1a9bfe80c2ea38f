"""`ledger export` through the real CLI on real workbooks: a Triplanetary campaign (two banks,
a ship, its crew's wages) and an Egon round. The interop tests hand the files to the real
hledger and bean-check and compare their balances with `ledger balance --json` to the cent."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

from tests.conftest import Ledger, program


def campaign(game: Ledger) -> Ledger:
    """Ann, Bob Lee (a space in the name) and Sam the Patrol: a payment to Bob's Mars bank with
    a memo full of quotes and a semicolon, a transport and its crew, 45 days of wages."""
    game(
        "new",
        "--game",
        "triplanetary",
        "--seed",
        "7",
        "-p",
        "Ann",
        "-p",
        "Bob Lee",
        "--patrol",
        "Sam",
        "--force",
    )
    game("pay", "Ann", "Bob Lee", "1.05", "--to-bank", "Mars", "--memo", 'ore; "fine" deal')
    game("buy", "Ann", "transport", "--name", "Nomad")
    game("hire", "Ann", "--ship", "Nomad")
    game("tick", "45")
    return game


def egon(ledger: Ledger) -> Ledger:
    ledger("new", "--game", "egon", "--player", "ABC", "--player", "BOB", "--player", "CAT")
    ledger("draw", "--numbers", "1,2,3,4,5,6", "--zz", "7", "--z6", "6")
    ledger("tick")
    ledger("pay", "ABC", "BOB", "12.34")
    return ledger


def expected_hledger(ledger: Ledger, assets: set[str]) -> dict[str, Decimal]:
    """`ledger balance --json`'s accounts under the documented names."""
    accounts = ledger("balance", "--json").json()["accounts"]
    return {
        ("assets:" if a.startswith("cash:") or a in assets else "equity:") + a: Decimal(v)
        for a, v in accounts.items()
    }


def test_hledger_text_of_a_campaign(game: Ledger) -> None:
    campaign(game)
    text = game("export", "--format", "hledger").stdout
    assert "commodity 1000.00 KC\n" in text
    assert "account assets:cash:Bob Lee:Mars\n" in text and "account equity:bank\n" in text
    assert "account assets:patrol\n" in text and "account equity:crews\n" in text
    # day 0 is 2000-01-01; the memo's semicolon would start a comment: it is a comma
    assert (
        '2000-01-01 ore, "fine" deal  ; txn:4, day:0, kind:pay, rule:, event:cli:pay\n'
        "    assets:cash:Ann:Ceres" in text
    )
    assert "starting money of Sam  ; txn:3, day:0, kind:opening, rule:§6, event:new" in text
    assert "    assets:cash:Bob Lee:Mars" in text and "1.05 KC\n" in text
    journal = game("journal", "--json").json()
    assert text.count("  ; txn:") == len(journal)
    last = journal[-1]
    assert last["day"] > 0  # the tick's wages: day 45 or before
    assert f"; txn:{last['txn']}, day:{last['day']}," in text


def test_beancount_and_csv_of_an_egon_game(ledger: Ledger) -> None:
    egon(ledger)
    bean = ledger("export", "--format", "beancount").stdout
    assert 'option "operating_currency" "KJ"' in bean  # Kj in capitals, as beancount wants
    assert "2000-01-01 open Assets:Cash:ABC KJ\n" in bean
    assert "2000-01-01 open Equity:World KJ\n" in bean
    assert '2000-01-02 * "ABC pays BOB"\n' in bean  # round 1 is 2000-01-02
    assert "  Assets:Cash:BOB" in bean and "12.34 KJ\n" in bean
    rows = list(csv.DictReader(io.StringIO(ledger("export", "--format", "csv").stdout)))
    journal = ledger("journal", "--json").json()
    assert len(rows) == sum(len(t["postings"]) for t in journal)
    pay = [r for r in rows if r["txn"] == str(journal[-1]["txn"])]
    assert [(r["account"], r["amount"], r["currency"], r["date"], r["day"]) for r in pay] == [
        ("cash:ABC", "-12.34", "Kj", "2000-01-02", "1"),
        ("cash:BOB", "12.34", "Kj", "2000-01-02", "1"),
    ]
    assert {r["kind"] for r in rows} >= {"opening", "pay"}


def test_out_file_and_refusals(game: Ledger) -> None:
    out = game.folder / "books.journal"
    run = game("export", "--format", "hledger", "--out", str(out))
    assert out.read_text(encoding="utf-8") == game("export", "--format", "hledger").stdout
    assert "wrote" in run.stderr and "3 transactions" in run.stderr
    run = game("export", "--format", "ledger-cli", expect=2)
    assert "unknown format 'ledger-cli'; one of: hledger, beancount, csv" in run.stderr
    (game.folder / "ledger.xlsx").unlink()
    assert game("export", "--format", "csv", expect=1).stdout == ""


# -- the real programs ------------------------------------------------------------------------


def hledger_balances(exe: str, journal: Path) -> dict[str, Decimal]:
    subprocess.run([exe, "-f", str(journal), "check", "--strict"], check=True)
    out = subprocess.run(
        [exe, "-f", str(journal), "balance", "--flat", "--empty", "-O", "json"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    rows = json.loads(out)[0]
    found = {}
    for name, _, _, amounts in rows:
        (amount,) = amounts
        q = amount["aquantity"]
        found[name] = Decimal(q["decimalMantissa"]).scaleb(-q["decimalPlaces"])
    return found


@pytest.mark.interop
@pytest.mark.parametrize("which", ["campaign", "egon"])
def test_hledger_agrees_to_the_cent(ledger: Ledger, which: str) -> None:
    exe = program("hledger")
    if which == "campaign":
        ledger.new()
        campaign(ledger)
    else:
        egon(ledger)
    path = ledger.folder / "books.journal"
    ledger("export", "--format", "hledger", "--out", str(path))
    found = hledger_balances(exe, path)
    want = expected_hledger(ledger, {"patrol"})
    assert {k: v for k, v in found.items() if v} == {k: v for k, v in want.items() if v}
    assert sum(found.values()) == 0


def bean_check() -> str:
    beside = Path(sys.executable).with_name("bean-check")
    return str(beside) if beside.exists() else program("bean-check")


@pytest.mark.interop
@pytest.mark.parametrize("which", ["campaign", "egon"])
def test_bean_check_accepts_and_agrees(ledger: Ledger, which: str) -> None:
    exe = bean_check()
    pytest.importorskip("beancount")
    from beancount import loader
    from beancount.core import data

    if which == "campaign":
        ledger.new()
        campaign(ledger)
    else:
        egon(ledger)
    path = ledger.folder / "books.beancount"
    ledger("export", "--format", "beancount", "--out", str(path))
    check = subprocess.run([exe, str(path)], capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr
    entries, errors, _ = loader.load_file(str(path))
    assert not errors
    found: dict[str, Decimal] = {}
    for e in entries:
        if isinstance(e, data.Transaction):
            for p in e.postings:
                found[p.account] = found.get(p.account, Decimal(0)) + p.units.number
    want = {
        ":".join(part[0].upper() + part[1:] for part in k.replace(" ", "-").split(":")): v
        for k, v in expected_hledger(ledger, {"patrol"}).items()
    }
    assert {k: v for k, v in found.items() if v} == {k: v for k, v in want.items() if v}


def test_a_day_past_what_a_date_holds_is_a_problem_not_an_overflow() -> None:
    from ledger.core.problems import ProblemsFound
    from ledger.io.export import day_date

    assert day_date(1_000_000) == "4737-11-28"
    with pytest.raises(ProblemsFound) as caught:
        day_date(3_000_000)
    assert caught.value.problems[0].code == "bad-day"
