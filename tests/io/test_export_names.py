"""Issue 28, items 5 to 7: what an export writes is what the books hold, account for account and
text for text. Names that differ only in spaces are one name (as names that differ only in
case); every exported hledger account maps back to exactly one of ledger's; a CSV read back
gives the same rows and totals and holds nothing a spreadsheet would run as a formula; a memo
or name that starts with one of hledger's marks (`*`, `!`, `(x)`) comes back whole."""

from __future__ import annotations

import csv
import json
import re
import subprocess
from collections import Counter
from decimal import Decimal
from pathlib import Path
from urllib.parse import unquote

import pytest

from tests.conftest import Ledger, add_rows, program

#: Names `ledger new` accepts, each awkward somewhere: two spaces (alone, without a `Bo b`),
#: hledger's and beancount's special characters, `%` (hledger's escape here), letters of other
#: scripts; no two differ only in case or spaces. A name a spreadsheet takes for a formula
#: (`=1+1`, `-Eve`, `@Fay`) is refused since issue 36; the memos below still start so.
AWKWARD = (
    "Bo  b",
    "Bo %20b",
    "Bo_b",
    "*Ann",
    "!Cy",
    "(x) Di",
    "_x) Di",
    "[Ed]",
    "a;b",
    "Zoë",
    "日本",
    "O'Neil",
    'Say "hi"',
    "x|y",
    "50%",
)

#: Memos that start with hledger's marks or a formula's first character, or hold a bare CR.
MEMOS = ("*star", "!bang", "(x) code", "(open", "* spaced", "=HYPERLINK(1)", "+1", "@SUM(A1)")


def awkward_game(ledger: Ledger) -> Ledger:
    args = ["new", "--game", "triplanetary", "--seed", "7", "--patrol", "Sam"]
    for name in AWKWARD:
        args += ["--player", name]
    ledger.fresh(*args)
    for memo, a, b in zip(MEMOS, AWKWARD, AWKWARD[1:], strict=False):
        ledger("pay", a, b, "1.05", f"--memo={memo}")
    return ledger


def ledger_balances(ledger: Ledger) -> dict[str, Decimal]:
    """Each account's sum, from the journal's own postings (as `journal --json` lists them)."""
    sums: Counter[str] = Counter()
    for t in ledger("journal", "--json").json():
        for p in t["postings"]:
            sums[p["account"]] += Decimal(p["amount"])
    return dict(sums)


def back(hledger_name: str) -> str:
    """An exported hledger account back to ledger's account: the root off, `%XX` undone."""
    root, _, rest = hledger_name.partition(":")
    assert root in ("assets", "equity"), hledger_name
    return unquote(rest)


# -- 5: one name, one account -------------------------------------------------------------


def test_28_names_that_differ_only_in_spaces_are_one_player(ledger: Ledger) -> None:
    for twin in ("Bo  b", "BO B", "Bo\u00a0b", "Bo \u2003b"):
        run = ledger(
            "new", "--game", "triplanetary", "-p", "Bo b", "-p", twin, "-p", "Ann", expect=1
        )
        assert "--player: duplicate-player" in run.stdout + run.stderr, twin
        assert not ledger.path.exists()
    ledger.new("Bo b", "Ann")
    ledger("pay", "Ann", "Bo  b", "1")  # typed with two spaces, it is still Bo b
    assert ledger.balances()["player:Bo b"] == "26.00"
    add_rows(ledger.path, "Players", [["Bo  b", "player"]])  # typed by hand in the sheet
    out = ledger("check", expect=1).stdout
    assert "Players!A5: duplicate-player 'Bo  b' is already a player at Players!A2" in out
    run = ledger("export", "--format", "hledger", expect=1)  # never one account for the two
    assert "Players!A5: duplicate-player" in run.stdout + run.stderr and "assets:" not in run.stdout


def test_28_every_exported_hledger_account_is_one_of_ledgers(ledger: Ledger) -> None:
    awkward_game(ledger)
    want = ledger_balances(ledger)
    assert {"cash:Bo  b:Ceres", "cash:Bo %20b:Ceres", "cash:_x) Di:Ceres"} <= set(want)
    text = ledger("export", "--format", "hledger").stdout
    declared = re.findall(r"^account (.+)$", text, flags=re.M)
    assert len(declared) == len(set(declared)) == len(want)
    assert {back(n) for n in declared} == set(want)
    found: Counter[str] = Counter()
    for line in text.splitlines():
        if line.startswith("    "):
            posting = re.fullmatch(r"    (.+?)  +(-?\d+\.\d\d) \S+", line)
            assert posting, line
            found[back(posting[1])] += Decimal(posting[2])
    assert dict(found) == want


@pytest.mark.interop
def test_28_hledger_reads_every_account_back_apart(ledger: Ledger) -> None:
    exe = program("hledger")
    awkward_game(ledger)
    want = ledger_balances(ledger)
    path = ledger.folder / "books.journal"
    ledger("export", "--format", "hledger", "--out", str(path))
    names = subprocess.run(
        [exe, "accounts", "-f", str(path)], check=True, capture_output=True, text=True
    ).stdout.splitlines()
    assert len(names) == len(want) and {back(n) for n in names} == set(want)
    rows = json.loads(
        subprocess.run(
            [exe, "-f", str(path), "balance", "--flat", "--empty", "-O", "json"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    )[0]
    found = {}
    for name, _, _, amounts in rows:
        (amount,) = amounts
        q = amount["aquantity"]
        found[back(name)] = Decimal(q["decimalMantissa"]).scaleb(-q["decimalPlaces"])
    assert found == want


# -- 6: CSV -------------------------------------------------------------------------------


def read_csv(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def test_28_csv_keeps_a_bare_cr_in_its_field(game: Ledger) -> None:
    # typed in the Events sheet's cells (`ledger pay --memo` refuses them since issue 36)
    add_rows(
        game.path,
        "Events",
        [
            ["E1", None, "pay", "Ann", "Bob", 1.19, None, "ore\rfuel"],
            ["E2", None, "pay", "Bob", "Ann", 2.00, None, "a,b\r\nc"],
        ],
    )
    game("post")
    path = game.folder / "books.csv"
    game("export", "--format", "csv", "--out", str(path))
    rows = read_csv(path)
    journal = game("journal", "--json").json()
    assert len(rows) == sum(len(t["postings"]) for t in journal)
    assert [r["memo"] for r in rows[-4:]] == ["ore\rfuel"] * 2 + ["a,b\r\nc"] * 2
    totals: Counter[str] = Counter()
    for r in rows:
        totals[r["account"]] += Decimal(r["amount"])
    assert {a: f"{v:.2f}" for a, v in totals.items() if v} == {
        a: v for a, v in game("balance", "--json").json()["accounts"].items() if Decimal(v)
    }


def test_28_csv_text_that_looks_like_a_formula_is_marked_as_text(ledger: Ledger) -> None:
    awkward_game(ledger)
    ledger("pay", "Bo  b", "Zoë", "1", "--memo=-2")
    ledger("pay", "Bo  b", "Zoë", "1", "--memo='quoted'")
    path = ledger.folder / "books.csv"
    ledger("export", "--format", "csv", "--out", str(path))
    rows = read_csv(path)
    memos = [r["memo"] for r in rows if r["kind"] == "pay"][::2]
    assert memos == [
        "*star",
        "!bang",
        "(x) code",
        "(open",
        "* spaced",
        "'=HYPERLINK(1)",
        "'+1",
        "'@SUM(A1)",
        "'-2",
        "''quoted'",  # dropping one leading ' always gives the memo back
    ]
    for r in rows:
        for column in ("kind", "memo", "rule", "event", "account", "currency"):
            assert not r[column].startswith(("=", "+", "-", "@", "\t", "\r")), r
    # amounts stay numbers, bare in the file; a negative one is not marked
    raw = path.read_text(encoding="utf-8")
    assert '"cash:Bo  b:Ceres",-1.00,"KC"\n' in raw and "'-" not in raw.replace("'-2", "")
    assert {r["amount"] for r in rows} >= {"-1.00", "1.00", "-1.05", "1.05"}


# -- 7: hledger's marks -------------------------------------------------------------------


def test_28_hledger_text_keeps_marks_out_of_the_status_and_code(ledger: Ledger) -> None:
    awkward_game(ledger)
    text = ledger("export", "--format", "hledger").stdout
    for memo in MEMOS:
        if memo.startswith(("*", "!", "(")):
            assert re.search(rf"^2000-01-01 \(\) {re.escape(memo)}  ; txn:", text, re.M), memo
        else:
            assert re.search(rf"^2000-01-01 {re.escape(memo)}  ; txn:", text, re.M), memo


@pytest.mark.interop
def test_28_hledger_gives_every_memo_and_name_back_whole(ledger: Ledger) -> None:
    exe = program("hledger")
    awkward_game(ledger)
    path = ledger.folder / "books.journal"
    ledger("export", "--format", "hledger", "--out", str(path))
    printed = json.loads(
        subprocess.run(
            [exe, "print", "-f", str(path), "-O", "json"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    )
    journal = {t["txn"]: t for t in ledger("journal", "--json").json()}
    assert len(printed) == len(journal)
    for t in printed:
        txn = int(dict(t["ttags"])["txn"])
        mine = journal[txn]
        assert (t["tdescription"], t["tstatus"], t["tcode"]) == (
            mine["memo"].replace(";", ","),  # hledger has no way to keep a ; in a description
            "Unmarked",
            "",
        )
        assert [back(p["paccount"]) for p in t["tpostings"]] == [
            p["account"] for p in mine["postings"]
        ]
    assert {journal[t]["memo"] for t in journal} >= set(MEMOS)
    assert {f"starting money of {n}" for n in AWKWARD} <= {t["memo"] for t in journal.values()}


@pytest.mark.interop
def test_28_beancount_keeps_every_account_and_memo_apart(ledger: Ledger) -> None:
    from tests.io.test_export import bean_check

    exe = bean_check()
    pytest.importorskip("beancount")
    from beancount import loader
    from beancount.core import data

    awkward_game(ledger)
    want = ledger_balances(ledger)
    path = ledger.folder / "books.beancount"
    ledger("export", "--format", "beancount", "--out", str(path))
    check = subprocess.run([exe, str(path)], capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr
    entries, errors, _ = loader.load_file(str(path))
    assert not errors
    opened = [e.account for e in entries if isinstance(e, data.Open)]
    assert len(opened) == len(set(opened)) == len(want)
    journal = {t["txn"]: t for t in ledger("journal", "--json").json()}
    pairs = set()
    for e in (e for e in entries if isinstance(e, data.Transaction)):
        mine = journal[int(e.meta["txn"])]
        assert (e.narration, e.flag) == (mine["memo"], "*")
        for theirs, posting in zip(e.postings, mine["postings"], strict=True):
            assert theirs.units.number == Decimal(posting["amount"])
            pairs.add((posting["account"], theirs.account))
    # one beancount account for one ledger account, and the other way round
    assert len(pairs) == len({a for a, _ in pairs}) == len({b for _, b in pairs}) == len(want)
