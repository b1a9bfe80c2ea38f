"""Issue 26 in Triplanetary V/2: the defects the machine (test_triplanetary_machine.py) found,
each through the real CLI with amounts by hand, and the refusals docs/commands.md names.

The `game` fixture: Ann and Bob with 25 KC at Ceres, Sam the Patrol with 500 KC.
"""

from __future__ import annotations

import shutil
from decimal import Decimal
from pathlib import Path

from tests.conftest import Ledger, edit_cells, rows


def cash(game: Ledger, who: str) -> Decimal:
    return Decimal(game("balance", "--json").json()["players"][who])


def pr(game: Ledger) -> dict[str, int]:
    return {p["name"]: p["pr"] for p in rows(game.path, "Players")}


# -- §9 §36C a company sold with its passenger lines ------------------------------------------------


def test_s36c_the_pr_of_running_a_line_goes_with_the_line_when_the_company_is_sold(
    game: Ledger,
) -> None:
    """§36C "+5 - While running a space passenger line": the seller runs none after the sale,
    the buyer runs it; nobody stopped a line, so nobody takes the -1."""
    game("pay", "bank", "Bob", "500")
    game("liner", "open", "Ann", "Earth", "Mars")
    assert pr(game)["Ann"] == 5
    game("sell-company", "Ann", "Bob", "100")
    assert rows(game.path, "Liners")[0]["owner"] == "Bob"
    assert pr(game) == {"Ann": 0, "Bob": 5, "Sam": 0}
    game("liner", "close", "L1")  # Bob stops it: -5 and -1 (§36C)
    assert pr(game) == {"Ann": 0, "Bob": -1, "Sam": 0}


def test_s36c_a_buyer_running_a_line_already_gets_no_second_bonus(game: Ledger) -> None:
    game("pay", "bank", "Bob", "500")
    game("liner", "open", "Ann", "Earth", "Mars")
    game("liner", "open", "Bob", "Ceres", "Mars")
    game("sell-company", "Ann", "Bob", "100")
    assert pr(game) == {"Ann": 0, "Bob": 5, "Sam": 0}


# -- §5 a dead player neither pays nor is paid, nor acts -------------------------------------------


def test_s5_nobody_pays_a_dead_player(game: Ledger) -> None:
    game("buy", "Ann", "transport", "--name", "Nomad")
    game("destroy", "Nomad", "--aboard", "Ann")
    for args in (("pay", "bank", "Ann", "500"), ("pay", "Bob", "Ann", "5")):
        run = game(*args, expect=1)
        assert "player-cannot-act" in run.stderr and "Ann is dead" in run.stderr, args
        assert "§5" in run.stderr
    assert cash(game, "Ann") == 0 and cash(game, "Bob") == 25


def test_s5_a_dead_player_acts_no_more(game: Ledger) -> None:
    """§5 "the player is dead and his company dissolved itself": no command acts in the dead
    player's name, typed or commanded; nothing is bought, sold, hired, claimed, underwritten,
    recorded or tried. (The machine found a dead player paid by `pay`, underwritten by Lloyds
    and owed a module's takings.)"""
    game("pay", "bank", "Ann", "1000")
    game("buy", "Ann", "transport", "--name", "Nomad")
    game("buy", "Ann", "packet", "--name", "Post")
    game("buy", "Ann", "base", "--name", "Rock")
    game("buy", "Ann", "base", "--name", "Pebble")
    game("buy", "Ann", "manufactured-goods", "20", "--at", "Venus", "--ship", "Post")
    game("buy", "Bob", "transport", "--name", "Mule")
    game("crime", "Ann", "--class", "I", "--what", "smuggling")
    game("destroy", "Nomad", "--aboard", "Ann")
    journal = game("journal", "--json").json()
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
        run = game(*args, expect=1)
        assert "player-cannot-act" in run.stderr and "Ann is dead" in run.stderr, args
        assert "§5" in run.stderr, args
    assert game("journal", "--json").json() == journal
    assert len(rows(game.path, "Crimes")) == 1 and rows(game.path, "Underwriting") == []


# -- §31 Lloyds' full market value, more than a sale brings ---------------------------------------


def _underwritten(game: Ledger) -> None:
    """Bob's Mule holds 20 CP of manufactured goods bought at Venus (3 KC/CP); Lloyds takes
    10 CP of them at Venus's value, 30 KC paid into Bob's Venus bank."""
    game("pay", "bank", "Bob", "100")  # 125 at Ceres
    game("buy", "Bob", "transport", "--name", "Mule")  # 115
    game("buy", "Bob", "manufactured-goods", "20", "--at", "Venus", "--ship", "Mule")  # 55
    game("lloyds", "Bob", "manufactured-goods", "10", "--ship", "Mule", "--at", "Venus")


def test_s31_lloyds_share_beyond_the_sale_comes_from_the_sellers_other_banks(
    game: Ledger,
) -> None:
    """5 CP sold at Callisto (6 KC/CP) bring 30 KC, 27 after the 10% tax; Lloyds is owed their
    full market value, 30 KC: the 3 KC more come from Bob's bank at Ceres (§30, §31)."""
    _underwritten(game)
    run = game("sell", "Bob", "manufactured-goods", "5", "--ship", "Mule", "--at", "Callisto")
    assert "Lloyds of Luna receives 30.00 KC for its share (§31)" in run.stdout
    sale = game("journal", "--json").json()[-1]
    assert {p["account"]: p["amount"] for p in sale["postings"]} == {
        "market": "-30.00",
        "cash:Bob:Ceres": "-3.00",
        "patrol": "1.50",
        "earth": "1.50",
        "lloyds": "30.00",
    }
    assert cash(game, "Bob") == Decimal("82.00")  # 55 + 30 from Lloyds - 3


def test_s31_a_seller_who_cannot_pay_lloyds_its_share_sells_nothing(game: Ledger) -> None:
    _underwritten(game)
    game("pay", "Bob", "bank", "55")  # nothing left at Ceres; 30 at Venus
    game("pay", "Bob", "bank", "30", "--from-bank", "Venus")
    run = game(
        "sell", "Bob", "manufactured-goods", "5", "--ship", "Mule", "--at", "Callisto", expect=1
    )
    assert "cannot-afford" in run.stderr and "§31" in run.stderr
    assert "overdrawn" not in run.stderr


# -- §30 an open branch bank's account, shown without the cache ------------------------------------


def test_s30_balance_shows_an_open_branch_banks_account_from_the_workbook_alone(
    game: Ledger, tmp_path: Path
) -> None:
    """`balance` reads a workbook it has no summary of (copied, or put back by `undo`) from
    its cells; a branch bank's account (§30) is the game's, known only from its Branches sheet.
    The machine met it after an `undo`."""
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


def players(game: Ledger) -> dict[str, dict[str, object]]:
    return {p["name"]: p for p in rows(game.path, "Players")}


def test_s33_a_pirate_released_from_prison_is_still_a_pirate(game: Ledger) -> None:
    """§33 "Once turning pirate, a player cannot return to his former legal status": prison
    (§41) is served as a pirate, and the pirate comes out a pirate."""
    game("buy", "Bob", "transport", "--name", "Junk")  # 10 KC
    game("buy", "Bob", "manufactured-goods", "2", "--at", "Venus", "--ship", "Junk")  # 6 KC
    game("declare", "Bob", "pirate")  # PR -15
    game("crime", "Bob", "--class", "II", "--what", "piracy")
    run = game("trial", "Bob", "--crime", "X1", "--roll", "1")  # 1 - 15 = -14: 120 days + 1000
    assert "Bob is imprisoned until day 120" in run.stdout
    bob = players(game)["Bob"]
    assert (bob["status"], bob["status_until"]) == ("pirate", 120)
    sale = ("sell", "Bob", "manufactured-goods", "1", "--ship", "Junk", "--at", "Ceres")
    run = game(*sale, expect=1)
    assert "in prison until day 120" in run.stderr  # §41: a prisoner does not trade
    run = game("tick", "121")
    assert "Bob is released from prison, still a pirate (§33)" in run.stdout
    bob = players(game)["Bob"]
    assert (bob["status"], bob["status_until"]) == ("pirate", None)
    game(*sale)  # at Ceres, the Free Port (§33)


def test_s34_a_warlord_in_prison_declared_stays_in_prison(game: Ledger) -> None:
    """A prisoner who declares himself a warlord serves the term to its end (§34, §41)."""
    game("crime", "Bob", "--class", "III", "--what", "murder of crews")
    game("trial", "Bob", "--crime", "X1", "--roll", "6")  # 6: 90 days + 1000 KC
    assert players(game)["Bob"]["status_until"] == 90
    game("declare", "Bob", "warlord")
    bob = players(game)["Bob"]
    assert (bob["status"], bob["status_until"]) == ("warlord", 90)
    game("tick", "89")
    assert players(game)["Bob"]["status_until"] == 90
    game("tick", "1")
    assert (players(game)["Bob"]["status"], players(game)["Bob"]["status_until"]) == (
        "warlord",
        None,
    )


# -- §32 the crews of a colonization attempt leave with it -----------------------------------------


def test_s32_the_crews_of_an_attempt_leave_with_it_and_are_paid_no_more(game: Ledger) -> None:
    """§32: the attempt leaves the board "never to return to the game": its crews go with it
    on its day, earn nothing after, and the next tick goes on (a crew 'departed' was no crew
    state: every later tick was refused)."""
    game("pay", "bank", "Ann", "102000")
    game("buy", "Ann", "bussard-ramscoop", "3")  # day 0: ready at once
    game("hire", "Ann", "--ship", "S1")
    game("colonize", "Ann")
    game("supply", "Ann", "--ship", "S1", "--months", "3")
    game("tick", "400")
    crew = rows(game.path, "Crews")[0]
    assert (crew["status"], crew["ended_day"]) == ("departed", 360)
    wages = [t for t in game("journal", "--json").json() if t["kind"] == "wages"]
    assert [t["day"] for t in wages] == [30 * n for n in range(1, 12)]  # gone on day 360
    assert "crew-on-lost-post" not in game("check").stdout
    game("tick", "1")


def test_s7_ships_gone_past_jupiter_do_not_count_towards_incorporating(game: Ledger) -> None:
    game("pay", "bank", "Ann", "102000")
    game("buy", "Ann", "bussard-ramscoop", "3")
    game("colonize", "Ann")
    assert "must-incorporate" in game("check").stdout  # three ships being outfitted (§7)
    game("tick", "360")  # they leave (§32)
    game("buy", "Ann", "transport", "--name", "Nomad")
    assert "must-incorporate" not in game("check").stdout  # one ship in the game


# -- §30 a branch bank opens only with its base, its Plutonium and its owner ------------------------


def _branch(game: Ledger) -> None:
    game("pay", "bank", "Ann", "6000")
    game("buy", "Ann", "base", "--name", "Rock")  # B1
    game("buy", "Ann", "packet", "--name", "Post")  # S1
    game("buy", "Ann", "transport", "--name", "Nomad")  # S2
    game("incorporate", "Ann")  # §30: a corporation sets up a branch bank (§7: 5 days)
    game("tick", "5")
    game("branch", "Ann", "--base", "Rock", "--ship", "Post")  # BB1: 5000 KC as Plutonium on Post


def test_s5_a_dead_players_branch_bank_does_not_open(game: Ledger) -> None:
    """The reserves in transit went to the bank with the dead player's estate (§5)."""
    _branch(game)
    game("destroy", "Nomad", "--aboard", "Ann")
    run = game("branch-open", "BB1", expect=1)
    assert "player-cannot-act" in run.stderr and "§5" in run.stderr
    assert "overdrawn" not in run.stderr


def test_s30_a_branch_bank_on_a_destroyed_base_does_not_open(game: Ledger) -> None:
    _branch(game)
    game("destroy", "Rock")
    run = game("branch-open", "BB1", expect=1)
    assert "post-gone" in run.stderr and "Rock (B1) is destroyed" in run.stderr


def test_s30_a_branch_bank_whose_plutonium_was_destroyed_does_not_open(game: Ledger) -> None:
    _branch(game)
    game("destroy", "Post")
    run = game("branch-open", "BB1", expect=1)
    assert "post-gone" in run.stderr and "Post (S1) is destroyed" in run.stderr
    assert rows(game.path, "Branches")[0]["status"] == "shipping"


# -- §6 §33 §41 a sale between players: both sides trade ------------------------------------------


def _goods(game: Ledger) -> None:
    """Ann's Nomad holds 5 CP of manufactured goods, at Ceres; Bob's Magpie is at Ceres too."""
    game("pay", "bank", "Bob", "100")
    game("buy", "Ann", "transport", "--name", "Nomad")
    game("buy", "Bob", "transport", "--name", "Magpie")
    game("buy", "Sam", "transport", "--name", "Cop")
    game("buy", "Ann", "manufactured-goods", "5", "--at", "Venus", "--ship", "Nomad")


def _sell(game: Ledger, to: str, ship: str, *more: str, expect: int = 1) -> str:
    run = game(
        "sell", "Ann", "manufactured-goods", "5", "--ship", "Nomad",
        "--to", to, "--price", "20", "--to-ship", ship, *more, expect=expect,
    )  # fmt: skip
    return run.stderr


def test_s33_a_pirate_sells_to_a_player_only_at_ceres(game: Ledger) -> None:
    """§33 "The Free Port of Ceres is the only place that may buy from or sell to a pirate"."""
    _goods(game)
    game("declare", "Bob", "pirate")
    said = _sell(game, "Bob", "Magpie", "--at", "Mars")
    assert "outlaw-trade" in said and "Bob is a pirate" in said and "§33" in said
    _sell(game, "Bob", "Magpie", expect=0)  # the ships are at Ceres
    assert {(c["holder"], c["qty"]) for c in rows(game.path, "Cargo")} == {("S2", 5)}


def test_s6_the_patrol_buys_no_goods_from_a_player(game: Ledger) -> None:
    _goods(game)
    said = _sell(game, "Sam", "Cop")
    assert "patrol-may-not-trade" in said and "§6" in said


def test_s41_a_prisoner_buys_no_goods(game: Ledger) -> None:
    _goods(game)
    game("crime", "Bob", "--class", "III", "--what", "kidnapping for ransom")
    game("trial", "Bob", "--crime", "X1", "--roll", "6")  # 90 days in prison
    said = _sell(game, "Bob", "Magpie")
    assert "player-cannot-act" in said and "in prison until day 90 (§41)" in said


# -- §41 §1 confiscation takes what is there -------------------------------------------------------


def test_s41_confiscation_takes_nothing_from_a_destroyed_ship(game: Ledger) -> None:
    """The goods aboard a ship destroyed in play went with it (§1): §41's confiscation takes
    the goods of the ships, bases and mines that are there."""
    game("pay", "bank", "Ann", "100")
    game("buy", "Ann", "transport", "--name", "Nomad")
    game("buy", "Ann", "transport", "--name", "Wreck")
    game("buy", "Ann", "manufactured-goods", "4", "--at", "Venus", "--ship", "Nomad")
    game("buy", "Ann", "manufactured-goods", "6", "--at", "Venus", "--ship", "Wreck")
    game("destroy", "Wreck")
    game("declare", "Ann", "pirate")  # PR -15
    game("crime", "Ann", "--class", "III", "--what", "piracy with loss of life")
    run = game("trial", "Ann", "--crime", "X1", "--roll", "2")  # -13: all goods confiscated
    assert "confiscated: all of Ann's goods (4 CP and items)" in run.stdout
    assert {(c["holder"], c["qty"]) for c in rows(game.path, "Cargo")} == {("S2", 6)}


# -- §5 §20 a dead player's recreation module takes no pay -----------------------------------------


def test_s5_s20_a_dead_players_module_takes_no_half_of_the_pay(game: Ledger) -> None:
    """Half the pay spent at a module goes to its owner (§20); a dead owner is paid nothing
    (§5): the crew's whole wage goes to the crew."""
    game("pay", "bank", "Bob", "1000")
    game("buy", "Bob", "base", "--name", "Rock")
    game("buy", "Bob", "recreation-module", "--base", "Rock")  # R1
    game("supply", "Bob", "--base", "Rock", "--months", "10")
    game("buy", "Bob", "transport", "--name", "Mule")
    game("pay", "bank", "Ann", "1000")
    game("buy", "Ann", "base", "--name", "Den")
    game("supply", "Ann", "--base", "Den", "--months", "2")
    game("hire", "Ann", "--base", "Den")
    edit_cells(game.path, {"Crews!F2": "R1"})  # Den is next to Rock (§20)
    game("destroy", "Mule", "--aboard", "Bob")
    game("tick", "30")
    assert cash(game, "Bob") == 0
    wages = next(t for t in game("journal", "--json").json() if t["kind"] == "wages")
    assert {p["account"]: p["amount"] for p in wages["postings"]} == {
        "cash:Ann:Ceres": "-3.00",
        "crews": "3.00",
    }


# -- §6 §9 the Patrol buys and sells no company ----------------------------------------------------


def test_s6_s9_the_patrol_neither_buys_nor_sells_a_company(game: Ledger) -> None:
    """Ruling: a company is bought and sold between players (§9); the Patrol, which may not
    mine ore or engage in trade (§6), has none to sell and buys none (with its mines, holds
    and trade)."""
    game("buy", "Ann", "transport", "--name", "Nomad")
    for seller, buyer in (("Ann", "Sam"), ("Sam", "Ann")):
        run = game("sell-company", seller, buyer, "10", expect=1)
        assert "patrol-may-not-trade" in run.stderr and "§6" in run.stderr
    assert rows(game.path, "Ships")[0]["owner"] == "Ann"
