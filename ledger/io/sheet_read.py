"""Reading a workbook's sheets: its bytes checked once, each sheet's rows (python-calamine, or
a stream of rows where calamine cannot go), and a known sheet's rows as records with a
`Sheet!Cell` problem for each value that cannot be read."""

from __future__ import annotations

import io
import itertools
import zipfile
from collections.abc import Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

from ledger.core.money import round_money
from ledger.core.problems import CellRef, Problem, ProblemsFound, problem
from ledger.core.schema import SheetSpec
from ledger.io import xlsx_read
from ledger.io.cells import CellValue, convert, is_blank, to_text

#: The hidden sheet ledger writes the longer dropdown lists to, rewritten on every save (the
#: reader takes it as ledger's own).
DROPDOWNS = "Dropdowns"


#: The banker's own columns keep their places up to this column (IV, the old Excel's last);
#: a cell further out is kept beside the others instead (a stray cell at XFD would make
#: sixteen thousand empty columns).
KEEP_PLACES_UP_TO = 256

#: Sheets read as a stream of rows: the journal can be long.
STREAMED_ON_READ = ("Journal",)


@dataclass
class RawSheet:
    name: str
    #: `(row number, values)` of the rows with something in them, rows rising from 1; a
    #: list, or (for the Journal) an iterator that can be read once.
    rows: Iterable[tuple[int, Sequence[CellValue]]]


@dataclass
class Table:
    """A known sheet as read: one dict per non-empty row, plus the banker's own columns."""

    spec: SheetSpec
    records: list[tuple[CellRef, dict[str, Any]]] = field(default_factory=list)
    extra_headers: list[str] = field(default_factory=list)
    extras: dict[int, list[CellValue]] = field(default_factory=dict)
    #: Rows with a cell that could not be read (already reported): later checks skip them.
    bad_rows: set[int] = field(default_factory=set)


# -- reading ------------------------------------------------------------------------------


def read_bytes(path: Path) -> bytes:
    """The workbook's bytes, read once (every reader of one command sees the same save), or
    a clear problem for a file that is no readable xlsx."""
    where = str(path)
    if not path.exists():
        raise ProblemsFound(
            [
                problem(
                    "no-workbook",
                    where,
                    "there is no workbook here",
                    "create one: ledger new --game GAME --player Ann --player Bob (games: "
                    + ", ".join(_games())
                    + ")",
                )
            ]
        )
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise ProblemsFound(
            [problem("unreadable", where, f"cannot read the file: {exc.strerror}")]
        ) from None
    if data.startswith(b"\xd0\xcf\x11\xe0"):
        raise ProblemsFound(
            [
                problem(
                    "encrypted-or-xls",
                    where,
                    "the workbook is encrypted (password-protected) or an old .xls file",
                    "save it from Excel or LibreOffice as an .xlsx without a password",
                )
            ]
        )
    if not data.startswith(b"PK"):
        raise ProblemsFound(
            [
                problem(
                    "not-xlsx",
                    where,
                    "this file is not an .xlsx workbook",
                    "name a workbook made by `ledger new`, or by Excel/LibreOffice as .xlsx",
                )
            ]
        )
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            listed = z.namelist()
            names = set(listed)
            xlsx_read.check_sizes(z, where)  # before any reader inflates a part
    except (zipfile.BadZipFile, OSError):
        raise ProblemsFound(
            [
                problem(
                    "damaged-xlsx",
                    where,
                    "the workbook is damaged or truncated",
                    "restore a saved version: `ledger undo --force`, or a backup",
                )
            ]
        ) from None
    if "xl/workbook.xml" not in names:
        raise ProblemsFound(
            [problem("not-xlsx", where, "this zip file is not an .xlsx workbook", "")]
        )
    if len(names) != len(listed):  # which one a reader takes is the reader's choice
        from collections import Counter

        twice = sorted(n for n, k in Counter(listed).items() if k > 1)
        raise ProblemsFound(
            [
                problem(
                    "zip-entry-twice",
                    where,
                    "the workbook holds two parts of one name: " + ", ".join(twice),
                    "a program made this file by hand; restore a saved version "
                    "(`ledger undo --force`) or a backup",
                )
            ]
        )
    return data


def _damaged(where: str, exc: Exception) -> ProblemsFound:
    return ProblemsFound(
        [
            problem(
                "damaged-xlsx",
                where,
                f"the workbook cannot be read: {exc}",
                "restore a saved version: `ledger undo --force`, or a backup",
            )
        ]
    )


class _Deferred:
    """A sheet's rows, parsed only if somebody reads them (the Journal, when the fast reader
    could not take it)."""

    def __init__(self, wb: Any, book: xlsx_read.Book, name: str, where: str) -> None:
        self.wb, self.book, self.name, self.where = wb, book, name, where

    def __iter__(self) -> Iterator[tuple[int, Sequence[CellValue]]]:
        try:
            return iter(_sheet_rows(self.wb, self.book, self.name, stream=True))
        except ProblemsFound:
            raise
        except Exception as exc:  # calamine raises its own types for every kind of damage
            raise _damaged(self.where, exc) from None


def _sheet_rows(
    wb: Any, book: xlsx_read.Book, name: str, stream: bool = False
) -> Iterable[tuple[int, Sequence[CellValue]]]:
    """A sheet's rows: through python-calamine (fast) when the cells it would lay out as one
    rectangle are few enough, else as a stream of the rows there are (a stray note at
    `XFD1048576` would make calamine's rectangle 17 billion cells). A formula whose value
    was never computed comes out as `FormulaWithoutValue`."""
    shape = book.shape(name)
    if shape.cells > xlsx_read.DENSE_CELLS:
        return book.rows(name)
    sheet = wb.get_sheet_by_name(name)
    if stream and sheet.start == (0, 0):
        # the long sheet is read row by row, never as one big list (memory)
        rows: Iterable[Sequence[CellValue]] = sheet.iter_rows()
    else:
        rows = sheet.to_python(skip_empty_area=False)
    numbered = enumerate(rows, start=1)
    if not shape.formulas:
        return numbered
    return _with_formulas(numbered, shape.formulas)


def _with_formulas(
    rows: Iterable[tuple[int, Sequence[CellValue]]], formulas: dict[int, dict[int, str]]
) -> Iterator[tuple[int, Sequence[CellValue]]]:
    last = 0
    for r, row in rows:
        last = r
        marks = formulas.get(r)
        yield r, (row if not marks else _marked(row, marks))
    # calamine's rectangle ends at the last cell with a value: rows of such formulas only
    for r in sorted(r for r in formulas if r > last):
        yield r, _marked([], formulas[r])


def _marked(row: Sequence[CellValue], marks: dict[int, str]) -> list[CellValue]:
    out = list(row)
    for c, formula in marks.items():
        if c >= len(out):
            out += [None] * (c + 1 - len(out))  # right of calamine's rectangle
        if is_blank(out[c]):
            out[c] = xlsx_read.FormulaWithoutValue(formula)
    return out


def read_raw(
    path: Path, only: Collection[str] | None = None, data: bytes | None = None
) -> list[RawSheet]:
    """Every sheet's cell values (the Journal's parsed only when its rows are read), or a
    clear problem for a file that is no readable xlsx, or one too large to read safely."""
    where = str(path)
    if data is None:
        data = read_bytes(path)
    import python_calamine

    try:
        book = xlsx_read.Book(data, where)  # every part's size checked; all but sheets inflated
        wb = python_calamine.CalamineWorkbook.from_filelike(io.BytesIO(data))
        out = []
        for name in wb.sheet_names:
            if only is not None and name not in only:
                out.append(RawSheet(name, []))  # not needed by this command: not parsed
            elif name in STREAMED_ON_READ:
                out.append(RawSheet(name, _Deferred(wb, book, name, where)))
            else:
                out.append(RawSheet(name, list(_sheet_rows(wb, book, name))))
    except ProblemsFound:
        raise
    except Exception as exc:  # calamine raises its own types for every kind of damage
        raise _damaged(where, exc) from None
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
    rows_iter = iter(raw.rows)
    first = next(rows_iter, None)
    if first is not None and first[0] != 1:
        rows_iter = itertools.chain([first], rows_iter)  # row 1 is empty: no header
        first = None
    if first is None or all(is_blank(v) for v in first[1]):
        problems.append(
            problem(
                "missing-header",
                CellRef(raw.name, -1, 1),
                f"the sheet {raw.name} has no header row",
                "headers: " + ", ".join(c.name for c in spec.columns),
            )
        )
        return
    header = [to_text(v) for v in first[1]]
    index: dict[str, int] = {}
    for i, h in enumerate(header):
        key = h.casefold()
        if key and key not in index:
            index[key] = i
    known = {c.name.casefold() for c in spec.columns}
    missing = [c.name for c in spec.columns if c.required and c.name.casefold() not in index]
    if missing:
        problems.append(
            problem(
                "missing-column",
                CellRef(raw.name, -1, 1),
                f"the sheet {raw.name} has no column {', '.join(missing)}",
                "add the header in row 1: " + ", ".join(c.name for c in spec.columns),
            )
        )
        return
    known_at = {i for i, h in enumerate(header) if h.casefold() in known}
    named_extra = [i for i, h in enumerate(header) if h and i not in known_at]
    # the banker's own cells beside the rows, by row and column, also under no header
    extra_cells: dict[int, dict[int, CellValue]] = {}
    columns = [(col.name, col.kind, index.get(col.name.casefold())) for col in spec.columns]
    name = raw.name
    fwv = xlsx_read.FormulaWithoutValue
    for r, row in rows_iter:
        width = len(row)
        values: dict[str, Any] = {}
        blank = True
        for cname, kind, at in columns:
            value = row[at] if at is not None and at < width else None
            if value.__class__ is fwv:
                problems.append(formula_without_value(CellRef(name, at or 0, r), value))
                table.bad_rows.add(r)
                value = None
            converted = _fast(value, kind)
            if converted is _SLOW:
                converted, p = convert(value, kind, CellRef(name, at if at is not None else 0, r))
                if p:
                    problems.append(p)
                    table.bad_rows.add(r)
            if converted is not None and converted != "":
                blank = False
            values[cname] = converted
        if blank and all(is_blank(v) for v in row):
            continue
        if width > len(known_at):
            extra = {
                i: v
                for i, v in enumerate(row)
                if i not in known_at
                and (not is_blank(v) or isinstance(v, xlsx_read.FormulaWithoutValue))
            }
            if extra:
                extra_cells[r] = extra
        yield CellRef(name, 0, r), values
    # the extra columns: those with a header, and those with a value in some row; every
    # column up to the last one used, so each cell keeps its place (unless it is far out:
    # then only the columns used, side by side)
    used = set(named_extra)
    for cells in extra_cells.values():
        used.update(cells)
    last = max(used, default=-1)
    if last < KEEP_PLACES_UP_TO:
        used = {i for i in range(last + 1) if i not in known_at}
    extra_cols = sorted(used)
    table.extra_headers = [header[i] if i < len(header) else "" for i in extra_cols]
    table.extras = {r: [cells.get(i) for i in extra_cols] for r, cells in extra_cells.items()}


def formula_without_value(ref: CellRef, value: CellValue) -> Problem:
    formula = getattr(value, "formula", "")
    return problem(
        "formula-without-value",
        ref,
        f"the cell holds a formula{f' (={formula})' if formula else ''} with no computed value",
        "open the workbook in Excel or LibreOffice and save it there (that computes it), "
        "or type the number itself",
    )


def iter_journal(
    raw: RawSheet, spec: SheetSpec, problems: list[Problem], table: Table
) -> Iterator[tuple[CellRef, dict[str, Any]]]:
    """The Journal's records, fast: a row of the shape ledger writes (numbers where numbers
    belong, amounts in whole cents, text elsewhere) is taken as it is; any other row goes the
    careful way of `iter_table`, which names the cell of each problem."""
    rows = iter(raw.rows)
    first = next(rows, None)
    header = [to_text(v).casefold() for v in first[1]] if first is not None else []
    names = [c.name for c in spec.columns]
    if first is None or first[0] != 1 or header[: len(names)] != names or len(header) != len(names):
        # not the layout ledger writes (missing, moved or added columns): the general reader
        yield from iter_table(
            RawSheet(raw.name, itertools.chain([first] if first is not None else [], rows)),
            spec,
            problems,
            table,
        )
        return
    careful = [c for c in spec.columns]
    name = raw.name
    dec = Decimal
    fwv = xlsx_read.FormulaWithoutValue
    for r, row in rows:
        if len(row) == 8:
            txn, day, kind, account, amount, memo, event, rule = row
            if (
                type(txn) is float
                and type(day) is float
                and type(amount) is float
                and type(account) is str
                and type(kind) is str
                and type(memo) is str
                and type(event) is str
                and type(rule) is str
                and txn.is_integer()
                and day.is_integer()
                and day >= 0
            ):
                text = repr(amount)
                dot = text.find(".")
                if "e" not in text and "n" not in text and (dot < 0 or len(text) - dot <= 3):
                    yield (
                        CellRef(name, 0, r),
                        {
                            "txn": int(txn),
                            "day": int(day),
                            "kind": kind.strip(),
                            "account": account.strip(),
                            "amount": round_money(dec(text)),
                            "memo": memo.strip(),
                            "event": event.strip(),
                            "rule": rule.strip(),
                        },
                    )
                    continue
        values: dict[str, Any] = {}
        blank = True
        for i, col in enumerate(careful):
            value = row[i] if i < len(row) else None
            if value.__class__ is fwv:
                problems.append(formula_without_value(CellRef(name, i, r), value))
                table.bad_rows.add(r)
                value = None
            converted, p = convert(value, col.kind, CellRef(name, i, r))
            if p:
                problems.append(p)
                table.bad_rows.add(r)
            if converted is not None and converted != "":
                blank = False
            values[col.name] = converted
        if blank:
            continue
        yield CellRef(name, 0, r), values


_SLOW = object()


def _fast(value: CellValue, kind: str) -> Any:
    """The common cells without ceremony: whole numbers, amounts in cents, plain text, blanks.
    Anything else goes the careful way (`convert`), which names the cell in a problem."""
    if value is None or value == "":
        return None if kind != "text" else ""
    t = type(value)
    if kind == "text":
        return value.strip() if isinstance(value, str) else _SLOW
    if t is float:
        f = float(value)  # type: ignore[arg-type]
        if kind in ("int", "day"):
            return int(f) if f.is_integer() and (kind == "int" or f >= 0) else _SLOW
        if kind == "money":
            text = repr(f)
            dot = text.find(".")
            if "e" in text or "n" in text or (dot >= 0 and len(text) - dot > 3):
                return _SLOW  # more than two decimals, or not finite: the careful way says why
            return round_money(Decimal(text))
        return _SLOW
    if t is int and kind in ("int", "day"):
        n = int(value)  # type: ignore[arg-type]
        return n if kind == "int" or n >= 0 else _SLOW
    return _SLOW


def game_key(path: Path) -> str | None:
    """The game a workbook plays (its Settings row `game`), read without the rest: None when
    there is no such row."""
    data = path.read_bytes()
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        xlsx_read.check_sizes(z, str(path))
    book = xlsx_read.Book(data, str(path))
    if "Settings" not in book.sheet_names:
        return None
    for _, row in book.rows("Settings"):
        if row and isinstance(row[0], str) and row[0].strip() == "game" and len(row) > 1:
            return to_text(row[1]).casefold() or None
    return None


def _games() -> list[str]:
    from ledger.rules import GAMES

    return [k for k, (module, _) in GAMES.items() if module]
