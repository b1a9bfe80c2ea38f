"""Turning cell values (as python-calamine hands them over) into typed values, or problems.

This is the one boundary where floats exist: a number cell is converted with
`Decimal(str(value))` and checked against the minor unit 0.01.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal, InvalidOperation

from ledger.core.money import LIMIT, in_cents, parse_amount, round_money
from ledger.core.problems import CellRef, Problem, problem
from ledger.core.schema import Kind, SettingValue

CellValue = str | float | int | bool | dt.datetime | dt.date | dt.time | dt.timedelta | None


def is_blank(value: CellValue) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def to_text(value: CellValue) -> str:
    if is_blank(value):
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


#: How text starts that a spreadsheet importing it (CSV) would run as a formula (OWASP's "CSV
#: injection": `=`, `+`, `-`, `@`, a tab, a line break), and the apostrophe that marks the rest.
FORMULA_LEADS = ("=", "+", "-", "@", "\t", "\r", "\n", "'")


def as_text_cell(text: str) -> str:
    """`text` for a file a spreadsheet imports, kept text as the workbook keeps it (there every
    text is a string cell, never a formula; a CSV has no cell types): text that starts like a
    formula gets a leading `'`, the spreadsheet's own mark for "text as typed"; so does text
    starting with `'`, so that dropping one leading `'` always gives the text back."""
    return "'" + text if text.startswith(FORMULA_LEADS) else text


def to_money(value: CellValue, ref: CellRef) -> tuple[Decimal | None, Problem | None]:
    if is_blank(value):
        return None, None
    if isinstance(value, bool):
        return None, problem(
            "not-a-number", ref, f"{value} is not an amount", "type a number such as 12.50"
        )
    if isinstance(value, (int, float)):
        if isinstance(value, float) and (value != value or value in (float("inf"), float("-inf"))):
            return None, problem("not-a-number", ref, f"{value} is not an amount", "type a number")
        d = Decimal(str(value))
        if abs(d) > LIMIT:
            return None, problem(
                "amount-too-large",
                ref,
                f"{d} is more than a spreadsheet can hold exactly",
                f"amounts go up to {LIMIT:,}",
            )
        if not in_cents(d):
            return None, problem(
                "money-too-precise",
                ref,
                f"{d} has more than two decimals; the smallest unit is 0.01",
                f"round it yourself: {round_money(d)}?",
            )
        return round_money(d), None
    if isinstance(value, str):
        try:
            return parse_amount(value), None
        except ValueError as exc:
            return None, problem(
                "not-a-number", ref, str(exc), "type a number such as 12.50, with a dot"
            )
    return None, problem(
        "not-a-number", ref, f"{value!r} is not an amount", "type a number such as 12.50"
    )


def to_int(value: CellValue, ref: CellRef) -> tuple[int | None, Problem | None]:
    if is_blank(value):
        return None, None
    if isinstance(value, bool):
        return None, problem(
            "not-a-whole-number", ref, f"{value} is not a whole number", "type e.g. 30"
        )
    if isinstance(value, int):
        return value, None
    if isinstance(value, float) and value.is_integer():
        return int(value), None
    if isinstance(value, str):
        try:
            d = Decimal(value.strip())
            if d == d.to_integral_value():
                return int(d), None
        except InvalidOperation:
            pass
    return None, problem(
        "not-a-whole-number", ref, f"{value!r} is not a whole number", "type e.g. 30"
    )


_TRUE = {"yes", "true", "y", "1", "ja", "on", "x"}
_FALSE = {"no", "false", "n", "0", "nein", "off"}


def to_bool(value: CellValue, ref: CellRef) -> tuple[bool | None, Problem | None]:
    if is_blank(value):
        return None, None
    if isinstance(value, bool):
        return value, None
    text = to_text(value).casefold()
    if text in _TRUE:
        return True, None
    if text in _FALSE:
        return False, None
    return None, problem("not-yes-or-no", ref, f"{value!r} is not yes or no", "type yes or no")


def convert(
    value: CellValue, kind: Kind, ref: CellRef
) -> tuple[SettingValue | None, Problem | None]:
    """A cell as the kind its column says: text, int/day, money/decimal, bool."""
    if kind in ("int", "day"):
        n, p = to_int(value, ref)
        if n is not None and kind == "day" and n < 0:
            return None, problem(
                "bad-day", ref, f"day {n} is before the game began", "days start at 0"
            )
        return n, p
    if kind == "money":
        return to_money(value, ref)
    if kind == "decimal":
        if is_blank(value):
            return None, None
        try:
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                d = Decimal(str(value))
            else:
                d = Decimal(to_text(value))
            if not d.is_finite():
                raise InvalidOperation
            return d, None
        except InvalidOperation:
            return None, problem(
                "not-a-number", ref, f"{value!r} is not a number", "type a number, with a dot"
            )
    if kind == "bool":
        return to_bool(value, ref)
    return to_text(value), None
