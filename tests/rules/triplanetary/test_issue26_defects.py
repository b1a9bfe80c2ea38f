"""Issue 26 in Triplanetary V/2: a crime tried twice or with another class, a recreation module
that outlived its base, net worth that ignored debts, when money owed is taken, and commands
that acted on what is destroyed or on a dead player. Amounts by hand.

Each test plays a game on books in memory (tests/memory.py): Ann and Bob start with 25 KC at
Ceres, Sam is the Patrol with 500 KC. What only the command does (the game's report and a
player's statement, as text and written files) runs the real CLI on a real workbook, the `game`
fixture: the same players.
"""

from __future__ import annotations

from decimal import Decimal

from ledger.cli.reports import tick_json
from tests.conftest import Ledger
from tests.memory import Table, table


def cash(t: Table, who: str) -> Decimal:
    return Decimal(f"{t.cash(who):.2f}")


def owed(t: Table, who: str) -> Decimal:
    return sum(
        (Decimal(str(d["amount"])) for d in t.rows("Dues") if d["player"] == who),
        Decimal(0),
    )


# -- §36 §41 a crime is tried once, in its own class ------------------------------------------------


def test_s36b_a_crime_is_tried_once() -> None:
    t = table()
    t("crime Bob --class I --what smuggling")
    t("tick 3")
    t("trial Bob --class I --crime X1 --roll 3")  # 3: 50 KC fine
    assert (cash(t, "Bob"), owed(t, "Bob")) == (Decimal("0.00"), Decimal(25))
    run = t.refusal("trial Bob --class I --crime X1 --roll 3")
    assert "crime-tried" in run
    assert "crime X1 was tried on day 3" in run and "§36B" in run
    assert owed(t, "Bob") == 25  # no second fine
    assert len(t.rows("Dice")) == 1  # a refused trial rolls no die
    crime = t.rows("Crimes")[0]
    assert (crime["status"], crime["tried_day"]) == ("tried", 3)


def test_s36b_an_events_row_cannot_try_a_tried_crime_again() -> None:
    t = table()
    t("crime Bob --class I --what smuggling")
    t("trial Bob --class I --crime X1 --roll 3")
    t.add_rows(
        "Events",
        [["E1", None, "trial", "Bob", None, None, "--class I --crime X1 --roll 3"]],
    )
    run = t.refusal("post")
    assert "crime X1 was tried on day 0" in run
    assert len(t.rows("Dice")) == 1
    assert owed(t, "Bob") == 25


def test_s36a_a_trial_of_a_crime_on_record_reads_the_crimes_class() -> None:
    t = table()
    t("crime Bob --class II --what 'claim jumping'")
    run = t("trial Bob --crime X1 --roll 6")  # 6, class II: 250 KC fine
    assert "= 6: 250 KC Fine (§41, class II)" in run
    assert owed(t, "Bob") == 225  # 25 paid now, the rest owed


def test_s36a_a_typed_class_other_than_the_crimes_is_refused() -> None:
    t = table()
    t("crime Bob --class II --what 'claim jumping'")
    run = t.refusal("trial Bob --class I --crime X1 --roll 6")
    assert "class-mismatch" in run
    assert "crime X1 is class II" in run and "§36A" in run
    assert t.rows("Dice") == [] and t.rows("Dues") == []


def test_s36b_a_crime_of_another_player_is_refused() -> None:
    t = table()
    t("crime Ann --class I --what 'contract breaking'")
    run = t.refusal("trial Bob --crime X1 --roll 3")
    assert "not-their-crime" in run and "crime X1 is Ann's" in run
    assert t.rows("Dice") == [] and t.rows("Crimes")[0]["status"] == "open"


def test_s36a_a_trial_without_a_crime_needs_its_class() -> None:
    t = table()
    run = t.refusal("trial Bob --roll 3")
    assert "--class" in run and "§36A" in run


# -- §20 §29 §36C a recreation module goes with its base ---------------------------------------------


def _module(t: Table, owner: str = "Bob") -> None:
    t(f"pay bank {owner} 1000")
    t(f"buy {owner} base --name Rock")  # 250
    t(f"buy {owner} recreation-module --base Rock")  # 50: R1
    t(f"supply {owner} --base Rock --months 10")


def test_s20_a_module_is_destroyed_with_its_base() -> None:
    t = table()
    _module(t)
    run = t("destroy Rock")
    assert "recreation module R1 destroyed with it" in run
    assert t.rows("Modules")[0]["status"] == "destroyed"


def test_s20_a_destroyed_base_module_takes_no_half_of_the_pay() -> None:
    t = table()
    _module(t)
    t("pay bank Ann 1000")
    t("buy Ann base --name Den")
    t("supply Ann --base Den --months 2")
    t("hire Ann --base Den")
    t.edit_cells({"Crews!F2": "R1"})  # the crew could reach Bob's module
    t("destroy Rock")
    before = cash(t, "Bob")
    t("tick 30")
    assert cash(t, "Bob") == before  # nothing spent at a module that is gone
    wages = next(x for x in t.journal() if x["kind"] == "wages")
    assert {p["account"]: p["amount"] for p in wages["postings"]} == {
        "cash:Ann:Ceres": "-3.00",
        "crews": "3.00",
    }


def test_s20_a_module_can_be_destroyed_on_its_own() -> None:
    t = table()
    _module(t)
    t("hire Bob --base Rock")
    run = t("destroy R1")
    assert "recreation module R1 destroyed" in run
    assert t.rows("Modules")[0]["status"] == "destroyed"
    assert t.rows("Bases")[0]["status"] == "active"
    assert t.rows("Crews")[0]["status"] == "active"  # the base's crews live on
    t("tick 30")
    assert t.rows("Bases")[0]["supplies"] == 9  # one crew's month, none for R1
    wages = next(x for x in t.journal() if x["kind"] == "wages")
    assert {p["account"]: p["amount"] for p in wages["postings"]} == {
        "cash:Bob:Ceres": "-3.00",
        "crews": "3.00",
    }
    run = t.refusal("destroy R1")
    assert "destroyed already" in run


def test_s29_a_destroyed_module_is_not_taxed() -> None:
    t = table()
    _module(t)
    t("destroy R1")
    t("tick 360")
    run = t.report()
    assert "property tax: 10% of 250.00 KC of ships and bases" in run  # the base only


def test_s36c_a_destroyed_module_gives_no_trial_modifier() -> None:
    t = table()
    _module(t)
    t("destroy R1")
    run = t("trial Bob --class I --roll 3 --at Mars")
    assert "recreation modules" not in run


def test_s20_a_module_for_a_destroyed_base_is_refused() -> None:
    t = table()
    _module(t)
    t("destroy Rock")
    before = cash(t, "Bob")
    run = t.refusal("buy Bob recreation-module --base Rock")
    assert "post-gone" in run and "Rock (B1) is destroyed" in run
    assert cash(t, "Bob") == before


def test_s14_supplies_for_a_destroyed_base_are_refused() -> None:
    t = table()
    _module(t)
    t("destroy Rock")
    run = t.refusal("supply Bob --base Rock --months 1")
    assert "post-gone" in run


# -- net worth and what is owed --------------------------------------------------------------------


def _standings(text: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    table = text.split("Standings by net worth")[1].split("\n\n")[0]
    for line in table.splitlines():
        cells = [c.strip() for c in line.strip("│┃ ").replace("┃", "│").split("│")]
        if len(cells) > 2 and cells[1] in ("Ann", "Bob", "Sam"):
            out[cells[1]] = cells
    return out


def test_s6_net_worth_subtracts_what_is_owed_and_the_patrol_is_not_ranked(game: Ledger) -> None:
    game("pay", "bank", "Ann", "100")  # 125
    game("fine", "Bob", "75", "--reason", "reckless docking")  # 25 paid, 50 owed
    text = game("report", "game", "--format", "text").stdout
    standings = _standings(text)
    assert "Sam" not in standings  # the Patrol is a role, not a competitor
    assert standings["Ann"][:2] == ["1", "Ann"]
    assert standings["Bob"][0] == "2"
    assert standings["Bob"][2:6] == ["0.00", "0.00", "50.00", "−50.00"]  # cash, property, owed, net
    assert "The Space Patrol" in text and "Sam" in text
    game("report", "game")
    assert "Cash of the leader, Ann," in _html(game)


def _html(game: Ledger) -> str:
    return "".join(p.read_text() for p in (game.folder / "statements").glob("game-report-*.html"))


def test_s13_net_worth_subtracts_the_wages_owed_to_crews(game: Ledger) -> None:
    game("pay", "bank", "Ann", "100")
    game("buy", "Ann", "transport", "--name", "Nomad")  # 10 KC
    game("hire", "Ann", "--ship", "Nomad")  # 2 KC
    game("tick", "20")  # 2.00 KC of wages owed, not yet due
    standings = _standings(game("report", "game", "--format", "text").stdout)
    # cash 113, property 10, owed 2.00: 121.00
    assert standings["Ann"][2:6] == ["113.00", "10.00", "2.00", "121.00"]
    facts = " ".join(game("statement", "--player", "Ann", "--format", "text").stdout.split())
    assert "owed (fines, taxes, wages)" in facts and "2.00 KC" in facts
    assert "net worth" in facts and "121.00 KC" in facts


# -- §6 §13 when money owed is taken ----------------------------------------------------------------


def test_s6_a_fine_owed_says_when_the_tick_takes_it(game: Ledger) -> None:
    run = game("trial", "Bob", "--class", "I", "--roll", "3")  # 50: 25 paid, 25 owed
    assert (
        "25.00 KC of the fine is owed: `ledger tick` takes it at the start of each day, "
        "as much as Bob has then, until paid in full (§6)"
    ) in run.stdout
    text = " ".join(game("statement", "--player", "Bob", "--format", "text").stdout.split())
    assert "25.00 KC of fines and taxes are owed: `ledger tick` takes them at the start" in text


def test_s13_unpaid_wages_say_when_the_tick_tries_again() -> None:
    t = table()
    t("buy Ann transport --name Nomad")  # 10: 15 left
    t("hire Ann --ship Nomad")  # 2: 13 left
    t("pay Ann bank 13")
    t("tick 30")
    lines = tick_json(t.data)["players"]["Ann"]["lines"]
    assert any(
        "the tick pays it on day 60 if Ann has the money then (§13)" in x["text"] for x in lines
    )


# -- the same class of defect: a dead player, a destroyed ship --------------------------------------


def test_s5_a_dead_player_is_not_tried_nor_fined() -> None:
    t = table()
    t("buy Ann transport --name Nomad")
    t("destroy Nomad --aboard Ann")
    run = t.refusal("trial Ann --class I --roll 3")
    assert "player-cannot-act" in run and "§5" in run
    run = t.refusal("fine Ann 10 --reason late")
    assert "player-cannot-act" in run
    assert t.rows("Dues") == [] and t.rows("Dice") == []


def test_s5_a_destroyed_ship_is_destroyed_once() -> None:
    t = table()
    t("buy Ann transport --name Nomad")
    t("destroy Nomad")
    run = t.refusal("destroy Nomad --aboard Bob")
    assert "destroyed already" in run
    assert t.rows("Players")[1]["status"] != "dead"


def test_s15_s39_a_destroyed_ship_buys_and_sells_nothing() -> None:
    t = table()
    t("pay bank Ann 100")
    t("buy Ann transport --name Nomad")
    t("buy Ann manufactured-goods 10 --at Venus --ship Nomad")
    t("destroy Nomad")
    before = cash(t, "Ann")
    for line in (
        "sell Ann manufactured-goods 10 --at Mars --ship Nomad",
        "fuel Ann --ship Nomad 5",
        "supply Ann --ship Nomad --months 1",
    ):
        run = t.refusal(line)
        assert "post-gone" in run, line
    assert cash(t, "Ann") == before


def test_s8_an_office_in_a_destroyed_base_closes_with_it() -> None:
    t = table()
    t("pay bank Ann 1000")
    t("buy Ann base --name Rock")
    t("office open Ann --at Rock")
    run = t("destroy Rock")
    assert "office" in run
    assert t.rows("Offices")[0]["status"] == "closed"
    before = cash(t, "Ann")
    t("tick 60")
    assert cash(t, "Ann") == before  # no more fees
    run = t.refusal("office open Ann --at Rock")
    assert "post-gone" in run


def test_s5_ledger_status_lists_no_destroyed_ship_or_base() -> None:
    t = table()
    t("pay bank Ann 1000")
    t("buy Ann transport --name Nomad")
    t("buy Ann base --name Rock")
    t("destroy Nomad")
    t("destroy Rock")
    ann = t.status()["players"]["Ann"]
    assert (ann["ships"], ann["bases"]) == ([], [])


def test_s29_a_tried_tax_crime_still_counts_towards_piracy_while_unpaid() -> None:
    """§29 "Any player not paying taxes for two tax cycles automatically becomes a pirate":
    trying the first cycle's crime does not pay the tax."""
    t = table()
    t("pay bank Ann 28")
    t("buy Ann packet --name Post")  # 53 - 50: 3.00 left
    t("tick 360")  # tax 5.00: 3.00 taken, 2.00 owed; crime X1
    t("trial Ann --crime X1 --roll 6")  # 6: a 50 KC fine, owed too
    assert t.rows("Crimes")[0]["status"] == "tried"
    t("tick 360")  # the second cycle unpaid
    assert t.rows("Players")[0]["status"] == "pirate"


def test_s9_a_dead_players_company_is_not_sold() -> None:
    """§5: the dead player's company is dissolved; nobody is paid for it, nobody buys it."""
    t = table()
    t("pay bank Bob 500")
    t("buy Ann transport --name Nomad")
    t("destroy Nomad --aboard Ann")
    run = t.refusal("sell-company Ann Bob 400")
    assert "player-cannot-act" in run and "§5" in run
    run = t.refusal("sell-company Bob Ann 400")
    assert "player-cannot-act" in run
    assert cash(t, "Bob") == 525
