"""The table of a board game as it stands, one for every board game: the seats (a piece's field,
whether the player is out, their place in the turn order, the piece's colour and whether it
sits in a jail, for a game that has them), who owns which field, whose turn it is and the
round, and the end of a turn (the row in the Turns sheet, the winner or the next player).

Game-blind: a game reads its own books into it, lends it its turn order (`after`, the shared
`board.next_place`) and decides what landing on a field does; `save` writes the seats back.
"""

from __future__ import annotations

from decimal import Decimal

import msgspec

from ledger.core import board
from ledger.core.board import TurnLine
from ledger.core.books import PLAYER_ROLE, Books
from ledger.core.problems import CellRef


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

    def head(self) -> str:
        """`round 1, turn 2: Ann rolls 3+4, 1 -> 8` and what it did, without its rules."""
        r = self.row
        return (
            f"round {r.round}, turn {r.turn}: {r.player} rolls {r.dice.replace(',', '+')}, "
            f"{r.frm} -> {r.to} {r.what}"
        )


def _int(value: object, default: int) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


class Table(board.Seating[Seat]):
    """The game as it stands, taken from the books once; a changed seat is put in place of the
    old one (`put`). A game's table adds its board and says who plays `after` a place."""

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
        raise NotImplementedError

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
        done = self.by_name.get(turns[-1].player)
        seat, wrapped = self.after(done.order if done else 0)
        return seat, turns[-1].round + (1 if wrapped else 0)

    # -- money and fields --------------------------------------------------------------------
    def cash_of(self, name: str) -> Decimal:
        return board.cash(self.books, self.by_name[name].account)

    def deeds_of(self, name: str) -> list[int]:
        return sorted(f for f, o in self.owner.items() if o == name)

    def give(self, deed: int, name: str) -> None:
        self.owner[deed] = name

    def release(self, deed: int) -> None:
        del self.owner[deed]

    # -- the end of a turn, and back into the books ---------------------------------------------
    def finish(self, row: TurnRow, lines: list[TurnLine], won_rule: str = "") -> Turn:
        """The turn's row in the Turns sheet; then the winner (the last player left: with
        `won_rule`, said in the row too) or who plays next, a new round after the last place."""
        winner = self.winner
        if winner is not None:
            if won_rule:
                what, rule = f"{row.what}; {winner} has won", f"{row.rule}, {won_rule}"
                row = msgspec.structs.replace(row, what=what, rule=rule)
            self.turns.append(row)
            self.current = None
            won = TurnLine(winner, "event", f"{winner} has won the game", won_rule)
            return Turn(row, (*lines, won), winner=winner)
        self.turns.append(row)
        nxt, wrapped = self.after(self.by_name[row.player].order)
        self.current = nxt
        if wrapped:
            self.round += 1
            self.books.settings.values["day"] = self.round
        return Turn(row, tuple(lines), next=nxt.name if nxt else None, next_round=self.round)

    def save_seats(self) -> None:
        """The seats back into the Players sheet's columns, the round into the day."""
        books = self.books
        players = []
        for p in books.players:
            seat = self.by_name.get(p.name) if p.role == PLAYER_ROLE else None
            if seat is not None:
                values = {"colour": seat.colour or None, "field": seat.field, "out": seat.out}
                values |= {"order": seat.order, "in_jail": seat.in_jail}
                extra = tuple((k, values.get(k, v)) for k, v in p.extra)
                p = msgspec.structs.replace(p, extra=extra)
            players.append(p)
        books.players = players
        books.settings.values["day"] = self.round
