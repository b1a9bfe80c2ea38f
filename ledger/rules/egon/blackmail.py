"""6.6 Erpressen: a blackmail is recorded in its round and settled in the next one.

Recorded (6.6, 6.6.3; a party guest's is void, 6.6.6), then settled before the action phase of
the action it names (6.6.3): the victim complies (6.6.41), defies with a Rechtfertigung
(6.6.42) or without (6.6.43), and pays the penalty (6.6.22). `justified_defiance` gives the
Anzeige of 5.1 its 6.6.5.
"""

from __future__ import annotations

from ledger.core.words import plural
from ledger.rules.egon.orders import (
    Blackmail,
)
from ledger.rules.egon.state import (
    PendingBlackmail,
    as_kj,
)
from ledger.rules.egon.work import Work


def _victims(w: Work, bm: PendingBlackmail) -> list[str]:
    if bm.victim is not None:
        return [bm.victim]
    return [n for n in w.players if n != bm.blackmailer and not w.out(n)]


def _complied(w: Work, bm: PendingBlackmail, victim: str) -> bool:
    order = w.order_of(victim, bm.action.phase)
    done = bm.action.matches(order)
    return done if bm.forced else not done


def justified_defiance(w: Work) -> set[tuple[str, str]]:
    """(victim, blackmailer) pairs where the victim defies with a Rechtfertigung (6.6.42)."""
    pairs: set[tuple[str, str]] = set()
    for bm in w.state.blackmails:
        for v in _victims(w, bm):
            if (v, bm.blackmailer) in w.justified and not _complied(w, bm, v):
                pairs.add((v, bm.blackmailer))
    return pairs


def settle_blackmails(w: Work, phase: int) -> None:
    d = w.draw
    for bm in w.state.blackmails:
        if bm.action.phase != phase:
            continue
        src = f"{bm.blackmailer}: {bm.text()} (round {bm.made_in_round})"
        for v in _victims(w, bm):
            if w.out(bm.blackmailer):
                w.effect(
                    v,
                    "6.6.3",
                    f"blackmail by {bm.blackmailer} lapses: the blackmailer is out of the game",
                    src,
                )
                continue
            if w.blocked(v):
                # Ruling (6.6.4): a victim who cannot act this round is not punished.
                w.effect(
                    v,
                    "6.6.41",
                    f"{v} cannot act this round: the blackmail by {bm.blackmailer} has no effect",
                    src,
                )
                continue
            if _complied(w, bm, v):
                w.effect(
                    v,
                    "6.6.41",
                    f"{v} complies with the blackmail by {bm.blackmailer}: no further effect",
                    src,
                )
                continue
            if (v, bm.blackmailer) in w.justified:
                # Ruling (6.6.42): the DIs as they stand before this action phase, without the
                # +13 of 5.1.2 (the blackmail is last round's action, not this round's).
                lhs = w.players[v].di + d.z6
                rhs = w.players[bm.blackmailer].di + d.zz
                if lhs <= rhs:
                    w.effect(
                        v,
                        "6.6.42",
                        f"{v} defies {bm.blackmailer} with a "
                        f"Rechtfertigung: DI+Z6 = {lhs} is not greater than the "
                        f"blackmailer's DI+ZZ = {rhs}: no penalty",
                        src,
                    )
                    continue
                rule = "6.6.42"
                why = (
                    f"{v} defies {bm.blackmailer} with a Rechtfertigung, but DI+Z6 = {lhs} "
                    f"> DI+ZZ = {rhs}"
                )
            else:
                rule = "6.6.43"
                why = f"{v} defies {bm.blackmailer} without a Rechtfertigung"
            # Ruling (6.6.22): stones only from the store, as many as there are; the Kj in
            # full, even into debt. Both go to the blackmailer.
            stones = min(bm.penalty_stones, w.players[v].store)
            kj = as_kj(bm.penalty_kj)
            w.effect(
                v,
                rule,
                f"{why}: the penalty is paid ({kj} Kj, {plural(stones, 'stone')})",
                src,
                kj=-kj,
                store=-stones,
            )
            w.effect(
                bm.blackmailer,
                rule,
                f"{bm.blackmailer} receives the penalty from {v} ({kj} Kj, {plural(stones, 'stone')})",
                src,
                kj=kj,
                store=stones,
            )


def record_blackmails(w: Work) -> None:
    """6.6 Erpressen: recorded now, settled next round (6.6.3)."""
    for o in w.active(Blackmail):
        p = o.player
        if p in w.guests:
            w.effect(
                p,
                "6.6.6",
                "a party guest cannot blackmail (6.1.5): the article is "
                "printed and counts for the Pressepflicht",
                o,
            )
            continue
        if p in w.accused:
            w.effect(p, "5.1.5", f"{p} was accused this round and cannot blackmail", o)
            continue
        if o.target is not None and w.out(o.target):
            w.effect(p, "6.6", f"{o.target} is out of the game: no blackmail", o)
            continue
        w.new_blackmails.append(
            PendingBlackmail(
                p, o.action, o.target, w.draw.round, as_kj(o.penalty_kj), o.penalty_stones
            )
        )
        whom = f"forces {o.target} to do" if o.target else "forbids everyone"
        w.effect(
            p,
            "6.6.3",
            f"{p} {whom} '{o.action.text()}' next round (before action phase "
            f"{o.action.phase}); penalty {as_kj(o.penalty_kj)} Kj, "
            f"{plural(o.penalty_stones, 'stone')}",
            o,
        )
