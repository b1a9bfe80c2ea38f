"""A turn on a board played from a file, made of the shared board steps (ledger.core.board):
the move past the start, a purchase, a rent, a tax, the jail and its fine, the pot, the bank's
loan of a shortfall or the player who cannot pay put out.

`Table` is the game as it stands, taken from the books once; `take_turn` plays one turn on it
and posts its money; `Table.save` writes it back. A journal line's rule is the file's key that
set its amount (`pass_start`, `rents`, `[jail] fine`).
"""

from __future__ import annotations

from decimal import Decimal

import msgspec

from ledger.core import board, board_table
from ledger.core.board import TurnLine as Line
from ledger.core.board_table import Seat, Turn
from ledger.core.books import BANK
from ledger.core.money import round_money
from ledger.core.problems import CellRef, Problem, ProblemsFound
from ledger.core.report import fmt
from ledger.rules.boardfile import spec
from ledger.rules.boardfile.books import Books
from ledger.rules.boardfile.sheets import OwnerRow, State
from ledger.rules.boardfile.spec import FREE, GO_TO_JAIL, LOAN, LOT, TAX, UTILITY, Square

POT, LOAN_PREFIX = "pot", "loan:"


def loan_of(name: str) -> board.Loan:
    """The bank lends exactly the shortfall, at no cost (the file's `shortfall = "loan"`)."""
    return board.Loan(f"{LOAN_PREFIX}{name}", name, "shortfall")


class Table(board_table.Table):
    """The game as it stands: the seats (board_table), the file's board, owners and levels."""

    def __init__(self, books: Books, state: State) -> None:
        assert state.rules is not None, "the Board sheet holds a mistake"
        self.state, self.rules = state, state.rules
        self.squares: tuple[Square, ...] = self.rules.squares
        self.n = len(self.squares)
        self.level = {r.field: r.level for r in state.owners}
        super().__init__(books, state.turns, {r.field: r.owner for r in state.owners if r.owner})

    def after(self, order: int) -> tuple[Seat | None, bool]:
        left = {s.order: s for s in self.remaining()}
        place, wrapped = board.next_place(list(left), order)
        return (None if place is None else left[place]), wrapped

    def debt_of(self, name: str) -> Decimal:
        return board.debt(self.books, loan_of(name)) if self.rules.shortfall == LOAN else Decimal(0)

    def owned(self, name: str) -> list[Square]:
        return [s for s in self.squares if self.owner.get(s.number) == name]

    def release(self, deed: int) -> None:
        super().release(deed)
        self.level[deed] = 0

    def save(self) -> None:
        self.save_seats()
        self.state.owners = [
            OwnerRow(s.number, s.name, self.owner.get(s.number, ""), self.level.get(s.number, 0))
            for s in self.squares
            if s.ownable
        ]


def rent_of(table: Table, square: Square, owner: str, pips: int) -> tuple[Decimal, str, str]:
    """What landing on another's field costs, how it was reckoned, and the keys that say so."""
    rules = table.rules
    if square.kind == LOT:
        level = min(table.level.get(square.number, 0), len(square.rents) - 1)
        rent = square.rents[level]
        group = rules.group(square.group)
        if (
            level == 0
            and rules.full_group_rent != 1
            and all(table.owner.get(s.number) == owner for s in group)
        ):
            how = f"the whole group {square.group}: {fmt(rent)} × {rules.full_group_rent}"
            return round_money(rent * rules.full_group_rent), how, "rents, full_group_rent"
        return rent, f"level {level}" if level else "", "rents"
    count = board.how_many(table, owner, lambda n: table.squares[n - 1].group == square.group)
    rent = square.rents[min(count, len(square.rents)) - 1]
    if square.kind == UTILITY:
        return round_money(rent * pips), f"{fmt(rent)} × {pips} for {count} owned", "rents"
    return rent, f"{count} of {square.group} owned", "rents"


class Play:
    """One turn as it is played: the lines it says, the transactions it posts."""

    def __init__(self, table: Table, seat: Seat, pips: int, event: str) -> None:
        self.table, self.seat, self.pips, self.event = table, seat, pips, event
        self.said: list[str] = []
        self.keys: list[str] = []
        self.lines: list[Line] = []
        self.txns: list[int] = []
        self.paid = Decimal(0)  # what the last charge paid

    def note(self, memo: str, key: str) -> board.Note:
        return board.Note("turn", memo, key, self.event)

    def income(self, name: str, src: str, amount: Decimal, what: str, key: str) -> None:
        """`name` is paid `amount` from `src`; with a loan outstanding, it repays it first."""
        if amount <= 0:
            return
        account = self.table.by_name[name].account
        txn = board.post(self.table.books, src, account, amount, self.note(what, key))
        self.txns.append(txn)
        self.lines.append(Line(name, "income", what, key, amount, txn))
        if self.table.rules.shortfall == LOAN:
            back = board.repay(self.table.books, loan_of(name), account, self.event)
            if back > 0:
                self.lines.append(Line(name, "event", f"repays {fmt(back)} of debt", "shortfall"))

    def charge(self, payee: str, amount: Decimal, what: str, key: str) -> bool:
        """The player pays `amount` to `payee` (an account); a shortfall is lent or puts them
        out (the file's `shortfall`). False: they are out."""
        table, seat = self.table, self.seat
        loan = loan_of(seat.name) if table.rules.shortfall == LOAN else None
        paid = board.pay(table.books, seat.account, payee, amount, self.note(what, key), loan)
        self.paid = paid.paid
        self.txns += paid.txns
        self.said.append(f"{what} {fmt(amount)}")
        self.keys.append(key)
        if paid.txns:
            self.lines.append(Line(seat.name, "charge", what, key, paid.paid, paid.txns[-1]))
        if paid.lent > 0:
            self.said.append(f"the bank lends {fmt(paid.lent)}")
            self.keys.append("shortfall")
        if loan is not None:
            limit = table.rules.loan_limit / 100
            worth = round_money(limit * sum((s.price for s in table.owned(seat.name)), Decimal(0)))
            if table.debt_of(seat.name) > worth:
                self.out(f"debt {fmt(table.debt_of(seat.name))} past {fmt(worth)}", loan)
                return False
            return True
        if paid.short > 0:
            self.out(f"has only {fmt(paid.paid)}: pays all of it", None)
            return False
        return True

    def out(self, why: str, loan: board.Loan | None) -> None:
        table, seat = self.table, self.seat
        memo = f"{seat.name} is out: the bank writes off the debt"
        keys = "shortfall, loan_limit" if loan else "shortfall"
        books, event = table.books, self.event
        gone = board.eliminate(books, table, seat.name, seat.account, keys, event, loan, memo)
        self.seat = table.put(msgspec.structs.replace(seat, out=True, in_jail=False))
        back = ", ".join(map(str, gone.deeds))
        fields = f", fields {back} back to the bank" if gone.deeds else ""
        self.said.append(f"{why} and is out{fields}")
        self.keys.append(keys)
        self.lines.append(Line(seat.name, "event", f"out of the game: {why}", keys))

    def move(self, to: int, passed: bool) -> None:
        table, rules = self.table, self.table.rules
        self.seat = table.put(msgspec.structs.replace(self.seat, field=to))
        if not passed:
            return
        pay, keys = rules.pass_start, ["pass_start"]
        if to == 1:
            pay += rules.land_on_start + (rules.pass_start if rules.double_start else 0)
            keys += ["land_on_start"] * bool(rules.land_on_start)
            keys += ["double_start"] * rules.double_start
        if pay > 0:
            key = ", ".join(keys)
            self.income(self.seat.name, BANK, pay, f"{self.seat.name} passes the start", key)
            self.said.append(f"start pays {fmt(pay)}")
            self.keys.append(key)

    def land(self, square: Square) -> None:
        table, seat, rules = self.table, self.seat, self.table.rules
        sink = POT if rules.pot else BANK
        owner = table.owner.get(square.number)
        if square.ownable and owner is None:
            self.buy(square)
        elif square.ownable and owner != seat.name:
            assert owner is not None
            rent, how, key = rent_of(table, square, owner, self.pips)
            what = f"rent to {owner} for {square.name}" + (f" ({how})" if how else "")
            self.charge(table.by_name[owner].account, rent, what, key)
            if self.paid > 0:
                text = f"rent from {seat.name} for {square.name}"
                self.lines.append(Line(owner, "income", text, key, self.paid, self.txns[-1]))
                self._repay(owner)
        elif square.kind == TAX:
            key = "amount, pot" if rules.pot else "amount"
            self.charge(sink, square.amount, f"{square.name}: tax", key)
        elif square.kind == GO_TO_JAIL:
            self.seat = table.put(msgspec.structs.replace(seat, field=rules.jail, in_jail=True))
            self.said.append(f"goes to the jail, field {rules.jail}")
            self.keys.append("go-to-jail")
        elif square.kind == FREE and rules.pot:
            pot = board.cash(table.books, POT)
            self.income(seat.name, POT, pot, f"{seat.name} takes the pot", "pot")
            self.said.append(f"takes the pot {fmt(pot)}")
            self.keys.append("pot")
            refill(table.books, self.event)

    def _repay(self, name: str) -> None:
        if self.table.rules.shortfall == LOAN:
            seat = self.table.by_name[name]
            board.repay(self.table.books, loan_of(name), seat.account, self.event)

    def buy(self, square: Square) -> None:
        table, seat = self.table, self.seat
        if not table.rules.buy_on_landing:
            self.said.append(f"for sale at {fmt(square.price)}")
            return
        if table.debt_of(seat.name) > 0:
            self.said.append("in debt: buys nothing")
            self.keys.append("shortfall")
            return
        note = self.note(f"{seat.name} buys {square.name}", "price")
        price = square.price
        txn = board.buy(table.books, table, square.number, seat.name, seat.account, price, note)
        if txn is None:
            self.said.append(f"cannot buy it for {fmt(square.price)}")
            return
        self.txns.append(txn)
        self.said.append(f"buys it for {fmt(square.price)}")
        self.keys.append("buy_on_landing, price")
        self.lines.append(Line(seat.name, "charge", f"buys {square.name}", "price", price, txn))


def refill(books: Books, event: str) -> None:
    """The bank puts the file's `pot_bonus` into the pot: at the start, after every payout."""
    rules = books.state.rules
    if rules is not None and rules.pot and rules.pot_bonus > 0:
        note = board.Note("pot", "the bank puts the bonus into the pot", "pot_bonus", event)
        board.post(books, BANK, POT, rules.pot_bonus, note)


def take_turn(table: Table, d1: int, d2: int, event: str) -> Turn:
    """The current player's turn: out of the jail for its fine, the move by the dice past the
    start, and the field landed on."""
    seat = table.current
    assert seat is not None, "take_turn needs a player whose turn it is"
    t = Play(table, seat, d1 + d2, event)
    frm = seat.field
    go_on = True
    if seat.in_jail:
        t.seat = table.put(msgspec.structs.replace(seat, in_jail=False))
        sink = POT if table.rules.pot else BANK
        go_on = t.charge(sink, table.rules.jail_fine, "the jail's fine", "[jail] fine")
    to = frm
    if go_on:
        steps = frm - 1 + d1 + d2
        to = steps % table.n + 1
        t.move(to, steps >= table.n)
        t.land(table.squares[to - 1])
    square = table.squares[to - 1]
    what = f"{square.name}: " + ("; ".join(t.said) or "nothing happens")
    rule = ", ".join(dict.fromkeys(", ".join(t.keys).split(", "))) if t.keys else ""
    return table.finish(seat.name, (d1, d2), (frm, to), what, rule, t.txns, t.lines)


def table_of(books: Books) -> Table:
    """The game as it stands; the Board sheet's mistakes when it holds any."""
    state = books.state
    assert isinstance(state, State), "the books hold no board game"
    if state.rules is None:
        raise ProblemsFound(read_board(state)[1])
    return Table(books, state)


def read_board(state: State) -> tuple[spec.Rules | None, list[Problem]]:
    """The board the Board sheet's lines describe, each mistake named by the cell its line is
    in (a row deleted, or a cell of several lines, moves the lines after it)."""
    ordered = sorted(state.lines, key=lambda x: x.line)
    refs = [x.ref for x in ordered for _ in range(x.text.count("\n") + 1)]

    def where(n: int) -> str:
        ref = refs[n - 1] if 0 < n <= len(refs) else None
        return str(CellRef("Board", 1, ref.row)) if ref is not None else f"Board line {n}"

    if not state.lines:
        return None, [spec.SAID.problem("board-sheet-empty", "Board")]
    return spec.read("\n".join(x.text for x in ordered) + "\n", where)


def play(table: Table, dice: list[int], event: str) -> Turn:
    """Roll two dice (or take the table's), record them in the Dice sheet, play the turn."""
    books, seat = table.books, table.current
    assert seat is not None
    d1, d2 = board.two_dice(books, len(table.state.turns) + 1, seat.name, dice)
    turn = take_turn(table, d1, d2, event)
    board.decide(books, 2, f"{seat.name} moves {turn.row.frm} -> {turn.row.to} {turn.row.what}")
    return turn
