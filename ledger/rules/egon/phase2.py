"""Phase 2 of a round, the action phase after buying (6.1-6.6).

In the order 6.1 -> 6.6: 6.1 Party, 6.2 Import, 6.3 Bewachen, 6.4 Diebstahl, 6.5 Sabotage,
6.6 Erpressen (recorded by blackmail.py). Last round's blackmails of phase 2 are settled first
(6.6.3, blackmail.py); the Zuchthaus check (4.6.4) comes last.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from msgspec.structs import replace

from ledger.core.words import plural
from ledger.rules.egon.blackmail import record_blackmails, settle_blackmails
from ledger.rules.egon.orders import (
    Guard,
    Import,
    Party,
    Sabotage,
    Theft,
)
from ledger.rules.egon.state import (
    MissingMaxpreis,
    Status,
    as_kj,
    ceil_div,
    digit_sum,
    div,
)
from ledger.rules.egon.tables import EgonSettings
from ledger.rules.egon.work import Work, source_of, zuchthaus_after_phase


def _parties(w: Work) -> None:
    """6.1 Party."""
    s, d = w.settings, w.draw
    parties: list[Party] = []
    for o in w.active(Party):
        if d.storm:
            # Ruling (6.1.6): a party stopped by the storm costs nothing.
            w.effect(
                o.player,
                "6.1.6",
                "an Unwetter prevents the party: the invitation is "
                "not printed; the game master keeps it for later",
                o,
            )
        elif not o.guests:
            w.effect(
                o.player,
                "6.1",
                "no guest list (6.1: at least one player must be invited): no party, no cost",
                o,
            )
        else:
            parties.append(o)
    hosts = {o.player for o in parties}
    # 6.1.2: hosts cannot come, the next on the list move up. Ruling: so do players who
    # cannot come at all (in jail, out).
    unavailable = hosts | {n for n in w.players if w.blocked(n)}
    top: dict[str, list[str]] = {}
    for o in parties:
        n = div(int(o.amount), s.party_zz_factor * d.zz)
        top[o.player] = [g for g in o.guests if g not in unavailable][:n]
    invited = Counter(g for gs in top.values() for g in gs)
    for o in parties:
        n = div(int(o.amount), s.party_zz_factor * d.zz)
        came = [g for g in top[o.player] if invited[g] == 1]
        torn = [g for g in top[o.player] if invited[g] > 1]
        w.guests.update(came)
        cut = min(len(came), w.players[o.player].di)
        text = (
            f"party for {as_kj(o.amount)} Kj: {int(o.amount)} DIV ({s.party_zz_factor} x ZZ "
            f"{d.zz}) = {plural(n, 'guest')} invited; came: {', '.join(came) or 'nobody'}"
        )
        if torn:
            text += f"; invited to several parties, so to none (6.1.3): {', '.join(torn)}"
        text += f"; DI -{cut} (6.1.4, not below 0)"
        w.effect(o.player, "6.1.4", text, o, kj=-as_kj(o.amount), di=-cut)
        for g in came:
            w.effect(
                g,
                "6.1.5",
                f"{g} is a guest at {o.player}'s party: no blackmail, theft, "
                "sabotage or import this round, guarding halved",
                o,
            )


def _imports(w: Work) -> None:
    """6.2 Import. Ruling (6.2.1): with no Maxpreis (no trader price of the round, 0) an import
    cannot be priced: the round is refused, not charged at 0 + 4 x Anzahl^2."""
    s, d = w.settings, w.draw
    paid = []
    for o in w.active(Import):
        if o.player in w.guests:
            w.effect(o.player, "6.2.2", "a party guest cannot import: no stones, no cost", o)
            continue
        paid.append(o)
    if paid and d.max_price <= 0:
        raise MissingMaxpreis(d.round, [source_of(o) for o in paid])
    for o in paid:
        n = o.count
        # Ruling (6.2.1): "4 mal Anzahl hoch 2" is 4 x (Anzahl^2); the price is per stone.
        price = d.max_price + s.import_square_factor * n * n
        cost = as_kj(price * n)
        w.effect(
            o.player,
            "6.2.1",
            f"import of {plural(n, 'stone')} at Maxpreis "
            f"{d.max_price} + {s.import_square_factor} x {n}^2 = {price} Kj each: "
            f"{cost} Kj",
            o,
            kj=-cost,
            store=n,
        )


def _guards(w: Work) -> None:
    """6.3 Bewachen."""
    s = w.settings
    ordered: dict[str, int] = {}
    for o in w.active(Guard):
        ordered[o.player] = o.factor
        half = o.player in w.guests
        eff = div(o.factor, 2) if half else o.factor
        cost = as_kj(s.guard_price * o.factor)
        text = f"{plural(o.factor, 'guard team')} at {s.guard_price} Kj: {cost} Kj"
        if half:
            text += f"; a party guest: Wachfaktor halved to {eff} (6.3.2)"
        w.effect(o.player, "6.3.2" if half else "6.3.1", text, o, kj=-cost)
    for name, p in list(w.players.items()):
        if name in ordered:
            p = w.put(replace(p, guard=ordered[name]))
        elif not s.guards_stay:
            p = w.put(replace(p, guard=0))
        w.guard_eff[name] = div(p.guard, 2) if name in w.guests else p.guard


def _theft_verdict(s: EgonSettings, value: int, guard: int, penalty: int) -> tuple[bool, int, bool]:
    """6.4.1: whether a theft succeeds, the DI it costs and whether the thief goes to jail."""
    if value < s.theft_sure_below:
        return True, 0, False
    if value <= s.theft_unguarded_upto:
        return guard == 0, 0, False
    if value <= s.theft_penalty_upto:
        return guard == 0, penalty, False
    return False, penalty, True


def _thefts(w: Work) -> None:
    """6.4 Diebstahl: all at the same time, from the stores as they stand after 6.2."""
    s, d = w.settings, w.draw
    wanted: dict[str, list[Theft]] = {}
    for o in w.active(Theft):
        p, t, n = o.player, o.target, o.count
        if p in w.guests:
            w.effect(p, "6.1.5", "a party guest cannot steal", o)
            continue
        if w.out(t):
            w.effect(p, "6.4", f"{t} is out of the game: no theft", o)
            continue
        guard = w.guard_eff[t]
        di = w.di_for_action(p)
        value = di + d.zz + guard - 2 * d.round + 2 * div(n + 1, 2)
        calc = (
            f"DI {di} + ZZ {d.zz} + Wachfaktor {guard} - 2 x Rd {d.round} + "
            f"2 x (({n} + 1) DIV 2) = {value}"
        )
        ok, di_up, jail = _theft_verdict(s, value, guard, s.theft_di_per_stone * n)
        if ok:
            wanted.setdefault(t, []).append(o)
        outcome = "it succeeds" if ok else "it fails"
        more = f"; +{di_up} DI" if di_up else ""
        text = f"theft from {t}: {calc}: {outcome}{more}"
        w.effect(p, "6.4.1", text, o, di=di_up)
        if jail:
            w.sentence(p, Status.GEFAENGNIS, "6.4.1", f"{calc} > {s.theft_penalty_upto}", o)
    # 6.4.2: stolen stones cannot be stolen again: every share comes from the stores as they
    # stood before the first theft.
    before = {name: p.store for name, p in w.players.items()}
    for victim, thefts in wanted.items():
        got = _share_out(before[victim], [o.count for o in thefts])
        short = sum(got) < sum(o.count for o in thefts)
        for o, k in zip(thefts, got, strict=True):
            rule = "6.4.3" if short else "6.4.2"
            w.effect(
                o.player,
                rule,
                f"{o.player} steals {k} of {plural(o.count, 'stone')} from {victim}'s store",
                o,
                store=k,
            )
            w.effect(
                victim,
                rule,
                f"{o.player} steals {plural(k, 'stone')} from {victim}'s store",
                o,
                store=-k,
            )


def _share_out(stock: int, wants: Sequence[int]) -> list[int]:
    """6.4.3: hand out one stone to every thief still wanting one, round by round, while the
    stones last for a whole round; what cannot be shared evenly stays with the victim."""
    got = [0] * len(wants)
    while True:
        hungry = [i for i, want in enumerate(wants) if got[i] < want]
        if not hungry or stock < len(hungry):
            return got
        for i in hungry:
            got[i] += 1
        stock -= len(hungry)


def _sabotage(w: Work) -> None:
    """6.5 Sabotage."""
    s, d = w.settings, w.draw
    blasts: Counter[str] = Counter()
    for o in w.active(Sabotage):
        p, t = o.player, o.target
        if p in w.guests:
            w.effect(p, "6.1.5", "a party guest cannot sabotage: no cost", o)
            continue
        if w.out(t):
            w.effect(p, "6.5", f"{t} is out of the game: no sabotage", o)
            continue
        amount = int(o.amount)
        guard = w.guard_eff[t]
        di = w.di_for_action(p)
        value = di + d.zz - d.round + div(guard, 2)
        calc = f"DI {di} + ZZ {d.zz} - Rd {d.round} + (Wachfaktor {guard} DIV 2) = {value}"
        di_up = div(d.zz, 10) + 1 if value >= s.sabotage_di_limit else 0
        if di_up:
            note = f"; {calc} >= {s.sabotage_di_limit}: +(ZZ DIV 10) + 1 = +{di_up} DI (6.5.31)"
        else:
            note = f"; {calc} < {s.sabotage_di_limit}"
        success = div(amount, s.sabotage_success_divisor) >= d.zz
        verdict = (
            f"{amount} DIV {s.sabotage_success_divisor} = "
            f"{div(amount, s.sabotage_success_divisor)} "
            + (f">= ZZ {d.zz}: it succeeds" if success else f"< ZZ {d.zz}: it fails")
        )
        w.effect(
            p,
            "6.5.32",
            f"sabotage of {t}'s tower for {as_kj(o.amount)} Kj: {verdict}{note}",
            o,
            kj=-as_kj(o.amount),
            di=di_up,
        )
        if success:
            blasts[t] += 1
    z = digit_sum(d.z6) + digit_sum(d.zz)
    for t, n in sorted(blasts.items()):
        tower = w.players[t].tower
        # Ruling (6.5): what falls is "Steine, die bereits verbaut waren": the stones built
        # onto the foundation; the foundation stays unless `foundation_can_fall`.
        floor = 0 if s.foundation_can_fall else min(s.foundation, tower)
        fall = min(d.zz, tower - floor)  # 6.5.1: ZZ stones, however many blasts
        kept = (
            f"; the {s.foundation}-stone foundation does not fall" if fall < d.zz and floor else ""
        )
        # 6.5.2: the fallen stones are the top ones; those from a height above Z6 break by
        # (n x z)% rounded up. Ruling: a stone's height is its place counted from the ground.
        high = max(0, tower - max(d.z6, tower - fall))
        broken = min(high, ceil_div(high * n * z, 100))
        w.effect(
            t,
            "6.5.2" if broken else "6.5.1",
            f"{plural(n, 'blast')} at {t}'s tower: {plural(fall, 'stone')} "
            f"{_verb(fall, 'fall')} (ZZ {d.zz}{kept}); {high} from above Z6 {d.z6}, "
            f"({n} x {z})% of them rounded up = {broken} {_verb(broken, 'break')}; "
            f"{fall - broken} {_verb(fall - broken, 'land')} in the store",
            tower=-fall,
            store=fall - broken,
        )


def _verb(n: int, verb: str) -> str:
    """`1 stone falls`, `2 stones fall`."""
    return verb + "s" if n == 1 else verb


def run_phase2(w: Work) -> None:
    before = {n: p.di for n, p in w.players.items()}
    settle_blackmails(w, 2)
    _parties(w)
    _imports(w)
    _guards(w)
    _thefts(w)
    _sabotage(w)
    record_blackmails(w)
    zuchthaus_after_phase(w, before, 2)
