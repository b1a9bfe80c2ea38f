"""Where Planetopoly stands, as plain data: `ledger status --json`, a player's statement (deeds
with their levels and rents, debt, the period's lines) and the game summary (standings by net
worth). Templates only lay these out."""

from __future__ import annotations

from decimal import Decimal
from typing import Any, NamedTuple

from ledger.core.books import Player
from ledger.core.clock import Period
from ledger.core.report import Report, Statement, Table, fmt
from ledger.core.statement_parts import game_summary, layouts, player_statement
from ledger.rules.planetopoly import bank, tables
from ledger.rules.planetopoly.books import Books
from ledger.rules.planetopoly.sheets import DeedRow, board_of

#: The tables of a statement, the summary and the served pages, by name (shown.csv).
SHOWN = layouts(__package__ or "ledger.rules.planetopoly")


class Standing(NamedTuple):
    """Where a player stands, each fact computed once for the status, the statement, the game
    report and the served pages: cash, debt to the bank (§9), the deeds and support points at
    sale value (§9), the state in words, and what a prisoner pays to leave now (§10: 600, 400,
    200 by the turns missed; nothing once the sentence is served; None out of prison)."""

    cash: Decimal
    debt: Decimal
    holdings: Decimal
    state: str
    bail: Decimal | None

    @property
    def worth(self) -> Decimal:
        """Net worth: cash less debt, plus the holdings at sale value."""
        return self.cash - self.debt + self.holdings


def standing(books: Books, p: Player) -> Standing:
    bail, turns = None, bank.turns(p)
    if bank.flag(p, "in_prison"):
        bail = Decimal("0.00") if bank.served(books, p) else bank.fine(books, turns)
    state = f"in prison, {turns} turns missed (§10)" if bail is not None else "playing"
    if bank.flag(p, "out"):
        state = "out (lost by debt, §9)"
    owned = bank.holdings(books, p.name)
    held = sum((d.sale_value + d.point_sale * h.points for d, h in owned), Decimal(0))
    return Standing(bank.cash(books, p), bank.debt(books, p), held, state, bail)


def status(books: Books) -> dict[str, Any]:
    """`{"players": {"Ann": {"cash": "3910.00", "debt": "0.00", "in_prison": false,
    "prison_turns": 0, "out": false, "owns": {"speed-trap-1": 0}}}}` (deed -> support points)."""
    board = board_of(books)
    players: dict[str, Any] = {}
    for p in books.players:
        s = standing(books, p)
        players[p.name] = {
            "cash": f"{s.cash:.2f}",
            "debt": f"{s.debt:.2f}",
            "in_prison": bank.flag(p, "in_prison"),
            "prison_turns": bank.turns(p),
            "out": bank.flag(p, "out"),
            "owns": {h.deed: h.points for h in board.owned_by(p.name)},
            "bail_now": None if s.bail is None else f"{s.bail:.2f}",
            "mortgage_value": f"{bank.mortgage_value(books, p):.2f}",
        }
    return {"players": players}


def status_text(books: Books) -> dict[str, Any]:
    """`ledger status` as people read it: amounts with thousands separators (as `ledger
    balance`), a player's state in words, each plot with its level."""
    board = board_of(books)
    players: dict[str, Any] = {}
    for p in books.players:
        owns = []
        for h in board.owned_by(p.name):
            d = board.deed(h.deed)
            if d is not None and d.is_plot:
                level = tables.level_name(h.points) if h.points else "no support points"
                owns.append(f"{h.deed}: {level}")
            else:
                owns.append(h.deed)
        s = standing(books, p)
        players[p.name] = {
            f"cash ({books.currency})": f"{s.cash:,.2f}",
            "debt": f"{s.debt:,.2f}"
            + (f"\nof {fmt(bank.mortgage_value(books, p))} mortgage value (§9)" if s.debt else ""),
            "state": s.state + _bail_words(books, p, s.bail),
            "owns": "\n".join(owns),  # one deed a line
        }
    return {"players": players}


def _bail_words(books: Books, p: Player, bail: Decimal | None) -> str:
    """What a prisoner may do on their next turn (§10)."""
    if bail is None or bank.flag(p, "out"):
        return ""
    if bail == 0:
        return ": sentence served, free on the next turn"
    return f": {fmt(bail)} {books.currency} to leave now, or stay"


def rent_text(d: DeedRow, points: int) -> str:
    """What landing on the plot costs now, as shown: its level's rent, or that the Deeds sheet
    has none for it (a rent there is refused)."""
    rent = d.rent_at(points)
    return fmt(rent) if rent > 0 else "not in Deeds"


def level_and_rent(d: DeedRow, points: int, kind: str) -> tuple[str, str]:
    """A deed's level and its rent now, as shown: a plot's by its support points (§5), a toll
    station's or speed trap's (its level said as `kind`) by the dice (§11)."""
    if d.is_plot:
        return tables.level_name(points), rent_text(d, points)
    return kind, "by the dice (§11)"


def deeds_table(books: Books, player: Player) -> Table:
    table = SHOWN["deeds"].table()
    for d, h in bank.holdings(books, player.name):
        level, rent = level_and_rent(d, h.points, "")
        table.rows.append(
            [d.key, d.name, d.kind, level, rent, fmt(d.sale_value + d.point_sale * h.points)]
        )
    return table


#: A statement's facts in money, in the order of `Standing`'s.
_FACTS = ("cash", "debt to the bank", "holdings at sale value", "net worth")


def statement(books: Books, player: Player, period: Period) -> Statement:
    s = standing(books, player)
    facts = [
        (label, f"{fmt(amount)} {books.currency}")
        for label, amount in zip(_FACTS, (s.cash, s.debt, s.holdings, s.worth), strict=True)
    ]
    facts.append(("state", s.state))
    warnings = []
    if s.debt > 0:
        warnings.append(
            f"§9: {player.name} owes the bank {fmt(s.debt)} {books.currency}: no buying or building "
            "until it is repaid; money received repays it first"
        )
    upcoming = Table("Next", ["", ""], empty="Planetopoly has no periodic charges")
    sections = [deeds_table(books, player)]
    return player_statement(books, player, period, facts, sections, upcoming, warnings)


def game_report(books: Books, since: int) -> Report:
    standings = SHOWN["standings"].table()
    ranked = sorted(
        ((p, standing(books, p)) for p in books.players),
        key=lambda ps: (bank.flag(ps[0], "out"), -ps[1].worth, ps[0].name),
    )
    for i, (p, s) in enumerate(ranked, start=1):
        money = (fmt(s.cash), fmt(s.debt), fmt(s.holdings), fmt(s.worth))
        standings.rows.append([str(i), p.name, *money, s.state])
    board = board_of(books)
    deeds = SHOWN["owned"].table()
    for h in board.holdings:
        d = board.deed(h.deed)
        if d is not None:
            deeds.rows.append([d.key, h.owner, *level_and_rent(d, h.points, d.kind)])
    left = [p.name for p in books.players if not bank.flag(p, "out")]
    facts = [("players left", ", ".join(left))]
    if len(left) == 1:
        facts.append(("winner", f"{left[0]} (§2: the player left at the end)"))
    return game_summary(books, since, facts, [standings, deeds], "Planetopoly: the game")
