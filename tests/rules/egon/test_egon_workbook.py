"""Das kleine Egon-Spiel through the real CLI: a whole round of twelve players with every order
kind, evaluated by `ledger tick` on a real workbook, checked number by number (the numbers are
worked out by hand in tests/rules/egon/test_egon_round.py::test_a_round_of_twelve_players)."""

from __future__ import annotations

from decimal import Decimal

from tests.conftest import Ledger, add_rows, edit_cells, rows, set_setting

TWELVE = ("ALF", "BEA", "CAT", "DAN", "EVA", "FIN", "GUS", "HAL", "IDA", "JON", "KAY", "LEO")
START = {  # cash, DI, store, tower at the start of round 3
    "ALF": ("2000", 8, 3, 20),
    "BEA": ("1500", 7, 0, 14),
    "CAT": ("1200", 9, 6, 16),
    "DAN": ("900", 10, 4, 40),
    "EVA": ("1000", 3, 5, 18),
    "FIN": ("800", 20, 0, 13),
    "GUS": ("600", 0, 2, 12),
    "HAL": ("700", 15, 1, 15),
    "IDA": ("1100", 6, 0, 17),
    "JON": ("500", 9, 3, 19),
    "KAY": ("1300", 20, 4, 22),
    "LEO": ("-2000", 2, 0, 12),
}
ORDERS = [
    "ALF: a,KAY",
    "BEA: a,Alois",
    "CAT: x,4,DAN",
    "DAN: v",
    "EVA: v",
    "FIN: l,23",
    "GUS: l,27",
    "HAL: f,900",
    "IDA: g,Alois,300",
    "JON: g,Bolle,250",
    "KAY: l,11",
    "LEO: g,Bolle,400",
    "ALF: i,2",
    "BEA: p,500,CAT,EVA,GUS",
    "CAT: b,2",
    "DAN: d,3,EVA",
    "EVA: s,300,DAN",
    "FIN: p,300,EVA,LEO",
    "GUS: s,100,ALF",
    "HAL: b,1",
    "IDA: s,320,DAN",
    "KAY: e,a,JON",
    "LEO: i,1",
]


def egon(ledger: Ledger) -> Ledger:
    args = ["new", "--game", "egon"]
    for name in TWELVE:
        args += ["--player", name]
    ledger(*args)
    return ledger


def test_a_round_of_twelve_players_through_the_cli(ledger: Ledger) -> None:
    egon(ledger)
    # the state at the start of round 3: cash through the journal, the rest in the sheets
    for name, (cash, _, _, _) in START.items():
        delta = Decimal(cash) - 1000
        if delta > 0:
            ledger("pay", "bank", name, str(delta))
        elif delta < 0:
            ledger("pay", name, "bank", str(-delta))
    cells = {}
    for row, name in enumerate(TWELVE, start=2):
        _, di, store, tower = START[name]
        cells |= {f"Players!C{row}": di, f"Players!D{row}": store, f"Players!E{row}": tower}
    cells |= {"Jackpots!B2": 3700, "Jackpots!B3": 1600, "Jackpots!B4": 950}
    edit_cells(ledger.path, cells)
    add_rows(
        ledger.path, "Blackmails", [["KAY", "i", None, 2, 150, 1]]
    )  # KAY forbade everyone to import in round 2
    set_setting(ledger.path, "day", 2)
    for line in ORDERS:
        player, code = line.split(": ")
        ledger(
            "order", player, code, *(["--justified-against", "KAY"] if line == "ALF: i,2" else [])
        )
    ledger("order", "JON", "e,v,alle", "--penalty-kj", "200")
    add_rows(
        ledger.path,
        "Purchases",
        [[3, "LEO", 5, 350, None, "Bolle, bribed"], [3, "DAN", 4, 240], [3, "CAT", 0, 0, 2]],
    )
    ledger("draw", "--numbers", "4,11,23,30,38,27", "--zz", "15", "--z6", "27", "--max-price", "70")
    assert ledger("check").exit_code == 0
    ledger("tick")

    status = ledger("status", "--json").json()
    assert status["round"] == 3
    expected = {
        # name: (cash, DI, store, tower), by hand in test_egon_round.py
        "ALF": ("3508.00", 8, 5, 20),
        "BEA": ("2620.00", 5, 0, 14),
        "CAT": ("2760.00", 11, 4, 18),
        "DAN": ("3465.00", 14, 22, 25),
        "EVA": ("3260.00", 3, 2, 18),
        "FIN": ("4468.33", 19, 0, 13),
        "GUS": ("4558.33", 0, 2, 12),
        "HAL": ("3180.00", 19, 1, 15),
        "IDA": ("2130.00", 10, 0, 17),
        "JON": ("1920.00", 9, 3, 19),
        "KAY": ("4233.33", 23, 5, 22),
        "LEO": ("-1950.00", 2, 4, 12),
    }
    got = {n: (v["cash"], v["di"], v["store"], v["tower"]) for n, v in status["players"].items()}
    assert got == expected
    assert {v["status"] for v in status["players"].values()} == {"frei"}
    # the books balance, every Kj change is a journal line with its rule
    accounts = ledger("balance", "--json").json()["accounts"]
    assert sum(Decimal(v) for v in accounts.values()) == 0
    rules = {t["rule"] for t in ledger("journal", "--since", "3", "--json").json()}
    assert {"5.3.1", "5.4", "5.4.5", "5.5.1", "6.2.1", "2"} <= rules
    # Results (one row per order and effect), the DI history, the jackpots, the blackmail for round 4
    results = rows(ledger.path, "Results")
    assert any(r["player"] == "DAN" and r["rule"] == "5.3.1" and r["kj"] == 1075 for r in results)
    history = rows(ledger.path, "DIHistory")
    assert any(
        h["player"] == "KAY" and h["rule"] == "6.6.5" and h["change"] == 3 and h["di"] == 23
        for h in history
    )
    assert [(j["class"], j["amount"]) for j in rows(ledger.path, "Jackpots")] == [
        ("A", 3200),
        ("B", 1600),
        ("C", 800),
    ]
    assert [
        (b["blackmailer"], b["action"], b["made_in_round"], b["penalty_kj"])
        for b in rows(ledger.path, "Blackmails")
    ] == [("JON", "v", 3, 200)]
    # the zine's printable results, one per player
    assert len(list((ledger.folder / "statements").glob("*-day-0003.html"))) == 12


def test_a_bad_order_is_refused_with_the_reason(ledger: Ledger) -> None:
    egon(ledger)
    for code, reason in (
        ("q,1", "unknown order code"),
        ("l,50", "01"),
        ("x,5", "fields"),
        ("a,ZZZ", "ZZZ"),
        ("g,Zeus,10", "Zeus"),
        ("f,-5", "negative"),
    ):
        run = ledger("order", "ALF", code, expect=1)
        assert "CODE: bad-order" in run.stderr and reason in run.stderr, (code, run.stderr)
    add_rows(ledger.path, "Orders", [[1, "ALF", "l,77"]])
    run = ledger("check", expect=1)
    assert "Orders!C2: bad-order" in run.stdout


def test_the_draw_comes_from_the_seed_and_is_recorded(ledger: Ledger) -> None:
    draws = []
    for _ in range(2):
        egon(ledger)
        ledger("draw")
        row = rows(ledger.path, "Rounds")[0]
        numbers = [int(x) for x in row["numbers"].split(",")]
        assert len(set(numbers)) == 6 and all(1 <= n <= 49 for n in numbers)
        assert 1 <= row["zz"] <= 49 and row["zz"] not in numbers and row["z6"] == numbers[-1]
        dice = rows(ledger.path, "Dice")
        assert dice[-1]["decided"] == "the Zusatzzahl (ZZ)"
        draws.append(row["numbers"])
        ledger.path.unlink()
        for f in ledger.folder.glob(".ledger.xlsx*"):
            if f.is_file():
                f.unlink()
    assert draws[0] == draws[1]


def test_a_draw_by_hand_is_checked(ledger: Ledger) -> None:
    egon(ledger)
    run = ledger("draw", "--numbers", "1,2,3,4,5", "--zz", "0", "--z6", "9", expect=1)
    assert (
        "--numbers: bad-draw" in run.stderr
        and "--zz: bad-draw" in run.stderr
        and "--z6: bad-draw" in run.stderr
    )


def test_tick_without_a_draw_says_what_to_do(ledger: Ledger) -> None:
    egon(ledger)
    run = ledger("tick", expect=1)
    assert "no-draw" in run.stderr and "ledger draw" in run.stderr


def test_pseudonyms_are_three_letters(ledger: Ledger) -> None:
    run = ledger("new", "--game", "egon", "--player", "Anna", "--player", "BOB", expect=1)
    assert "--player: not-a-pseudonym 'Anna' is not a three-letter pseudonym" in run.stderr
