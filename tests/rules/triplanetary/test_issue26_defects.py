"""Issue 26 in Triplanetary V/2: a crime tried twice or with another class, a recreation module
that outlived its base, net worth that ignored debts, when money owed is taken, and commands
that acted on what is destroyed or on a dead player. Amounts by hand; the real CLI.

The `game` fixture: Ann and Bob with 25 KC at Ceres, Sam the Patrol with 500 KC.
"""

from __future__ import annotations

from decimal import Decimal

from tests.conftest import Ledger, add_rows, edit_cells, rows


def cash(game: Ledger, who: str) -> Decimal:
    return Decimal(game("balance", "--json").json()["players"][who])


def owed(game: Ledger, who: str) -> Decimal:
    return sum(
        (Decimal(str(d["amount"])) for d in rows(game.path, "Dues") if d["player"] == who),
        Decimal(0),
    )


# -- §36 §41 a crime is tried once, in its own class ------------------------------------------------


def test_s36b_a_crime_is_tried_once(game: Ledger) -> None:
    game("crime", "Bob", "--class", "I", "--what", "smuggling")
    game("tick", "3")
    game("trial", "Bob", "--class", "I", "--crime", "X1", "--roll", "3")  # 3: 50 KC fine
    assert (cash(game, "Bob"), owed(game, "Bob")) == (Decimal("0.00"), Decimal(25))
    run = game("trial", "Bob", "--class", "I", "--crime", "X1", "--roll", "3", expect=1)
    assert "crime-tried" in run.stderr
    assert "crime X1 was tried on day 3" in run.stderr and "§36B" in run.stderr
    assert owed(game, "Bob") == 25  # no second fine
    assert len(rows(game.path, "Dice")) == 1  # a refused trial rolls no die
    crime = rows(game.path, "Crimes")[0]
    assert (crime["status"], crime["tried_day"]) == ("tried", 3)


def test_s36b_an_events_row_cannot_try_a_tried_crime_again(game: Ledger) -> None:
    game("crime", "Bob", "--class", "I", "--what", "smuggling")
    game("trial", "Bob", "--class", "I", "--crime", "X1", "--roll", "3")
    add_rows(
        game.path,
        "Events",
        [["E1", None, "trial", "Bob", None, None, "--class I --crime X1 --roll 3"]],
    )
    run = game("post", expect=1)
    assert "crime X1 was tried on day 0" in run.stderr + run.stdout
    assert len(rows(game.path, "Dice")) == 1
    assert owed(game, "Bob") == 25


def test_s36a_a_trial_of_a_crime_on_record_reads_the_crimes_class(game: Ledger) -> None:
    game("crime", "Bob", "--class", "II", "--what", "claim jumping")
    run = game("trial", "Bob", "--crime", "X1", "--roll", "6")  # 6, class II: 250 KC fine
    assert "= 6: 250 KC Fine (§41, class II)" in run.stdout
    assert owed(game, "Bob") == 225  # 25 paid now, the rest owed


def test_s36a_a_typed_class_other_than_the_crimes_is_refused(game: Ledger) -> None:
    game("crime", "Bob", "--class", "II", "--what", "claim jumping")
    run = game("trial", "Bob", "--class", "I", "--crime", "X1", "--roll", "6", expect=1)
    assert "class-mismatch" in run.stderr
    assert "crime X1 is class II" in run.stderr and "§36A" in run.stderr
    assert rows(game.path, "Dice") == [] and rows(game.path, "Dues") == []


def test_s36b_a_crime_of_another_player_is_refused(game: Ledger) -> None:
    game("crime", "Ann", "--class", "I", "--what", "contract breaking")
    run = game("trial", "Bob", "--crime", "X1", "--roll", "3", expect=1)
    assert "not-their-crime" in run.stderr and "crime X1 is Ann's" in run.stderr
    assert rows(game.path, "Dice") == [] and rows(game.path, "Crimes")[0]["status"] == "open"


def test_s36a_a_trial_without_a_crime_needs_its_class(game: Ledger) -> None:
    run = game("trial", "Bob", "--roll", "3", expect=1)
    assert "--class" in run.stderr and "§36A" in run.stderr


# -- §20 §29 §36C a recreation module goes with its base ---------------------------------------------


def _module(game: Ledger, owner: str = "Bob") -> None:
    game("pay", "bank", owner, "1000")
    game("buy", owner, "base", "--name", "Rock")  # 250
    game("buy", owner, "recreation-module", "--base", "Rock")  # 50: R1
    game("supply", owner, "--base", "Rock", "--months", "10")


def test_s20_a_module_is_destroyed_with_its_base(game: Ledger) -> None:
    _module(game)
    run = game("destroy", "Rock")
    assert "recreation module R1 destroyed with it" in run.stdout
    assert rows(game.path, "Modules")[0]["status"] == "destroyed"


def test_s20_a_destroyed_base_module_takes_no_half_of_the_pay(game: Ledger) -> None:
    _module(game)
    game("pay", "bank", "Ann", "1000")
    game("buy", "Ann", "base", "--name", "Den")
    game("supply", "Ann", "--base", "Den", "--months", "2")
    game("hire", "Ann", "--base", "Den")
    edit_cells(game.path, {"Crews!F2": "R1"})  # the crew could reach Bob's module
    game("destroy", "Rock")
    before = cash(game, "Bob")
    game("tick", "30")
    assert cash(game, "Bob") == before  # nothing spent at a module that is gone
    wages = next(t for t in game("journal", "--json").json() if t["kind"] == "wages")
    assert {p["account"]: p["amount"] for p in wages["postings"]} == {
        "cash:Ann:Ceres": "-3.00",
        "crews": "3.00",
    }


def test_s20_a_module_can_be_destroyed_on_its_own(game: Ledger) -> None:
    _module(game)
    game("hire", "Bob", "--base", "Rock")
    run = game("destroy", "R1")
    assert "recreation module R1 destroyed" in run.stdout
    assert rows(game.path, "Modules")[0]["status"] == "destroyed"
    assert rows(game.path, "Bases")[0]["status"] == "active"
    assert rows(game.path, "Crews")[0]["status"] == "active"  # the base's crews live on
    game("tick", "30")
    assert rows(game.path, "Bases")[0]["supplies"] == 9  # one crew's month, none for R1
    wages = next(t for t in game("journal", "--json").json() if t["kind"] == "wages")
    assert {p["account"]: p["amount"] for p in wages["postings"]} == {
        "cash:Bob:Ceres": "-3.00",
        "crews": "3.00",
    }
    run = game("destroy", "R1", expect=1)
    assert "destroyed already" in run.stderr


def test_s29_a_destroyed_module_is_not_taxed(game: Ledger) -> None:
    _module(game)
    game("destroy", "R1")
    run = game("tick", "360")
    assert "property tax: 10% of 250.00 KC of ships and bases" in run.stdout  # the base only


def test_s36c_a_destroyed_module_gives_no_trial_modifier(game: Ledger) -> None:
    _module(game)
    game("destroy", "R1")
    run = game("trial", "Bob", "--class", "I", "--roll", "3", "--at", "Mars")
    assert "recreation modules" not in run.stdout


def test_s20_a_module_for_a_destroyed_base_is_refused(game: Ledger) -> None:
    _module(game)
    game("destroy", "Rock")
    before = cash(game, "Bob")
    run = game("buy", "Bob", "recreation-module", "--base", "Rock", expect=1)
    assert "post-gone" in run.stderr and "Rock (B1) is destroyed" in run.stderr
    assert cash(game, "Bob") == before


def test_s14_supplies_for_a_destroyed_base_are_refused(game: Ledger) -> None:
    _module(game)
    game("destroy", "Rock")
    run = game("supply", "Bob", "--base", "Rock", "--months", "1", expect=1)
    assert "post-gone" in run.stderr


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


def test_s13_unpaid_wages_say_when_the_tick_tries_again(game: Ledger) -> None:
    game("buy", "Ann", "transport", "--name", "Nomad")  # 10: 15 left
    game("hire", "Ann", "--ship", "Nomad")  # 2: 13 left
    game("pay", "Ann", "bank", "13")
    lines = game("tick", "30", "--json").json()["players"]["Ann"]["lines"]
    assert any(
        "the tick pays it on day 60 if Ann has the money then (§13)" in x["text"] for x in lines
    )


# -- the same class of defect: a dead player, a destroyed ship --------------------------------------


def test_s5_a_dead_player_is_not_tried_nor_fined(game: Ledger) -> None:
    game("buy", "Ann", "transport", "--name", "Nomad")
    game("destroy", "Nomad", "--aboard", "Ann")
    run = game("trial", "Ann", "--class", "I", "--roll", "3", expect=1)
    assert "player-cannot-act" in run.stderr and "§5" in run.stderr
    run = game("fine", "Ann", "10", "--reason", "late", expect=1)
    assert "player-cannot-act" in run.stderr
    assert rows(game.path, "Dues") == [] and rows(game.path, "Dice") == []


def test_s5_a_destroyed_ship_is_destroyed_once(game: Ledger) -> None:
    game("buy", "Ann", "transport", "--name", "Nomad")
    game("destroy", "Nomad")
    run = game("destroy", "Nomad", "--aboard", "Bob", expect=1)
    assert "destroyed already" in run.stderr
    assert rows(game.path, "Players")[1]["status"] != "dead"


def test_s15_s39_a_destroyed_ship_buys_and_sells_nothing(game: Ledger) -> None:
    game("pay", "bank", "Ann", "100")
    game("buy", "Ann", "transport", "--name", "Nomad")
    game("buy", "Ann", "manufactured-goods", "10", "--at", "Venus", "--ship", "Nomad")
    game("destroy", "Nomad")
    before = cash(game, "Ann")
    for args in (
        ("sell", "Ann", "manufactured-goods", "10", "--at", "Mars", "--ship", "Nomad"),
        ("fuel", "Ann", "--ship", "Nomad", "5"),
        ("supply", "Ann", "--ship", "Nomad", "--months", "1"),
    ):
        run = game(*args, expect=1)
        assert "post-gone" in run.stderr, args
    assert cash(game, "Ann") == before


def test_s8_an_office_in_a_destroyed_base_closes_with_it(game: Ledger) -> None:
    game("pay", "bank", "Ann", "1000")
    game("buy", "Ann", "base", "--name", "Rock")
    game("office", "open", "Ann", "--at", "Rock")
    run = game("destroy", "Rock")
    assert "office" in run.stdout
    assert rows(game.path, "Offices")[0]["status"] == "closed"
    before = cash(game, "Ann")
    game("tick", "60")
    assert cash(game, "Ann") == before  # no more fees
    run = game("office", "open", "Ann", "--at", "Rock", expect=1)
    assert "post-gone" in run.stderr


def test_s5_ledger_status_lists_no_destroyed_ship_or_base(game: Ledger) -> None:
    game("pay", "bank", "Ann", "1000")
    game("buy", "Ann", "transport", "--name", "Nomad")
    game("buy", "Ann", "base", "--name", "Rock")
    game("destroy", "Nomad")
    game("destroy", "Rock")
    ann = game("status", "--json").json()["players"]["Ann"]
    assert (ann["ships"], ann["bases"]) == ([], [])


def test_s29_a_tried_tax_crime_still_counts_towards_piracy_while_unpaid(game: Ledger) -> None:
    """§29 "Any player not paying taxes for two tax cycles automatically becomes a pirate":
    trying the first cycle's crime does not pay the tax."""
    game("pay", "bank", "Ann", "28")
    game("buy", "Ann", "packet", "--name", "Post")  # 53 - 50: 3.00 left
    game("tick", "360")  # tax 5.00: 3.00 taken, 2.00 owed; crime X1
    game("trial", "Ann", "--crime", "X1", "--roll", "6")  # 6: a 50 KC fine, owed too
    assert rows(game.path, "Crimes")[0]["status"] == "tried"
    game("tick", "360")  # the second cycle unpaid
    assert rows(game.path, "Players")[0]["status"] == "pirate"


def test_s9_a_dead_players_company_is_not_sold(game: Ledger) -> None:
    """§5: the dead player's company is dissolved; nobody is paid for it, nobody buys it."""
    game("pay", "bank", "Bob", "500")
    game("buy", "Ann", "transport", "--name", "Nomad")
    game("destroy", "Nomad", "--aboard", "Ann")
    run = game("sell-company", "Ann", "Bob", "400", expect=1)
    assert "player-cannot-act" in run.stderr and "§5" in run.stderr
    run = game("sell-company", "Bob", "Ann", "400", expect=1)
    assert "player-cannot-act" in run.stderr
    assert cash(game, "Bob") == 525
