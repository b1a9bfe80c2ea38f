"""Phase 1 of the Egon-Spiel (5.1-5.6), one test per numbered rule.

Unless a test says otherwise: round Rd = 1, Z6 = 17, ZZ = 9, so "2 x Rd" = 2. Every expected
number is worked out by hand in a comment from the rule text.
"""

from collections.abc import Sequence
from decimal import Decimal

import pytest

from ledger.rules.egon.evaluate import evaluate_phase1, evaluate_round
from ledger.rules.egon.orders import Order
from ledger.rules.egon.parse import parse_order
from ledger.rules.egon.phase1 import lottery_wins
from ledger.rules.egon.state import (
    BribeOutcome,
    Draw,
    Effect,
    EgonState,
    Jackpots,
    Phase1Result,
    PlayerState,
    Status,
)
from ledger.rules.egon.tables import TRADERS, EgonSettings

D = Decimal
MINIMA = Jackpots(D("3200.00"), D("1600.00"), D("800.00"))


def pl(name: str, cash: str = "1000", **kw: object) -> PlayerState:
    return PlayerState(name, D(cash), **kw)  # type: ignore[arg-type]


def game(*players: PlayerState, jackpots: Jackpots = MINIMA) -> EgonState:
    named = {p.name for p in players}
    fill = tuple(pl(n) for n in ("AAA", "BBB", "CCC", "DDD", "EEE") if n not in named)
    return EgonState(0, (*players, *fill), jackpots)


def draw(z6: int = 17, zz: int = 9, numbers: Sequence[int] = ()) -> Draw:
    base = [n for n in (3, 22, 30, 38, 44, 45, 46) if n not in (z6, zz, *numbers)]
    main = (*numbers, *base)[:5]
    return Draw(1, (*main, z6), zz, z6, False, D(60))


def orders(state: EgonState, *lines: str) -> list[Order]:
    result = []
    for line in lines:
        player, text = line.split(":")
        order, errors = parse_order(text.strip(), player, players=state.names())
        assert order is not None, errors
        result.append(order)
    return result


def phase1(
    state: EgonState, *lines: str, d: Draw | None = None, settings: EgonSettings | None = None
) -> Phase1Result:
    return evaluate_phase1(state, d or draw(), TRADERS, orders(state, *lines), settings)


def by(effects: Sequence[Effect], player: str, rule: str | None = None) -> list[Effect]:
    return [e for e in effects if e.player == player and (rule is None or e.rule == rule)]


def change(effects: Sequence[Effect], player: str) -> tuple[Decimal, int, int, int]:
    mine = by(effects, player)
    return (
        sum((e.kj for e in mine), D(0)),
        sum(e.di for e in mine),
        sum(e.store for e in mine),
        sum(e.tower for e in mine),
    )


def player(result: Phase1Result, name: str) -> PlayerState:
    return result.state.player(name)


# -- 5.1 Anzeige -------------------------------------------------------------------------------


def test_5_1_1_accused_trader_forfeits_bribes() -> None:
    # AAA (DI 0) accuses Alois: 0 + 17 - 2 = 15 < 30, succeeds.
    # BBB and CCC bribed Alois: the money is gone, +4 DI each, no stones.
    r = phase1(game(), "AAA: a,Alois", "BBB: g,Alois,200", "CCC: g,Alois,300")
    assert r.accused_traders == frozenset({"Alois"})
    assert change(r.effects, "BBB") == (D(-200), 4, 0, 0)
    assert change(r.effects, "CCC") == (D(-300), 4, 0, 0)
    assert by(r.effects, "BBB")[0].rule == "5.1.1"
    assert r.bribes == (BribeOutcome("Alois", (), D(0), True),)


def test_5_1_2_accused_player_acts_with_di_plus_13() -> None:
    # BBB (DI 5, tower 20) rents. Accused by AAA (0 + 17 - 2 = 15 < 30).
    # Rent 5.3.1 with DI 5 + 13 = 18: (50 x (30 + 17 - 18)) DIV (0 + 2) = 1450 DIV 2 = 725.
    r = phase1(game(pl("BBB", di=5, tower=20)), "AAA: a,BBB", "BBB: v")
    assert r.accused == frozenset({"BBB"})
    assert by(r.effects, "BBB", "5.3.1")[0].kj == D(725)
    assert player(r, "BBB").di == 5  # the 13 is not a real DI


def test_5_1_21_the_13_cannot_send_to_the_zuchthaus() -> None:
    # BBB has DI 45; accused, his actions count 58 > 50, but he stays free.
    result = evaluate_round(
        game(pl("BBB", di=45, tower=20)),
        draw(),
        TRADERS,
        orders(game(), "AAA: a,BBB", "BBB: v"),
        (),
    )
    assert result.state.player("BBB").status == Status.FREE
    assert result.state.player("BBB").di == 45
    assert not [e for e in result.effects if e.rule == "4.6.4"]


def test_5_1_3_two_accusations_are_not_additive() -> None:
    # AAA and CCC both accuse BBB (DI 5, tower 20): still DI 5 + 13 = 18, rent 725 as above.
    r = phase1(game(pl("BBB", di=5, tower=20)), "AAA: a,BBB", "CCC: a,BBB", "BBB: v")
    assert by(r.effects, "BBB", "5.3.1")[0].kj == D(725)
    assert len(by(r.effects, "BBB", "5.1.3")) == 1


def test_5_1_4_the_13_does_not_judge_the_accused_players_own_anzeige() -> None:
    # BBB (DI 10) is accused by AAA and himself accuses CCC: 10 + 17 - 2 = 25 < 30 succeeds.
    # With the 13 it would be 38 and fail.
    r = phase1(game(pl("BBB", di=10)), "AAA: a,BBB", "BBB: a,CCC")
    assert r.accused == frozenset({"BBB", "CCC"})
    assert change(r.effects, "BBB") == (D(0), 0, 0, 0)


def test_5_1_5_accused_player_cannot_blackmail() -> None:
    st = game()
    result = evaluate_round(st, draw(), TRADERS, orders(st, "AAA: a,BBB", "BBB: e,v,alle"), ())
    assert by(result.effects, "BBB", "5.1.5")
    assert result.state.blackmails == ()


def test_5_1_6_a_jailed_player_cannot_be_accused() -> None:
    # AAA (DI 40) would fail with slander (40 + 17 - 2 = 55 >= 45), but BBB sits in jail:
    # no Anzeige, nothing happens to AAA.
    st = game(pl("AAA", di=40), pl("BBB", status=Status.GEFAENGNIS, jail_rounds=1))
    r = phase1(st, "AAA: a,BBB")
    assert r.accused == frozenset()
    assert by(r.effects, "AAA", "5.1.6")
    assert change(r.effects, "AAA") == (D(0), 0, 0, 0)


@pytest.mark.parametrize(
    ("di", "success", "slander", "jail"),
    [
        (14, True, 0, False),  # 14 + 17 - 2 = 29 < 30
        (15, False, 0, False),  # 30: fails
        (29, False, 0, False),  # 44: fails
        (30, False, 5, False),  # 45: +5 DI (üble Nachrede)
        (44, False, 5, False),  # 59
        (45, False, 5, True),  # 60: +5 DI and Gefängnis
    ],
)
def test_5_1_7_accuser_bands(di: int, success: bool, slander: int, jail: bool) -> None:
    r = phase1(game(pl("AAA", di=di)), "AAA: a,BBB")
    assert ("BBB" in r.accused) is success
    assert change(r.effects, "AAA")[1] == slander
    assert (player(r, "AAA").status == Status.GEFAENGNIS) is jail


def test_5_1_7_later_rounds_lower_the_value() -> None:
    # Round 5: DI 20 + Z6 17 - 2 x 5 = 27 < 30 succeeds (in round 1 it was 35 and failed).
    st = EgonState(4, game(pl("AAA", di=20)).players, MINIMA)
    d = Draw(5, (3, 22, 30, 38, 44, 17), 9, 17)
    r = evaluate_phase1(st, d, TRADERS, orders(st, "AAA: a,BBB"))
    assert r.accused == frozenset({"BBB"})


# -- 5.2 Denunzieren -----------------------------------------------------------------------


def test_5_2_1_denouncer_punished_with_half_rounded_up() -> None:
    # AAA DI 10, 5 points: 10 + 17 - 2 + 5 x 5 = 50 >= 50: AAA + ceil(5/2) = +3.
    # (5.2.4: 10 + 1 - 2 + 25 = 34 < 50, valid.)
    r = phase1(game(pl("AAA", di=10)), "AAA: x,5,BBB")
    assert by(r.effects, "AAA", "5.2.1")[0].di == 3
    assert player(r, "AAA").di == 13
    assert player(r, "BBB").di == 5


def test_5_2_1_denouncer_goes_free_below_50() -> None:
    # DI 9: 9 + 17 - 2 + 25 = 49 < 50.
    r = phase1(game(pl("AAA", di=9)), "AAA: x,5,BBB")
    assert player(r, "AAA").di == 9
    assert player(r, "BBB").di == 5


def test_5_2_2_denounced_player_gets_the_points_added() -> None:
    # AAA denounces BBB with 7, CCC with 3: BBB 2 + 7 + 3 = 12.
    r = phase1(game(pl("BBB", di=2)), "AAA: x,7,BBB", "CCC: x,3,BBB")
    assert player(r, "BBB").di == 12
    assert [e.di for e in by(r.effects, "BBB", "5.2.2")] == [7, 3]


def test_5_2_3_rise_counts_for_rent_and_forgery_not_for_anzeige() -> None:
    # AAA denounces BBB with 8, DDD denounces CCC with 8.
    # BBB (DI 0 -> 8, tower 20) rents: (50 x (30 + 17 - 8)) DIV 2 = 1950 DIV 2 = 975.
    # CCC (DI 10 -> 18) accuses EEE, judged with 10: 10 + 17 - 2 = 25 < 30 succeeds
    # (with 18 it would be 33 and fail).
    st = game(pl("BBB", tower=20), pl("CCC", di=10))
    r = phase1(st, "AAA: x,8,BBB", "DDD: x,8,CCC", "BBB: v", "CCC: a,EEE")
    assert by(r.effects, "BBB", "5.3.1")[0].kj == D(975)
    assert "EEE" in r.accused


def test_5_2_3_denunciation_is_judged_with_the_di_at_round_start() -> None:
    # AAA (DI 9) is denounced by BBB with 5 (-> 14) and denounces CCC with 5 himself:
    # judged with 9: 9 + 17 - 2 + 25 = 49 < 50, AAA goes free (with 14 it would be 54).
    r = phase1(game(pl("AAA", di=9)), "BBB: x,5,AAA", "AAA: x,5,CCC")
    assert player(r, "AAA").di == 14
    assert not by(r.effects, "AAA", "5.2.1")[0].di


def test_5_2_4_denunciation_too_high() -> None:
    # AAA DI 20, 7 points: even with Z6 = 1: 20 + 1 - 2 + 35 = 54 >= 50: invalid.
    # Only AAA gets +5; BBB nothing.
    r = phase1(game(pl("AAA", di=20)), "AAA: x,7,BBB")
    assert change(r.effects, "AAA") == (D(0), 5, 0, 0)
    assert change(r.effects, "BBB") == (D(0), 0, 0, 0)


def test_5_2_4_just_valid() -> None:
    # 6 points: 20 + 1 - 2 + 30 = 49 < 50 valid; with Z6 17: 20 + 17 - 2 + 30 = 65 >= 50:
    # AAA + ceil(6/2) = 3, BBB + 6.
    r = phase1(game(pl("AAA", di=20)), "AAA: x,6,BBB")
    assert change(r.effects, "AAA")[1] == 3
    assert change(r.effects, "BBB")[1] == 6


# -- 5.3 Vermieten ---------------------------------------------------------------------------


def test_5_3_1_rent_formula() -> None:
    # Z6 17. Rented towers: AAA 25, BBB 20, CCC 18, DDD 18.
    # AAA DI 0, T 0: (50 x 47) DIV 2 = 2350 DIV 2 = 1175
    # BBB DI 4, T 1: (50 x 43) DIV 3 = 2150 DIV 3 = 716 (716.67 rounded down)
    # CCC DI 7, T 2: (50 x 40) DIV 4 = 2000 DIV 4 = 500
    # DDD DI 0, T 2 (25 and 20; CCC's 18 is not higher): 2350 DIV 4 = 587 (587.5 down)
    st = game(
        pl("AAA", tower=25),
        pl("BBB", di=4, tower=20),
        pl("CCC", di=7, tower=18),
        pl("DDD", tower=18),
    )
    r = phase1(st, "AAA: v", "BBB: v", "CCC: v", "DDD: v")
    assert [change(r.effects, n)[0] for n in ("AAA", "BBB", "CCC", "DDD")] == [
        D(1175),
        D(716),
        D(500),
        D(587),
    ]


def test_5_3_2_tower_must_be_higher_than_its_foundation() -> None:
    # Tower 12 = the foundation: nothing. Tower 13: (50 x 47) DIV 2 = 1175.
    r = phase1(game(pl("AAA", tower=12), pl("BBB", tower=13)), "AAA: v", "BBB: v")
    assert by(r.effects, "AAA", "5.3.2")
    assert change(r.effects, "AAA")[0] == 0
    assert change(r.effects, "BBB")[0] == D(1175)


def test_5_3_3_no_negative_rent() -> None:
    # DI 50: (50 x (30 + 17 - 50)) DIV 2 = -150 DIV 2 = -75: nothing.
    r = phase1(game(pl("AAA", di=50, tower=20)), "AAA: v")
    assert by(r.effects, "AAA", "5.3.3")
    assert change(r.effects, "AAA")[0] == 0


# -- 5.4 Lotterie -----------------------------------------------------------------------------


def test_5_4_ticket_costs_150() -> None:
    # Ticket 40 on Z6 17 ("40" / "17"): no digit anywhere, 40 not drawn: no win.
    r = phase1(game(), "AAA: l,40")
    assert change(r.effects, "AAA")[0] == D(-150)
    assert by(r.effects, "AAA", "5.4.3")


def test_5_4_1_the_ticket_bets_on_z6() -> None:
    assert lottery_wins(17, draw(z6=17)) == (1, 1, 1)
    assert lottery_wins(17, draw(z6=44)) == (0, 0, 0)


def test_5_4_31_both_digits_in_order() -> None:
    # Ticket 17 on Z6 17: A, B, C once each. Jackpots 3200/1600/800, one winner:
    # shares capped at 2000, 1000, 500 -> 3500 won, -150 ticket.
    # Next round: A 3200 - 2000 + 200 = 1400 -> Mindestinhalt 3200; B 600 + 100 -> 1600;
    # C 300 + 50 -> 800.
    r = phase1(game(), "AAA: l,17")
    assert by(r.effects, "AAA", "5.4.5")[0].kj == D(3500)
    assert r.state.jackpots == MINIMA


def test_5_4_32_one_digit_in_place() -> None:
    # Ticket 27 on Z6 17: the 7 is in place -> B and C; the 2 is nowhere: 1000 + 500.
    assert lottery_wins(27, draw()) == (0, 1, 1)
    r = phase1(game(), "AAA: l,27")
    assert by(r.effects, "AAA", "5.4.5")[0].kj == D(1500)


def test_5_4_33_digits_in_the_wrong_place() -> None:
    # Z6 = 12 ("12"): ticket 21 has both digits in the wrong place: 2 x C.
    # C jackpot 800 / 2 wins = 400 a win (<= 500): 800 in all; C: 0 + 50 -> 800.
    d = draw(z6=12)
    assert lottery_wins(21, d) == (0, 0, 2)
    r = phase1(game(), "AAA: l,21", d=d)
    assert by(r.effects, "AAA", "5.4.5")[0].kj == D(800)
    # Ticket 23 on Z6 12: the 2 is misplaced (Z6's second digit) -> one C.
    assert lottery_wins(23, d) == (0, 0, 1)


def test_5_4_34_a_drawn_number_that_is_not_z6() -> None:
    # Main numbers include 22 and ZZ is 9: tickets 22 and 09 each win one A; "22"/"09" share
    # no digit with "17". A jackpot 3200 / 2 = 1600 a win (<= 2000).
    d = draw(numbers=(22,))
    assert lottery_wins(22, d) == (1, 0, 0)
    assert lottery_wins(9, d) == (1, 0, 0)
    r = phase1(game(), "AAA: l,22", "BBB: l,09", d=d)
    assert by(r.effects, "AAA", "5.4.5")[0].kj == D(1600)
    assert by(r.effects, "BBB", "5.4.5")[0].kj == D(1600)


def test_5_4_4_wins_combine() -> None:
    # Ticket 27 drawn as a main number, Z6 17: 5.4.32 (B, C) and 5.4.34 (A).
    d = draw(numbers=(27,))
    assert lottery_wins(27, d) == (1, 1, 1)


def test_5_4_4_multiple_of_eleven() -> None:
    # Z6 = 11: ticket 13 has its 1 in place (B, C); that 1 may not win again as misplaced.
    d = draw(z6=11)
    assert lottery_wins(13, d) == (0, 1, 1)
    assert lottery_wins(31, d) == (0, 1, 1)
    # Ruling: 11 on 11 wins A, B, C only.
    assert lottery_wins(11, d) == (1, 1, 1)
    # Not a multiple of eleven: Z6 21, ticket 11: second 1 in place (B, C); the first 1 is
    # a different digit of the ticket and is misplaced (Z6's second digit): + C.
    assert lottery_wins(11, draw(z6=21)) == (0, 1, 2)


def test_5_4_2_several_players_tip_the_same_number() -> None:
    # AAA and BBB tip 17: A 3200 / 2 = 1600, B 1600 / 2 = 800, C 800 / 2 = 400: 2800 each.
    # Next round: A 0 + 2 x 200 = 400 -> 3200; B 200 -> 1600; C 100 -> 800.
    r = phase1(game(), "AAA: l,17", "BBB: l,17")
    assert by(r.effects, "AAA", "5.4.5")[0].kj == D(2800)
    assert by(r.effects, "BBB", "5.4.5")[0].kj == D(2800)
    assert r.state.jackpots == MINIMA


def test_5_4_5_cap_and_rest_stays_in_the_jackpot() -> None:
    # A jackpot 6000, one A winner: capped at 2000; 4000 stay, + 200 -> 4200.
    r = phase1(game(jackpots=Jackpots(D(6000), D(1600), D(800))), "AAA: l,17")
    assert r.state.jackpots.a == D("4200.00")


def test_5_4_5_cents_rest_stays() -> None:
    # Mindestinhalt C set to 0. C jackpot 1000 and three C wins on Z6 12: AAA's ticket 21
    # (2 x C), BBB's ticket 23 (1 x C).
    # 1000 / 3 = 333.33 a win; AAA 666.66, BBB 333.33; rest 0.01 + 2 x 50 = 100.01.
    s = EgonSettings(jackpot_c_min=D(0))
    r = phase1(
        game(jackpots=Jackpots(D(3200), D(1600), D(1000))),
        "AAA: l,21",
        "BBB: l,23",
        d=draw(z6=12),
        settings=s,
    )
    assert by(r.effects, "AAA", "5.4.5")[0].kj == D("666.66")
    assert by(r.effects, "BBB", "5.4.5")[0].kj == D("333.33")
    assert r.state.jackpots.c == D("100.01")


def test_5_4_6_raise_per_lottery_player() -> None:
    # Four tickets 40 on Z6 17, no win.
    # A 3200 + 4 x 200 = 4000; B 1600 + 400 = 2000; C 800 + 200 = 1000.
    r = phase1(game(), "AAA: l,40", "BBB: l,40", "CCC: l,40", "DDD: l,40")
    assert r.state.jackpots == Jackpots(D(4000), D(2000), D(1000))


def test_5_4_7_table() -> None:
    s = EgonSettings()
    assert s.jackpot_class("A") == (D(2000), D(3200), D(200))
    assert s.jackpot_class("B") == (D(1000), D(1600), D(100))
    assert s.jackpot_class("C") == (D(500), D(800), D(50))
    assert s.lottery_ticket == D(150)


# -- 5.5 Falschgeld ----------------------------------------------------------------------------


def test_5_5_1_forger_gets_the_money() -> None:
    # f,900: P = (900 + 12 x 17) DIV 300 = 1104 DIV 300 = 3.
    # 0 + 2 x 3 + 9 - 2 = 13 < 70: +900 Kj, +3 DI.
    r = phase1(game(), "AAA: f,900")
    assert change(r.effects, "AAA") == (D(900), 3, 0, 0)


def test_5_5_2_di_rises_by_p() -> None:
    # Z6 40: P = (1000 + 480) DIV 300 = 1480 DIV 300 = 4.
    r = phase1(game(), "AAA: f,1000", d=draw(z6=40))
    assert by(r.effects, "AAA", "5.5.2")[0].di == 4


def test_5_5_3_forger_caught() -> None:
    # DI 30, f,6000: P = 6204 DIV 300 = 20. 30 + 40 + 9 - 2 = 77 >= 70: caught,
    # no money, Gefängnis, DI 30 + 20 = 50 (not above 50: no Zuchthaus).
    r = phase1(game(pl("AAA", di=30)), "AAA: f,6000")
    assert change(r.effects, "AAA")[0] == 0
    assert player(r, "AAA").di == 50
    assert player(r, "AAA").status == Status.GEFAENGNIS


def test_5_5_3_just_not_caught() -> None:
    # DI 22: 22 + 40 + 9 - 2 = 69 < 70: +6000.
    r = phase1(game(pl("AAA", di=22)), "AAA: f,6000")
    assert change(r.effects, "AAA") == (D(6000), 20, 0, 0)


def test_5_5_3_accused_forger_counts_13_more() -> None:
    # DI 20 accused: 20 + 13 + 40 + 9 - 2 = 80 >= 70 caught (without: 67).
    r = phase1(game(pl("AAA", di=20)), "BBB: a,AAA", "AAA: f,6000")
    assert player(r, "AAA").status == Status.GEFAENGNIS
    assert change(r.effects, "AAA") == (D(0), 20, 0, 0)


# -- 5.6 Schmieren -----------------------------------------------------------------------------


def test_5_6_1_lower_bribes_are_taken_without_favour() -> None:
    r = phase1(game(), "BBB: g,Bolle,200", "CCC: g,Bolle,300")
    assert by(r.effects, "BBB", "5.6.1")[0].kj == D(-200)
    assert by(r.effects, "CCC", "5.6.2")[0].kj == D(-300)


def test_5_6_2_highest_bribe_wins_the_minimum_quantity() -> None:
    r = phase1(game(), "BBB: g,Bolle,200", "CCC: g,Bolle,300", "DDD: g,Cyrus,50")
    assert r.bribes == (
        BribeOutcome("Bolle", ("CCC",), D(300), False),
        BribeOutcome("Cyrus", ("DDD",), D(50), False),
    )


def test_5_6_5_equal_highest_bribes_share() -> None:
    r = phase1(game(), "BBB: g,Egon,300", "CCC: g,Egon,300", "DDD: g,Egon,100")
    assert r.bribes == (BribeOutcome("Egon", ("BBB", "CCC"), D(300), False),)
    assert by(r.effects, "BBB", "5.6.5") and by(r.effects, "CCC", "5.6.5")
    assert by(r.effects, "DDD", "5.6.1")


def test_5_6_6_accused_trader_confiscates_every_bribe() -> None:
    # Even the highest briber of an accused trader gets nothing; all pay, +4 DI each.
    r = phase1(game(), "AAA: a,Dovid", "BBB: g,Dovid,900", "CCC: g,Dovid,10")
    assert r.bribes == (BribeOutcome("Dovid", (), D(0), True),)
    assert change(r.effects, "BBB") == (D(-900), 4, 0, 0)
    assert change(r.effects, "CCC") == (D(-10), 4, 0, 0)


def test_5_6_7_accused_briber_goes_to_jail() -> None:
    # BBB is accused (AAA: 0 + 17 - 2 < 30) while bribing Cyrus with 500: money gone, +4 DI,
    # Gefängnis; his bribe does not count, CCC's 100 wins. His phase-2 order is void.
    st = game()
    result = evaluate_round(
        st,
        draw(),
        TRADERS,
        orders(st, "AAA: a,BBB", "BBB: g,Cyrus,500", "CCC: g,Cyrus,100", "BBB: i,2"),
        (),
    )
    assert result.bribes == (BribeOutcome("Cyrus", ("CCC",), D(100), False),)
    assert by(result.effects, "BBB", "5.6.7")[0].kj == D(-500)
    assert result.state.player("BBB").status == Status.GEFAENGNIS
    assert by(result.effects, "BBB", "4.6")  # i,2 not carried out
    assert result.state.player("BBB").store == 0


def test_5_6_8_plus_4_once_when_trader_and_briber_are_accused() -> None:
    r = phase1(game(), "AAA: a,Alois", "CCC: a,BBB", "BBB: g,Alois,100")
    assert change(r.effects, "BBB") == (D(-100), 4, 0, 0)
    assert player(r, "BBB").status == Status.GEFAENGNIS


# -- end of phase 1 ------------------------------------------------------------------------------


def test_4_6_4_di_above_50_sends_to_the_zuchthaus() -> None:
    # BBB DI 48 + 5 (denounced) = 53 > 50 after phase 1: Zuchthaus for 2 rounds (setting).
    r = phase1(game(pl("BBB", di=48)), "AAA: x,5,BBB")
    assert player(r, "BBB").status == Status.ZUCHTHAUS
    assert player(r, "BBB").jail_rounds == 2


def test_phase_1_runs_in_the_order_5_1_to_5_6() -> None:
    r = phase1(
        game(pl("CCC", tower=20), pl("FFF")),
        "FFF: g,Alois,1",
        "EEE: f,300",
        "DDD: l,40",
        "CCC: v",
        "AAA: x,1,EEE",
        "BBB: a,EEE",
    )
    rules = [e.rule.split(".")[:2] for e in r.effects if e.player]
    sections = [int(r[1]) for r in rules if r[0] == "5"]
    assert sections == sorted(sections)
