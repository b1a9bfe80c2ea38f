"""The Purchases sheet's rows as the game master types them (the buying phase, section 3; the
building, section 7), judged as `ledger purchase` and `ledger build` judge what they are given:
a player in the game, one purchase row and one build row a player and round; and a row typed
for a round already evaluated, which is never booked. sheet_checks.py names them with the other
sheets' problems; the tick of a row's round refuses what is still wrong (`round_rows`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

from ledger.core.books import Player
from ledger.core.problems import Problem
from ledger.core.steps import not_found
from ledger.rules.egon.parse import normalize_player
from ledger.rules.egon.said import said
from ledger.rules.egon.sheets import EgonBook, PurchaseRow, cell, players_out

#: The Results rows that book a Purchases row: the buying phase (3) and the building (7).
BOOKED_BY = {"purchase": "3", "build": "7"}


def parts(pu: PurchaseRow) -> list[str]:
    """What a row holds: a purchase (stones and Kj), a build, or both."""
    return [k for k, has in (("purchase", pu.stones or pu.cost), ("build", pu.build)) if has]


def _delete(pu: PurchaseRow, what: str) -> str:
    return f"ledger {what} --delete {pu.ref.row if pu.ref else 'ROW'}"


def purchase_rows(
    book: EgonBook, players: Sequence[Player], day: int
) -> Iterator[tuple[int, Problem]]:
    """A row of a round to come names a player in the game, and holds his only purchase (and
    his only build) of that round; each problem with its round, a warning (the command its hint
    names works) that the round's tick refuses."""
    names = [p.name for p in players]
    out = players_out(players)
    first: dict[tuple[int, str, str], PurchaseRow] = {}
    for pu in book.purchases:
        if pu.round <= day or not parts(pu):
            continue
        name = normalize_player(pu.player)
        delete = _delete(pu, parts(pu)[0])
        if name not in (n.upper() for n in names):
            yield (
                pu.round,
                not_found(
                    "unknown-player",
                    cell(pu, "player"),
                    f"there is no player {pu.player!r}",
                    name,
                    names,
                    "players",
                    then=f"; or remove the row: {delete}",
                    warning=True,
                ),
            )
            continue
        if name in out:
            yield (
                pu.round,
                said("purchase-of-one-out", cell(pu, "player"), name=name, delete=delete),
            )
            continue
        for what in parts(pu):
            key = (pu.round, name, what)
            if key not in first:
                first[key] = pu
                continue
            where, first_cell, delete = (
                cell(pu, "player"),
                cell(first[key], "player"),
                _delete(pu, what),
            )
            said_of = {
                "name": name,
                "round": pu.round,
                "first": first_cell,
                "delete": delete,
            }
            saying = "second-purchase" if what == "purchase" else "second-build"
            yield pu.round, said(saying, where, **said_of)


def late_rows(book: EgonBook, day: int) -> list[tuple[PurchaseRow, str]]:
    """The purchases and builds typed for a round already evaluated, after its tick: more rows
    of the player and round than the round's Results booked (the last ones typed)."""
    booked = Counter(
        (r.round, normalize_player(r.player), r.rule)
        for r in book.results
        if r.rule in BOOKED_BY.values()
    )
    seen: Counter[tuple[int, str, str]] = Counter()
    late = []
    for pu in book.purchases:
        if pu.round > day:
            continue
        for what in parts(pu):
            key = (pu.round, normalize_player(pu.player), BOOKED_BY[what])
            seen[key] += 1
            if seen[key] > booked[key]:
                late.append((pu, what))
    return late


def late_purchases(book: EgonBook, day: int) -> Iterator[Problem]:
    """A purchase or build typed for a round already evaluated is never booked: a warning."""
    for pu, what in late_rows(book, day):
        delete = _delete(pu, what)
        yield said(
            "late-purchase",
            cell(pu, "round"),
            player=pu.player,
            what=what,
            round=pu.round,
            delete=delete,
        )
