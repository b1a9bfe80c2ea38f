"""The Egon-Spiel between rounds, and the records a round reads and writes: pure, no I/O.

The players (`PlayerState`: cash, DI, store, tower, guard, status and jail term, 4.6), the
lottery's jackpots (5.4.5-5.4.7), blackmails waiting to be settled next round (6.6.3), the draw
(8.1, the storm of 6.1.6, the highest trader price of 6.2.1), the game master's purchases
(section 3) and building (section 7), every change to a player as an `Effect`, and what phase 1
and a whole round return. `initial_state` is round 0 (1.5, 5.4.7).

Also the small arithmetic of the texts: DIV, "aufgerundet", digit sums, Kj to the cent.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import Decimal
from enum import StrEnum

import msgspec
from msgspec.structs import replace

from ledger.core.money import round_money
from ledger.rules.egon.orders import (
    ALL,
    ActionSpec,
)
from ledger.rules.egon.tables import FOUNDATION, EgonSettings

ZERO = Decimal("0.00")


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


class MissingMaxpreis(EgonInputError):
    """6.2.1: an import is to be paid, but the round has no Maxpreis (no trader price typed).

    ``imports``: the import orders that would be charged, as ``ABC: i,2``.
    """

    def __init__(self, round_: int, imports: Sequence[str]) -> None:
        super().__init__(
            [f"round {round_}: {', '.join(imports)}: no Maxpreis, the highest trader price (6.2.1)"]
        )
        self.round = round_
        self.imports = tuple(imports)


# ---------------------------------------------------------------------------
# State and input records
# ---------------------------------------------------------------------------


class PlayerState(msgspec.Struct, frozen=True):
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


class Jackpots(msgspec.Struct, frozen=True):
    """The three lottery jackpots (5.4.5-5.4.7), in Kj."""

    a: Decimal
    b: Decimal
    c: Decimal

    def get(self, name: str) -> Decimal:
        return {"A": self.a, "B": self.b, "C": self.c}[name]


class PendingBlackmail(msgspec.Struct, frozen=True):
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


class EgonState(msgspec.Struct, frozen=True):
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


class Draw(msgspec.Struct, frozen=True):
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


class Purchase(msgspec.Struct, frozen=True):
    """What a player bought in the buying phase (section 3), entered by the game master."""

    player: str
    stones: int
    cost: Decimal
    note: str = ""


class Build(msgspec.Struct, frozen=True):
    """Stones a player builds from the store onto the tower (section 7), entered data."""

    player: str
    stones: int


class Effect(msgspec.Struct, frozen=True):
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


class BribeOutcome(msgspec.Struct, frozen=True):
    """Who bribed a trader best (5.6.2, 5.6.5), for the buying phase; ``confiscated`` 5.6.6."""

    trader: str
    winners: tuple[str, ...]
    amount: Decimal
    confiscated: bool


class Phase1Result(msgspec.Struct, frozen=True):
    """The state after phase 1 (before purchases), for the game master's buying phase."""

    state: EgonState
    effects: tuple[Effect, ...]
    bribes: tuple[BribeOutcome, ...]
    accused: frozenset[str]
    accused_traders: frozenset[str]


class RoundResult(msgspec.Struct, frozen=True):
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
    players = tuple(PlayerState(n, as_kj(cash), tower=s.foundation) for n in names)
    jackpots = Jackpots(as_kj(s.jackpot_a_min), as_kj(s.jackpot_b_min), as_kj(s.jackpot_c_min))
    return EgonState(0, players, jackpots)


def with_player(state: EgonState, player: PlayerState) -> EgonState:
    """The state with one player's record replaced (for tests and the game master's fixes)."""
    return replace(
        state, players=tuple(player if p.name == player.name else p for p in state.players)
    )


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


def as_kj(value: Decimal | int) -> Decimal:
    return round_money(Decimal(value))
