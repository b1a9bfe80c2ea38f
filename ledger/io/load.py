"""The books from a workbook: the sheets read into the core's records, every problem in one pass."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import msgspec

from ledger.core import sheets
from ledger.core.actions import event_handlers
from ledger.core.books import Books, Event, Player
from ledger.core.dice import DiceRoll
from ledger.core.game import Game
from ledger.core.journal_rows import journal_from_rows
from ledger.core.problems import CellRef, Problem, ProblemsFound, problem
from ledger.core.schema import Column, SettingValue
from ledger.core.settings import Settings
from ledger.io.cells import CellValue, convert, to_text
from ledger.io.sheet_read import DROPDOWNS, RawSheet, Table, iter_table, read_raw, read_table
from ledger.io.xlsx_check import FormulaWithoutValue


class Loaded(msgspec.Struct):
    """The books and what the workbook holds besides: sheet order, unknown sheets, extra columns."""

    books: Books
    order: list[str]
    unknown: dict[str, RawSheet] = msgspec.field(default_factory=dict)
    extras: dict[str, tuple[list[str], dict[int, list[CellValue]]]] = msgspec.field(
        default_factory=dict
    )


def load(path: Path, data: bytes | None = None) -> tuple[Loaded, list[Problem]]:
    """The whole workbook into books: every sheet read by python-calamine into the core's
    records, every problem in its cell collected in one pass. `data`: the workbook's bytes,
    when already read."""
    return load_sheets(read_raw(path, data))


def load_sheets(raw: list[RawSheet]) -> tuple[Loaded, list[Problem]]:
    """The books from the sheets' rows as python-calamine reads them: `load` without the file
    (the tests build books in memory this way, through the same records)."""
    by_name = {s.name: s for s in raw}
    problems: list[Problem] = [
        problem(
            "missing-sheet",
            name,
            f"the workbook has no sheet {name}",
            "was it renamed? ledger needs its sheets by these names",
        )
        for name in ("Settings", "Players", "Journal")
        if name not in by_name
    ]
    if problems:
        raise ProblemsFound(problems)

    settings_table = read_table(by_name["Settings"], sheets.SETTINGS, problems)
    typed = {
        str(v["key"]).strip(): (v["value"], ref) for ref, v in settings_table.records if v["key"]
    }
    game = _game(typed)
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
    currency = settings.get_text("currency") or game.currency
    jt = Table(specs["Journal"])
    journal_rows: dict[int, tuple[int, ...]] = {}
    journal = journal_from_rows(
        iter_table(by_name["Journal"], jt.spec, problems, jt),
        jt.bad_rows,
        currency,
        problems,
        journal_rows,
    )
    if jt.extra_headers:
        loaded_extras["Journal"] = (jt.extra_headers, jt.extras)
    events = _events(table("Events"))
    dice = _dice(table("Dice"))
    balances_as_read = _balances(table("Balances"))
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
    problems += _formulas_not_kept(unknown.values(), loaded_extras)
    return Loaded(books, [s.name for s in raw], unknown, loaded_extras), problems


def _game(typed: dict[str, tuple[Any, CellRef]]) -> Game:
    """The game the Settings row `game` names, or the problem that it names none ledger has."""
    from ledger.rules import GAMES, load_game

    game_key = to_text(typed.get("game", ("", None))[0]).casefold()
    try:
        return load_game(game_key)
    except KeyError:
        where = typed["game"][1] if "game" in typed else CellRef("Settings", 0, 0)
        why = f"{game_key!r} is not a game ledger knows"
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


def _balances(t: Table | None) -> dict[str, tuple[Any, CellRef]]:
    """The Balances sheet as read (ledger rewrites it; `check` warns of a hand edit)."""
    out = {}
    for ref, v in t.records if t is not None else ():
        if v["account"] and v["balance"] is not None:
            out[str(v["account"])] = (v["balance"], CellRef(ref.sheet, 3, ref.row))
    return out


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


def _formulas_not_kept(
    raw: Iterable[RawSheet], extras: Mapping[str, tuple[list[str], dict[int, list[CellValue]]]]
) -> list[Problem]:
    """The banker's own sheets and columns are saved with their values, and a formula no
    program computed yet as the formula it is; a copy of a shared formula without a value has
    no text of its own to keep (only Excel or LibreOffice can compute it): named, so nothing
    is lost by a save."""
    found = []
    for sheet in raw:
        for r, row in sheet.rows:
            for c, value in enumerate(row):
                if isinstance(value, FormulaWithoutValue) and not value.formula:
                    found.append(_formula_copy(CellRef(sheet.name, c, r), "the cell holds"))
    for name, (_, cells) in extras.items():
        for r, values in cells.items():
            if any(isinstance(v, FormulaWithoutValue) and not v.formula for v in values):
                found.append(_formula_copy(CellRef(name, -1, r), "a column of your own holds"))
    return found


#: The problem of a formula a save would lose (a command that only shows warns of it).
FORMULA_COPY = "formula-copy-without-value"


def _formula_copy(where: CellRef, what: str) -> Problem:
    return problem(
        FORMULA_COPY,
        where,
        f"{what} a copy of a shared formula with no computed value: a save would lose it",
        "open the workbook in Excel or LibreOffice and save it there (that computes it), "
        "or type the number itself",
    )


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
