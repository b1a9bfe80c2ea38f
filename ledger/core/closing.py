"""Closing a period, as accountants do: the Journal's transactions through a day go to an archive
workbook beside the game's, and the live Journal opens with one transaction per account carrying
its balance from that archive (`kind` "carried", against the account `carried`, which thus always
sums to zero). The live workbook stays small however long the campaign runs; the campaign's whole
journal is the archives' transactions followed by the live ones but the carried.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import Decimal

from ledger.core.journal import Draft, Journal, Transaction, transfer
from ledger.core.money import Money
from ledger.core.problems import Problem, problem

#: The account the carried balances come from (and which sums to zero over them).
CARRIED = "carried"
KIND = "carried"


def carried_drafts(balances: dict[str, Money], archive: str, digest: str) -> list[Draft]:
    """One transaction per account that holds money, carrying its balance from `archive`
    (named with the first 12 digits of its SHA-256 `digest`), in the accounts' order."""
    drafts = []
    for account, money in sorted(balances.items()):
        if account == CARRIED or not money.amount:
            continue
        drafts.append(
            transfer(
                CARRIED,
                account,
                money,
                kind=KIND,
                memo=f"balance carried from {archive} (SHA-256 {digest[:12]})",
                event="close",
            )
        )
    return drafts


def refusals(journal: Journal, through: int, today: int, unit: str) -> list[Problem]:
    """Why the journal cannot be closed through `through` (day or round) now: not after today;
    no transaction may stand after it (a closed period is whole)."""
    out = []
    if through > today:
        out.append(
            problem(
                "close-after-today",
                "--through",
                f"{unit} {through} is after today ({unit} {today})",
                f"close through {unit} {today} or an earlier one",
            )
        )
    later = [t for t in journal.since(through + 1)] if through <= today else []
    if later:
        out.append(
            problem(
                "close-leaves-later-lines",
                "--through",
                f"txn {later[0].id} stands on {unit} {later[0].day}, after {unit} {through}: "
                "a closed period takes every transaction up to its end",
                f"close through {unit} {journal.last_day()} (or later)",
            )
        )
    if not len(journal) or all(t.kind == KIND for t in journal):
        out.append(
            problem(
                "nothing-to-close",
                "--through",
                "the Journal holds nothing since the last close",
                "close once the game has gone on",
            )
        )
    return out


def campaign(archived: Sequence[Transaction], live: Iterable[Transaction]) -> list[Transaction]:
    """The campaign's transactions: the archive's, then the live ones but those carried."""
    return [*archived, *(t for t in live if t.kind != KIND)]


def balances_of(txns: Iterable[Transaction]) -> dict[str, Decimal]:
    out: dict[str, Decimal] = {}
    for t in txns:
        for p in t.postings:
            out[p.account] = out.get(p.account, Decimal(0)) + p.amount.amount
    return out
