"""Independent mistakes in one command line are told together (STYLE: every problem found in
one pass, each naming where it is): the player, a kind or good, a place or player named by
another argument, a number's range. What depends on an earlier answer (the ship must be the
player's, the money once the price is known) is still told after. Fresh game: Ann and Bob with
25 KC at Ceres, Sam the Patrol.

The first test runs the real CLI on a real workbook; the others play on books in memory
(tests/memory.py)."""

from __future__ import annotations

from decimal import Decimal

from tests.conftest import Ledger
from tests.memory import table


def codes(said: str) -> list[str]:
    """`WHERE: CODE` of each problem said, in order."""
    return [
        line.split(" ")[0] + " " + line.split(" ")[1]
        for line in said.splitlines()
        if not line.startswith(" ")
    ]


def test_s38_buy_on_the_cli_says_an_unknown_player_and_an_unknown_kind_at_once(
    game: Ledger,
) -> None:
    said = game("buy", "Zed", "frigat", "--name", "X", expect=1).stderr
    assert "unknown-player" in said and "'Zed' is not a player" in said
    assert "unknown-item" in said and "'frigat' is not on the §38 price list" in said
    assert "did you mean frigate?" in said
    assert said.index("unknown-player") < said.index("unknown-item")  # in the arguments' order
    assert game("balance", "--json").json()["players"]["Ann"] == "25.00"  # nothing written


def test_s38_buy_says_an_unknown_player_and_an_unknown_kind_at_once() -> None:
    said = table().refusal("buy Zed frigat --name X")
    assert codes(said) == ["PLAYER: unknown-player", "ITEM: unknown-item"]


def test_s38_buy_says_an_unknown_player_and_an_unknown_place_at_once() -> None:
    said = table().refusal("buy Zed packet --name X --at Vulcan")
    assert codes(said) == ["PLAYER: unknown-player", "--at: unknown-place"]


def test_s39_buying_goods_says_an_unknown_player_and_an_unknown_place_at_once() -> None:
    said = table().refusal("buy Zed raw-ore 3 --ship S1 --at Vulcan")
    assert codes(said) == ["PLAYER: unknown-player", "--at: unknown-place"]


def test_s38_buy_still_tells_what_depends_on_the_player_after_it() -> None:
    t = table()
    t("pay bank Ann 100")
    said = t.refusal("buy Ann packet 2 --name X --at Vulcan")  # one mistake: said alone
    assert codes(said) == ["--at: unknown-place"]
    assert t.cash("Ann") == Decimal("125.00")


def test_s39_sell_says_an_unknown_player_good_place_and_buyer_at_once() -> None:
    said = table().refusal("sell Zed spices 3 --ship S1 --at Vulcan --to Zoe --price 9")
    assert codes(said) == [
        "PLAYER: unknown-player",
        "GOOD: unknown-good",
        "--at: unknown-place",
        "--to: unknown-player",
    ]


def test_s13_hire_says_an_unknown_player_and_no_post_named_at_once() -> None:
    said = table().refusal("hire Zed")
    assert codes(said) == ["PLAYER: unknown-player", "--ship: missing-value"]


def test_s14_supply_says_an_unknown_player_an_unknown_post_and_no_months_at_once() -> None:
    said = table().refusal("supply Zed --months 0")
    assert codes(said) == [
        "PLAYER: unknown-player",
        "--ship: missing-value",
        "--months: bad-number",
    ]


def test_s14_supply_still_finds_the_post_among_the_players_own_after_the_player() -> None:
    t = table()
    t("pay bank Ann 100")
    t("buy Ann packet --name Nomad")
    said = t.refusal("supply Ann --ship Nomd --months 0")  # the ship: looked up with Ann's
    assert codes(said) == ["--months: bad-number"]
    assert codes(t.refusal("supply Ann --ship Nomd --months 1")) == ["--ship: unknown-ship"]


def test_s6_fine_says_an_unknown_player_and_an_amount_of_0_at_once() -> None:
    said = table().refusal("fine Zed 0 --reason speeding")
    assert codes(said) == ["PLAYER: unknown-player", "AMOUNT: bad-amount"]


def test_s36_trial_says_an_unknown_player_class_crime_bribes_and_die_at_once() -> None:
    said = table().refusal("trial Zed --class IV --crime X9 --bribes 4 --roll 7")
    assert codes(said) == [
        "PLAYER: unknown-player",
        "--class: bad-class",
        "--crime: unknown-crime",
        "--bribes: too-many-bribes",
        "--roll: bad-roll",
    ]


def test_s36_trial_says_a_missing_class_and_a_bad_die_at_once() -> None:
    said = table().refusal("trial Ann --roll 9")
    assert codes(said) == ["--class: missing-value", "--roll: bad-roll"]


def test_s25_process_says_an_unknown_player_and_a_place_that_does_not_process_at_once() -> None:
    said = table().refusal("process Zed --ship S1 --at Mars")
    assert codes(said) == ["PLAYER: unknown-player", "--at: no-processing-here"]


def test_s31_lloyds_says_an_unknown_player_and_an_unknown_place_at_once() -> None:
    said = table().refusal("lloyds Zed raw-ore 2 --ship S1 --at Vulcan")
    assert codes(said) == ["PLAYER: unknown-player", "--at: unknown-place"]


def test_s21_transfer_says_an_unknown_player_what_and_a_quantity_of_0_at_once() -> None:
    said = table().refusal("transfer Zed spices 0 --from B1 --to B2")
    assert codes(said) == ["PLAYER: unknown-player", "WHAT: unknown-item", "QTY: bad-number"]


def test_s36a_crime_says_an_unknown_player_and_an_unknown_class_at_once() -> None:
    said = table().refusal("crime Zed --class IV --what 'claim jumping'")
    assert codes(said) == ["PLAYER: unknown-player", "--class: bad-class"]


def test_s33_declare_says_an_unknown_player_and_an_unknown_status_at_once() -> None:
    said = table().refusal("declare Zed saint")
    assert codes(said) == ["PLAYER: unknown-player", "pirate|warlord: bad-declaration"]


def test_s36c_pr_says_an_unknown_player_and_a_word_for_points_at_once() -> None:
    said = table().refusal("pr Zed lots --reason heroism")
    assert codes(said) == ["PLAYER: unknown-player", "CHANGE: bad-number"]


def test_s36c_pr_program_says_an_unknown_player_and_no_program_at_once() -> None:
    said = table().refusal("pr-program Zed 0")
    assert codes(said) == ["PLAYER: unknown-player", "COUNT: bad-number"]


def test_s9_sell_company_says_an_unknown_seller_and_an_unknown_buyer_at_once() -> None:
    said = table().refusal("sell-company Zed Zoe 400")
    assert codes(said) == ["PLAYER: unknown-player", "BUYER: unknown-player"]


def test_s28_liner_open_says_an_unknown_player_and_both_unknown_places_at_once() -> None:
    said = table().refusal("liner open Zed Erth Marz")
    assert codes(said) == ["PLAYER: unknown-player", "FROM: unknown-place", "TO: unknown-place"]


def test_s28_liner_depart_says_an_unknown_player_and_an_unknown_place_at_once() -> None:
    said = table().refusal("liner depart Zed Earth Vulcan --ship Star")
    assert codes(said) == ["PLAYER: unknown-player", "TO: unknown-place"]


def test_s7_incorporate_says_an_unknown_player_and_an_unknown_place_at_once() -> None:
    said = table().refusal("incorporate Zed --at Vulcan")
    assert codes(said) == ["PLAYER: unknown-player", "--at: unknown-place"]


def test_s24_claim_says_an_unknown_player_and_an_unknown_base_at_once() -> None:
    said = table().refusal("claim Zed Rock --base B9")
    assert codes(said) == ["PLAYER: unknown-player", "--base: unknown-base"]
