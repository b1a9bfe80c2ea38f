"""The 21-field game's statements and game summary as plain data, the board drawn as SVG
coordinates computed here (its templates/matador21_board.html.j2 only lays them out)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from decimal import Decimal

import msgspec

from ledger.core import board_parts
from ledger.core.board_table import Seat
from ledger.core.books import BANK, PLAYER_ROLE, Player
from ledger.core.clock import Period
from ledger.core.report import Report, Statement, Table, fmt
from ledger.core.statement_parts import bank_table, game_summary, layouts, player_statement
from ledger.rules.matador21.books import Books
from ledger.rules.matador21.sheets import COLOURS, FLEET, LABOR_CAMP, REFUGE, TAX, state_of
from ledger.rules.matador21.turn import Table as GameTable
from ledger.rules.matador21.turn import rent_of

#: The tables of a statement, the summary and the served pages, by name (shown.csv).
SHOWN = layouts(__package__ or "ledger.rules.matador21")
#: How a field not owned by anyone is drawn.
UNOWNED, REFUGE_FILL, TAX_FILL, LINE = "#f2f2f2", "#dff0d8", "#f8e0e0", "#555555"


class FieldMark(msgspec.Struct, frozen=True):
    x: float
    y: float
    r: float
    fill: str
    number: int
    ny: float  # the number's baseline
    label: str
    lx: float
    ly: float
    anchor: str
    title: str


class PieceMark(msgspec.Struct, frozen=True):
    x: float
    y: float
    r: float
    fill: str
    title: str


class LegendMark(msgspec.Struct, frozen=True):
    x: float
    y: float
    fill: str
    text: str
    box_y: float
    text_x: float


@dataclass
class BoardPicture:
    width: int
    height: int
    font: int
    fields: list[FieldMark] = field(default_factory=list)
    pieces: list[PieceMark] = field(default_factory=list)
    legend: list[LegendMark] = field(default_factory=list)
    caption: str = ""
    caption_x: float = 0
    caption_y: float = 0


class BoardReport(Report):
    """The game summary with a picture of the board (laid out by `figure`)."""

    board: BoardPicture | None = None
    figure: str = "matador21_board.html.j2"


def colour_of(name: str) -> str:
    return COLOURS.get(name, "#999999")


def board_picture(books: Books) -> BoardPicture:
    """501.2: the fields in a circle, field 1 at the top and clockwise (605.1); an owned field in
    its owner's colour, each piece beside the field it stands on (602), the players' legend."""
    table = GameTable(books, state_of(books))
    width, height, font = 700, 620, 9
    cx, cy, ring, dot = 350.0, 300.0, 200.0, 22.0
    pic = BoardPicture(width, height, font)
    seats = {s.name: s for s in table.seats}
    for f in table.squares:
        angle = 2 * math.pi * (f.field - 1) / table.n - math.pi / 2
        x, y = cx + ring * math.cos(angle), cy + ring * math.sin(angle)
        owner = table.owner.get(f.field)
        if owner:
            fill = colour_of(seats[owner].colour)
        else:
            fill = {REFUGE: REFUGE_FILL, TAX: TAX_FILL}.get(f.type, UNOWNED)
        lx, ly = cx + (ring + dot + 8) * math.cos(angle), cy + (ring + dot + 8) * math.sin(angle)
        c = math.cos(angle)
        anchor = "middle" if abs(c) < 0.2 else ("start" if c > 0 else "end")
        ly += font / 3 + (font * 0.6 if math.sin(angle) > 0.9 else 0)
        title = f"{f.field} {f.name} ({f.type})" + (f", owned by {owner}" if owner else "")
        pic.fields.append(
            FieldMark(
                round(x, 1),
                round(y, 1),
                dot,
                fill,
                f.field,
                round(y + 4, 1),
                f.name,
                round(lx, 1),
                round(ly, 1),
                anchor,
                title,
            )
        )
    by_field: dict[int, list[str]] = {}
    for s in table.seats:
        if not s.out:  # 401.2a: a loser's piece leaves the board
            by_field.setdefault(s.field, []).append(s.name)
    for number, names in by_field.items():
        angle = 2 * math.pi * (number - 1) / table.n - math.pi / 2
        for i, name in enumerate(names):
            spread = (i - (len(names) - 1) / 2) * 0.07
            r = ring - dot - 16
            px = cx + r * math.cos(angle + spread)
            py = cy + r * math.sin(angle + spread)
            pic.pieces.append(
                PieceMark(
                    round(px, 1),
                    round(py, 1),
                    7,
                    colour_of(seats[name].colour),
                    f"{name} on field {number}",
                )
            )
    for i, s in enumerate(sorted(table.seats, key=lambda s: s.order)):
        status = "out" if s.out else f"field {s.field}, {fmt(table.cash_of(s.name))}"
        y = cy - 50 + i * 18
        text = f"{s.name} ({s.colour or 'no colour'}): {status}"
        pic.legend.append(LegendMark(cx - 90, y, colour_of(s.colour), text, y - 9, cx - 75))
    winner = table.winner
    pic.caption_x, pic.caption_y = cx, cy - 80
    pic.caption = (
        f"{winner} has won"
        if winner
        else f"Round {table.round}: {table.current.name if table.current else ''}'s turn"
    )
    return pic


def _rent_text(table: GameTable, number: int) -> str:
    f = table.squares[number - 1]
    owner = table.owner.get(number)
    if f.type == LABOR_CAMP:
        camps = table.how_many(owner, LABOR_CAMP) if owner else 1
        return f"{fmt(f.amount)} × dice × {camps}"
    if f.type == FLEET and owner:
        rent, _ = rent_of(table, f, owner, 0)
        return fmt(rent)
    return fmt(f.amount)


def statement(books: Books, player: Player, period: Period) -> Statement:
    table = GameTable(books, state_of(books))
    seat = table.by_name[player.name]
    cash = table.cash_of(player.name)
    money = bank_table(books, player, period, "Money", "account", total=False)
    owned = SHOWN["owned"].table()
    for f in table.owned(player.name):
        owned.rows.append([str(f.field), f.name, f.type, fmt(f.price), _rent_text(table, f.field)])
    owned.total = f"Net worth: {fmt(table.worth(player.name))} {books.currency} (cash and prices)"
    facts = [
        ("colour", seat.colour or "none"),
        (
            "field",
            f"{seat.field} {table.squares[seat.field - 1].name}"
            if not seat.out
            else "off the board",
        ),
        ("in the game", "no, out (401.2)" if seat.out else "yes"),
        ("place in the turn order", str(seat.order)),
        ("cash", f"{fmt(cash)} {books.currency}"),
    ]
    upcoming = Table("What falls due", ["what"], empty="nothing: every turn is decided by its dice")
    sections = [owned, board_parts.turns(state_of(books).turns, period.since, player.name)]
    return player_statement(books, player, period, facts, sections, upcoming, banks=money)


def game_report(books: Books, since: int) -> BoardReport:
    table = GameTable(books, state_of(books))

    def cells(s: Seat) -> list[str]:
        fields = table.owned(s.name)
        prices = sum((f.price or Decimal(0) for f in fields), Decimal(0))
        cash, worth = fmt(table.cash_of(s.name)), fmt(table.worth(s.name))
        return [s.colour, cash, str(len(fields)), fmt(prices), worth]

    columns = [("colour", "l"), ("cash", "r"), ("fields", "r"), ("prices", "r"), ("net worth", "r")]
    standings = board_parts.standings(table, table.worth, columns, cells)
    board = SHOWN["board"].table()
    for f in table.squares:
        rent, owner = _rent_text(table, f.field), table.owner.get(f.field, "")
        board.rows.append([str(f.field), f.name, f.type, fmt(f.price), rent, owner])
    facts = [
        ("round", str(table.round)),
        ("turns played", str(len(state_of(books).turns))),
        ("whose turn", table.current.name if table.current else "nobody: the game is over"),
        ("winner", table.winner or "not yet"),
        ("the bank", f"{fmt(books.journal.balance(BANK).amount)} {books.currency}"),
        ("players", ", ".join(p.name for p in books.players if p.role == PLAYER_ROLE)),
    ]
    sections = [standings, board, board_parts.turns(state_of(books).turns, since)]
    return game_summary(books, since, facts, sections, kind=BoardReport, board=board_picture(books))
