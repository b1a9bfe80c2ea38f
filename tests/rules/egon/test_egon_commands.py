"""The game master's commands of the Egon-Spiel (item 20 of issue 12): one order a phase (4.1)
refused at `ledger order`, `--replace` and `--delete ROW`, a party's guest list (6.1), a round's
orders from a file (all or none), and `ledger purchase` / `ledger build` for the buying phase
(section 3) and building (section 7).

Each test plays a game on books in memory (tests/memory.py) but what only the command does
(`order --help`, a round's orders read from a file by `order --file`, a refusal saying nothing
was written), which runs the real CLI on a real workbook.

Fresh game: ABC, BOB, CAT with 1000 Kj each, towers of 12, round 0. Orders rows start at row 2.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.conftest import Ledger, rows
from tests.memory import Table, table


def egon() -> Table:
    """The fresh game as `ledger new --game egon` makes it (its seed, 1)."""
    return table(game="egon", players=("ABC", "BOB", "CAT"), seed=1)


def orders(t: Table) -> list[tuple[int, str, str]]:
    return [(o["round"], o["player"], o["order"]) for o in t.rows("Orders")]


def purchases(t: Table) -> list[tuple[str, int, float, int, str | None]]:
    return [
        (p["player"], p["stones"], p["cost"], p["build"], p["note"]) for p in t.rows("Purchases")
    ]


def play_round(t: Table) -> None:
    # 1..6 and ZZ 7: salary 10 x 28 + 10 x tower.
    t("draw --numbers 1,2,3,4,5,6 --zz 7 --z6 6")
    t("tick")


def player(t: Table, name: str) -> dict[str, Any]:
    """A player as `ledger status --json` has them."""
    found: dict[str, Any] = t.status()["players"][name]
    return found


# -- what only the command does: the real CLI on a real workbook


def egon_file(ledger: Ledger) -> Ledger:
    ledger.fresh("new", "--game", "egon", "--player", "ABC", "--player", "BOB", "--player", "CAT")
    return ledger


def orders_file(ledger: Ledger) -> list[tuple[int, str, str]]:
    return [(o["round"], o["player"], o["order"]) for o in rows(ledger.path, "Orders")]


def test_20_4_1_second_order_same_phase_refused() -> None:
    t = egon()
    t("order ABC x,5,BOB")
    said = t.refusal("order abc l,17")
    assert "CODE: second-order ABC already has an order for action phase 1 of round 1" in said
    assert "x,5,BOB in Orders!B2" in said and "4.1" in said
    assert "--replace" in said and "ledger order --delete 2" in said
    assert "Traceback" not in said
    assert orders(t) == [(1, "ABC", "x,5,BOB")]
    t("order ABC i,2")  # the second action phase is another matter
    assert orders(t) == [(1, "ABC", "x,5,BOB"), (1, "ABC", "i,2")]


def test_20_order_replace() -> None:
    t = egon()
    t("order ABC x,5,BOB")
    t("order BOB v")
    said = t("order ABC l,17 --replace")
    assert "ABC orders l,17 (replaces x,5,BOB in Orders!B2)" in said
    assert orders(t) == [(1, "ABC", "l,17"), (1, "BOB", "v")]
    # --replace without an order to replace adds it
    t("order CAT i,1 --replace")
    assert orders(t)[-1] == (1, "CAT", "i,1")


def test_20_order_delete_row() -> None:
    t = egon()
    t("order ABC x,5,BOB")
    t("order BOB v")
    for row, code, words in (
        ("x", "--delete: bad-row", "'x' is not a row number of the Orders sheet"),
        ("9", "--delete: no-such-row", "row 9 of the Orders sheet holds no order"),
        ("1", "--delete: no-such-row", "(the orders are in rows 2-3)"),
    ):
        said = t.refusal(f"order --delete {row}")
        assert code in said and words in said, said
    said = t.refusal("order --delete 2 ABC")
    assert "PLAYER: conflicting-arguments --delete ROW takes no PLAYER" in said
    said = t("order --delete 2")
    assert "removed Orders!B2: round 1: ABC x,5,BOB" in said
    assert orders(t) == [(1, "BOB", "v")]
    play_round(t)
    said = t.refusal("order --delete 2")
    assert "--delete: evaluated Orders!B2: BOB v was evaluated with round 1" in said
    assert orders(t) == [(1, "BOB", "v")]


def test_20_6_1_party_without_guests_refused(ledger: Ledger) -> None:
    t = egon()
    said = t.refusal("order CAT p,300")
    assert "CODE: party-without-guests" in said and "(6.1)" in said
    assert "hint: name the guests after the amount" in said
    assert "p,300,ABC,BOB" in said
    assert orders(t) == []
    t("order CAT p,300,ABC,BOB")
    assert orders(t) == [(1, "CAT", "p,300,ABC,BOB")]
    help_text = " ".join(egon_file(ledger)("order", "--help").stdout.split())  # the command's own
    assert "p,Betrag,Gast,..." in help_text and "p,300 alone is refused" in help_text


def test_20_order_file_all_or_none(ledger: Ledger, tmp_path: Path) -> None:
    egon_file(ledger)
    ledger("order", "CAT", "v")
    bad = tmp_path / "ROUND.txt"
    bad.write_text(
        "# round 1, as the letters came\n"
        "ABC x,5,BOB\n"
        "\n"
        "BOB l,77      # line 4: Losnummer out of range\n"
        "CAT a,ABC\n"  # line 5: CAT has his phase-1 order in the sheet already
        "ABC i,2\n"
        "ABC b,1\n"  # line 7: ABC's second order of phase 2 in this file
        "BOB\n"  # line 8: no order
        "BOB p,100\n",  # line 9: a party without guests
        encoding="utf-8",
    )
    run = ledger("order", "--file", str(bad), expect=1)
    where = [line.split(": ")[0] for line in run.stderr.splitlines() if ": " in line]
    assert [w for w in where if w.startswith(str(bad))] == [
        f"{bad}:{n}" for n in (4, 5, 7, 8, 9)
    ], run.stderr
    assert f"{bad}:5: second-order CAT a,ABC: CAT already has an order" in run.stderr
    assert f"{bad}:7: second-order" in run.stderr and f"{bad}:6)" in run.stderr
    assert f"{bad}:9: party-without-guests" in run.stderr
    assert "5 problems; nothing was written." in run.stderr
    assert orders_file(ledger) == [(1, "CAT", "v")]

    good = tmp_path / "ROUND2.txt"
    good.write_text("# round 1\nABC x,5,BOB\n\nBOB l,7\nABC i,2  # import\nCAT a,ABC\n")
    run = ledger("order", "--file", str(good), "--replace")
    assert orders_file(ledger) == [
        (1, "CAT", "a,ABC"),
        (1, "ABC", "x,5,BOB"),
        (1, "BOB", "l,07"),
        (1, "ABC", "i,2"),
    ]

    for path, code in ((tmp_path / "none.txt", "file-not-found"), (tmp_path, "not-a-file")):
        run = ledger("order", "--file", str(path), expect=1)
        assert f"--file: {code}" in run.stderr and "Traceback" not in run.stderr
    latin = tmp_path / "latin.txt"
    latin.write_bytes("ABC g,Alois,200 # für Händler\n".encode("latin-1"))
    run = ledger("order", "--file", str(latin), expect=1)
    assert "--file: not-text" in run.stderr
    run = ledger("order", "--file", str(good), "ABC", expect=1)
    assert "PLAYER: conflicting-arguments --file takes no PLAYER" in run.stderr


def test_20_3_purchase_command() -> None:
    t = egon()
    said = t("purchase BOB 3 180 --note Alois")
    assert "round 1: BOB buys 3 stone(s) for 180.00 Kj (Alois)" in said
    said = t.refusal("purchase bob 4 250")
    assert "PLAYER: second-purchase BOB has a purchase in round 1 already" in said
    assert "Purchases!B2" in said and "ledger purchase --delete 2" in said
    said = t.refusal("purchase ZED 0 1,5")
    assert "PLAYER: unknown-player" in said
    assert "STONES: bad-number" in said and "COST: bad-amount" in said
    said = t.refusal("purchase CAT 2")
    assert "COST: missing-argument" in said
    said = t("purchase BOB 4 250 --replace --note 'Alois, Bolle'")
    assert "(replaces 3 for 180.00 Kj in Purchases!B2)" in said
    assert purchases(t) == [("BOB", 4, 250, 0, "Alois, Bolle")]
    play_round(t)
    status = player(t, "BOB")
    # 1000 - 250 + salary 10 x 28 + 10 x 12 = 1150; the 4 stones in store
    assert (status["cash"], status["store"]) == ("1150.00", 4)
    said = t.refusal("purchase --delete 2")
    assert "--delete: evaluated Purchases!B2: round 1 is evaluated" in said


def test_20_7_build_command() -> None:
    t = egon()
    t("purchase BOB 3 180")
    said = t("build BOB 1")
    assert "round 1: BOB builds 1 stone(s) onto the tower" in said
    said = t.refusal("build BOB 2")
    assert "PLAYER: second-build BOB builds in round 1 already: 1 stone(s) in Purchases!B3" in (
        said
    )
    assert "ledger build --delete 3" in said
    said = t.refusal("build BOB x")
    assert "STONES: bad-number" in said
    said = t.refusal("build --delete 2")  # row 2 is BOB's purchase
    assert "--delete: no-such-row" in said and "ledger purchase --delete 2" in said
    t("build BOB 2 --replace")
    t("purchase CAT 1 60")
    t("build CAT 1")
    t("build --delete 5")
    t("purchase --delete 4")
    assert purchases(t) == [("BOB", 3, 180, 0, None), ("BOB", 0, 0, 2, None)]
    play_round(t)
    status = player(t, "BOB")
    assert (status["store"], status["tower"]) == (1, 14)
    assert list(t.rows("Purchases")[1].values())[:5] == [1, "BOB", 0, 0, 2]
