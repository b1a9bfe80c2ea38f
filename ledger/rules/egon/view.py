"""The Egon-Spiel's own view of the table for the served pages (`Game.view`): every player's
DI and tower, the jackpots, and what the next round evaluates (its draw, the traders, whose
orders are in: how many, never what they say). Plain data (ledger.core.report.Table).

Rule numbers are those of ../shared/rules/egon-5-*.txt and egon-6-*.txt; section 2 (salary,
interest on debt) is the README's.
"""

from __future__ import annotations

from collections import Counter
from decimal import Decimal
from typing import Any

from ledger.core.books import Player
from ledger.core.money import round_money
from ledger.core.report import Moves, Pick, Table, fmt
from ledger.rules.egon import tables
from ledger.rules.egon.books import Books
from ledger.rules.egon.orders import ACTION_NAMES
from ledger.rules.egon.sheets import book_of, egon_settings
from ledger.rules.egon.state import JAILED, Status


def view(books: Books) -> list[Table]:
    return [next_round(books), di_and_towers(books), jackpots(books)]


def di_and_towers(books: Books) -> Table:
    table = Table(
        "DI and towers",
        ["", "player", "tower", "store", "DI", "status", "cash"],
        align=["r", "l", "r", "r", "r", "l", "r"],
    )
    ranked = sorted(books.players, key=lambda p: (-tower(p), p.name))
    for i, p in enumerate(ranked, start=1):
        table.rows.append(
            [
                str(i),
                p.name,
                str(tower(p)),
                str(whole_number(p.get("store"))),
                str(whole_number(p.get("di"))),
                str(p.get("status") or Status.FREE.value),
                fmt(books.player_cash(p).amount),
            ]
        )
    table.total = f"Tower and store in stones, cash in {books.currency}"
    return table


def jackpots(books: Books) -> Table:
    table = Table("Jackpots (5.4)", ["class", books.currency], align=["l", "r"])
    for j in book_of(books).jackpots:
        table.rows.append([j.cls, fmt(j.amount)])
    return table


def next_round(books: Books) -> Table:
    """What `ledger tick` will evaluate: the next round's draw, traders and orders."""
    book, rnd = book_of(books), books.day + 1
    settings = egon_settings(books.settings)
    table = Table(f"Round {rnd}: what it evaluates", ["", ""])
    draw = next((r for r in book.rounds if r.round == rnd), None)
    if draw is None:
        table.rows.append(["the draw", "not drawn yet (ledger draw)"])
    else:
        storm = ", storm" if draw.storm else ""
        table.rows.append(["the draw", f"{draw.numbers}, ZZ {draw.zz}, Z6 {draw.z6}{storm}"])
    offers = [t for t in book.traders if t.round == rnd]
    if offers:
        text = "; ".join(f"{t.trader}: {t.stones} stones at {fmt(t.price)}" for t in offers)
        table.rows.append(["traders", text])
    given = Counter(o.player for o in book.orders if o.round == rnd)
    playing = [p.name for p in books.players if p.get("status") != Status.OUT.value]
    table.rows.append(
        [
            "orders handed in",
            ", ".join(f"{n} ({given[n]})" for n in playing if given[n]) or "none yet",
        ]
    )
    waiting = [n for n in playing if not given[n]]
    if waiting:
        table.rows.append(["no orders yet from", ", ".join(waiting)])
    bought = [p for p in book.purchases if p.round == rnd and (p.stones or p.cost or p.build)]
    if bought:
        table.rows.append(["purchases and builds", ", ".join(sorted({p.player for p in bought}))])
    jailed = {s.value for s in JAILED}
    for p in books.players:
        status = str(p.get("status") or "")
        if status in jailed:
            rounds = whole_number(p.get("jail_rounds"))
            table.rows.append([f"{p.name} in the {status}", f"{rounds} round(s) to go"])
        cash = books.player_cash(p).amount
        if cash < 0 and status != Status.OUT.value:
            table.rows.append(
                [
                    f"{p.name} in debt",
                    f"{fmt(-cash)} {books.currency}: {settings.debt_interest_percent}% interest "
                    f"after the salary unless it is paid; out past "
                    f"{fmt(settings.out_debt_limit)} {books.currency} of debt (section 2)",
                ]
            )
    return table


def status(books: Books) -> dict[str, Any]:
    """`ledger status --json`: the round the books stand after, and every player's DI, cash,
    stones in store, tower and status as the Players sheet holds them, with what a debt
    costs at the next salary (`debt_due`)."""
    players = {
        p.name: {
            "di": p.get("di"),
            "cash": books.player_cash(p).plain(),
            "store": p.get("store"),
            "tower": p.get("tower"),
            "status": p.get("status"),
            **debt_due(books, books.player_cash(p).amount, p.get("status")),
        }
        for p in books.players
    }
    return {"round": books.day, "players": players}


def debt_due(books: Books, cash: Decimal, status: object) -> dict[str, Any]:
    """A player's debt, the interest it costs after the next salary if that salary does not
    pay it (section 2: 50% a round), and whether the debt with that interest is past the line
    that puts a player out (10,000 Kj): `near_out` warns the banker a round ahead."""
    s = egon_settings(books.settings)
    debt = -cash if cash < 0 and status != Status.OUT.value else Decimal(0)
    interest = round_money(debt * s.debt_interest_percent / 100)
    return {
        "debt": f"{debt:.2f}",
        "interest_due": f"{interest:.2f}",
        "near_out": bool(debt) and debt + interest > s.out_debt_limit,
    }


def status_text(books: Books) -> dict[str, Any]:
    """`ledger status`: the same, under the headings people read, a debt with its interest
    and the out line (section 2) in words."""
    shown = {"di": "DI", "cash": "cash", "store": "store", "tower": "tower", "status": "status"}
    limit = egon_settings(books.settings).out_debt_limit
    players = {}
    for name, row in status(books)["players"].items():
        words = {shown[k]: row[k] for k in shown}
        debt, interest = Decimal(row["debt"]), Decimal(row["interest_due"])
        words["debt (2)"] = f"{fmt(debt)} Kj + {fmt(interest)} Kj interest" if debt else ""
        words[f"out past {fmt(limit)} Kj (2)"] = (
            f"near: {fmt(debt + interest)} Kj after interest" if row["near_out"] else ""
        )
        players[name] = words
    return {"after round": books.day, "players": players}


def whole_number(value: object, default: int = 0) -> int:
    """A Players cell's whole number (DI, stones, tower); ``default`` for anything else."""
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def tower(player: Player) -> int:
    """The player's tower as the round reads it: an empty Players cell is the foundation (1.5)."""
    return whole_number(player.get("tower"), tables.FOUNDATION)


def moves(books: Books, name: str) -> Moves:
    """What `name` may do from their page now (the served pages): an order for this round,
    while in the game. The orders whose one argument is another player (5.1's `a,XYZ`) are
    offered with each of them; the others' numbers are typed. A blackmail's justification
    (6.6.42) names another player, picked."""
    player = books.player(name)
    if player is None or player.get("status") == Status.OUT.value:
        return {}
    others = [p.name for p in books.players if p.name != name]
    codes = tuple((f"a,{o}", f"{ACTION_NAMES['a']} {o} (5.1)") for o in others)
    return {
        "order": {
            "code": Pick(codes, open=True),
            "justified_against": Pick(tuple((o, o) for o in others)),
        }
    }
