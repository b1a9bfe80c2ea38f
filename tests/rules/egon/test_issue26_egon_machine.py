"""Issue 26, what the Egon machine (test_egon_machine.py) found, each through the real CLI: a
player out of the game neither pays nor is paid (2); after the game's last round nothing more
is played (1.4).

Fresh game: ABC, BOB, CAT with 1000 Kj each, towers of 12, round 0.
"""

from __future__ import annotations

from tests.conftest import Ledger, add_rows, edit_cells, rows, set_setting

DRAW = ("draw", "--numbers", "1,2,3,4,5,6", "--zz", "7", "--z6", "6")


def egon(ledger: Ledger) -> Ledger:
    ledger.fresh("new", "--game", "egon", "--player", "ABC", "--player", "BOB", "--player", "CAT")
    return ledger


def out(ledger: Ledger) -> Ledger:
    """ABC out of the game after round 1: 30,000 Kj paid away, a debt past 10,000 (2)."""
    egon(ledger)
    ledger("pay", "ABC", "world", "30000")
    ledger(*DRAW)
    ledger("tick")
    assert ledger("status", "--json").json()["players"]["ABC"]["status"] == "ausgeschieden"
    return ledger


# -- 2: out of the game ---------------------------------------------------------------------------


def test_2_a_player_out_of_the_game_neither_pays_nor_is_paid(ledger: Ledger) -> None:
    out(ledger)
    before = ledger.path.read_bytes()
    for payer, payee in (("ABC", "BOB"), ("BOB", "ABC"), ("ABC", "world")):
        run = ledger("pay", payer, payee, "10", expect=1)
        where = "FROM" if payer == "ABC" else "TO"
        assert f"{where}: player-out 2: ABC is out of the game (ausgeschieden)" in run.stderr
        assert "nothing was written" in run.stderr
    assert ledger.path.read_bytes() == before
    ledger("pay", "BOB", "CAT", "10")  # the others go on


def test_2_a_player_out_of_the_game_buys_and_builds_nothing(ledger: Ledger) -> None:
    out(ledger)
    for command in (("purchase", "ABC", "2", "90"), ("build", "ABC", "1")):
        run = ledger(*command, expect=1)
        assert "PLAYER: player-out ABC is out of the game (ausgeschieden)" in run.stderr


def test_2_a_pay_row_typed_for_a_player_out_of_the_game_is_named_at_its_cell(
    ledger: Ledger,
) -> None:
    out(ledger)
    add_rows(ledger.path, "Events", [[None, None, "pay", "BOB", "ABC", 10]])
    run = ledger("post", expect=1)
    assert "player-out 2: ABC is out of the game (ausgeschieden)" in run.stderr
    assert "Events!" in run.stderr


# -- 1.4: the game's rounds -----------------------------------------------------------------------


def test_1_4_after_the_last_round_nothing_more_is_played(ledger: Ledger) -> None:
    egon(ledger)
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


def test_4_1_a_second_order_typed_in_a_phase_is_named_at_its_cell(ledger: Ledger) -> None:
    egon(ledger)
    ledger("order", "BOB", "v")
    add_rows(ledger.path, "Orders", [[1, "BOB", "l,17"], [1, "BOB", "i,2"]])
    run = ledger("check")
    assert (
        "Orders!B3: second-order (warning) BOB has a second order for action phase 1 of round 1 "
        "(the first is v in Orders!B2); 4.1 allows one order a phase" in run.stdout
    )
    assert "ledger order --delete 3" in run.stdout
    assert "Orders!B4" not in run.stdout  # phase 2: his first of that phase
    ledger(*DRAW, "--max-price", "60")
    run = ledger("tick", expect=1)
    assert "Orders!B3: second-order BOB has a second order" in run.stderr
    assert "bad-round" not in run.stderr
    ledger("order", "--delete", "3")  # the banker removes it, and the round goes on
    ledger("tick")


def test_3_a_purchase_typed_for_a_player_out_or_unknown_is_named_at_its_cell(
    ledger: Ledger,
) -> None:
    out(ledger)
    add_rows(ledger.path, "Purchases", [[2, "ABC", 2, 90], [2, "ZED", 1, 30], [2, "BOB", 0, 0, 3]])
    run = ledger("check")
    assert "Purchases!B2: player-out (warning) ABC is out of the game (ausgeschieden)" in run.stdout
    assert "Purchases!B3: unknown-player (warning) there is no player 'ZED'" in run.stdout
    assert "Purchases!B4" not in run.stdout
    ledger(*DRAW)
    run = ledger("tick", expect=1)
    assert "Purchases!B2: player-out ABC is out of the game" in run.stderr
    assert "Purchases!B3: unknown-player there is no player 'ZED'" in run.stderr
    assert "bad-round" not in run.stderr
    ledger("purchase", "--delete", "3")
    ledger("purchase", "--delete", "2")
    ledger("tick")


def test_8_1_a_draw_typed_in_the_rounds_sheet_is_judged_as_ledger_draw_judges_one(
    ledger: Ledger,
) -> None:
    egon(ledger)
    add_rows(ledger.path, "Rounds", [[1, "1,2,3,4,5,5", 0, 9]])
    run = ledger("check")
    for line in (
        "Rounds!B2: bad-draw (warning) '1,2,3,4,5,5': give six different numbers from 1 to 49",
        "Rounds!C2: bad-draw (warning) the Zusatzzahl is 1-49 and not one of the six (never 0)",
        "Rounds!D2: bad-draw (warning) Z6 is one of the six numbers",
    ):
        assert line in run.stdout
    run = ledger("tick", expect=1)
    assert "Rounds!C2: bad-draw the Zusatzzahl" in run.stderr and "bad-round" not in run.stderr
    ledger(*DRAW, "--again")  # the draw replaces the row typed wrong
    add_rows(ledger.path, "Rounds", [[1, "3,11,17,25,33,41", 2, 41]])
    run = ledger("check")
    assert "Rounds!A3: second-draw (warning) round 1 is drawn twice (Rounds!A2 and Rounds!A3)" in (
        run.stdout
    )
    ledger(*DRAW, "--again")
    assert [r["round"] for r in rows(ledger.path, "Rounds")] == [1]
    ledger("tick")


def test_6_6_42_a_rechtfertigung_typed_against_no_waiting_blackmail_is_named_at_its_cell(
    ledger: Ledger,
) -> None:
    egon(ledger)
    ledger("order", "CAT", "e,v,alle", "--penalty-kj", "300")
    ledger(*DRAW)
    ledger("tick")
    typed = [[2, "ABC", "v", None, None, "BOB"], [2, "BOB", "v", None, None, "CAT"]]
    add_rows(ledger.path, "Orders", typed)
    run = ledger("check")
    assert (
        "Orders!F3: no-such-blackmail (warning) ABC v: no blackmail by BOB waits against ABC: a "
        "Rechtfertigung answers a blackmail of last round (6.6.42)" in run.stdout
    )
    assert "CAT: e,v,alle" in run.stdout  # the one that waits
    assert "Orders!F4" not in run.stdout
    ledger(*DRAW)
    run = ledger("tick", expect=1)
    assert "Orders!F3: no-such-blackmail ABC v" in run.stderr and "bad-round" not in run.stderr
    ledger("order", "ABC", "v", "--replace")  # without the Rechtfertigung
    ledger("tick")


def test_6_6_42_a_blackmailer_hands_no_rechtfertigung_against_his_own_blackmail(
    ledger: Ledger,
) -> None:
    egon(ledger)
    ledger("order", "CAT", "e,v,alle", "--penalty-kj", "300")
    ledger(*DRAW)
    ledger("tick")
    run = ledger("order", "CAT", "v", "--justified-against", "CAT", expect=1)
    assert "no-such-blackmail no blackmail by CAT waits against CAT" in run.stderr


def test_4_6_an_order_typed_for_a_player_in_jail_is_named_and_not_carried_out(
    ledger: Ledger,
) -> None:
    egon(ledger)
    ledger("order", "ABC", "f,20000")  # caught forging, and his DI past 50: Zuchthaus
    ledger(*DRAW)
    ledger("tick")
    add_rows(ledger.path, "Orders", [[2, "ABC", "v"]])
    run = ledger("check")
    assert (
        "Orders!B3: player-jailed (warning) ABC sits in the Zuchthaus in round 2: his orders of "
        "that round are not carried out (4.6)" in run.stdout
    )
    assert "ledger order --delete 3" in run.stdout
    ledger(*DRAW)
    assert "order not carried out: ABC is in the Zuchthaus" in " ".join(
        ledger("tick").stdout.split()
    )


def test_2_an_order_typed_for_a_player_out_of_the_game_can_be_deleted_as_its_hint_says(
    ledger: Ledger,
) -> None:
    out(ledger)
    add_rows(ledger.path, "Orders", [[2, "ABC", "v"]])
    run = ledger("check")
    assert "Orders!B2: player-out (warning) ABC is out of the game (ausgeschieden)" in run.stdout
    assert "hint: delete the order: ledger order --delete 2" in run.stdout
    ledger(*DRAW)
    run = ledger("tick", expect=1)
    assert "Orders!B2: player-out ABC is out of the game" in run.stderr
    ledger("order", "--delete", "2")
    ledger("tick")


def test_8_1_a_zusatzzahl_or_z6_without_the_six_numbers_is_refused_not_passed_over(
    ledger: Ledger,
) -> None:
    egon(ledger)
    for given in (("--zz", "7"), ("--z6", "6"), ("--zz", "7", "--z6", "6")):
        run = ledger("draw", *given, expect=1)
        assert (
            f"{given[0]}: conflicting-arguments {given[0]} comes with --numbers, the six main "
            "numbers it goes with (8.1)" in run.stderr
        )
        assert "leave it out to draw all from the seeded dice" in run.stderr
    assert rows(ledger.path, "Rounds") == []
    ledger("draw")  # all from the seeded dice


def test_3_a_second_purchase_or_build_typed_for_a_round_is_named_at_its_cell(
    ledger: Ledger,
) -> None:
    egon(ledger)
    ledger("purchase", "BOB", "3", "180")
    ledger("build", "BOB", "1")
    add_rows(ledger.path, "Purchases", [[1, "BOB", 2, 90], [1, "BOB", 0, 0, 2]])
    run = ledger("check")
    assert (
        "Purchases!B4: second-purchase (warning) BOB has a second purchase in round 1 (the "
        "first is in Purchases!B2); one row holds a player's buying phase (3)" in run.stdout
    )
    assert "Purchases!B5: second-build (warning) BOB has a second build in round 1" in run.stdout
    ledger(*DRAW)
    run = ledger("tick", expect=1)  # both would be booked: refused, named at their cells
    assert "Purchases!B4: second-purchase" in run.stderr
    assert "Purchases!B5: second-build" in run.stderr
    ledger("build", "--delete", "5")
    ledger("purchase", "--delete", "4")
    ledger("tick")
    assert ledger("status", "--json").json()["players"]["BOB"]["store"] == 2


def test_3_a_purchase_typed_after_its_round_is_named_as_never_booked_and_can_be_deleted(
    ledger: Ledger,
) -> None:
    egon(ledger)
    ledger("purchase", "BOB", "3", "180")
    ledger(*DRAW)
    ledger("tick")
    add_rows(ledger.path, "Purchases", [[1, "CAT", 2, 90], [1, "BOB", 1, 60]])
    run = ledger("check")
    assert (
        "Purchases!A3: never-evaluated (warning) CAT's purchase: round 1 was evaluated before "
        "this row was typed; it is never booked" in run.stdout
    )
    assert "Purchases!A4: never-evaluated (warning) BOB's purchase" in run.stdout
    assert "Purchases!A2" not in run.stdout  # booked with its round
    ledger("purchase", "--delete", "4")
    ledger("purchase", "--delete", "3")
    run = ledger("purchase", "--delete", "2", expect=1)  # booked: it stays in the books
    assert "--delete: evaluated Purchases!B2: round 1 is evaluated" in run.stderr


# -- 6.2.1: the Maxpreis is the traders' when the round is evaluated -----------------------------


def test_6_2_1_a_traders_price_corrected_after_the_draw_is_the_maxpreis_of_the_round(
    ledger: Ledger,
) -> None:
    egon(ledger)
    add_rows(ledger.path, "Traders", [[1, "Alois", 10, 60, 2]])
    ledger("order", "ABC", "i,1")
    ledger(*DRAW)  # the Traders sheet's 60 is not fixed by the draw
    edit_cells(ledger.path, {"Traders!D2": 50})  # the banker corrects Alois's price
    run = ledger("tick")
    assert "import of 1 stone at Maxpreis 50.00 + 4 x 1^2 = 54.00 Kj each" in " ".join(
        run.stdout.split()
    )
    assert rows(ledger.path, "Rounds")[0]["max_price"] == 50  # what the round charged
