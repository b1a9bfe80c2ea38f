"""`ledger balance`: every player's money and every account's balance, derived from the journal
as read from the workbook, with its player look-up."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import msgspec

from ledger.core.books import Books
from ledger.core.problems import Problem, ProblemsFound, problem

#: The sheets the balances come from: a mistake in any other is a warning here.
MONEY_SHEETS = ("Settings", "Players", "Journal", "Balances")


class Summary(msgspec.Struct):
    """What balance shows: per player their cash accounts, and every account's balance."""

    game: str
    day: int
    currency: str
    players: list[tuple[str, str, list[str]]]  # name, role, cash accounts
    balances: dict[str, Decimal]
    institutions: list[str]
    pending_events: int
    total: Decimal
    #: Where the books stand in the game's words (`day 30`, `after round 2`).
    moment: str


def summarise(books: Books) -> Summary:
    from ledger.core.closing import CARRIED

    balances = {a: m.amount for a, m in books.journal.balances().items()}
    if CARRIED in balances and not balances[CARRIED]:
        del balances[CARRIED]  # the carried balances' counterpart: zero, shown nowhere
    return Summary(
        game=books.game.key,
        day=books.day,
        currency=books.currency,
        players=[(p.name, p.role, books.player_accounts(p)) for p in books.players],
        balances=balances,
        institutions=list(books.game.institutions),
        pending_events=sum(1 for _ in books.pending_events()),
        total=books.journal.total().amount,
        moment=books.moment(),
    )


class Balances(msgspec.Struct):
    """What `ledger balance` shows: the summary, the players asked for, each one's cash."""

    summary: Summary
    people: list[tuple[str, str, list[str]]]
    cash: dict[str, Decimal]
    accounts: dict[str, Decimal]
    problems: list[Problem]


def balances(path: Path, player: str | None = None) -> Balances:
    """Every player's money (or one player's, found by name as the other commands find it)
    and every account's balance, derived from the journal."""
    from ledger.app.pipeline import read_books

    books, problems = read_books(path, shows=MONEY_SHEETS)
    s = summarise(books)
    people = s.players
    if player is not None:
        from ledger.core.names import name_key, normalize

        wanted = normalize(player)
        match = [p for p in s.players if normalize(p[0]) == wanted] or [
            p for p in s.players if name_key(p[0]) == name_key(wanted)
        ]
        if len(match) != 1:
            raise ProblemsFound([unknown_player(player, [p[0] for p in s.players])])
        people = match

    def cash(accounts: list[str]) -> Decimal:
        return sum((s.balances.get(a, Decimal(0)) for a in accounts), Decimal(0))

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
