"""What `ledger check` finds in the 21-field game's books: the player count (101.2), the Board
(501.1, 702.4, the amounts), the Owners (no field owned twice, nobody out owns anything,
401.2b) and the pieces (603). Pure: problems, no changes."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

from ledger.core import board_table
from ledger.core.problems import Problem, problem
from ledger.rules.matador21.books import Books
from ledger.rules.matador21.sheets import (
    BOARD,
    COLOURS,
    FLEET,
    MAX_PLAYERS,
    MIN_PLAYERS,
    RULES,
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
    seats = board_table.check_seats(books, MIN_PLAYERS, MAX_PLAYERS, fields, RULES, tuple(COLOURS))
    yield from seats  # 101.3: a colour of one's own, one of COLOURS
    yield from _board(books, state)
    board = {f.field: f for f in state.board}

    def ownable(n: int) -> bool:
        return n in board and board[n].ownable

    which = "702.5: only Territories, Labor Camps and Fleets"
    yield from board_table.check_owners(books, state.owners, ownable, RULES, which)
    yield from board_table.check_turns(books, state.turns, RULES)
    choice = books.settings.values.get("tax_choice")
    if choice not in TAX_CHOICES:
        yield problem(
            "bad-setting",
            str(books.settings.refs.get("tax_choice", "Settings")),
            f"tax_choice is smaller, fixed or percent, not {choice!r}",
            "706.1: the player chooses; smaller is the ruling's default",
        )


def _board(books: Books, state: State) -> Iterator[Problem]:
    n = books.settings.values.get("board_fields", 21)
    numbers = [f.field for f in state.board]
    if numbers != list(range(1, len(numbers) + 1)) or len(numbers) != n:
        yield problem(
            "bad-board",
            "Board",
            f"the Board's fields are {_ranges(numbers)}, not 1 to {n} in order",
            "501.1: number the fields 1 to board_fields (Settings), one row each",
        )
    for f in state.board:
        where = f"Board field {f.field}"
        if f.type not in TYPES:
            yield problem(
                "bad-field-type",
                BOARD.cell("type", f.ref, where),
                f"{f.type!r} is not a type of field",
                "702.4: " + ", ".join(TYPES),
            )
            continue
        money = {"price": f.price, "amount": f.amount, "amount_2": f.amount_2}
        money |= {"amount_3": f.amount_3, "amount_4": f.amount_4}
        for column, value in money.items():
            if value is not None and value < 0:
                yield problem(
                    "negative-amount",
                    BOARD.cell(column, f.ref, where),
                    f"{f.name}'s {column} is {value}; it cannot be below 0",
                    "",
                )
        if f.ownable and f.price is None:
            yield problem(
                "missing-value",
                BOARD.cell("price", f.ref, where),
                f"{f.name} is a {f.type} and has no price",
                "703.3: a field that can be bought has a price",
            )
        if f.amount is None:
            yield problem(
                "missing-value",
                BOARD.cell("amount", f.ref, where),
                f"{f.name} has no amount (its rent, bonus or tax)",
                "",
            )
        if f.type == FLEET:
            for column in ("amount_2", "amount_3", "amount_4"):
                if money[column] is None:
                    yield problem(
                        "missing-value",
                        BOARD.cell(column, f.ref, where),
                        f"the Fleet {f.name} needs four rents (1-4 fleets owned); {column} is empty",
                        "e.g. 500, 1000, 2000, 4000",
                    )
        if f.percent is not None and (f.type != TAX or f.percent < 0 or f.percent > Decimal(100)):
            yield problem(
                "bad-percent",
                BOARD.cell("percent", f.ref, where),
                f"{f.name}'s percent {f.percent} is not a Tax's share of 0 to 100",
                "only a Tax (the Caravan) has a percentage",
            )


def _ranges(numbers: list[int]) -> str:
    if not numbers:
        return "none"
    return ", ".join(map(str, numbers)) if len(numbers) <= 8 else f"{len(numbers)} rows"
