"""The 21-field game's turn, to the letter of rules 103, 204, 401-403 and 605-706.

`Table` is the game as it stands, taken from the books once (pieces, cash, owners, whose turn);
`take_turn` plays one turn on it and posts its money in the journal; `Table.save` writes it
back. A tick plays many turns on one table, so a long game is not slowed by the sheets.
"""

from __future__ import annotations

from decimal import Decimal

import msgspec

from ledger.core import board
from ledger.core.board import TurnLine as Line
from ledger.core.books import BANK, PLAYER_ROLE
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
    TurnRow,
)


class Seat(msgspec.Struct, frozen=True):
    """A player at the table: their piece, colour and place in the turn order."""

    name: str
    account: str
    colour: str
    field: int
    out: bool
    order: int


class Turn(msgspec.Struct, frozen=True):
    row: TurnRow
    name: str  # the field landed on
    lines: tuple[Line, ...] = ()
    winner: str | None = None
    next: str | None = None
    next_round: int = 0

    def summary(self) -> str:
        r = self.row
        d1, d2 = r.dice.split(",")
        head = (
            f"round {r.round}, turn {r.turn}: {r.player} rolls {d1}+{d2}, "
            f"{r.frm} -> {r.to} {r.what} ({r.rule})"
        )
        if r.txn:
            head += f"; txn {r.txn}"
        if self.winner:
            return f"{head}\nThe game is over: {self.winner} won (403.1)."
        return f"{head}\nNext: {self.next} (round {self.next_round})."


def _as_int(value: object, default: int) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


class Table(board.Seating[Seat]):
    """The game as it stands. The seats are frozen: a change is a new `Seat` put in place of
    the old one (`put`), in the turn order, by name and as the current player alike."""

    def __init__(self, books: Books, state: State) -> None:
        self.books = books
        self.state = state
        self.board: list[Field] = sorted(state.board, key=lambda f: f.field)
        self.n = len(self.board)
        game = books.game
        seats = []
        for i, p in enumerate(books.players):
            if p.role != PLAYER_ROLE:
                continue
            seats.append(
                Seat(
                    p.name,
                    game.cash_account(p),
                    str(p.get("colour") or ""),
                    _as_int(p.get("field"), 1),
                    bool(p.get("out") or False),
                    _as_int(p.get("order"), i + 1),
                )
            )
        self.seats = sorted(seats, key=lambda s: s.order)
        self.by_name = {s.name: s for s in self.seats}
        self.owner: dict[int, str] = {r.field: r.owner for r in state.owners if r.owner}
        self.current: Seat | None
        self.round: int
        self.current, self.round = self._whose_turn()

    # -- whose turn (`put` and `remaining`: board.Seating) ----------------------------------

    @property
    def winner(self) -> str | None:
        left = self.remaining()
        return left[0].name if len(left) == 1 else None

    def _after(self, order: int) -> tuple[Seat | None, bool]:
        """The next remaining player after place `order` (102.3), and whether the turn order
        started over (a new round)."""
        left = {s.order: s for s in self.remaining()}
        place, wrapped = board.next_place(list(left), order)
        return (None if place is None else left[place]), wrapped

    def _whose_turn(self) -> tuple[Seat | None, int]:
        if self.winner is not None:
            last = self.state.turns[-1].round if self.state.turns else 1
            return None, last
        if not self.state.turns:
            seat, _ = self._after(0)
            return seat, 1
        last = self.state.turns[-1]
        done = self.by_name.get(last.player)
        seat, wrapped = self._after(done.order if done else 0)
        return seat, last.round + (1 if wrapped else 0)

    # -- what a player has -----------------------------------------------------------------
    def cash_of(self, name: str) -> Decimal:
        return board.cash(self.books, self.by_name[name].account)

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

    # -- the fields' owners, as the shared board steps see them (ledger.core.board.Deeds) ----
    def deeds_of(self, name: str) -> list[int]:
        return sorted(f for f, o in self.owner.items() if o == name)

    def give(self, deed: int, name: str) -> None:
        self.owner[deed] = name

    def release(self, deed: int) -> None:  # 401.2b: unowned
        del self.owner[deed]

    # -- back into the books ---------------------------------------------------------------
    def save(self) -> None:
        books = self.books
        players = []
        for p in books.players:
            seat = self.by_name.get(p.name) if p.role == PLAYER_ROLE else None
            if seat is None:
                players.append(p)
                continue
            values = {"colour": seat.colour or None, "field": seat.field, "out": seat.out}
            values["order"] = seat.order
            extra = tuple((k, values.get(k, v)) for k, v in p.extra)
            players.append(msgspec.structs.replace(p, extra=extra))
        books.players = players
        rows = [
            msgspec.structs.replace(r, owner=self.owner.get(r.field, "")) for r in self.state.owners
        ]
        listed = {r.field for r in rows}
        for number, name in sorted(self.owner.items()):  # a field the banker left out of Owners
            if number not in listed:
                rows.append(OwnerRow(number, self.board[number - 1].name, name))
        self.state.owners = rows
        books.settings.values["day"] = self.round


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
    if paid is not None and paid > 0:
        lines.insert(
            0, Line(seat.name, "charge", f"{f.name}: {what}", rule, paid, txns[0] if txns else None)
        )
    elif not any(line.player == seat.name for line in lines):
        lines.insert(0, Line(seat.name, "event", f"{f.name}: {what}", rule))
    row = TurnRow(
        turn=len(table.state.turns) + 1,
        round=table.round,
        player=seat.name,
        dice=f"{d1},{d2}",
        frm=frm,
        to=to,
        what=f"{f.name}: {what}",
        rule=rule,
        txn=", ".join(map(str, txns)),
    )
    winner = table.winner
    if winner is not None:  # 403.1
        row = msgspec.structs.replace(
            row, what=f"{row.what}; {winner} has won", rule=f"{rule}, 403.1"
        )
        table.state.turns.append(row)
        table.current = None
        won = Line(winner, "event", f"{winner} has won the game", "403.1")
        return Turn(row, f.name, (*lines, won), winner=winner)
    table.state.turns.append(row)
    nxt, wrapped = table._after(seat.order)
    table.current = nxt
    if wrapped:
        table.round += 1
        books.settings.values["day"] = table.round
    return Turn(row, f.name, tuple(lines), next=nxt.name if nxt else None, next_round=table.round)


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
