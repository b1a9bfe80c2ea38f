"""Issue 26 in Triplanetary V/2: the defects the machine (test_triplanetary_machine.py) found,
each with amounts by hand, and the refusals docs/commands.md names.

Each test plays a game on books in memory (tests/memory.py): Ann and Bob with 25 KC at Ceres,
Sam the Patrol with 500 KC. `balance` reading a workbook it has no summary of runs the real CLI
on a real workbook.
"""

from __future__ import annotations

import shlex
import shutil
from decimal import Decimal
from pathlib import Path

from tests.conftest import Ledger
from tests.memory import Table, table


def cash(t: Table, who: str) -> Decimal:
    return t.cash(who)


def pr(t: Table) -> dict[str, int]:
    return {p["name"]: p["pr"] for p in t.rows("Players")}


def tick(t: Table, days: str) -> str:
    """Tick; every line of the report."""
    t(f"tick {days}")
    return t.report()


# -- §9 §36C a company sold with its passenger lines ------------------------------------------------


def test_s36c_the_pr_of_running_a_line_goes_with_the_line_when_the_company_is_sold() -> None:
    """§36C "+5 - While running a space passenger line": the seller runs none after the sale,
    the buyer runs it; nobody stopped a line, so nobody takes the -1."""
    t = table()
    t("pay bank Bob 500")
    t("liner open Ann Earth Mars")
    assert pr(t)["Ann"] == 5
    t("sell-company Ann Bob 100")
    assert t.rows("Liners")[0]["owner"] == "Bob"
    assert pr(t) == {"Ann": 0, "Bob": 5, "Sam": 0}
    t("liner close L1")  # Bob stops it: -5 and -1 (§36C)
    assert pr(t) == {"Ann": 0, "Bob": -1, "Sam": 0}


def test_s36c_a_buyer_running_a_line_already_gets_no_second_bonus() -> None:
    t = table()
    t("pay bank Bob 500")
    t("liner open Ann Earth Mars")
    t("liner open Bob Ceres Mars")
    t("sell-company Ann Bob 100")
    assert pr(t) == {"Ann": 0, "Bob": 5, "Sam": 0}


# -- §5 a dead player neither pays nor is paid, nor acts -------------------------------------------


def test_s5_nobody_pays_a_dead_player() -> None:
    t = table()
    t("buy Ann transport --name Nomad")
    t("destroy Nomad --aboard Ann")
    for line in ("pay bank Ann 500", "pay Bob Ann 5"):
        run = t.refusal(line)
        assert "player-cannot-act" in run and "Ann is dead" in run, line
        assert "§5" in run
    assert cash(t, "Ann") == 0 and cash(t, "Bob") == 25


def test_s5_a_dead_player_acts_no_more() -> None:
    """§5 "the player is dead and his company dissolved itself": no command acts in the dead
    player's name, typed or commanded; nothing is bought, sold, hired, claimed, underwritten,
    recorded or tried. (The machine found a dead player paid by `pay`, underwritten by Lloyds
    and owed a module's takings.)"""
    t = table()
    t("pay bank Ann 1000")
    t("buy Ann transport --name Nomad")
    t("buy Ann packet --name Post")
    t("buy Ann base --name Rock")
    t("buy Ann base --name Pebble")
    t("buy Ann manufactured-goods 20 --at Venus --ship Post")
    t("buy Bob transport --name Mule")
    t("crime Ann --class I --what smuggling")
    t("destroy Nomad --aboard Ann")
    journal = t.journal()
    for args in (
        ("buy", "Ann", "transport"),
        ("hire", "Ann", "--ship", "Post"),
        ("supply", "Ann", "--ship", "Post", "--months", "1"),
        ("fuel", "Ann", "--ship", "Post", "1"),
        ("office", "open", "Ann", "--at", "Mars"),
        ("incorporate", "Ann"),
        ("prospect", "Ann", "--ship", "Post", "--hex", "0412"),
        ("claim", "Ann", "Hex 0412"),
        ("sell", "Ann", "manufactured-goods", "5", "--ship", "Post", "--at", "Mars"),
        ("process", "Ann", "--at", "Ceres", "--ship", "Post"),
        ("pickup", "Ann", "--ship", "Post", "--from", "Rock", "--good", "supplies"),
        ("dropoff", "Ann", "--ship", "Post", "--to", "Rock"),
        ("sell-company", "Ann", "Bob", "10"),
        ("liner", "open", "Ann", "Earth", "Mars"),
        ("liner", "depart", "Ann", "Earth", "Mars", "--ship", "Post"),
        ("lloyds", "Ann", "manufactured-goods", "10", "--ship", "Post", "--at", "Venus"),
        ("branch", "Ann", "--base", "Rock", "--ship", "Post"),
        ("colonize", "Ann"),
        ("crime", "Ann", "--class", "I", "--what", "smuggling"),
        ("fine", "Ann", "10", "--reason", "late"),
        ("trial", "Ann", "--crime", "X1", "--roll", "3"),
        ("declare", "Ann", "pirate"),
        ("pr", "Ann", "+1", "--reason", "heroism"),
        ("pr-program", "Ann", "1"),
        ("transfer", "Ann", "supplies", "1", "--from", "Rock", "--to", "Pebble"),
        (
            "sell",
            "Bob",
            "manufactured-goods",
            "1",
            "--ship",
            "Mule",
            "--to",
            "Ann",
            "--price",
            "5",
            "--to-ship",
            "Post",
        ),
    ):
        run = t.refusal(shlex.join(args))
        assert "player-cannot-act" in run and "Ann is dead" in run, args
        assert "§5" in run, args
    assert t.journal() == journal
    assert len(t.rows("Crimes")) == 1 and t.rows("Underwriting") == []


# -- §31 Lloyds' full market value, more than a sale brings ---------------------------------------


def _underwritten(t: Table) -> None:
    """Bob's Mule holds 20 CP of manufactured goods bought at Venus (3 KC/CP); Lloyds takes
    10 CP of them at Venus's value, 30 KC paid into Bob's Venus bank."""
    t("pay bank Bob 100")  # 125 at Ceres
    t("buy Bob transport --name Mule")  # 115
    t("buy Bob manufactured-goods 20 --at Venus --ship Mule")  # 55
    t("lloyds Bob manufactured-goods 10 --ship Mule --at Venus")


def test_s31_lloyds_share_beyond_the_sale_comes_from_the_sellers_other_banks() -> None:
    """5 CP sold at Callisto (6 KC/CP) bring 30 KC, 27 after the 10% tax; Lloyds is owed their
    full market value, 30 KC: the 3 KC more come from Bob's bank at Ceres (§30, §31)."""
    t = table()
    _underwritten(t)
    run = t("sell Bob manufactured-goods 5 --ship Mule --at Callisto")
    assert "Lloyds of Luna receives 30.00 KC for its share (§31)" in run
    sale = t.journal()[-1]
    assert {p["account"]: p["amount"] for p in sale["postings"]} == {
        "market": "-30.00",
        "cash:Bob:Ceres": "-3.00",
        "patrol": "1.50",
        "earth": "1.50",
        "lloyds": "30.00",
    }
    assert cash(t, "Bob") == Decimal("82.00")  # 55 + 30 from Lloyds - 3


def test_s31_a_seller_who_cannot_pay_lloyds_its_share_sells_nothing() -> None:
    t = table()
    _underwritten(t)
    t("pay Bob bank 55")  # nothing left at Ceres; 30 at Venus
    t("pay Bob bank 30 --from-bank Venus")
    run = t.refusal("sell Bob manufactured-goods 5 --ship Mule --at Callisto")
    assert "cannot-afford" in run and "§31" in run
    assert "overdrawn" not in run


# -- §30 an open branch bank's account, shown without the cache ------------------------------------


def test_s30_balance_shows_an_open_branch_banks_account_from_the_workbook_alone(
    game: Ledger, tmp_path: Path
) -> None:
    """`balance` reads a workbook it has no summary of (copied, or put back by `undo`) from
    its cells; a branch bank's account (§30) is the game's, known only from its Branches sheet.
    The machine met it after an `undo`. Through the CLI: a copied workbook."""
    game("pay", "bank", "Ann", "6000")
    game("buy", "Ann", "base", "--name", "Rock")
    game("buy", "Ann", "packet", "--name", "Post")
    game("incorporate", "Ann")  # §30: a corporation sets up a branch bank (§7: 5 days)
    game("tick", "5")
    game("branch", "Ann", "--base", "Rock", "--ship", "Post")
    game("branch-open", "BB1")
    copy = Ledger(tmp_path / "copy")
    copy.folder.mkdir()
    shutil.copy(game.path, copy.path)
    shown = copy("balance", "--json").json()
    assert shown["accounts"]["cash:Ann:B1"] == "5000.00"
    assert (
        shown["players"]["Ann"] == "5220.00"
    )  # 6025 - 250 - 50 - 5 incorporation - 500 fee: 220 at Ceres, 5000 at B1


# -- §33 §34 an outlaw in prison stays an outlaw ----------------------------------------------------


def players(t: Table) -> dict[str, dict[str, object]]:
    return {p["name"]: p for p in t.rows("Players")}


def test_s33_a_pirate_released_from_prison_is_still_a_pirate() -> None:
    """§33 "Once turning pirate, a player cannot return to his former legal status": prison
    (§41) is served as a pirate, and the pirate comes out a pirate."""
    t = table()
    t("buy Bob transport --name Junk")  # 10 KC
    t("buy Bob manufactured-goods 2 --at Venus --ship Junk")  # 6 KC
    t("declare Bob pirate")  # PR -15
    t("crime Bob --class II --what piracy")
    run = t("trial Bob --crime X1 --roll 1")  # 1 - 15 = -14: 120 days + 1000
    assert "Bob is imprisoned until day 120" in run
    bob = players(t)["Bob"]
    assert (bob["status"], bob["status_until"]) == ("pirate", 120)
    sale = "sell Bob manufactured-goods 1 --ship Junk --at Ceres"
    run = t.refusal(sale)
    assert "in prison until day 120" in run  # §41: a prisoner does not trade
    run = tick(t, "121")
    assert "Bob is released from prison, still a pirate (§33)" in run
    bob = players(t)["Bob"]
    assert (bob["status"], bob["status_until"]) == ("pirate", None)
    t(sale)  # at Ceres, the Free Port (§33)


def test_s34_a_warlord_in_prison_declared_stays_in_prison() -> None:
    """A prisoner who declares himself a warlord serves the term to its end (§34, §41)."""
    t = table()
    t("crime Bob --class III --what 'murder of crews'")
    t("trial Bob --crime X1 --roll 6")  # 6: 90 days + 1000 KC
    assert players(t)["Bob"]["status_until"] == 90
    t("declare Bob warlord")
    bob = players(t)["Bob"]
    assert (bob["status"], bob["status_until"]) == ("warlord", 90)
    t("tick 89")
    assert players(t)["Bob"]["status_until"] == 90
    t("tick 1")
    assert (players(t)["Bob"]["status"], players(t)["Bob"]["status_until"]) == (
        "warlord",
        None,
    )


# -- §32 the crews of a colonization attempt leave with it -----------------------------------------


def test_s32_the_crews_of_an_attempt_leave_with_it_and_are_paid_no_more() -> None:
    """§32: the attempt leaves the board "never to return to the game": its crews go with it
    on its day, earn nothing after, and the next tick goes on (a crew 'departed' was no crew
    state: every later tick was refused)."""
    t = table()
    t("pay bank Ann 102000")
    t("buy Ann bussard-ramscoop 3")  # day 0: ready at once
    t("hire Ann --ship S1")
    t("colonize Ann")
    t("supply Ann --ship S1 --months 3")
    t("tick 400")
    crew = t.rows("Crews")[0]
    assert (crew["status"], crew["ended_day"]) == ("departed", 360)
    wages = [x for x in t.journal() if x["kind"] == "wages"]
    assert [x["day"] for x in wages] == [30 * n for n in range(1, 12)]  # gone on day 360
    assert "crew-on-lost-post" not in t.check()
    t("tick 1")


def test_s7_ships_gone_past_jupiter_do_not_count_towards_incorporating() -> None:
    t = table()
    t("pay bank Ann 102000")
    t("buy Ann bussard-ramscoop 3")
    t("colonize Ann")
    assert "must-incorporate" in t.check()  # three ships being outfitted (§7)
    t("tick 360")  # they leave (§32)
    t("buy Ann transport --name Nomad")
    assert "must-incorporate" not in t.check()  # one ship in the game


# -- §30 a branch bank opens only with its base, its Plutonium and its owner ------------------------


def _branch(t: Table) -> None:
    t("pay bank Ann 6000")
    t("buy Ann base --name Rock")  # B1
    t("buy Ann packet --name Post")  # S1
    t("buy Ann transport --name Nomad")  # S2
    t("incorporate Ann")  # §30: a corporation sets up a branch bank (§7: 5 days)
    t("tick 5")
    t("branch Ann --base Rock --ship Post")  # BB1: 5000 KC as Plutonium on Post


def test_s5_a_dead_players_branch_bank_does_not_open() -> None:
    """The reserves in transit went to the bank with the dead player's estate (§5)."""
    t = table()
    _branch(t)
    t("destroy Nomad --aboard Ann")
    run = t.refusal("branch-open BB1")
    assert "player-cannot-act" in run and "§5" in run
    assert "overdrawn" not in run


def test_s30_a_branch_bank_on_a_destroyed_base_does_not_open() -> None:
    t = table()
    _branch(t)
    t("destroy Rock")
    run = t.refusal("branch-open BB1")
    assert "post-gone" in run and "Rock (B1) is destroyed" in run


def test_s30_a_branch_bank_whose_plutonium_was_destroyed_does_not_open() -> None:
    t = table()
    _branch(t)
    t("destroy Post")
    run = t.refusal("branch-open BB1")
    assert "post-gone" in run and "Post (S1) is destroyed" in run
    assert t.rows("Branches")[0]["status"] == "shipping"


# -- §6 §33 §41 a sale between players: both sides trade ------------------------------------------


def _goods(t: Table) -> None:
    """Ann's Nomad holds 5 CP of manufactured goods, at Ceres; Bob's Magpie is at Ceres too."""
    t("pay bank Bob 100")
    t("buy Ann transport --name Nomad")
    t("buy Bob transport --name Magpie")
    t("buy Sam transport --name Cop")
    t("buy Ann manufactured-goods 5 --at Venus --ship Nomad")


def _sell(t: Table, to: str, ship: str, more: str = "", refused: bool = True) -> str:
    line = f"sell Ann manufactured-goods 5 --ship Nomad --to {to} --price 20 --to-ship {ship}"
    line = f"{line} {more}".strip()
    return t.refusal(line) if refused else t(line)


def test_s33_a_pirate_sells_to_a_player_only_at_ceres() -> None:
    """§33 "The Free Port of Ceres is the only place that may buy from or sell to a pirate"."""
    t = table()
    _goods(t)
    t("declare Bob pirate")
    said = _sell(t, "Bob", "Magpie", "--at Mars")
    assert "outlaw-trade" in said and "Bob is a pirate" in said and "§33" in said
    _sell(t, "Bob", "Magpie", refused=False)  # the ships are at Ceres
    assert {(c["holder"], c["qty"]) for c in t.rows("Cargo")} == {("S2", 5)}


def test_s6_the_patrol_buys_no_goods_from_a_player() -> None:
    t = table()
    _goods(t)
    said = _sell(t, "Sam", "Cop")
    assert "patrol-may-not-trade" in said and "§6" in said


def test_s41_a_prisoner_buys_no_goods() -> None:
    t = table()
    _goods(t)
    t("crime Bob --class III --what 'kidnapping for ransom'")
    t("trial Bob --crime X1 --roll 6")  # 90 days in prison
    said = _sell(t, "Bob", "Magpie")
    assert "player-cannot-act" in said and "in prison until day 90 (§41)" in said


# -- §41 §1 confiscation takes what is there -------------------------------------------------------


def test_s41_confiscation_takes_nothing_from_a_destroyed_ship() -> None:
    """The goods aboard a ship destroyed in play went with it (§1): §41's confiscation takes
    the goods of the ships, bases and mines that are there."""
    t = table()
    t("pay bank Ann 100")
    t("buy Ann transport --name Nomad")
    t("buy Ann transport --name Wreck")
    t("buy Ann manufactured-goods 4 --at Venus --ship Nomad")
    t("buy Ann manufactured-goods 6 --at Venus --ship Wreck")
    t("destroy Wreck")
    t("declare Ann pirate")  # PR -15
    t("crime Ann --class III --what 'piracy with loss of life'")
    run = t("trial Ann --crime X1 --roll 2")  # -13: all goods confiscated
    assert "confiscated: all of Ann's goods (4 CP and items)" in run
    assert {(c["holder"], c["qty"]) for c in t.rows("Cargo")} == {("S2", 6)}


# -- §5 §20 a dead player's recreation module takes no pay -----------------------------------------


def test_s5_s20_a_dead_players_module_takes_no_half_of_the_pay() -> None:
    """Half the pay spent at a module goes to its owner (§20); a dead owner is paid nothing
    (§5): the crew's whole wage goes to the crew."""
    t = table()
    t("pay bank Bob 1000")
    t("buy Bob base --name Rock")
    t("buy Bob recreation-module --base Rock")  # R1
    t("supply Bob --base Rock --months 10")
    t("buy Bob transport --name Mule")
    t("pay bank Ann 1000")
    t("buy Ann base --name Den")
    t("supply Ann --base Den --months 2")
    t("hire Ann --base Den")
    t.edit_cells({"Crews!F2": "R1"})  # Den is next to Rock (§20)
    t("destroy Mule --aboard Bob")
    t("tick 30")
    assert cash(t, "Bob") == 0
    wages = next(x for x in t.journal() if x["kind"] == "wages")
    assert {p["account"]: p["amount"] for p in wages["postings"]} == {
        "cash:Ann:Ceres": "-3.00",
        "crews": "3.00",
    }


# -- §6 §9 the Patrol buys and sells no company ----------------------------------------------------


def test_s6_s9_the_patrol_neither_buys_nor_sells_a_company() -> None:
    """Ruling: a company is bought and sold between players (§9); the Patrol, which may not
    mine ore or engage in trade (§6), has none to sell and buys none (with its mines, holds
    and trade)."""
    t = table()
    t("buy Ann transport --name Nomad")
    for seller, buyer in (("Ann", "Sam"), ("Sam", "Ann")):
        run = t.refusal(f"sell-company {seller} {buyer} 10")
        assert "patrol-may-not-trade" in run and "§6" in run
    assert t.rows("Ships")[0]["owner"] == "Ann"
