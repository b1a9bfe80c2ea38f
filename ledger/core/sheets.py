"""The sheets every game's workbook has, as data: their columns and what they are for."""

from __future__ import annotations

from ledger.core.actions import EVENT_COLUMNS
from ledger.core.game import Game
from ledger.core.schema import Column, Kind, SheetSpec

README = SheetSpec(
    "README",
    (
        Column("sheet", "text", 14),
        Column("column", "text", 14, required=False),
        Column("what it holds", "text", 100),
    ),
    "What every sheet and column is for. Written by ledger on every save.",
    written_by_tool=True,
)

SETTINGS = SheetSpec(
    "Settings",
    (
        Column("key", "text", 22, help="The setting's name; do not change it."),
        Column("value", "text", 14, help="Its value in this game: change it to play a house rule."),
        Column("default", "text", 12, required=False, help="The value the rules give."),
        Column("rule", "text", 8, required=False, help="The rule number it comes from."),
        Column("description", "text", 70, required=False, help="What it means."),
    ),
    "The game, the current day, the dice seed, the currency, and every house-rule setting "
    "with its default and the rule number it comes from. Change a value to play a house rule.",
)

JOURNAL = SheetSpec(
    "Journal",
    (
        Column("txn", "int", 7, help="Transaction number; the rows of one transaction sum to 0."),
        Column("day", "day", 6, help="Game day (or round) it happened."),
        Column("kind", "text", 10, help="opening, pay, wages, tax, fine, ..."),
        Column(
            "account",
            "text",
            26,
            help="A player's cash account (cash:PLAYER or cash:PLAYER:BANK) or an institution's.",
        ),
        Column("amount", "money", 12, help="Plus is money in, minus money out of the account."),
        Column("memo", "text", 40, required=False, help="What it was for."),
        Column("event", "text", 14, required=False, help="The command or Events row it came from."),
        Column("rule", "text", 7, required=False, help="The rule number that set the amount."),
    ),
    "Every transaction, one row per posting; written by ledger and only ever appended to. "
    "Balances are derived from it.",
    written_by_tool=True,
)

BALANCES = SheetSpec(
    "Balances",
    (
        Column("account", "text", 26),
        Column("owner", "text", 14, required=False),
        Column("bank", "text", 10, required=False),
        Column("balance", "money", 14),
    ),
    "Each account's balance, derived from the Journal and rewritten on every save; "
    "editing it changes nothing (ledger check warns).",
    written_by_tool=True,
)

DICE = SheetSpec(
    "Dice",
    (
        Column("roll", "int", 6),
        Column("day", "day", 6),
        Column("sides", "int", 6),
        Column("result", "int", 7),
        Column("source", "text", 8, help="entered by the banker or drawn from the seed"),
        Column("purpose", "text", 30),
        Column("decided", "text", 50, required=False),
    ),
    "Every die rolled, entered or drawn from the seeded generator, with what it decided.",
    written_by_tool=True,
)


def column_kind(annotation: object) -> Kind:
    """The kind of a column that holds a record's field of this type (its annotation, as
    written): a flag, money (a Decimal), a whole number, or text."""
    text = str(annotation)
    if "bool" in text:
        return "bool"
    if "Decimal" in text:
        return "money"
    return "int" if "int" in text else "text"


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
