"""Whole rounds of the Egon-Spiel: salary and debt (section 2 via the README), jail terms,
input checks, the effect ledger, and one round of twelve players with every order kind,
checked number by number (every expected number worked out by hand below).
"""

from collections.abc import Sequence
from dataclasses import fields
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.rules.egon.checks import check_round
from ledger.rules.egon.evaluate import evaluate_phase1, evaluate_round
from ledger.rules.egon.orders import ActionSpec, Blackmail, Order, with_penalty
from ledger.rules.egon.parse import parse_order
from ledger.rules.egon.state import (
    BribeOutcome,
    Build,
    Draw,
    Effect,
    EgonInputError,
    EgonState,
    Jackpots,
    PendingBlackmail,
    PlayerState,
    Purchase,
    Status,
    initial_state,
)
from ledger.rules.egon.tables import TRADERS, EgonSettings, setting_docs

D = Decimal
MINIMA = Jackpots(D("3200.00"), D("1600.00"), D("800.00"))
#: Sum of the 7 numbers 1..7 = 28: salary 280 + 10 x tower.
SMALL = Draw(1, (1, 2, 3, 4, 5, 6), 7, 6, max_price=D(60))  # 6.2.1: a Maxpreis for imports


def orders(names: Sequence[str], *lines: str) -> list[Order]:
    result = []
    for line in lines:
        player, text = line.split(":")
        order, errors = parse_order(text.strip(), player, players=names)
        assert order is not None, errors
        result.append(order)
    return result


def by(effects: Sequence[Effect], player: str, rule: str | None = None) -> list[Effect]:
    return [e for e in effects if e.player == player and (rule is None or e.rule == rule)]


def two(cash_a: str = "1000", **kw: object) -> EgonState:
    return EgonState(
        0,
        (
            PlayerState("AAA", D(cash_a), **kw),  # type: ignore[arg-type]
            PlayerState("BBB", D(1000)),
        ),
        MINIMA,
    )


# -- section 2 (README): salary, interest, out --------------------------------------------------


def test_2_salary_is_10_x_lottery_sum_plus_10_x_tower() -> None:
    # Numbers 1..6 and ZZ 7: 28. AAA tower 20: 280 + 200 = 480. BBB tower 12: 400.
    r = evaluate_round(two(tower=20), SMALL, TRADERS, (), ())
    assert by(r.effects, "AAA", "2")[0].kj == D(480)
    assert r.state.player("BBB").cash == D("1400.00")


def test_2_interest_50_percent_on_debt() -> None:
    # -3000.01 + 400 = -2600.01; 50% = 1300.005 -> 1300.01 (half up): -3900.02.
    r = evaluate_round(two("-3000.01"), SMALL, TRADERS, (), ())
    assert [e.kj for e in by(r.effects, "AAA", "2")] == [D(400), D("-1300.01")]
    assert r.state.player("AAA").cash == D("-3900.02")


@pytest.mark.parametrize(
    ("cash", "out"),
    [
        # -7066.66 + 400 = -6666.66; x 1.5 = -9999.99: still in.
        ("-7066.66", False),
        # -7066.67 + 400 = -6666.67; interest -3333.335 -> -3333.34: -10000.01: out.
        ("-7066.67", True),
    ],
)
def test_2_out_past_10000_debt(cash: str, out: bool) -> None:
    r = evaluate_round(two(cash), SMALL, TRADERS, (), ())
    assert (r.state.player("AAA").status == Status.OUT) is out


def test_2_an_out_player_gets_no_salary_and_gives_no_orders() -> None:
    st = EgonState(
        0, (PlayerState("AAA", D(-20000), status=Status.OUT), PlayerState("BBB", D(0))), MINIMA
    )
    r = evaluate_round(st, SMALL, TRADERS, (), ())
    assert by(r.effects, "AAA") == []
    with pytest.raises(EgonInputError, match="out of the game"):
        evaluate_round(st, SMALL, TRADERS, orders(st.names(), "AAA: v"), ())


# -- jail terms ----------------------------------------------------------------------------------


def test_5_5_3_gefaengnis_for_one_round() -> None:
    # Round 1: AAA (DI 30) is caught forging 6000 (30 + 2 x 20 + 7 - 2 = 75 >= 70; P = (6000 +
    # 72) DIV 300 = 20). His phase-2 order is void. Round 2: he sits out. End of round 2: free.
    st = two(di=30)
    r1 = evaluate_round(st, SMALL, TRADERS, orders(st.names(), "AAA: f,6000", "AAA: i,1"), ())
    assert r1.state.player("AAA").status == Status.GEFAENGNIS
    assert r1.state.player("AAA").store == 0
    d2 = Draw(2, (1, 2, 3, 4, 5, 6), 7, 6)
    r2 = evaluate_round(r1.state, d2, TRADERS, orders(st.names(), "AAA: v"), ())
    assert by(r2.effects, "AAA", "4.6")[0].text == "order not carried out: AAA is in the Gefängnis"
    assert r2.state.player("AAA").status == Status.FREE
    d3 = Draw(3, (1, 2, 3, 4, 5, 6), 7, 6)
    r3 = evaluate_round(r2.state, d3, TRADERS, orders(st.names(), "AAA: b,1"), ())
    assert by(r3.effects, "AAA", "6.3.1")[0].kj == D(-50)


def test_4_6_4_zuchthaus_for_two_rounds() -> None:
    # AAA DI 49, denounced with 2 in round 1: 51 > 50: Zuchthaus; sits out rounds 2 and 3.
    st = two(di=49)
    r = evaluate_round(st, SMALL, TRADERS, orders(st.names(), "BBB: x,2,AAA"), ())
    assert r.state.player("AAA").status == Status.ZUCHTHAUS
    for rnd in (2, 3):
        r = evaluate_round(r.state, Draw(rnd, (1, 2, 3, 4, 5, 6), 7, 6), TRADERS, (), ())
    assert r.state.player("AAA").status == Status.FREE
    # ruling: not sent back for the DI he still has, only when it rises again
    r = evaluate_round(r.state, Draw(4, (1, 2, 3, 4, 5, 6), 7, 6), TRADERS, (), ())
    assert r.state.player("AAA").status == Status.FREE


# -- input checks ----------------------------------------------------------------------------------


def test_check_round_names_every_problem() -> None:
    st = two()
    bad_draw = Draw(2, (1, 2, 3, 4, 5, 7), 7, 9)
    problems = check_round(
        st,
        bad_draw,
        TRADERS,
        orders(st.names(), "AAA: v", "AAA: l,17"),
        (Purchase("BBB", -1, D(10)),),
        EgonSettings(),
    )
    assert problems == (
        "the draw is for round 2, the next round is 1",
        "the Zusatzzahl 7 is also a main number",
        "Z6 9 is not one of the six main numbers (8.1)",
        "AAA has two orders in action phase 1 (v and l,17); 4.1 allows one",
        "purchase by BBB: stones and cost cannot be negative",
    )
    with pytest.raises(EgonInputError):
        evaluate_round(st, bad_draw, TRADERS, (), ())


def test_traders_of_the_round_are_checked() -> None:
    st = two()
    problems = check_round(
        st, SMALL, ("Alois",), orders(st.names(), "AAA: g,Bolle,5"), (), EgonSettings()
    )
    assert problems == ("AAA: g,Bolle,5: unknown trader 'Bolle'",)


def test_initial_state_and_settings() -> None:
    st = initial_state(["AAA", "BBB"], D(2000))
    assert st.player("AAA") == PlayerState("AAA", D("2000.00"), 0, 0, 12)
    assert st.jackpots == MINIMA
    docs = setting_docs()
    assert [d.name for d in docs] == [f.name for f in fields(EgonSettings)]
    assert all(d.rule and d.doc for d in docs)
    assert {d.name for d in docs if not d.in_text} == {
        "zuchthaus_rounds",
        "lowest_z6",
        "guards_stay",
        "foundation_can_fall",
    }
    s = EgonSettings()
    assert (s.lottery_ticket, s.accuse_fails_at, s.accuse_slander_at, s.accuse_jail_at) == (
        D(150),
        30,
        45,
        60,
    )
    assert (s.accused_di_bonus, s.bribe_caught_di, s.denounce_invalid_di) == (13, 4, 5)
    assert (s.zuchthaus_di_limit, s.foundation, s.out_debt_limit) == (50, 12, D(10000))
    assert (s.salary_per_lottery_point, s.salary_per_tower_stone) == (D(10), D(10))
    assert s.debt_interest_percent == D(50)
    assert s.traders == ("Alois", "Bolle", "Cyrus", "Dovid", "Egon")


def test_phase1_preview_is_the_start_of_the_round() -> None:
    st = two(tower=20)
    o = orders(st.names(), "AAA: v", "BBB: g,Egon,10", "BBB: i,1")
    preview = evaluate_phase1(st, SMALL, TRADERS, o)
    whole = evaluate_round(st, SMALL, TRADERS, o, ())
    assert whole.effects[: len(preview.effects)] == preview.effects
    assert preview.bribes == whole.bribes


# -- the effect ledger --------------------------------------------------------------------------


def assert_ledger(before: EgonState, effects: Sequence[Effect], after: EgonState) -> None:
    """The new state is the old one plus the effects, player by player."""
    for old in before.players:
        new = after.player(old.name)
        mine = by(effects, old.name)
        assert new.cash == old.cash + sum((e.kj for e in mine), D(0))
        assert new.di == old.di + sum(e.di for e in mine)
        assert new.store == old.store + sum(e.store for e in mine)
        assert new.tower == old.tower + sum(e.tower for e in mine)
        statuses = [e.status for e in mine if e.status is not None]
        assert new.status == (statuses[-1] if statuses else old.status)
        assert new.di >= 0 and new.store >= 0 and new.tower >= 0
        assert new.cash == new.cash.quantize(D("0.01"))


NAMES6 = ("AAA", "BBB", "CCC", "DDD", "EEE", "FFF")
PHASE1 = ("a,{p}", "a,{t}", "x,{n},{p}", "v", "l,{n2}", "f,{m}", "g,{t},{m}")
PHASE2 = ("p,{m},{p},{q}", "i,{n}", "b,{n}", "d,{n},{p}", "s,{m},{p}", "e,{c},alle", "e,{c},{p}")


@st.composite
def rounds(draw: st.DrawFn) -> tuple[EgonState, Draw, list[Order]]:
    statuses = [draw(st.sampled_from([Status.FREE] * 4 + [Status.GEFAENGNIS])) for _ in NAMES6]
    players = tuple(
        PlayerState(
            n,
            D(draw(st.integers(-12000, 6000))),
            draw(st.integers(0, 60)),
            draw(st.integers(0, 8)),
            draw(st.integers(0, 40)),
            status=s,
            jail_rounds=int(s == Status.GEFAENGNIS),
        )
        for n, s in zip(NAMES6, statuses, strict=True)
    )
    numbers = draw(st.lists(st.integers(1, 49), min_size=7, max_size=7, unique=True))
    d = Draw(
        1,
        tuple(numbers[:6]),
        numbers[6],
        draw(st.sampled_from(numbers[:6])),
        draw(st.booleans()),
        D(draw(st.integers(1, 120))),  # 6.2.1: a round with imports has a Maxpreis
    )
    result: list[Order] = []
    for name in NAMES6:
        others = [n for n in NAMES6 if n != name]
        for templates in (PHASE1, PHASE2):
            if draw(st.booleans()):
                text = draw(st.sampled_from(templates)).format(
                    p=draw(st.sampled_from(others)),
                    q=draw(st.sampled_from(others)),
                    t=draw(st.sampled_from(TRADERS)),
                    n=draw(st.integers(1, 12)),
                    n2=draw(st.integers(1, 49)),
                    m=draw(st.integers(1, 2000)),
                    c=draw(st.sampled_from("axvlfgpibdse")),
                )
                order, _ = parse_order(text, name, players=NAMES6)
                if order is not None:
                    result.append(order)
    state = EgonState(0, players, MINIMA)
    return state, d, result


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(rounds())
def test_every_change_is_an_effect(case: tuple[EgonState, Draw, list[Order]]) -> None:
    state, d, o = case
    r = evaluate_round(state, d, TRADERS, o, ())
    assert_ledger(state, r.effects, r.state)


# -- one round of twelve players ----------------------------------------------------------------

TWELVE = ("ALF", "BEA", "CAT", "DAN", "EVA", "FIN", "GUS", "HAL", "IDA", "JON", "KAY", "LEO")


def twelve_round() -> tuple[EgonState, Draw, list[Order], list[Purchase], list[Build]]:
    def p(name: str, cash: str, di: int, store: int, tower: int) -> PlayerState:
        return PlayerState(name, D(cash), di, store, tower)

    state = EgonState(
        2,
        (
            p("ALF", "2000", 8, 3, 20),
            p("BEA", "1500", 7, 0, 14),
            p("CAT", "1200", 9, 6, 16),
            p("DAN", "900", 10, 4, 40),
            p("EVA", "1000", 3, 5, 18),
            p("FIN", "800", 20, 0, 13),
            p("GUS", "600", 0, 2, 12),
            p("HAL", "700", 15, 1, 15),
            p("IDA", "1100", 6, 0, 17),
            p("JON", "500", 9, 3, 19),
            p("KAY", "1300", 20, 4, 22),
            p("LEO", "-2000", 2, 0, 12),
        ),
        Jackpots(D("3700.00"), D("1600.00"), D("950.00")),
        # KAY forbade everyone to import, in round 2; penalty 150 Kj and 1 stone.
        (PendingBlackmail("KAY", ActionSpec("i"), None, 2, D("150.00"), 1),),
    )
    d = Draw(3, (4, 11, 23, 30, 38, 27), zz=15, z6=27, storm=False, max_price=D(70))
    o = orders(
        TWELVE,
        # phase 1
        "ALF: a,KAY",
        "BEA: a,Alois",
        "CAT: x,4,DAN",
        "DAN: v",
        "EVA: v",
        "FIN: l,23",
        "GUS: l,27",
        "HAL: f,900",
        "IDA: g,Alois,300",
        "JON: g,Bolle,250",
        "KAY: l,11",
        "LEO: g,Bolle,400",
        # phase 2
        "ALF: i,2",
        "BEA: p,500,CAT,EVA,GUS",
        "CAT: b,2",
        "DAN: d,3,EVA",
        "EVA: s,300,DAN",
        "FIN: p,300,EVA,LEO",
        "GUS: s,100,ALF",
        "HAL: b,1",
        "IDA: s,320,DAN",
        "JON: e,v,alle",
        "KAY: e,a,JON",
        "LEO: i,1",
    )
    jon = o[21]
    assert isinstance(jon, Blackmail)
    o[21] = with_penalty(jon, D(200))
    purchases = [Purchase("LEO", 5, D(350), "Bolle, bribed"), Purchase("DAN", 4, D(240))]
    return state, d, o, purchases, [Build("CAT", 2)]


#: The end of round 3: builds (CAT 2), salary, interest (LEO: -1300 -> -1950).
TWELVE_EXPECTED = {
    # name: (cash, DI, store, tower)
    "ALF": ("3508.00", 8, 5, 20),  # 2000 - 172 + 1480 + 200
    "BEA": ("2620.00", 5, 0, 14),  # 1500 - 500 + 1480 + 140
    "CAT": ("2760.00", 11, 4, 18),  # 1200 - 100 + 1480 + 180; store 6 - 2, tower 16 + 2
    "DAN": ("3465.00", 14, 22, 25),  # 900 + 1075 - 240 + 1480 + 250; store 4+4+3+11
    "EVA": ("3260.00", 3, 2, 18),  # 1000 + 900 - 300 + 1480 + 180; store 5 - 3
    "FIN": ("4468.33", 19, 0, 13),  # 800 - 150 + 2508.33 - 300 + 1480 + 130
    "GUS": ("4558.33", 0, 2, 12),  # 600 - 150 + 2508.33 + 1480 + 120
    "HAL": ("3180.00", 19, 1, 15),  # 700 + 900 - 50 + 1480 + 150
    "IDA": ("2130.00", 10, 0, 17),  # 1100 - 300 - 320 + 1480 + 170
    "JON": ("1920.00", 9, 3, 19),  # 500 - 250 + 1480 + 190
    "KAY": ("4233.33", 23, 5, 22),  # 1300 - 150 + 1233.33 + 150 + 1480 + 220; store 4+1
    "LEO": ("-1950.00", 2, 4, 12),  # (-2000 - 400 - 350 - 150 + 1600) x 1.5; store 5 - 1
}


def test_a_round_of_twelve_players() -> None:
    # Rd 3, Z6 27, ZZ 15, Maxpreis 70. "2 x Rd" = 6. Sum of the 7 numbers:
    # 4 + 11 + 23 + 30 + 38 + 27 + 15 = 148: salary 1480 + 10 x tower.
    state, d, o, purchases, builds = twelve_round()
    r = evaluate_round(state, d, TRADERS, o, purchases, builds=builds, justified={("ALF", "KAY")})
    e = r.effects
    assert_ledger(state, e, r.state)

    # 5.1 (value = DI + 27 - 6):
    #   ALF a,KAY: 8 + 21 = 29 < 30 succeeds. ALF defies KAY's ban (i,2) with a
    #   Rechtfertigung: 6.6.5, KAY + ceil(20 x 15%) = +3 -> 23, no +13.
    #   BEA a,Alois: 7 + 21 = 28 < 30: Alois is accused.
    assert by(e, "KAY", "6.6.5")[0].di == 3
    assert r.accused == frozenset({"KAY"})
    # 5.2 CAT x,4,DAN: 9 - 6 + 20 = 23 (+1 = 24 < 50 valid); DAN + 4 -> 14;
    #   23 + 27 = 50 >= 50: CAT + ceil(4/2) = +2 -> 11.
    assert by(e, "DAN", "5.2.2")[0].di == 4
    assert by(e, "CAT", "5.2.1")[0].di == 2
    # 5.3 DAN (tower 40, T 0, DI 14): (50 x 43) DIV 2 = 1075.
    #     EVA (tower 18, T 1, DI 3): (50 x 54) DIV 3 = 900.
    assert by(e, "DAN", "5.3.1")[0].kj == D(1075)
    assert by(e, "EVA", "5.3.1")[0].kj == D(900)
    # 5.4 FIN 23: "2" in place (B, C) + 23 drawn (A). GUS 27: A, B, C. KAY 11: drawn (A).
    #   A: 3700 / 3 = 1233.33; B: 1600 / 2 = 800; C: 950 / 2 = 475.
    #   FIN, GUS: 1233.33 + 800 + 475 = 2508.33; KAY 1233.33.
    #   Next: A 0.01 + 3 x 200 = 600.01 -> 3200; B 300 -> 1600; C 150 -> 800.
    assert [by(e, n, "5.4.5")[0].kj for n in ("FIN", "GUS", "KAY")] == [
        D("2508.33"),
        D("2508.33"),
        D("1233.33"),
    ]
    assert r.state.jackpots == MINIMA
    # 5.5 HAL f,900: P = (900 + 324) DIV 300 = 4; 15 + 8 + 15 - 6 = 32 < 70: +900.
    assert by(e, "HAL", "5.5.1")[0].kj == D(900)
    # 5.6 Alois accused: IDA's 300 confiscated, +4. Bolle: LEO 400 beats JON 250.
    assert r.bribes == (
        BribeOutcome("Alois", (), D(0), True),
        BribeOutcome("Bolle", ("LEO",), D(400), False),
    )
    # 6.6.3 KAY's ban on 'i', before phase 2: ALF (justified): 8 + 27 = 35 not > 23 + 15 = 38:
    #   no penalty. LEO (i,1, no Rechtfertigung): 150 Kj and 1 stone to KAY. 9 comply.
    assert by(e, "ALF", "6.6.42")[0].kj == 0
    assert (by(e, "LEO", "6.6.43")[0].kj, by(e, "LEO", "6.6.43")[0].store) == (D(-150), -1)
    assert len([x for x in e if x.rule == "6.6.41"]) == 9
    # 6.1 BEA p,500: 500 DIV 150 = 3: CAT, EVA, GUS. FIN p,300: 2: EVA, LEO. EVA is invited
    #   twice: none. Guests CAT, GUS, LEO. BEA DI 7 - 2; FIN DI 20 - 1.
    assert r.guests == frozenset({"CAT", "GUS", "LEO"})
    # 6.2 ALF i,2: (70 + 4 x 4) x 2 = 172. LEO, a guest: void.
    assert by(e, "ALF", "6.2.1")[0].kj == D(-172)
    assert by(e, "LEO", "6.2.2")
    # 6.3 CAT b,2: 100, a guest: Wachfaktor 1. HAL b,1: 50.
    # 6.4 DAN d,3,EVA: 14 + 15 + 0 - 6 + 4 = 27 < 31: 3 stones.
    # 6.5 EVA s,300: 300 DIV 20 = 15 >= 15; IDA s,320: 16 >= 15; GUS a guest: void.
    #   DAN's tower 40: 15 fall (26..40), 13 from above 27; z = 2+7+1+5 = 15, n = 2:
    #   ceil(13 x 30 / 100) = 4 break: tower 25, store + 11.
    assert (by(e, "DAN", "6.5.2")[0].tower, by(e, "DAN", "6.5.2")[0].store) == (-15, 11)
    # 6.6 JON e,v,alle: pending for round 4. KAY was accused: 5.1.5, void.
    assert r.state.blackmails == (
        PendingBlackmail("JON", ActionSpec("v"), None, 3, D("200.00"), 0),
    )
    assert by(e, "KAY", "5.1.5")

    # The end: builds (CAT 2), salary, interest (LEO: -1300 -> -1950).
    expected = TWELVE_EXPECTED
    got = {p.name: (str(p.cash), p.di, p.store, p.tower) for p in r.state.players}
    assert got == expected
    assert [p.guard for p in r.state.players] == [0, 0, 2, 0, 0, 0, 0, 1, 0, 0, 0, 0]
    assert all(p.status == Status.FREE for p in r.state.players)
    assert r.state.round == 3
    # every order has at least one effect naming it
    for order in o:
        source = f"{order.player}: {order.text()}"
        assert [x for x in e if x.source == source], source
