"""The states of the books Triplanetary V/2's commands refuse to act on, each through the real
CLI, for docs/commands.md (`refuses=` of each command, ledger/rules/triplanetary/refusals.py):
a refusal names its rule and changes nothing.

The `game` fixture: Ann and Bob with 25 KC at Ceres, Sam the Patrol with 500 KC.
"""

from __future__ import annotations

from tests.conftest import Ledger


def refused(game: Ledger, *args: str) -> str:
    """`ledger ARGS` refused, the workbook's bytes as they were; what it said."""
    before = game.path.read_bytes()
    run = game(*args, expect=1)
    assert game.path.read_bytes() == before, args
    return run.stderr


def test_s30_banks_make_no_loans(game: Ledger) -> None:
    """§30 "Banks do not make loans": what a player cannot pay from the money in their banks is
    not bought, hired, paid or opened."""
    game("pay", "bank", "Ann", "300")
    game("buy", "Ann", "transport", "--name", "Nomad")
    game("buy", "Ann", "base", "--name", "Rock")
    game("hire", "Ann", "--ship", "Nomad")
    game("pay", "Ann", "bank", "63")  # 25 + 300 - 10 - 250 - 2: nothing left
    for args in (
        ("pay", "Ann", "Bob", "1"),
        ("buy", "Ann", "transport"),
        ("buy", "Ann", "ore-processor", "--ship", "Nomad"),
        ("hire", "Ann", "--ship", "Nomad"),
        ("discharge", "C1"),
        ("supply", "Ann", "--ship", "Nomad", "--months", "1"),
        ("fuel", "Ann", "--ship", "Nomad", "1"),
        ("office", "open", "Ann", "--at", "Mars"),
        ("incorporate", "Ann"),
        ("claim", "Ann", "Hex 0412"),
        ("sell-company", "Bob", "Ann", "10"),
        ("branch", "Ann", "--base", "Rock", "--ship", "Nomad"),
        ("pr-program", "Ann", "1"),
        ("trial", "Ann", "--class", "I", "--bribes", "1"),
    ):
        said = refused(game, *args)
        assert ("cannot-afford" in said or "overdrawn" in said) and "§30" in said, args


def test_s1_s32_nothing_is_done_with_a_destroyed_or_departed_ship_or_base(game: Ledger) -> None:
    """A ship or base destroyed in play (§1), or gone past Jupiter with a colonization attempt
    (§32), is named by no command: nothing is bought for it, loaded on it, sold from it."""
    game("pay", "bank", "Ann", "103000")
    game("buy", "Ann", "transport", "--name", "Nomad")  # S1
    game("buy", "Ann", "base", "--name", "Rock")  # B1
    game("buy", "Ann", "base", "--name", "Pebble")  # B2
    game("buy", "Ann", "bussard-ramscoop", "3")  # S2, S3, S4
    game("buy", "Ann", "manufactured-goods", "10", "--at", "Venus", "--ship", "Nomad")
    game("liner", "open", "Ann", "Earth", "Mars")
    game("colonize", "Ann")
    game("destroy", "Nomad")
    game("destroy", "Rock")
    game("tick", "360")  # the attempt leaves
    for ship in ("Nomad", "S2"):
        for args in (
            ("buy", "Ann", "ore-processor", "--ship", ship),
            ("hire", "Ann", "--ship", ship),
            ("supply", "Ann", "--ship", ship, "--months", "1"),
            ("fuel", "Ann", "--ship", ship, "1"),
            ("move", ship, "--to", "Mars"),
            ("prospect", "Ann", "--ship", ship, "--hex", "0412"),
            ("sell", "Ann", "manufactured-goods", "1", "--ship", ship, "--at", "Mars"),
            ("process", "Ann", "--at", "Ceres", "--ship", ship),
            ("pickup", "Ann", "--ship", ship, "--from", "Pebble", "--good", "supplies"),
            ("lloyds", "Ann", "manufactured-goods", "1", "--ship", ship, "--at", "Venus"),
            ("branch", "Ann", "--base", "Pebble", "--ship", ship),
            ("liner", "depart", "Ann", "Earth", "Mars", "--ship", ship),
        ):
            said = refused(game, *args)
            assert "post-gone" in said and ("§1" in said or "§32" in said), args
    for args in (
        ("buy", "Ann", "recreation-module", "--base", "Rock"),
        ("hire", "Ann", "--base", "Rock"),
        ("supply", "Ann", "--base", "Rock", "--months", "1"),
        ("office", "open", "Ann", "--at", "Rock"),
        ("transfer", "Ann", "supplies", "1", "--from", "Rock", "--to", "Pebble"),
        ("transfer", "Ann", "supplies", "1", "--from", "Pebble", "--to", "Rock"),
        ("branch", "Ann", "--base", "Rock", "--ship", "Nomad"),
    ):
        said = refused(game, *args)
        assert "post-gone" in said and "§1" in said, args


def test_s13_a_crew_that_quit_died_or_was_discharged_is_discharged_no_more(game: Ledger) -> None:
    game("pay", "bank", "Ann", "100")
    game("buy", "Ann", "transport", "--name", "Nomad")
    game("hire", "Ann", "--ship", "Nomad", "--crews", "2")
    game("discharge", "C1")
    game("destroy", "Nomad")  # C2 dies with it
    for crew in ("C1", "C2"):
        assert "unknown-crew" in refused(game, "discharge", crew)


def test_s7_a_player_heads_one_corporation(game: Ledger) -> None:
    game("incorporate", "Ann")
    said = refused(game, "incorporate", "Ann", "--at", "Mars")
    assert "already-incorporated" in said and "§7" in said


def test_s9_only_active_corporations_merge(game: Ledger) -> None:
    game("pay", "bank", "Ann", "3000")
    game("incorporate", "Ann")
    game("incorporate", "Bob")
    said = refused(game, "merge", "K1", "K2")  # both still forming (§7: 5 days)
    assert "unknown-corporation" in said and "no active corporation 'K1'" in said
    game("tick", "5")
    game("merge", "K1", "K2")
    said = refused(game, "merge", "K1", "K2")  # merging: 120 days
    assert "unknown-corporation" in said and "§9" in said


def test_s24_a_claim_is_registered_once_and_not_by_the_patrol(game: Ledger) -> None:
    game("claim", "Ann", "Hex 0412")
    assert "claim-exists" in refused(game, "claim", "Bob", "Hex 0412")
    said = refused(game, "claim", "Sam", "Hex 0413")
    assert "patrol-may-not-mine" in said and "§6" in said


def test_s8_an_office_is_opened_once_and_closed_once(game: Ledger) -> None:
    game("office", "open", "Ann", "--at", "Mars")
    said = refused(game, "office", "open", "Ann", "--at", "Mars")
    assert "office-exists" in said and "§8" in said
    game("office", "close", "O1")
    said = refused(game, "office", "close", "O1")
    assert "unknown-office" in said and "§8" in said


def test_s28_a_line_is_opened_once_departs_with_passengers_and_is_closed_once(
    game: Ledger,
) -> None:
    game("buy", "Ann", "transport", "--name", "Nomad")
    game("liner", "open", "Ann", "Earth", "Mars")
    said = refused(game, "liner", "open", "Ann", "Earth", "Mars")
    assert "line-exists" in said and "§28" in said
    said = refused(game, "liner", "depart", "Ann", "Earth", "Mars", "--ship", "Nomad")
    assert "no-passengers" in said and "§28" in said
    assert "patrol-may-not-trade" in refused(game, "liner", "open", "Sam", "Earth", "Venus")
    game("liner", "close", "L1")
    said = refused(game, "liner", "close", "L1")
    assert "unknown-liner" in said and "§28" in said
    said = refused(game, "liner", "depart", "Ann", "Earth", "Mars", "--ship", "Nomad")
    assert "unknown-liner" in said and "§28" in said


def test_s30_a_branch_bank_opens_once_with_its_plutonium_aboard(game: Ledger) -> None:
    game("pay", "bank", "Ann", "6500")
    game("buy", "Ann", "base", "--name", "Rock")
    game("buy", "Ann", "packet", "--name", "Post")
    game("buy", "Ann", "base", "--name", "Pebble")
    game("incorporate", "Ann")  # §30: a corporation sets up a branch bank (§7: 5 days)
    game("tick", "5")
    game("branch", "Ann", "--base", "Rock", "--ship", "Post")
    game("dropoff", "Ann", "--ship", "Post", "--to", "Pebble", "--good", "plutonium")
    said = refused(game, "branch-open", "BB1")
    assert "reserves-missing" in said and "§30" in said
    game("pickup", "Ann", "--ship", "Post", "--from", "Pebble", "--good", "plutonium")
    game("branch-open", "BB1")
    said = refused(game, "branch-open", "BB1")
    assert "unknown-branch" in said and "§30" in said


def test_s5_a_dead_player_is_aboard_nothing_destroyed_later(game: Ledger) -> None:
    game("buy", "Ann", "transport", "--name", "Nomad")
    game("buy", "Bob", "transport", "--name", "Mule")
    game("destroy", "Nomad", "--aboard", "Ann")
    said = refused(game, "destroy", "Mule", "--aboard", "Ann")
    assert "player-cannot-act" in said and "§5" in said


def test_s13_a_store_that_is_not_open_is_not_taken_from(game: Ledger) -> None:
    """§13: a mine or base whose crews quit stands open to anyone; another's is not."""
    game("pay", "bank", "Ann", "300")
    game("pay", "bank", "Bob", "300")
    game("buy", "Ann", "transport", "--name", "Nomad")
    game("buy", "Bob", "base", "--name", "Rock")
    game("supply", "Bob", "--base", "Rock", "--months", "2")
    said = refused(game, "pickup", "Ann", "--ship", "Nomad", "--from", "Rock", "--good", "supplies")
    assert "not-the-owner" in said and "§13" in said


def test_s33_s41_outlaws_buy_only_at_ceres_and_prisoners_not_at_all(game: Ledger) -> None:
    game("pay", "bank", "Ann", "100")
    game("buy", "Ann", "transport", "--name", "Nomad")
    game("declare", "Ann", "pirate")
    args = ("buy", "Ann", "manufactured-goods", "1", "--at", "Venus", "--ship", "Nomad")
    said = refused(game, *args)
    assert "outlaw-trade" in said and "§33" in said
    game("buy", "Bob", "transport", "--name", "Mule")
    game("crime", "Bob", "--class", "III", "--what", "kidnapping for ransom")
    game("trial", "Bob", "--crime", "X1", "--roll", "6")  # 90 days in prison
    said = refused(game, "buy", "Bob", "manufactured-goods", "1", "--at", "Venus", "--ship", "Mule")
    assert "player-cannot-act" in said and "§41" in said
    said = refused(game, "liner", "open", "Bob", "Earth", "Mars")
    assert "in prison" in said and "§41" in said
