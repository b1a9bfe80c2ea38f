"""§23 Prospecting: the die decides what a hex holds, recorded with what it decided.

Each test plays a game on books in memory (tests/memory.py): Ann and Bob start with 25 KC at
Ceres, Sam is the Patrol with 500 KC.
"""

from __future__ import annotations

from tests.memory import Table, table


def _ship(t: Table, item: str = "transport") -> None:
    t("pay bank Ann 100")
    t(f"buy Ann {item} --name Nomad")


def test_s23_prospect_a_six_on_the_die_is_high_grade_ore() -> None:
    t = table()
    _ship(t)
    run = t("prospect Ann --ship Nomad --hex 0412 --dice 6")
    assert "finds high-grade ore in hex 0412" in run
    dice = t.rows("Dice")
    assert dice[-1]["result"] == 6 and dice[-1]["decided"] == "a six: high-grade ore"
    assert dice[-1]["source"] == "entered"
    assert f"{t.cash('Ann'):.2f}" == "115.00"  # no money changes hands: 125 - 10


def test_s23_prospect_a_one_rolled_again_and_another_one_is_ct_ore() -> None:
    t = table()
    _ship(t)
    run = t("prospect Ann --ship Nomad --hex 0413 --dice 1,1")
    assert "C-T ore" in run and "disabled for 4 days, until day 4" in run
    decided = [r["decided"] for r in t.rows("Dice")[-2:]]
    assert decided == [
        "a one: the die is rolled again",
        "a second one: C-T ore; the ship is disabled until day 4",
    ]
    run = t("prospect Ann --ship Nomad --hex 0414 --dice 1,3")
    assert "finds no ore in hex 0414 (1, 3" in run
    run = t("prospect Ann --ship Nomad --hex 0415 --dice 5")
    assert "finds no ore in hex 0415 (5" in run


def test_s23_prospect_a_second_look_needs_two_sixes_on_the_dice() -> None:
    t = table()
    _ship(t)
    run = t("prospect Ann --ship Nomad --hex 0412 --again --dice 6,5")
    assert "6+5, no high-grade ore" in run
    run = t("prospect Ann --ship Nomad --hex 0412 --again --dice 6,6")
    assert "6+6, two sixes: high-grade ore" in run


def test_s23_prospect_only_a_transport_or_packet_and_dice_from_the_seed() -> None:
    t = table()
    t("pay bank Ann 500")
    _ship(t, "liner")
    run = t.refusal("prospect Ann --ship Nomad --hex 0412")
    assert "cannot-prospect" in run and "(§23)" in run
    t("buy Ann packet --name Scout")
    t("prospect Ann --ship Scout --hex 0412")  # drawn from the seeded dice
    assert t.rows("Dice")[-1]["source"] == "drawn"
    run = t.refusal("prospect Ann --ship Scout --hex 0412 --dice 7")
    assert "bad-dice" in run
