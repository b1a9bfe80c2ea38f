"""The working state of one evaluation of a round.

`Work` holds the players as they change, every `Effect` in order, who sits in jail this round
and who is sent there (4.6, 5.5.3), who was accused (5.1.2, 5.1.5), the party guests (6.1.5),
the guards in force (6.3), new blackmails (6.6.3) and the jackpots (5.4.6). The Zuchthaus check
after each action phase (4.6.4) is here too. blackmail.py, phase1.py and phase2.py change a
`Work`; evaluate.py starts one from an `EgonState` and turns it back into one.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TypeVar

from msgspec.structs import replace

from ledger.core.money import round_money
from ledger.core.words import plural
from ledger.rules.egon.orders import (
    Order,
    phase_of,
)
from ledger.rules.egon.state import (
    JAILED,
    ZERO,
    BribeOutcome,
    Draw,
    Effect,
    EgonState,
    PendingBlackmail,
    PlayerState,
    Status,
    as_kj,
)
from ledger.rules.egon.tables import EgonSettings

_O = TypeVar("_O")


@dataclass(slots=True)
class Work:
    state: EgonState
    draw: Draw
    settings: EgonSettings
    orders: Sequence[Order]
    justified: frozenset[tuple[str, str]]
    #: The players as they stand now: each change puts a new record in place (`put`).
    players: dict[str, PlayerState] = field(default_factory=dict)
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
    def put(self, player: PlayerState) -> PlayerState:
        """Put ``player`` in place of the record of the same name; a record read before this
        is the player as he was."""
        self.players[player.name] = player
        return player

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
            self.put(
                replace(
                    p,
                    cash=as_kj(p.cash + e.kj),
                    di=p.di + e.di,
                    store=p.store + e.store,
                    tower=p.tower + e.tower,
                    status=p.status if e.status is None else e.status,
                )
            )
        self.effects.append(e)

    def effect(
        self,
        player: str,
        rule: str,
        text: str,
        source: Order | str | None = None,
        *,
        kj: Decimal = ZERO,
        di: int = 0,
        store: int = 0,
        tower: int = 0,
        status: Status | None = None,
    ) -> None:
        """Book what ``rule`` does to ``player`` (no change: a note), with the order behind it
        (or the text of last round's blackmail) as its source."""
        src = source if isinstance(source, str) else source_of(source)
        self.apply(Effect(player, rule, text, kj, di, store, tower, status, src))

    def sentence(self, name: str, status: Status, rule: str, text: str, src: Order | None) -> None:
        """Send ``name`` to the Gefängnis or Zuchthaus from now on (5.5.3 "eine Runde lang")."""
        s = self.settings
        rounds = s.jail_rounds if status == Status.GEFAENGNIS else s.zuchthaus_rounds
        p = self.players[name]
        new_status = status
        if p.status == Status.ZUCHTHAUS and status == Status.GEFAENGNIS:
            new_status = Status.ZUCHTHAUS
        p = self.put(replace(p, jail_rounds=max(p.jail_rounds, rounds)))
        self.sentenced.add(name)
        self.effect(
            name,
            rule,
            f"{text}: {name} goes to the {new_status.value} for {plural(p.jail_rounds, 'round')}",
            src,
            status=new_status,
        )

    # -- orders ---------------------------------------------------------------------------
    def active(self, kind: type[_O]) -> list[_O]:
        """Orders of one kind whose player may act; void orders of blocked players noted."""
        result: list[_O] = []
        for o in self.orders:
            player, src = o.player, source_of(o)
            if not isinstance(o, kind):
                continue
            if self.blocked(player):
                status = self.players[player].status
                why = "out of the game" if status == Status.OUT else f"in the {status.value}"
                # Ruling (4.6, 5.5.3): a player in jail does not act; one sent there during
                # the round loses his later orders of that round.
                self.effect(player, "4.6", f"order not carried out: {player} is {why}", src)
                continue
            result.append(o)
        return result

    def order_of(self, player: str, phase: int) -> Order | None:
        for o in self.orders:
            if o.player == player and phase_of(o) == phase:
                return o
        return None


def source_of(o: Order | None) -> str:
    return "" if o is None else f"{o.player}: {o.text()}"


def start_work(
    state: EgonState,
    draw: Draw,
    orders: Sequence[Order],
    settings: EgonSettings,
    justified: Collection[tuple[str, str]],
) -> Work:
    w = Work(state, draw, settings, orders, frozenset(justified))
    for p in state.players:
        w.put(replace(p, cash=round_money(p.cash)))
        w.start_di[p.name] = p.di
        if p.status in JAILED:
            w.sitting.add(p.name)
            # This round is served now; what is left counts from the next round.
            w.put(replace(w.players[p.name], jail_rounds=max(0, p.jail_rounds - 1)))
    w.jackpots = {"A": state.jackpots.a, "B": state.jackpots.b, "C": state.jackpots.c}
    return w


def zuchthaus_after_phase(w: Work, before: Mapping[str, int], phase: int) -> None:
    """4.6.4 (README): a DI that rose in this phase above the limit sends to the Zuchthaus.
    5.1.21: the +13 of an Anzeige is not a DI and never counts."""
    s = w.settings
    for name, p in list(w.players.items()):
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
