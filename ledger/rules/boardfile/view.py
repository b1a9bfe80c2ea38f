"""What a board played from a file shows: `ledger status`, the served pages' tables, a player's
statement and the game summary, as plain data (ledger.core.report)."""

from __future__ import annotations

from typing import Any

import msgspec

from ledger.core import board_parts
from ledger.core.board_table import Seat
from ledger.core.books import BANK, Player
from ledger.core.clock import Period
from ledger.core.report import Report, Statement, Table, TickReport, fmt
from ledger.core.statement_parts import game_summary, layouts, plain_statement
from ledger.rules.boardfile.engine import POT
from ledger.rules.boardfile.engine import Table as Game

#: The tables of a statement, the summary and the served pages, by name (shown.csv).
SHOWN = layouts(__package__ or "ledger.rules.boardfile")


def _where(game: Game, s: Seat) -> str:
    if s.out:
        return "out"
    square = game.squares[s.field - 1]
    return f"{s.field} {square.name}" + (" (in jail)" if s.in_jail else "")


def status(game: Game) -> dict[str, Any]:
    return {
        "board": game.rules.name,
        "turn": game.current.name if game.current else None,
        "round": game.round,
        "winner": game.winner,
        "pot": f"{game.books.journal.balance(POT).amount:.2f}",
        "players": {
            s.name: {
                "cash": f"{game.cash_of(s.name):.2f}",
                "debt": f"{game.debt_of(s.name):.2f}",
                "field": s.field,
                "owns": game.deeds_of(s.name),
                "out": s.out,
                "in_jail": s.in_jail,
            }
            for s in game.seats
        },
    }


def status_text(game: Game) -> dict[str, Any]:
    cur = game.books.currency
    facts: dict[str, Any] = {"board": game.rules.name, "round": game.round}
    facts |= (
        {"winner": game.winner}
        if game.winner
        else {"whose turn": game.current and game.current.name}
    )
    if game.rules.pot:
        facts["pot"] = f"{game.books.journal.balance(POT).amount:,.2f}"
    players = {
        s.name: {
            f"cash ({cur})": f"{game.cash_of(s.name):,.2f}",
            "debt": f"{game.debt_of(s.name):,.2f}",
            "on field": _where(game, s),
            "owns": "\n".join(f"{f.number} {f.name}" for f in game.owned(s.name)),
        }
        for s in game.seats
    }
    return {**facts, "players": players}


def _board(game: Game) -> Table:
    out = SHOWN["board"].table()
    for s in game.squares:
        price = fmt(s.price) if s.ownable else (fmt(s.amount) if s.amount else "")
        owner = game.owner.get(s.number, "for sale" if s.ownable else "")
        out.rows.append([str(s.number), s.name, s.kind, s.group, price, owner])
    return out


def _players(game: Game) -> Table:
    out = SHOWN["pieces"].table()
    for s in game.seats:
        cash, debt = fmt(game.cash_of(s.name)), fmt(game.debt_of(s.name))
        out.rows.append([s.name, _where(game, s), cash, debt, str(len(game.owned(s.name)))])
    out.total = f"Cash in {game.books.currency}"
    return out


def view(game: Game) -> list[Table]:
    nxt = Table("The next turn", ["", ""])
    if game.winner:
        nxt.rows.append(["the game is over", f"{game.winner} won"])
    else:
        nxt.rows += [
            ["round", str(game.round)],
            ["whose turn", game.current.name if game.current else ""],
        ]
    return [nxt, _players(game), _board(game)]


def statement(game: Game, player: Player, period: Period, ahead: TickReport) -> Statement:
    plain = plain_statement(game.books, player, period, ahead)
    seat = game.by_name[player.name]
    owned = SHOWN["owned"].table()
    owned.rows = [[str(s.number), s.name, s.group, fmt(s.price)] for s in game.owned(player.name)]
    owned.total = f"Net worth: {fmt(game.worth(player.name))} {game.books.currency} (cash less debt, and prices)"
    facts = [
        *plain.facts,
        ("field", _where(game, seat)),
        ("debt to the bank", fmt(game.debt_of(seat.name))),
    ]
    return msgspec.structs.replace(plain, facts=facts, sections=[owned, *plain.sections])


def game_report(game: Game, since: int) -> Report:

    def cells(s: Seat) -> list[str]:
        cash, debt = fmt(game.cash_of(s.name)), fmt(game.debt_of(s.name))
        return [cash, debt, str(len(game.owned(s.name))), fmt(game.worth(s.name))]

    columns = [("cash", "r"), ("debt", "r"), ("fields", "r"), ("net worth", "r")]
    standings = board_parts.standings(game, game.worth, columns, cells)
    books = game.books
    facts = [
        ("board", game.rules.name),
        ("round", str(game.round)),
        ("turns played", str(len(game.state.turns))),
        ("winner", game.winner or "not yet"),
        ("the bank", f"{fmt(books.journal.balance(BANK).amount)} {books.currency}"),
    ]
    return game_summary(books, since, facts, [standings, _board(game)])
