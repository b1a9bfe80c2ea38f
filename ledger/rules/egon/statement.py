"""A player's statement of the Egon-Spiel after a round: his DI, cash, store, tower and status,
the round at the table (its draw, the jackpots it leaves, 5.4.6), his results of the round and
his DI history; and the game report (`ledger report game`: the standings by tower, the
jackpots). Plain data (ledger.core.report); the templates lay it out, the fixed tables are
shown.csv's."""

from __future__ import annotations

from ledger.core.books import Player
from ledger.core.clock import Period
from ledger.core.report import Report, Statement, Table, fmt
from ledger.core.statement_parts import game_summary, layouts, player_statement
from ledger.rules.egon.books import Books
from ledger.rules.egon.sheets import book_of
from ledger.rules.egon.view import tower, whole_number

#: The statement's and the report's tables whose title and columns are fixed (shown.csv).
SHOWN = layouts(__package__ or "ledger.rules.egon")


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
        ("DI", str(whole_number(player.get("di")))),
        ("cash", f"{fmt(books.player_cash(player).amount)} Kj"),
        ("stones in store", str(whole_number(player.get("store")))),
        ("tower", f"{tower(player)} stones"),
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
    history = SHOWN["history"].table()
    for d in book.di_history:
        if d.player == player.name:
            history.rows.append([str(d.round), f"{d.change:+d}", str(d.di), d.rule, d.cause])
    sections = [the_round(books), results, history]
    return player_statement(books, player, period, facts, sections, SHOWN["next"].table())


def report(books: Books, since: int) -> Report:
    """The game report: the players ranked by their towers (section 7), and the jackpots."""
    table = SHOWN["standings"].table()
    ranked = sorted(books.players, key=lambda p: (-tower(p), p.name))
    for i, p in enumerate(ranked, start=1):
        cash = fmt(books.player_cash(p).amount)
        store, di = whole_number(p.get("store")), whole_number(p.get("di"))
        shown = (tower(p), store, cash, di, p.get("status") or "frei")
        table.rows.append([str(i), p.name, *(str(x) for x in shown)])
    jackpots = SHOWN["jackpots"].table([[j.cls, fmt(j.amount)] for j in book_of(books).jackpots])
    facts = [("round", str(books.day))]
    return game_summary(books, since, facts, [table, jackpots], "Das Amtsblatt: the round")
