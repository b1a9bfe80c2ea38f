"""Reading the workbook into books (python-calamine: fast, values only) and writing it back
(XlsxWriter, streaming: values, never formulas). Sheets ledger does not know are kept with their
values; columns the banker added to ledger's sheets are kept beside their rows.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import io
import itertools
import re
import zipfile
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

from ledger import __version__
from ledger.core.actions import event_handlers
from ledger.core.books import Books, Event, Player, Settings
from ledger.core.dice import DiceRoll
from ledger.core.journal import Journal, Posting, Transaction
from ledger.core.money import Money
from ledger.core.problems import CellRef, Problem, ProblemsFound, problem
from ledger.core.schema import Column, SettingValue, SheetSpec
from ledger.io import journal_xml, sheets, xlsx_read
from ledger.io.cells import CellValue, convert, is_blank, to_text

MONEY_FORMAT = "#,##0.00;[Red]-#,##0.00"
#: Dropdowns reach this far below the last row, so rows the banker types get them too.
VALIDATION_ROWS = 1000
#: The hidden sheet ledger writes the longer dropdown lists to, rewritten on every save.
DROPDOWNS = "Dropdowns"
#: A list longer than this (its values joined by commas) goes to the Dropdowns sheet: Excel
#: holds at most 255 characters in a list typed into the validation itself.
INLINE_LIST = 250
#: Sheets longer than this are streamed as XML rather than written cell by cell.
STREAM_ROWS = 200


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


@dataclass
class Loaded:
    """The books and what the workbook holds besides: sheet order, unknown sheets, extra columns."""

    books: Books
    order: list[str]
    unknown: dict[str, RawSheet] = field(default_factory=dict)
    extras: dict[str, tuple[list[str], dict[int, list[CellValue]]]] = field(default_factory=dict)
    #: Where the books were read from, and how many journal rows were there: a save may copy
    #: those rows' XML as it is (they never change) instead of writing them again.
    source: Path | None = None
    journal_rows_read: int = 0
    #: Each account's sum, when `load(sums=True)` could take them straight from the sheet.
    sums: journal_xml.Sums | None = None
    #: A light load (no game sheets; with `sums`, no transactions): never to be saved.
    partial: bool = False


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
                    "create one: ledger new --game triplanetary --player Ann --player Bob",
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
            names = set(z.namelist())
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
    for r, row in rows:
        marks = formulas.get(r)
        if marks:
            row = list(row)
            for c, formula in marks.items():
                if c < len(row) and is_blank(row[c]):
                    row[c] = xlsx_read.FormulaWithoutValue(formula)
        yield r, row


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
                problems.append(_formula_without_value(CellRef(name, at or 0, r), value))
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
            extra = {i: v for i, v in enumerate(row) if i not in known_at and not is_blank(v)}
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


def _formula_without_value(ref: CellRef, value: CellValue) -> Problem:
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
    cents = _CENTS
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
                            "amount": dec(text).quantize(cents),
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
                problems.append(_formula_without_value(CellRef(name, i, r), value))
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
_CENTS = Decimal("0.01")


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
            return Decimal(text).quantize(_CENTS)
        return _SLOW
    if t is int and kind in ("int", "day"):
        n = int(value)  # type: ignore[arg-type]
        return n if kind == "int" or n >= 0 else _SLOW
    return _SLOW


#: What the commands that only show money need: no game sheets (light loading).
LIGHT_SHEETS = ("Settings", "Players", "Journal", "Events")


def load(
    path: Path, light: bool = False, sums: bool = False, data: bytes | None = None
) -> tuple[Loaded, list[Problem]]:
    """Read the workbook into books. Problems in cells are collected, all of them, in one pass.
    `light` reads only what balances and the journal need, for the commands that only show
    them (never for a command that saves). `sums` (with `light`, for `ledger balance`) leaves
    the journal empty and puts each account's sum in `Loaded.sums` when the Journal is
    exactly as ledger writes it and keeps the journal's rules; `Loaded.sums` is None (and the
    journal read in full) otherwise. `data`: the workbook's bytes, when already read."""
    if data is None:
        data = read_bytes(path)
    pending = journal_xml.Pending(data) if light and sums else None  # on the other core
    try:
        return _load(path, data, light, pending)
    finally:
        if pending is not None:
            pending.result()  # never leave a child behind


def _load(
    path: Path, data: bytes, light: bool, pending: journal_xml.Pending | None
) -> tuple[Loaded, list[Problem]]:
    from ledger.rules import GameNotBuilt, load_game

    raw = read_raw(path, LIGHT_SHEETS if light else None, data)
    by_name = {s.name: s for s in raw}
    problems: list[Problem] = []
    for name in ("Settings", "Players", "Journal"):
        if name not in by_name:
            problems.append(
                problem(
                    "missing-sheet",
                    f"{name}",
                    f"the workbook has no sheet {name}",
                    "was it renamed? ledger needs its sheets by these names",
                )
            )
    if problems:
        raise ProblemsFound(problems)

    settings_table = read_table(by_name["Settings"], sheets.SETTINGS, problems)
    typed = {
        str(v["key"]).strip(): (v["value"], ref) for ref, v in settings_table.records if v["key"]
    }
    game_key = to_text(typed.get("game", ("", None))[0]).casefold()
    try:
        game = load_game(game_key)
    except (KeyError, GameNotBuilt) as exc:
        from ledger.rules import GAMES

        where = typed["game"][1] if "game" in typed else CellRef("Settings", 0, 0)
        why = (
            str(exc)
            if isinstance(exc, GameNotBuilt)
            else f"{game_key!r} is not a game ledger knows"
        )
        raise ProblemsFound(
            [
                problem(
                    "unknown-game",
                    str(CellRef("Settings", 1, where.row)) if where.row else "Settings",
                    f"the Settings row `game` says {game_key!r}: {why}",
                    "ledger keeps these games: " + ", ".join(GAMES),
                )
            ]
        ) from None
    settings = _settings(game.all_settings(), typed, problems)
    event_types = tuple(event_handlers(game))
    specs = {s.name: s for s in sheets.core_specs(game, event_types)}
    loaded_extras: dict[str, tuple[list[str], dict[int, list[CellValue]]]] = {}

    def table(name: str) -> Table | None:
        if name not in by_name:
            return None
        t = read_table(by_name[name], specs[name], problems)
        if t.extra_headers:
            loaded_extras[name] = (t.extra_headers, t.extras)
        return t

    players_t = table("Players")
    players = _players(players_t, game.player_columns) if players_t else []
    journal_rows: dict[int, tuple[int, ...]] = {}
    currency = settings.get_text("currency") or game.currency
    fast_sums = None
    if "Journal" not in by_name:
        journal = Journal(currency)
    elif light and pending is not None and (fast_sums := pending.result()) is not None:
        journal = Journal(currency)  # balance needs only the sums
    elif (fast := journal_xml.journal(data, currency)) is not None:
        journal, journal_rows = fast
    else:
        jt = Table(specs["Journal"])
        journal = _journal(
            iter_journal(by_name["Journal"], jt.spec, problems, jt),
            jt.bad_rows,
            currency,
            problems,
            journal_rows,
        )
        if jt.extra_headers:
            loaded_extras["Journal"] = (jt.extra_headers, jt.extras)
    events = _events(table("Events"))
    if light:
        books = Books(game, settings, players, journal, events, journal_rows=journal_rows)
        return Loaded(books, [s.name for s in raw], sums=fast_sums, partial=True), problems
    dice = _dice(table("Dice"))
    balances_t = table("Balances")
    balances_as_read = {}
    if balances_t:
        for ref, v in balances_t.records:
            if v["account"] and v["balance"] is not None:
                balances_as_read[str(v["account"])] = (v["balance"], CellRef(ref.sheet, 3, ref.row))
    books = Books(
        game, settings, players, journal, events, dice, balances_as_read, journal_rows=journal_rows
    )
    game_rows = {}
    for spec in game.sheets:
        t = table(spec.name)
        if t is not None:
            game_rows[spec.name] = [(ref, v) for ref, v in t.records if ref.row not in t.bad_rows]
    game.load_state(books, game_rows, problems)
    known = {*specs, DROPDOWNS}  # the dropdowns' lists are ledger's own, written afresh
    unknown = {s.name: s for s in raw if s.name not in known}
    read_rows = sum(len(rows) for rows in journal_rows.values())
    return Loaded(books, [s.name for s in raw], unknown, loaded_extras, path, read_rows), problems


def _settings(
    specs: Sequence[Any], typed: dict[str, tuple[Any, CellRef]], problems: list[Problem]
) -> Settings:
    values: dict[str, SettingValue] = {}
    refs: dict[str, CellRef] = {}
    for spec in specs:
        if spec.key not in typed:
            values[spec.key] = spec.default
            if spec.key in ("day", "seed"):
                problems.append(
                    problem(
                        "missing-setting",
                        "Settings",
                        f"the setting {spec.key} is missing",
                        f"add a row `{spec.key}` in Settings",
                    )
                )
            continue
        raw_value, ref = typed[spec.key]
        cell = CellRef("Settings", 1, ref.row)
        refs[spec.key] = cell
        value, p = convert(raw_value, spec.kind, cell)
        if p:
            problems.append(p)
            value = spec.default
        elif value is None or value == "":
            value = spec.default
        values[spec.key] = value
    for key, (raw_value, ref) in typed.items():
        if key not in values:
            values[key] = to_text(raw_value)
            refs[key] = CellRef("Settings", 0, ref.row)
            problems.append(
                problem(
                    "unknown-setting",
                    refs[key],
                    f"{key!r} is no setting of this game",
                    "check the spelling; it is kept but not used",
                    warning=True,
                )
            )
    return Settings(values, refs)


def _players(t: Table, game_columns: Sequence[Column]) -> list[Player]:
    out = []
    for ref, v in t.records:
        role = (v["role"] or "player").strip().casefold()
        extra = tuple((c.name, v.get(c.name)) for c in game_columns)
        out.append(Player(name=v["name"], role=role, extra=extra, ref=ref))
    return out


def _journal(
    records: Iterable[tuple[CellRef, dict[str, Any]]],
    bad_rows: set[int],
    currency: str,
    problems: list[Problem],
    rows_of: dict[int, tuple[int, ...]],
) -> Journal:
    """Build the journal from its rows as they stream in, one transaction at a time."""
    journal = Journal(currency)

    def groups() -> Iterator[tuple[int, list[tuple[CellRef, dict[str, Any]]]]]:
        current: tuple[int, list[tuple[CellRef, dict[str, Any]]]] | None = None
        for ref, v in records:
            txn = v["txn"]
            if txn is None:
                if ref.row not in bad_rows:
                    problems.append(
                        problem(
                            "missing-value",
                            CellRef(ref.sheet, 0, ref.row),
                            "the row has no transaction number",
                            "every Journal row belongs to a txn",
                        )
                    )
                continue
            if current is not None and current[0] == txn:
                current[1].append((ref, v))
            else:
                if current is not None:
                    yield current
                current = (txn, [(ref, v)])
        if current is not None:
            yield current

    last = 0
    for txn_id, rows in groups():
        first = rows[0][0]
        if any(ref.row in bad_rows for ref, _ in rows):
            last = max(last, txn_id)
            continue  # a cell of it is unreadable, and that is reported already
        amounts = [v["amount"] for _, v in rows]
        if txn_id <= last:
            problems.append(
                problem(
                    "journal-order",
                    CellRef(first.sheet, 0, first.row),
                    f"transaction {txn_id} comes after {last}; the journal is only ever appended to",
                    "rows of one transaction stand together, numbers rising; put them back in order (or `ledger undo --force` goes back a command)",
                )
            )
            continue
        if any(a is None for a in amounts):
            bad = next(ref for ref, v in rows if v["amount"] is None)
            problems.append(
                problem(
                    "missing-value",
                    CellRef(bad.sheet, 4, bad.row),
                    f"a posting of transaction {txn_id} has no amount",
                    "",
                )
            )
            continue
        if len(rows) < 2:
            problems.append(
                problem(
                    "single-posting",
                    CellRef(first.sheet, 0, first.row),
                    f"transaction {txn_id} has one posting; double entry needs two",
                    "every amount needs its other side",
                )
            )
            continue
        total = sum(amounts, Decimal(0))
        if total != 0:
            problems.append(
                problem(
                    "unbalanced-transaction",
                    CellRef(first.sheet, 4, first.row),
                    f"transaction {txn_id} sums to {total}, not 0",
                    "the amounts of one transaction must cancel; was one edited by hand? Put the amount back (or `ledger undo --force` goes back a command)",
                )
            )
            continue
        head = rows[0][1]
        if head["day"] is None:
            problems.append(
                problem(
                    "missing-value",
                    CellRef(first.sheet, 1, first.row),
                    f"transaction {txn_id} has no day",
                    "",
                )
            )
            continue
        postings = tuple(
            Posting(str(v["account"]), Money.exact(v["amount"], currency)) for _, v in rows
        )
        journal._append(
            Transaction(
                id=txn_id,
                day=head["day"],
                kind=head["kind"],
                memo=head["memo"],
                postings=postings,
                event=head["event"],
                rule=head["rule"],
            )
        )
        rows_of[txn_id] = tuple(ref.row for ref, _ in rows)
        last = txn_id
    return journal


def _events(t: Table | None) -> list[Event]:
    if t is None:
        return []
    out = []
    for n, (ref, v) in enumerate(t.records, start=1):
        out.append(
            Event(
                id=v["id"] or f"E{ref.row - 1}",
                type=(v["type"] or "").strip().casefold(),
                player=v["player"] or "",
                day=v["day"],
                to=v["to"] or "",
                amount=v["amount"],
                args=v["args"] or "",
                memo=v["memo"] or "",
                posted=v["posted"] or "",
                note=v["note"] or "",
                ref=ref,
            )
        )
        del n
    return out


def _dice(t: Table | None) -> list[DiceRoll]:
    if t is None:
        return []
    return [
        DiceRoll(
            n=v["roll"] or 0,
            day=v["day"] or 0,
            sides=v["sides"] or 6,
            result=v["result"] or 0,
            source=v["source"],
            purpose=v["purpose"],
            decided=v["decided"],
        )
        for _, v in t.records
    ]


# -- writing ------------------------------------------------------------------------------


def write(path: Path, loaded: Loaded) -> None:
    """Write the whole workbook to `path` (a temporary file; the store replaces atomically)."""
    import xlsxwriter

    if loaded.partial:  # a programmer's error: it would lose the game's sheets
        raise ValueError("a light load of the workbook cannot be saved")

    books = loaded.books
    event_types = tuple(event_handlers(books.game))
    specs = sheets.core_specs(books.game, event_types)
    by_name = {s.name: s for s in specs}
    order = [n for n in loaded.order if n in by_name or n in loaded.unknown]
    order += [s.name for s in specs if s.name not in order]

    buffer = io.BytesIO()
    wb = xlsxwriter.Workbook(
        buffer,
        {
            "in_memory": True,
            "strings_to_formulas": False,
            "strings_to_numbers": False,
            "strings_to_urls": False,
        },
    )
    wb.set_properties(
        {
            "title": f"{books.game.title}: the banker's books",
            "comments": f"written by ledger {__version__}",
        }
    )
    fmt = _Formats(wb)
    streamed: dict[str, tuple[SheetSpec, Callable[[], Iterator[list[Any]]]]] = {}
    reuse: dict[str, tuple[Path, str, int]] = {}
    rows_for: dict[str, Callable[[], list[list[Any]]]] = {
        "README": lambda: _readme_rows(specs),
        "Settings": lambda: _settings_rows(books),
        "Players": lambda: [[p.name, p.role, *[v for _, v in p.extra]] for p in books.players],
        "Events": lambda: [
            [e.id, e.day, e.type, e.player, e.to, e.amount, e.args, e.memo, e.posted, e.note]
            for e in books.events
        ],
        "Journal": lambda: [
            [t.id, t.day, t.kind, p.account, p.amount.amount, t.memo, t.event, t.rule]
            for t in books.journal
            for p in t.postings
        ],
        "Balances": lambda: _balance_rows(books),
        "Dice": lambda: [
            [d.n, d.day, d.sides, d.result, d.source, d.purpose, d.decided] for d in books.dice
        ],
    }
    dumped = books.game.dump_state(books)
    for name, game_rows in dumped.items():
        rows_for[name] = lambda game_rows=game_rows: game_rows  # type: ignore[misc]
    dropdowns = _Dropdowns(books, rows_for, by_name)
    source_rows = {
        "Players": [p.ref.row if p.ref else None for p in books.players],
        "Events": [e.ref.row if e.ref else None for e in books.events],
        **books.game.source_rows(books),
    }
    for name in order:
        if name in loaded.unknown:
            _write_unknown(wb, loaded.unknown[name], fmt)
            continue
        spec = by_name[name]
        extra_headers, extras = loaded.extras.get(name, ([], {}))
        if name == "Journal" and not extra_headers:
            # the journal is never held as rows: it streams from the transactions
            n = sum(len(t.postings) for t in books.journal)
            if n > STREAM_ROWS:
                first = next(_journal_rows(books), None)
                sheet_no = len(wb.worksheets()) + 1
                _write_sheet(
                    wb, spec, [first] if first else [], [], [], {}, fmt, dropdowns, total_rows=n
                )
                streamed[f"xl/worksheets/sheet{sheet_no}.xml"] = (
                    spec,
                    lambda: _journal_rows(books),
                )
                if (
                    loaded.source is not None
                    and "Journal" in loaded.order
                    and loaded.journal_rows_read
                ):
                    old_part = f"xl/worksheets/sheet{loaded.order.index('Journal') + 1}.xml"
                    reuse[f"xl/worksheets/sheet{sheet_no}.xml"] = (
                        loaded.source,
                        old_part,
                        loaded.journal_rows_read,
                    )
                continue
        rows = rows_for[name]() if name in rows_for else []
        if name == "Journal" and extra_headers:
            # the banker's columns stay beside the rows they were typed beside
            row_numbers: list[int | None] = []
            for t in books.journal:
                source = books.journal_rows.get(t.id, ())
                row_numbers += [
                    source[i] if i < len(source) else None for i in range(len(t.postings))
                ]
        else:
            row_numbers = source_rows.get(name, [None] * len(rows))
        # A long sheet without the banker's own columns is streamed as XML after XlsxWriter
        # has written its first row (which shows us the cell styles to use for the rest).
        stream = len(rows) > STREAM_ROWS and not extra_headers
        sheet_no = len(wb.worksheets()) + 1
        _write_sheet(
            wb,
            spec,
            rows[:1] if stream else rows,
            row_numbers,
            extra_headers,
            extras,
            fmt,
            dropdowns,
            total_rows=len(rows),
        )
        if stream:
            streamed[f"xl/worksheets/sheet{sheet_no}.xml"] = (spec, lambda rows=rows: iter(rows))  # type: ignore[misc]
    dropdowns.write_sheet(wb, fmt)
    wb.close()
    _finish(buffer, path, streamed, reuse)


class _Formats:
    def __init__(self, wb: Any) -> None:
        self.header = wb.add_format(
            {"bold": True, "bg_color": "#DCE6F1", "bottom": 1, "text_wrap": True, "valign": "top"}
        )
        self.money = wb.add_format({"num_format": MONEY_FORMAT})
        self.int = wb.add_format({"num_format": "0"})
        self.text = wb.add_format({"num_format": "@"})
        self.date = wb.add_format({"num_format": "yyyy-mm-dd"})
        self.datetime = wb.add_format({"num_format": "yyyy-mm-dd hh:mm:ss"})
        self.wrap = wb.add_format({"text_wrap": True, "valign": "top"})


def _write_value(ws: Any, r: int, c: int, value: Any, kind: str, fmt: _Formats) -> None:
    if value is None or value == "":
        return
    if isinstance(value, bool):
        ws.write_boolean(r, c, value)
    elif isinstance(value, Decimal):
        ws.write_number(r, c, float(value), fmt.money if kind == "money" else None)
    elif isinstance(value, (int, float)):
        ws.write_number(r, c, value)
    elif isinstance(value, dt.datetime):
        ws.write_datetime(r, c, value, fmt.datetime)
    elif isinstance(value, dt.date):
        ws.write_datetime(r, c, dt.datetime(value.year, value.month, value.day), fmt.date)
    else:
        # Always a string, never a formula: text that starts with `=` stays text.
        ws.write_string(r, c, str(value))


def _write_sheet(
    wb: Any,
    spec: SheetSpec,
    rows: list[list[Any]],
    row_numbers: Sequence[int | None],
    extra_headers: list[str],
    extras: dict[int, list[CellValue]],
    fmt: _Formats,
    dropdowns: _Dropdowns,
    total_rows: int | None = None,
) -> None:
    ws = wb.add_worksheet(spec.name)
    columns = list(spec.columns)
    for c, col in enumerate(columns):
        ws.set_column(c, c, col.width, fmt.wrap if spec.name == "README" else None)
    for c, _ in enumerate(extra_headers, start=len(columns)):
        ws.set_column(c, c, 14)
    ws.freeze_panes(1, 0)
    for c, col in enumerate(columns):
        ws.write_string(0, c, col.name, fmt.header)
    for c, h in enumerate(extra_headers, start=len(columns)):
        ws.write_string(0, c, h, fmt.header)
    for i, row in enumerate(rows, start=1):
        for c, (value, col) in enumerate(zip(row, columns, strict=False)):
            _write_value(ws, i, c, value, col.kind, fmt)
        src = row_numbers[i - 1] if i - 1 < len(row_numbers) else None
        if src is not None and src in extras:
            for c, value in enumerate(extras[src], start=len(columns)):
                _write_value(ws, i, c, value, "", fmt)
    n = len(rows) if total_rows is None else total_rows
    last_col = len(columns) + len(extra_headers) - 1
    ws.autofilter(0, 0, max(n, 1), last_col)
    for c, col in enumerate(columns):
        source = dropdowns.validation(spec, col)
        if source:
            ws.data_validation(1, c, n + VALIDATION_ROWS, c, source)


class _Dropdowns:
    """Each column's dropdown, its values drawn from the books as they are saved: the game's
    fixed vocabulary (a tuple), the players' names, or another sheet's column (see
    `Column.choices`). A short list is typed into the validation itself; a longer one (or an
    empty one, or one with a comma in a name) goes to a column of the hidden Dropdowns sheet
    and the validation refers to its range."""

    def __init__(
        self,
        books: Books,
        rows_for: dict[str, Callable[[], list[list[Any]]]],
        specs: dict[str, SheetSpec],
    ) -> None:
        self.players = [p.name for p in books.players]
        self.institutions = list(books.game.institutions)
        self.rows_for, self.specs = rows_for, specs
        self.rows: dict[str, list[list[Any]]] = {}
        #: the lists of the Dropdowns sheet: values -> their column and its header
        self.lists: dict[tuple[str, ...] | str, tuple[int, str]] = {}

    def values(self, choices: tuple[str, ...] | str) -> list[str]:
        if isinstance(choices, tuple):
            return list(choices)
        found: list[str] = []
        for source in choices.split("+"):
            if source == "players":
                found += self.players
            elif source == "parties":
                found += self.players + self.institutions
            else:
                sheet, _, column = source.partition("!")
                at = [c.name for c in self.specs[sheet].columns].index(column)  # else: a typo
                if sheet not in self.rows:
                    self.rows[sheet] = self.rows_for[sheet]() if sheet in self.rows_for else []
                found += [to_text(row[at]) for row in self.rows[sheet] if at < len(row)]
        return list(dict.fromkeys(v for v in (v.strip() for v in found) if v))

    def validation(self, spec: SheetSpec, col: Column) -> dict[str, Any] | None:
        if not col.choices:
            return None
        values = self.values(col.choices)
        if not values and isinstance(col.choices, tuple):
            return None
        source: list[str] | str
        if (
            values
            and len(",".join(values)) <= INLINE_LIST
            and not any("," in v or '"' in v for v in values)
        ):
            source = values
        else:
            header = col.choices if isinstance(col.choices, str) else f"{spec.name} {col.name}"
            key = tuple(values) if values else header  # no ships yet: an empty list of ships
            number, _ = self.lists.setdefault(key, (len(self.lists), header))
            letter = _letters(number)
            source = f"={DROPDOWNS}!${letter}$2:${letter}${max(len(values), 1) + 1}"
        listed = ", ".join(values) or "(none yet)"
        return {
            "validate": "list",
            "source": source,
            "error_type": "stop" if col.strict else "warning",
            "error_title": col.name,
            "error_message": ("Not one of: " + listed)[:200],
        }

    def write_sheet(self, wb: Any, fmt: _Formats) -> None:
        """The lists too long to type into a validation, one column each; hidden."""
        if not self.lists:
            return
        ws = wb.add_worksheet(DROPDOWNS)
        ws.freeze_panes(1, 0)
        for key, (c, header) in self.lists.items():
            ws.set_column(c, c, max(12, min(30, len(header))))
            ws.write_string(0, c, header, fmt.header)
            for r, value in enumerate(key if isinstance(key, tuple) else (), start=1):
                ws.write_string(r, c, value)
        ws.hide()


def _write_unknown(wb: Any, raw: RawSheet, fmt: _Formats) -> None:
    ws = wb.add_worksheet(raw.name)
    for r, row in raw.rows:
        for c, value in enumerate(row):
            _write_value(ws, r - 1, c, value, "", fmt)


def _readme_rows(specs: Sequence[SheetSpec]) -> list[list[Any]]:
    rows: list[list[Any]] = [
        [
            "(this book)",
            "",
            "The banker's books of a game, kept by `ledger`. Every sheet has one header row and one record per row. "
            "Type events in Events and players in Players; ledger writes Journal, Balances, Dice and this README. "
            "Run `ledger check` after editing by hand; `ledger undo` takes back the last command.",
        ],
    ]
    for spec in specs:
        who = "written by ledger" if spec.written_by_tool else "you may edit it"
        rows.append([spec.name, "", f"{spec.about} ({who})"])
        for col in spec.columns:
            if col.help:
                rows.append([spec.name, col.name, col.help])
    return rows


def _settings_rows(books: Books) -> list[list[Any]]:
    rows: list[list[Any]] = []
    specs = books.game.all_settings()
    for s in specs:
        value = books.settings.values.get(s.key, s.default)
        rows.append(
            [
                s.key,
                _setting_text(value, s.kind),
                _setting_text(s.default, s.kind),
                s.rule,
                s.description,
            ]
        )
    known = {s.key for s in specs}
    for key, value in books.settings.values.items():
        if key not in known:
            rows.append([key, value, "", "", "(not a setting of this game: kept as typed)"])
    return rows


def _setting_text(value: SettingValue | None, kind: str) -> Any:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Decimal):
        return value  # written as a number
    return value


def _balance_rows(books: Books) -> list[list[Any]]:
    rows: list[list[Any]] = []
    for account, money in books.journal.balances().items():
        owner = books.game.account_owner(books, account)
        parts = account.split(":")
        bank = parts[2] if len(parts) == 3 else ""
        rows.append([account, owner.name if owner else "", bank, money.amount])
    return rows


# -- streaming long sheets -------------------------------------------------------------------------

_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0d\x0e-\x1f\ufffe\uffff\ud800-\udfff]")
_ESCAPE_LITERAL = re.compile(r"_(x[0-9A-Fa-f]{4}_)")
_FIRST_ROW_CELL = re.compile(r'<c r="([A-Z]+)2"( s="\d+")?')


def _letters(n: int) -> str:
    from ledger.core.problems import column_letter

    return column_letter(n)


def _text_cell(ref: str, text: str) -> str:
    """An inline string escaped as XlsxWriter does: a literal `_x0041_` stays itself
    (`_x005F_x0041_`), characters XML cannot hold (and CR, which XML turns into LF) as `_xHHHH_`."""
    text = _ESCAPE_LITERAL.sub(r"_x005F_\1", text)
    text = _ILLEGAL.sub(lambda m: f"_x{ord(m.group()):04X}_", text)
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    space = ' xml:space="preserve"' if text != text.strip() else ""
    return f'<c r="{ref}" t="inlineStr"><is><t{space}>{text}</t></is></c>'


def _journal_rows(books: Books) -> Iterator[list[Any]]:
    for t in books.journal:
        for p in t.postings:
            yield [t.id, t.day, t.kind, p.account, p.amount.amount, t.memo, t.event, t.rule]


def _rows_xml(
    rows: Iterable[list[Any]], spec: SheetSpec, styles: dict[str, str], start: int = 2
) -> Iterator[str]:
    cols = [_letters(i) for i in range(len(spec.columns))]
    style = [styles.get(c, "") for c in cols]
    for r, row in enumerate(rows, start=start):
        cells: list[str] = []
        for c, value in enumerate(row):
            if value is None or value == "":
                continue
            ref = f"{cols[c]}{r}"
            t = type(value)
            if t is bool:
                cells.append(f'<c r="{ref}" t="b"><v>{int(value)}</v></c>')
            elif t is int or t is Decimal or t is float:
                number = format(value, "f") if t is Decimal else repr(value)
                cells.append(f'<c r="{ref}"{style[c]}><v>{number}</v></c>')
            elif t is str:
                cells.append(_text_cell(ref, value))
            else:
                cells.append(_text_cell(ref, str(value)))
        yield f'<row r="{r}">{"".join(cells)}</row>'


def _stream_sheet(
    xml: str,
    spec: SheetSpec,
    rows: Iterator[list[Any]],
    out: Any,
    count: int,
    kept: Callable[[Any], None] | None = None,
    skip: int = 0,
) -> None:
    """Write XlsxWriter's sheet (header and first row) completed with all the rows to `out`."""
    start = xml.index("<sheetData>") + len("<sheetData>")
    end = xml.index("</sheetData>")
    data = xml[start:end]
    header_end = data.index("</row>") + len("</row>")
    styles = {m.group(1): m.group(2) or "" for m in _FIRST_ROW_CELL.finditer(data[header_end:])}
    last = f"{_letters(len(spec.columns) - 1)}{count + 1}"
    head = re.sub(
        r'<dimension ref="[^"]*"/>', f'<dimension ref="A1:{last}"/>', xml[:start], count=1
    )
    out.write((head + data[:header_end]).encode("utf-8"))
    if kept is not None:
        kept(out)  # the rows the previous save wrote, as they were
        rows = itertools.islice(rows, skip, None)
    chunk: list[str] = []
    for line in _rows_xml(rows, spec, styles, start=2 + skip):
        chunk.append(line)
        if len(chunk) >= 2000:
            out.write("".join(chunk).encode("utf-8"))
            chunk.clear()
    out.write(("".join(chunk) + xml[end:]).encode("utf-8"))


_CHUNK = 1 << 20


def _old_rows(old: zipfile.ZipFile, part: str, rows: int, styles: bytes) -> tuple[int, int] | None:
    """Where, in the previous save's journal sheet, its first `rows` data rows lie, when they
    can be copied as they are: written by this ledger (the same version and styles), inline
    text only, every row there. Anything else (Excel or LibreOffice saved it, a row was
    edited): None. Read in chunks: the sheet is never held whole in memory."""
    try:
        if old.read("xl/styles.xml") != styles:
            return None
        if f"written by ledger {__version__}".encode() not in old.read("docProps/core.xml"):
            return None
        start = end = -1
        count = seen = 0
        carry = tail = b""
        with old.open(part) as f:
            while block := f.read(_CHUNK):
                buf = carry + block
                base = seen - len(carry)
                if start < 0:
                    data = buf.find(b"<sheetData>")
                    row_end = buf.find(b"</row>", data) if data >= 0 else -1
                    if row_end >= 0:
                        start = base + row_end + len(b"</row>")
                if start >= 0:
                    lo = max(0, start - base)
                    hi = buf.find(b"</sheetData>", lo)
                    scan = buf[lo:] if hi < 0 else buf[lo:hi]
                    if b' t="s"' in scan or b"<f>" in scan:
                        return None
                    count += scan.count(b"<row ") - (
                        carry.count(b"<row ") if lo == 0 and carry else 0
                    )
                    if hi >= 0:
                        end = base + hi
                        tail = buf[max(lo, hi - 8192) : hi]
                        break
                seen += len(block)
                carry = buf[-16:]
    except (OSError, KeyError, zipfile.BadZipFile):
        return None
    if start < 0 or end < 0 or count != rows or f'<row r="{rows + 1}">'.encode() not in tail:
        return None
    return start, end


def _copy_range(old: zipfile.ZipFile, part: str, start: int, end: int, out: Any) -> None:
    with old.open(part) as f:
        pos = 0
        while pos < end:
            block = f.read(min(_CHUNK, end - pos) if pos >= start else min(_CHUNK, start - pos))
            if not block:
                break
            if pos >= start:
                out.write(block)
            pos += len(block)


def _finish(
    buffer: io.BytesIO,
    path: Path,
    streamed: dict[str, tuple[SheetSpec, Callable[[], Iterator[list[Any]]]]],
    reuse: dict[str, tuple[Path, str, int]] | None = None,
) -> None:
    """Write the final zip: XlsxWriter's parts as they are, the streamed sheets completed (the
    journal's unchanged rows copied from the previous save when they can be)."""
    reuse = reuse or {}
    buffer.seek(0)
    with (
        zipfile.ZipFile(buffer) as src,
        zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as dst,
    ):
        styles = src.read("xl/styles.xml")
        for info in src.infolist():
            data = src.read(info.filename)
            if info.filename not in streamed:
                dst.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)
                continue
            spec, rows = streamed[info.filename]
            count = sum(1 for _ in rows())
            target = zipfile.ZipInfo(info.filename, date_time=info.date_time)
            target.compress_type = zipfile.ZIP_DEFLATED
            target._compresslevel = 1  # type: ignore[attr-defined]  # the long sheets: speed over size
            with contextlib.ExitStack() as stack:
                kept, skip = None, 0
                if info.filename in reuse:
                    source, part, n = reuse[info.filename]
                    try:
                        old = stack.enter_context(zipfile.ZipFile(source))
                    except (OSError, zipfile.BadZipFile):
                        old = None
                    where = (
                        _old_rows(old, part, n, styles) if old is not None and n <= count else None
                    )
                    if old is not None and where is not None:
                        a, b = where
                        kept = lambda out, o=old, p=part, a=a, b=b: _copy_range(o, p, a, b, out)  # noqa: E731
                        skip = n
                with dst.open(target, "w", force_zip64=False) as out:
                    _stream_sheet(
                        data.decode("utf-8"), spec, rows(), out, count, kept=kept, skip=skip
                    )
