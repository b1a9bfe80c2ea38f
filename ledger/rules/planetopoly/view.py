"""Planetopoly's own view of the table for the served pages (`Game.view`): who owns which deed
at which level and what landing there costs, and what stands next for each player (a debt to
repay, a prisoner's fine). Plain data (ledger.core.report.Table). The board's positions are
not kept in the books: the banker records what happened on it.

Rule numbers are those of ../shared/rules/planetopoly.txt.
"""

from __future__ import annotations

from ledger.core.report import Moves, Pick, Table, fmt
from ledger.rules.planetopoly import bank
from ledger.rules.planetopoly.books import Books
from ledger.rules.planetopoly.sheets import board_of
from ledger.rules.planetopoly.statement import SHOWN, level_and_rent, rent_text, standing


def view(books: Books) -> list[Table]:
    return [what_stands_next(books), owners(books)]


def what_stands_next(books: Books) -> Table:
    """Nothing falls due with time (no periodic charges): debts and prison fines only."""
    out = SHOWN["next"].table()
    for p in books.players:
        if bank.flag(p, "out"):
            out.rows.append([p.name, "out of the game (§9)"])
            continue
        s, said = standing(books, p), []
        if s.debt > 0:
            said.append(
                f"owes the bank {fmt(s.debt)} {books.currency}: money received repays it first, "
                "no buying or building until then (§9)"
            )
        if bank.served(books, p):
            said.append("in prison, the sentence served: free at the next turn, no fine (§10)")
        elif s.bail is not None:
            said.append(
                f"in prison, {bank.turns(p)} turn(s) missed: leaving costs {fmt(s.bail)} "
                f"{books.currency} next turn (§10)"
            )
        out.rows += [[p.name, what] for what in said]
    return out


def owners(books: Books) -> Table:
    board = board_of(books)
    owner = {h.deed.casefold(): h for h in board.holdings}
    out = SHOWN["owners"].table()
    for d in board.deeds:
        h = owner.get(d.key.casefold())
        if h is None:
            out.rows.append([d.key, d.name, "for sale", "", ""])
            continue
        out.rows.append([d.key, d.name, h.owner, *level_and_rent(d, h.points, d.kind)])
    out.total = f"Rents in {books.currency}"
    return out


def moves(books: Books, name: str) -> Moves:
    """What `name` may do from their page now (the served pages): bail while in prison with the
    sentence not yet served (§10); else rent for a deed another player holds and buy one the
    bank still holds (§5, §6). The board's positions are not in the books, so every such deed
    is offered. A player out of the game (§9) has no move."""
    player = books.player(name)
    if player is None or bank.flag(player, "out"):
        return {}
    if bank.flag(player, "in_prison"):
        return {} if bank.served(books, player) else {"bail": {}}
    board = board_of(books)
    held = {h.deed.casefold(): h for h in board.holdings}
    unit = books.currency
    rent, buy = [], []
    for d in board.deeds:
        h = held.get(d.key.casefold())
        if h is None:
            buy.append((d.key, f"{d.name} ({d.key}), {fmt(d.price)} {unit}"))
        elif h.owner.casefold() != name.casefold():
            what = f"{rent_text(d, h.points)} {unit}" if d.is_plot else "by the dice (§11)"
            rent.append((d.key, f"{d.name} ({d.key}), {h.owner}'s, rent {what}"))
    out: Moves = {}
    if rent:
        out["rent"] = {"deed": Pick(tuple(rent))}
    if buy:
        out["buy"] = {"deed": Pick(tuple(buy))}
    return out
