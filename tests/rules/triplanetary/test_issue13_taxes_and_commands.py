"""Issue 13, items 2, 3, 6 and 7: property tax on a colonization attempt being outfitted (§29,
§32), for pirates and warlords but not the dead (§29, §5), `ledger transfer` between adjacent
bases (§21) and `ledger pr-program` (§36C), amounts by hand.

Each test plays a game on books in memory (tests/memory.py): Ann and Bob start with 25 KC at
Ceres and Sam is the Patrol with 500 KC, day 0. The statement's forecast of the tax runs the
real CLI on a real workbook.
"""

from __future__ import annotations

import shlex
from decimal import Decimal
from typing import Any

import pytest

from tests.conftest import Ledger, set_setting
from tests.memory import Table, table


def cash(t: Table, who: str) -> Decimal:
    return Decimal(f"{t.cash(who):.2f}")


def journal(t: Table) -> list[dict[str, Any]]:
    return t.journal()


def postings(txn: dict[str, Any]) -> dict[str, str]:
    return {p["account"]: p["amount"] for p in txn["postings"]}


def taxes(t: Table) -> list[dict[str, str]]:
    return [postings(x) for x in journal(t) if x["rule"] == "§29" and x["kind"] == "tax"]


def player(t: Table, name: str) -> dict[str, Any]:
    return next(r for r in t.rows("Players") if r["name"] == name)


def tick(t: Table, days: str) -> str:
    """Tick; every line of the report."""
    t(f"tick {days}")
    return t.report()


def to_day(t: Table, day: int) -> None:
    """Jump to the day before `day` (nothing falls due in these books meanwhile), then tick."""
    t.set_setting("day", day - 1)
    t("tick 1")


# -- §29 with §32: an attempt being outfitted is ships being built ------------------------------


@pytest.fixture
def colonist() -> Table:
    t = table()
    t("pay bank Ann 112000")  # 25 + 112,000 = 112,025
    t("buy Ann bussard-ramscoop 3 --name Ark")  # 3 × 500 = 1,500: 110,525
    t("tick 1")
    t("colonize Ann")  # 100,000 on day 1: 10,525 left; it leaves on day 361
    return t


def test_s29_s32_an_attempt_being_outfitted_pays_property_tax_at_its_cost(colonist: Table) -> None:
    t = colonist
    to_day(t, 360)
    # 10% of (3 ramscoops × 500 + the attempt's 100,000) = 10% of 101,500 = 10,150;
    # half to the Patrol, half to Earth (§6)
    assert taxes(t) == [{"cash:Ann:Ceres": "-10150.00", "patrol": "5075.00", "earth": "5075.00"}]
    assert cash(t, "Ann") == Decimal("375.00")  # 10,525 - 10,150


def test_s32_ships_that_left_the_board_pay_no_more_property_tax(colonist: Table) -> None:
    t = colonist
    to_day(t, 360)
    t("tick 1")  # day 361: the attempt leaves past Jupiter, never to return
    to_day(t, 720)
    assert len(taxes(t)) == 1  # day 360's only: nothing of Ann's is left to tax
    assert cash(t, "Ann") == Decimal("375.00")


def test_s29_house_rule_taxes_only_the_ramscoops_of_an_attempt(colonist: Table) -> None:
    t = colonist
    t.set_setting("colonization_cost_taxed", "no")
    to_day(t, 360)
    # 10% of 3 × 500 = 150
    assert taxes(t) == [{"cash:Ann:Ceres": "-150.00", "patrol": "75.00", "earth": "75.00"}]


# -- §29: nobody is exempt; the dead owe nothing (§5) -----------------------------------------------


def cli_cash(game: Ledger, who: str) -> Decimal:
    return Decimal(game("balance", "--json").json()["players"][who])


def cli_taxes(game: Ledger) -> list[dict[str, str]]:
    data: list[dict[str, Any]] = game("journal", "--json").json()
    return [postings(x) for x in data if x["rule"] == "§29" and x["kind"] == "tax"]


def cli_to_day(game: Ledger, day: int) -> None:
    """`to_day` on a real workbook."""
    set_setting(game.path, "day", day - 1)
    game("tick", "1")


def test_s29_pirates_and_warlords_pay_property_tax(game: Ledger) -> None:
    """Through the CLI: the statement foresees the tax."""
    game("buy", "Ann", "transport", "--name", "Tub")  # 10 KC: 15 left
    game("buy", "Bob", "transport", "--name", "Raft")  # 10 KC: 15 left
    game("declare", "Ann", "pirate")
    game("declare", "Bob", "warlord")
    ahead = game("statement", "--player", "Ann", "--format", "text").stdout
    assert "property tax on day 360: 1.00 KC" in ahead  # the statement foresees it too
    cli_to_day(game, 360)
    # each: 10% of 10 = 1.00, 0.50 to the Patrol and 0.50 to Earth
    assert cli_taxes(game) == [
        {"cash:Ann:Ceres": "-1.00", "patrol": "0.50", "earth": "0.50"},
        {"cash:Bob:Ceres": "-1.00", "patrol": "0.50", "earth": "0.50"},
    ]
    assert (cli_cash(game, "Ann"), cli_cash(game, "Bob"), cli_cash(game, "Sam")) == (
        Decimal("14.00"),
        Decimal("14.00"),
        Decimal("501.00"),  # 500 + 2 × 0.50
    )


def test_s29_an_outlaws_unpaid_tax_piles_up_as_crimes_and_the_outlaw_stays_one() -> None:
    t = table()
    t("buy Bob transport --name Raft")  # 15 left
    t("pay Bob bank 15")  # nothing left
    t("declare Bob warlord")  # PR -15
    to_day(t, 360)
    to_day(t, 720)
    crimes = t.rows("Crimes")
    assert [(c["player"], c["class"], c["status"]) for c in crimes] == [("Bob", 1, "open")] * 2
    assert sum(Decimal(str(d["amount"])) for d in t.rows("Dues")) == Decimal("2")
    bob = player(t, "Bob")  # two cycles unpaid: still a warlord, not made a pirate again
    assert (bob["status"], bob["pr"]) == ("warlord", -15)


def test_s29_house_rule_spares_outlaws_the_property_tax() -> None:
    t = table()
    t.set_setting("exempt_outlaws_from_property_tax", "yes")
    t("buy Ann transport --name Tub")
    t("declare Ann pirate")
    to_day(t, 360)
    assert taxes(t) == []
    assert cash(t, "Ann") == Decimal("15.00")


def test_s5_the_dead_owe_no_property_tax() -> None:
    t = table()
    # a guard, not a change: the dead were spared before; the outlaws' change must keep it
    t("buy Ann transport 2 --name Tub")  # 20 KC: S1 Tub 1, S2 Tub 2
    t("destroy 'Tub 1' --aboard Ann")  # Ann dies; Tub 2 is still hers on the sheet
    to_day(t, 360)
    assert taxes(t) == []
    assert player(t, "Ann")["status"] == "dead"


# -- §21 base to base transfer ------------------------------------------------------------------------


@pytest.fixture
def bases() -> Table:
    t = table()
    t("pay bank Ann 1000")  # 1,025
    t("buy Ann base --name Rock")  # B1, ready at once on day 0 (§3)
    t("buy Ann base --name Pebble")  # B2
    return t


def store(t: Table, holder: str) -> dict[str, int]:
    return {c["good"]: c["qty"] for c in t.rows("Cargo") if c["holder"] == holder}


def test_s21_ore_moves_5_cp_a_day(bases: Table) -> None:
    t = bases
    t.add_rows("Cargo", [["B1", "raw-ore", 12]])
    run = t("transfer Ann raw-ore 12 --from Rock --to Pebble")
    assert "12 CP of raw-ore (12 CP) from Rock to Pebble at 5 CP a day: 3 days" in run
    assert "all there on day 3 (§21)" in run
    t("tick 1")  # 5 CP
    assert (store(t, "B1"), store(t, "B2")) == ({"raw-ore": 7}, {"raw-ore": 5})
    t("tick 1")  # 10 CP
    assert (store(t, "B1"), store(t, "B2")) == ({"raw-ore": 2}, {"raw-ore": 10})
    run = tick(t, "1")  # the last 2
    assert (store(t, "B1"), store(t, "B2")) == ({}, {"raw-ore": 12})
    assert "transfer T1 done: 12 CP of raw-ore from Rock arrived at Pebble" in run
    assert [(x["moved"], x["status"]) for x in t.rows("Transfers")] == [(12, "done")]
    assert f"{t.cash('Ann'):.2f}" == "525.00"  # no money moves


def test_s21_crews_move_at_4_cp_each(bases: Table) -> None:
    t = bases
    t("hire Ann --base Rock --crews 3")  # C1-C3
    t("transfer Ann crews 3 --from Rock --to Pebble")  # 12 CP: 3 days

    def posts() -> list[Any]:
        return [c["post"] for c in t.rows("Crews")]

    t("tick 1")  # 5 CP: one crew (4 CP) across
    assert posts() == ["B2", "B1", "B1"]
    t("tick 1")  # 10 CP: two crews
    assert posts() == ["B2", "B2", "B1"]
    t("tick 1")  # day 3, the ready day: all
    assert posts() == ["B2", "B2", "B2"]


def test_s21_equipment_arrives_whole_when_its_cp_have_moved(bases: Table) -> None:
    t = bases
    t("buy Ann ore-processor --base Rock")  # 25 CP (§38): 5 days at 5 CP
    t("transfer Ann ore-processor 1 --from Rock --to Pebble")
    t("tick 4")  # 20 CP moved: not yet
    assert (store(t, "B1"), store(t, "B2")) == ({"ore-processor": 1}, {})
    t("tick 1")
    assert (store(t, "B1"), store(t, "B2")) == ({}, {"ore-processor": 1})


def test_s21_supplies_move_1_cp_a_unit_and_the_rate_is_a_setting(bases: Table) -> None:
    t = bases
    t.set_setting("transfer_cp_per_day", 8)
    t("supply Ann --base Rock --months 20")  # 20 units (no crews: 1 a month)
    run = t("transfer Ann supplies 20 --from Rock --to Pebble")
    assert "at 8 CP a day: 3 days" in run  # 20 CP / 8 = 2.5
    t("tick 1")

    def supplies() -> list[Any]:
        return [b["supplies"] for b in t.rows("Bases")]

    assert supplies() == [12, 8]
    t("tick 2")
    assert supplies() == [0, 20]


def test_s21_a_transfer_ends_short_when_the_source_runs_out(bases: Table) -> None:
    t = bases
    t.add_rows("Cargo", [["B1", "raw-ore", 10]])
    t("buy Ann transport --name Nomad")  # day 0: ready at once
    t("transfer Ann raw-ore 10 --from Rock --to Pebble")
    t("tick 1")  # 5 across, 5 left at Rock
    t("pickup Ann --ship Nomad --from Rock 3")  # 2 left at Rock
    run = tick(t, "1")
    assert "transfer T1 ended short: Rock had no more raw-ore" in run
    assert (store(t, "B1"), store(t, "B2")) == ({}, {"raw-ore": 7})  # 5 + the 2 left
    x = t.rows("Transfers")[0]
    assert (x["moved"], x["status"]) == (7, "short")


def test_s21_an_events_row_makes_the_same_transfer(bases: Table) -> None:
    t = bases
    t.add_rows("Cargo", [["B1", "raw-ore", 5]])
    t.add_rows("Events", [[None, None, "transfer", "Ann", "Pebble", 5, "raw-ore --from B1"]])
    t("post")
    x = t.rows("Transfers")[0]
    assert (x["good"], x["qty"], x["source"], x["target"], x["ready_day"]) == (
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
def test_s21_refused_transfers(bases: Table, args: list[str], message: str) -> None:
    t = bases
    t.add_rows("Cargo", [["B1", "raw-ore", 5]])
    t("pay bank Bob 300")
    t("buy Bob base --name Den")
    run = t.refusal(shlex.join(["transfer", "Ann", *args]))
    assert message in run


# -- §36C public relations programs ----------------------------------------------------------------


def test_s36c_pr_program_5000_kc_each_to_earth_and_1_pr_each() -> None:
    t = table()
    t("pay bank Ann 10000")  # 10,025
    run = t("pr-program Ann 2")
    assert "Ann pays 10,000.00 KC to Earth for 2 public relations programs; PR +2: now 2" in run
    assert postings(journal(t)[-1]) == {"cash:Ann:Ceres": "-10000.00", "earth": "10000.00"}
    assert player(t, "Ann")["pr"] == 2  # 2 × +1
    assert [(r["player"], r["change"]) for r in t.rows("PR")] == [("Ann", 2)]


def test_s36c_pr_program_cost_and_points_are_settings() -> None:
    t = table()
    t.set_setting("public_relations_program_cost", 20)
    t.set_setting("pr_per_program", 3)
    t("pr-program Ann 1")
    assert cash(t, "Ann") == Decimal("5.00")  # 25 - 20
    assert player(t, "Ann")["pr"] == 3


def test_s36c_a_pr_program_the_player_cannot_pay_is_refused() -> None:
    t = table()
    run = t.refusal("pr-program Ann 1")  # 25 KC, 5000 needed
    assert "cannot-afford" in run
    assert player(t, "Ann")["pr"] == 0
