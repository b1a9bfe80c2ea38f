"""`ledger draw`: the next round's lottery numbers (8.1), entered as drawn at the table or drawn
from the seeded dice, and the round's Maxpreis when the game master gives it (6.2.1)."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Annotated

import msgspec

from ledger.core.params import Arg, Move
from ledger.core.problems import Problem, problem
from ledger.rules.egon.books import Books
from ledger.rules.egon.refusals import COMMANDS
from ledger.rules.egon.said import said
from ledger.rules.egon.sheets import EgonBook, RoundRow, TraderRow, book_of, game_over


class Draw(Move):
    numbers: Annotated[
        str | None, Arg("--numbers", help="The six main numbers, e.g. 3,11,17,25,33,41.")
    ] = None
    zz: Annotated[int | None, Arg("--zz", help="The Zusatzzahl, 1-49.")] = None
    z6: Annotated[
        int | None, Arg("--z6", help="Z6: which of the six is last by the ordering rule (8.1).")
    ] = None
    storm: Annotated[bool, Arg("--storm", help="A storm this round (6.1.6).")] = False
    max_price: Annotated[
        str | None,
        Arg(
            "--max-price",
            help="The round's highest trader price (default: from the Traders sheet).",
        ),
    ] = None
    again: Annotated[
        bool, Arg("--again", help="Replace the round's draw (it is refused otherwise).")
    ] = False


@COMMANDS("draw", "ledger draw | ledger draw --numbers 3,11,17,25,33,41 --zz 7 --z6 41 --storm")
def draw(
    books: Books, values: Draw, cells: Mapping[str, str], event: str
) -> tuple[str, list[Problem]]:
    """Record the next round's lottery draw; without numbers, draw them from the seeded dice."""
    book = book_of(books)
    rnd = books.day + 1
    numbers, zz, z6 = values.numbers, values.zz, values.z6
    if over := game_over(books, "draw"):
        return "", over
    if problems := _refused(book, rnd, numbers, zz, z6, again=bool(values.again)):
        return "", problems
    if numbers is not None:
        six, problems = _given(numbers, zz, z6)
        if problems:
            return "", problems
        assert zz is not None and z6 is not None  # (draw_faults refuses a missing one)
        the_zz, the_z6 = zz, z6
    else:
        six, the_zz = _rolled(books, rnd)
        the_z6 = six[-1]  # ruling: with no ordering rule given, Z6 is the last number drawn
    traders = [t for t in book.traders if t.round == rnd]
    price, problems = _max_price(values.max_price, traders)
    if problems:
        return "", problems
    book.rounds = [r for r in book.rounds if r.round != rnd or r.evaluated]
    # 6.2.1: the Traders sheet's prices are read when the round is evaluated (a price
    # corrected after the draw counts); only a --max-price given is the draw's own
    storm = bool(values.storm)
    given = price if values.max_price else Decimal(0)
    book.rounds.append(RoundRow(rnd, ",".join(str(n) for n in six), the_zz, the_z6, storm, given))
    return (
        f"round {rnd}: {', '.join(str(n) for n in six)}, ZZ {the_zz}, Z6 {the_z6}"
        + (", storm" if storm else ""),
        [],
    )


def _refused(
    book: EgonBook, rnd: int, numbers: str | None, zz: int | None, z6: int | None, *, again: bool
) -> list[Problem]:
    """A ZZ or Z6 without the six it goes with; the round drawn already (without --again)."""
    alone = [o for o, v in (("--zz", zz), ("--z6", z6)) if v is not None and numbers is None]
    if alone:
        return [said("alone-without-numbers", option, option=option) for option in alone]
    old = next((r for r in book.rounds if r.round == rnd), None)
    if old is not None and not again:
        return [said("already-drawn", "draw", **msgspec.structs.asdict(old))]
    return []


def _given(numbers: str, zz: int | None, z6: int | None) -> tuple[list[int], list[Problem]]:
    """The six numbers as the game master typed them, judged as a typed Rounds row is (8.1)."""
    from ledger.rules.egon.sheet_checks import draw_faults

    try:
        six = [int(x) for x in numbers.replace(" ", "").split(",") if x]
    except ValueError:
        six = []
    hints = {
        "numbers": "e.g. --numbers 3,11,17,25,33,41",
        "z6": "which one is last by the ordering rule (8.1)",
    }
    return six, [
        problem("bad-draw", f"--{column}", message, hints.get(column, ""))
        for column, message in draw_faults(six, zz, z6, numbers)
    ]


def _rolled(books: Books, rnd: int) -> tuple[list[int], int]:
    """Six different numbers and a Zusatzzahl apart from them, from the seeded dice; every
    die is kept in the Dice sheet with what it decided."""
    six: list[int] = []
    while len(six) < 6:
        roll = books.roll(49, f"round {rnd}: lottery number {len(six) + 1}")
        taken = roll.result in six
        books.decide(roll, "drawn again: already out" if taken else f"main number {len(six) + 1}")
        if not taken:
            six.append(roll.result)
    while True:
        roll = books.roll(49, f"round {rnd}: Zusatzzahl")
        taken = roll.result in six
        books.decide(roll, "drawn again: a main number" if taken else "the Zusatzzahl (ZZ)")
        if not taken:
            return six, roll.result


def _max_price(max_price: str | None, traders: list[TraderRow]) -> tuple[Decimal, list[Problem]]:
    """The round's highest trader price: --max-price when given (never below a price a trader
    asked, never 0 or negative: 6.2.1), else the Traders sheet's highest."""
    from ledger.core.money import parse_amount

    try:
        price = (
            parse_amount(max_price)
            if max_price
            else max((t.price for t in traders), default=Decimal(0))
        )
    except ValueError as exc:
        return Decimal(0), [problem("bad-amount", "--max-price", str(exc), "e.g. --max-price 60")]
    higher = max((t for t in traders if t.price > price), key=lambda t: t.price, default=None)
    wrong = (
        f"Maxpreis {price} is below what {higher.trader} asked this round, {higher.price} "
        f"({higher.ref or 'Traders'}): it is the highest price a trader asked (6.2.1)"
        if max_price and higher is not None
        else f"the highest trader price cannot be negative, not {price}"
        if price < 0
        else f"Maxpreis {price}: a trader's price for a stone is more than 0 (6.2.1)"
        if max_price and price == 0
        else ""
    )
    if not wrong:
        return price, []
    hint = "the highest price a trader asked for a stone this round (6.2.1)"
    if higher is not None:
        hint = "leave --max-price out to take the Traders sheet's highest"
    elif price == 0:
        hint = "leave --max-price out until a trader's price is known (Traders sheet)"
    return price, [problem("bad-amount", "--max-price", wrong, hint)]
