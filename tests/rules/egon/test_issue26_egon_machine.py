"""Issue 26, what the Egon machine (test_egon_machine.py) found: a player out of the game
neither pays nor is paid (2); after the game's last round nothing more is played (1.4).

Each test plays a game on books in memory (tests/memory.py) but the two that show a refusal
leaving the workbook's bytes as they were, which run the real CLI on a real workbook.

Fresh game: ABC, BOB, CAT with 1000 Kj each, towers of 12, round 0.
"""

from __future__ import annotations

from typing import Any

from tests.conftest import Ledger, set_setting
from tests.memory import Table, table

DRAW = ("draw", "--numbers", "1,2,3,4,5,6", "--zz", "7", "--z6", "6")
DRAWN = " ".join(DRAW)


def egon() -> Table:
    """The fresh game as `ledger new --game egon` makes it (its seed, 1)."""
    return table(game="egon", players=("ABC", "BOB", "CAT"), seed=1)


def status(t: Table) -> dict[str, Any]:
    """`ledger status --json`."""
    return t.books.game.status(t.books)


def out() -> Table:
    """ABC out of the game after round 1: 30,000 Kj paid away, a debt past 10,000 (2)."""
    t = egon()
    t("pay ABC world 30000")
    t(DRAWN)
    t("tick")
    assert status(t)["players"]["ABC"]["status"] == "ausgeschieden"
    return t


def egon_file(ledger: Ledger) -> Ledger:
    ledger.fresh("new", "--game", "egon", "--player", "ABC", "--player", "BOB", "--player", "CAT")
    return ledger


def out_file(ledger: Ledger) -> Ledger:
    """`out()` on a real workbook."""
    egon_file(ledger)
    ledger("pay", "ABC", "world", "30000")
    ledger(*DRAW)
    ledger("tick")
    assert ledger("status", "--json").json()["players"]["ABC"]["status"] == "ausgeschieden"
    return ledger


# -- 2: out of the game ---------------------------------------------------------------------------


def test_2_a_player_out_of_the_game_neither_pays_nor_is_paid(ledger: Ledger) -> None:
    out_file(ledger)
    before = ledger.path.read_bytes()
    for payer, payee in (("ABC", "BOB"), ("BOB", "ABC"), ("ABC", "world")):
        run = ledger("pay", payer, payee, "10", expect=1)
        where = "FROM" if payer == "ABC" else "TO"
        assert f"{where}: player-out 2: ABC is out of the game (ausgeschieden)" in run.stderr
        assert "nothing was written" in run.stderr
    assert ledger.path.read_bytes() == before
    ledger("pay", "BOB", "CAT", "10")  # the others go on


def test_2_a_player_out_of_the_game_buys_and_builds_nothing() -> None:
    t = out()
    for command in ("purchase ABC 2 90", "build ABC 1"):
        run = t.refusal(command)
        assert "PLAYER: player-out ABC is out of the game (ausgeschieden)" in run


def test_2_a_pay_row_typed_for_a_player_out_of_the_game_is_named_at_its_cell() -> None:
    t = out()
    t.add_rows("Events", [[None, None, "pay", "BOB", "ABC", 10]])
    run = t.refusal("post")
    assert "player-out 2: ABC is out of the game (ausgeschieden)" in run
    assert "Events!" in run


# -- 1.4: the game's rounds -----------------------------------------------------------------------


def test_1_4_after_the_last_round_nothing_more_is_played(ledger: Ledger) -> None:
    egon_file(ledger)
    set_setting(ledger.path, "rounds", 2)  # the banker's shorter game
    ledger("order", "ABC", "v")
    ledger(*DRAW)
    run = ledger("tick", "3", expect=1)  # there is no round 3
    assert (
        "DAYS: game-over 1.4: the game has 2 rounds (the Settings row rounds): 3 from round 1 "
        "would go past the last" in run.stderr
    )
    assert "hint: ledger tick 2" in run.stderr
    ledger("tick")
    ledger(*DRAW)
    ledger("tick")
    before = ledger.path.read_bytes()
    for command in (
        DRAW,
        ("draw",),
        ("tick",),
        ("order", "ABC", "v"),
        ("purchase", "ABC", "2", "90"),
        ("build", "ABC", "1"),
    ):
        run = ledger(*command, expect=1)
        assert "game-over 1.4: the game is over: its 2 rounds are evaluated" in run.stderr, command
        assert "ledger report game shows the standings" in run.stderr
        assert "nothing was written" in run.stderr
    assert ledger.path.read_bytes() == before
    assert ledger("status", "--json").json()["round"] == 2
    ledger("report", "game")


# -- rows typed by the banker: named at their cells, refused by their round's tick ---------------
# (a warning while the round is typed, so that the command its hint names works; the tick's
# refusal names the cell, never the engine's catch-all `bad-round`)


def test_4_1_a_second_order_typed_in_a_phase_is_named_at_its_cell() -> None:
    t = egon()
    t("order BOB v")
    t.add_rows("Orders", [[1, "BOB", "l,17"], [1, "BOB", "i,2"]])
    run = t.check(clean=True)
    assert (
        "Orders!B3: second-order (warning) BOB has a second order for action phase 1 of round 1 "
        "(the first is v in Orders!B2); 4.1 allows one order a phase" in run
    )
    assert "ledger order --delete 3" in run
    assert "Orders!B4" not in run  # phase 2: his first of that phase
    t(f"{DRAWN} --max-price 60")
    run = t.refusal("tick")
    assert "Orders!B3: second-order BOB has a second order" in run
    assert "bad-round" not in run
    t("order --delete 3")  # the banker removes it, and the round goes on
    t("tick")


def test_3_a_purchase_typed_for_a_player_out_or_unknown_is_named_at_its_cell() -> None:
    t = out()
    t.add_rows("Purchases", [[2, "ABC", 2, 90], [2, "ZED", 1, 30], [2, "BOB", 0, 0, 3]])
    run = t.check(clean=True)
    assert "Purchases!B2: player-out (warning) ABC is out of the game (ausgeschieden)" in run
    assert "Purchases!B3: unknown-player (warning) there is no player 'ZED'" in run
    assert "Purchases!B4" not in run
    t(DRAWN)
    run = t.refusal("tick")
    assert "Purchases!B2: player-out ABC is out of the game" in run
    assert "Purchases!B3: unknown-player there is no player 'ZED'" in run
    assert "bad-round" not in run
    t("purchase --delete 3")
    t("purchase --delete 2")
    t("tick")


def test_8_1_a_draw_typed_in_the_rounds_sheet_is_judged_as_ledger_draw_judges_one() -> None:
    t = egon()
    t.add_rows("Rounds", [[1, "1,2,3,4,5,5", 0, 9]])
    run = t.check(clean=True)
    for line in (
        "Rounds!B2: bad-draw (warning) '1,2,3,4,5,5': give six different numbers from 1 to 49",
        "Rounds!C2: bad-draw (warning) the Zusatzzahl is 1-49 and not one of the six (never 0)",
        "Rounds!D2: bad-draw (warning) Z6 is one of the six numbers",
    ):
        assert line in run
    run = t.refusal("tick")
    assert "Rounds!C2: bad-draw the Zusatzzahl" in run and "bad-round" not in run
    t(f"{DRAWN} --again")  # the draw replaces the row typed wrong
    t.add_rows("Rounds", [[1, "3,11,17,25,33,41", 2, 41]])
    run = t.check(clean=True)
    assert "Rounds!A3: second-draw (warning) round 1 is drawn twice (Rounds!A2 and Rounds!A3)" in (
        run
    )
    t(f"{DRAWN} --again")
    assert [r["round"] for r in t.rows("Rounds")] == [1]
    t("tick")


def test_6_6_42_a_rechtfertigung_typed_against_no_waiting_blackmail_is_named_at_its_cell() -> None:
    t = egon()
    t("order CAT e,v,alle --penalty-kj 300")
    t(DRAWN)
    t("tick")
    typed = [[2, "ABC", "v", None, None, "BOB"], [2, "BOB", "v", None, None, "CAT"]]
    t.add_rows("Orders", typed)
    run = t.check(clean=True)
    assert (
        "Orders!F3: no-such-blackmail (warning) ABC v: no blackmail by BOB waits against ABC: a "
        "Rechtfertigung answers a blackmail of last round (6.6.42)" in run
    )
    assert "CAT: e,v,alle" in run  # the one that waits
    assert "Orders!F4" not in run
    t(DRAWN)
    run = t.refusal("tick")
    assert "Orders!F3: no-such-blackmail ABC v" in run and "bad-round" not in run
    t("order ABC v --replace")  # without the Rechtfertigung
    t("tick")


def test_6_6_42_a_blackmailer_hands_no_rechtfertigung_against_his_own_blackmail() -> None:
    t = egon()
    t("order CAT e,v,alle --penalty-kj 300")
    t(DRAWN)
    t("tick")
    run = t.refusal("order CAT v --justified-against CAT")
    assert "no-such-blackmail no blackmail by CAT waits against CAT" in run


def test_4_6_an_order_typed_for_a_player_in_jail_is_named_and_not_carried_out() -> None:
    t = egon()
    t("order ABC f,20000")  # caught forging, and his DI past 50: Zuchthaus
    t(DRAWN)
    t("tick")
    t.add_rows("Orders", [[2, "ABC", "v"]])
    run = t.check(clean=True)
    assert (
        "Orders!B3: player-jailed (warning) ABC sits in the Zuchthaus in round 2: his orders of "
        "that round are not carried out (4.6)" in run
    )
    assert "ledger order --delete 3" in run
    t(DRAWN)
    t("tick")
    assert "order not carried out: ABC is in the Zuchthaus" in " ".join(t.report().split())


def test_2_an_order_typed_for_a_player_out_of_the_game_can_be_deleted_as_its_hint_says() -> None:
    t = out()
    t.add_rows("Orders", [[2, "ABC", "v"]])
    run = t.check(clean=True)
    assert "Orders!B2: player-out (warning) ABC is out of the game (ausgeschieden)" in run
    assert "hint: delete the order: ledger order --delete 2" in run
    t(DRAWN)
    run = t.refusal("tick")
    assert "Orders!B2: player-out ABC is out of the game" in run
    t("order --delete 2")
    t("tick")


def test_8_1_a_zusatzzahl_or_z6_without_the_six_numbers_is_refused_not_passed_over() -> None:
    t = egon()
    for given in ("--zz 7", "--z6 6", "--zz 7 --z6 6"):
        run = t.refusal(f"draw {given}")
        option = given.split()[0]
        assert (
            f"{option}: conflicting-arguments {option} comes with --numbers, the six main "
            "numbers it goes with (8.1)" in run
        )
        assert "leave it out to draw all from the seeded dice" in run
    assert t.rows("Rounds") == []
    t("draw")  # all from the seeded dice


def test_3_a_second_purchase_or_build_typed_for_a_round_is_named_at_its_cell() -> None:
    t = egon()
    t("purchase BOB 3 180")
    t("build BOB 1")
    t.add_rows("Purchases", [[1, "BOB", 2, 90], [1, "BOB", 0, 0, 2]])
    run = t.check(clean=True)
    assert (
        "Purchases!B4: second-purchase (warning) BOB has a second purchase in round 1 (the "
        "first is in Purchases!B2); one row holds a player's buying phase (3)" in run
    )
    assert "Purchases!B5: second-build (warning) BOB has a second build in round 1" in run
    t(DRAWN)
    run = t.refusal("tick")  # both would be booked: refused, named at their cells
    assert "Purchases!B4: second-purchase" in run
    assert "Purchases!B5: second-build" in run
    t("build --delete 5")
    t("purchase --delete 4")
    t("tick")
    assert status(t)["players"]["BOB"]["store"] == 2


def test_3_a_purchase_typed_after_its_round_is_named_as_never_booked_and_can_be_deleted() -> None:
    t = egon()
    t("purchase BOB 3 180")
    t(DRAWN)
    t("tick")
    t.add_rows("Purchases", [[1, "CAT", 2, 90], [1, "BOB", 1, 60]])
    run = t.check(clean=True)
    assert (
        "Purchases!A3: never-evaluated (warning) CAT's purchase: round 1 was evaluated before "
        "this row was typed; it is never booked" in run
    )
    assert "Purchases!A4: never-evaluated (warning) BOB's purchase" in run
    assert "Purchases!A2" not in run  # booked with its round
    t("purchase --delete 4")
    t("purchase --delete 3")
    run = t.refusal("purchase --delete 2")  # booked: it stays in the books
    assert "--delete: evaluated Purchases!B2: round 1 is evaluated" in run


# -- 6.2.1: the Maxpreis is the traders' when the round is evaluated -----------------------------


def test_6_2_1_a_traders_price_corrected_after_the_draw_is_the_maxpreis_of_the_round() -> None:
    t = egon()
    t.add_rows("Traders", [[1, "Alois", 10, 60, 2]])
    t("order ABC i,1")
    t(DRAWN)  # the Traders sheet's 60 is not fixed by the draw
    t.edit_cells({"Traders!D2": 50})  # the banker corrects Alois's price
    t("tick")
    assert "import of 1 stone at Maxpreis 50.00 + 4 x 1^2 = 54.00 Kj each" in " ".join(
        t.report().split()
    )
    assert t.rows("Rounds")[0]["max_price"] == 50  # what the round charged
