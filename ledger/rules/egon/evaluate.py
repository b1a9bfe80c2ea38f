"""One round of "Das kleine Egon-Spiel", evaluated as the texts say: pure, no I/O.

`evaluate_round` runs, in this order (the module that holds each step in brackets):

1. blackmails of last round whose action belongs to phase 1 (6.6.3: "vor der Aktionsphase";
   blackmail.py);
2. phase 1 in the order 5.1 -> 5.6 (README ruling), then the Zuchthaus check (4.6.4; phase1.py);
3. the game master's purchases (section 3, entered data; here);
4. blackmails of last round whose action belongs to phase 2 (blackmail.py);
5. phase 2 in the order 6.1 -> 6.6, then the Zuchthaus check (phase2.py);
6. building, when the game master enters it (section 7, optional; here);
7. salary, then interest on debt, then "out" past the debt limit (README, section 2; here);
8. jail terms served this round end (4.6; here).

The input is checked first (checks.py); the records it reads and returns are in state.py, the
working state of one evaluation in work.py.

Every change to a player is an `Effect`; the new state is the old one plus the effects (the
tests check this). Where the texts leave a question open the ruling is written next to the
code as ``# Ruling (rule):`` and in docs/decisions.md.

Money is `Decimal` Kj, exact to the cent (`ledger.core.money.CENT`). DIV is floor division of
whole numbers; "aufgerundet" rounds up.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from msgspec.structs import replace

from ledger.core.money import round_money
from ledger.core.words import plural
from ledger.rules.egon.checks import check_round
from ledger.rules.egon.orders import Order
from ledger.rules.egon.phase1 import run_phase1
from ledger.rules.egon.phase2 import run_phase2
from ledger.rules.egon.state import (
    JAILED,
    Build,
    Draw,
    EgonInputError,
    EgonState,
    Jackpots,
    PendingBlackmail,
    Phase1Result,
    Purchase,
    RoundResult,
    Status,
    as_kj,
)
from ledger.rules.egon.tables import EgonSettings
from ledger.rules.egon.work import Work, start_work

# ---------------------------------------------------------------------------
# Purchases, building, salary and debt
# ---------------------------------------------------------------------------


def _purchases(w: Work, purchases: Sequence[Purchase]) -> None:
    for pu in purchases:
        w.effect(
            pu.player,
            "3",
            f"buying phase: {plural(pu.stones, 'stone')} for "
            f"{as_kj(pu.cost)} Kj" + (f" ({pu.note})" if pu.note else ""),
            kj=-as_kj(pu.cost),
            store=pu.stones,
        )


def _builds(w: Work, builds: Sequence[Build]) -> None:
    for b in builds:
        if w.out(b.player):
            continue
        # Ruling (7): a player builds what he has in store after phase 2, at most.
        k = min(b.stones, w.players[b.player].store)
        w.effect(
            b.player,
            "7",
            f"builds {k} of {plural(b.stones, 'stone')} onto the tower",
            store=-k,
            tower=k,
        )


def _salary_and_debt(w: Work) -> None:
    s, d = w.settings, w.draw
    lotto = sum(d.numbers) + d.zz
    for name in list(w.players):
        p = w.players[name]
        if p.status == Status.OUT:
            continue
        # README (2.): salary = 10 x sum of the 7 numbers + 10 x tower height; Ruling: paid
        # after phase 2 and building, also in jail.
        pay = as_kj(s.salary_per_lottery_point * lotto + s.salary_per_tower_stone * p.tower)
        w.effect(
            name,
            "2",
            f"salary: {s.salary_per_lottery_point} x {lotto} + "
            f"{s.salary_per_tower_stone} x tower {p.tower} = {pay} Kj",
            kj=pay,
        )
        p = w.players[name]  # the interest is on the debt after the salary
        if p.cash < 0:
            interest = round_money(p.cash * s.debt_interest_percent / 100)
            w.effect(
                name,
                "2",
                f"{s.debt_interest_percent}% interest on a debt of {-p.cash} Kj: {-interest} Kj",
                kj=interest,
            )
            p = w.players[name]
        if p.cash < -s.out_debt_limit:
            w.effect(
                name,
                "2",
                f"a debt of {-p.cash} Kj is past {s.out_debt_limit} Kj: {name} is out of the game",
                status=Status.OUT,
            )


def _end_of_round(w: Work) -> None:
    for name, p in list(w.players.items()):
        if p.status in JAILED and p.jail_rounds == 0:
            w.effect(
                name, "4.6", f"{name} has served his time and is free again", status=Status.FREE
            )


def _state_of(w: Work, round_: int, blackmails: tuple[PendingBlackmail, ...]) -> EgonState:
    players = tuple(
        replace(p, jail_rounds=p.jail_rounds if p.status in JAILED else 0)
        for p in w.players.values()
    )
    j = w.jackpots
    return EgonState(round_, players, Jackpots(j["A"], j["B"], j["C"]), blackmails)


# ---------------------------------------------------------------------------
# Public entry points
# ---------------------------------------------------------------------------


def evaluate_phase1(
    state: EgonState,
    draw: Draw,
    traders: Sequence[str],
    orders: Sequence[Order],
    settings: EgonSettings | None = None,
    *,
    justified: Collection[tuple[str, str]] = (),
) -> Phase1Result:
    """Phase 1 alone (5.1-5.6), for the buying phase: who won which bribe, who is in jail.

    The returned state is a preview (its ``round`` is still the last round's); evaluate the
    whole round with `evaluate_round`.
    """
    s = settings or EgonSettings()
    problems = check_round(state, draw, traders, orders, (), s, justified=justified)
    if problems:
        raise EgonInputError(problems)
    w = start_work(state, draw, orders, s, justified)
    run_phase1(w, traders)
    return Phase1Result(
        _state_of(w, state.round, state.blackmails),
        tuple(w.effects),
        tuple(w.bribes),
        frozenset(w.accused),
        frozenset(w.accused_traders),
    )


def evaluate_round(
    state: EgonState,
    draw: Draw,
    traders: Sequence[str],
    orders: Sequence[Order],
    purchases: Sequence[Purchase],
    settings: EgonSettings | None = None,
    *,
    builds: Sequence[Build] = (),
    justified: Collection[tuple[str, str]] = (),
) -> RoundResult:
    """Evaluate one whole round; pure.

    ``traders``: the traders on the market this round (names as in the orders).
    ``purchases``: the buying phase's result, entered by the game master.
    ``builds``: optional, stones each player builds after phase 2 (section 7).
    ``justified``: (victim, blackmailer) pairs: the victim of last round's blackmail handed in
    a Rechtfertigung with this round's orders (6.6.42, 6.6.5).

    Raises `EgonInputError` when `check_round` finds a problem, and its `MissingMaxpreis`
    when an import is to be paid in a round without a Maxpreis (6.2.1).
    """
    s = settings or EgonSettings()
    problems = check_round(
        state, draw, traders, orders, purchases, s, builds=builds, justified=justified
    )
    if problems:
        raise EgonInputError(problems)
    w = start_work(state, draw, orders, s, justified)
    run_phase1(w, traders)
    _purchases(w, purchases)
    run_phase2(w)
    _builds(w, builds)
    _salary_and_debt(w)
    _end_of_round(w)
    return RoundResult(
        _state_of(w, draw.round, tuple(w.new_blackmails)),
        tuple(w.effects),
        tuple(w.bribes),
        frozenset(w.accused),
        frozenset(w.guests),
    )
