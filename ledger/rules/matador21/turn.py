"""The 21-field game's table and its turn, played by the shared turn engine
(ledger.core.board_turn): the Board read from the books, how a rent (705.1b) and a Tax (706.1)
are reckoned, and what a Refuge and a Tax do; the words of a turn are turn.csv.

Rule numbers (204.1a, 705.1b) are those of ../shared/rules/matador21.da.txt.
"""

from __future__ import annotations

from decimal import Decimal

import msgspec

from ledger.core import board, board_table, board_turn
from ledger.core.books import BANK
from ledger.core.money import round_money
from ledger.core.report import fmt
from ledger.rules.matador21.books import Books
from ledger.rules.matador21.sheets import FLEET, LABOR_CAMP, REFUGE, TAX, Field, OwnerRow, State


class Table(board_table.Table):
    """The game as it stands: the seats (board_table), the Board and who owns which field."""

    def __init__(self, books: Books, state: State) -> None:
        self.state = state
        self.squares: list[Field] = sorted(state.board, key=lambda f: f.field)
        super().__init__(books, state.turns, {r.field: r.owner for r in state.owners if r.owner})

    def how_many(self, owner: str, kind: str) -> int:
        """How many fields of a type the owner has (705.1b: Labor Camps, Fleets)."""
        by_number = {f.field: f for f in self.squares}
        return board.how_many(self, owner, lambda n: n in by_number and by_number[n].type == kind)

    def save(self) -> None:
        super().save()
        rows = [
            msgspec.structs.replace(r, owner=self.owner.get(r.field, "")) for r in self.state.owners
        ]
        listed = {r.field for r in rows}
        for number, name in sorted(self.owner.items()):  # a field the banker left out of Owners
            if number not in listed:
                rows.append(OwnerRow(number, self.squares[number - 1].name, name))
        self.state.owners = rows


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


def tax_of(table: Table, name: str, f: Field, choice: str) -> tuple[Decimal, str]:
    """706.1 for a Tax: its amount, or (a Tax with a percentage, the Caravan) that share of the
    player's assets, as the player chooses; `smaller` is the ruling's default."""
    amount = f.amount or Decimal(0)
    if f.percent is None:
        return amount, ""
    assets = table.worth(name)  # cash and the prices of the fields owned (the ruling)
    share = round_money(assets * f.percent / 100)
    pct = f"{f.percent.normalize():f}% of assets {fmt(assets)} = {fmt(share)}"
    if choice == "fixed":
        return amount, f"the fixed amount chosen; {pct}"
    if choice == "percent":
        return share, f"{pct}, chosen"
    if share < amount:
        return share, f"{pct}, less than {fmt(amount)}"
    return amount, f"less than or as much as {pct}"


class Play(board_turn.Play[Table]):
    """103.1: the current player moves the sum of the dice clockwise (605.1-605.3: past the
    highest field on to the lowest), lands (605.4) and the field has its effect (701.2): an
    unowned field is bought with at least its price (705.1a, 703.3), the owner's own does
    nothing (705.1c), another's rent is paid (705.1b); a Refuge or a Tax has its event (706.1).
    One who cannot pay pays all they have and is out (204.1a, 402, 401.2); the last player
    left wins (403.1). Its words: turn.csv."""

    words = board_turn.Words(__package__ or "ledger.rules.matador21")
    one_charge_line = True

    def __init__(
        self, table: Table, seat: board_table.Seat, pips: int, event: str, choice: str = ""
    ) -> None:
        super().__init__(table, seat, pips, event)
        # how a Tax with a percentage is paid (706.1): the roll's choice, else the Settings'
        self.choice = choice or str(table.books.settings.values.get("tax_choice", "smaller"))

    def rent_of(self, square: Field, owner: str) -> tuple[Decimal, str, str]:
        return *rent_of(self.table, square, owner, self.pips), "705.1b"

    def land_on(self, f: Field) -> None:
        """706.1: a Refuge pays its bonus from the bank; a Tax takes its amount (or its share of
        the player's assets), all they have if less (204.1a)."""
        fields = {"player": self.seat.name, "field": f.name}
        if f.type == REFUGE:
            bonus = f.amount or Decimal(0)
            self.say("bonus", amount=fmt(bonus))
            txn = self.income(self.seat.name, BANK, bonus, "bonus", amount=fmt(bonus), **fields)
            if txn is not None:
                return
            text = self.words.text("bonus-line", amount=fmt(bonus), **fields)
            self.lines.append(board.TurnLine(self.seat.name, "income", text, "706.1", bonus))
        elif f.type == TAX:
            due, how = tax_of(self.table, self.seat.name, f, self.choice)
            self.charge(BANK, due, "tax", how=f" ({how})" if how else "", **fields)
