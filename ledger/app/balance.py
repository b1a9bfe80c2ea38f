"""`ledger balance`: every player's money and every account's balance, with its player
look-up. Light on purpose: asked about bytes whose balances are in the cache (`io.cache`), it
imports neither the pipeline nor a game."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ledger.core.problems import Problem, ProblemsFound, problem
from ledger.io import cache


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
    s = cache.at_hand(path)  # these very bytes asked about before: no sheet is read
    problems: list[Problem] = []
    if s is None:
        from ledger.app.pipeline import balance_summary

        s, problems = balance_summary(path)
    return _of(s, problems, player)


def _of(s: cache.Summary, problems: list[Problem], player: str | None) -> Balances:
    from decimal import Decimal

    from ledger.core.names import name_key, normalize

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


def balances_at_hand(path: Path | str, player: str | None = None) -> Balances | None:
    """As `balances`, only when the balances of the workbook's bytes are cached (and the
    player, if one is asked for, is found); None otherwise, and nothing is read but the cache."""
    s = cache.at_hand(Path(path))
    if s is None:
        return None
    try:
        return _of(s, [], player)
    except ProblemsFound:
        return None


def unknown_player(name: str, names: list[str], where: str = "--player") -> Problem:
    """The answer to a player's name that names nobody: who the players are, and the nearest."""
    from ledger.core.names import did_you_mean

    return problem(
        "unknown-player",
        where,
        f"{name!r} is not a player",
        did_you_mean(name, names) + "players: " + ", ".join(names),
    )
