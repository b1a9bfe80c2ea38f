"""A board played from a file: every setting of the file has its effect, on books in memory
(tests/memory.py). The board here has ten fields; Ann begins, both stand on the start.

    1 Start  2 Red A  3 Red B  4 Levy (tax 50)  5 Jail  6 North (station)  7 Works (utility)
    8 Lounge (free)  9 Sweep (go to jail)  10 South (station)
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.memory import Table, refused, table

TOP = {
    "name": '"Test Row"',
    "start_money": "500",
    "pass_start": "200",
    "land_on_start": "0",
    "shortfall": '"out"',
    "loan_limit": "50",
    "full_group_rent": "1",
    "buy_on_landing": "true",
}
HOUSE = {"pot": "false", "pot_bonus": "0", "double_start": "false"}
FIELDS = """
[[field]]
name = "Start"
kind = "start"

[[field]]
name = "Red A"
kind = "lot"
group = "red"
price = 100
rents = [10, 50]

[[field]]
name = "Red B"
kind = "lot"
group = "red"
price = 100
rents = [10, 50]

[[field]]
name = "Levy"
kind = "tax"
amount = 50

[[field]]
name = "Jail"
kind = "jail"

[[field]]
name = "North"
kind = "station"
group = "tethers"
price = 200
rents = [25, 50]

[[field]]
name = "Works"
kind = "utility"
group = "works"
price = 150
rents = [4]

[[field]]
name = "Lounge"
kind = "free"

[[field]]
name = "Sweep"
kind = "go-to-jail"

[[field]]
name = "South"
kind = "station"
group = "tethers"
price = 200
rents = [25, 50]
"""


def board_text(**settings: str) -> str:
    top = {**TOP, **{k: v for k, v in settings.items() if k in TOP}}
    house = {**HOUSE, **{k: v for k, v in settings.items() if k in HOUSE}}
    fine = settings.get("fine", "30")
    lines = [f"{k} = {v}" for k, v in top.items()]
    lines += ["", "[jail]", f"fine = {fine}", "", "[house_rules]"]
    lines += [f"{k} = {v}" for k, v in house.items()]
    return "\n".join(lines) + "\n" + FIELDS


def game(players: tuple[str, ...] = ("Ann", "Bob"), **settings: str) -> Table:
    text = board_text(**settings)
    return table(game="boardfile", board=text, first="Ann", patrol=None, players=players)


def own(t: Table, owners: dict[int, str], levels: dict[int, int] | None = None) -> None:
    """Owners typed in the Owners sheet (its rows: fields 2, 3, 6, 7, 10)."""
    row = {2: 2, 3: 3, 6: 4, 7: 5, 10: 6}
    cells: dict[str, object] = {f"Owners!C{row[f]}": name for f, name in owners.items()}
    cells |= {f"Owners!D{row[f]}": n for f, n in (levels or {}).items()}
    t.edit_cells(cells)


def place(t: Table, player: str, field: int) -> None:
    row = {"Ann": 2, "Bob": 3, "Cy": 4}[player]
    t.edit_cells({f"Players!C{row}": field})


def test_board_start_money_and_the_opening() -> None:
    t = game(start_money="750")
    assert t.cash("Ann") == t.cash("Bob") == Decimal("750.00")
    assert [x["rule"] for x in t.journal()] == ["start_money", "start_money"]


@pytest.mark.parametrize(
    ("settings", "passing", "landing"),
    [
        ({}, "200.00", "200.00"),
        ({"land_on_start": "50"}, "200.00", "250.00"),
        ({"double_start": "true"}, "200.00", "400.00"),
        ({"double_start": "true", "land_on_start": "50"}, "200.00", "450.00"),
        ({"pass_start": "0"}, "0.00", "0.00"),
    ],
)
def test_board_pass_start_land_on_start_and_double_start(
    settings: dict[str, str], passing: str, landing: str
) -> None:
    t = game(**settings)
    t("roll --dice 5,5")  # Ann: 1 -> 1, exactly on the start
    assert t.cash("Ann") == Decimal(500) + Decimal(landing)
    place(t, "Bob", 9)
    t("roll --dice 1,2")  # Bob: 9 -> 2 past the start, buys Red A
    assert t.cash("Bob") == Decimal(500) + Decimal(passing) - 100


def test_board_buy_on_landing_buys_with_the_money_and_not_without() -> None:
    t = game()
    t("roll --dice 1,1")  # Ann lands on Red B
    assert t.cash("Ann") == Decimal(400)
    assert t.status()["players"]["Ann"]["owns"] == [3]
    t("pay Bob Ann 450")
    t("roll --dice 2,3")  # Bob lands on North (200) with 50
    assert t.status()["players"]["Bob"]["owns"] == []
    assert "cannot buy it for 200.00" in t.rows("Turns")[-1]["what"]


def test_board_buy_and_rent_by_hand() -> None:
    t = game(buy_on_landing="false")
    t("roll --dice 1,1")
    assert "for sale at 100.00" in t.rows("Turns")[-1]["what"]
    assert t.cash("Ann") == Decimal(500)
    t("buy Ann 'Red B'")
    assert t.cash("Ann") == Decimal(400)
    with refused("owned"):
        t("buy Bob 3")
    t("rent Bob red-b")
    assert (t.cash("Ann"), t.cash("Bob")) == (Decimal(410), Decimal(490))
    with refused("no-rent"):
        t("rent Ann 3")
    with refused("no-rent"):
        t("rent Ann 2")
    with refused("not-for-sale"):
        t("buy Ann 4")
    with refused("unknown-field"):
        t("buy Ann Nowhere")
    t("pay Bob Ann 450")
    with refused("overdrawn"):
        t("buy Bob 2")


@pytest.mark.parametrize(("factor", "rent"), [("1", "10.00"), ("2", "20.00"), ("2.5", "25.00")])
def test_board_full_group_rent(factor: str, rent: str) -> None:
    t = game(full_group_rent=factor)
    own(t, {2: "Bob"})
    place(t, "Ann", 10)
    t("roll --dice 1,1")  # Ann: 10 -> 2, Red A; Bob has half the group
    assert t.cash("Bob") == Decimal("510.00")
    own(t, {2: "Bob", 3: "Bob"})
    t("rent Ann 2")
    assert t.cash("Bob") == Decimal("510.00") + Decimal(rent)


def test_board_rents_by_level() -> None:
    t = game(full_group_rent="2")
    own(t, {2: "Bob", 3: "Bob"}, {2: 1})
    t("rent Ann 2")  # level 1: rents[1], the whole group's factor only for a bare lot
    t("rent Ann 3")  # bare, the whole group: 10 × 2
    assert t.cash("Bob") == Decimal(500 + 50 + 20)
    t.edit_cells({"Owners!D2": 2})
    assert "bad-level" in t.check(clean=False)


def test_board_a_station_s_rent_by_how_many_of_its_group_and_a_utility_s_by_the_dice() -> None:
    t = game()
    own(t, {6: "Bob"})
    t("rent Ann 6")
    own(t, {6: "Bob", 10: "Bob"})
    t("rent Ann North")
    own(t, {6: "Bob", 10: "Bob", 7: "Bob"})
    with refused("needs-dice"):
        t("rent Ann Works")
    t("rent Ann Works --dice 3,4")  # 4 × 7
    assert t.cash("Bob") == Decimal(500 + 25 + 50 + 28)


@pytest.mark.parametrize("pot", [False, True])
def test_board_taxes_and_fines_feed_the_pot_a_free_field_pays_it_out(pot: bool) -> None:
    t = game(pot=str(pot).lower(), pot_bonus="100")
    assert t.balance("pot") == Decimal(100 if pot else 0)
    t("roll --dice 1,2")  # Ann: Levy, 50
    assert t.balance("pot") == Decimal(150 if pot else 0)
    place(t, "Bob", 6)
    t("roll --dice 1,1")  # Bob: 6 -> 8, the Lounge
    assert t.cash("Bob") == Decimal(650 if pot else 500)
    assert t.balance("pot") == Decimal(100 if pot else 0)  # the bonus again


def test_board_the_jail_and_its_fine() -> None:
    t = game(fine="30", pot="true")
    place(t, "Ann", 7)
    t("roll --dice 1,1")  # Ann: 7 -> 9, the Sweep: to the jail, no pass of the start
    ann = t.status()["players"]["Ann"]
    assert (ann["field"], ann["in_jail"], ann["cash"]) == (5, True, "500.00")
    t("roll --dice 6,6")  # Bob
    t("roll --dice 1,2")  # Ann pays the fine into the pot and moves 5 -> 8, the Lounge
    assert t.cash("Ann") == Decimal(500 - 30 + 30)
    assert t.status()["players"]["Ann"]["in_jail"] is False


def test_board_out_pays_and_buys_nothing() -> None:
    t = game(("Ann", "Bob", "Cy"), shortfall='"out"', pass_start="0")
    own(t, {2: "Ann", 3: "Bob"})
    t("pay Bob Ann 495")
    t("roll --dice 1,2")  # Ann: the Levy
    place(t, "Bob", 10)
    t("roll --dice 1,1")  # Bob (5 cr): 10 -> 2, rent 10 to Ann: pays 5 and is out
    status = t.status()["players"]["Bob"]
    assert status["out"] is True and status["owns"] == [] and status["cash"] == "0.00"
    assert t.cash("Ann") == Decimal(500 - 50 + 495 + 5)
    assert t.status()["turn"] == "Cy"
    with refused("player-out"):
        t("pay Ann Bob 1")
    with refused("player-out"):
        t("buy Bob 3")


def test_board_the_last_player_wins() -> None:
    t = game(shortfall='"out"', pass_start="0")
    own(t, {2: "Ann"})
    t("pay Bob Ann 495")
    t("roll --dice 6,6")  # Ann
    place(t, "Bob", 10)
    out = t("roll --dice 1,1")
    assert "The game is over: Ann won." in out
    assert t.status()["winner"] == "Ann"
    with refused("game-over"):
        t("tick 1")
    with refused("game-over"):
        t("roll")
    with refused("game-over"):
        t("pay Ann bank 1")


def test_board_loan_and_repay() -> None:
    t = game(shortfall='"loan"', loan_limit="100")
    own(t, {2: "Ann", 6: "Bob", 10: "Bob"})
    t("pay Bob Ann 495")  # Bob: 5 cr and two stations worth 400
    t("rent Bob 2")  # rent 10: the bank lends 5
    assert (t.cash("Bob"), t.balance("loan:Bob")) == (Decimal(0), Decimal(-5))
    assert t.status()["players"]["Bob"]["debt"] == "5.00"
    with refused("in-debt"):
        t("buy Bob 3")
    t("pay Ann Bob 20")  # money in repays the debt first
    assert (t.cash("Bob"), t.balance("loan:Bob")) == (Decimal(15), Decimal(0))


def test_board_loan_limit_puts_a_borrower_out() -> None:
    t = game(shortfall='"loan"', loan_limit="50")
    own(t, {2: "Ann", 3: "Ann", 6: "Bob"})
    t.edit_cells({"Owners!D2": 1})  # Red A at level 1: rent 50
    t("pay Bob Ann 450")  # Bob: 50 cr, North worth 200: a debt of up to 100
    t("rent Bob 2")
    t("rent Bob 2")  # lends 50
    assert t.balance("loan:Bob") == Decimal(-50)
    t("rent Bob 2")
    t("rent Bob 2")  # a debt of 150 past 100: out, the debt written off, North the bank's
    status = t.status()["players"]["Bob"]
    assert status["out"] is True and status["owns"] == []
    assert t.balance("loan:Bob") == Decimal(0)
    assert t.balance("bank") + t.cash("Ann") + t.balance("pot") == 0


def test_board_roll_for_another() -> None:
    t = game()
    with refused("not-their-turn"):
        t("roll --player Bob")
    with refused("bad-dice"):
        t("roll --dice 7,1")
    t("roll --player Ann --dice 1,1")
    assert t.status()["turn"] == "Bob"


def test_board_a_rent_past_what_a_cell_holds_is_refused_before_it_is_saved() -> None:
    """Amounts the file allows, multiplied past what a spreadsheet holds exactly (a whole
    group's rent raised by the file's factor): refused, the books as they were."""
    huge = """\
start_money = 100
full_group_rent = 9999999999999.99
shortfall = "loan"
loan_limit = 100
[[field]]
name = "Go"
kind = "start"
[[field]]
name = "A"
kind = "lot"
group = "a"
price = 1
rents = [9999999999999.99, 5]
[[field]]
name = "B"
kind = "free"
"""
    t = table(game="boardfile", board=huge, first="Ann", patrol=None)
    t("buy Ann 2")
    with refused(*["amount-too-large"] * 6):
        t("rent Bob 2")
    assert t.cash("Bob") == 100 and t.cash("Ann") == 99


def test_board_a_turns_row_that_names_no_player_is_named_by_its_cell() -> None:
    """The next player is the one after the last Turns row's: a row naming nobody at the table
    is named by its cell and refuses a turn, rather than giving it to the first player."""
    t = game(("Ann", "Bob", "Cy"))
    t("roll --dice 1,1")  # Ann
    t("roll --dice 1,1")  # Bob
    assert t.status()["turn"] == "Cy"
    t.edit_cells({"Turns!C3": "BOB"})  # the same player, in another case
    t.check(clean=True)
    assert t.status()["turn"] == "Cy"
    t.edit_cells({"Turns!C3": "Zed"})
    assert t.check(clean=False).splitlines() == [
        "Turns!C3: unknown-player 'Zed' is not a player",
        "    hint: the next turn is the player's after the last row's: Ann, Bob, Cy",
    ]
    assert t.refusal("tick 1").startswith("Turns!C3: unknown-player")


def test_board_a_roll_for_one_who_is_out_says_they_are_out() -> None:
    """`roll --player` for a player who is out says why, as the 21-field game does (there with
    its rule number): not merely that it is another's turn."""
    t = game(("Ann", "Bob", "Cy"))
    t.edit_cells({"Players!D3": True})  # Bob is out
    assert t.refusal("roll --player Bob").splitlines() == [
        "--player: not-their-turn it is Ann's turn, not Bob's (out of the game)",
        "    hint: leave out the player, or roll for Ann",
    ]
    assert t.refusal("roll --player Cy").splitlines()[0] == (
        "--player: not-their-turn it is Ann's turn, not Cy's"
    )


def test_board_in_the_jail_typed_for_one_not_on_its_field_or_out_is_named_by_its_cell() -> None:
    """A player in the jail stands on the jail's field (a go-to-jail field puts them there) and
    is in the game: in_jail typed for one elsewhere, or out, is named by its cell, rather than
    charging the jail's fine to one who was never sent there."""
    t = game(("Ann", "Bob", "Cy"))
    t.edit_cells({"Players!F3": True, "Players!D4": True, "Players!F4": True})
    assert t.check(clean=False).splitlines() == [
        "Players!F3: bad-jail Bob is in the jail, but Bob's piece stands on field 1, not on 5",
        "    hint: [jail]: one in the jail stands on its field: set in_jail to no, or field to 5",
        "Players!F4: bad-jail Cy is out of the game, and in the jail",
        "    hint: one who is out is in no jail: set in_jail to no",
    ]
    assert t.refusal("roll").startswith("Players!F3: bad-jail")
    t.edit_cells({"Players!C3": 5, "Players!F4": False})
    t.check(clean=True)


def test_board_a_level_typed_for_a_lot_nobody_owns_is_named_by_its_cell() -> None:
    """A lot's level is its owner's (one who goes out leaves it bare): a level typed for a lot
    nobody owns is named by its cell, rather than raising the rent of whoever buys it next."""
    t = game()
    t.edit_cells({"Owners!D2": 1})
    assert t.check(clean=False).splitlines() == [
        "Owners!D2: bad-level Red A has no owner, and is at level 1",
        "    hint: a lot nobody owns is bare: set its level to 0, or type its owner",
    ]
    assert t.refusal("buy Ann 2").startswith("Owners!D2: bad-level")
    own(t, {2: "Bob"})
    t.check(clean=True)
