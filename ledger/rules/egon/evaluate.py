"""One round of "Das kleine Egon-Spiel", evaluated as the texts say: pure, no I/O.

`evaluate_round` runs, in this order:

1. blackmails of last round whose action belongs to phase 1 (6.6.3: "vor der Aktionsphase");
2. phase 1 in the order 5.1 -> 5.6 (README ruling), then the Zuchthaus check (4.6.4);
3. the game master's purchases (section 3, entered data);
4. blackmails of last round whose action belongs to phase 2;
5. phase 2 in the order 6.1 -> 6.6, then the Zuchthaus check;
6. building, when the game master enters it (section 7, optional);
7. salary, then interest on debt, then "out" past the debt limit (README, section 2);
8. jail terms served this round end.

Every change to a player is an `Effect`; the new state is the old one plus the effects (the
tests check this). Where the texts leave a question open the ruling is written next to the
code as ``# Ruling (rule):`` and in docs/decisions-egon.md.

Money is `Decimal` Kj, exact to the cent (`ledger.core.money.CENT`). DIV is floor division of
whole numbers; "aufgerundet" rounds up.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import ROUND_DOWN, Decimal
from enum import StrEnum
from typing import TypeVar

from ledger.core.money import CENT, round_money
from ledger.core.words import plural
from ledger.rules.egon.orders import (
    ALL,
    Accuse,
    ActionSpec,
    Blackmail,
    Bribe,
    Denounce,
    Forge,
    Guard,
    Import,
    Lottery,
    Order,
    Party,
    Rent,
    Sabotage,
    Theft,
    check_one_order_a_phase,
    is_pseudonym,
    phase_of,
)
from ledger.rules.egon.tables import FOUNDATION, LOTTERY_HIGHEST, LOTTERY_LOWEST, EgonSettings

ZERO = Decimal("0.00")
_O = TypeVar("_O")


class Status(StrEnum):
    """Where a player is: free, in the Gefängnis (jail), the Zuchthaus (penitentiary), or out."""

    FREE = "frei"
    GEFAENGNIS = "Gefängnis"
    ZUCHTHAUS = "Zuchthaus"
    OUT = "ausgeschieden"


JAILED = (Status.GEFAENGNIS, Status.ZUCHTHAUS)


class EgonInputError(ValueError):
    """The round's input is inconsistent (check it with `check_round` first)."""

    def __init__(self, problems: Sequence[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = tuple(problems)


# ---------------------------------------------------------------------------
# State and input records
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayerState:
    """One player between rounds.

    ``guard``: the Wachfaktor ordered in the last round (6.3); it is in force again only with
    ``EgonSettings.guards_stay``. ``jail_rounds``: whole rounds still to sit out from the next
    round on, while ``status`` is Gefängnis or Zuchthaus.
    """

    name: str
    cash: Decimal
    di: int = 0
    store: int = 0
    tower: int = FOUNDATION
    guard: int = 0
    status: Status = Status.FREE
    jail_rounds: int = 0


@dataclass(frozen=True, slots=True)
class Jackpots:
    """The three lottery jackpots (5.4.5-5.4.7), in Kj."""

    a: Decimal
    b: Decimal
    c: Decimal

    def get(self, name: str) -> Decimal:
        return {"A": self.a, "B": self.b, "C": self.c}[name]


@dataclass(frozen=True, slots=True)
class PendingBlackmail:
    """A blackmail of round ``made_in_round``, to be settled in the next round (6.6.3).

    ``victim`` None: ``alle`` — every other player is forbidden the action. Otherwise that
    player is forced to do it. The penalty is what the game master entered (6.6.2, 6.6.21).
    """

    blackmailer: str
    action: ActionSpec
    victim: str | None
    made_in_round: int
    penalty_kj: Decimal = ZERO
    penalty_stones: int = 0

    @property
    def forced(self) -> bool:
        return self.victim is not None

    def text(self) -> str:
        return f"e,{self.action.text()},{self.victim or ALL}"


@dataclass(frozen=True, slots=True)
class EgonState:
    """The game between rounds. ``round`` is the last round evaluated (0 before the first)."""

    round: int
    players: tuple[PlayerState, ...]
    jackpots: Jackpots
    blackmails: tuple[PendingBlackmail, ...] = ()

    def player(self, name: str) -> PlayerState:
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)

    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.players)


@dataclass(frozen=True, slots=True)
class Draw:
    """The round's lottery draw and what the game master enters with it.

    ``numbers``: the six main numbers; ``zz`` the Zusatzzahl; ``z6`` the last of the six after
    the ordering rule 8.1 (so one of ``numbers``); ``storm``: an Unwetter (6.1.6);
    ``max_price``: the highest price a trader asked for a stone this round (6.2.1).
    """

    round: int
    numbers: tuple[int, ...]
    zz: int
    z6: int
    storm: bool = False
    max_price: Decimal = ZERO


@dataclass(frozen=True, slots=True)
class Purchase:
    """What a player bought in the buying phase (section 3), entered by the game master."""

    player: str
    stones: int
    cost: Decimal
    note: str = ""


@dataclass(frozen=True, slots=True)
class Build:
    """Stones a player builds from the store onto the tower (section 7), entered data."""

    player: str
    stones: int


@dataclass(frozen=True, slots=True)
class Effect:
    """One change to one player (or, with ``player`` "", to the lottery's jackpots).

    ``kj``, ``di``, ``store``, ``tower`` are the changes; ``status`` the new status when it
    changes; ``rule`` the rule number; ``source`` the order behind it ("ABC: d,3,XYZ").
    """

    player: str
    rule: str
    text: str
    kj: Decimal = ZERO
    di: int = 0
    store: int = 0
    tower: int = 0
    status: Status | None = None
    source: str = ""


@dataclass(frozen=True, slots=True)
class BribeOutcome:
    """Who bribed a trader best (5.6.2, 5.6.5), for the buying phase; ``confiscated`` 5.6.6."""

    trader: str
    winners: tuple[str, ...]
    amount: Decimal
    confiscated: bool


@dataclass(frozen=True, slots=True)
class Phase1Result:
    """The state after phase 1 (before purchases), for the game master's buying phase."""

    state: EgonState
    effects: tuple[Effect, ...]
    bribes: tuple[BribeOutcome, ...]
    accused: frozenset[str]
    accused_traders: frozenset[str]


@dataclass(frozen=True, slots=True)
class RoundResult:
    """The new state and every effect of the round, in the order they happened."""

    state: EgonState
    effects: tuple[Effect, ...]
    bribes: tuple[BribeOutcome, ...]
    accused: frozenset[str]
    guests: frozenset[str]


def initial_state(
    names: Iterable[str], cash: Decimal, settings: EgonSettings | None = None
) -> EgonState:
    """Round 0: every player with ``cash``, DI 0, an empty store and the foundation (1.5);
    the jackpots at their Mindestinhalt (5.4.7)."""
    s = settings or EgonSettings()
    players = tuple(PlayerState(n, _kj(cash), tower=s.foundation) for n in names)
    jackpots = Jackpots(_kj(s.jackpot_a_min), _kj(s.jackpot_b_min), _kj(s.jackpot_c_min))
    return EgonState(0, players, jackpots)


# ---------------------------------------------------------------------------
# Checks of the input
# ---------------------------------------------------------------------------


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
    problems = list(check_state(state)) + list(check_draw(draw, state, settings))
    status = {p.name: p.status for p in state.players}
    for o in orders:
        if o.player not in status:
            problems.append(f"{o.text()}: unknown player {o.player!r}")
        elif status[o.player] == Status.OUT:
            problems.append(f"{o.player}: {o.text()}: the player is out of the game")
        for name in _named_players(o):
            if name not in status:
                problems.append(f"{o.player}: {o.text()}: unknown player {name!r}")
        if isinstance(o, Bribe) and o.trader not in traders:
            problems.append(f"{o.player}: {o.text()}: unknown trader {o.trader!r}")
        if isinstance(o, Accuse) and o.target_is_trader and o.target not in traders:
            problems.append(f"{o.player}: {o.text()}: unknown trader {o.target!r}")
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


def _named_players(o: Order) -> tuple[str, ...]:
    if isinstance(o, Accuse):
        return () if o.target_is_trader else (o.target,)
    if isinstance(o, Denounce | Theft | Sabotage):
        return (o.target,)
    if isinstance(o, Party):
        return o.guests
    if isinstance(o, Blackmail):
        return () if o.target is None else (o.target,)
    return ()


# ---------------------------------------------------------------------------
# Small arithmetic of the texts
# ---------------------------------------------------------------------------


def div(a: int, b: int) -> int:
    """DIV: integer division rounding down (README)."""
    return a // b


def ceil_div(a: int, b: int) -> int:
    """a / b "aufgerundet"."""
    return -(-a // b)


def digit_sum(n: int) -> int:
    return sum(int(c) for c in str(n))


def _kj(value: Decimal | int) -> Decimal:
    return Decimal(value).quantize(CENT)


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


# ---------------------------------------------------------------------------
# The working state of one evaluation
# ---------------------------------------------------------------------------


@dataclass(slots=True)
class _P:
    name: str
    cash: Decimal
    di: int
    store: int
    tower: int
    guard: int
    status: Status
    jail_rounds: int


@dataclass(slots=True)
class _Work:
    state: EgonState
    draw: Draw
    settings: EgonSettings
    orders: Sequence[Order]
    justified: frozenset[tuple[str, str]]
    players: dict[str, _P] = field(default_factory=dict)
    effects: list[Effect] = field(default_factory=list)
    start_di: dict[str, int] = field(default_factory=dict)
    #: In jail at the start of the round: they sit this round out.
    sitting: set[str] = field(default_factory=set)
    #: Sent to jail or Zuchthaus during this round: their later orders are void.
    sentenced: set[str] = field(default_factory=set)
    #: 5.1.2: actions judged with DI + 13.
    bonus13: set[str] = field(default_factory=set)
    #: Successfully accused in any way (5.1.5, 5.6.7).
    accused: set[str] = field(default_factory=set)
    accused_traders: set[str] = field(default_factory=set)
    bribes: list[BribeOutcome] = field(default_factory=list)
    guests: set[str] = field(default_factory=set)
    guard_eff: dict[str, int] = field(default_factory=dict)
    new_blackmails: list[PendingBlackmail] = field(default_factory=list)
    jackpots: dict[str, Decimal] = field(default_factory=dict)

    # -- players --------------------------------------------------------------------------
    def out(self, name: str) -> bool:
        return self.players[name].status == Status.OUT

    def blocked(self, name: str) -> bool:
        """Cannot act now: out, sitting in jail this round, or sent there this round."""
        return self.out(name) or name in self.sitting or name in self.sentenced

    def di_for_action(self, name: str) -> int:
        """The DI an action of ``name`` is judged with: 5.1.2 adds 13 after an Anzeige."""
        bonus = self.settings.accused_di_bonus if name in self.bonus13 else 0
        return self.players[name].di + bonus

    def apply(self, e: Effect) -> None:
        if e.player:
            p = self.players[e.player]
            p.cash = _kj(p.cash + e.kj)
            p.di += e.di
            p.store += e.store
            p.tower += e.tower
            if e.status is not None:
                p.status = e.status
        self.effects.append(e)

    def note(self, player: str, rule: str, text: str, source: Order | None = None) -> None:
        self.apply(Effect(player, rule, text, source=_source(source)))

    def sentence(self, name: str, status: Status, rule: str, text: str, src: Order | None) -> None:
        """Send ``name`` to the Gefängnis or Zuchthaus from now on (5.5.3 "eine Runde lang")."""
        s = self.settings
        rounds = s.jail_rounds if status == Status.GEFAENGNIS else s.zuchthaus_rounds
        p = self.players[name]
        new_status = status
        if p.status == Status.ZUCHTHAUS and status == Status.GEFAENGNIS:
            new_status = Status.ZUCHTHAUS
        p.jail_rounds = max(p.jail_rounds, rounds)
        self.sentenced.add(name)
        self.apply(
            Effect(
                name,
                rule,
                f"{text}: {name} goes to the {new_status.value} for {plural(p.jail_rounds, 'round')}",
                status=new_status,
                source=_source(src),
            )
        )

    # -- orders ---------------------------------------------------------------------------
    def active(self, kind: type[_O]) -> list[_O]:
        """Orders of one kind whose player may act; void orders of blocked players noted."""
        result: list[_O] = []
        for o in self.orders:
            player, src = o.player, _source(o)
            if not isinstance(o, kind):
                continue
            if self.blocked(player):
                status = self.players[player].status
                why = "out of the game" if status == Status.OUT else f"in the {status.value}"
                # Ruling (4.6, 5.5.3): a player in jail does not act; one sent there during
                # the round loses his later orders of that round.
                self.apply(
                    Effect(player, "4.6", f"order not carried out: {player} is {why}", source=src)
                )
                continue
            result.append(o)
        return result

    def order_of(self, player: str, phase: int) -> Order | None:
        for o in self.orders:
            if o.player == player and phase_of(o) == phase:
                return o
        return None


def _source(o: Order | None) -> str:
    return "" if o is None else f"{o.player}: {o.text()}"


def _start(
    state: EgonState,
    draw: Draw,
    orders: Sequence[Order],
    settings: EgonSettings,
    justified: Collection[tuple[str, str]],
) -> _Work:
    w = _Work(state, draw, settings, orders, frozenset(justified))
    for p in state.players:
        w.players[p.name] = _P(
            p.name,
            p.cash.quantize(CENT),
            p.di,
            p.store,
            p.tower,
            p.guard,
            p.status,
            p.jail_rounds,
        )
        w.start_di[p.name] = p.di
        if p.status in JAILED:
            w.sitting.add(p.name)
            # This round is served now; what is left counts from the next round.
            w.players[p.name].jail_rounds = max(0, p.jail_rounds - 1)
    w.jackpots = {"A": state.jackpots.a, "B": state.jackpots.b, "C": state.jackpots.c}
    return w


# ---------------------------------------------------------------------------
# 6.6.3-6.6.5 Blackmail of last round, settled before its action phase
# ---------------------------------------------------------------------------


def _victims(w: _Work, bm: PendingBlackmail) -> list[str]:
    if bm.victim is not None:
        return [bm.victim]
    return [n for n in w.players if n != bm.blackmailer and not w.out(n)]


def _complied(w: _Work, bm: PendingBlackmail, victim: str) -> bool:
    order = w.order_of(victim, bm.action.phase)
    done = bm.action.matches(order)
    return done if bm.forced else not done


def _justified_defiance(w: _Work) -> set[tuple[str, str]]:
    """(victim, blackmailer) pairs where the victim defies with a Rechtfertigung (6.6.42)."""
    pairs: set[tuple[str, str]] = set()
    for bm in w.state.blackmails:
        for v in _victims(w, bm):
            if (v, bm.blackmailer) in w.justified and not _complied(w, bm, v):
                pairs.add((v, bm.blackmailer))
    return pairs


def _settle_blackmails(w: _Work, phase: int) -> None:
    d = w.draw
    for bm in w.state.blackmails:
        if bm.action.phase != phase:
            continue
        src = f"{bm.blackmailer}: {bm.text()} (round {bm.made_in_round})"
        for v in _victims(w, bm):
            if w.out(bm.blackmailer):
                w.apply(
                    Effect(
                        v,
                        "6.6.3",
                        f"blackmail by {bm.blackmailer} lapses: the blackmailer is out of the game",
                        source=src,
                    )
                )
                continue
            if w.blocked(v):
                # Ruling (6.6.4): a victim who cannot act this round is not punished.
                w.apply(
                    Effect(
                        v,
                        "6.6.41",
                        f"{v} cannot act this round: the blackmail by "
                        f"{bm.blackmailer} has no effect",
                        source=src,
                    )
                )
                continue
            if _complied(w, bm, v):
                w.apply(
                    Effect(
                        v,
                        "6.6.41",
                        f"{v} complies with the blackmail by {bm.blackmailer}: no further effect",
                        source=src,
                    )
                )
                continue
            if (v, bm.blackmailer) in w.justified:
                # Ruling (6.6.42): the DIs as they stand before this action phase, without the
                # +13 of 5.1.2 (the blackmail is last round's action, not this round's).
                lhs = w.players[v].di + d.z6
                rhs = w.players[bm.blackmailer].di + d.zz
                if lhs <= rhs:
                    w.apply(
                        Effect(
                            v,
                            "6.6.42",
                            f"{v} defies {bm.blackmailer} with a "
                            f"Rechtfertigung: DI+Z6 = {lhs} is not greater than the "
                            f"blackmailer's DI+ZZ = {rhs}: no penalty",
                            source=src,
                        )
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
            kj = _kj(bm.penalty_kj)
            w.apply(
                Effect(
                    v,
                    rule,
                    f"{why}: the penalty is paid ({kj} Kj, {plural(stones, 'stone')})",
                    kj=-kj,
                    store=-stones,
                    source=src,
                )
            )
            w.apply(
                Effect(
                    bm.blackmailer,
                    rule,
                    f"{bm.blackmailer} receives the penalty from {v} ({kj} Kj, {plural(stones, 'stone')})",
                    kj=kj,
                    store=stones,
                    source=src,
                )
            )


# ---------------------------------------------------------------------------
# Phase 1
# ---------------------------------------------------------------------------


def _accusations(w: _Work) -> None:
    """5.1 Anzeige. Ruling (5.1.4, 5.1): every Anzeige is judged with the DI at the start of
    the round; they happen at the same time."""
    s, d = w.settings, w.draw
    defiance = _justified_defiance(w)
    raise15: Counter[str] = Counter()
    plain: Counter[str] = Counter()
    for o in w.active(Accuse):
        p = o.player
        if not o.target_is_trader:
            if w.out(o.target):
                w.note(p, "5.1", f"{o.target} is out of the game: no Anzeige", o)
                continue
            if w.state.player(o.target).status in JAILED:
                # Ruling (5.1.6): the Anzeige does not happen, so 5.1.7 does not judge it.
                w.note(
                    p,
                    "5.1.6",
                    f"{o.target} sits in the "
                    f"{w.state.player(o.target).status.value} and cannot be accused",
                    o,
                )
                continue
        value = w.start_di[p] + d.z6 - 2 * d.round
        calc = f"DI {w.start_di[p]} + Z6 {d.z6} - 2 x Rd {d.round} = {value}"
        if value < s.accuse_fails_at:
            if o.target_is_trader:
                w.accused_traders.add(o.target)
                w.note(
                    p,
                    "5.1.1",
                    f"Anzeige against {o.target} succeeds ({calc} < "
                    f"{s.accuse_fails_at}): all bribes paid to {o.target} are forfeit",
                    o,
                )
            elif (p, o.target) in defiance:
                raise15[o.target] += 1
                w.note(
                    p,
                    "6.6.5",
                    f"Anzeige against {o.target} succeeds ({calc} < "
                    f"{s.accuse_fails_at}); {p} defied {o.target}'s blackmail with a "
                    f"Rechtfertigung: 15% instead of 13",
                    o,
                )
            else:
                plain[o.target] += 1
                w.note(
                    p,
                    "5.1.2",
                    f"Anzeige against {o.target} succeeds ({calc} < {s.accuse_fails_at})",
                    o,
                )
            continue
        di = s.slander_di if value >= s.accuse_slander_at else 0
        w.apply(
            Effect(
                p,
                "5.1.7",
                f"Anzeige against {o.target} fails ({calc} >= "
                f"{s.accuse_fails_at})" + (f"; üble Nachrede: +{di} DI" if di else ""),
                di=di,
                source=_source(o),
            )
        )
        if value >= s.accuse_jail_at:
            w.sentence(p, Status.GEFAENGNIS, "5.1.7", f"{calc} >= {s.accuse_jail_at}", o)
    for target, n in sorted(plain.items()):
        w.bonus13.add(target)
        w.accused.add(target)
        extra = f" ({n} Anzeigen, not additive: 5.1.3)" if n > 1 else ""
        w.note(
            target,
            "5.1.3" if n > 1 else "5.1.2",
            f"{target} was accused{extra}: his actions this round count DI + {s.accused_di_bonus}",
        )
    for target, n in sorted(raise15.items()):
        w.accused.add(target)
        # Ruling (6.6.5): 15% of the DI at the start of the round, rounded up, once per
        # Anzeige ("Mehrere Anzeigen addieren sich"); a real rise, so it counts for 5.3/5.5.
        each = ceil_div(w.start_di[target] * s.blackmail_accused_percent, 100)
        w.apply(
            Effect(
                target,
                "6.6.5",
                f"{target} was accused by {plural(n, 'victim')} of his "
                f"blackmail: DI + {n} x {s.blackmail_accused_percent}% of "
                f"{w.start_di[target]} (rounded up, {each}) for good",
                di=n * each,
            )
        )


def _denunciations(w: _Work) -> None:
    """5.2 Denunzieren. Ruling (5.2.3, 5.1.4): judged with the DI at the start of the round."""
    s, d = w.settings, w.draw
    for o in w.active(Denounce):
        p, pts = o.player, o.points
        if w.out(o.target):
            w.note(p, "5.2", f"{o.target} is out of the game: no Denunziation", o)
            continue
        base = w.start_di[p] - 2 * d.round + s.denounce_points_factor * pts
        if base + s.lowest_z6 >= s.denounce_limit:
            w.apply(
                Effect(
                    p,
                    "5.2.4",
                    f"Denunziation of {o.target} with {pts} points is "
                    f"invalid: even with Z6 = {s.lowest_z6} the value {base + s.lowest_z6}"
                    f" >= {s.denounce_limit}; +{s.denounce_invalid_di} DI for {p}",
                    di=s.denounce_invalid_di,
                    source=_source(o),
                )
            )
            continue
        w.apply(
            Effect(
                o.target,
                "5.2.2",
                f"{o.target} is denounced by {p}: +{pts} DI",
                di=pts,
                source=_source(o),
            )
        )
        value = base + d.z6
        calc = (
            f"DI {w.start_di[p]} + Z6 {d.z6} - 2 x Rd {d.round} + "
            f"{s.denounce_points_factor} x {pts} = {value}"
        )
        if value >= s.denounce_limit:
            half = ceil_div(pts, 2)
            w.apply(
                Effect(
                    p,
                    "5.2.1",
                    f"{calc} >= {s.denounce_limit}: the denouncer gets "
                    f"half the points (rounded up): +{half} DI",
                    di=half,
                    source=_source(o),
                )
            )
        else:
            w.note(p, "5.2.1", f"{calc} < {s.denounce_limit}: the denouncer goes free", o)


def _rentals(w: _Work) -> None:
    """5.3 Vermieten. Ruling (5.2.3): the DI after 5.1/5.2 of this round, +13 (5.1.2)."""
    s, d = w.settings, w.draw
    renters: list[Rent] = []
    for o in w.active(Rent):
        tower = w.players[o.player].tower
        if tower <= s.foundation:
            w.note(
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
        raw = div(s.rent_factor * (s.rent_base + d.z6 - di), higher + 2)
        income = max(0, raw)
        calc = (
            f"({s.rent_factor} x ({s.rent_base} + Z6 {d.z6} - DI {di})) DIV "
            f"(T {higher} + 2) = {raw}"
        )
        if raw < 0:
            w.note(o.player, "5.3.3", f"rent: {calc}: no negative rent, nothing", o)
        else:
            w.apply(
                Effect(o.player, "5.3.1", f"rent: {calc} Kj", kj=_kj(income), source=_source(o))
            )


def _lottery(w: _Work) -> None:
    """5.4 Lotterie."""
    s, d = w.settings, w.draw
    tickets: list[Lottery] = []
    for o in w.active(Lottery):
        tickets.append(o)
        w.apply(
            Effect(
                o.player,
                "5.4",
                f"lottery ticket {o.number:02d}: {_kj(s.lottery_ticket)} Kj",
                kj=-_kj(s.lottery_ticket),
                source=_source(o),
            )
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
        share = min((pot / total).quantize(CENT, rounding=ROUND_DOWN), _kj(top))
        for player, v in wins.items():
            if v[i]:
                won[player] += share * v[i]
                what[player].append(f"{v[i]} x {cls} ({share} Kj)")
        w.jackpots[cls] = pot - share * total
    for o in tickets:
        if won[o.player]:
            w.apply(
                Effect(
                    o.player,
                    "5.4.5",
                    f"Losnummer {o.number:02d} on Z6 {d.z6:02d} wins {', '.join(what[o.player])}",
                    kj=won[o.player],
                    source=_source(o),
                )
            )
        else:
            w.note(o.player, "5.4.3", f"Losnummer {o.number:02d} on Z6 {d.z6:02d}: no win", o)
    parts = []
    for cls in "ABC":
        _top, minimum, step = s.jackpot_class(cls)
        before = w.jackpots[cls]
        # 5.4.6: raised by the Erhöhung per lottery player, or set to the Mindestinhalt.
        w.jackpots[cls] = _kj(max(before + step * len(tickets), minimum))
        parts.append(f"{cls} {w.jackpots[cls]}")
    w.note(
        "",
        "5.4.6",
        f"jackpots for the next round ({plural(len(tickets), 'lottery player')}): "
        + ", ".join(parts),
    )


def _forgery(w: _Work) -> None:
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
        w.apply(
            Effect(
                p,
                "5.5.2",
                f"forgery of {amount} Kj: P = ({amount} + "
                f"{s.forgery_z6_factor} x Z6 {d.z6}) DIV {s.forgery_divisor} = {pts}: "
                f"+{pts} DI",
                di=pts,
                source=_source(o),
            )
        )
        calc = f"DI {di} + {s.forgery_p_factor} x P {pts} + ZZ {d.zz} - 2 x Rd {d.round} = {value}"
        if value >= s.forgery_caught_at:
            w.note(
                p,
                "5.5.3",
                f"{calc} >= {s.forgery_caught_at}: caught in the act, the money is confiscated",
                o,
            )
            w.sentence(p, Status.GEFAENGNIS, "5.5.3", "caught forging", o)
        else:
            w.apply(
                Effect(
                    p,
                    "5.5.1",
                    f"{calc} < {s.forgery_caught_at}: the forged {amount} Kj are paid out",
                    kj=_kj(o.amount),
                    source=_source(o),
                )
            )


def _bribes(w: _Work, traders: Sequence[str]) -> None:
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
                w.apply(
                    Effect(
                        p,
                        "5.6.7",
                        f"{p} was accused while bribing {trader}: the "
                        f"{_kj(o.amount)} Kj are gone, +{s.bribe_caught_di} DI (5.6.8)",
                        kj=-_kj(o.amount),
                        di=s.bribe_caught_di,
                        source=_source(o),
                    )
                )
                w.sentence(p, Status.GEFAENGNIS, "5.6.7", "caught bribing", o)
            elif confiscated:
                w.apply(
                    Effect(
                        p,
                        "5.1.1",
                        f"{trader} was accused: the police confiscate the "
                        f"bribe of {_kj(o.amount)} Kj (5.6.6), +{s.bribe_caught_di} DI "
                        "(5.6.8), no stones",
                        kj=-_kj(o.amount),
                        di=s.bribe_caught_di,
                        source=_source(o),
                    )
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
                    f"highest bribe at {trader} ({_kj(o.amount)} Kj): his minimum "
                    f"quantity before the market, at the asking price{tie}"
                )
            else:
                rule = "5.6.1"
                text = (
                    f"{trader} takes the bribe of {_kj(o.amount)} Kj; a higher bribe "
                    "wins, no stones for it"
                )
            w.apply(Effect(o.player, rule, text, kj=-_kj(o.amount), source=_source(o)))
        w.bribes.append(BribeOutcome(trader, winners, _kj(best), False))


def _zuchthaus(w: _Work, before: Mapping[str, int], phase: int) -> None:
    """4.6.4 (README): a DI that rose in this phase above the limit sends to the Zuchthaus.
    5.1.21: the +13 of an Anzeige is not a DI and never counts."""
    s = w.settings
    for name, p in w.players.items():
        if p.status == Status.OUT:
            continue
        if p.di > s.zuchthaus_di_limit and p.di > before[name]:
            w.sentence(
                name,
                Status.ZUCHTHAUS,
                "4.6.4",
                f"DI {p.di} is above {s.zuchthaus_di_limit} after action phase {phase}",
                None,
            )


def _phase1(w: _Work, traders: Sequence[str]) -> None:
    before = {n: p.di for n, p in w.players.items()}
    _settle_blackmails(w, 1)
    _accusations(w)
    _denunciations(w)
    _rentals(w)
    _lottery(w)
    _forgery(w)
    _bribes(w, traders)
    _zuchthaus(w, before, 1)


# ---------------------------------------------------------------------------
# Phase 2
# ---------------------------------------------------------------------------


def _parties(w: _Work) -> None:
    """6.1 Party."""
    s, d = w.settings, w.draw
    parties: list[Party] = []
    for o in w.active(Party):
        if d.storm:
            # Ruling (6.1.6): a party stopped by the storm costs nothing.
            w.note(
                o.player,
                "6.1.6",
                "an Unwetter prevents the party: the invitation is "
                "not printed; the game master keeps it for later",
                o,
            )
        elif not o.guests:
            w.note(
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
            f"party for {_kj(o.amount)} Kj: {int(o.amount)} DIV ({s.party_zz_factor} x ZZ "
            f"{d.zz}) = {plural(n, 'guest')} invited; came: {', '.join(came) or 'nobody'}"
        )
        if torn:
            text += f"; invited to several parties, so to none (6.1.3): {', '.join(torn)}"
        text += f"; DI -{cut} (6.1.4, not below 0)"
        w.apply(Effect(o.player, "6.1.4", text, kj=-_kj(o.amount), di=-cut, source=_source(o)))
        for g in came:
            w.note(
                g,
                "6.1.5",
                f"{g} is a guest at {o.player}'s party: no blackmail, theft, "
                "sabotage or import this round, guarding halved",
                o,
            )


def _imports(w: _Work) -> None:
    """6.2 Import."""
    s, d = w.settings, w.draw
    for o in w.active(Import):
        if o.player in w.guests:
            w.note(o.player, "6.2.2", "a party guest cannot import: no stones, no cost", o)
            continue
        n = o.count
        # Ruling (6.2.1): "4 mal Anzahl hoch 2" is 4 x (Anzahl^2); the price is per stone.
        price = d.max_price + s.import_square_factor * n * n
        cost = _kj(price * n)
        w.apply(
            Effect(
                o.player,
                "6.2.1",
                f"import of {plural(n, 'stone')} at Maxpreis "
                f"{d.max_price} + {s.import_square_factor} x {n}^2 = {price} Kj each: "
                f"{cost} Kj",
                kj=-cost,
                store=n,
                source=_source(o),
            )
        )


def _guards(w: _Work) -> None:
    """6.3 Bewachen."""
    s = w.settings
    ordered: dict[str, int] = {}
    for o in w.active(Guard):
        ordered[o.player] = o.factor
        half = o.player in w.guests
        eff = div(o.factor, 2) if half else o.factor
        cost = _kj(s.guard_price * o.factor)
        text = f"{plural(o.factor, 'guard team')} at {s.guard_price} Kj: {cost} Kj"
        if half:
            text += f"; a party guest: Wachfaktor halved to {eff} (6.3.2)"
        w.apply(Effect(o.player, "6.3.2" if half else "6.3.1", text, kj=-cost, source=_source(o)))
    for name, p in w.players.items():
        if name in ordered:
            p.guard = ordered[name]
        elif not s.guards_stay:
            p.guard = 0
        w.guard_eff[name] = div(p.guard, 2) if name in w.guests else p.guard


def _thefts(w: _Work) -> None:
    """6.4 Diebstahl: all at the same time, from the stores as they stand after 6.2."""
    s, d = w.settings, w.draw
    wanted: dict[str, list[Theft]] = {}
    for o in w.active(Theft):
        p, t, n = o.player, o.target, o.count
        if p in w.guests:
            w.note(p, "6.1.5", "a party guest cannot steal", o)
            continue
        if w.out(t):
            w.note(p, "6.4", f"{t} is out of the game: no theft", o)
            continue
        guard = w.guard_eff[t]
        di = w.di_for_action(p)
        value = di + d.zz + guard - 2 * d.round + 2 * div(n + 1, 2)
        calc = (
            f"DI {di} + ZZ {d.zz} + Wachfaktor {guard} - 2 x Rd {d.round} + "
            f"2 x (({n} + 1) DIV 2) = {value}"
        )
        penalty = s.theft_di_per_stone * n
        if value < s.theft_sure_below:
            ok, di_up, jail = True, 0, False
        elif value <= s.theft_unguarded_upto:
            ok, di_up, jail = guard == 0, 0, False
        elif value <= s.theft_penalty_upto:
            ok, di_up, jail = guard == 0, penalty, False
        else:
            ok, di_up, jail = False, penalty, True
        if ok:
            wanted.setdefault(t, []).append(o)
            w.apply(
                Effect(
                    p,
                    "6.4.1",
                    f"theft from {t}: {calc}: it succeeds" + (f"; +{di_up} DI" if di_up else ""),
                    di=di_up,
                    source=_source(o),
                )
            )
        else:
            w.apply(
                Effect(
                    p,
                    "6.4.1",
                    f"theft from {t}: {calc}: it fails" + (f"; +{di_up} DI" if di_up else ""),
                    di=di_up,
                    source=_source(o),
                )
            )
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
            w.apply(
                Effect(
                    o.player,
                    rule,
                    f"{o.player} steals {k} of {plural(o.count, 'stone')} from {victim}'s store",
                    store=k,
                    source=_source(o),
                )
            )
            w.apply(
                Effect(
                    victim,
                    rule,
                    f"{o.player} steals {plural(k, 'stone')} from {victim}'s store",
                    store=-k,
                    source=_source(o),
                )
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


def _sabotage(w: _Work) -> None:
    """6.5 Sabotage."""
    s, d = w.settings, w.draw
    blasts: Counter[str] = Counter()
    for o in w.active(Sabotage):
        p, t = o.player, o.target
        if p in w.guests:
            w.note(p, "6.1.5", "a party guest cannot sabotage: no cost", o)
            continue
        if w.out(t):
            w.note(p, "6.5", f"{t} is out of the game: no sabotage", o)
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
        w.apply(
            Effect(
                p,
                "6.5.32",
                f"sabotage of {t}'s tower for {_kj(o.amount)} Kj: {verdict}{note}",
                kj=-_kj(o.amount),
                di=di_up,
                source=_source(o),
            )
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
        w.apply(
            Effect(
                t,
                "6.5.2" if broken else "6.5.1",
                f"{plural(n, 'blast')} at {t}'s tower: {plural(fall, 'stone')} "
                f"{_verb(fall, 'fall')} (ZZ {d.zz}{kept}); {high} from above Z6 {d.z6}, "
                f"({n} x {z})% of them rounded up = {broken} {_verb(broken, 'break')}; "
                f"{fall - broken} {_verb(fall - broken, 'land')} in the store",
                tower=-fall,
                store=fall - broken,
            )
        )


def _blackmails(w: _Work) -> None:
    """6.6 Erpressen: recorded now, settled next round (6.6.3)."""
    for o in w.active(Blackmail):
        p = o.player
        if p in w.guests:
            w.note(
                p,
                "6.6.6",
                "a party guest cannot blackmail (6.1.5): the article is "
                "printed and counts for the Pressepflicht",
                o,
            )
            continue
        if p in w.accused:
            w.note(p, "5.1.5", f"{p} was accused this round and cannot blackmail", o)
            continue
        if o.target is not None and w.out(o.target):
            w.note(p, "6.6", f"{o.target} is out of the game: no blackmail", o)
            continue
        w.new_blackmails.append(
            PendingBlackmail(
                p, o.action, o.target, w.draw.round, _kj(o.penalty_kj), o.penalty_stones
            )
        )
        whom = f"forces {o.target} to do" if o.target else "forbids everyone"
        w.note(
            p,
            "6.6.3",
            f"{p} {whom} '{o.action.text()}' next round (before action phase "
            f"{o.action.phase}); penalty {_kj(o.penalty_kj)} Kj, "
            f"{plural(o.penalty_stones, 'stone')}",
            o,
        )


def _verb(n: int, verb: str) -> str:
    """`1 stone falls`, `2 stones fall`."""
    return verb + "s" if n == 1 else verb


def _phase2(w: _Work) -> None:
    before = {n: p.di for n, p in w.players.items()}
    _settle_blackmails(w, 2)
    _parties(w)
    _imports(w)
    _guards(w)
    _thefts(w)
    _sabotage(w)
    _blackmails(w)
    _zuchthaus(w, before, 2)


# ---------------------------------------------------------------------------
# Purchases, building, salary and debt
# ---------------------------------------------------------------------------


def _purchases(w: _Work, purchases: Sequence[Purchase]) -> None:
    for pu in purchases:
        w.apply(
            Effect(
                pu.player,
                "3",
                f"buying phase: {plural(pu.stones, 'stone')} for "
                f"{_kj(pu.cost)} Kj" + (f" ({pu.note})" if pu.note else ""),
                kj=-_kj(pu.cost),
                store=pu.stones,
            )
        )


def _builds(w: _Work, builds: Sequence[Build]) -> None:
    for b in builds:
        if w.out(b.player):
            continue
        # Ruling (7): a player builds what he has in store after phase 2, at most.
        k = min(b.stones, w.players[b.player].store)
        w.apply(
            Effect(
                b.player,
                "7",
                f"builds {k} of {plural(b.stones, 'stone')} onto the tower",
                store=-k,
                tower=k,
            )
        )


def _salary_and_debt(w: _Work) -> None:
    s, d = w.settings, w.draw
    lotto = sum(d.numbers) + d.zz
    for name, p in w.players.items():
        if p.status == Status.OUT:
            continue
        # README (2.): salary = 10 x sum of the 7 numbers + 10 x tower height; Ruling: paid
        # after phase 2 and building, also in jail.
        pay = _kj(s.salary_per_lottery_point * lotto + s.salary_per_tower_stone * p.tower)
        w.apply(
            Effect(
                name,
                "2",
                f"salary: {s.salary_per_lottery_point} x {lotto} + "
                f"{s.salary_per_tower_stone} x tower {p.tower} = {pay} Kj",
                kj=pay,
            )
        )
        if p.cash < 0:
            interest = round_money(p.cash * s.debt_interest_percent / 100)
            w.apply(
                Effect(
                    name,
                    "2",
                    f"{s.debt_interest_percent}% interest on a debt of "
                    f"{-p.cash} Kj: {-interest} Kj",
                    kj=interest,
                )
            )
        if p.cash < -s.out_debt_limit:
            w.apply(
                Effect(
                    name,
                    "2",
                    f"a debt of {-p.cash} Kj is past {s.out_debt_limit} Kj: "
                    f"{name} is out of the game",
                    status=Status.OUT,
                )
            )


def _end_of_round(w: _Work) -> None:
    for name, p in w.players.items():
        if p.status in JAILED and p.jail_rounds == 0:
            w.apply(
                Effect(
                    name, "4.6", f"{name} has served his time and is free again", status=Status.FREE
                )
            )


def _state_of(w: _Work, round_: int, blackmails: tuple[PendingBlackmail, ...]) -> EgonState:
    players = tuple(
        PlayerState(
            p.name,
            p.cash,
            p.di,
            p.store,
            p.tower,
            p.guard,
            p.status,
            p.jail_rounds if p.status in JAILED else 0,
        )
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
    w = _start(state, draw, orders, s, justified)
    _phase1(w, traders)
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

    Raises `EgonInputError` when `check_round` finds a problem.
    """
    s = settings or EgonSettings()
    problems = check_round(
        state, draw, traders, orders, purchases, s, builds=builds, justified=justified
    )
    if problems:
        raise EgonInputError(problems)
    w = _start(state, draw, orders, s, justified)
    _phase1(w, traders)
    _purchases(w, purchases)
    _phase2(w)
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


def with_player(state: EgonState, player: PlayerState) -> EgonState:
    """The state with one player's record replaced (for tests and the game master's fixes)."""
    return replace(
        state, players=tuple(player if p.name == player.name else p for p in state.players)
    )
