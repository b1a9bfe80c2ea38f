"""The 21-field game, one test per numbered rule that moves money or ownership. Amounts are worked
out by hand in the comments; the default board is the ruling's (../shared/rules/README.md): e.g.
10 Tower 6000/3200, 11 Castle 8000/4000, 12 Walled City +5000, 13 Monastery +500, 14-15 Labor
Camps 2500 (100 × dice × camps), 16 Goldmine 2000, 17 Caravan 4000 or 10%, 18-21 Fleets 4000
(500/1000/2000/4000 for 1-4 owned).

Each test plays a game on books in memory (tests/memory.py), written as the sheets it starts
from (pipe tables, tests/pipe_tables.py): its Players and, where a test needs them, the Owners
(field | name | owner). What only the command does (`ledger new` refusing and writing no file,
`status` in words) runs the real CLI on a real workbook; test_matador21_refusals.py uses the
workbook helpers here too.
"""

from __future__ import annotations

from typing import Any

from tests.conftest import Ledger
from tests.memory import Table
from tests.memory import table as memory


def players_block(a: int = 1, b: int = 1, owners: str = "", c: int | None = None) -> str:
    """A and B (and C) on the given fields, A to play; owners: `| 14 | Huts | B` lines."""
    third = f"\n        | C    | player | green  | {c}  | no  | 3" if c is not None else ""
    block = f"""
    Players | name | role   | colour | field | out | order
            | A    | player | red    | {a}   | no  | 1
            | B    | player | blue   | {b}   | no  | 2{third}
    """
    if owners:
        block += "Owners | field | name | owner\n" + owners
    return block


def board(a: int = 1, b: int = 1, owners: str = "", c: int | None = None) -> Table:
    """The game on books in memory: A and B (and C) on the given fields, A to play."""
    return memory(players_block(a, b, owners, c), game="matador21")


def table(workbook: Any, a: int = 1, b: int = 1, owners: str = "", c: int | None = None) -> Ledger:
    """The same game in a real workbook, for what only the command does."""
    players = ("A", "B", "C") if c is not None else ("A", "B")
    return workbook(players_block(a, b, owners, c), game="matador21", players=players)  # type: ignore[no-any-return]


def status(game: Table | Ledger) -> dict[str, Any]:
    """What `ledger status --json` gives."""
    if isinstance(game, Table):
        return game.status()
    return game("status", "--json").json()  # type: ignore[no-any-return]


def cash(game: Table | Ledger) -> dict[str, str]:
    return {k: v["cash"] for k, v in status(game)["players"].items()}


def bank(t: Table) -> str:
    """The bank's balance as `ledger balance --json` says it."""
    return f"{t.balance('bank'):.2f}"


def new(ledger: Ledger, *names: str, first: str | None = None, expect: int = 0) -> Any:
    args = ["new", "--game", "matador21", "--seed", "5"]
    for n in names:
        args += ["--player", n]
    if first:
        args += ["--first", first]
    return ledger(*args, expect=expect)


def new_game(*names: str, first: str | None = None) -> Table:
    """As `ledger new --game matador21 --seed 5 --player ...` makes it, in memory."""
    return memory(game="matador21", players=names, seed=5, first=first)


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


def test_301_2_each_player_gets_30000_as_opening() -> None:
    t = new_game("A", "B", "C")
    opening = [j for j in t.journal() if j["kind"] == "opening"]
    assert [(j["rule"], j["postings"][1]) for j in opening] == [
        ("301.2", {"account": f"cash:{n}", "amount": "30000.00"}) for n in "ABC"
    ]
    assert bank(t) == "-90000.00"  # 3 × 30,000 out of the bank


def test_301_1_301_3_301_4_colours_fields_first_player() -> None:
    t = new_game("A", "B", "C", "D")
    s = status(t)
    colours = [p["colour"] for p in s["players"].values()]
    assert len(set(colours)) == 4  # 101.3: unique
    assert all(p["field"] == 1 and p["owns"] == [] for p in s["players"].values())  # 301.3
    dice = t.rows("Dice")
    first = [d for d in dice if d["purpose"] == "the first player (301.4)"]
    assert len(first) == 1 and first[0]["decided"] == f"{s['turn']} begins"
    assert [d["decided"] for d in dice if "301.1" in d["purpose"]] == [
        f"{n} is {p['colour']}" for n, p in s["players"].items()
    ]  # four of six colours: every one drawn
    assert s["round"] == 1


def test_101_3_a_colour_that_is_none_of_the_games_is_named_by_its_cell() -> None:
    """101.3: a colour of one's own, one of the game's (the Players sheet's list, which Excel
    enforces and a paste or another program does not): another is named by its cell, with the
    duplicate beside it, and every command is refused."""
    t = board(c=5)
    t.edit_cells({"Players!C3": "pink", "Players!C4": "red"})
    said = t.check(clean=False)
    colours = "red, blue, green, yellow, purple, orange"
    assert said.splitlines() == [
        "Players!C3: unknown-colour B's colour is 'pink', not one of the game's",
        f"    hint: 101.3: every player has a colour of their own, one of {colours}",
        "Players!C4: duplicate-colour C and A are both red",
        "    hint: 101.3: every player has a colour of their own",
    ]
    assert t.refusal("roll").startswith("Players!C3: unknown-colour")
    t.edit_cells({"Players!C3": "blue", "Players!C4": "green"})
    t.check(clean=True)


def test_102_3_order_from_the_first_player() -> None:
    t = new_game("A", "B", "C", "D", first="C")
    order = [r["name"] for r in sorted(t.rows("Players"), key=lambda r: r["order"])]
    assert order == ["C", "D", "A", "B"]  # 102.3's example: B->C->D->A, here from C
    for _ in range(5):
        t("roll --dice 1,1")  # 1 -> 3 Mountain, 2,000 each
    turns = t.rows("Turns")
    assert [(r["player"], r["round"]) for r in turns] == [
        ("C", 1),
        ("D", 1),
        ("A", 1),
        ("B", 1),
        ("C", 2),
    ]


def test_102_3_a_turns_row_that_names_no_player_is_named_by_its_cell() -> None:
    """102.3: the next player is the one after the last Turns row's. A row naming nobody at
    the table (a name typed over) is named by its cell and refuses every command, rather than
    giving the turn to the first player; a name typed in another case is the same player."""
    t = board(c=5)
    t("roll --dice 1,1")  # A
    t("roll --dice 1,1")  # B
    assert status(t)["turn"] == "C"
    t.edit_cells({"Turns!C3": "b"})
    t.check(clean=True)
    assert status(t)["turn"] == "C"
    t.edit_cells({"Turns!C3": "Zed"})
    assert t.check(clean=False).splitlines() == [
        "Turns!C3: unknown-player 'Zed' is not a player",
        "    hint: 102.3: the next turn is the player's after the last row's: A, B, C",
    ]
    assert t.refusal("roll").startswith("Turns!C3: unknown-player")


def test_102_3_a_place_in_the_turn_order_emptied_or_below_1_is_named_by_its_cell() -> None:
    """102.3: every player has a place in the turn order, 1 the first. A place emptied (it
    was taken as the row's number, here A's 1, B's too) or below 1 (C would sit out the first
    round) is named by its own cell: `ledger check` said clean, and a roll was refused naming
    the other player's cell."""
    t = board(c=5)
    t.edit_cells({"Players!F2": None, "Players!F3": 1, "Players!F4": 0})
    assert t.check(clean=False).splitlines() == [
        "Players!F2: missing-value A has no place in the turn order",
        "    hint: 102.3: give each player a place of their own, 1 the first",
        "Players!F4: bad-order C's place in the turn order is 0, not 1 or more",
        "    hint: 102.3: give each player a place of their own, 1 the first",
    ]
    assert t.refusal("roll").startswith("Players!F2: missing-value")
    t.edit_cells({"Players!F2": 2, "Players!F4": 3})
    t.check(clean=True)


def test_102_3_a_round_typed_over_in_turns_is_named_by_its_cell() -> None:
    """102.3: a round is every remaining player's turn, so the Turns rows' rounds go up by one
    at a time and the last leads to the round being played (the day in Settings). A round
    typed over is named by its cell: `ledger check` said clean while the table played from the
    typed round (its day jumped to 100), or refused a roll naming the Settings' day."""
    t = board(c=5)
    for _ in range(4):
        t("roll --dice 1,1")  # A, B, C in round 1; A in round 2
    for typed in (0, 99):
        t.edit_cells({"Turns!B5": typed})
        assert t.check(clean=False).splitlines() == [
            f"Turns!B5: bad-round turn 4 is in round {typed}, after a turn of round 1",
            "    hint: 102.3: a round is every remaining player's turn: round 1 or 2",
        ]
        assert t.refusal("roll").startswith("Turns!B5: bad-round")
    t.edit_cells({"Turns!B5": 2})
    t.check(clean=True)
    t.set_setting("day", 5)
    assert t.check(clean=False).splitlines() == [
        "Settings!B3: bad-round the day is round 5, but the last turn was in round 2",
        "    hint: 102.3: the day is the round of the last turn, or the next: 2 or 3",
    ]


# -- 605: moving --------------------------------------------------------------------------------


def test_605_3_wraps_from_21_to_1() -> None:
    t = board(a=20)
    t("roll --dice 2,3")  # 20 + 5 = 25 -> 25 - 21 = 4 Cold Desert, bought for 3000
    s = status(t)["players"]["A"]
    assert (s["field"], s["owns"], s["cash"]) == (4, [4], "27000.00")


def test_605_4_the_turn_is_recorded() -> None:
    t = board(a=5)
    t("roll --dice 4,1 --player A")  # 5 + 5 = 10 Tower
    (turn,) = t.rows("Turns")
    assert (turn["player"], turn["dice"], turn["from"], turn["to"], turn["round"]) == (
        "A",
        "4,1",
        5,
        10,
        1,
    )
    assert turn["what"] == "Tower: buys it for 6,000.00" and turn["rule"] == "705.1a, 703.3"
    dice = t.rows("Dice")[-2:]
    assert [(d["result"], d["source"]) for d in dice] == [(4, "entered"), (1, "entered")]
    assert dice[0]["decided"] == "A moves 5 -> 10 Tower: buys it for 6,000.00"


def test_roll_for_another_refused() -> None:
    t = board()
    assert "not-their-turn it is A's turn, not B's" in t.refusal("roll --dice 1,1 --player B")
    assert "bad-dice" in t.refusal("roll --dice 7,1")
    assert "bad-choice" in t.refusal("roll --dice 1,1 --caravan half")
    assert t.rows("Turns") == []


# -- 703, 705: buying and rent -----------------------------------------------------------------------


def test_703_3_buys_with_at_least_the_price() -> None:
    t = board()
    t("pay A bank 24000")  # A: 30,000 - 24,000 = 6,000, exactly Tower's price
    t("roll --dice 5,4")  # 1 + 9 = 10 Tower, 6000
    a = status(t)["players"]["A"]
    assert (a["cash"], a["owns"]) == ("0.00", [10])  # 6,000 - 6,000 = 0: bought, still playing
    assert a["out"] is False


def test_703_3_too_little_money_nothing_happens() -> None:
    t = board()
    t("pay A bank 24001")  # A: 5,999 < 6,000
    t("roll --dice 5,4")
    a = status(t)["players"]["A"]
    assert (a["cash"], a["owns"], a["field"]) == ("5999.00", [], 10)
    assert "cannot buy it: has 5,999.00 of 6,000.00" in t.rows("Turns")[0]["what"]


def test_705_1b_rent_to_owner() -> None:
    t = board(owners="| 10 | Tower | B\n")
    t("roll --dice 5,4")  # A lands on B's Tower: rent 3200
    assert cash(t) == {"A": "26800.00", "B": "33200.00"}  # 30,000 ∓ 3,200


def test_705_1b_labor_camp_rent() -> None:
    t = board(a=10, owners="| 14 | Huts in the Mountain | B\n| 15 | The Pit | B\n")
    t("roll --dice 3,2")  # 10 + 5 = 15 The Pit: 100 × 5 × 2 camps = 1,000
    assert cash(t) == {"A": "29000.00", "B": "31000.00"}
    assert "pays rent 1,000.00 (100.00 × 5 × 2 camps) to B" in t.rows("Turns")[0]["what"]


def test_705_1b_fleet_rent_by_fleets_owned() -> None:
    owners = "| 18 | Second Sail | B\n| 20 | The Buccaneers | B\n| 21 | Privateer Armade | B\n"
    t = board(a=14, owners=owners)
    t("roll --dice 2,2")  # 14 + 4 = 18: B has 3 fleets: 2,000
    assert cash(t) == {"A": "28000.00", "B": "32000.00"}


def test_705_1c_own_field_nothing_happens() -> None:
    t = board(owners="| 10 | Tower | A\n")
    t("roll --dice 5,4")
    assert cash(t) == {"A": "30000.00", "B": "30000.00"}
    assert t.rows("Turns")[0]["rule"] == "705.1c"


# -- 706: Refuges and Taxes -----------------------------------------------------------------------


def test_706_1_refuges_pay_their_bonus_goldmine_takes_2000() -> None:
    t = board(a=10, b=11, c=14)
    t("roll --dice 1,1")  # A: 10 + 2 = 12 Walled City: +5,000
    t("roll --dice 1,1")  # B: 11 + 2 = 13 Monastery: +500
    t("roll --dice 1,1")  # C: 14 + 2 = 16 Goldmine: -2,000 to the bank
    assert cash(t) == {"A": "35000.00", "B": "30500.00", "C": "28000.00"}
    assert bank(t) == "-93500.00"  # -90,000 - 5,000 - 500 + 2,000


def test_706_1_caravan_smaller_of_4000_and_ten_percent() -> None:
    t = board(a=15, owners="| 11 | Castle | A\n")
    t("pay A bank 20000")  # A: 10,000 cash + Castle's 8,000 = 18,000 in assets
    t("roll --dice 1,1")  # 15 + 2 = 17 Caravan: 10% of 18,000 = 1,800 < 4,000
    assert cash(t)["A"] == "8200.00"  # 10,000 - 1,800


def test_706_1_caravan_the_players_choice() -> None:
    t = board(a=15, b=15)
    t("roll --dice 1,1 --caravan fixed")  # A pays 4,000 (10% would be 3,000)
    t("roll --dice 1,1 --caravan percent")  # B pays 10% of 30,000 = 3,000
    assert cash(t) == {"A": "26000.00", "B": "27000.00"}
    t("roll --dice 6,6")  # A: 17 + 12 = 29 -> 8 South Citadel
    t("roll --dice 6,6")  # B: 17 + 12 -> 8, A's: rent 2000
    assert cash(t) == {"A": "23000.00", "B": "25000.00"}  # 26,000 - 5,000 + 2,000


# -- 204, 401, 402, 403: paying what one has, losing, winning ------------------------------------


def test_204_1_players_pay_each_other() -> None:
    t = board()
    t("pay A B 1250.50")
    assert cash(t) == {"A": "28749.50", "B": "31250.50"}
    # more than A has: refused as in every game
    assert "overdrawn" in t.refusal("pay A B 30000")


def test_204_1a_pays_all_it_has() -> None:
    t = board(owners="| 11 | Castle | B\n| 4 | Cold Desert | A\n", c=1)
    t("pay A bank 28500")  # A: 1,500
    t("roll --dice 6,4")  # 1 + 10 = 11 B's Castle: rent 4,000 > 1,500
    assert cash(t) == {"A": "0.00", "B": "31500.00", "C": "30000.00"}  # B gets the 1,500 A had
    s = status(t)
    assert s["players"]["A"]["out"] is True  # 402
    assert s["players"]["A"]["owns"] == []  # 401.2b: Cold Desert is nobody's
    assert [r["owner"] for r in t.rows("Owners") if r["field"] == 4] == [None]
    assert s["turn"] == "B" and s["winner"] is None
    t("roll --dice 1,1")  # B
    t("roll --dice 1,1")  # C
    assert status(t)["turn"] == "B"  # 401.2c: A has left the turn order
    assert status(t)["round"] == 2  # round 1 was A (out), B, C


def test_401_2c_a_player_who_is_out_neither_pays_nor_is_paid() -> None:
    t = board(owners="| 11 | Castle | B\n", c=1)
    t("pay A bank 28500")
    t("roll --dice 6,4")  # A out on the Castle's rent
    for args in ("A bank 1", "B A 1"):
        said = t.refusal(f"pay {args}")
        assert "401.2c: A is out of the game and takes no more part" in said
    assert cash(t)["A"] == "0.00"


def test_402_paying_exactly_all_is_not_losing() -> None:
    t = board(owners="| 11 | Castle | B\n")
    t("pay A bank 26000")  # A: 4,000, Castle's rent exactly
    t("roll --dice 6,4")
    s = status(t)
    assert s["players"]["A"]["cash"] == "0.00" and s["players"]["A"]["out"] is False
    assert s["winner"] is None


def test_204_1a_tax_takes_all_to_the_bank() -> None:
    t = board(a=14, owners="| 10 | Tower | A\n")
    t("pay A bank 29000")  # A: 1,000 < Goldmine's 2,000
    t("roll --dice 1,1")
    s = status(t)
    assert s["players"]["A"]["cash"] == "0.00" and s["players"]["A"]["owns"] == []
    assert s["winner"] == "B"  # 403.1: the one player left
    assert bank(t) == "-30000.00"  # -60,000 + 29,000 + the 1,000 A had


def test_403_1_the_last_player_wins_and_play_stops() -> None:
    t = board(owners="| 11 | Castle | B\n")
    t("pay A bank 29000")
    said = t("roll --dice 6,4")  # rent 4,000 > 1,000: A is out, B wins
    assert "The game is over: B won (403.1)." in said
    for command in ("roll", "tick 2"):
        assert "game-over the game is over: B won" in t.refusal(command)
    assert status(t)["turn"] is None


def test_403_1_every_player_out_is_named_by_the_out_cells() -> None:
    """403.1: play ends with one player left, who has won. Every player marked out (typed by
    hand: no turn puts the last one out) is named by the Players' out cells with the rule,
    not said as clean, and a roll is refused with the rule too."""
    t = board(c=5)
    t.edit_cells({"Players!E2": "yes", "Players!E3": "yes", "Players!E4": "yes"})
    assert t.check(clean=False).splitlines() == [
        "Players!E2:E4: no-players-left every player is out of the game",
        "    hint: 403.1: the last player left has won and is not out: set their out to no",
    ]
    assert t.refusal("roll").startswith("Players!E2:E4: no-players-left")
    t.edit_cells({"Players!E4": "no"})  # C is left: C has won
    t.check(clean=True)
    assert "game-over the game is over: C won (403.1)" in t.refusal("roll")


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


def test_501_1_board_checked() -> None:
    t = memory(
        """
        Board | field | name   | type      | price | amount | amount_2
              | 1     | Start  | Territory |       | 100    |
              | 2     | Sea    | Fleet     | 4000  | 500    | 1000
              | 3     | Hut    | Castle    | 10    | -5     |
        """,
        game="matador21",
        players=("A", "B"),
    )
    said = t.check(clean=False)
    for words in (
        "Board: bad-board the Board's fields are 1, 2, 3, not 1 to 21 in order",
        "Board!D2: missing-value Start is a Territory and has no price",
        "Board!G3: missing-value the Fleet Sea needs four rents",
        "Board!C4: bad-field-type 'Castle' is not a type of field",
    ):
        assert words in said, said


def test_board_is_a_house_rule() -> None:
    t = board()
    t.edit_cells({"Board!E11": 999})  # Tower's rent -> 999
    t("pay B bank 1")  # any command reads the changed board
    t("roll --dice 5,4")  # A buys Tower (row 11 is field 10)
    t("roll --dice 5,4")  # B pays 999
    assert cash(t) == {"A": "24999.00", "B": "29000.00"}  # 30,000 - 6,000 + 999; - 1 - 999


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
