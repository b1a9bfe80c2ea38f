"""What `ledger check` finds in the 21-field game's books: the player count (101.2), the Board
(501.1, 702.4, the amounts), the Owners (no field owned twice, nobody out owns anything,
401.2b) and the pieces (603). Pure: problems, no changes."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

from ledger.core import board_checks
from ledger.core.problems import Problem
from ledger.rules.matador21.books import Books
from ledger.rules.matador21.sheets import (
    BOARD,
    COLOURS,
    FLEET,
    MAX_PLAYERS,
    MIN_PLAYERS,
    RULES,
    SAID,
    TAX,
    TAX_CHOICES,
    TYPES,
    State,
)


def check_state(books: Books) -> Iterator[Problem]:
    state = books.state
    if not isinstance(state, State):
        return
    fields = int(books.settings.values.get("board_fields", 21) or 21)
    seats = board_checks.check_seats(books, MIN_PLAYERS, MAX_PLAYERS, fields, RULES, tuple(COLOURS))
    yield from seats  # 101.3: a colour of one's own, one of COLOURS
    yield from _board(books, state)
    board = {f.field: f for f in state.board}

    def ownable(n: int) -> bool:
        return n in board and board[n].ownable

    which = "702.5: only Territories, Labor Camps and Fleets"
    yield from board_checks.check_owners(books, state.owners, ownable, RULES, which)
    yield from board_checks.check_turns(books, state.turns, RULES)
    choice = books.settings.values.get("tax_choice")
    if choice not in TAX_CHOICES:
        where = str(books.settings.refs.get("tax_choice", "Settings"))
        yield SAID.problem("bad-tax-choice", where, choice=choice)


def _board(books: Books, state: State) -> Iterator[Problem]:
    n = books.settings.values.get("board_fields", 21)
    numbers = [f.field for f in state.board]
    if numbers != list(range(1, len(numbers) + 1)) or len(numbers) != n:
        yield SAID.problem("bad-board", "Board", fields=_ranges(numbers), n=n)
    for f in state.board:
        where = f"Board field {f.field}"
        if f.type not in TYPES:
            types = ", ".join(TYPES)
            yield SAID.problem("bad-field-type", BOARD.cell("type", f.ref, where), f=f, types=types)
            continue
        money = {"price": f.price, "amount": f.amount, "amount_2": f.amount_2}
        money |= {"amount_3": f.amount_3, "amount_4": f.amount_4}
        for column, value in money.items():
            if value is not None and value < 0:
                cell = BOARD.cell(column, f.ref, where)
                yield SAID.problem("negative-amount", cell, f=f, column=column, value=value)
        if f.ownable and f.price is None:
            yield SAID.problem("no-price", BOARD.cell("price", f.ref, where), f=f)
        if f.amount is None:
            yield SAID.problem("no-amount", BOARD.cell("amount", f.ref, where), f=f)
        if f.type == FLEET:
            for column in ("amount_2", "amount_3", "amount_4"):
                if money[column] is None:
                    cell = BOARD.cell(column, f.ref, where)
                    yield SAID.problem("fleet-rents", cell, f=f, column=column)
        if f.percent is not None and (f.type != TAX or f.percent < 0 or f.percent > Decimal(100)):
            yield SAID.problem("bad-percent", BOARD.cell("percent", f.ref, where), f=f)


def _ranges(numbers: list[int]) -> str:
    if not numbers:
        return "none"
    return ", ".join(map(str, numbers)) if len(numbers) <= 8 else f"{len(numbers)} rows"
