"""The sheets every game's workbook has, as data (sheets.csv): their columns and what they are
for; `read_sheets`, which reads a game's own sheets from its table the same way."""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast, get_args

from ledger.core import data
from ledger.core.actions import EVENT_COLUMNS
from ledger.core.game import Game
from ledger.core.schema import Column, Kind, SheetSpec


def read_sheets(
    package: str, vocab: Mapping[str, tuple[str, ...]] | None = None, name: str = "sheets.csv"
) -> dict[str, SheetSpec]:
    """The sheets the table `name` in `package`'s folder declares, in its order (columns sheet,
    column, kind, width, required, choices, strict, help). A row with no column is the sheet's
    own: its kind `typed` (the banker types there) or `written` (by ledger on every save), its
    help what the sheet is for. Each other row is a column: `required` yes or no, `strict` yes
    where Excel refuses a value not on its list, and its `choices` (`Column.choices`): `players`,
    `parties`, `Sheet!column` (`+` joins several), or words joined by `|`, a word of `vocab`
    standing for its list. A sheet with no row of its own (the game's columns of Players) is
    about nothing."""
    words = vocab or {}
    about: dict[str, tuple[str, bool]] = {}
    columns: dict[str, list[Column]] = {}
    for row in data.rows(package, name):
        sheet = row["sheet"]
        listed = columns.setdefault(sheet, [])
        if not row["column"]:
            about[sheet] = (row["help"], _one_of(row, "kind", ("typed", "written")) == "written")
            continue
        listed.append(
            Column(
                row["column"],
                cast(Kind, _one_of(row, "kind", get_args(Kind))),
                int(row["width"]),
                required=_one_of(row, "required", ("yes", "no")) == "yes",
                help=row["help"],
                choices=_choices(row["choices"], words),
                strict=_one_of(row, "strict", ("yes", "")) == "yes",
            )
        )
    return {
        sheet: SheetSpec(sheet, tuple(cols), *about.get(sheet, ("", False)))
        for sheet, cols in columns.items()
    }


def _one_of(row: Mapping[str, str], key: str, allowed: tuple[str, ...]) -> str:
    """The row's `key`, which must be one of `allowed` (a typo in a game's table is a
    programmer's error, said at import, never read as a default)."""
    if row[key] not in allowed:
        raise ValueError(f"{row['sheet']} {row['column']}: {key} {row[key]!r} is none of {allowed}")
    return row[key]


def _choices(text: str, vocab: Mapping[str, tuple[str, ...]]) -> tuple[str, ...] | str:
    if not text:
        return ()
    if text in ("players", "parties") or "!" in text:
        return text
    parts = text.split("|")
    unknown = [p for p in parts if p.isupper() and p not in vocab]
    if unknown:  # a programmer's error: a list the game does not give
        raise ValueError(f"no list {unknown[0]} for the choices {text!r}")
    return tuple(w for part in parts for w in vocab.get(part, (part,)))


#: The sheets every workbook has besides the game's own, as sheets.csv declares them.
CORE = read_sheets(__package__ or "ledger.core")
README, SETTINGS, JOURNAL = CORE["README"], CORE["Settings"], CORE["Journal"]
BALANCES, DICE = CORE["Balances"], CORE["Dice"]


def players_spec(game: Game) -> SheetSpec:
    return SheetSpec(
        "Players",
        (
            Column("name", "text", 16, help="The player's name, as commands use it."),
            Column(
                "role",
                "text",
                9,
                help="player" + "".join(f", or {r.key} for {r.title}" for r in game.roles) + ".",
                choices=("player", *(r.key for r in game.roles)),
                strict=True,
            ),
            *game.player_columns,
        ),
        "The players."
        + "".join(
            f" {r.title[0].upper() + r.title[1:]} (role {r.key})"
            + (f" keeps the money of the account {r.account}." if r.account else ".")
            for r in game.roles
        ),
    )


EVENT_HELP = {
    "id": "A name for the row, e.g. E1 (filled in if empty).",
    "day": "Game day it happened; empty = today.",
    "type": "What happened: pay, ...",
    "player": "Who acts (for pay: who pays).",
    "to": "The other party (for pay: who is paid).",
    "amount": "Money, e.g. 12.50.",
    "args": "More for the event, as on the command line.",
    "memo": "What it was for.",
    "posted": "Filled in by ledger when posted: the transaction.",
    "note": "Filled in by ledger.",
}


def events_spec(event_types: tuple[str, ...]) -> SheetSpec:
    kinds = {"day": "day", "amount": "money"}
    choices: dict[str, tuple[str, ...] | str] = {
        "type": event_types,
        "player": "parties",
        "to": "parties",
    }
    return SheetSpec(
        "Events",
        tuple(
            Column(
                name,
                kinds.get(name, "text"),  # type: ignore[arg-type]
                {"memo": 30, "args": 20, "note": 30, "posted": 12}.get(name, 10),
                required=name in ("type", "player"),
                help=EVENT_HELP[name],
                choices=choices.get(name, ()),
                strict=name == "type",
            )
            for name in EVENT_COLUMNS
        ),
        "Events the banker types during play; the next ledger command posts them and fills in `posted`.",
    )


def core_specs(game: Game, event_types: tuple[str, ...]) -> tuple[SheetSpec, ...]:
    """The sheets in the order a new workbook shows them."""
    return (
        README,
        SETTINGS,
        players_spec(game),
        events_spec(event_types),
        JOURNAL,
        BALANCES,
        DICE,
        *game.sheets,
    )
