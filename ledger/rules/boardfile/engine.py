"""A turn on a board played from a file, played by the shared turn engine (ledger.core.board_turn)
with what is the file's own: the rents by level, group and dice, the start's pay, the jail and
its fine, the pot, the bank's loan of a shortfall or the player who cannot pay put out.

`Table` is the game as it stands, taken from the books once; `Play` is its turn; `Table.save`
writes it back. A journal line's rule is the file's key that set its amount (`pass_start`,
`rents`, `[jail] fine`): the words of a turn are turn.csv.
"""

from __future__ import annotations

from decimal import Decimal

import msgspec

from ledger.core import board, board_table, board_turn
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
        self.level = {r.field: r.level for r in state.owners}
        super().__init__(books, state.turns, {r.field: r.owner for r in state.owners if r.owner})

    def debt_of(self, name: str) -> Decimal:
        return board.debt(self.books, loan_of(name)) if self.rules.shortfall == LOAN else Decimal(0)

    def release(self, deed: int) -> None:
        super().release(deed)
        self.level[deed] = 0

    def save(self) -> None:
        super().save()
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


class Play(board_turn.Play[Table]):
    """The current player's turn on the file's board: out of the jail for its fine, the move by
    the dice past the start, and the field landed on; a shortfall lent by the bank or putting
    the player out (the file's `shortfall`), taxes and fines into the pot (the house rule).
    Its words: turn.csv."""

    words = board_turn.Words(__package__ or "ledger.rules.boardfile")

    def rent_of(self, square: Square, owner: str) -> tuple[Decimal, str, str]:
        return rent_of(self.table, square, owner, self.pips)

    def loan(self) -> board.Loan | None:
        return loan_of(self.seat.name) if self.table.rules.shortfall == LOAN else None

    def short(self, paid: board.Payment, loan: board.Loan | None) -> tuple[str, dict[str, str]]:
        """With loans, out once the debt passes the file's `loan_limit` % of one's prices."""
        table, name = self.table, self.seat.name
        if loan is None:
            return super().short(paid, loan)
        limit = table.rules.loan_limit / 100
        worth = round_money(limit * sum((s.price for s in table.owned(name)), Decimal(0)))
        if table.debt_of(name) > worth:
            return "over-limit", {"debt": fmt(table.debt_of(name)), "worth": fmt(worth)}
        return "", {}

    def repay(self, name: str) -> Decimal:
        if self.table.rules.shortfall != LOAN:
            return Decimal(0)
        seat = self.table.by_name[name]
        return board.repay(self.table.books, loan_of(name), seat.account, self.event)

    def sink(self) -> str:
        """Where taxes and fines go: the pot (the house rule) or the bank."""
        return POT if self.table.rules.pot else BANK

    def before_move(self) -> bool:
        """One in the jail pays its fine and moves on, unless that puts them out."""
        if not self.seat.in_jail:
            return True
        self.seat = self.table.put(msgspec.structs.replace(self.seat, in_jail=False))
        return self.charge(self.sink(), self.table.rules.jail_fine, "fine")

    def passed_start(self, to: int) -> None:
        rules, name = self.table.rules, self.seat.name
        pay, keys = rules.pass_start, ["pass_start"]
        if to == 1:
            pay += rules.land_on_start + (rules.pass_start if rules.double_start else 0)
            keys += ["land_on_start"] * bool(rules.land_on_start)
            keys += ["double_start"] * rules.double_start
        if pay > 0:
            key = ", ".join(keys)
            self.income(name, BANK, pay, "start", player=name, rule=key)
            self.say("start", amount=fmt(pay), rule=key)

    def may_buy(self, square: Square) -> bool:
        """The file's `buy_on_landing`; one in debt buys nothing."""
        if not self.table.rules.buy_on_landing:
            self.say("for-sale", price=fmt(square.price))
            return False
        if self.table.debt_of(self.seat.name) > 0:
            self.say("in-debt")
            return False
        return True

    def land_on(self, square: Square) -> None:
        """A tax, the field that sends one to the jail, and a free field that pays out the pot."""
        table, seat, rules = self.table, self.seat, self.table.rules
        if square.kind == TAX:
            key = "amount, pot" if rules.pot else "amount"
            self.charge(self.sink(), square.amount, "tax", field=square.name, rule=key)
        elif square.kind == GO_TO_JAIL:
            self.seat = table.put(msgspec.structs.replace(seat, field=rules.jail, in_jail=True))
            self.say("jail", jail=rules.jail)
        elif square.kind == FREE and rules.pot:
            pot = board.cash(table.books, POT)
            self.income(seat.name, POT, pot, "pot", player=seat.name)
            self.say("pot", amount=fmt(pot))
            refill(table.books, self.event)


def refill(books: Books, event: str) -> None:
    """The bank puts the file's `pot_bonus` into the pot: at the start, after every payout."""
    rules = books.state.rules
    if rules is not None and rules.pot and rules.pot_bonus > 0:
        note = board.Note("pot", "the bank puts the bonus into the pot", "pot_bonus", event)
        board.post(books, BANK, POT, rules.pot_bonus, note)


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
