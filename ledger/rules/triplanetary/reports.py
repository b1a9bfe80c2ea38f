"""The Patrol's report and the game summary of Triplanetary V/2, as plain data
(ledger.core.report): taxes and fines collected (§6, §29), who owes, crimes and trials (§36,
§41); the standings by net worth, the Patrol shown apart (§6: a role, not a competitor)."""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal

from ledger.core.report import Report, Table, fmt
from ledger.core.statement_parts import cash_chart, game_summary
from ledger.rules.triplanetary.books import Books
from ledger.rules.triplanetary.kit import collected_when, holdings, state_of
from ledger.rules.triplanetary.model import OUTLAWS, Crime
from ledger.rules.triplanetary.roles import PATROL_ROLE
from ledger.rules.triplanetary.statement import SHOWN, worth

#: What the Patrol and Earth collect (§6, §29), by the kind of the journal's transaction.
_COLLECTED = {
    "sale": "sales tax",
    "company-sale": "sales tax",
    "tax": "property tax",
    "fine": "fines",
    "due": "owed, collected late",
}


def patrol_report(books: Books, since: int) -> Report:
    state = state_of(books)
    owing = SHOWN["owing"].table(
        [[d.player, str(d.day), d.reason, fmt(d.amount)] for d in state.dues if d.amount]
    )
    if owing.rows:
        owing.total = collected_when("each player", "these")
    crimes = SHOWN["crimes"].table(
        [[c.id, str(c.day), c.player, "I" * c.crime_class, c.what, _tried(c)] for c in state.crimes]
    )
    trials = SHOWN["trials"].table(
        [
            [str(d.result), str(d.day), d.purpose, d.decided]
            for d in books.dice
            if "trial" in d.purpose and d.decided.startswith("result")
        ]
    )
    outlaws = SHOWN["outlaws"].table(
        [
            [p.name, str(p.get("status")), f"{p.get('pr') or 0:+d}"]
            for p in books.players
            if p.get("status") in OUTLAWS
        ]
    )
    patrol = books.holder(PATROL_ROLE)
    facts_ = [
        ("the Patrol", patrol.name if patrol else "no Patrol player"),
        ("Patrol's money", f"{fmt(books.journal.balance('patrol').amount)} KC"),
    ]
    tables = [_collected_s6_s29(books, since), owing, crimes, trials, outlaws]
    return game_summary(books, since, facts_, tables, "The Patrol's report")


def _tried(c: Crime) -> str:
    return f"tried on day {c.tried_day}" if c.tried_day is not None else c.status


def _collected(books: Books, since: int) -> dict[str, dict[str, Decimal]]:
    """What the Patrol and Earth collected since day `since` (§6, §29): by what it was, by who
    (not their starting money, not their spending)."""
    collected: dict[str, dict[str, Decimal]] = defaultdict(lambda: defaultdict(Decimal))
    for t in (t for t in books.journal if t.day >= since and t.kind in _COLLECTED):
        for p in t.postings:
            if p.account in ("patrol", "earth") and p.amount.amount > 0:
                collected[_COLLECTED[t.kind]][p.account] += p.amount.amount
    return collected


def _collected_s6_s29(books: Books, since: int) -> Table:
    """The taxes and fines the Patrol and Earth collected since day `since`."""
    collected = _collected(books, since)
    taxes = SHOWN["collected"].table()
    tp, te = Decimal(0), Decimal(0)
    for kind in (k for k in dict.fromkeys(_COLLECTED.values()) if k in collected):
        p, e = collected[kind]["patrol"], collected[kind]["earth"]
        tp, te = tp + p, te + e
        taxes.rows.append([kind, fmt(p), fmt(e), fmt(p + e)])
    taxes.total = f"Patrol {fmt(tp)} · Earth {fmt(te)} · together {fmt(tp + te)} KC"
    return taxes


def collected_by(books: Books, who: str) -> Decimal:
    """Taxes and fines paid to the Patrol or Earth (not its starting money, not its spending)."""
    return sum((by_who[who] for by_who in _collected(books, 0).values()), Decimal(0))


def game_report(books: Books, since: int) -> Report:
    """Standings of the competing players by net worth (cash + property - what they owe);
    the Patrol, a role and not a competitor (§6), is shown apart and never ranked."""
    state = state_of(books)
    standings = SHOWN["standings"].table()
    standings.total = (
        "net worth = cash + property at its price (§29) - owed: fines and taxes (§6) and "
        "wages earned by crews (§13)"
    )
    ranked = []
    patrol = SHOWN["patrol"].table()
    for p in books.players:
        cash, prop, owed, net = worth(books, p)
        cells = [p.name, fmt(cash), fmt(prop), fmt(owed), fmt(net), str(p.get("status") or "free")]
        if p.role == PATROL_ROLE:
            patrol.rows.append(cells)
        else:
            ranked.append((net, p, cells))
    ranked.sort(key=lambda r: (-r[0], r[1].name))
    for i, (_, _, cells) in enumerate(ranked, start=1):
        standings.rows.append([str(i), *cells])
    in_players = sum((books.player_cash(p).amount for p in books.players), Decimal(0))
    facts_ = [
        ("day", str(books.day)),
        ("money in circulation (players' cash, the Patrol's included)", f"{fmt(in_players)} KC"),
        (
            "spent with suppliers and crews",
            f"{fmt(books.journal.balance('suppliers').amount + books.journal.balance('crews').amount)} KC",
        ),
        (
            "taxes and fines collected: Patrol / Earth",
            " / ".join(fmt(collected_by(books, who)) for who in ("patrol", "earth")) + " KC",
        ),
        ("transactions", str(len(books.journal))),
    ]
    fleet = SHOWN["fleet"].table()
    for p in books.players:
        held = holdings(state, p.name)
        fleet.rows.append(
            [p.name, *(str(held[k]) for k in ("ship", "base", "crew", "mine", "office"))]
        )
    chart = None
    leader = next((p for _, p, _ in ranked if p.get("status") != "dead"), None)
    if leader is not None:
        chart = cash_chart(books, leader)
        if chart is not None:
            chart.title = f"Cash of the leader, {leader.name}, over time (KC)"
    sections = [standings, patrol, fleet] if patrol.rows else [standings, fleet]
    return game_summary(books, since, facts_, sections, "The game summary", chart=chart)
