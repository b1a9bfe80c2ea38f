"""Planetopoly's rules, one test a numbered point that moves money or ownership
(../shared/rules/planetopoly.txt; rulings in ../shared/rules/README.md).

Every player starts with 3000 MU (§1). The example board of a new workbook (numbers used below):
Lyra 1-3 cost 600, a support point 300, a rent for each of 0 to 9 points: 60 / 300 / 600 /
1200 (station) / 1450 / 1750 / 2000 (2 stations) / 2350 / 2650 / 3000 (base), sale value 300, a
point sells for 150, remote-buy premium 200, mortgage 300;
Vega 1000 (point 500, premium 300, mortgage 500); Sirius 1800 (mortgage 900); toll stations and
speed traps cost 800, sell for 400, mortgage 400.

Each test plays a game on books in memory (tests/memory.py), written as the sheets it starts
from (pipe tables, tests/pipe_tables.py): its Players and, where a test needs them, the Holdings
(deed | owner | points) or Deeds. What only the command does (`ledger new` refusing a fifth
player, the balance table, `status` and its --json shape, the statement and the game summary)
runs the real CLI on a real workbook.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from ledger.rules.planetopoly import tables
from tests.conftest import Ledger
from tests.memory import Table, table


def planetopoly(text: str) -> Table:
    """`planetopoly('''Players | name | ...''')`: a Planetopoly game from pipe tables."""
    return table(text, game="planetopoly")


def status(t: Table) -> dict[str, Any]:
    """Each player as `ledger status --json` has them."""
    data: dict[str, Any] = t.books.game.status(t.books)["players"]
    return data


def cash(t: Table, name: str) -> str:
    return f"{t.cash(name):.2f}"


def balance(t: Table, account: str) -> str:
    return f"{t.balance(account):.2f}"


def warned(t: Table) -> str:
    """The last command's warnings as the command prints them."""
    return "\n".join(p.line() for p in t.warnings)


# -- what only the command does: the real CLI on a real workbook

OnFile = Callable[[str], Ledger]


@pytest.fixture
def on_file(workbook: Any) -> OnFile:
    """`on_file('''Players | name | ...''')`: a Planetopoly workbook from pipe tables."""

    def build(text: str) -> Ledger:
        return workbook(text, game="planetopoly")  # type: ignore[no-any-return]

    return build


def cli_status(ledger: Ledger) -> dict[str, Any]:
    data: dict[str, Any] = ledger("status", "--json").json()["players"]
    return data


def cli_cash(ledger: Ledger, name: str) -> str:
    return str(ledger("balance", "--json").json()["players"][name])


def cli_refused(ledger: Ledger, *args: str) -> str:
    """The command is refused, nothing is written, and the message is returned."""
    run = ledger(*args, expect=1)
    assert "nothing was written" in run.stderr
    return run.stderr


# -- §1 preparation ---------------------------------------------------------------------------------


def test_1_opening_3000_each() -> None:
    t = table(game="planetopoly", players=("Ann", "Bob", "Cy", "Dan"))  # as `ledger new` makes it
    assert {n: cash(t, n) for n in ("Ann", "Bob", "Cy", "Dan")} == {
        n: "3000.00" for n in ("Ann", "Bob", "Cy", "Dan")
    }
    assert balance(t, "bank") == "-12000.00"  # 4 × 3000 out of the bank


def test_1_at_most_four_players(ledger: Ledger) -> None:
    five = [word for name in "ABCDE" for word in ("-p", name)]
    run = ledger("new", "--game", "planetopoly", *five, expect=1)
    assert "§1: Planetopoly has at most 4 players, not 5" in run.stderr
    assert not ledger.path.exists()


def test_1_new_workbook_holds_an_example_board_marked_as_such() -> None:
    t = table(game="planetopoly")  # as `ledger new` makes it
    deeds = t.rows("Deeds")
    assert len(deeds) == 12 + 4 + 4  # four planets of three plots, 4 toll stations, 4 speed traps
    assert all("EXAMPLE" in d["note"] for d in deeds)
    assert {d["key"] for d in deeds if d["kind"] == "toll-station"} == {
        f"toll-station-{n}" for n in (1, 2, 3, 4)
    }
    assert all(d["mortgage"] * 2 == d["price"] for d in deeds)  # mortgage half the price
    assert t.check() == ""  # `ledger check` finds nothing


# -- §3 start -------------------------------------------------------------------------------------


def test_3_passing_start_pays_1000() -> None:
    t = planetopoly(
        """
        Players | name | role
                | Ann  | player
                | Bob  | player
        """
    )
    t("start Ann")
    assert cash(t, "Ann") == "4000.00"  # 3000 + 1000


def test_3_landing_exactly_on_start_pays_200_more() -> None:
    t = planetopoly(
        """
        Players | name | role
                | Ann  | player
                | Bob  | player
        """
    )
    t("start Ann --exact")
    assert cash(t, "Ann") == "4200.00"  # 3000 + 1000 + 200


# -- §4 risk field ---------------------------------------------------------------------------------


def _risk(dice: str) -> str:
    t = planetopoly(
        """
        Players | name | role
                | Ann  | player
                | Bob  | player
        """
    )
    t(f"risk Ann --dice {dice}")
    return cash(t, "Ann")


def test_4_risk_even_minus_odd_times_30_pays() -> None:
    assert _risk("2,5") == "2910.00"  # 2 - 5 = -3 × 30 = -90


def test_4_risk_even_minus_odd_times_30_receives() -> None:
    assert _risk("1,6") == "3150.00"  # 6 - 1 = 5 × 30 = +150


def test_4_risk_two_odd_pay_sum_times_30() -> None:
    assert _risk("3,5") == "2760.00"  # 3 + 5 = 8 × 30 = 240 paid


def test_4_risk_two_odd_doubles_times_50() -> None:
    assert _risk("5,5") == "2500.00"  # 5 + 5 = 10 × 50 = 500 paid


def test_4_risk_two_even_receive_sum_times_30() -> None:
    assert _risk("2,4") == "3180.00"  # 2 + 4 = 6 × 30 = 180 received


def test_4_risk_two_even_doubles_times_50() -> None:
    assert _risk("4,4") == "3400.00"  # 4 + 4 = 8 × 50 = 400 received


def test_4_risk_dice_recorded_and_bad_dice_refused() -> None:
    t = planetopoly(
        """
        Players | name | role
                | Ann  | player
                | Bob  | player
        """
    )
    t("risk Ann --dice 6,6")
    dice = t.rows("Dice")
    assert [d["result"] for d in dice] == [6, 6]
    assert "+600 MU" in str(dice[0]["decided"])  # 6 + 6 = 12 × 50
    assert "§2: a die shows 1 to 6" in t.refusal("risk Ann --dice 7,1")


def test_11_risk_table_equals_the_formula_in_all_36_cells() -> None:
    for a in range(1, 7):
        for b in range(1, 7):
            assert tables.RISK[a - 1][b - 1] == risk_formula(a, b), (a, b)
    for n, printed in tables.ST_RENT_PRINTED.items():
        assert tuple(tables.ST_RENT[n][t] for t in range(2, 13)) == printed
        assert printed == tuple(50 * t * n for t in range(2, 13))  # §11: 50 × dice × owned


def test_11_risk_all_36_cells_through_events_rows() -> None:
    t = planetopoly(
        """
        Players | name | role
                | Ann  | player
                | Bob  | player
        """
    )
    cells = [(a, b) for a in range(1, 7) for b in range(1, 7)]
    t.add_rows(  # one Events row a cell of the table: R0 risk Ann --dice 1,1, ..., R35 --dice 6,6
        "Events",
        [
            [f"R{i}", None, "risk", "Ann", None, None, f"--dice {a},{b}"]
            for i, (a, b) in enumerate(cells)
        ],
    )
    t("post")
    # the table's rows sum to -130, +530, -570, +970, -1010, +1410: 1200 in all
    assert cash(t, "Ann") == "4200.00"
    amounts = [r for r in t.rows("Journal") if r.get("kind") == "risk"]
    assert len({r["txn"] for r in amounts}) == 36
    assert all(e["posted"] for e in t.rows("Events"))


# -- §5 planet fields ------------------------------------------------------------------------------


def test_5_buy_a_plot_pays_its_price_to_the_bank() -> None:
    t = planetopoly(
        """
        Players | name | role
                | Ann  | player
                | Bob  | player
        """
    )
    t("buy Ann lyra-1")
    assert cash(t, "Ann") == "2400.00"  # 3000 - 600
    assert status(t)["Ann"]["owns"] == {"lyra-1": 0}


def test_5_claim_refuses_a_plot_to_another_player() -> None:
    t = planetopoly(
        """
        Players | name | role
                | Ann  | player
                | Bob  | player
        """
    )
    t("buy Ann lyra-1")
    msg = t.refusal("buy Bob lyra-2")
    assert "§5: Ann owns a plot of Lyra and has the claim to the whole planet" in msg
    assert cash(t, "Bob") == "3000.00"


def test_5_two_deeds_of_every_claimed_planet_before_another() -> None:
    t = planetopoly(
        """
        Players | name | role
                | Ann  | player
                | Bob  | player
        """
    )
    t("buy Ann lyra-1")
    assert "§5: Ann holds one deed of Lyra" in t.refusal("buy Ann vega-1")
    t("buy Ann lyra-2")
    t("buy Ann vega-1")
    assert cash(t, "Ann") == "800.00"  # 3000 - 600 - 600 - 1000


def test_5_one_plot_owned_at_most_one_point() -> None:
    t = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner | points
                 | lyra-1 | Ann   | 1
        """
    )
    msg = t.refusal("build Ann lyra-1")
    assert "§5: a player who owns only one plot of a planet may have one support point" in msg


def test_5_two_plots_owned_at_most_two_points_each() -> None:
    t = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner | points
                 | lyra-1 | Ann   | 2
                 | lyra-2 | Ann   | 0
        """
    )
    assert "§5: a player who owns two plots" in t.refusal("build Ann lyra-1")
    t("build Ann lyra-2 --points 2")
    assert cash(t, "Ann") == "2400.00"  # 3000 - 2 × 300
    assert status(t)["Ann"]["owns"] == {"lyra-1": 2, "lyra-2": 2}


def test_5_station_needs_a_point_on_each_other_plot() -> None:
    t = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner | points
                 | lyra-1 | Ann   | 2
                 | lyra-2 | Ann   | 1
                 | lyra-3 | Ann   | 0
        """
    )
    msg = t.refusal("build Ann lyra-1")
    assert "§5: a space station needs a support point on each of the other two plots" in msg
    t("build Ann lyra-3")
    t("build Ann lyra-1")  # the third point: a space station
    assert status(t)["Ann"]["owns"] == {"lyra-1": 3, "lyra-2": 1, "lyra-3": 1}
    assert cash(t, "Ann") == "2400.00"  # 3000 - 2 × 300


def test_5_two_stations_need_two_points_on_each_other_plot() -> None:
    t = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner | points
                 | lyra-1 | Ann   | 5
                 | lyra-2 | Ann   | 2
                 | lyra-3 | Ann   | 1
        """
    )
    assert "§5: two space stations need two support points" in t.refusal("build Ann lyra-1")
    t("build Ann lyra-3")
    t("build Ann lyra-1")
    assert status(t)["Ann"]["owns"]["lyra-1"] == 6


def test_5_space_base_needs_a_station_on_each_other_plot() -> None:
    t = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner | points
                 | lyra-1 | Ann   | 8
                 | lyra-2 | Ann   | 3
                 | lyra-3 | Ann   | 2
        """
    )
    assert "§5: a space base needs a space station" in t.refusal("build Ann lyra-1")
    t("build Ann lyra-3")
    t("build Ann lyra-1")  # 9 points: three stations are a space base
    assert "a space base (9 support points)" in t.refusal("build Ann lyra-1")
    assert cash(t, "Ann") == "2400.00"  # 3000 - 2 × 300


def test_5_no_support_points_on_the_turn_the_plot_was_bought() -> None:
    t = planetopoly(
        """
        Players | name | role
                | Ann  | player
                | Bob  | player
        """
    )
    t("buy Ann lyra-1")
    assert "only at the next opportunity" in t.refusal("build Ann lyra-1")
    t("start Bob")  # another player's move: Ann's next opportunity may come
    t("build Ann lyra-1")
    assert cash(t, "Ann") == "2100.00"  # 3000 - 600 - 300


def test_5_rent_by_the_plots_level() -> None:
    t = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner | points
                 | lyra-1 | Ann   | 3
                 | lyra-2 | Ann   | 2
                 | lyra-3 | Ann   | 1
        """
    )
    t("rent Bob lyra-1")  # a space station: 1200
    t("rent Bob lyra-2")  # 2 support points: 600
    t("rent Bob lyra-3")  # 1 support point: 300
    assert cash(t, "Bob") == "900.00"  # 3000 - 1200 - 600 - 300
    assert cash(t, "Ann") == "5100.00"  # 3000 + 2100


def test_5_a_point_built_on_a_station_raises_the_rent_to_its_level() -> None:
    t = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner | points
                 | lyra-1 | Ann   | 3
                 | lyra-2 | Ann   | 1
                 | lyra-3 | Ann   | 1
        """
    )
    t("build Ann lyra-1 --points 1")  # a space station + 1 point
    t("rent Bob lyra-1")  # its own level's rent: 1450, not the station's 1200
    assert cash(t, "Bob") == "1550.00"  # 3000 - 1450


#: The example board's Lyra: the rent at each number of support points (RENT_LEVELS' order).
LYRA_RENTS = (60, 300, 600, 1200, 1450, 1750, 2000, 2350, 2650, 3000)


@pytest.mark.parametrize("points", range(10))
def test_5_rent_at_every_level_of_the_rulings(points: int) -> None:
    others = 0 if points < 3 else 1 if points < 6 else 2 if points < 9 else 3  # §5's limits
    t = planetopoly(
        f"""
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner | points
                 | lyra-1 | Ann   | {points}
                 | lyra-2 | Ann   | {others}
                 | lyra-3 | Ann   | {others}
        """
    )
    said = t("rent Bob lyra-1")
    assert f"({tables.level_name(points)})" in said
    assert cash(t, "Bob") == f"{3000 - LYRA_RENTS[points]}.00"


def test_5_every_level_has_a_deeds_column_filled_on_the_example_board() -> None:
    deeds = table(game="planetopoly").rows("Deeds")  # as `ledger new` makes it
    columns = [column for _, column, _ in tables.RENT_LEVELS]
    assert columns == [
        "rent",
        "rent_1_point",
        "rent_2_points",
        "rent_station",
        "rent_station_1_point",
        "rent_station_2_points",
        "rent_2_stations",
        "rent_2_stations_1_point",
        "rent_2_stations_2_points",
        "rent_base",
    ]
    for d in (d for d in deeds if d["kind"] == "plot"):
        rents = [d[c] for c in columns]
        assert all(r > 0 for r in rents) and rents == sorted(rents), d["key"]
        assert "EXAMPLE" in d["note"]
    lyra = next(d for d in deeds if d["key"] == "lyra-1")
    assert [lyra[c] for c in columns] == list(LYRA_RENTS)


def test_5_a_level_without_its_rent_in_deeds_is_named_and_its_rent_refused() -> None:
    # a workbook made before the columns of a station + 1 or + 2 points existed
    t = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Deeds    | key    | name   | kind | planet | price | rent | rent_1_point | rent_2_points | rent_station | point_price
                 | lyra-1 | Lyra 1 | plot | Lyra   | 600   | 60   | 300          | 600           | 1200         | 300
                 | lyra-2 | Lyra 2 | plot | Lyra   | 600   | 60   | 300          | 600           | 1200         | 300
                 | lyra-3 | Lyra 3 | plot | Lyra   | 600   | 60   | 300          | 600           | 1200         | 300
        Holdings | deed   | owner  | points
                 | lyra-1 | Ann    | 4
                 | lyra-2 | Ann    | 1
                 | lyra-3 | Ann    | 1
        """
    )
    said = t.check()  # a warning, not an error: the rest of the game goes on
    assert (
        "Deeds!J2: no-rent (warning) §5: lyra-1 stands at a space station + 1 support point and the Deeds "
        "sheet has no rent for that level (column rent_station_1_point)"
    ) in said
    msg = t.refusal("rent Bob lyra-1")
    assert "§5: the Deeds sheet has no rent of Lyra 1 for a space station + 1 support point" in msg
    assert "(column rent_station_1_point)" in msg
    assert cash(t, "Bob") == "3000.00"
    t("rent Bob lyra-2")  # a level with its rent typed in: 300
    assert cash(t, "Bob") == "2700.00"


# -- §6 toll stations and speed traps ----------------------------------------------------------------


def test_6_toll_station_gives_no_claim() -> None:
    t = planetopoly(
        """
        Players | name | role
                | Ann  | player
                | Bob  | player
        """
    )
    t("buy Ann toll-station-1")
    t("buy Ann lyra-1")  # no unfinished claim: the toll station claims nothing
    t("buy Bob toll-station-2")
    assert cash(t, "Ann") == "1600.00"  # 3000 - 800 - 600
    assert cash(t, "Bob") == "2200.00"  # 3000 - 800
    msg = t.refusal("build Bob toll-station-2")
    assert "§6: no support points can be built on a toll station" in msg


def test_6_speed_trap_rent_by_number_owned_and_dice() -> None:
    t = planetopoly(
        """
        Players  | name           | role
                 | Ann            | player
                 | Bob            | player
        Holdings | deed           | owner
                 | speed-trap-1   | Bob
                 | speed-trap-2   | Bob
                 | toll-station-1 | Bob
        """
    )
    t("rent Ann speed-trap-1 --dice 4,2")  # 2 speed traps, total 6: 600
    t("rent Ann toll-station-1 --dice 6,6")  # 1 toll station, total 12: 600
    assert cash(t, "Ann") == "1800.00"  # 3000 - 600 - 600
    assert "§6: the rent of a speed trap goes by the dice total" in t.refusal(
        "rent Ann speed-trap-2"
    )


def test_6_counted_together_by_setting() -> None:
    t = planetopoly(
        """
        Players  | name           | role
                 | Ann            | player
                 | Bob            | player
        Holdings | deed           | owner
                 | speed-trap-1   | Bob
                 | speed-trap-2   | Bob
                 | toll-station-1 | Bob
        """
    )
    t.set_setting("count_st_together", "yes")
    t("rent Ann speed-trap-1 --dice 4,2")  # 3 counted together, total 6: 900
    assert cash(t, "Ann") == "2100.00"


# -- §7 event fields -------------------------------------------------------------------------------


def test_7_event_card_pays_or_receives() -> None:
    t = planetopoly(
        """
        Players | name | role
                | Ann  | player
                | Bob  | player
        """
    )
    t("event Ann --pay 150 --card Repairs")
    t("event Ann --receive 80")
    assert cash(t, "Ann") == "2930.00"  # 3000 - 150 + 80
    assert "§7" in t.refusal("event Ann --pay 10 --receive 10")


# -- §8 remote buy ---------------------------------------------------------------------------------


def test_8_remote_buy_pays_price_to_bank_and_premium_to_lander() -> None:
    t = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner
                 | lyra-1 | Ann
        """
    )
    t("remote-buy Ann lyra-3 --lander Bob")
    assert cash(t, "Ann") == "2200.00"  # 3000 - 600 - 200
    assert cash(t, "Bob") == "3200.00"  # 3000 + the premium 200
    assert status(t)["Ann"]["owns"] == {"lyra-1": 0, "lyra-3": 0}


def test_8_remote_buy_needs_the_claim() -> None:
    t = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner
                 | lyra-1 | Ann
        """
    )
    msg = t.refusal("remote-buy Bob lyra-3 --lander Ann")
    assert "§8: Bob has no claim to Lyra (Ann has)" in msg


def test_8_remote_buy_of_support_points() -> None:
    t = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner | points
                 | lyra-1 | Ann   | 1
                 | lyra-2 | Ann   | 1
        """
    )
    t("remote-buy Ann lyra-2 --lander Bob --points 1")
    assert cash(t, "Ann") == "2500.00"  # 3000 - 300 - 200
    assert cash(t, "Bob") == "3200.00"
    assert status(t)["Ann"]["owns"]["lyra-2"] == 2


# -- §9 sales and debts ----------------------------------------------------------------------------


def test_9_sale_value_from_the_bank() -> None:
    t = planetopoly(
        """
        Players  | name           | role
                 | Ann            | player
                 | Bob            | player
        Holdings | deed           | owner
                 | toll-station-1 | Ann
        """
    )
    t("sell Ann toll-station-1")
    assert cash(t, "Ann") == "3400.00"  # 3000 + 400
    assert status(t)["Ann"]["owns"] == {}


def test_9_selling_points_keeps_the_limits_on_the_other_plots() -> None:
    t = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner | points
                 | lyra-1 | Ann   | 3
                 | lyra-2 | Ann   | 1
                 | lyra-3 | Ann   | 1
        """
    )
    msg = t.refusal("sell Ann lyra-2 --points 1")
    assert "§9 §5: a space station needs a support point on each of the other two plots" in msg
    assert "sell them first" in t.refusal("sell Ann lyra-1")
    t("sell Ann lyra-1 --points 1")
    t("sell Ann lyra-2 --points 1")
    assert cash(t, "Ann") == "3300.00"  # 3000 + 2 × 150


def test_9_rent_shortfall_borrowed_exactly_and_repaid_from_income() -> None:
    t = planetopoly(
        """
        Players  | name     | role
                 | Ann      | player
                 | Bob      | player
        Holdings | deed     | owner | points
                 | lyra-1   | Ann   | 3
                 | lyra-2   | Ann   | 1
                 | lyra-3   | Ann   | 1
                 | sirius-1 | Bob   | 0
        """
    )
    t("event Bob --pay 2500")  # Bob keeps 500
    t("rent Bob lyra-1")  # 1200: 500 in cash, the bank lends the shortfall 700
    s = status(t)["Bob"]
    assert (s["cash"], s["debt"], s["out"]) == ("0.00", "700.00", False)  # 700 <= mortgage 900
    assert "§9: Bob owes the bank 700.00 MU and may not buy anything" in t.refusal("buy Bob vega-1")
    assert "§9" in t.refusal("build Bob sirius-1")
    t("start Bob")  # 1000 in: 700 repay the debt first
    s = status(t)["Bob"]
    assert (s["cash"], s["debt"]) == ("300.00", "0.00")
    assert balance(t, "loan:Bob") == "0.00"
    assert t.rows("Players")[1]["debt"] == 0


def test_9_debt_above_the_mortgage_value_loses() -> None:
    t = planetopoly(
        """
        Players  | name           | role
                 | Ann            | player
                 | Bob            | player
                 | Cy             | player
        Holdings | deed           | owner
                 | toll-station-1 | Bob
                 | lyra-1         | Ann
        """
    )
    t("event Bob --pay 3500")  # debt 500 > mortgage 400: Bob has lost
    s = status(t)["Bob"]
    assert (s["out"], s["owns"], s["debt"]) == (True, {}, "0.00")  # written off (ruling)
    assert "§9: Bob has lost the game" in t.refusal("start Bob")
    assert "§9: Bob has lost the game and takes no more part" in t.refusal("pay Ann Bob 10")
    assert balance(t, "bank") == "-6000.00"  # -9000 + 3500 paid - 500 written off
    t("buy Ann lyra-2")  # nothing of Bob's is left in the way


def test_2_the_player_left_at_the_end_has_won_and_the_game_is_over(on_file: OnFile) -> None:
    book = on_file(
        """
        Players  | name           | role
                 | Ann            | player
                 | Bob            | player
        Holdings | deed           | owner
                 | toll-station-1 | Bob
                 | lyra-1         | Ann
        """
    )
    run = book("event", "Bob", "--pay", "3500")  # debt 500 > mortgage 400: Bob has lost
    assert "Bob has lost (§9)" in run.stdout
    for command in (("start", "Ann"), ("buy", "Ann", "lyra-2"), ("event", "Ann", "--receive", "9")):
        msg = cli_refused(book, *command)
        assert "game-over §2: the game is over: Ann is the player left and has won" in msg
    assert cli_cash(book, "Ann") == "3000.00"  # as the game ended
    facts = book("report", "game", "--format", "text").stdout
    assert "winner: Ann (§2: the player left at the end)" in facts


def test_9_debt_equal_to_the_mortgage_value_does_not_lose() -> None:
    t = planetopoly(
        """
        Players  | name           | role
                 | Ann            | player
                 | Bob            | player
        Holdings | deed           | owner
                 | toll-station-1 | Bob
        """
    )
    t("event Bob --pay 3400")  # debt 400 = mortgage 400: not more
    s = status(t)["Bob"]
    assert (s["out"], s["debt"]) == (False, "400.00")


def bob_owes_100() -> Table:
    """Ann and Bob; Bob owns lyra-1 (mortgage 300) and has borrowed 100 for an event card."""
    t = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner
                 | lyra-1 | Bob
        """
    )
    t("event Bob --pay 3100")  # 3000 in cash: the bank lends 100 (§9)
    return t


def test_9_money_paid_with_ledger_pay_repays_the_debt_first() -> None:
    t = bob_owes_100()
    run = t("pay Ann Bob 150")  # "he must use it to repay his debts"
    assert "Bob repays 100.00 of debt (§9)" in run
    s = status(t)["Bob"]
    assert (s["cash"], s["debt"]) == ("50.00", "0.00")
    assert "debt-not-repaid" not in t.check()


def test_9_a_pay_row_of_events_repays_the_debt_and_owns_the_repayment() -> None:
    t = bob_owes_100()
    t.add_rows("Events", [[None, None, "pay", "Ann", "Bob", 150]])
    run = t("post")  # the rows it posted, which the command says after "posted "
    assert "Events!A2: pay Ann -> txn" in run
    repay = [r for r in t.journal() if r["kind"] == "repay"]
    assert [r["event"] for r in repay] == ["Events!A2"]
    row = t.rows("Events")[0]
    assert row["posted"] == f"txn {repay[0]['txn'] - 1}, {repay[0]['txn']}"
    assert status(t)["Bob"]["debt"] == "0.00"


def test_9_a_payment_by_choice_is_not_lent_and_says_why() -> None:
    t = planetopoly(
        """
        Players | name | role
                | Ann  | player
                | Bob  | player
        """
    )
    said = t.refusal("pay Ann Bob 3001")
    assert "§9: the bank lends only the shortfall of what a player must pay" in said
    assert "§30" not in said  # another game's rule


def test_9_the_balance_table_shows_the_loans_and_adds_up(on_file: OnFile) -> None:
    book = on_file(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner
                 | lyra-1 | Bob
        """
    )
    book("event", "Bob", "--pay", "3100")  # as bob_owes_100: the bank lends 100 (§9)
    lines = book("balance").stdout.splitlines()
    shown = {
        cells[0]: cells[-1]
        for cells in ([c.strip() for c in line.strip("│").split("│")] for line in lines)
        if len(cells) == 3
    }
    assert shown["loan:Bob"] == "-100.00" and shown["bank"] == "-2,900.00"
    assert shown["all accounts"] == "0.00"


def test_9_selling_zero_support_points_is_refused_not_the_whole_plot() -> None:
    t = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner
                 | lyra-1 | Ann
        """
    )
    assert "§9: --points must be 1 or more" in t.refusal("sell Ann lyra-1 --points 0")
    assert status(t)["Ann"]["owns"] == {"lyra-1": 0}


# -- §10 prison ------------------------------------------------------------------------------------


def test_10_bail_600_then_400_then_200() -> None:
    t = planetopoly(
        """
        Players | name | role
                | Ann  | player
                | Bob  | player
        """
    )
    t("prison Ann")
    t("bail Ann")  # first turn: 600
    t("prison Ann")
    t("stay Ann")
    t("bail Ann")  # second turn: 400
    t("prison Ann")
    t("stay Ann")
    t("stay Ann")
    t("bail Ann")  # third turn: 200
    assert cash(t, "Ann") == "1800.00"  # 3000 - 600 - 400 - 200
    assert status(t)["Ann"]["in_prison"] is False


def test_10_third_stay_serves_the_sentence_and_frees_on_the_next_turn() -> None:
    """ "If he still chooses to stay in prison and to miss a third round he has served his
    sentence and must continue from the prison field once it is his turn again": in prison
    for that third round (no rent), free with no fine at his next move."""
    t = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner
                 | lyra-1 | Ann
        """
    )
    t("prison Ann")
    t("stay Ann")
    t("stay Ann")
    assert status(t)["Ann"]["prison_turns"] == 2
    run = t("stay Ann")
    assert "the sentence is served, no fine" in run
    s = status(t)["Ann"]
    assert (s["in_prison"], s["prison_turns"], s["cash"]) == (True, 3, "3000.00")
    # the third round missed: Bob lands on Ann's plot and owes nothing
    t("rent Bob lyra-1")  # allowed, worth nothing: said as a warning (issue 36)
    assert "§10: Ann is in prison and collects no rent" in warned(t)
    assert "sentence-served" in t.refusal("stay Ann")
    # a sale is made "any time": it is not her turn, and she is in prison until then
    said = t.refusal("sell Ann lyra-1")
    assert "§10: Ann has served the sentence but is in prison until their next turn" in said
    run = t("start Ann")  # Ann's turn again: she moves on, and passes start
    assert "Ann has served the sentence and leaves prison, no fine (§10)" in run
    s = status(t)["Ann"]
    assert (s["in_prison"], s["prison_turns"], s["cash"]) == (False, 0, "4000.00")
    t("rent Bob lyra-1")
    assert cash(t, "Bob") == "2940.00"


def ann_has_served() -> Table:
    """Ann and Bob; Ann went to prison and stayed three times: the sentence served (§10)."""
    t = planetopoly(
        """
        Players | name | role
                | Ann  | player
                | Bob  | player
        """
    )
    t("prison Ann")
    for _ in range(3):
        t("stay Ann")
    return t


def test_10_a_prisoner_who_has_served_may_go_back_to_prison_on_that_turn() -> None:
    t = ann_has_served()
    t("prison Ann")  # three doubles on the turn that frees her: a new sentence
    s = status(t)["Ann"]
    assert (s["in_prison"], s["prison_turns"]) == (True, 0)
    t("bail Ann")  # the first turn's fine again
    assert cash(t, "Ann") == "2400.00"


def test_10_bail_after_the_sentence_is_served_costs_nothing() -> None:
    t = ann_has_served()
    assert "no fine" in t("bail Ann")
    assert (status(t)["Ann"]["in_prison"], cash(t, "Ann")) == (False, "3000.00")


def test_10_prisoner_collects_no_rent() -> None:
    t = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner
                 | lyra-1 | Ann
        """
    )
    t("prison Ann")
    t("rent Bob lyra-1")  # allowed, worth nothing: said as a warning (issue 36)
    assert "§10: Ann is in prison and collects no rent" in warned(t)
    assert cash(t, "Bob") == "3000.00"


def test_issue36_10_a_rent_to_an_owner_in_prison_is_nothing_to_pay_not_an_error(
    on_file: OnFile,
) -> None:
    """Issue 36 (2): "If a player lands on a field owned by a player who is in prison he does
    not have to pay rent" (§10): the banker records the landing, told it costs nothing."""
    book = on_file(
        """
        Players  | name          | role
                 | Ann           | player
                 | Bob           | player
        Holdings | deed          | owner
                 | speed-trap-1  | Ann
        """
    )
    book("prison", "Ann")
    run = book("rent", "Bob", "speed-trap-1", "--dice", "3,4")
    assert run.exit_code == 0 and "nothing posted" in run.stdout
    assert "owner-in-prison (warning) §10: Ann is in prison and collects no rent" in run.stderr
    assert "Bob pays nothing" in run.stderr
    assert (cli_cash(book, "Bob"), cli_cash(book, "Ann")) == ("3000.00", "3000.00")
    assert not [t for t in book("journal", "--json").json() if t["kind"] == "rent"]


def test_10_a_prisoner_does_not_move_so_pays_no_rent_and_draws_no_card() -> None:
    t = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner
                 | lyra-1 | Ann
        """
    )
    t("prison Bob")
    said = t.refusal("rent Bob lyra-1")
    assert "§10: Bob is in prison and may not pay rent: a prisoner does not move" in said
    assert "§10: Bob is in prison" in t.refusal("event Bob --receive 50")
    assert cash(t, "Bob") == "3000.00"


def test_10_prisoner_makes_no_sale_or_remote_buy() -> None:
    t = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner
                 | lyra-1 | Ann
        """
    )
    t("prison Ann")
    assert "§10: Ann is in prison and may not sell" in t.refusal("sell Ann lyra-1")
    msg = t.refusal("remote-buy Ann lyra-2 --lander Bob")
    assert "§10: Ann is in prison and may not carry out a remote buy" in msg


# -- the workbook ---------------------------------------------------------------------------------


def test_tick_says_there_are_no_periodic_charges() -> None:
    t = planetopoly(
        """
        Players | name | role
                | Ann  | player
                | Bob  | player
        """
    )
    said = t.refusal("tick")
    assert "Planetopoly has no periodic charges" in said
    assert "ledger start, risk, buy, build, rent" in said


def test_status_json_shape(on_file: OnFile) -> None:
    book = on_file(
        """
        Players  | name         | role
                 | Ann          | player
                 | Bob          | player
        Holdings | deed         | owner
                 | speed-trap-1 | Ann
        """
    )
    book("start", "Ann")
    book("rent", "Bob", "speed-trap-1", "--dice", "1,1")  # 1 speed trap, total 2: 100
    ann = {
        "cash": "4100.00",
        "debt": "0.00",
        "in_prison": False,
        "prison_turns": 0,
        "out": False,
        "owns": {"speed-trap-1": 0},
        "bail_now": None,  # issue 36: what a prisoner pays to leave now (§10)
        "mortgage_value": "400.00",  # issue 36: speed trap 1 (800), mortgage half (§9)
    }
    bob = {**ann, "cash": "2900.00", "owns": {}, "mortgage_value": "0.00"}
    assert book("status", "--json").json() == {"players": {"Ann": ann, "Bob": bob}}


def test_5_status_says_each_plots_level_and_writes_amounts_as_people_read_them(
    on_file: OnFile,
) -> None:
    book = on_file(
        """
        Players  | name         | role
                 | Ann          | player
                 | Bob          | player
        Holdings | deed         | owner | points
                 | lyra-1       | Ann   | 4
                 | lyra-2       | Ann   | 1
                 | lyra-3       | Ann   | 1
                 | speed-trap-1 | Ann   | 0
        """
    )
    book("start", "Ann")
    said = book("status").stdout
    for words in (
        "4,000.00",  # 3000 + 1000, with its thousands separator as `ledger balance`
        "lyra-1: a space station + 1 support point",
        "lyra-2: 1 support point",
        "lyra-3: 1 support point",
        "speed-trap-1",
        "playing",
    ):
        assert words in said, words
    assert "lyra-1: 4" not in said and "speed-trap-1: 0" not in said
    owns = cli_status(book)["Ann"]["owns"]  # --json keeps the numbers
    assert owns == {"lyra-1": 4, "lyra-2": 1, "lyra-3": 1, "speed-trap-1": 0}
    assert cli_status(book)["Ann"]["cash"] == "4000.00"


def test_check_deeds_three_plots_a_planet_and_rents_not_falling() -> None:
    t = planetopoly(
        """
        Players | name   | role
                | Ann    | player
                | Bob    | player
        Deeds   | key    | name   | kind | planet | price | rent | rent_1_point | point_price
                | lyra-1 | Lyra 1 | plot | Lyra   | 600   | 60   | 50           | 300
                | lyra-2 | Lyra 2 | plot | Lyra   | 600   | 60   | 300          | 300
        """
    )
    said = t.check()  # errors, not warnings: `ledger check` exits 1
    assert (
        "Deeds!A2: rent-falls §5: the rent of lyra-1 falls from 60.00 (bare plot) to 50.00" in said
    )
    assert "planet-not-three §5: the planet Lyra has 2 plots, not three" in said


def test_statement_and_game_summary(on_file: OnFile) -> None:
    book = on_file(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner | points
                 | lyra-1 | Ann   | 1
        """
    )
    book("rent", "Bob", "lyra-1")  # 300
    text = book("statement", "--player", "Ann", "--format", "text").stdout
    assert "Lyra 1" in text and "1 support point" in text and "300.00" in text
    report = book("report", "game", "--format", "text").stdout
    assert "Standings by net worth" in report
    # Ann: 3300 cash + 300 sale value + 150 for the point = 3750; Bob 2700
    assert report.index("3,750.00") < report.index("2,700.00")


def risk_formula(a: int, b: int) -> int:
    """§4 in words, independent of the printed table: even and odd: (even - odd) × 30; two odd:
    pay (a + b) × 30; two even: receive (a + b) × 30; a double × 50 instead of × 30."""
    factor = 50 if a == b else 30
    if (a + b) % 2:  # one even, one odd
        even, odd = (a, b) if a % 2 == 0 else (b, a)
        return (even - odd) * 30
    if a % 2:
        return -(a + b) * factor
    return (a + b) * factor
