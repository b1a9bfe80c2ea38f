"""Issue 13, items 2, 3, 6 and 7: property tax on a colonization attempt being outfitted (§29,
§32), for pirates and warlords but not the dead (§29, §5), `ledger transfer` between adjacent
bases (§21) and `ledger pr-program` (§36C). Through the real CLI on real files, amounts by hand.

The fixture `game` is Ann and Bob with 25 KC at Ceres and Sam the Patrol with 500 KC, day 0.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from tests.conftest import Ledger, add_rows, rows, set_setting


def cash(game: Ledger, who: str) -> Decimal:
    return Decimal(game("balance", "--json").json()["players"][who])


def journal(game: Ledger) -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = game("journal", "--json").json()
    return data


def postings(txn: dict[str, Any]) -> dict[str, str]:
    return {p["account"]: p["amount"] for p in txn["postings"]}


def taxes(game: Ledger) -> list[dict[str, str]]:
    return [postings(t) for t in journal(game) if t["rule"] == "§29" and t["kind"] == "tax"]


def player(game: Ledger, name: str) -> dict[str, Any]:
    return next(r for r in rows(game.path, "Players") if r["name"] == name)


def to_day(game: Ledger, day: int) -> None:
    """Jump to the day before `day` (nothing falls due in these books meanwhile), then tick."""
    set_setting(game.path, "day", day - 1)
    game("tick", "1")


# -- §29 with §32: an attempt being outfitted is ships being built ------------------------------


@pytest.fixture
def colonist(game: Ledger) -> Ledger:
    game.prepare(
        ("pay", "bank", "Ann", "112000"),  # 25 + 112,000 = 112,025
        ("buy", "Ann", "bussard-ramscoop", "3", "--name", "Ark"),  # 3 × 500 = 1,500: 110,525
        ("tick", "1"),
        ("colonize", "Ann"),  # 100,000 on day 1: 10,525 left; it leaves on day 361
    )
    return game


def test_s29_s32_an_attempt_being_outfitted_pays_property_tax_at_its_cost(
    colonist: Ledger,
) -> None:
    to_day(colonist, 360)
    # 10% of (3 ramscoops × 500 + the attempt's 100,000) = 10% of 101,500 = 10,150;
    # half to the Patrol, half to Earth (§6)
    assert taxes(colonist) == [
        {"cash:Ann:Ceres": "-10150.00", "patrol": "5075.00", "earth": "5075.00"}
    ]
    assert cash(colonist, "Ann") == Decimal("375.00")  # 10,525 - 10,150


@pytest.mark.slow
def test_s32_ships_that_left_the_board_pay_no_more_property_tax(colonist: Ledger) -> None:
    to_day(colonist, 360)
    colonist("tick", "1")  # day 361: the attempt leaves past Jupiter, never to return
    to_day(colonist, 720)
    assert len(taxes(colonist)) == 1  # day 360's only: nothing of Ann's is left to tax
    assert cash(colonist, "Ann") == Decimal("375.00")


@pytest.mark.slow
def test_s29_house_rule_taxes_only_the_ramscoops_of_an_attempt(colonist: Ledger) -> None:
    set_setting(colonist.path, "colonization_cost_taxed", "no")
    to_day(colonist, 360)
    # 10% of 3 × 500 = 150
    assert taxes(colonist) == [{"cash:Ann:Ceres": "-150.00", "patrol": "75.00", "earth": "75.00"}]


# -- §29: nobody is exempt; the dead owe nothing (§5) -----------------------------------------------


def test_s29_pirates_and_warlords_pay_property_tax(game: Ledger) -> None:
    game("buy", "Ann", "transport", "--name", "Tub")  # 10 KC: 15 left
    game("buy", "Bob", "transport", "--name", "Raft")  # 10 KC: 15 left
    game("declare", "Ann", "pirate")
    game("declare", "Bob", "warlord")
    ahead = game("statement", "--player", "Ann", "--format", "text").stdout
    assert "property tax on day 360: 1.00 KC" in ahead  # the statement foresees it too
    to_day(game, 360)
    # each: 10% of 10 = 1.00, 0.50 to the Patrol and 0.50 to Earth
    assert taxes(game) == [
        {"cash:Ann:Ceres": "-1.00", "patrol": "0.50", "earth": "0.50"},
        {"cash:Bob:Ceres": "-1.00", "patrol": "0.50", "earth": "0.50"},
    ]
    assert (cash(game, "Ann"), cash(game, "Bob"), cash(game, "Sam")) == (
        Decimal("14.00"),
        Decimal("14.00"),
        Decimal("501.00"),  # 500 + 2 × 0.50
    )


@pytest.mark.slow
def test_s29_an_outlaws_unpaid_tax_piles_up_as_crimes_and_the_outlaw_stays_one(
    game: Ledger,
) -> None:
    game("buy", "Bob", "transport", "--name", "Raft")  # 15 left
    game("pay", "Bob", "bank", "15")  # nothing left
    game("declare", "Bob", "warlord")  # PR -15
    to_day(game, 360)
    to_day(game, 720)
    crimes = rows(game.path, "Crimes")
    assert [(c["player"], c["class"], c["status"]) for c in crimes] == [("Bob", 1, "open")] * 2
    assert sum(Decimal(str(d["amount"])) for d in rows(game.path, "Dues")) == Decimal("2")
    bob = player(game, "Bob")  # two cycles unpaid: still a warlord, not made a pirate again
    assert (bob["status"], bob["pr"]) == ("warlord", -15)


def test_s29_house_rule_spares_outlaws_the_property_tax(game: Ledger) -> None:
    set_setting(game.path, "exempt_outlaws_from_property_tax", "yes")
    game("buy", "Ann", "transport", "--name", "Tub")
    game("declare", "Ann", "pirate")
    to_day(game, 360)
    assert taxes(game) == []
    assert cash(game, "Ann") == Decimal("15.00")


def test_s5_the_dead_owe_no_property_tax(game: Ledger) -> None:
    # a guard, not a change: the dead were spared before; the outlaws' change must keep it
    game("buy", "Ann", "transport", "2", "--name", "Tub")  # 20 KC: S1 Tub 1, S2 Tub 2
    game("destroy", "Tub 1", "--aboard", "Ann")  # Ann dies; Tub 2 is still hers on the sheet
    to_day(game, 360)
    assert taxes(game) == []
    assert player(game, "Ann")["status"] == "dead"


# -- §21 base to base transfer ------------------------------------------------------------------------


@pytest.fixture
def bases(game: Ledger) -> Ledger:
    game.prepare(
        ("pay", "bank", "Ann", "1000"),  # 1,025
        ("buy", "Ann", "base", "--name", "Rock"),  # B1, ready at once on day 0 (§3)
        ("buy", "Ann", "base", "--name", "Pebble"),  # B2
    )
    return game


def store(game: Ledger, holder: str) -> dict[str, int]:
    return {c["good"]: c["qty"] for c in rows(game.path, "Cargo") if c["holder"] == holder}


@pytest.mark.slow
def test_s21_ore_moves_5_cp_a_day(bases: Ledger) -> None:
    add_rows(bases.path, "Cargo", [["B1", "raw-ore", 12]])
    run = bases("transfer", "Ann", "raw-ore", "12", "--from", "Rock", "--to", "Pebble")
    assert "12 CP of raw-ore (12 CP) from Rock to Pebble at 5 CP a day: 3 days" in run.stdout
    assert "all there on day 3 (§21)" in run.stdout
    bases("tick", "1")  # 5 CP
    assert (store(bases, "B1"), store(bases, "B2")) == ({"raw-ore": 7}, {"raw-ore": 5})
    bases("tick", "1")  # 10 CP
    assert (store(bases, "B1"), store(bases, "B2")) == ({"raw-ore": 2}, {"raw-ore": 10})
    run = bases("tick", "1")  # the last 2
    assert (store(bases, "B1"), store(bases, "B2")) == ({}, {"raw-ore": 12})
    assert "transfer T1 done: 12 CP of raw-ore from Rock arrived at Pebble" in run.stdout
    assert [(t["moved"], t["status"]) for t in rows(bases.path, "Transfers")] == [(12, "done")]
    assert bases("balance", "--json").json()["players"]["Ann"] == "525.00"  # no money moves


def test_s21_crews_move_at_4_cp_each(bases: Ledger) -> None:
    bases("hire", "Ann", "--base", "Rock", "--crews", "3")  # C1-C3
    bases("transfer", "Ann", "crews", "3", "--from", "Rock", "--to", "Pebble")  # 12 CP: 3 days
    posts = lambda: [c["post"] for c in rows(bases.path, "Crews")]  # noqa: E731
    bases("tick", "1")  # 5 CP: one crew (4 CP) across
    assert posts() == ["B2", "B1", "B1"]
    bases("tick", "1")  # 10 CP: two crews
    assert posts() == ["B2", "B2", "B1"]
    bases("tick", "1")  # day 3, the ready day: all
    assert posts() == ["B2", "B2", "B2"]


@pytest.mark.slow
def test_s21_equipment_arrives_whole_when_its_cp_have_moved(bases: Ledger) -> None:
    bases("buy", "Ann", "ore-processor", "--base", "Rock")  # 25 CP (§38): 5 days at 5 CP
    bases("transfer", "Ann", "ore-processor", "1", "--from", "Rock", "--to", "Pebble")
    bases("tick", "4")  # 20 CP moved: not yet
    assert (store(bases, "B1"), store(bases, "B2")) == ({"ore-processor": 1}, {})
    bases("tick", "1")
    assert (store(bases, "B1"), store(bases, "B2")) == ({}, {"ore-processor": 1})


def test_s21_supplies_move_1_cp_a_unit_and_the_rate_is_a_setting(bases: Ledger) -> None:
    set_setting(bases.path, "transfer_cp_per_day", 8)
    bases("supply", "Ann", "--base", "Rock", "--months", "20")  # 20 units (no crews: 1 a month)
    run = bases("transfer", "Ann", "supplies", "20", "--from", "Rock", "--to", "Pebble")
    assert "at 8 CP a day: 3 days" in run.stdout  # 20 CP / 8 = 2.5
    bases("tick", "1")
    supplies = lambda: [b["supplies"] for b in rows(bases.path, "Bases")]  # noqa: E731
    assert supplies() == [12, 8]
    bases("tick", "2")
    assert supplies() == [0, 20]


@pytest.mark.slow
def test_s21_a_transfer_ends_short_when_the_source_runs_out(bases: Ledger) -> None:
    add_rows(bases.path, "Cargo", [["B1", "raw-ore", 10]])
    bases("buy", "Ann", "transport", "--name", "Nomad")  # day 0: ready at once
    bases("transfer", "Ann", "raw-ore", "10", "--from", "Rock", "--to", "Pebble")
    bases("tick", "1")  # 5 across, 5 left at Rock
    bases("pickup", "Ann", "--ship", "Nomad", "--from", "Rock", "3")  # 2 left at Rock
    run = bases("tick", "1")
    assert "transfer T1 ended short: Rock had no more raw-ore" in run.stdout
    assert (store(bases, "B1"), store(bases, "B2")) == ({}, {"raw-ore": 7})  # 5 + the 2 left
    t = rows(bases.path, "Transfers")[0]
    assert (t["moved"], t["status"]) == (7, "short")


def test_s21_an_events_row_makes_the_same_transfer(bases: Ledger) -> None:
    add_rows(bases.path, "Cargo", [["B1", "raw-ore", 5]])
    add_rows(
        bases.path, "Events", [[None, None, "transfer", "Ann", "Pebble", 5, "raw-ore --from B1"]]
    )
    bases("post")
    t = rows(bases.path, "Transfers")[0]
    assert (t["good"], t["qty"], t["source"], t["target"], t["ready_day"]) == (
        "raw-ore",
        5,
        "B1",
        "B2",
        1,
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["raw-ore", "5", "--from", "Rock", "--to", "Rock"],
            "--to: same-base Rock is the base the transfer starts from",
        ),
        (
            ["raw-ore", "6", "--from", "Rock", "--to", "Pebble"],
            "QTY: not-in-store Rock has 5 of raw-ore",
        ),
        (["transport", "1", "--from", "Rock", "--to", "Pebble"], "does not go inside a ship (§21)"),
        (
            ["raw-ore", "5", "--from", "Rock", "--to", "Den"],
            "--to: not-the-owner Den belongs to Bob",
        ),
    ],
)
def test_s21_refused_transfers(bases: Ledger, args: list[str], message: str) -> None:
    add_rows(bases.path, "Cargo", [["B1", "raw-ore", 5]])
    bases("pay", "bank", "Bob", "300")
    bases("buy", "Bob", "base", "--name", "Den")
    run = bases("transfer", "Ann", *args, expect=1)
    assert message in run.stderr


# -- §36C public relations programs ----------------------------------------------------------------


def test_s36c_pr_program_5000_kc_each_to_earth_and_1_pr_each(game: Ledger) -> None:
    game("pay", "bank", "Ann", "10000")  # 10,025
    run = game("pr-program", "Ann", "2")
    assert "Ann pays 10,000.00 KC to Earth for 2 public relations programs; PR +2: now 2" in (
        run.stdout
    )
    assert postings(journal(game)[-1]) == {"cash:Ann:Ceres": "-10000.00", "earth": "10000.00"}
    assert player(game, "Ann")["pr"] == 2  # 2 × +1
    assert [(r["player"], r["change"]) for r in rows(game.path, "PR")] == [("Ann", 2)]


def test_s36c_pr_program_cost_and_points_are_settings(game: Ledger) -> None:
    set_setting(game.path, "public_relations_program_cost", 20)
    set_setting(game.path, "pr_per_program", 3)
    game("pr-program", "Ann", "1")
    assert cash(game, "Ann") == Decimal("5.00")  # 25 - 20
    assert player(game, "Ann")["pr"] == 3


def test_s36c_a_pr_program_the_player_cannot_pay_is_refused(game: Ledger) -> None:
    run = game("pr-program", "Ann", "1", expect=1)  # 25 KC, 5000 needed
    assert "cannot-afford" in run.stderr
    assert player(game, "Ann")["pr"] == 0
