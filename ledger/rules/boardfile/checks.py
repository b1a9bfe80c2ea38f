"""What `ledger check` finds in a board played from a file: the Board sheet's mistakes (by
line and key), the player count, the pieces, and the Owners (a field owned once, by a player
still in the game, a level the lot has a rent for). Pure: problems, no changes."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ledger.core.board_checks import check_owners, check_seats, check_turns
from ledger.core.board_table import TurnRules
from ledger.core.books import PLAYER_ROLE
from ledger.core.problems import CellRef, Problem
from ledger.rules.boardfile.books import Books
from ledger.rules.boardfile.sheets import MAX_PLAYERS, MIN_PLAYERS, OWNERS, PLAYER_COLUMNS
from ledger.rules.boardfile.spec import LOT, SAID, Square


def check_state(books: Books, mistakes: list[Problem]) -> Iterator[Problem]:
    yield from mistakes
    rules = books.state.rules
    fields = len(rules.squares) if rules is not None else None
    yield from check_seats(books, MIN_PLAYERS, MAX_PLAYERS, fields, TurnRules())
    if rules is not None:
        yield from _jail(books, rules.jail)
    squares = rules.squares if rules is not None else None

    def ownable(n: int) -> bool:  # with no board to read, nothing is said of it
        return squares is None or (1 <= n <= len(squares) and squares[n - 1].ownable)

    # the owners' other mistakes need no board: said in the same pass as the Board sheet's
    yield from check_owners(books, books.state.owners, ownable, TurnRules())
    if squares is not None:  # a field's levels wait for a board
        yield from _levels(books, squares)
    yield from check_turns(books, books.state.turns, TurnRules())


def _levels(books: Books, squares: Sequence[Square]) -> Iterator[Problem]:
    """Each lot at a level it has a rent for, 0 when nobody owns it (other fields at 0)."""
    for r in books.state.owners:
        if not 1 <= r.field <= len(squares) or not squares[r.field - 1].ownable:
            continue
        square = squares[r.field - 1]
        top = len(square.rents) - 1 if square.kind == LOT else 0
        where = OWNERS.cell("level", r.ref, f"Owners field {r.field}")
        if not 0 <= r.level <= top:
            yield SAID.problem("no-such-level", where, s=square, top=top, level=r.level)
        elif r.level and not r.owner:  # one who goes out leaves the lot bare
            yield SAID.problem("level-unowned", where, s=square, level=r.level)


def _jail(books: Books, jail: int) -> Iterator[Problem]:
    """One in the jail stands on the jail's field (0: the board has none) and is in the game."""
    columns = ["name", "role"] + [c.name for c in PLAYER_COLUMNS]
    for p in books.players:
        if p.role != PLAYER_ROLE or p.get("in_jail") is not True:
            continue
        at = f"player {p.name}"
        where = str(CellRef(p.ref.sheet, columns.index("in_jail"), p.ref.row)) if p.ref else at
        field = p.get("field")
        if p.get("out") is True:
            yield SAID.problem("out-in-jail", where, p=p)
        elif not jail:
            yield SAID.problem("no-jail", where, p=p)
        elif field != jail:
            yield SAID.problem("jailed-elsewhere", where, p=p, field=field, jail=jail)
