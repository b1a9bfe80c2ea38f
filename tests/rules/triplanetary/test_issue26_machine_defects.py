"""Issue 26 in Triplanetary V/2: the defects the machine (test_triplanetary_machine.py) found,
each through the real CLI with amounts by hand, and the refusals docs/commands.md names.

The `game` fixture: Ann and Bob with 25 KC at Ceres, Sam the Patrol with 500 KC.
"""

from __future__ import annotations

import shutil
from decimal import Decimal
from pathlib import Path

from tests.conftest import Ledger, rows


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
    """§5 "the player is dead and his company dissolved itself": nothing more is bought, hired,
    claimed, underwritten or recorded in the dead player's name, typed or commanded."""
    game("pay", "bank", "Ann", "500")
    game("buy", "Ann", "transport", "--name", "Nomad")
    game("buy", "Ann", "packet", "--name", "Post")
    game("buy", "Ann", "manufactured-goods", "20", "--at", "Venus", "--ship", "Post")
    game("destroy", "Nomad", "--aboard", "Ann")
    journal = game("journal", "--json").json()
    for args in (
        ("lloyds", "Ann", "manufactured-goods", "10", "--ship", "Post", "--at", "Venus"),
        ("hire", "Ann", "--ship", "Post"),
        ("claim", "Ann", "Hex 0412"),
        ("crime", "Ann", "--class", "I", "--what", "smuggling"),
        ("pr", "Ann", "+1", "--reason", "heroism"),
        ("liner", "open", "Ann", "Earth", "Mars"),
    ):
        run = game(*args, expect=1)
        assert "player-cannot-act" in run.stderr and "§5" in run.stderr, args
    assert game("journal", "--json").json() == journal
    assert rows(game.path, "Crimes") == [] and rows(game.path, "Underwriting") == []


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
    game("branch", "Ann", "--base", "Rock", "--ship", "Post")
    game("branch-open", "BB1")
    copy = Ledger(tmp_path / "copy")
    copy.folder.mkdir()
    shutil.copy(game.path, copy.path)
    shown = copy("balance", "--json").json()
    assert shown["accounts"]["cash:Ann:B1"] == "5000.00"
    assert (
        shown["players"]["Ann"] == "5225.00"
    )  # 6025 - 250 - 50 - 500 fee: 225 at Ceres, 5000 at B1


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
