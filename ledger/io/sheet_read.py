"""Reading a workbook's sheets: its bytes checked once (`xlsx_check`), each sheet's rows by
python-calamine, and a known sheet's rows as records with a `Sheet!Cell` problem for each value
that cannot be read."""

from __future__ import annotations

import io
import itertools
from collections.abc import Iterable, Iterator, Sequence
from decimal import Decimal
from pathlib import Path
from typing import Any

import msgspec

from ledger.core.money import round_money
from ledger.core.problems import CellRef, Problem, ProblemsFound, problem
from ledger.core.schema import SheetSpec
from ledger.io.cells import CellValue, convert, is_blank, to_text
from ledger.io.xlsx_check import FormulaWithoutValue, checked, damaged, read_bytes

#: The hidden sheet ledger writes the longer dropdown lists to, rewritten on every save (the
#: reader takes it as ledger's own).
DROPDOWNS = "Dropdowns"


#: The banker's own columns keep their places up to this column (IV, the old Excel's last);
#: a cell further out is kept beside the others instead (a stray cell at XFD would make
#: sixteen thousand empty columns).
KEEP_PLACES_UP_TO = 256


class RawSheet(msgspec.Struct):
    name: str
    #: `(row number, values)` of the rows, rows rising from 1.
    rows: Iterable[tuple[int, Sequence[CellValue]]]


class Table(msgspec.Struct):
    """A known sheet as read: one dict per non-empty row, plus the banker's own columns."""

    spec: SheetSpec
    records: list[tuple[CellRef, dict[str, Any]]] = msgspec.field(default_factory=list)
    extra_headers: list[str] = msgspec.field(default_factory=list)
    extras: dict[int, list[CellValue]] = msgspec.field(default_factory=dict)
    #: Rows with a cell that could not be read (already reported): later checks skip them.
    bad_rows: set[int] = msgspec.field(default_factory=set)


def read_raw(path: Path, data: bytes | None = None) -> list[RawSheet]:
    """Every sheet's cell values by python-calamine, after the bytes are checked against what a
    hostile file can claim (`xlsx_check`); a formula no program computed as
    `FormulaWithoutValue`. A clear problem for a file that is no readable xlsx."""
    where = str(path)
    if data is None:
        data = read_bytes(path)
    sheets = checked(data, where)
    import python_calamine

    try:
        wb = python_calamine.CalamineWorkbook.from_filelike(io.BytesIO(data))
        out = []
        for name in wb.sheet_names:
            rows = _rows(wb.get_sheet_by_name(name))
            formulas = sheets[name].formulas if name in sheets else {}
            if formulas:
                out.append(RawSheet(name, _with_formulas(rows, formulas)))
            else:  # the Journal, which can be long, is read row by row, once
                out.append(RawSheet(name, rows if name == "Journal" else list(rows)))
    except ProblemsFound:
        raise
    except Exception as exc:  # calamine raises its own types for every kind of damage
        raise damaged(where, str(exc)) from None
    return out


def _rows(sheet: Any) -> Iterator[tuple[int, list[CellValue]]]:
    """A sheet's rows numbered from 1, each from column A (calamine's rectangle begins at the
    first cell used)."""
    start = sheet.start
    if start is None:
        return
    top, left = start
    pad = [None] * left
    for r, row in enumerate(sheet.iter_rows(), start=top + 1):
        yield r, (pad + row if left else row)


def _with_formulas(
    rows: Iterable[tuple[int, Sequence[CellValue]]], formulas: dict[int, dict[int, str]]
) -> list[tuple[int, Sequence[CellValue]]]:
    out: list[tuple[int, Sequence[CellValue]]] = []
    for r, row in rows:
        marks = formulas.get(r)
        out.append((r, row if not marks else _marked(row, marks)))
    last = out[-1][0] if out else 0
    # calamine's rectangle ends at the last cell with a value: rows of such formulas only
    out += [(r, _marked([], formulas[r])) for r in sorted(r for r in formulas if r > last)]
    out.sort(key=lambda item: item[0])
    return out


def _marked(row: Sequence[CellValue], marks: dict[int, str]) -> list[CellValue]:
    out = list(row)
    for c, formula in marks.items():
        if c >= len(out):
            out += [None] * (c + 1 - len(out))  # right of calamine's rectangle
        if is_blank(out[c]):
            out[c] = FormulaWithoutValue(formula)
    return out


def read_table(raw: RawSheet, spec: SheetSpec, problems: list[Problem]) -> Table:
    table = Table(spec)
    table.records = list(iter_table(raw, spec, problems, table))
    return table


def iter_table(
    raw: RawSheet, spec: SheetSpec, problems: list[Problem], table: Table
) -> Iterator[tuple[CellRef, dict[str, Any]]]:
    """The records of a sheet one by one (problems and extras go to `problems` and `table`,
    the extras once the last row is read)."""
    read = _header(raw, spec, problems)
    if read is None:
        return
    header, index, rows_iter = read
    # a column is the sheet's where its name first stands; a second of that name is the banker's
    known_at = {index[k] for k in {c.name.casefold() for c in spec.columns} if k in index}
    # the banker's own cells beside the rows, by row and column, also under no header
    extra_cells: dict[int, dict[int, CellValue]] = {}
    columns = [
        (col.name, col.kind, _FAST.get(col.kind, _other), index.get(col.name.casefold()))
        for col in spec.columns
    ]
    name = raw.name
    for r, row in rows_iter:
        width = len(row)
        values: dict[str, Any] = {}
        blank = True
        for cname, kind, fast, at in columns:
            value = row[at] if at is not None and at < width else None
            converted = fast(value)
            if converted is _SLOW:  # the careful way, which names the cell in a problem
                ref = CellRef(name, at if at is not None else 0, r)
                if value.__class__ is FormulaWithoutValue:
                    converted, p = None, formula_without_value(ref, value)
                else:
                    converted, p = convert(value, kind, ref)
                if p:
                    problems.append(p)
                    table.bad_rows.add(r)
            if converted is not None and converted != "":
                blank = False
            values[cname] = converted
        if blank and all(is_blank(v) for v in row):
            continue
        if width > len(known_at) and (extra := _extra_cells(row, known_at)):
            extra_cells[r] = extra
        yield CellRef(name, 0, r), values
    extra_cols = _extra_columns(header, known_at, extra_cells.values())
    table.extra_headers = [header[i] if i < len(header) else "" for i in extra_cols]
    table.extras = {r: [cells.get(i) for i in extra_cols] for r, cells in extra_cells.items()}


def _header(
    raw: RawSheet, spec: SheetSpec, problems: list[Problem]
) -> tuple[list[str], dict[str, int], Iterator[tuple[int, Sequence[CellValue]]]] | None:
    """Row 1's headers, where each stands (the first of a name, casefolded) and the rows
    after it; None, with the problem, without a header row or a column the sheet needs."""
    rows_iter = iter(raw.rows)
    first = next(rows_iter, None)
    if first is not None and first[0] != 1:
        rows_iter = itertools.chain([first], rows_iter)  # row 1 is empty: no header
        first = None
    at, names = CellRef(raw.name, -1, 1), ", ".join(c.name for c in spec.columns)
    if first is None or all(is_blank(v) for v in first[1]):
        text = f"the sheet {raw.name} has no header row"
        problems.append(problem("missing-header", at, text, "headers: " + names))
        return None
    header = [v if isinstance(v, FormulaWithoutValue) else to_text(v) for v in first[1]]
    index = {h.casefold(): i for i, h in reversed(list(enumerate(header))) if h}
    missing = [c.name for c in spec.columns if c.required and c.name.casefold() not in index]
    if missing:
        text = f"the sheet {raw.name} has no column {', '.join(missing)}"
        problems.append(problem("missing-column", at, text, "add the header in row 1: " + names))
        return None
    return header, index, rows_iter


def _extra_columns(
    header: list[str], known_at: set[int], rows: Iterable[dict[int, CellValue]]
) -> list[int]:
    """The extra columns: those with a header, and those with a value in some row; every
    column up to the last one used, so each cell keeps its place (unless it is far out: then
    only the columns used, side by side)."""
    used = set(_extra_cells(header, known_at)).union(*rows)
    last = max(used, default=-1)
    if last < KEEP_PLACES_UP_TO:
        return [i for i in range(last + 1) if i not in known_at]
    return sorted(used)


def _extra_cells(row: Sequence[CellValue], known_at: set[int]) -> dict[int, CellValue]:
    """The banker's own cells of a row (or of the header row): those outside the sheet's columns
    that hold a value, or a formula no program computed."""
    kept = (i for i, v in enumerate(row) if not is_blank(v) or isinstance(v, FormulaWithoutValue))
    return {i: row[i] for i in kept if i not in known_at}


def formula_without_value(ref: CellRef, value: CellValue) -> Problem:
    formula = getattr(value, "formula", "")
    return problem(
        "formula-without-value",
        ref,
        f"the cell holds a formula{f' (={formula})' if formula else ''} with no computed value",
        "open the workbook in Excel or LibreOffice and save it there (that computes it), "
        "or type the number itself",
    )


_SLOW = object()

# The common cells without ceremony, one function a kind of column: whole numbers, amounts in
# cents, plain text, blanks. Anything else is `_SLOW`: the careful way (`convert`); so is a
# formula without a value (`FormulaWithoutValue`, a `str` of another class).


def _text(value: CellValue) -> Any:
    if value.__class__ is str:
        return value.strip()
    return "" if value is None else _SLOW


def _int(value: CellValue) -> Any:
    if value.__class__ is float and value.is_integer():
        return int(value)
    if value.__class__ is int:
        return value
    return None if value is None or (value.__class__ is str and not value) else _SLOW


def _day(value: CellValue) -> Any:
    n = _int(value)
    return _SLOW if n.__class__ is int and n < 0 else n


def _money(value: CellValue) -> Any:
    if value.__class__ is float:
        text = repr(value)
        dot = text.find(".")
        if "e" in text or "n" in text or (dot >= 0 and len(text) - dot > 3):
            return _SLOW  # more than two decimals, or not finite: the careful way says why
        return round_money(Decimal(text))
    return None if value is None or (value.__class__ is str and not value) else _SLOW


def _other(value: CellValue) -> Any:
    return None if value is None or (value.__class__ is str and not value) else _SLOW


_FAST = {"text": _text, "int": _int, "day": _day, "money": _money}


def game_key(path: Path) -> str | None:
    """The game a workbook plays (its Settings row `game`), read without the other sheets:
    None when there is no such row."""
    import python_calamine

    data = read_bytes(path)
    if "Settings" not in checked(data, str(path)):
        return None
    try:
        wb = python_calamine.CalamineWorkbook.from_filelike(io.BytesIO(data))
        rows = wb.get_sheet_by_name("Settings").to_python()
    except Exception as exc:  # calamine raises its own types for every kind of damage
        raise damaged(str(path), str(exc)) from None
    for row in rows:
        if row and isinstance(row[0], str) and row[0].strip() == "game" and len(row) > 1:
            return to_text(row[1]).casefold() or None
    return None
