"""This round's orders from a player's own link (`ledger serve --actions`): the game's order
form, one order at a time, checked and added exactly as `ledger order PLAYER CODE` does (the
same function, the same refusals with their rule numbers)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ledger.core.params import ActionSpec, Param
from ledger.core.problems import Problem
from ledger.rules.egon.books import Books

ORDER = ActionSpec(
    "order",
    (
        Param("player", required=True, cli="PLAYER", help="The three-letter pseudonym."),
        Param(
            "code",
            required=True,
            cli="CODE",
            help="The order as written, e.g. a,BOB or l,17 or g,Alois,200 or p,300,BOB,CAT.",
        ),
        Param("penalty_kj", cli="--penalty-kj", help="A blackmail's penalty in Kj (6.6)."),
        Param("penalty_stones", "int", cli="--penalty-stones", help="A blackmail's penalty in stones (6.6)."),
        Param(
            "justified_against",
            cli="--justified-against",
            help="The blackmailer you handed a Rechtfertigung against (6.6.42).",
        ),
        Param("replace", "flag", cli="--replace", help="In place of your order of that phase."),
    ),
    "This round's order, one an action phase (4.1).",
    "ledger order ABC 'x,5,BOB'",
)  # fmt: skip


def player_command(name: str) -> ActionSpec | None:
    return ORDER if name == "order" else None


def player_apply(books: Books, name: str, given: Mapping[str, Any]) -> tuple[str, list[Problem]]:
    """`ledger order PLAYER CODE [--penalty-kj ...] [--replace]`, as typed."""
    from ledger.core.params import parse_params
    from ledger.rules.egon.order_commands import OrderEntry, add_orders

    values, problems = parse_params(ORDER, given, {p.name: p.cli for p in ORDER.params})
    if problems:
        return "", problems
    entry = OrderEntry(
        values["player"],
        values["code"],
        penalty_kj=values.get("penalty_kj"),
        penalty_stones=values.get("penalty_stones") or 0,
        justified_against=values.get("justified_against") or "",
    )
    return add_orders(books, [entry], replace=bool(values.get("replace")))
