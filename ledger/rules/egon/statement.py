"""A player's statement of the Egon-Spiel after a round: his DI, cash, store, tower and status,
the round at the table (its draw, the jackpots it leaves, 5.4.6), his results of the round and
his DI history. Plain data (ledger.core.report); the templates lay it out."""

from __future__ import annotations

from ledger.core.books import Player
from ledger.core.clock import Period
from ledger.core.report import Statement, Table, fmt
from ledger.core.statement_parts import player_statement
from ledger.rules.egon.books import Books
from ledger.rules.egon.sheets import book_of


def the_round(books: Books) -> Table:
    """The table's news of the last round, the same for every player: the draw and the
    jackpots for the next round (5.4.6)."""
    book, rnd = book_of(books), books.day
    table = Table(f"Round {rnd} at the table", ["", ""], empty="no round evaluated yet")
    draw = next((r for r in book.rounds if r.round == rnd), None)
    if draw is None:
        return table
    storm = ", storm (6.1.6)" if draw.storm else ""
    table.rows.append(["the draw", f"{draw.numbers}, ZZ {draw.zz}, Z6 {draw.z6}{storm}"])
    pots = ", ".join(f"{j.cls} {fmt(j.amount)}" for j in book.jackpots)
    table.rows.append([f"jackpots for round {rnd + 1} (5.4.6)", f"{pots} {books.currency}"])
    return table


def statement(books: Books, player: Player, period: Period) -> Statement:
    book = book_of(books)
    facts = [
        ("DI", str(player.get("di") or 0)),
        ("cash", f"{fmt(books.player_cash(player).amount)} Kj"),
        ("stones in store", str(player.get("store") or 0)),
        ("tower", f"{player.get('tower')} stones"),
        ("status", str(player.get("status") or "frei")),
    ]
    results = Table(
        f"Round {books.day}: your results",
        ["rule", "what happened", "Kj", "DI", "stones"],
        align=["l", "l", "r", "r", "r"],
        empty="no results this round",
    )
    for r in book.results:
        if r.round == books.day and r.player == player.name:
            results.rows.append(
                [
                    r.rule,
                    r.text,
                    fmt(r.kj) if r.kj else "",
                    f"{r.di:+d}" if r.di else "",
                    f"{r.store + r.tower:+d}" if (r.store or r.tower) else "",
                ]
            )
    history = Table(
        "DI history",
        ["round", "change", "DI", "rule", "cause"],
        align=["r", "r", "r", "l", "l"],
        empty="no changes",
    )
    for d in book.di_history:
        if d.player == player.name:
            history.rows.append([str(d.round), f"{d.change:+d}", str(d.di), d.rule, d.cause])
    upcoming = Table(
        "Next round", ["", "", "", ""], empty="orders for the next round go to the game master"
    )
    sections = [the_round(books), results, history]
    return player_statement(books, player, period, facts, sections, upcoming)
