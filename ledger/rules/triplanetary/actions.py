"""All banker's actions of Triplanetary V/2 in one registry: ships, bases and claims (§12,
§15, §20, §23, §24, §38), crews (§13, §14), offices (§8, §11A), corporations (§7, §9),
markets and cargo (§25-§27, §29, §39), company sales (§9), liners (§28, §40), Lloyds and
branch banks (§30, §31), colonization (§32), crime and justice (§33, §34, §36), trials
(§36B, §36D, §41), ships, bases and modules destroyed in play (§1, §5, §20), base to base
transfers (§21).

The CLI and the Events sheet both come through `apply_action`, so a typed row and a command
cannot disagree.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from msgspec.structs import replace

from ledger.core.params import ActionSpec, Move, decode
from ledger.core.problems import Problem
from ledger.core.steps import Refused
from ledger.rules.triplanetary import (
    banking,
    cargo,
    colonization,
    company_sale,
    corporations,
    crews,
    destruction,
    justice,
    liners,
    markets,
    offices,
    prospecting,
    ships,
    transfer,
    trials,
)
from ledger.rules.triplanetary.books import Books
from ledger.rules.triplanetary.kit import COMMANDS, Act, Done, Handler
from ledger.rules.triplanetary.refusals import REFUSES

#: The modules whose handlers declare the commands (`@COMMANDS`): importing them declares them.
_MODULES = (
    ships,
    prospecting,
    crews,
    offices,
    corporations,
    markets,
    cargo,
    company_sale,
    liners,
    banking,
    colonization,
    justice,
    trials,
    destruction,
    transfer,
)
assert {m.__name__ for m in _MODULES} == {h.__module__ for h in COMMANDS.handlers.values()}
_SPECS = COMMANDS.specs
#: The commands in the order `ledger --help` lists them.
ORDER = (
    *("buy", "hire", "discharge", "supply", "fuel", "office-open", "office-close"),
    *("incorporate", "move", "merge", "prospect", "claim"),
    *("sell", "process", "pickup", "dropoff", "sell-company"),
    *("liner-open", "liner-close", "liner-depart", "lloyds", "branch", "branch-open", "colonize"),
    *("destroy", "crime", "fine", "trial", "declare", "pr", "pr-program"),
    "transfer",
)
assert sorted(ORDER) == sorted(_SPECS), "every action is listed once in ORDER"
SPECS: dict[str, ActionSpec] = {
    name: replace(_SPECS[name], refuses=REFUSES.get(name, ())) for name in ORDER
}
assert set(REFUSES) - {"pay", "tick"} <= set(SPECS), "refusals of commands there are"
HANDLERS: dict[str, Handler] = COMMANDS.handlers


def refuse_the_dead(books: Books, move: Move, where: Mapping[str, str]) -> None:
    """§5: a player who is dead acts no more: no command in their name (the player who acts),
    and no sale to them (a buyer)."""
    for name in ("player", "to"):
        if name != "to" or hasattr(move, "price"):  # `to` names a buyer where a price is paid
            player = books.player(str(getattr(move, name, None) or "").strip())
            if player is not None:
                justice.refuse_dead(player, where[name])


def apply_action(
    books: Books, name: str, given: Mapping[str, Any], where: Mapping[str, str], event: str
) -> tuple[Done | None, list[Problem]]:
    """Check the parameters by the action's spec and apply it; problems instead of changes."""
    spec = SPECS[name]
    move, problems = decode(spec, given, where)
    if problems:
        return None, problems
    full_where = {p.name: where.get(p.name, p.cli) for p in spec.params}
    before = len(books.journal)
    try:
        refuse_the_dead(books, move, full_where)
        done = HANDLERS[name](Act(books, full_where, event), move)
        done.txns = books.journal.transactions[before:]  # every transaction the action posted
        return done, list(done.warnings)
    except Refused as exc:
        return None, exc.problems
