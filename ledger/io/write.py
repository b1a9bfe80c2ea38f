"""Writing the books back into a workbook (XlsxWriter, values only, never formulas): every
known sheet from the books, the banker's own sheets and columns kept, dropdowns from the
game's declared choices."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from decimal import Decimal
from pathlib import Path
from typing import Any

from ledger import __version__
from ledger.core import sheets
from ledger.core.actions import event_handlers
from ledger.core.books import Books
from ledger.core.problems import column_letter
from ledger.core.schema import Column, SettingValue, SheetSpec
from ledger.io.cells import CellValue, to_text
from ledger.io.load import Loaded
from ledger.io.sheet_read import DROPDOWNS, RawSheet
from ledger.io.xlsx_check import FormulaWithoutValue

#: Dropdowns reach this far below the last row, so rows the banker types get them too.
VALIDATION_ROWS = 1000
#: A list longer than this (its values joined by commas) goes to the Dropdowns sheet: Excel
#: holds at most 255 characters in a list typed into the validation itself.
INLINE_LIST = 250
#: A Journal longer than this is written in XlsxWriter's `constant_memory` mode: each row goes
#: to disk as it is written (100,000 rows: 56 MB at the peak instead of 209 MB in memory), at
#: the cost of texts written in their cells rather than shared (and 1.7 times the time at
#: 10,000 rows).
CONSTANT_MEMORY_ROWS = 50_000
#: Money as the sheets show it: two places, negatives in red.
MONEY_FORMAT = "#,##0.00;[Red]-#,##0.00"


def write(path: Path, loaded: Loaded, *, constant_memory: bool | None = None) -> None:
    """Write the whole workbook to `path` (a temporary file; the store replaces atomically);
    in `constant_memory` mode when asked, else when the Journal is long."""
    import xlsxwriter
    import xlsxwriter.exceptions

    books = loaded.books
    specs = sheets.core_specs(books.game, tuple(event_handlers(books.game)))
    by_name = {s.name: s for s in specs}
    order = [n for n in loaded.order if n in by_name or n in loaded.unknown]
    order += [s.name for s in specs if s.name not in order]
    if constant_memory is None:
        constant_memory = sum(len(t.postings) for t in books.journal) > CONSTANT_MEMORY_ROWS
    wb = xlsxwriter.Workbook(
        str(path),
        {
            # the parts in memory (a temporary file each costs more than it writes), or in
            # `constant_memory` mode each row on disk as it is written
            "in_memory": not constant_memory,
            "constant_memory": constant_memory,
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
    rows_for = sheet_rows(books, specs)
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
        _write_sheet(wb, spec, rows, row_numbers, extra_headers, extras, fmt, dropdowns)
    dropdowns.write_sheet(wb, fmt)
    try:
        wb.close()
    except xlsxwriter.exceptions.FileCreateError as exc:  # the system's own error, as it said
        cause = exc.args[0] if exc.args else None
        if isinstance(cause, OSError):
            raise cause from None
        raise


Rows = Callable[[], list[list[Any]]]


def sheet_rows(books: Books, specs: Sequence[SheetSpec]) -> dict[str, Rows]:
    """Each known sheet's rows below its header, as the books hold them (made when asked)."""
    rows_for: dict[str, Rows] = {
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
    for name, game_rows in books.game.dump_state(books).items():
        rows_for[name] = lambda game_rows=game_rows: game_rows  # type: ignore[misc]
    return rows_for


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
    if isinstance(value, FormulaWithoutValue):
        # the banker's own formula that no program computed yet (a known sheet refuses it as
        # `formula-without-value`): kept as it was, a formula without a value
        ws.write_formula(r, c, value.formula, None, "")  # `<v></v>`: still no value
        return
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
        # Always a string, never a formula: text that starts with `=` stays text (a CSV, which
        # has no string cells, marks it instead: cells.as_text_cell).
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
) -> None:
    ws = wb.add_worksheet(spec.name)
    columns, n = list(spec.columns), len(rows)
    for c, col in enumerate(columns):
        ws.set_column(c, c, col.width, fmt.wrap if spec.name == "README" else None)
        source = dropdowns.validation(spec, col)
        if source:
            ws.data_validation(1, c, n + VALIDATION_ROWS, c, source)
    for c, _ in enumerate(extra_headers, start=len(columns)):
        ws.set_column(c, c, 14)
    ws.freeze_panes(1, 0)
    for c, name in enumerate([*(col.name for col in columns), *extra_headers]):
        if isinstance(name, FormulaWithoutValue):  # the banker's header, as it was read
            ws.write_formula(0, c, name.formula, fmt.header, "")
        else:
            ws.write_string(0, c, name, fmt.header)
    for i, row in enumerate(rows, start=1):
        for c, (value, col) in enumerate(zip(row, columns, strict=False)):
            _write_value(ws, i, c, value, col.kind, fmt)
        src = row_numbers[i - 1] if i - 1 < len(row_numbers) else None
        if src is not None and src in extras:
            for c, value in enumerate(extras[src], start=len(columns)):
                _write_value(ws, i, c, value, "", fmt)
    last_col = len(columns) + len(extra_headers) - 1
    ws.autofilter(0, 0, max(n, 1), last_col)


class _Dropdowns:
    """Each column's dropdown, its values drawn from the books as they are saved: the game's
    fixed vocabulary (a tuple), the players' names, or another sheet's column (see
    `Column.choices`). A short list is typed into the validation itself; a longer one (or an
    empty one, or one with a comma in a name) goes to a column of the hidden Dropdowns sheet
    and the validation refers to its range."""

    def __init__(
        self, books: Books, rows_for: dict[str, Rows], specs: dict[str, SheetSpec]
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
            letter = column_letter(number)
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
        columns = [(c, key if isinstance(key, tuple) else ()) for key, (c, _) in self.lists.items()]
        for c, header in self.lists.values():
            ws.set_column(c, c, max(12, min(30, len(header))))
            ws.write_string(0, c, header, fmt.header)
        # row by row (`constant_memory` writes each row out before the next)
        for r in range(1, 1 + max(len(values) for _, values in columns)):
            for c, values in columns:
                if r <= len(values):
                    ws.write_string(r, c, values[r - 1])
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
