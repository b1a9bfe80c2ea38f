"""Books in memory, for the rules' tests (issue 37): the same pipe tables as
tests/pipe_tables.py, made into books by the real loader's records with no .xlsx between, and
commands run by the same use cases the CLI calls, all in memory.

    t = table('''
    Ships | id | name  | owner | type      | status
          | S1 | Nomad | Ann   | transport | active
    ''')
    t("tick 30")                        # a command line, parsed by the game's own commands
    assert t.cash("Ann") == Decimal("22.00")
    with refused("overdrawn"):
        t("pay Ann Bob 1000")

A new game is made as `ledger new` makes it (`pipeline.new_game`); each sheet a block names
has its rows replaced by the block's, as a banker types them; the sheets go to the loader as
python-calamine hands them over (`load.load_sheets`). Each command runs through
`pipeline.apply` (checks, the Events rows posted, the change, the checks again: what a save
would keep), and the books go through the loader again before the next one, so a test reads
what the next command would read. The CLI and the file stay the end-to-end tests' business."""

from __future__ import annotations

import contextlib
import datetime as dt
import functools
import shlex
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

from ledger.app.pipeline import Change, apply, new_game
from ledger.core import sheets
from ledger.core.actions import event_handlers
from ledger.core.books import Books
from ledger.core.params import TextFile
from ledger.core.problems import Problem, ProblemsFound
from ledger.io.load import Loaded, load_sheets
from ledger.io.sheet_read import RawSheet
from ledger.io.write import sheet_rows
from ledger.rules import load_game
from tests.pipe_tables import parse


def table(
    text: str = "",
    game: str = "triplanetary",
    seed: int = 7,
    players: tuple[str, ...] = ("Ann", "Bob"),
    patrol: str | None = "Sam",
    first: str | None = None,
    board: str | None = None,
) -> Table:
    """A game's books in memory with the sheets of `text` (see the module). Its players are
    the Players block's, else `players` (and `patrol`, Triplanetary's Patrol); `board` the
    text of the file a game played from a file is made from (`ledger new --board FILE`)."""
    blocks = parse(text)
    names, special = (
        list(players),
        {"--patrol": patrol} if patrol and game == "triplanetary" else {},
    )
    if "Players" in blocks:
        headers, rows = blocks["Players"]
        at = {h.casefold(): i for i, h in enumerate(headers)}
        role = at.get("role")
        names = [str(r[at["name"]]) for r in rows if role is None or r[role] != "patrol"]
        patrols = [str(r[at["name"]]) for r in rows if role is not None and r[role] == "patrol"]
        special = {"--patrol": patrols[0]} if patrols else {}
    source = TextFile("board.toml", board) if board is not None else None
    books = new_game(load_game(game), names, special, seed, first, source)
    raw = as_read(books)
    for name, (headers, rows) in blocks.items():
        if name not in {s.name for s in raw}:
            raise ValueError(f"the workbook of {game} has no sheet {name}")
        raw = [_typed(s, headers, rows, replace=True) if s.name == name else s for s in raw]
    return Table(raw)


class Table:
    """A game at the table, in memory: call it with a command line."""

    def __init__(self, raw: list[RawSheet]) -> None:
        self._load(raw)
        self.warnings: list[Problem] = []
        self.data: Any = None
        #: the Events rows the last command posted first, as it says them
        self.posted: list[str] = []

    def _load(self, raw: list[RawSheet]) -> None:
        """The books read from `raw` (kept: `check` reads the same cells again)."""
        self.raw = [RawSheet(s.name, list(s.rows)) for s in raw]  # rows read once, kept
        self.loaded, self.problems = _loaded(self.raw)

    @property
    def books(self) -> Books:
        return self.loaded.books

    def __call__(self, line: str) -> str:
        """Run a command line (`pay Ann Bob 3`, `tick 30`, `hire Ann --ship Nomad`): its
        summary (the rows it posted first), as the command prints it; `ProblemsFound` when
        refused, the books as they were. The command's data (a tick's report) is `data`."""
        words = shlex.split(line)
        change = _core(words) or _game_command(self.books, words)
        kept = self.raw  # a refusal leaves the cells as they were (a row typed wrong stays)
        try:
            summary, posted, warnings, data, _ = apply(self.loaded, list(self.problems), change)
        except ProblemsFound:
            self._load(kept)
            raise
        self.warnings, self.data, self.posted = warnings, data, posted
        self._load(as_read(self.books))
        return "\n".join([*posted, summary])

    def refusal(self, line: str) -> str:
        """The problems that refuse `line`, one `WHERE: CODE message` line each with its
        hint, as the command says them (it fails the test if the line is not refused)."""
        try:
            self(line)
        except ProblemsFound as exc:
            return _said(exc.problems)
        raise AssertionError(f"`{line}` was not refused")

    def check(self, clean: bool | None = None) -> str:
        """What `ledger check` says of the books as they would be read (the rows typed in
        Events tried on a copy): every problem, one line each. `clean`: that it would exit 0
        (warnings at most), or 1 (False)."""
        from ledger.app.pipeline import examine
        from ledger.core.problems import has_errors

        problems = examine(*_loaded(self.raw)).problems  # a fresh read of the same cells
        if clean is not None:
            assert has_errors(problems) is not clean, _said(problems)
        return _said(problems)

    def warned(self) -> str:
        """The last command's warnings as the command prints them, each with its hint."""
        return _said(self.warnings)

    def status(self) -> dict[str, Any]:
        """What `ledger status --json` gives."""
        data: dict[str, Any] = self.books.game.status(self.books)
        return data

    def report(self) -> str:
        """The lines of the last tick's report, one a line."""
        return "\n".join(line.text for line in self.data.lines)

    def journal(self) -> list[dict[str, Any]]:
        """Every transaction as `ledger journal --json` gives it."""
        from ledger.app.views import journal_json

        return journal_json(self.books.journal)

    def rows(self, sheet: str) -> list[dict[str, Any]]:
        """A sheet's rows by header, as a banker reads them (an empty cell as None)."""
        found = next(s for s in self.raw if s.name == sheet)
        rows = [row for _, row in found.rows]
        header = [str(h) for h in rows[0]]
        return [
            {h: (None if i >= len(r) or r[i] == "" else r[i]) for i, h in enumerate(header)}
            for r in rows[1:]
            if any(v != "" for v in r)
        ]

    def edit_cells(self, cells: dict[str, Any]) -> None:
        """Cells typed as a banker types them in Excel: `{"Crews!F2": "R1"}` (None empties)."""
        import re

        raw = {s.name: [(n, list(row)) for n, row in s.rows] for s in self.raw}
        for ref, value in cells.items():
            sheet, _, cell = ref.partition("!")
            letters, number = re.fullmatch(r"([A-Z]+)(\d+)", cell).groups()  # type: ignore[union-attr]
            col = 0
            for ch in letters:
                col = col * 26 + ord(ch) - 64
            rows = raw[sheet]
            while rows[-1][0] < int(number):
                rows.append((rows[-1][0] + 1, []))
            row = next(r for n, r in rows if n == int(number))
            row += [""] * (col - len(row))
            row[col - 1] = "" if value is None else _cell(value)
        self._load([RawSheet(n, rows) for n, rows in raw.items()])

    def add_rows(self, sheet: str, rows: list[list[Any]]) -> None:
        """Rows typed below a sheet's last row, from its column A on."""
        raw = [RawSheet(s.name, list(s.rows)) for s in self.raw]
        for s in raw:
            if s.name == sheet:
                n = s.rows[-1][0]
                s.rows += [(n + i, [_cell(v) for v in r]) for i, r in enumerate(rows, 1)]
        self._load(raw)

    def set_setting(self, key: str, value: Any) -> None:
        """A setting's value typed in the Settings sheet."""
        raw = [RawSheet(s.name, list(s.rows)) for s in self.raw]
        for sheet in raw:
            if sheet.name == "Settings":
                sheet.rows = [
                    (n, [row[0], _cell(value), *row[2:]] if row[0] == key else row)
                    for n, row in sheet.rows
                ]
        self._load(raw)

    def type_rows(self, text: str) -> None:
        """Rows typed under each named sheet's last row, as between two commands in Excel."""
        raw = list(self.raw)
        for name, (headers, rows) in parse(text).items():
            raw = [_typed(s, headers, rows, replace=False) if s.name == name else s for s in raw]
        self._load(raw)

    def balance(self, account: str) -> Decimal:
        return self.books.journal.balance(account).amount

    def cash(self, player: str, bank: str | None = None) -> Decimal:
        """A player's money: at one bank, else in all their accounts (a Patrol's its own)."""
        if bank is not None:
            return self.balance(f"cash:{player}:{bank}")
        found = self.books.player(player)
        assert found is not None, f"no player {player}"
        return self.books.player_cash(found).amount


@contextlib.contextmanager
def refused(*codes: str) -> Iterator[list[Problem]]:
    """The block is refused with these problem codes (all of them, none else)."""
    found: list[Problem] = []
    try:
        yield found
    except ProblemsFound as exc:
        found += exc.problems
        assert [p.code for p in exc.problems if p.is_error] == list(codes), exc.problems
    else:
        raise AssertionError(f"not refused; expected {codes}")


def _core(words: list[str]) -> Change[Any] | None:
    """The change of one of ledger's own changing commands, as its module makes it."""
    if words[0] == "pay":
        from ledger.app.pay import amount_of, paying

        args, options = _options(words[1:], ("--memo", "--from-bank", "--to-bank"))
        payer, payee, amount = args
        return paying(
            payer,
            payee,
            amount_of(amount),
            memo=options.get("memo", ""),
            from_bank=options.get("from_bank"),
            to_bank=options.get("to_bank"),
        )
    if words[0] == "tick":
        from ledger.app.tick import advancing, days_of

        return advancing(days_of(words[1] if len(words) > 1 else "1"))
    if words[0] == "post":
        return lambda books: ("post", [], None)
    return None


def _options(words: list[str], names: tuple[str, ...]) -> tuple[list[str], dict[str, str]]:
    args, options = [], {}
    i = 0
    while i < len(words):
        if words[i] in names:
            options[words[i].lstrip("-").replace("-", "_")] = words[i + 1]
            i += 2
        else:
            args.append(words[i])
            i += 1
    return args, options


def _game_command(books: Books, words: list[str]) -> Change[Any]:
    """A game's command line parsed by the game's own commands (the CLI's parameters and
    types), run by the game's `apply` as the CLI runs it."""
    game = books.game
    specs = dict(game.commands())
    command = _commands(game.key)
    names: list[str] = []
    if not hasattr(command, "resolve_command"):  # a game of one command: typer makes it the app
        names, words = words[:1], words[1:]
    ctx = command.make_context("ledger", list(words))
    while hasattr(command, "resolve_command"):
        args = [*ctx._protected_args, *ctx.args]  # a group's words left for its command
        name, command, rest = command.resolve_command(ctx, args)
        names.append(name)
        ctx = command.make_context(name, rest, parent=ctx)
    action = "-".join(names)
    if action not in specs:  # a game of one command: another word is no command of it
        import typer

        usage_error = typer.BadParameter.__mro__[1]  # click's UsageError, as typer has it
        raise usage_error(f"No such command {action!r}.")
    spec = specs[action]
    given = {
        k: v
        for k, v in ctx.params.items()
        if k not in ("workbook", "force") and v is not None and v is not False
    }
    where = {p.name: p.cli for p in spec.params}
    for p in spec.params:  # a file the command names is read as the command line reads it
        if p.kind == "file" and p.name in given:
            from pathlib import Path

            from ledger.cli.games import read_file

            given[p.name] = read_file(p, Path(given[p.name]))

    def change(books: Any) -> tuple[str, list[Any], object]:
        summary, problems = books.game.apply(books, action, given, where, f"cli:{action}")
        return summary, problems, None

    return change


@functools.cache
def _commands(key: str) -> Any:
    """A game's commands as the CLI makes them (made once a game)."""
    import typer.main

    from ledger.cli.games import for_game

    game = load_game(key)
    return typer.main.get_command(for_game(dict(game.commands()), dict(game.command_groups)))


def as_read(books: Books) -> list[RawSheet]:
    """Every known sheet as the save would write it and python-calamine would hand it back:
    the header row, then the rows (amounts as floats, blanks as empty text)."""
    specs = sheets.core_specs(books.game, tuple(event_handlers(books.game)))
    rows_for = sheet_rows(books, specs)
    out = []
    for spec in specs:
        rows = rows_for[spec.name]() if spec.name in rows_for else []
        header = [c.name for c in spec.columns]
        cells = [header, *([_cell(v) for v in row] for row in rows)]
        out.append(RawSheet(spec.name, list(enumerate(cells, start=1))))
    return out


def _cell(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, Decimal):
        return float(value)
    if isinstance(value, dt.date) and not isinstance(value, dt.datetime):
        return dt.datetime(value.year, value.month, value.day)
    return value


def _typed(sheet: RawSheet, headers: list[str], rows: list[list[Any]], replace: bool) -> RawSheet:
    """`sheet` with `rows` typed under `headers` (below its header row if `replace`, else
    below its last row)."""
    kept = list(sheet.rows)
    header = [str(v) for v in kept[0][1]]
    at = {h.casefold(): i for i, h in enumerate(header)}
    missing = [h for h in headers if h.casefold() not in at]
    if missing:
        raise ValueError(f"{sheet.name} has no column {', '.join(missing)}: {header}")
    if replace:
        kept = kept[:1]
    n = kept[-1][0]
    for row in rows:
        cells: list[Any] = [""] * len(header)
        for h, v in zip(headers, row, strict=True):
            cells[at[h.casefold()]] = _cell(v)
        n += 1
        kept.append((n, cells))
    return RawSheet(sheet.name, kept)


def _said(problems: list[Problem]) -> str:
    return "\n".join(p.line() + (f"\n    hint: {p.hint}" if p.hint else "") for p in problems)


def _loaded(raw: list[RawSheet]) -> tuple[Loaded, list[Problem]]:
    return load_sheets(raw)
