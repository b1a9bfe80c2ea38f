"""The 21-field game's turn, to the letter of rules 103, 204, 401-403 and 605-706.

`Table` is the game as it stands, taken from the books once (pieces, cash, owners, whose turn);
`take_turn` plays one turn on it and posts its money in the journal; `Table.save` writes it
back. A tick plays many turns on one table, so a long game is not slowed by the sheets.
"""

from __future__ import annotations

from decimal import Decimal

import msgspec

from ledger.core import board, board_table
from ledger.core.board import TurnLine as Line
from ledger.core.board_table import Seat, Turn
from ledger.core.books import BANK
from ledger.core.money import round_money
from ledger.core.report import fmt
from ledger.rules.matador21.books import Books
from ledger.rules.matador21.sheets import (
    FLEET,
    LABOR_CAMP,
    REFUGE,
    TAX,
    Field,
    OwnerRow,
    State,
)


class Table(board_table.Table):
    """The game as it stands: the seats (board_table), the Board and who owns which field."""

    def __init__(self, books: Books, state: State) -> None:
        self.state = state
        self.board: list[Field] = sorted(state.board, key=lambda f: f.field)
        self.n = len(self.board)
        super().__init__(books, state.turns, {r.field: r.owner for r in state.owners if r.owner})

    def after(self, order: int) -> tuple[Seat | None, bool]:
        """The next remaining player after place `order` (102.3), and whether the turn order
        started over (a new round)."""
        left = {s.order: s for s in self.remaining()}
        place, wrapped = board.next_place(list(left), order)
        return (None if place is None else left[place]), wrapped

    # -- what a player has -----------------------------------------------------------------
    def owned(self, name: str) -> list[Field]:
        return [f for f in self.board if self.owner.get(f.field) == name]

    def how_many(self, owner: str, kind: str) -> int:
        """How many fields of a type the owner has (705.1b: Labor Camps, Fleets)."""
        by_number = {f.field: f for f in self.board}
        return board.how_many(self, owner, lambda n: n in by_number and by_number[n].type == kind)

    def assets(self, name: str) -> Decimal:
        """Cash plus the printed prices of the fields owned (the ruling on the Caravan's 10%)."""
        return self.cash_of(name) + sum(
            (f.price or Decimal(0) for f in self.owned(name)), Decimal(0)
        )

    # -- back into the books ---------------------------------------------------------------
    def save(self) -> None:
        self.save_seats()
        rows = [
            msgspec.structs.replace(r, owner=self.owner.get(r.field, "")) for r in self.state.owners
        ]
        listed = {r.field for r in rows}
        for number, name in sorted(self.owner.items()):  # a field the banker left out of Owners
            if number not in listed:
                rows.append(OwnerRow(number, self.board[number - 1].name, name))
        self.state.owners = rows


class _Effect(msgspec.Struct, frozen=True):
    """What landing on a field did (701.2): said in the Turns row and the tick's report."""

    what: str = ""
    rule: str = ""
    paid: Decimal | None = None  # what the player paid, when they had to pay
    out: bool = False  # 204.1a, 402: they had less than they had to pay
    txns: tuple[int, ...] = ()
    lines: tuple[Line, ...] = ()


def _note(memo: str, rule: str, event: str) -> board.Note:
    return board.Note("turn", memo, rule, event)


def _buy(table: Table, seat: Seat, f: Field, event: str) -> _Effect:
    """705.1a: the player tries to buy the unowned field; 703.3: with at least its price."""
    price = f.price or Decimal(0)
    note = _note(f"{seat.name} buys {f.name}", "703.3", event)
    txn = board.buy(table.books, table, f.field, seat.name, seat.account, price, note)
    if txn is None:
        have = fmt(table.cash_of(seat.name))
        what = f"cannot buy it: has {have} of {fmt(price)}; nothing happens"
        return _Effect(what, "705.1a, 703.3")
    return _Effect(f"buys it for {fmt(price)}", "705.1a, 703.3", price, txns=(txn,))


def _rent(table: Table, seat: Seat, f: Field, owner: str, pips: int, event: str) -> _Effect:
    """705.1b: the player pays the field's rent to its owner, all they have if less (204.1a)."""
    rent, how = rent_of(table, f, owner, pips)
    note = _note(f"{seat.name} pays rent to {owner} for {f.name}", "705.1b", event)
    paid = board.pay(table.books, seat.account, table.by_name[owner].account, rent, note)
    what = f"pays rent {fmt(rent)}" + (f" ({how})" if how else "") + f" to {owner}"
    text = f"rent from {seat.name} for {f.name}"
    income = Line(owner, "income", text, "705.1b", paid.paid, paid.txns[0]) if paid.txns else None
    lines = (income,) if income else ()
    return _Effect(what, "705.1b", paid.paid, paid.short > 0, paid.txns, lines)


def _event(table: Table, seat: Seat, f: Field, tax_choice: str, event: str) -> _Effect:
    """706.1: a Refuge pays its bonus from the bank; a Tax takes its amount (or its share of the
    player's assets), all they have if less (204.1a)."""
    note = _note(f"{seat.name}: {f.name}", "706.1", event)
    if f.type == REFUGE:
        bonus = f.amount or Decimal(0)
        what = f"receives {fmt(bonus)} from the bank"
        txn = board.post(table.books, BANK, seat.account, bonus, note) if bonus > 0 else None
        line = Line(seat.name, "income", f"{f.name}: {what}", "706.1", bonus, txn)
        return _Effect(what, "706.1", txns=() if txn is None else (txn,), lines=(line,))
    if f.type == TAX:
        due, how = tax_of(table, seat.name, f, tax_choice)
        paid = board.pay(table.books, seat.account, BANK, due, note)
        what = f"pays {fmt(due)} to the bank" + (f" ({how})" if how else "")
        return _Effect(what, "706.1", paid.paid, paid.short > 0, paid.txns)
    return _Effect()


def _land(table: Table, seat: Seat, f: Field, pips: int, tax_choice: str, event: str) -> _Effect:
    """701.2: the field landed on has its effect (705.1a-c, 706.1)."""
    owner = table.owner.get(f.field)
    if not f.ownable:
        return _event(table, seat, f, tax_choice, event)
    if owner is None:
        return _buy(table, seat, f, event)
    if owner == seat.name:
        return _Effect("owns it: nothing happens", "705.1c")
    return _rent(table, seat, f, owner, pips, event)


def rent_of(table: Table, f: Field, owner: str, pips: int) -> tuple[Decimal, str]:
    """705.1b: what landing on another's field costs, and how it was reckoned."""
    amount = f.amount or Decimal(0)
    if f.type == LABOR_CAMP:
        camps = table.how_many(owner, LABOR_CAMP)
        return round_money(amount * pips * camps), f"{fmt(amount)} × {pips} × {camps} camps"
    if f.type == FLEET:
        fleets = table.how_many(owner, FLEET)
        rents = [f.amount, f.amount_2, f.amount_3, f.amount_4]
        rent = rents[min(fleets, 4) - 1] or Decimal(0)
        return rent, f"{fleets} fleet{'s' if fleets != 1 else ''}"
    return amount, ""


def take_turn(table: Table, d1: int, d2: int, tax_choice: str, event: str) -> Turn:
    """103.1: the current player moves the sum of the dice clockwise (605.1-605.3), lands
    (605.4) and the field has its effect (701.2, 703-706)."""
    seat = table.current
    assert seat is not None, "take_turn needs a player whose turn it is"
    books = table.books
    frm = seat.field
    pips = d1 + d2
    to = (frm - 1 + pips) % table.n + 1  # 605.3: past the highest field on to the lowest
    f = table.board[to - 1]
    seat = table.put(msgspec.structs.replace(seat, field=to))
    done = _land(table, seat, f, pips, tax_choice, event)
    what, rule, paid, txns, lines = done.what, done.rule, done.paid, done.txns, list(done.lines)
    if done.out:  # 402: paid all they had (204.1a) and lost; 401.2: out of the game
        assert paid is not None
        gone = board.eliminate(books, table, seat.name, seat.account, "401.2", event)
        table.put(msgspec.structs.replace(seat, out=True))
        what += f"; has only {fmt(paid)}: pays all of it and is out"
        if gone.deeds:
            what += f", fields {', '.join(map(str, gone.deeds))} unowned"
        rule += ", 204.1a, 402, 401.2"
    what = f"{f.name}: {what}"
    if paid is not None and paid > 0:
        lines.insert(0, Line(seat.name, "charge", what, rule, paid, txns[0] if txns else None))
    # 403.1: the last player left wins
    return table.finish(seat.name, (d1, d2), (frm, to), what, rule, txns, lines, "403.1")


def tax_of(table: Table, name: str, f: Field, choice: str) -> tuple[Decimal, str]:
    """706.1 for a Tax: its amount, or (a Tax with a percentage, the Caravan) that share of the
    player's assets, as the player chooses; `smaller` is the ruling's default."""
    amount = f.amount or Decimal(0)
    if f.percent is None:
        return amount, ""
    assets = table.assets(name)
    share = round_money(assets * f.percent / 100)
    pct = f"{f.percent.normalize():f}% of assets {fmt(assets)} = {fmt(share)}"
    if choice == "fixed":
        return amount, f"the fixed amount chosen; {pct}"
    if choice == "percent":
        return share, f"{pct}, chosen"
    if share < amount:
        return share, f"{pct}, less than {fmt(amount)}"
    return amount, f"less than or as much as {pct}"
