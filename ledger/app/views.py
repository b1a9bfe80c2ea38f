"""`ledger check` with its filter, and `ledger balance` with its player look-up and sums."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ledger.app.pipeline import Inspection, balance_summary, inspect
from ledger.core.books import Books, Player
from ledger.core.checks import run_checks
from ledger.core.problems import (
    Problem,
    ProblemsFound,
    problem,
)
from ledger.io import cache


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
    names = {r.code for r in all_rules()}
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


@dataclass
class Balances:
    """What `ledger balance` shows: the summary, the players asked for, each one's cash."""

    summary: cache.Summary
    people: list[tuple[str, str, list[str]]]
    cash: dict[str, str]
    accounts: dict[str, str]
    problems: list[Problem]


def balances(path: Path, player: str | None = None) -> Balances:
    """Every player's money (or one player's, found by name as the other commands find it)
    and every account's balance, derived from the journal."""
    from decimal import Decimal

    from ledger.core.names import name_key, normalize

    s, problems = balance_summary(path)
    people = s.players
    if player is not None:
        wanted = normalize(player)
        match = [p for p in s.players if normalize(p[0]) == wanted] or [
            p for p in s.players if name_key(p[0]) == name_key(wanted)
        ]
        if len(match) != 1:
            raise ProblemsFound([unknown_player(player, [p[0] for p in s.players])])
        people = match

    def cash(accounts: list[str]) -> str:
        return f"{sum((Decimal(s.balances.get(a, '0')) for a in accounts), Decimal(0)):.2f}"

    accounts = (
        s.balances
        if player is None
        else {a: s.balances[a] for a in people[0][2] if a in s.balances}
    )
    return Balances(s, people, {n: cash(acc) for n, _, acc in people}, accounts, problems)


def unknown_player(name: str, names: list[str], where: str = "--player") -> Problem:
    """The answer to a player's name that names nobody: who the players are, and the nearest."""
    from ledger.core.names import did_you_mean

    return problem(
        "unknown-player",
        where,
        f"{name!r} is not a player",
        did_you_mean(name, names) + "players: " + ", ".join(names),
    )


def player_named(books: Books, name: str) -> Player:
    """The player `--player NAME` names, found as every command finds one (NFC, then
    case-blind), or the problem that says who the players are."""
    found = books.player(name)
    if found is None:
        raise ProblemsFound([unknown_player(name, [p.name for p in books.players])])
    return found
