"""Das kleine Egon-Spiel through the real CLI: a whole round of twelve players with every order
kind, evaluated by `ledger tick` on a real workbook, checked number by number (the numbers are
worked out by hand in tests/rules/egon/test_egon_round.py::test_a_round_of_twelve_players).

The refusals of orders and draws, and the draw from the seed, play the same twelve players on
books in memory (tests/memory.py); `ledger new` refusing a pseudonym stays on the CLI."""

from __future__ import annotations

from decimal import Decimal

import pytest

from ledger.rules.egon.orders import Blackmail
from tests.conftest import Ledger, add_rows, edit_cells, rows, set_setting
from tests.memory import Table, table
from tests.rules.egon.test_egon_round import TWELVE_EXPECTED, twelve_round

# The round of twelve players worked out by hand in test_egon_round.py: the same state, orders,
# purchases and expected figures, here through the CLI and a real workbook.
STATE, DRAW, ORDERS, PURCHASES, BUILDS = twelve_round()
TWELVE = tuple(p.name for p in STATE.players)


def egon(ledger: Ledger) -> Ledger:
    args = ["new", "--game", "egon"]
    for name in TWELVE:
        args += ["--player", name]
    ledger(*args)
    return ledger


def twelve() -> Table:
    """The twelve players' fresh game as `ledger new --game egon` makes it (its seed, 1), in
    memory."""
    return table(game="egon", players=TWELVE, seed=1)


@pytest.mark.slow
def test_a_round_of_twelve_players_through_the_cli(ledger: Ledger) -> None:
    egon(ledger)
    # the state at the start of round 3: cash through the journal, the rest in the sheets
    for p in STATE.players:
        delta = p.cash - 1000
        if delta > 0:
            ledger("pay", "bank", p.name, str(delta))
        elif delta < 0:
            ledger("pay", p.name, "bank", str(-delta))
    cells = {}
    for row, p in enumerate(STATE.players, start=2):
        cells |= {f"Players!C{row}": p.di, f"Players!D{row}": p.store, f"Players!E{row}": p.tower}
    jackpots = STATE.jackpots
    cells |= {
        "Jackpots!B2": float(jackpots.a),
        "Jackpots!B3": float(jackpots.b),
        "Jackpots!B4": float(jackpots.c),
    }
    edit_cells(ledger.path, cells)
    pending = STATE.blackmails[0]  # KAY forbade everyone to import, in round 2
    add_rows(
        ledger.path,
        "Blackmails",
        [
            [
                pending.blackmailer,
                pending.action.text(),
                pending.victim,
                pending.made_in_round,
                float(pending.penalty_kj),
                pending.penalty_stones,
            ]
        ],
    )
    set_setting(ledger.path, "day", STATE.round)
    for order in ORDERS:
        extra = (
            ["--justified-against", "KAY"] if order.player == "ALF" and order.CODE == "i" else []
        )
        if isinstance(order, Blackmail):
            # 6.6.1: every blackmail threatens a penalty (KAY's is void, 5.1.5: any will do)
            extra += ["--penalty-kj", str(order.penalty_kj or 100)]
        ledger("order", order.player, order.text(), *extra)
    add_rows(
        ledger.path,
        "Purchases",
        [[DRAW.round, p.player, p.stones, float(p.cost), None, p.note] for p in PURCHASES],
    )
    add_rows(ledger.path, "Purchases", [[DRAW.round, b.player, 0, 0, b.stones] for b in BUILDS])
    numbers = ",".join(str(n) for n in DRAW.numbers)
    ledger(
        "draw",
        "--numbers",
        numbers,
        "--zz",
        str(DRAW.zz),
        "--z6",
        str(DRAW.z6),
        "--max-price",
        str(DRAW.max_price),
    )
    assert ledger("check").exit_code == 0
    ledger("tick")

    status = ledger("status", "--json").json()
    assert status["round"] == 3
    expected = TWELVE_EXPECTED  # by hand in test_egon_round.py
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
    assert len(list((ledger.folder / "statements").glob("*-round-0003.html"))) == 12


def test_a_bad_order_is_refused_with_the_reason() -> None:
    t = twelve()
    for code, reason in (
        ("q,1", "unknown order code"),
        ("l,50", "01"),
        ("x,5", "fields"),
        ("a,ZZZ", "ZZZ"),
        ("g,Zeus,10", "Zeus"),
        ("f,-5", "negative"),
    ):
        said = t.refusal(f"order ALF {code}")
        assert "CODE: bad-order" in said and reason in said, (code, said)
    t.add_rows("Orders", [[1, "ALF", "l,77"]])
    assert "Orders!C2: bad-order" in t.check(clean=False)


def test_the_draw_comes_from_the_seed_and_is_recorded() -> None:
    draws = []
    for _ in range(2):
        t = twelve()
        t("draw")
        row = t.rows("Rounds")[0]
        numbers = [int(x) for x in row["numbers"].split(",")]
        assert len(set(numbers)) == 6 and all(1 <= n <= 49 for n in numbers)
        assert 1 <= row["zz"] <= 49 and row["zz"] not in numbers and row["z6"] == numbers[-1]
        dice = t.rows("Dice")
        assert dice[-1]["decided"] == "the Zusatzzahl (ZZ)"
        draws.append(row["numbers"])
    assert draws[0] == draws[1]


def test_a_draw_by_hand_is_checked() -> None:
    t = twelve()
    said = t.refusal("draw --numbers 1,2,3,4,5 --zz 0 --z6 9")
    assert "--numbers: bad-draw" in said and "--zz: bad-draw" in said and "--z6: bad-draw" in said


def test_tick_without_a_draw_says_what_to_do() -> None:
    t = twelve()
    said = t.refusal("tick")
    assert "no-draw" in said and "ledger draw" in said


def test_pseudonyms_are_three_letters(ledger: Ledger) -> None:
    run = ledger("new", "--game", "egon", "--player", "Anna", "--player", "BOB", expect=1)
    assert "--player: not-a-pseudonym 'Anna' is not a three-letter pseudonym" in run.stderr


def test_a_round_is_drawn_once_unless_asked_again() -> None:
    t = twelve()
    t("draw --numbers 1,2,3,4,5,6 --zz 7 --z6 6")
    said = t.refusal("draw")
    assert "already-drawn" in said and "--again" in said
    t("draw --again")
    assert t.rows("Rounds")[0]["numbers"] != "1,2,3,4,5,6"
