"""A whole scripted game of the 21-field game through the CLI with entered dice (issue 15's Must
show): 18 turns, every balance worked out by hand, with a Labor Camp rent, a Fleet rent for two
fleets, both taxes, both refuges, two wraps past field 21, a purchase refused for lack of money
and an elimination that ends the game. Then `tick` from the seeded dice: 3 + 2 rounds give the
same books as 5, and the summary draws the board."""

from __future__ import annotations

import re
import shutil
from decimal import Decimal
from pathlib import Path

from tests.conftest import Ledger, add_rows, one, read_sheet, rows

# (player, dice, field landed on, A's cash, B's cash after the turn); B hands 15,000 back to
# the bank before the first turn so that the game ends within the test.
SCRIPT = [
    ("A", "6,4", 11, 22000, 15000),  # 1 + 10 = 11 Castle, bought: 30,000 - 8,000
    ("B", "5,4", 10, 22000, 9000),  # 1 + 9 = 10 Tower, bought: 15,000 - 6,000
    ("A", "1,2", 14, 19500, 9000),  # 11 + 3 = 14 Huts in the Mountain, bought: -2,500
    ("B", "2,2", 14, 19900, 8600),  # 10 + 4 = 14 A's Labor Camp: 100 × 4 × 1 camp = 400
    ("A", "3,1", 18, 15900, 8600),  # 14 + 4 = 18 Second Sail, bought: -4,000
    ("B", "1,1", 16, 15900, 6600),  # 14 + 2 = 16 Goldmine: 2,000 to the bank
    ("A", "1,2", 21, 11900, 6600),  # 18 + 3 = 21 Privateer Armade, bought: -4,000 (2 fleets)
    ("B", "3,2", 21, 12900, 5600),  # 16 + 5 = 21 A's Fleet, A owns 2 fleets: rent 1,000
    ("A", "6,6", 12, 17900, 5600),  # 21 + 12 = 33 -> 12 Walled City (wraps): +5,000
    ("B", "5,6", 11, 21900, 1600),  # 21 + 11 = 32 -> 11 A's Castle (wraps): rent 4,000
    (
        "A",
        "1,4",
        17,
        17900,
        1600,
    ),  # 12 + 5 = 17 Caravan: 10% of 21,900 + 18,500 = 4,040; 4,000 is less
    ("B", "1,1", 13, 17900, 2100),  # 11 + 2 = 13 Monastery: +500
    ("A", "1,1", 19, 13900, 2100),  # 17 + 2 = 19 Sea Grover, bought: -4,000 (3 fleets)
    ("B", "1,1", 15, 13900, 2100),  # 13 + 2 = 15 The Pit costs 2,500: B has 2,100, nothing happens
    ("A", "1,1", 21, 13900, 2100),  # 19 + 2 = 21 A's own fleet: nothing happens (705.1c)
    ("B", "2,1", 18, 15900, 100),  # 15 + 3 = 18 A's Second Sail, 3 fleets: rent 2,000
    ("A", "1,1", 2, 14400, 100),  # 21 + 2 = 23 -> 2 Crater (wraps), bought: -1,500
    ("B", "1,2", 21, 14500, 0),  # 18 + 3 = 21 A's Fleet: rent 2,000 > 100: pays 100, is out
]


def test_scripted_game_of_18_turns(ledger: Ledger) -> None:
    ledger("new", "--game", "matador21", "--player", "A", "--player", "B", "--first", "A")
    ledger("pay", "B", "bank", "15000")
    for player, dice, _, _, _ in SCRIPT[:9]:
        ledger("roll", "--dice", dice, "--player", player)
    # the rest typed in the Events sheet as the turns are thrown, posted in one go
    events = [
        [f"E{n}", None, "roll", player, None, None, f"--dice {dice}", None]
        for n, (player, dice, _, _, _) in enumerate(SCRIPT[9:], start=1)
    ]
    add_rows(ledger.path, "Events", events)
    ledger("post")
    posted = [str(e["posted"]) for e in rows(ledger.path, "Events")]
    # turns 14 and 15 move no money: done without a transaction
    assert [p == "done" for p in posted] == [False] * 4 + [True, True] + [False] * 3
    assert all(p.startswith("txn ") for p in posted if p != "done")
    turns = rows(ledger.path, "Turns")
    assert [(t["player"], t["dice"], t["to"]) for t in turns] == [
        (p, d, to) for p, d, to, _, _ in SCRIPT
    ]
    assert [t["round"] for t in turns] == [n // 2 + 1 for n in range(18)]  # A then B, 9 rounds
    # each turn's balances, from the journal up to the turn's last transaction
    journal = ledger("journal", "--json").json()
    running = {"cash:A": Decimal(0), "cash:B": Decimal(0), "bank": Decimal(0)}
    after: dict[int, dict[str, Decimal]] = {}
    for t in journal:
        for p in t["postings"]:
            running[p["account"]] += Decimal(p["amount"])
        after[t["txn"]] = dict(running)
    last = max(after)
    for n, (turn, (_, _, _, a, b)) in enumerate(zip(turns, SCRIPT, strict=True), start=1):
        if turn["txn"]:
            last = int(str(turn["txn"]).split(", ")[-1])
        else:  # nothing moved: the balances of the turn before
            last = max((k for k in after if k <= last), default=last)
        assert (after[last]["cash:A"], after[last]["cash:B"]) == (a, b), f"turn {n}: {turn}"
    assert [t["what"] for t in turns if "cannot buy" in t["what"]] == [
        "The Pit: cannot buy it: has 2,100.00 of 2,500.00; nothing happens"  # 703.3
    ]
    assert turns[-1]["rule"] == "705.1b, 204.1a, 402, 401.2, 403.1"
    s = ledger("status", "--json").json()
    assert s["winner"] == "A" and s["turn"] is None and s["round"] == 9
    assert s["players"]["B"] == {
        "cash": "0.00",
        "field": 21,
        "owns": [],  # 401.2b: Tower is nobody's again
        "out": True,
        "colour": s["players"]["B"]["colour"],
    }
    assert s["players"]["A"]["owns"] == [2, 11, 14, 18, 19, 21]
    # money is conserved: A 14,500 + B 0 + the bank -14,500 = 0
    assert ledger.balances()["bank"] == "-14500.00"
    ledger("report", "game")
    html = one(ledger.folder / "statements", "game-report-round-0009-txn-*.html").read_text()
    assert html.count("<circle") == 21 + 1  # 21 fields, and A's piece (B's left the board)
    assert "A has won" in html


def test_102_3_a_tick_prints_the_turns_in_the_order_played(ledger: Ledger) -> None:
    ledger("new", "--game", "matador21", "--seed", "5", "-p", "Ann", "-p", "Bob", "-p", "Cy")
    run = ledger("tick", "3", "--no-statements")
    # one table: turn | round | player | what | rule | penge, the lines as the turns were played
    found = re.findall(r"^│ +(\d+) │ +(\d+) │ (\w+) +│", run.stdout, re.M)
    turns = [int(t) for t, _, _ in found]
    assert turns == sorted(turns) and set(turns) == set(range(1, 10))  # 3 rounds × 3 players
    mover = {int(t): who for t, _, who in found[::-1]}  # a turn's first line: its mover's
    order = [mover[t] for t in (1, 2, 3)]  # the seeded first player, then the players' order
    assert sorted(order) == ["Ann", "Bob", "Cy"]
    assert [mover[t] for t in range(1, 10)] == order * 3
    assert [int(r) for _, r, _ in found] == sorted(int(r) for _, r, _ in found)
    assert run.stdout.count("in the order played") == 1  # not a table a player
    summary = (ledger.folder / "ledger-rounds-0001-0003.html").read_text()
    cells = re.findall(r'<tr class="\w+"><td class="num">(\d+)</td>', summary)
    assert [int(t) for t in cells] == turns  # the printable summary in the same order
    lines = ledger("tick", "1", "--json").json()["players"]["Ann"]["lines"]
    assert all(isinstance(x["turn"], int) for x in lines)  # --json says each line's turn


def _sheets(path: Path) -> dict[str, list[list[object]]]:
    return {n: read_sheet(path, n) for n in ("Journal", "Turns", "Players", "Owners", "Dice")}


def test_tick_3_then_2_is_tick_5(ledger: Ledger, tmp_path: Path) -> None:
    ledger("new", "--game", "matador21", "--player", "A", "--player", "B", "--player", "C")
    twin = Ledger(tmp_path / "twin")
    twin.folder.mkdir()
    shutil.copy(ledger.path, twin.path)
    ledger("tick", "3", "--no-statements")
    ledger("tick", "2", "--no-statements")
    run = twin("tick", "5", "--no-statements")
    assert re.search(r"^│ +1 │ +1 │", run.stdout, re.M)  # every turn is printed: turn 1, round 1
    assert _sheets(ledger.path) == _sheets(twin.path)
    s = ledger("status", "--json").json()
    assert s["round"] == 6 or s["winner"] is not None
    assert len(rows(ledger.path, "Turns")) == 15 or s["winner"] is not None
