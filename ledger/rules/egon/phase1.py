"""Phase 1 of a round, the action phase before buying (5.1-5.6).

In the order 5.1 -> 5.6 (README ruling): 5.1 Anzeige, 5.2 Denunzieren, 5.3 Vermieten,
5.4 Lotterie (`lottery_wins`: 5.4.1-5.4.4, 5.4.31-5.4.34; the jackpots 5.4.5-5.4.6),
5.5 Falschgeld, 5.6 Schmieren. Last round's blackmails of phase 1 are settled first (6.6.3,
blackmail.py); the Zuchthaus check (4.6.4) comes last.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from decimal import Decimal

from ledger.core.money import Money
from ledger.core.words import plural
from ledger.rules.egon.blackmail import justified_defiance, settle_blackmails
from ledger.rules.egon.orders import (
    Accuse,
    Bribe,
    Denounce,
    Forge,
    Lottery,
    Rent,
)
from ledger.rules.egon.state import (
    JAILED,
    ZERO,
    BribeOutcome,
    Draw,
    Status,
    as_kj,
    ceil_div,
    div,
)
from ledger.rules.egon.tables import RENT_DIVISOR_OFFSET
from ledger.rules.egon.work import Work, zuchthaus_after_phase


def lottery_wins(ticket: int, draw: Draw) -> tuple[int, int, int]:
    """Wins (A, B, C) of Losnummer ``ticket`` on this draw (5.4.1-5.4.4, 5.4.34).

    Both numbers are read as two digits (01-49). Each digit of the ticket scores once: at its
    own place (5.4.31/5.4.32), or else, when it equals the other digit of Z6, as a misplaced
    digit (5.4.33).
    """
    t = f"{ticket:02d}"
    z = f"{draw.z6:02d}"
    placed = [t[i] == z[i] for i in (0, 1)]
    # Ruling (5.4.4): a digit that scores at its own place never scores again as misplaced.
    # The text says so for 5.4.32 when Z6 is a multiple of eleven, the only case where it can
    # happen there; we read 5.4.31 the same way (11 on Z6 11 wins A, B, C, not also 2 x C).
    misplaced = sum(1 for i in (0, 1) if not placed[i] and t[i] == z[1 - i])
    a = b = c = 0
    if all(placed):  # 5.4.31
        a, b, c = 1, 1, 1
    elif any(placed):  # 5.4.32: exactly one digit at its place
        b, c = 1, 1
    c += misplaced  # 5.4.33
    drawn = (*draw.numbers, draw.zz)
    if ticket in drawn and ticket != draw.z6:  # 5.4.34
        a += 1
    return a, b, c


def _not_accusable(w: Work, o: Accuse) -> bool:
    """5.1: a player out of the game is not accused; nor one in jail (noted)."""
    if o.target_is_trader:
        return False
    if w.out(o.target):
        w.effect(o.player, "5.1", f"{o.target} is out of the game: no Anzeige", o)
        return True
    where = w.state.player(o.target).status
    if where in JAILED:  # Ruling (5.1.6): the Anzeige does not happen, 5.1.7 does not judge it
        w.effect(
            o.player, "5.1.6", f"{o.target} sits in the {where.value} and cannot be accused", o
        )
    return where in JAILED


def _accusations(w: Work) -> None:
    """5.1 Anzeige. Ruling (5.1.4, 5.1): every Anzeige is judged with the DI at the start of
    the round; they happen at the same time."""
    s, d = w.settings, w.draw
    defiance = justified_defiance(w)
    raise15: Counter[str] = Counter()
    plain: Counter[str] = Counter()
    for o in w.active(Accuse):
        p = o.player
        if _not_accusable(w, o):
            continue
        value = w.start_di[p] + d.z6 - 2 * d.round
        calc = f"DI {w.start_di[p]} + Z6 {d.z6} - 2 x Rd {d.round} = {value}"
        if value < s.accuse_fails_at:
            succeeds = f"Anzeige against {o.target} succeeds ({calc} < {s.accuse_fails_at})"
            if o.target_is_trader:
                w.accused_traders.add(o.target)
                w.effect(p, "5.1.1", f"{succeeds}: all bribes paid to {o.target} are forfeit", o)
            elif (p, o.target) in defiance:
                raise15[o.target] += 1
                defied = f"{p} defied {o.target}'s blackmail with a Rechtfertigung"
                w.effect(p, "6.6.5", f"{succeeds}; {defied}: 15% instead of 13", o)
            else:
                plain[o.target] += 1
                w.effect(p, "5.1.2", succeeds, o)
            continue
        di = s.slander_di if value >= s.accuse_slander_at else 0
        w.effect(
            p,
            "5.1.7",
            f"Anzeige against {o.target} fails ({calc} >= "
            f"{s.accuse_fails_at})" + (f"; üble Nachrede: +{di} DI" if di else ""),
            o,
            di=di,
        )
        if value >= s.accuse_jail_at:
            w.sentence(p, Status.GEFAENGNIS, "5.1.7", f"{calc} >= {s.accuse_jail_at}", o)
    for target, n in sorted(plain.items()):
        w.bonus13.add(target)
        w.accused.add(target)
        extra = f" ({n} Anzeigen, not additive: 5.1.3)" if n > 1 else ""
        w.effect(
            target,
            "5.1.3" if n > 1 else "5.1.2",
            f"{target} was accused{extra}: his actions this round count DI + {s.accused_di_bonus}",
        )
    for target, n in sorted(raise15.items()):
        w.accused.add(target)
        # Ruling (6.6.5): 15% of the DI at the start of the round, rounded up, once per
        # Anzeige ("Mehrere Anzeigen addieren sich"); a real rise, so it counts for 5.3/5.5.
        each = ceil_div(w.start_di[target] * s.blackmail_accused_percent, 100)
        w.effect(
            target,
            "6.6.5",
            f"{target} was accused by {plural(n, 'victim')} of his "
            f"blackmail: DI + {n} x {s.blackmail_accused_percent}% of "
            f"{w.start_di[target]} (rounded up, {each}) for good",
            di=n * each,
        )


def _denunciations(w: Work) -> None:
    """5.2 Denunzieren. Ruling (5.2.3, 5.1.4): judged with the DI at the start of the round."""
    s, d = w.settings, w.draw
    for o in w.active(Denounce):
        p, pts = o.player, o.points
        if w.out(o.target):
            w.effect(p, "5.2", f"{o.target} is out of the game: no Denunziation", o)
            continue
        base = w.start_di[p] - 2 * d.round + s.denounce_points_factor * pts
        if base + s.lowest_z6 >= s.denounce_limit:
            w.effect(
                p,
                "5.2.4",
                f"Denunziation of {o.target} with {pts} points is "
                f"invalid: even with Z6 = {s.lowest_z6} the value {base + s.lowest_z6}"
                f" >= {s.denounce_limit}; +{s.denounce_invalid_di} DI for {p}",
                o,
                di=s.denounce_invalid_di,
            )
            continue
        w.effect(o.target, "5.2.2", f"{o.target} is denounced by {p}: +{pts} DI", o, di=pts)
        value = base + d.z6
        calc = (
            f"DI {w.start_di[p]} + Z6 {d.z6} - 2 x Rd {d.round} + "
            f"{s.denounce_points_factor} x {pts} = {value}"
        )
        if value >= s.denounce_limit:
            half = ceil_div(pts, 2)
            w.effect(
                p,
                "5.2.1",
                f"{calc} >= {s.denounce_limit}: the denouncer gets "
                f"half the points (rounded up): +{half} DI",
                o,
                di=half,
            )
        else:
            w.effect(p, "5.2.1", f"{calc} < {s.denounce_limit}: the denouncer goes free", o)


def _rentals(w: Work) -> None:
    """5.3 Vermieten. Ruling (5.2.3): the DI after 5.1/5.2 of this round, +13 (5.1.2)."""
    s, d = w.settings, w.draw
    renters: list[Rent] = []
    for o in w.active(Rent):
        tower = w.players[o.player].tower
        if tower <= s.foundation:
            w.effect(
                o.player,
                "5.3.2",
                f"a tower of {tower} is not higher than its "
                f"foundation of {s.foundation}: it cannot be rented",
                o,
            )
            continue
        renters.append(o)
    for o in renters:
        tower = w.players[o.player].tower
        # Ruling (5.3.1): T counts the valid rentals of this round with a higher tower.
        higher = sum(1 for r in renters if w.players[r.player].tower > tower)
        di = w.di_for_action(o.player)
        raw = div(s.rent_factor * (s.rent_base + d.z6 - di), higher + RENT_DIVISOR_OFFSET)
        income = max(0, raw)
        calc = (
            f"({s.rent_factor} x ({s.rent_base} + Z6 {d.z6} - DI {di})) DIV "
            f"(T {higher} + {RENT_DIVISOR_OFFSET}) = {raw}"
        )
        if raw < 0:
            w.effect(o.player, "5.3.3", f"rent: {calc}: no negative rent, nothing", o)
        else:
            w.effect(o.player, "5.3.1", f"rent: {calc} Kj", o, kj=as_kj(income))


def _lottery(w: Work) -> None:
    """5.4 Lotterie."""
    s, d = w.settings, w.draw
    tickets: list[Lottery] = []
    for o in w.active(Lottery):
        tickets.append(o)
        w.effect(
            o.player,
            "5.4",
            f"lottery ticket {o.number:02d}: {as_kj(s.lottery_ticket)} Kj",
            o,
            kj=-as_kj(s.lottery_ticket),
        )
    wins = {o.player: lottery_wins(o.number, d) for o in tickets}
    won: dict[str, Decimal] = {o.player: ZERO for o in tickets}
    what: dict[str, list[str]] = {o.player: [] for o in tickets}
    for i, cls in enumerate("ABC"):
        total = sum(v[i] for v in wins.values())
        if not total:
            continue
        top, _minimum, _raise = s.jackpot_class(cls)
        pot = w.jackpots[cls]
        # Ruling (5.4.5): every win is one share of the jackpot, shares rounded down to the
        # cent; a share above the Höchstgewinn is cut to it; the rest stays in the jackpot.
        shares, _rest = Money(pot, "").split(total)
        share = min(shares[0].amount, as_kj(top))
        for player, v in wins.items():
            if v[i]:
                won[player] += share * v[i]
                each = f"{share} Kj" if v[i] == 1 else f"{share} Kj each, {share * v[i]} Kj in all"
                what[player].append(f"{v[i]} x {cls} ({each})")
        w.jackpots[cls] = pot - share * total
    for o in tickets:
        if won[o.player]:
            w.effect(
                o.player,
                "5.4.5",
                f"Losnummer {o.number:02d} on Z6 {d.z6:02d} wins {', '.join(what[o.player])}",
                o,
                kj=won[o.player],
            )
        else:
            w.effect(o.player, "5.4.3", f"Losnummer {o.number:02d} on Z6 {d.z6:02d}: no win", o)
    parts = []
    for cls in "ABC":
        _top, minimum, step = s.jackpot_class(cls)
        before = w.jackpots[cls]
        # 5.4.6: raised by the Erhöhung per lottery player, or set to the Mindestinhalt.
        w.jackpots[cls] = as_kj(max(before + step * len(tickets), minimum))
        parts.append(f"{cls} {w.jackpots[cls]}")
    w.effect(
        "",
        "5.4.6",
        f"jackpots for the next round ({plural(len(tickets), 'lottery player')}): "
        + ", ".join(parts),
    )


def _forgery(w: Work) -> None:
    """5.5 Falschgeld."""
    s, d = w.settings, w.draw
    for o in w.active(Forge):
        p = o.player
        amount = int(o.amount)
        pts = div(amount + s.forgery_z6_factor * d.z6, s.forgery_divisor)
        # Ruling (5.5.3): "sein DI" is the DI before the rise of 5.5.2 (the formula weighs P
        # itself), after 5.1/5.2 of this round and with the +13 of 5.1.2.
        di = w.di_for_action(p)
        value = di + s.forgery_p_factor * pts + d.zz - 2 * d.round
        # Ruling (5.5.2): the rise by P comes in every case, caught or not.
        w.effect(
            p,
            "5.5.2",
            f"forgery of {amount} Kj: P = ({amount} + "
            f"{s.forgery_z6_factor} x Z6 {d.z6}) DIV {s.forgery_divisor} = {pts}: "
            f"+{pts} DI",
            o,
            di=pts,
        )
        calc = f"DI {di} + {s.forgery_p_factor} x P {pts} + ZZ {d.zz} - 2 x Rd {d.round} = {value}"
        if value >= s.forgery_caught_at:
            w.effect(
                p,
                "5.5.3",
                f"{calc} >= {s.forgery_caught_at}: caught in the act, the money is confiscated",
                o,
            )
            w.sentence(p, Status.GEFAENGNIS, "5.5.3", "caught forging", o)
        else:
            w.effect(
                p,
                "5.5.1",
                f"{calc} < {s.forgery_caught_at}: the forged {amount} Kj are paid out",
                o,
                kj=as_kj(o.amount),
            )


def _bribes(w: Work, traders: Sequence[str]) -> None:
    """5.6 Schmieren (the stones themselves come in the buying phase, entered data)."""
    s = w.settings
    active = w.active(Bribe)
    for trader in traders:
        here = [o for o in active if o.trader == trader]
        if not here:
            continue
        confiscated = trader in w.accused_traders
        contest: list[Bribe] = []
        for o in here:
            p = o.player
            if p in w.accused:
                # Ruling (5.6.7, 5.6.8): caught himself, with the trader accused too: +4 once.
                w.effect(
                    p,
                    "5.6.7",
                    f"{p} was accused while bribing {trader}: the "
                    f"{as_kj(o.amount)} Kj are gone, +{s.bribe_caught_di} DI (5.6.8)",
                    o,
                    kj=-as_kj(o.amount),
                    di=s.bribe_caught_di,
                )
                w.sentence(p, Status.GEFAENGNIS, "5.6.7", "caught bribing", o)
            elif confiscated:
                w.effect(
                    p,
                    "5.1.1",
                    f"{trader} was accused: the police confiscate the "
                    f"bribe of {as_kj(o.amount)} Kj (5.6.6), +{s.bribe_caught_di} DI "
                    "(5.6.8), no stones",
                    o,
                    kj=-as_kj(o.amount),
                    di=s.bribe_caught_di,
                )
            else:
                contest.append(o)
        if not contest:
            w.bribes.append(BribeOutcome(trader, (), ZERO, confiscated))
            continue
        best = max(o.amount for o in contest)
        winners = tuple(o.player for o in contest if o.amount == best)
        for o in contest:
            if o.amount == best:
                rule = "5.6.5" if len(winners) > 1 else "5.6.2"
                tie = (
                    f", shared with {', '.join(x for x in winners if x != o.player)}: the "
                    "stones are split evenly if they do not cover every minimum"
                    if len(winners) > 1
                    else ""
                )
                text = (
                    f"highest bribe at {trader} ({as_kj(o.amount)} Kj): his minimum "
                    f"quantity before the market, at the asking price{tie}"
                )
            else:
                rule = "5.6.1"
                text = (
                    f"{trader} takes the bribe of {as_kj(o.amount)} Kj; a higher bribe "
                    "wins, no stones for it"
                )
            w.effect(o.player, rule, text, o, kj=-as_kj(o.amount))
        w.bribes.append(BribeOutcome(trader, winners, as_kj(best), False))


def run_phase1(w: Work, traders: Sequence[str]) -> None:
    before = {n: p.di for n, p in w.players.items()}
    settle_blackmails(w, 1)
    _accusations(w)
    _denunciations(w)
    _rentals(w)
    _lottery(w)
    _forgery(w)
    _bribes(w, traders)
    zuchthaus_after_phase(w, before, 1)
