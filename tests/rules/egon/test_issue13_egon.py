"""Issue 13 for the Egon-Spiel, on books in memory (tests/memory.py): sabotage (6.5) brings
down only the stones built into the tower, never the 12-stone foundation (setting
`foundation_can_fall`, default no), and 5.6.5's even split of a trader's stones among equal
highest bribers, which the game master enters as purchases.

Fresh game: ABC, BOB, CAT with 1000 Kj each, towers of 12 (the foundation), round 0. Every
expected number is worked out by hand in the comments.
"""

from __future__ import annotations

from typing import Any

from ledger.cli.reports import tick_json
from tests.memory import Table, table


def egon() -> Table:
    """The fresh game as `ledger new --game egon` makes it (its seed, 1)."""
    return table(game="egon", players=("ABC", "BOB", "CAT"), seed=1)


def players(t: Table) -> dict[str, Any]:
    """Each player as `ledger status --json` has them."""
    result: dict[str, Any] = t.status()["players"]
    return result


def towers(t: Table) -> dict[str, tuple[int, int]]:
    """Each player's (tower, store)."""
    return {name: (p["tower"], p["store"]) for name, p in players(t).items()}


def tick_lines(t: Table) -> list[dict[str, Any]]:
    """The lines of `ledger tick --json`."""
    t("tick")
    done = tick_json(t.data)
    return [line for p in done["players"].values() for line in p["lines"]]


def two_rounds_of_sabotage(t: Table) -> list[dict[str, Any]]:
    """Round 1: BOB buys 5 stones and builds them (tower 12 + 5 = 17). Round 2: ABC blasts
    BOB's tower and CAT blasts ABC's bare foundation, both with 400 Kj; Z6 14, ZZ 20.

    6.5.32: 400 DIV 20 = 20 >= ZZ 20: both succeed. 6.5.31: DI 0 + 20 - Rd 2 + 0 = 18 < 50:
    no DI. 6.5.2: z = (1 + 4) + (2 + 0) = 7, n = 1 blast at each tower."""
    t("purchase BOB 5 300")
    t("build BOB 5")
    t("draw --numbers 1,2,3,4,5,6 --zz 7 --z6 6")
    t("tick")
    assert towers(t)["BOB"] == (17, 0)
    t("order ABC s,400,BOB")
    t("order CAT s,400,ABC")
    t("draw --numbers 1,2,3,4,5,14 --zz 20 --z6 14")
    return tick_lines(t)


def blast(lines: list[dict[str, Any]], player: str) -> str:
    found = [ln["text"] for ln in lines if ln["player"] == player and "blast at" in ln["text"]]
    assert len(found) == 1, found
    return str(found[0])


def test_6_5_sabotage_never_below_the_foundation() -> None:
    t = egon()
    lines = two_rounds_of_sabotage(t)
    # BOB's tower 17: ZZ 20 would fall, but only the 5 stones built onto the foundation can
    # (heights 13..17). From above Z6 14: 15, 16, 17 = 3; ceil(3 x 1 x 7 / 100) = ceil(0.21)
    # = 1 breaks, 4 land in the store. Tower 12, store 0 + 4.
    # ABC's tower is the bare foundation: nothing falls, nothing breaks.
    assert towers(t) == {"ABC": (12, 0), "BOB": (12, 4), "CAT": (12, 0)}
    assert blast(lines, "BOB") == (
        "1 blast at BOB's tower: 5 stones fall (ZZ 20; the 12-stone foundation does not "
        "fall); 3 from above Z6 14, (1 x 7)% of them rounded up = 1 breaks; 4 land in the store"
    )
    assert blast(lines, "ABC").startswith(
        "1 blast at ABC's tower: 0 stones fall (ZZ 20; the 12-stone foundation does not fall)"
    )
    # The saboteurs pay 400 each (6.5.32). Salary round 2: 10 x (1+2+3+4+5+14+20 = 49) + 10 x
    # tower 12 = 610. ABC: round 1 1000 + 280 + 120 = 1400; round 2 1400 - 400 + 610 = 1610.
    # BOB: round 1 1000 - 300 + 280 + 170 = 1150; round 2 1150 + 610 = 1760.
    cash = {name: p["cash"] for name, p in players(t).items()}
    assert cash == {"ABC": "1610.00", "BOB": "1760.00", "CAT": "1610.00"}


def test_6_5_the_foundation_falls_with_the_house_rule() -> None:
    # Setting foundation_can_fall = yes: ZZ 20 stones fall, at most the whole tower.
    t = egon()
    t.set_setting("foundation_can_fall", "yes")
    lines = two_rounds_of_sabotage(t)
    # BOB's tower 17 < ZZ 20: all 17 fall (1..17); from above Z6 14: 15, 16, 17 = 3;
    # ceil(3 x 7 / 100) = 1 breaks, 16 land. ABC's tower 12: all 12 fall, none from above 14.
    assert towers(t) == {"ABC": (0, 12), "BOB": (0, 16), "CAT": (12, 0)}
    assert blast(lines, "BOB").startswith("1 blast at BOB's tower: 17 stones fall (ZZ 20); 3 from")
    assert blast(lines, "ABC").startswith("1 blast at ABC's tower: 12 stones fall (ZZ 20); 0 from")


def test_5_6_5_even_split_where_the_game_master_enters_the_stones() -> None:
    # BOB and CAT bribe Egon with 300 each, ABC with 100: BOB and CAT are the equal highest
    # (5.6.5), ABC's 100 is taken without favour (5.6.1). Egon has 5 stones at 60 Kj and BOB
    # and CAT each have a minimum of 4: 5 do not cover 8, so the game master splits them
    # evenly, 2 each, and the fifth goes to the open market, where ABC buys it.
    t = egon()
    t("order BOB g,Egon,300")
    t("order CAT g,Egon,300")
    t("order ABC g,Egon,100")
    t("purchase BOB 2 120 --note 'Egon, 5.6.5 split'")
    t("purchase CAT 2 120 --note 'Egon, 5.6.5 split'")
    t("purchase ABC 1 60 --note 'Egon, open market'")
    t("draw --numbers 1,2,3,4,5,6 --zz 7 --z6 6")
    lines = tick_lines(t)
    bribes = {(ln["player"], ln["rule"], ln["amount"]) for ln in lines if "bribe" in ln["text"]}
    assert bribes == {
        ("BOB", "5.6.5", "300.00"),
        ("CAT", "5.6.5", "300.00"),
        ("ABC", "5.6.1", "100.00"),
    }
    shared = [ln["text"] for ln in lines if ln["rule"] == "5.6.5"]
    assert all("the stones are split evenly" in text for text in shared) and len(shared) == 2
    # Salary: 10 x (1+2+3+4+5+6+7 = 28) + 10 x tower 12 = 400.
    # BOB, CAT: 1000 - 300 - 120 + 400 = 980, 2 stones; ABC: 1000 - 100 - 60 + 400 = 1240, 1.
    got = {n: (p["cash"], p["store"]) for n, p in players(t).items()}
    assert got == {"ABC": ("1240.00", 1), "BOB": ("980.00", 2), "CAT": ("980.00", 2)}


def test_1_5_every_tower_starts_on_a_12_stone_foundation() -> None:
    t = egon()
    assert towers(t) == {"ABC": (12, 0), "BOB": (12, 0), "CAT": (12, 0)}


def test_1_4_a_game_has_13_rounds() -> None:
    # The books stand after round 12: round 13 is played, round 14 is refused.
    t = egon()
    t.set_setting("day", 12)
    t("draw --numbers 1,2,3,4,5,6 --zz 7 --z6 6")
    t("tick")
    said = t.refusal("draw --numbers 1,2,3,4,5,6 --zz 7 --z6 6")
    assert "game-over 1.4: the game is over: its 13 rounds are evaluated" in said
    said = t.refusal("tick")
    assert "game-over 1.4: the game is over: its 13 rounds are evaluated" in said
