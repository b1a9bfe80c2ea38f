"""Checks of a round's input before it is evaluated: pure, no I/O.

The draw (six different main numbers 1-49, a Zusatzzahl apart from them, Z6 one of the six:
8.1; the round within the game's rounds, 1.4), the state (three-letter pseudonyms, nothing
negative), every order's players and traders, one order a phase (4.1), purchases (section 3),
building (section 7) and Rechtfertigungen against last round's blackmails (6.6.42).
`evaluate_round` refuses input with any problem.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ledger.rules.egon.orders import (
    Accuse,
    Bribe,
    Order,
    check_one_order_a_phase,
    named_players,
)
from ledger.rules.egon.parse import is_pseudonym
from ledger.rules.egon.state import (
    Build,
    Draw,
    EgonState,
    Purchase,
    Status,
)
from ledger.rules.egon.tables import LOTTERY_HIGHEST, LOTTERY_LOWEST, EgonSettings


def check_draw(draw: Draw, state: EgonState, settings: EgonSettings) -> tuple[str, ...]:
    problems: list[str] = []
    if draw.round != state.round + 1:
        problems.append(f"the draw is for round {draw.round}, the next round is {state.round + 1}")
    if not 1 <= draw.round <= settings.rounds:
        problems.append(f"round {draw.round} is outside 1-{settings.rounds}")
    if len(draw.numbers) != 6 or len(set(draw.numbers)) != 6:
        problems.append("a draw has six different main numbers")
    for n in (*draw.numbers, draw.zz):
        if not LOTTERY_LOWEST <= n <= LOTTERY_HIGHEST:
            problems.append(f"lottery number {n} is outside 1-49")
    if draw.zz in draw.numbers:
        problems.append(f"the Zusatzzahl {draw.zz} is also a main number")
    if draw.z6 not in draw.numbers:
        problems.append(f"Z6 {draw.z6} is not one of the six main numbers (8.1)")
    if draw.max_price < 0:
        problems.append("the highest trader price cannot be negative")
    return tuple(problems)


def check_state(state: EgonState) -> tuple[str, ...]:
    problems: list[str] = []
    names = state.names()
    if len(set(names)) != len(names):
        problems.append("a pseudonym is used twice")
    for p in state.players:
        if not is_pseudonym(p.name) or p.name != p.name.upper():
            problems.append(f"{p.name!r} is not a three-letter pseudonym in capitals")
        if p.di < 0 or p.store < 0 or p.guard < 0 or p.jail_rounds < 0:
            problems.append(f"{p.name}: DI, store, guard and jail rounds cannot be negative")
    return tuple(problems)


def check_round(
    state: EgonState,
    draw: Draw,
    traders: Collection[str],
    orders: Sequence[Order],
    purchases: Sequence[Purchase],
    settings: EgonSettings,
    *,
    builds: Sequence[Build] = (),
    justified: Collection[tuple[str, str]] = (),
) -> tuple[str, ...]:
    """Every problem with a round's input; `evaluate_round` refuses input with any."""
    problems = [*check_state(state), *check_draw(draw, state, settings)]
    status = {p.name: p.status for p in state.players}
    problems += [m for o in orders for m in _order_problems(o, status, traders)]
    problems += check_one_order_a_phase(orders)
    for pu in purchases:
        if pu.player not in status or status[pu.player] == Status.OUT:
            problems.append(f"purchase by {pu.player!r}: no such player in the game")
        if pu.stones < 0 or pu.cost < 0:
            problems.append(f"purchase by {pu.player}: stones and cost cannot be negative")
    for b in builds:
        if b.player not in status or b.stones < 0:
            problems.append(f"build by {b.player!r}: unknown player or negative stones")
    pending = {(bm.blackmailer, bm.victim) for bm in state.blackmails}
    for victim, blackmailer in justified:
        if (blackmailer, victim) not in pending and (blackmailer, None) not in pending:
            problems.append(f"{victim} justified against {blackmailer}: no such blackmail")
    return tuple(problems)


def _order_problems(o: Order, status: dict[str, Status], traders: Collection[str]) -> list[str]:
    """An order's player is in the game; the players and traders it names exist."""
    problems = []
    if o.player not in status:
        problems.append(f"{o.text()}: unknown player {o.player!r}")
    elif status[o.player] == Status.OUT:
        problems.append(f"{o.player}: {o.text()}: the player is out of the game")
    unknown = [("player", n) for n in named_players(o) if n not in status]
    unknown += [("trader", t) for t in _named_traders(o) if t not in traders]
    return problems + [f"{o.player}: {o.text()}: unknown {kind} {name!r}" for kind, name in unknown]


def _named_traders(o: Order) -> tuple[str, ...]:
    if isinstance(o, Accuse) and o.target_is_trader:
        return (o.target,)
    return (o.trader,) if isinstance(o, Bribe) else ()
