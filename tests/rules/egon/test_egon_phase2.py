"""Phase 2 of the Egon-Spiel (6.1-6.6), one test per numbered rule.

Unless a test says otherwise: round Rd = 1, Z6 = 17, ZZ = 9, Maxpreis 60. Blackmail tests
play round 2 against a blackmail of round 1. Every expected number is worked out by hand.
"""

from collections.abc import Collection, Sequence
from decimal import Decimal

import pytest

from ledger.rules.egon.evaluate import evaluate_round
from ledger.rules.egon.orders import ActionSpec, Order
from ledger.rules.egon.parse import parse_order
from ledger.rules.egon.state import (
    Draw,
    Effect,
    EgonState,
    Jackpots,
    PendingBlackmail,
    PlayerState,
    RoundResult,
    Status,
)
from ledger.rules.egon.tables import TRADERS

D = Decimal
MINIMA = Jackpots(D("3200.00"), D("1600.00"), D("800.00"))
NAMES = ("AAA", "BBB", "CCC", "DDD", "EEE", "FFF")


def pl(name: str, cash: str = "1000", **kw: object) -> PlayerState:
    return PlayerState(name, D(cash), **kw)  # type: ignore[arg-type]


def game(
    *players: PlayerState, round_: int = 0, blackmails: tuple[PendingBlackmail, ...] = ()
) -> EgonState:
    named = {p.name for p in players}
    fill = tuple(pl(n) for n in NAMES if n not in named)
    return EgonState(round_, (*players, *fill), MINIMA, blackmails)


def draw(
    round_: int = 1, z6: int = 17, zz: int = 9, storm: bool = False, max_price: str = "60"
) -> Draw:
    main = tuple(n for n in (3, 22, 30, 38, 44, 45) if n not in (z6, zz))[:5]
    return Draw(round_, (*main, z6), zz, z6, storm, D(max_price))


def orders(state: EgonState, *lines: str) -> list[Order]:
    result = []
    for line in lines:
        player, text = line.split(":")
        order, errors = parse_order(text.strip(), player, players=state.names())
        assert order is not None, errors
        result.append(order)
    return result


def run(
    state: EgonState,
    *lines: str,
    d: Draw | None = None,
    justified: Collection[tuple[str, str]] = (),
) -> RoundResult:
    return evaluate_round(
        state,
        d or draw(state.round + 1),
        TRADERS,
        orders(state, *lines),
        (),
        justified=justified,
    )


def by(effects: Sequence[Effect], player: str, rule: str | None = None) -> list[Effect]:
    return [e for e in effects if e.player == player and (rule is None or e.rule == rule)]


def one(effects: Sequence[Effect], player: str, rule: str) -> Effect:
    found = by(effects, player, rule)
    assert len(found) == 1, found
    return found[0]


def stores(r: RoundResult, *names: str) -> list[int]:
    return [r.state.player(n).store for n in names]


# -- 6.1 Party -------------------------------------------------------------------------------


def test_6_1_1_betrag_div_10_zz_guests_come() -> None:
    # p,300 with ZZ 9: 300 DIV 90 = 3 guests: the top three of the list, not EEE.
    r = run(game(pl("AAA", di=10)), "AAA: p,300,BBB,CCC,DDD,EEE")
    assert r.guests == frozenset({"BBB", "CCC", "DDD"})
    e = one(r.effects, "AAA", "6.1.4")
    assert (e.kj, e.di) == (D(-300), -3)


def test_6_1_2_a_host_cannot_come_the_next_moves_up() -> None:
    # AAA: p,180 -> 2 guests from BBB, CCC, DDD; BBB holds his own party: CCC and DDD come.
    # BBB: p,90 -> 1 guest: EEE.
    r = run(game(), "AAA: p,180,BBB,CCC,DDD", "BBB: p,90,EEE")
    assert r.guests == frozenset({"CCC", "DDD", "EEE"})


def test_6_1_2_a_jailed_player_is_skipped_like_a_host() -> None:
    # Ruling: BBB sits in the Gefängnis; CCC and DDD move up.
    r = run(game(pl("BBB", status=Status.GEFAENGNIS, jail_rounds=1)), "AAA: p,180,BBB,CCC,DDD")
    assert r.guests == frozenset({"CCC", "DDD"})


def test_6_1_3_invited_to_two_parties_goes_to_none() -> None:
    # AAA: p,180 -> CCC, DDD (FFF does not move up); BBB: p,180 -> CCC, EEE.
    # CCC would come to both: he comes to neither. AAA gets DDD, BBB gets EEE.
    r = run(game(pl("AAA", di=5), pl("BBB", di=5)), "AAA: p,180,CCC,DDD,FFF", "BBB: p,180,CCC,EEE")
    assert r.guests == frozenset({"DDD", "EEE"})
    assert one(r.effects, "AAA", "6.1.4").di == -1
    assert one(r.effects, "BBB", "6.1.4").di == -1


def test_6_1_4_host_di_falls_one_a_guest_not_below_zero() -> None:
    # AAA DI 2, three guests: 2 - 3 -> 0 (a change of -2).
    r = run(game(pl("AAA", di=2)), "AAA: p,270,BBB,CCC,DDD")
    assert one(r.effects, "AAA", "6.1.4").di == -2
    assert r.state.player("AAA").di == 0


def test_6_1_5_guests_cannot_import_steal_sabotage_or_blackmail() -> None:
    # AAA: p,360 (4 guests): BBB, CCC, DDD, EEE. Their orders are void and cost nothing.
    st = game(pl("FFF", store=5))
    r = run(
        st,
        "AAA: p,360,BBB,CCC,DDD,EEE",
        "BBB: i,2",
        "CCC: d,2,FFF",
        "DDD: s,500,FFF",
        "EEE: e,v,alle",
    )
    assert one(r.effects, "BBB", "6.2.2").kj == 0
    assert by(r.effects, "CCC", "6.1.5") and by(r.effects, "DDD", "6.1.5")
    assert by(r.effects, "EEE", "6.6.6")
    assert stores(r, "BBB", "CCC", "FFF") == [0, 0, 5]
    assert r.state.blackmails == ()
    assert not [e for e in r.effects if e.rule == "6.5.32"]


def test_6_1_6_storm_prevents_the_party() -> None:
    # No cost, no guests; BBB, invited, can import: 60 + 4 x 1 = 64.
    r = run(game(), "AAA: p,300,BBB", "BBB: i,1", d=draw(storm=True))
    assert one(r.effects, "AAA", "6.1.6").kj == 0
    assert r.guests == frozenset()
    assert one(r.effects, "BBB", "6.2.1").kj == D(-64)


def test_6_1_party_without_guest_list_does_not_take_place() -> None:
    r = run(game(), "AAA: p,300")
    assert one(r.effects, "AAA", "6.1").kj == 0


# -- 6.2 Import ----------------------------------------------------------------------------


def test_6_2_1_import_price() -> None:
    # Maxpreis 60. i,4: 60 + 4 x 4^2 = 124 a stone, 4 x 124 = 496. i,1: 60 + 4 = 64.
    r = run(game(), "AAA: i,4", "BBB: i,1")
    assert (one(r.effects, "AAA", "6.2.1").kj, r.state.player("AAA").store) == (D(-496), 4)
    assert one(r.effects, "BBB", "6.2.1").kj == D(-64)


def test_6_2_1_maxpreis_with_cents() -> None:
    # Maxpreis 72.50, i,3: 72.50 + 36 = 108.50 a stone; 325.50.
    r = run(game(), "AAA: i,3", d=draw(max_price="72.50"))
    assert one(r.effects, "AAA", "6.2.1").kj == D("-325.50")


def test_6_2_2_a_guest_cannot_import() -> None:
    r = run(game(), "AAA: p,90,BBB", "BBB: i,5")
    assert one(r.effects, "BBB", "6.2.2").store == 0
    assert r.state.player("BBB").store == 0


# -- 6.3 Bewachen --------------------------------------------------------------------------


def test_6_3_1_a_guard_team_costs_50() -> None:
    r = run(game(), "AAA: b,3")
    assert one(r.effects, "AAA", "6.3.1").kj == D(-150)
    assert r.state.player("AAA").guard == 3


def test_6_3_2_a_guest_has_half_the_wachfaktor() -> None:
    # BBB is AAA's guest (90 DIV 90 = 1) and orders b,1: he pays 50, Wachfaktor 1 DIV 2 = 0.
    # CCC (DI 25) steals 1 from BBB: 25 + 9 + 0 - 2 + 2 x 1 = 34: 31-50 and unguarded:
    # it succeeds (with Wachfaktor 1 it would be 35 and guarded: fail).
    st = game(pl("BBB", store=2), pl("CCC", di=25))
    r = run(st, "AAA: p,90,BBB", "BBB: b,1", "CCC: d,1,BBB")
    assert one(r.effects, "BBB", "6.3.2").kj == D(-50)
    assert stores(r, "BBB", "CCC") == [1, 1]


def test_6_3_3_wachfaktor_counts_in_theft_and_sabotage() -> None:
    # BBB b,2. CCC (DI 20) steals 1: 20 + 9 + 2 - 2 + 2 = 31, guarded: fails.
    # DDD (DI 42) sabotages: 42 + 9 - 1 + (2 DIV 2) = 51 >= 50: + (9 DIV 10) + 1 = +1 DI.
    st = game(pl("BBB", store=4, tower=20), pl("CCC", di=20), pl("DDD", di=42))
    r = run(st, "BBB: b,2", "CCC: d,1,BBB", "DDD: s,100,BBB")
    assert r.state.player("CCC").store == 0
    assert one(r.effects, "DDD", "6.5.32").di == 1


def test_6_3_guards_hold_one_round_only() -> None:
    st = game(pl("BBB", guard=3))
    r = run(st)
    assert r.state.player("BBB").guard == 0


# -- 6.4 Diebstahl -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("di", "guard", "stolen", "di_up"),
    [
        # value = DI + ZZ 9 + Wachfaktor - 2 + 2 x ((3 + 1) DIV 2) = DI + Wachfaktor + 11
        (19, 0, 3, 0),  # 30 < 31: succeeds
        (19, 1, 0, 0),  # 31, guarded: fails, no further effect
        (20, 0, 3, 0),  # 31, unguarded: succeeds
        (39, 0, 3, 0),  # 50, unguarded
        (38, 1, 0, 0),  # 50, guarded
        (40, 0, 3, 6),  # 51: unguarded succeeds, + 2 x 3 DI
        (39, 1, 0, 6),  # 51, guarded: fails, + 6 DI
        (59, 0, 3, 6),  # 70
    ],
)
def test_6_4_1_theft_bands(di: int, guard: int, stolen: int, di_up: int) -> None:
    st = game(pl("AAA", di=di), pl("BBB", store=5))
    lines = ["AAA: d,3,BBB"] + ([f"BBB: b,{guard}"] if guard else [])
    r = run(st, *lines)
    assert stores(r, "AAA", "BBB") == [stolen, 5 - stolen]
    assert one(r.effects, "AAA", "6.4.1").di == di_up


def test_6_4_1_above_70_fails_and_jails() -> None:
    # ZZ 49: 20 + 49 + 0 - 2 + 2 x 2 = 71 > 70: fails, + 6 DI, Gefängnis.
    r = run(game(pl("AAA", di=20), pl("BBB", store=5)), "AAA: d,3,BBB", d=draw(zz=49))
    assert stores(r, "AAA", "BBB") == [0, 5]
    assert r.state.player("AAA").di == 26
    assert r.state.player("AAA").status == Status.GEFAENGNIS


def test_6_4_1_anzahl_counts_in_pairs() -> None:
    # 2 x ((Anzahl + 1) DIV 2): d,1 -> 2, d,2 -> 2, d,3 -> 4, d,4 -> 4. Thieves DI 20,
    # victims unguarded: 20 + 9 - 2 + that = 29, 29, 31, 31 (all succeed: < 31 or unguarded).
    thieves = (pl(n, di=20) for n in ("AAA", "BBB", "CCC", "DDD"))
    st = game(*thieves, pl("FFF", store=20), pl("EEE", store=20))
    r = run(st, "AAA: d,1,FFF", "BBB: d,2,FFF", "CCC: d,3,EEE", "DDD: d,4,EEE")
    values = [
        by(r.effects, n, "6.4.1")[0].text.split("= ")[-1] for n in ("AAA", "BBB", "CCC", "DDD")
    ]
    assert values == ["29: it succeeds", "29: it succeeds", "31: it succeeds", "31: it succeeds"]


def test_6_4_2_no_more_than_the_store_holds() -> None:
    r = run(game(pl("BBB", store=2)), "AAA: d,3,BBB")
    assert stores(r, "AAA", "BBB") == [2, 0]


def test_6_4_2_stolen_stones_cannot_be_stolen_again() -> None:
    # AAA (store 1) steals 3 from BBB (store 3); CCC steals 3 from AAA: only AAA's 1 stone.
    r = run(game(pl("AAA", store=1), pl("BBB", store=3)), "AAA: d,3,BBB", "CCC: d,3,AAA")
    assert stores(r, "AAA", "BBB", "CCC") == [3, 0, 1]


def test_6_4_2_imported_stones_can_be_stolen() -> None:
    r = run(game(), "BBB: i,2", "AAA: d,2,BBB")
    assert stores(r, "AAA", "BBB") == [2, 0]


@pytest.mark.parametrize(
    ("store", "wants", "got"),
    [
        # 5 stones, wants 3 and 4: 1+1, 1+1, then 1 left < 2 thieves: 2 each, 1 stays.
        (5, (3, 4), (2, 2)),
        # 7 stones, wants 3, 3, 1: 3 -> 4 left; 2 -> 2 left; 2 -> 0: 3, 3, 1.
        (7, (3, 3, 1), (3, 3, 1)),
        # 4 stones, wants 3, 3, 3: 3 -> 1 left < 3: 1 each, 1 stays.
        (4, (3, 3, 3), (1, 1, 1)),
    ],
)
def test_6_4_3_a_short_store_is_shared_evenly(
    store: int, wants: tuple[int, ...], got: tuple[int, ...]
) -> None:
    thieves = ("AAA", "BBB", "CCC")[: len(wants)]
    st = game(pl("FFF", store=store))
    r = run(st, *(f"{t}: d,{n},FFF" for t, n in zip(thieves, wants, strict=True)))
    assert tuple(stores(r, *thieves)) == got
    assert r.state.player("FFF").store == store - sum(got)


# -- 6.5 Sabotage --------------------------------------------------------------------------


def test_6_5_32_betrag_div_20_against_zz() -> None:
    # ZZ 9: 180 DIV 20 = 9 >= 9 succeeds; 179 DIV 20 = 8 < 9 fails, the money is gone anyway.
    # Towers 21: 9 fall from BBB's (13..21), DDD's stands.
    r = run(game(pl("BBB", tower=21), pl("DDD", tower=21)), "AAA: s,180,BBB", "CCC: s,179,DDD")
    assert one(r.effects, "AAA", "6.5.32").kj == D(-180)
    assert one(r.effects, "CCC", "6.5.32").kj == D(-179)
    assert r.state.player("BBB").tower == 12
    assert r.state.player("DDD").tower == 21


def test_6_5_32_from_980_it_always_succeeds() -> None:
    # ZZ 49: 980 DIV 20 = 49 >= 49. Tower 60, Z6 17: 48 fall from 13..60 (the foundation
    # 1..12 does not fall, 6.5); 43 of them from above 17 (18..60); z = 1+7+4+9 = 21, n = 1:
    # ceil(43 x 21 / 100) = ceil(9.03) = 10 break.
    r = run(game(pl("BBB", tower=60)), "AAA: s,980,BBB", d=draw(zz=49))
    assert (r.state.player("BBB").tower, r.state.player("BBB").store) == (12, 38)


def test_6_5_1_zz_stones_fall_however_many_blasts() -> None:
    # Tower 30, ZZ 9, Z6 17, two successful blasts: 9 stones fall (22..30), all above 17.
    # z = 1+7+9 = 17, n = 2: ceil(9 x 2 x 17 / 100) = ceil(3.06) = 4 break, 5 to the store.
    r = run(game(pl("BBB", tower=30)), "AAA: s,200,BBB", "CCC: s,200,BBB")
    e = one(r.effects, "BBB", "6.5.2")
    assert (e.tower, e.store) == (-9, 5)


def test_6_5_2_only_stones_from_above_z6_break() -> None:
    # Tower 21: 9 fall (13..21); above 17: 18..21 = 4; n 1, z 17: ceil(0.68) = 1 breaks.
    r = run(game(pl("BBB", tower=21)), "AAA: s,200,BBB")
    e = one(r.effects, "BBB", "6.5.2")
    assert (e.tower, e.store) == (-9, 8)


def test_6_5_2_nothing_breaks_below_z6() -> None:
    # Tower 25 <= Z6 30: 9 fall (17..25), none from above 30.
    r = run(game(pl("BBB", tower=25)), "AAA: s,200,BBB", d=draw(z6=30))
    e = one(r.effects, "BBB", "6.5.1")
    assert (e.tower, e.store) == (-9, 9)


def test_6_5_2_breakage_is_at_most_the_stones_from_above() -> None:
    # Z6 49, ZZ 48: z = 4+9+4+8 = 25; five blasts (960 DIV 20 = 48): 125%.
    # Tower 60: 48 fall (13..60), 11 from above 49: ceil(11 x 125 / 100) = 14 -> at most 11.
    st = game(pl("FFF", tower=60))
    r = run(
        st, *(f"{n}: s,960,FFF" for n in ("AAA", "BBB", "CCC", "DDD", "EEE")), d=draw(z6=49, zz=48)
    )
    assert (r.state.player("FFF").tower, r.state.player("FFF").store) == (12, 37)


def test_6_5_1_a_tower_lower_than_zz() -> None:
    # Tower 20, ZZ 20: the 8 stones built onto the foundation fall (13..20), not ZZ; above
    # Z6 17: 18, 19, 20; z = 1+7+2+0 = 10, n = 1: ceil(3 x 10 / 100) = 1 breaks, 7 land.
    r = run(game(pl("BBB", tower=20)), "AAA: s,400,BBB", d=draw(zz=20))
    assert (r.state.player("BBB").tower, r.state.player("BBB").store) == (12, 7)


def test_6_5_31_saboteur_di() -> None:
    # ZZ 19, Rd 1. AAA DI 30 on BBB (Wachfaktor 4): 30 + 19 - 1 + 2 = 50 >= 50:
    # + (19 DIV 10) + 1 = +2 DI. CCC DI 30 on DDD (Wachfaktor 3): 30 + 19 - 1 + 1 = 49: 0.
    # Both fail (200 DIV 20 = 10 < 19) and pay.
    st = game(pl("AAA", di=30), pl("CCC", di=30), pl("BBB", tower=20), pl("DDD", tower=20))
    r = run(st, "BBB: b,4", "DDD: b,3", "AAA: s,200,BBB", "CCC: s,200,DDD", d=draw(zz=19))
    assert (one(r.effects, "AAA", "6.5.32").di, one(r.effects, "CCC", "6.5.32").di) == (2, 0)
    assert r.state.player("BBB").tower == 20


# -- 6.6 Erpressen -------------------------------------------------------------------------


def pending(
    blackmailer: str, action: ActionSpec, victim: str | None, kj: str = "0", stones: int = 0
) -> PendingBlackmail:
    return PendingBlackmail(blackmailer, action, victim, 1, D(kj), stones)


def test_6_6_3_blackmail_waits_for_the_next_round() -> None:
    st = game()
    r = evaluate_round(st, draw(), TRADERS, orders(st, "AAA: e,v,alle", "BBB: v"), ())
    assert r.state.blackmails == (PendingBlackmail("AAA", ActionSpec("v"), None, 1, D(0), 0),)
    assert not [e for e in r.effects if e.rule.startswith("6.6.4")]


def test_6_6_41_victims_who_comply() -> None:
    # AAA forbade everyone 'v'; nobody rents: five 6.6.41 effects, nothing paid.
    st = game(round_=1, blackmails=(pending("AAA", ActionSpec("v"), None, "500"),))
    r = run(st, "BBB: l,40")
    assert [e.player for e in r.effects if e.rule == "6.6.41"] == [
        "BBB",
        "CCC",
        "DDD",
        "EEE",
        "FFF",
    ]


def test_6_6_43_defiance_without_justification_pays() -> None:
    # BBB rents against AAA's ban: 500 Kj and 2 stones to AAA.
    st = game(
        pl("BBB", store=3, tower=20),
        round_=1,
        blackmails=(pending("AAA", ActionSpec("v"), None, "500", 2),),
    )
    r = run(st, "BBB: v")
    paid = one(r.effects, "BBB", "6.6.43")
    got = one(r.effects, "AAA", "6.6.43")
    assert (paid.kj, paid.store, got.kj, got.store) == (D(-500), -2, D(500), 2)


def test_6_6_42_justification_compares_di_plus_z6_with_di_plus_zz() -> None:
    # AAA DI 20: 20 + ZZ 9 = 29. BBB DI 10: 10 + Z6 17 = 27, not > 29: no penalty.
    # CCC DI 13: 13 + 17 = 30 > 29: the penalty.
    bm = pending("AAA", ActionSpec("v"), None, "300")
    st = game(
        pl("AAA", di=20),
        pl("BBB", di=10, tower=20),
        pl("CCC", di=13, tower=20),
        round_=1,
        blackmails=(bm,),
    )
    r = run(st, "BBB: v", "CCC: v", justified={("BBB", "AAA"), ("CCC", "AAA")})
    assert one(r.effects, "BBB", "6.6.42").kj == 0
    assert one(r.effects, "CCC", "6.6.42").kj == D(-300)


def test_6_6_22_only_stones_in_store() -> None:
    # The penalty asks 5 stones; BBB has 2 in store (and 20 in the tower): 2.
    st = game(
        pl("BBB", store=2, tower=20),
        round_=1,
        blackmails=(pending("AAA", ActionSpec("v"), None, "0", 5),),
    )
    r = run(st, "BBB: v")
    assert one(r.effects, "BBB", "6.6.43").store == -2
    assert r.state.player("BBB").tower == 20


def test_6_6_forced_action() -> None:
    # AAA forces BBB to 'i,2', CCC to 'b' (any factor), DDD to 'i,2'.
    # BBB imports 3: not the action, pays 100. CCC guards with 5: complies. DDD does i,2.
    st = game(
        round_=1,
        blackmails=(
            pending("AAA", ActionSpec("i", ("2",)), "BBB", "100"),
            pending("AAA", ActionSpec("b"), "CCC", "100"),
            pending("AAA", ActionSpec("i", ("2",)), "DDD", "100"),
        ),
    )
    r = run(st, "BBB: i,3", "CCC: b,5", "DDD: i,2")
    assert one(r.effects, "BBB", "6.6.43").kj == D(-100)
    assert by(r.effects, "CCC", "6.6.41") and by(r.effects, "DDD", "6.6.41")


def test_6_6_3_settled_before_its_phase_with_the_di_then() -> None:
    # Round 2. AAA (DI 20) forces BBB to 'i'. BBB (DI 10) does not, with a Rechtfertigung.
    # Before phase 1 it would be 10 + 17 = 27 against 20 + 9 = 29: no penalty. But the
    # action is a phase-2 one: in phase 1 CCC denounces BBB with 5 (DI 15): 15 + 17 = 32 > 29:
    # the penalty of 100 is paid.
    st = game(
        pl("AAA", di=20),
        pl("BBB", di=10),
        round_=1,
        blackmails=(pending("AAA", ActionSpec("i"), "BBB", "100"),),
    )
    r = run(st, "CCC: x,5,BBB", "BBB: b,1", justified={("BBB", "AAA")})
    assert one(r.effects, "BBB", "6.6.42").kj == D(-100)


def test_6_6_4_a_jailed_victim_is_not_punished() -> None:
    st = game(
        pl("BBB", status=Status.GEFAENGNIS, jail_rounds=1),
        round_=1,
        blackmails=(pending("AAA", ActionSpec("v"), "BBB", "100"),),
    )
    r = run(st)
    assert one(r.effects, "BBB", "6.6.41").kj == 0


def test_6_6_5_victim_accuses_the_blackmailer() -> None:
    # Round 2: value = DI + 17 - 4. AAA (DI 20, tower 20) forbade 'a' to everyone.
    # BBB (DI 0) defies with a Rechtfertigung and accuses AAA: 13 < 30 succeeds.
    # AAA: + ceil(20 x 15%) = +3 -> 23 for good, and no +13: AAA's rent is
    # (50 x (30 + 17 - 23)) DIV 2 = 1200 DIV 2 = 600 (with +13: 275).
    # The ban (phase 1): BBB 0 + 17 = 17 is not > AAA 20 + 9 = 29: no penalty.
    st = game(
        pl("AAA", di=20, tower=20),
        round_=1,
        blackmails=(pending("AAA", ActionSpec("a"), None, "100"),),
    )
    r = run(st, "BBB: a,AAA", "AAA: v", justified={("BBB", "AAA")})
    assert one(r.effects, "AAA", "6.6.5").di == 3
    assert one(r.effects, "AAA", "5.3.1").kj == D(600)
    assert one(r.effects, "BBB", "6.6.42").kj == 0
    assert r.state.player("AAA").di == 23


def test_6_6_5_several_victims_add_up_an_ordinary_anzeige_still_counts_13() -> None:
    # AAA DI 21: 15% = 3.15 -> 4 per victim's Anzeige; BBB and CCC: +8 -> 29.
    # DDD accuses too without a Rechtfertigung: the usual +13 for AAA's actions.
    # AAA rents: DI 29 + 13 = 42: (50 x (30 + 17 - 42)) DIV 2 = 250 DIV 2 = 125.
    st = game(
        pl("AAA", di=21, tower=20), round_=1, blackmails=(pending("AAA", ActionSpec("a"), None),)
    )
    r = run(
        st,
        "BBB: a,AAA",
        "CCC: a,AAA",
        "DDD: a,AAA",
        "AAA: v",
        justified={("BBB", "AAA"), ("CCC", "AAA")},
    )
    assert one(r.effects, "AAA", "6.6.5").di == 8
    assert one(r.effects, "AAA", "5.3.1").kj == D(125)


def test_6_6_6_a_guest_cannot_blackmail_the_article_counts() -> None:
    r = run(game(), "AAA: p,90,BBB", "BBB: e,v,alle")
    assert "Pressepflicht" in one(r.effects, "BBB", "6.6.6").text
    assert r.state.blackmails == ()


def test_6_6_blackmail_lapses_when_the_blackmailer_is_out() -> None:
    st = game(
        pl("AAA", status=Status.OUT),
        round_=1,
        blackmails=(pending("AAA", ActionSpec("v"), "BBB", "100"),),
    )
    r = run(st)
    assert one(r.effects, "BBB", "6.6.3").kj == 0


def test_phase_2_runs_in_the_order_6_1_to_6_6() -> None:
    st = game(pl("FFF", store=4, tower=20))
    r = run(
        st,
        "AAA: p,90,BBB",
        "BBB: b,1",
        "CCC: i,1",
        "DDD: d,1,FFF",
        "EEE: s,200,FFF",
        "FFF: e,v,alle",
    )
    sections = [int(e.rule.split(".")[1]) for e in r.effects if e.rule.startswith("6.")]
    assert sections == sorted(sections)
