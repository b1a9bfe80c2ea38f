"""The table of a board game as it stands, one for every board game: the seats (a piece's field,
whether the player is out, their place in the turn order, the piece's colour and whether it
sits in a jail, for a game that has them), who owns which field, whose turn it is and the
round; a turn played (`Turn`, its row in the Turns sheet) and the game over.

Game-blind: a game reads its own books into it (the turn order: `after`, the shared
`board.next_place`); what a turn does, what a `roll` refuses and the `Game` the board games
share are ledger.core.board_turn's; `save` writes the seats back. The game's rule numbers are
its `TurnRules` (none: "").
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

import msgspec

from ledger.core import board
from ledger.core.board import TurnLine
from ledger.core.books import PLAYER_ROLE, Books
from ledger.core.problems import CellRef, Problem, problem
from ledger.core.steps import set_columns


class Seat(msgspec.Struct, frozen=True):
    """A player at the table: their piece's field, whether they are out, their place in the
    turn order; the piece's colour and whether it sits in a jail (a game that has them)."""

    name: str
    account: str
    field: int
    out: bool
    order: int
    colour: str = ""
    in_jail: bool = False


class TurnRow(msgspec.Struct, frozen=True):
    """A row of the Turns sheet: a turn's dice, the move and what it did."""

    turn: int
    round: int
    player: str
    dice: str
    frm: int
    to: int
    what: str = ""
    rule: str = ""
    txn: str = ""
    ref: CellRef | None = None


#: The field of a Turns column whose name differs: `from` is a Python word.
TURN_FIELDS = {"from": "frm"}


class Turn(msgspec.Struct, frozen=True):
    """A turn played: its row, what it did to each player, the winner or who plays next."""

    row: TurnRow
    lines: tuple[TurnLine, ...] = ()
    winner: str | None = None
    next: str | None = None
    next_round: int = 0


def whole(value: object) -> bool:
    """Whether a cell holds a whole number (a field, a place in the turn order)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _int(value: object, default: int) -> int:
    return value if isinstance(value, int) and whole(value) else default


class Table:
    """The game as it stands, taken from the books once; a changed seat is put in place of the
    old one (`put`). A game's table adds its board."""

    def __init__(self, books: Books, turns: list[TurnRow], owner: dict[int, str]) -> None:
        self.books = books
        self.turns = turns
        seats = [
            Seat(
                p.name,
                books.game.cash_account(p),
                _int(p.get("field"), 1),
                p.get("out") is True,
                _int(p.get("order"), i + 1),
                str(p.get("colour") or ""),
                p.get("in_jail") is True,
            )
            for i, p in enumerate(books.players)
            if p.role == PLAYER_ROLE
        ]
        self.seats = sorted(seats, key=lambda s: s.order)
        self.by_name = {s.name: s for s in self.seats}
        self.owner = owner
        self.current, self.round = self._whose_turn()

    def after(self, order: int) -> tuple[Seat | None, bool]:
        """The next player still in after place `order`, and whether a new round began."""
        left = {s.order: s for s in self.remaining()}
        place, wrapped = board.next_place(list(left), order)
        return (None if place is None else left[place]), wrapped

    def put(self, seat: Seat) -> Seat:
        """Put `seat` in place of the same player's; a seat read before is the player as he was."""
        self.seats = [seat if s.name == seat.name else s for s in self.seats]
        self.by_name[seat.name] = seat
        if self.current is not None and self.current.name == seat.name:
            self.current = seat
        return seat

    def remaining(self) -> list[Seat]:
        return [s for s in self.seats if not s.out]

    @property
    def winner(self) -> str | None:
        left = self.remaining()
        return left[0].name if len(left) == 1 and len(self.seats) > 1 else None

    def _whose_turn(self) -> tuple[Seat | None, int]:
        turns = self.turns
        if self.winner is not None:
            return None, turns[-1].round if turns else 1
        if not turns:
            return self.after(0)[0], 1
        who = self.books.player(turns[-1].player)  # as typed, in any case
        done = self.by_name.get(who.name) if who is not None else None
        seat, wrapped = self.after(done.order if done else 0)
        return seat, turns[-1].round + (1 if wrapped else 0)

    # -- money and fields --------------------------------------------------------------------
    #: The board's fields in order (field n is `squares[n - 1]`), each with its `number`.
    squares: Sequence[Any] = ()

    @property
    def n(self) -> int:
        return len(self.squares)

    def owned(self, name: str) -> list[Any]:
        """The fields `name` owns, in the board's order."""
        return [s for s in self.squares if self.owner.get(s.number) == name]

    def cash_of(self, name: str) -> Decimal:
        return board.cash(self.books, self.by_name[name].account)

    def debt_of(self, name: str) -> Decimal:
        """What the player owes the bank: nothing, in a game whose bank lends nothing."""
        return Decimal(0)

    def worth(self, name: str) -> Decimal:
        """Net worth: cash, less what one owes the bank, and the printed prices of one's fields
        (the standings, and a tax on one's assets)."""
        prices = sum((s.price or Decimal(0) for s in self.owned(name)), Decimal(0))
        return self.cash_of(name) - self.debt_of(name) + prices

    def deeds_of(self, name: str) -> list[int]:
        return sorted(f for f, o in self.owner.items() if o == name)

    def give(self, deed: int, name: str) -> None:
        self.owner[deed] = name

    def release(self, deed: int) -> None:
        del self.owner[deed]

    def save(self) -> None:
        """The seats back into the Players sheet's columns, the round into the day; a game's
        table adds what it keeps of its own."""
        for s in self.seats:
            colour, field, out = s.colour or None, s.field, s.out
            set_columns(self.books, s.name, colour=colour, field=field, out=out)
            set_columns(self.books, s.name, order=s.order, in_jail=s.in_jail)
        self.books.settings.values["day"] = self.round


class TurnRules(msgspec.Struct, frozen=True):
    """The rule numbers a board game's text gives the shared refusals ("": it gives none)."""

    won: str = ""  # the last player left wins: nothing more is played or paid
    out: str = ""  # one who is out takes no more part
    order: str = ""  # the turn order
    first: str = ""  # who begins is drawn
    count: str = ""  # how many play
    piece: str = ""  # a piece stands on a field of the board
    colour: str = ""  # a colour of one's own
    owner: str = ""  # a field has one owner
    owns: str = ""  # one who is out owns nothing


def with_rule(rule: str) -> str:
    return f" ({rule})" if rule else ""


def game_over(winner: str, where: str, rule: str = "") -> Problem:
    """Once the last player left has won, nothing more is played or paid."""
    return problem(
        "game-over",
        where,
        f"the game is over: {winner} won{with_rule(rule)}",
        "ledger report game shows the standings; ledger undo takes back the last change",
    )


def refuse_over(table: Table, where: str, rule: str = "") -> list[Problem]:
    """A turn refused: the game is won, or nobody is left to play."""
    if table.winner is not None:
        return [game_over(table.winner, where, rule)]
    if table.current is None:
        return [problem("no-players-left", where, "no player is left in the game", "")]
    return []
