"""The 21-field game as its rule text and the README's board say it stands, for the machine
(test_matador21_machine.py): a small model written from the rules, not from ledger's code, and
a reader of the workbook's sheets (openpyxl, not ledger's own reader)."""

from __future__ import annotations

import copy
import hashlib
import io
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Any

import openpyxl

from tests.machine import CENT

T, R, C, X, F = "Territory", "Refuge", "Labor Camp", "Tax", "Fleet"
#: The README's board, fields 1-21: (type, price, amount); a Fleet's rents by fleets owned,
#: the Caravan's percentage. The banker may change any amount (the Board sheet is data).
BOARD: dict[int, tuple[str, int, int]] = {
    1: (T, 1000, 100), 2: (T, 1500, 300), 3: (T, 2000, 500), 4: (T, 3000, 700),
    5: (T, 4000, 1000), 6: (T, 4300, 1300), 7: (T, 4750, 1600), 8: (T, 5000, 2000),
    9: (T, 5500, 2600), 10: (T, 6000, 3200), 11: (T, 8000, 4000), 12: (R, 0, 5000),
    13: (R, 0, 500), 14: (C, 2500, 100), 15: (C, 2500, 100), 16: (X, 0, 2000),
    17: (X, 0, 4000), 18: (F, 4000, 500), 19: (F, 4000, 500), 20: (F, 4000, 500),
    21: (F, 4000, 500),
}  # fmt: skip
FLEET_RENTS = (500, 1000, 2000, 4000)
CARAVAN_PERCENT = 10
#: The Board sheet's columns from D: a field's numbers as the model keeps them.
BOARD_COLUMNS = ("price", "amount", "amount_2", "amount_3", "amount_4", "percent")
OWNABLE = [n for n, (t, _, _) in BOARD.items() if t in (T, C, F)]
#: An Events row waiting: ("pay", src, dst, amount) or ("roll", player, d1, d2, caravan).
Row = tuple[Any, ...]


#: the sheets `read` gives
READ = ("Journal", "Turns", "Players", "Events", "Settings", "Owners")
_READ: dict[bytes, dict[str, list[dict[str, Any]]]] = {}


def read(path: Path) -> dict[str, list[dict[str, Any]]]:
    """The game's sheets' rows by header, as openpyxl reads them, the Journal's amounts exact:
    one read for all of them, and none again while the bytes are the same (a helper any
    machine could use)."""
    data = path.read_bytes()
    key = hashlib.sha256(data).digest()
    if key not in _READ:
        wb = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
        try:
            out = {}
            for name in READ:
                it = wb[name].iter_rows(values_only=True)
                header = [str(h) for h in next(it)]
                out[name] = [
                    {**dict(zip(header, r, strict=False)), "_row": i}
                    for i, r in enumerate(it, start=2)
                    if any(v is not None for v in r)
                ]
        finally:
            wb.close()
        for r in out["Journal"]:
            r["amount"] = Decimal(str(r["amount"])).quantize(CENT)
        _READ.clear()
        _READ[key] = out
    return _READ[key]


def txns_of(cell: object) -> list[int]:
    return [int(x) for x in str(cell or "").replace(" ", "").split(",") if x]


@dataclass
class Model:
    """The table as the rules say it stands."""

    order: list[str]  # the turn order from the first player (301.4, 102.3)
    cash: dict[str, Decimal]
    field: dict[str, int]
    out_at: dict[str, int] = field(default_factory=dict)  # who is out: their last txn
    owner: dict[int, str] = field(default_factory=dict)
    round: int = 1
    current: str | None = None
    winner: str | None = None
    turns: int = 0  # Turns rows played
    tax_choice: str = "smaller"
    pending: list[Row] = field(default_factory=list)
    #: the Board's numbers: field -> column -> value (None: empty)
    board: dict[int, dict[str, Decimal | None]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for f, (kind, price, amount) in BOARD.items():
            rents = FLEET_RENTS if kind == F else (amount, None, None, None)
            self.board[f] = dict(
                zip(BOARD_COLUMNS, [price if kind in (T, C, F) else None, *rents], strict=False)
            )
            self.board[f]["percent"] = CARAVAN_PERCENT if f == 17 else None
            for k, v in self.board[f].items():
                self.board[f][k] = None if v is None else Decimal(v)

    def left(self) -> list[str]:
        return [n for n in self.order if n not in self.out_at]

    def assets(self, name: str) -> Decimal:
        owned = sum(self.board[f]["price"] or 0 for f, o in self.owner.items() if o == name)
        return self.cash[name] + owned

    def may_pay(self, src: str, dst: str, amount: Any) -> bool:
        """204.1 by `ledger pay`: more than 0, no more than one has, nobody out, not after the
        game is won (403.1)."""
        return (
            isinstance(amount, Decimal)
            and amount > 0
            and src != dst
            and {src, dst} <= {*self.order, "bank"}
            and not {src, dst} & set(self.out_at)
            and self.winner is None
            and (src == "bank" or amount <= self.cash[src])
        )

    def pay(self, src: str, dst: str, amount: Decimal) -> None:
        for name, sign in ((src, -1), (dst, 1)):
            if name != "bank":
                self.cash[name] += sign * amount

    def turn(self, d1: int, d2: int, choice: str, last: int) -> tuple[int, list[Any]]:
        """One turn of the current player (103.1, 605, 703-706): the field landed on and the
        postings (account, amount); then the next player (102.3) or the winner (403.1)."""
        me = self.current
        assert me is not None
        pips = d1 + d2
        to = (self.field[me] - 1 + pips) % 21 + 1  # 605.3
        self.field[me] = to
        kind, numbers = BOARD[to][0], self.board[to]
        price, amount = numbers["price"] or Decimal(0), numbers["amount"] or Decimal(0)
        moves: list[Any] = []
        due, payee = Decimal(0), "bank"
        owner = self.owner.get(to)
        if kind in (T, C, F) and owner is None:
            if self.cash[me] >= price:  # 703.3
                self.owner[to] = me
                due = Decimal(price)
        elif kind in (T, C, F) and owner != me:  # 705.1b
            assert owner is not None
            payee = f"cash:{owner}"
            n = sum(1 for f, o in self.owner.items() if o == owner and BOARD[f][0] == kind)
            rents = [numbers[k] for k in BOARD_COLUMNS[1:5]]
            due = {T: amount, C: amount * pips * n, F: rents[min(n, 4) - 1] or 0}[kind]
        elif kind == R:
            if amount > 0:
                moves = [("bank", -amount), (f"cash:{me}", amount)]
            self.cash[me] += amount
        elif kind == X:
            due, percent = amount, numbers["percent"]
            if percent is not None:  # the Caravan: 4000 or 10% of the assets, as chosen (706.1)
                share = (self.assets(me) * percent / 100).quantize(CENT, ROUND_HALF_UP)
                due = {"fixed": due, "percent": share}.get(choice, min(due, share))
        out = due > self.cash[me]
        paid = self.cash[me] if out else due  # 204.1a
        if paid > 0:
            moves = [(f"cash:{me}", -paid), (payee, paid)]
            self.cash[me] -= paid
            if payee != "bank":
                self.cash[payee[5:]] += paid
        if out:  # 401.2: off the board, owns nothing, out of the turn order
            self.out_at[me] = last
            self.owner = {f: o for f, o in self.owner.items() if o != me}
        self.turns += 1
        left = self.left()
        if len(left) == 1:
            self.winner, self.current = left[0], None
        else:
            later = [n for n in left if self.order.index(n) > self.order.index(me)]
            self.current = later[0] if later else left[0]
            self.round += not later
        return to, moves

    def settled(self) -> Model:
        """The table once the waiting Events rows are posted (as the next change does first)."""
        m = copy.deepcopy(self)
        for row in m.pending:
            if row[0] == "pay":
                m.pay(*row[1:])
            else:
                m.turn(row[2], row[3], row[4] or m.tax_choice, 0)
        m.pending = []
        return m
