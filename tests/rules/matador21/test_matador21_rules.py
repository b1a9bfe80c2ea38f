"""The 21-field game, one test per numbered rule that moves money or ownership, through the real
CLI on real workbooks. Amounts are worked out by hand in the comments; the default board is the
ruling's (../shared/rules/README.md): e.g. 10 Tower 6000/3200, 11 Castle 8000/4000, 12 Walled City
+5000, 13 Monastery +500, 14-15 Labor Camps 2500 (100 × dice × camps), 16 Goldmine 2000,
17 Caravan 4000 or 10%, 18-21 Fleets 4000 (500/1000/2000/4000 for 1-4 owned).
"""

from __future__ import annotations

from typing import Any

from tests.conftest import Ledger, rows


def table(workbook: Any, a: int = 1, b: int = 1, owners: str = "", c: int | None = None) -> Ledger:
    """A and B (and C) on the given fields, A to play; owners: `| 14 | Huts | B` lines."""
    third = f"\n        | C    | player | green  | {c}  | no  | 3" if c is not None else ""
    block = f"""
    Players | name | role   | colour | field | out | order
            | A    | player | red    | {a}   | no  | 1
            | B    | player | blue   | {b}   | no  | 2{third}
    """
    if owners:
        block += "Owners | field | name | owner\n" + owners
    players = ("A", "B", "C") if c is not None else ("A", "B")
    return workbook(block, game="matador21", players=players)  # type: ignore[no-any-return]


def status(ledger: Ledger) -> dict[str, Any]:
    return ledger("status", "--json").json()  # type: ignore[no-any-return]


def cash(ledger: Ledger) -> dict[str, str]:
    return {k: v["cash"] for k, v in status(ledger)["players"].items()}


def new(ledger: Ledger, *names: str, first: str | None = None, expect: int = 0) -> Any:
    args = ["new", "--game", "matador21", "--seed", "5"]
    for n in names:
        args += ["--player", n]
    if first:
        args += ["--first", first]
    return ledger(*args, expect=expect)


# -- 1-3: players, order, set-up ----------------------------------------------------------------


def test_101_2_two_to_six_players(ledger: Ledger) -> None:
    run = new(ledger, "A", expect=1)
    assert "player-count the game is played by 2 to 6 players, not 1" in run.stderr
    run = new(ledger, *"ABCDEFG", expect=1)
    assert "not 7" in run.stderr
    run = new(ledger, "A", "a", expect=1)
    assert "duplicate-player" in run.stderr
    run = new(ledger, "A", "B", first="Z", expect=1)
    assert "'Z' is not one of the players" in run.stderr
    assert not ledger.path.exists()


def test_301_2_each_player_gets_30000_as_opening(ledger: Ledger) -> None:
    new(ledger, "A", "B", "C")
    journal = ledger("journal", "--json").json()
    opening = [t for t in journal if t["kind"] == "opening"]
    assert [(t["rule"], t["postings"][1]) for t in opening] == [
        ("301.2", {"account": f"cash:{n}", "amount": "30000.00"}) for n in "ABC"
    ]
    assert ledger.balances()["bank"] == "-90000.00"  # 3 × 30,000 out of the bank


def test_301_1_301_3_301_4_colours_fields_first_player(ledger: Ledger) -> None:
    new(ledger, "A", "B", "C", "D")
    s = status(ledger)
    colours = [p["colour"] for p in s["players"].values()]
    assert len(set(colours)) == 4  # 101.3: unique
    assert all(p["field"] == 1 and p["owns"] == [] for p in s["players"].values())  # 301.3
    dice = rows(ledger.path, "Dice")
    first = [d for d in dice if d["purpose"] == "the first player (301.4)"]
    assert len(first) == 1 and first[0]["decided"] == f"{s['turn']} begins"
    assert [d["decided"] for d in dice if "301.1" in d["purpose"]] == [
        f"{n} is {p['colour']}" for n, p in s["players"].items()
    ]  # four of six colours: every one drawn
    assert s["round"] == 1


def test_102_3_order_from_the_first_player(ledger: Ledger) -> None:
    new(ledger, "A", "B", "C", "D", first="C")
    order = [r["name"] for r in sorted(rows(ledger.path, "Players"), key=lambda r: r["order"])]
    assert order == ["C", "D", "A", "B"]  # 102.3's example: B->C->D->A, here from C
    for _ in range(5):
        ledger("roll", "--dice", "1,1")  # 1 -> 3 Mountain, 2,000 each
    turns = rows(ledger.path, "Turns")
    assert [(t["player"], t["round"]) for t in turns] == [
        ("C", 1),
        ("D", 1),
        ("A", 1),
        ("B", 1),
        ("C", 2),
    ]


# -- 605: moving --------------------------------------------------------------------------------


def test_605_3_wraps_from_21_to_1(workbook: Any) -> None:
    book = table(workbook, a=20)
    book("roll", "--dice", "2,3")  # 20 + 5 = 25 -> 25 - 21 = 4 Cold Desert, bought for 3000
    s = status(book)["players"]["A"]
    assert (s["field"], s["owns"], s["cash"]) == (4, [4], "27000.00")


def test_605_4_the_turn_is_recorded(workbook: Any) -> None:
    book = table(workbook, a=5)
    book("roll", "--dice", "4,1", "--player", "A")  # 5 + 5 = 10 Tower
    (turn,) = rows(book.path, "Turns")
    assert (turn["player"], turn["dice"], turn["from"], turn["to"], turn["round"]) == (
        "A",
        "4,1",
        5,
        10,
        1,
    )
    assert turn["what"] == "Tower: buys it for 6,000.00" and turn["rule"] == "705.1a, 703.3"
    dice = rows(book.path, "Dice")[-2:]
    assert [(d["result"], d["source"]) for d in dice] == [(4, "entered"), (1, "entered")]
    assert dice[0]["decided"] == "A moves 5 -> 10 Tower: buys it for 6,000.00"


def test_roll_for_another_refused(workbook: Any) -> None:
    book = table(workbook)
    run = book("roll", "--dice", "1,1", "--player", "B", expect=1)
    assert "not-their-turn it is A's turn, not B's" in run.stderr
    run = book("roll", "--dice", "7,1", expect=1)
    assert "bad-dice" in run.stderr
    run = book("roll", "--dice", "1,1", "--caravan", "half", expect=1)
    assert "bad-choice" in run.stderr
    assert rows(book.path, "Turns") == []


# -- 703, 705: buying and rent -----------------------------------------------------------------------


def test_703_3_buys_with_at_least_the_price(workbook: Any) -> None:
    book = table(workbook)
    book("pay", "A", "bank", "24000")  # A: 30,000 - 24,000 = 6,000, exactly Tower's price
    book("roll", "--dice", "5,4")  # 1 + 9 = 10 Tower, 6000
    a = status(book)["players"]["A"]
    assert (a["cash"], a["owns"]) == ("0.00", [10])  # 6,000 - 6,000 = 0: bought, still playing
    assert a["out"] is False


def test_703_3_too_little_money_nothing_happens(workbook: Any) -> None:
    book = table(workbook)
    book("pay", "A", "bank", "24001")  # A: 5,999 < 6,000
    book("roll", "--dice", "5,4")
    a = status(book)["players"]["A"]
    assert (a["cash"], a["owns"], a["field"]) == ("5999.00", [], 10)
    assert "cannot buy it: has 5,999.00 of 6,000.00" in rows(book.path, "Turns")[0]["what"]


def test_705_1b_rent_to_owner(workbook: Any) -> None:
    book = table(workbook, owners="| 10 | Tower | B\n")
    book("roll", "--dice", "5,4")  # A lands on B's Tower: rent 3200
    assert cash(book) == {"A": "26800.00", "B": "33200.00"}  # 30,000 ∓ 3,200


def test_705_1b_labor_camp_rent(workbook: Any) -> None:
    book = table(workbook, a=10, owners="| 14 | Huts in the Mountain | B\n| 15 | The Pit | B\n")
    book("roll", "--dice", "3,2")  # 10 + 5 = 15 The Pit: 100 × 5 × 2 camps = 1,000
    assert cash(book) == {"A": "29000.00", "B": "31000.00"}
    assert "pays rent 1,000.00 (100.00 × 5 × 2 camps) to B" in rows(book.path, "Turns")[0]["what"]


def test_705_1b_fleet_rent_by_fleets_owned(workbook: Any) -> None:
    owners = "| 18 | Second Sail | B\n| 20 | The Buccaneers | B\n| 21 | Privateer Armade | B\n"
    book = table(workbook, a=14, owners=owners)
    book("roll", "--dice", "2,2")  # 14 + 4 = 18: B has 3 fleets: 2,000
    assert cash(book) == {"A": "28000.00", "B": "32000.00"}


def test_705_1c_own_field_nothing_happens(workbook: Any) -> None:
    book = table(workbook, owners="| 10 | Tower | A\n")
    book("roll", "--dice", "5,4")
    assert cash(book) == {"A": "30000.00", "B": "30000.00"}
    assert rows(book.path, "Turns")[0]["rule"] == "705.1c"


# -- 706: Refuges and Taxes -----------------------------------------------------------------------


def test_706_1_refuges_pay_their_bonus_goldmine_takes_2000(workbook: Any) -> None:
    book = table(workbook, a=10, b=11, c=14)
    book("roll", "--dice", "1,1")  # A: 10 + 2 = 12 Walled City: +5,000
    book("roll", "--dice", "1,1")  # B: 11 + 2 = 13 Monastery: +500
    book("roll", "--dice", "1,1")  # C: 14 + 2 = 16 Goldmine: -2,000 to the bank
    assert cash(book) == {"A": "35000.00", "B": "30500.00", "C": "28000.00"}
    assert book.balances()["bank"] == "-93500.00"  # -90,000 - 5,000 - 500 + 2,000


def test_706_1_caravan_smaller_of_4000_and_ten_percent(workbook: Any) -> None:
    book = table(workbook, a=15, owners="| 11 | Castle | A\n")
    book("pay", "A", "bank", "20000")  # A: 10,000 cash + Castle's 8,000 = 18,000 in assets
    book("roll", "--dice", "1,1")  # 15 + 2 = 17 Caravan: 10% of 18,000 = 1,800 < 4,000
    assert cash(book)["A"] == "8200.00"  # 10,000 - 1,800


def test_706_1_caravan_the_players_choice(workbook: Any) -> None:
    book = table(workbook, a=15, b=15)
    book("roll", "--dice", "1,1", "--caravan", "fixed")  # A pays 4,000 (10% would be 3,000)
    book("roll", "--dice", "1,1", "--caravan", "percent")  # B pays 10% of 30,000 = 3,000
    assert cash(book) == {"A": "26000.00", "B": "27000.00"}
    book("roll", "--dice", "6,6")  # A: 17 + 12 = 29 -> 8 South Citadel
    book("roll", "--dice", "6,6")  # B: 17 + 12 -> 8, A's: rent 2000
    assert cash(book) == {"A": "23000.00", "B": "25000.00"}  # 26,000 - 5,000 + 2,000


# -- 204, 401, 402, 403: paying what one has, losing, winning ------------------------------------


def test_204_1_players_pay_each_other(workbook: Any) -> None:
    book = table(workbook)
    book("pay", "A", "B", "1250.50")
    assert cash(book) == {"A": "28749.50", "B": "31250.50"}
    run = book("pay", "A", "B", "30000", expect=1)  # more than A has: refused as in every game
    assert "overdrawn" in run.stderr


def test_204_1a_pays_all_it_has(workbook: Any) -> None:
    book = table(workbook, owners="| 11 | Castle | B\n| 4 | Cold Desert | A\n", c=1)
    book("pay", "A", "bank", "28500")  # A: 1,500
    book("roll", "--dice", "6,4")  # 1 + 10 = 11 B's Castle: rent 4,000 > 1,500
    assert cash(book) == {"A": "0.00", "B": "31500.00", "C": "30000.00"}  # B gets the 1,500 A had
    s = status(book)
    assert s["players"]["A"]["out"] is True  # 402
    assert s["players"]["A"]["owns"] == []  # 401.2b: Cold Desert is nobody's
    assert [r["owner"] for r in rows(book.path, "Owners") if r["field"] == 4] == [None]
    assert s["turn"] == "B" and s["winner"] is None
    book("roll", "--dice", "1,1")  # B
    book("roll", "--dice", "1,1")  # C
    assert status(book)["turn"] == "B"  # 401.2c: A has left the turn order
    assert status(book)["round"] == 2  # round 1 was A (out), B, C


def test_401_2c_a_player_who_is_out_neither_pays_nor_is_paid(workbook: Any) -> None:
    book = table(workbook, owners="| 11 | Castle | B\n", c=1)
    book("pay", "A", "bank", "28500")
    book("roll", "--dice", "6,4")  # A out on the Castle's rent
    for args in (("A", "bank", "1"), ("B", "A", "1")):
        run = book("pay", *args, expect=1)
        assert "401.2c: A is out of the game and takes no more part" in run.stderr
    assert cash(book)["A"] == "0.00"


def test_402_paying_exactly_all_is_not_losing(workbook: Any) -> None:
    book = table(workbook, owners="| 11 | Castle | B\n")
    book("pay", "A", "bank", "26000")  # A: 4,000, Castle's rent exactly
    book("roll", "--dice", "6,4")
    s = status(book)
    assert s["players"]["A"]["cash"] == "0.00" and s["players"]["A"]["out"] is False
    assert s["winner"] is None


def test_204_1a_tax_takes_all_to_the_bank(workbook: Any) -> None:
    book = table(workbook, a=14, owners="| 10 | Tower | A\n")
    book("pay", "A", "bank", "29000")  # A: 1,000 < Goldmine's 2,000
    book("roll", "--dice", "1,1")
    s = status(book)
    assert s["players"]["A"]["cash"] == "0.00" and s["players"]["A"]["owns"] == []
    assert s["winner"] == "B"  # 403.1: the one player left
    assert book.balances()["bank"] == "-30000.00"  # -60,000 + 29,000 + the 1,000 A had


def test_403_1_the_last_player_wins_and_play_stops(workbook: Any) -> None:
    book = table(workbook, owners="| 11 | Castle | B\n")
    book("pay", "A", "bank", "29000")
    run = book("roll", "--dice", "6,4")  # rent 4,000 > 1,000: A is out, B wins
    assert "The game is over: B won (403.1)." in run.stdout
    for command in (("roll",), ("tick", "2")):
        run = book(*command, expect=1)
        assert "game-over the game is over: B won" in run.stderr
    assert status(book)["turn"] is None


def test_status_names_the_fields_and_writes_amounts_as_people_read_them(workbook: Any) -> None:
    owners = "| 6 | The Werewall | A\n| 21 | Privateer Armade | A\n"
    book = table(workbook, a=15, b=20, owners=owners)
    said = book("status").stdout
    for words in ("30,000.00", "15 The Pit", "20 The Buccaneers", "6 The Werewall"):
        assert words in said, words
    assert "21 Privateer Armade" in said
    assert "whose turn: A" in said
    a = status(book)["players"]["A"]  # --json keeps the numbers
    assert (a["cash"], a["field"], a["owns"]) == ("30000.00", 15, [6, 21])


# -- the Board is data the banker can change ---------------------------------------------------------


def test_501_1_board_checked(workbook: Any) -> None:
    book = workbook(
        """
        Board | field | name   | type      | price | amount | amount_2
              | 1     | Start  | Territory |       | 100    |
              | 2     | Sea    | Fleet     | 4000  | 500    | 1000
              | 3     | Hut    | Castle    | 10    | -5     |
        """,
        game="matador21",
        players=("A", "B"),
    )
    run = book("check", expect=1)
    for words in (
        "Board: bad-board the Board's fields are 1, 2, 3, not 1 to 21 in order",
        "Board!D2: missing-value Start is a Territory and has no price",
        "Board!G3: missing-value the Fleet Sea needs four rents",
        "Board!C4: bad-field-type 'Castle' is not a type of field",
    ):
        assert words in run.stdout, run.stdout


def test_board_is_a_house_rule(workbook: Any) -> None:
    from tests.conftest import edit_cells

    book = table(workbook)
    edit_cells(book.path, {"Board!E11": 999})  # Tower's rent -> 999
    book("pay", "B", "bank", "1")  # any command reads the changed board
    book("roll", "--dice", "5,4")  # A buys Tower (row 11 is field 10)
    book("roll", "--dice", "5,4")  # B pays 999
    assert cash(book) == {"A": "24999.00", "B": "29000.00"}  # 30,000 - 6,000 + 999; - 1 - 999


def test_ruling_the_usual_board_is_the_readme_board_field_by_field() -> None:
    """The README's board (price and rent of every field, the Fleets' rents by fleets owned,
    the Caravan's 10%), typed in tests/rules/matador21/model.py from the ruling, against what
    a new game starts with: a mistyped amount in board.csv fails here."""
    from decimal import Decimal

    from ledger.rules.matador21.sheets import DEFAULT_BOARD
    from tests.rules.matador21.model import BOARD, CARAVAN_PERCENT, FLEET_RENTS

    assert [f.field for f in DEFAULT_BOARD] == list(BOARD)
    for f in DEFAULT_BOARD:
        kind, price, amount = BOARD[f.field]
        assert (f.type, f.price or 0, f.amount or 0) == (kind, price, amount), f
        if kind == "Fleet":
            assert (f.amount, f.amount_2, f.amount_3, f.amount_4) == FLEET_RENTS, f
    caravan = next(f for f in DEFAULT_BOARD if f.percent)
    assert (caravan.field, caravan.percent) == (17, Decimal(CARAVAN_PERCENT))
