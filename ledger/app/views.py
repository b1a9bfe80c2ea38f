"""`ledger check` with its filter, and a player named by `--player`."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ledger.app.balance import unknown_player
from ledger.app.pipeline import Inspection, inspect
from ledger.core.books import Books, Player
from ledger.core.checks import run_checks
from ledger.core.journal import Transaction
from ledger.core.problems import (
    Problem,
    ProblemsFound,
)


class UnknownCheck(Exception):
    """`ledger check --rule X` names no check and no problem code."""


def check(
    path: Path, rules: list[str] | None, known_codes: set[str]
) -> tuple[Inspection | None, list[Problem]]:
    """`ledger check`: every problem in one pass, or only those of the checks or problem codes
    named in `rules`. (None, problems) when the workbook cannot be read at all."""
    from ledger.core.checks import all_rules

    try:
        seen: Inspection | None = inspect(path)
        problems = seen.problems if seen is not None else []
    except ProblemsFound as exc:
        seen, problems = None, exc.problems
    if not rules:
        return seen, problems
    wanted = set(rules)
    # every check by its code, and `game`: all of the game's own
    names = {r.code for r in all_rules(seen.loaded.books.game if seen is not None else None)}
    names.add("game")
    if (
        not wanted & names
        and not any(p.code in wanted for p in problems)
        and not wanted <= known_codes
    ):
        raise UnknownCheck(
            f"no check {', '.join(sorted(wanted))}; checks: {', '.join(sorted(names))}, "
            "or a problem code"
        )
    if wanted & names and seen is not None:
        return seen, [p for p in problems if p.code in wanted] + run_checks(
            seen.loaded.books, only=wanted & names
        )
    return seen, [p for p in problems if p.code in wanted]


def player_named(books: Books, name: str) -> Player:
    """The player `--player NAME` names, found as every command finds one (NFC, then
    case-blind), or the problem that says who the players are."""
    found = books.player(name)
    if found is None:
        raise ProblemsFound([unknown_player(name, [p.name for p in books.players])])
    return found


def journal_json(txns: Iterable[Transaction]) -> list[dict[str, Any]]:
    """`ledger journal --json`: each transaction with its postings, amounts as plain text."""
    return [
        {
            "txn": t.id,
            "day": t.day,
            "kind": t.kind,
            "memo": t.memo,
            "event": t.event,
            "rule": t.rule,
            "postings": [{"account": p.account, "amount": p.amount.plain()} for p in t.postings],
        }
        for t in txns
    ]
