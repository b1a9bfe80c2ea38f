"""200 rounds from the seeded dice on the example board (workbooks/orbit-row.toml), checked
transfer by transfer against a small model written here from the file's words alone (not from
ledger's code): every purchase, rent, tax, fine, pot, loan, repayment and elimination, the
turn order, and who owns what at the end. The dice are the ones the Turns sheet recorded."""

from __future__ import annotations

import tomllib
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from tests.memory import table

EXAMPLE = Path(__file__).resolve().parents[3] / "workbooks" / "orbit-row.toml"
PLAYERS = ("Ann", "Bob", "Cy", "Dee")
Transfer = tuple[str, str, Decimal]


class Model:
    """The table as the file says it goes."""

    def __init__(self, f: dict[str, Any]) -> None:
        self.f, self.fields = f, f["field"]
        self.jail_field = next(i + 1 for i, x in enumerate(self.fields) if x["kind"] == "jail")
        house = f.get("house_rules", {})
        self.pot_on, self.bonus = house.get("pot", False), Decimal(house.get("pot_bonus", 0))
        self.double = house.get("double_start", False)
        self.loan = f.get("shortfall", "loan") == "loan"
        self.left = list(PLAYERS)
        self.pos = dict.fromkeys(PLAYERS, 1)
        self.jailed = dict.fromkeys(PLAYERS, False)
        self.cash = dict.fromkeys(PLAYERS, Decimal(0))
        self.debt = dict.fromkeys(PLAYERS, Decimal(0))
        self.owner: dict[int, str] = {}
        self.pot = Decimal(0)
        self.moves: list[Transfer] = []
        for p in PLAYERS:
            self.move("bank", p, Decimal(f["start_money"]))
        self.refill()

    def move(self, src: str, dst: str, amount: Decimal) -> None:
        """Money from `src` to `dst` (a player's name is their cash; `loan:X` the debt)."""
        for who, sign in ((src, -1), (dst, 1)):
            if who in self.cash:
                self.cash[who] += sign * amount
            elif who == "pot":
                self.pot += sign * amount
        acct = {p: f"cash:{p}" for p in PLAYERS}
        self.moves.append((acct.get(src, src), acct.get(dst, dst), amount))

    def refill(self) -> None:
        if self.pot_on and self.bonus > 0:
            self.move("bank", "pot", self.bonus)

    def income(self, p: str, src: str, amount: Decimal) -> None:
        if amount > 0:
            self.move(src, p, amount)
            back = min(self.debt[p], self.cash[p])
            if self.loan and back > 0:
                self.move(p, f"loan:{p}", back)
                self.debt[p] -= back

    def charge(self, p: str, dst: str, amount: Decimal) -> Decimal:
        """What reached `dst`; the player may be out after it."""
        short = amount - max(self.cash[p], Decimal(0))
        if self.loan and short > 0:
            self.move(f"loan:{p}", p, short)
            self.debt[p] += short
        paid = amount if self.loan or short <= 0 else self.cash[p]
        if paid > 0:
            self.move(p, dst, paid)
        worth = sum(Decimal(self.fields[n - 1]["price"]) for n, o in self.owner.items() if o == p)
        limit = (Decimal(self.f.get("loan_limit", 50)) * worth / 100).quantize(Decimal("0.01"))
        if (self.loan and self.debt[p] > limit) or (not self.loan and short > 0):
            self.out(p)
        return paid

    def out(self, p: str) -> None:
        self.owner = {n: o for n, o in self.owner.items() if o != p}
        if self.debt[p] > 0:
            self.move("bank", f"loan:{p}", self.debt[p])
            self.debt[p] = Decimal(0)
        if self.cash[p] > 0:
            self.move(p, "bank", self.cash[p])
        self.left.remove(p)

    def rent(self, field: dict[str, Any], owner: str, pips: int) -> Decimal:
        group = [i + 1 for i, x in enumerate(self.fields) if x.get("group") == field["group"]]
        count = sum(1 for n in group if self.owner.get(n) == owner)
        rents = [Decimal(r) for r in field["rents"]]
        if field["kind"] == "lot":
            factor = Decimal(self.f.get("full_group_rent", 1)) if count == len(group) else 1
            return (rents[0] * factor).quantize(Decimal("0.01"))
        return rents[count - 1] * (pips if field["kind"] == "utility" else 1)

    def turn(self, p: str, d1: int, d2: int) -> None:
        sink = "pot" if self.pot_on else "bank"
        self.landed = self.pos[p]
        if self.jailed[p]:
            self.jailed[p] = False
            self.charge(p, sink, Decimal(self.f["jail"]["fine"]))
            if p not in self.left:
                return
        steps = self.pos[p] - 1 + d1 + d2
        to = self.pos[p] = self.landed = steps % len(self.fields) + 1
        if steps >= len(self.fields):
            pay = Decimal(self.f.get("pass_start", 0))
            if to == 1:
                pay += Decimal(self.f.get("land_on_start", 0)) + (pay if self.double else 0)
            self.income(p, "bank", pay)
        field, owner = self.fields[to - 1], self.owner.get(to)
        kind = field["kind"]
        if kind in ("lot", "station", "utility") and owner is None:
            price = Decimal(field["price"])
            if self.f.get("buy_on_landing", True) and self.debt[p] == 0 and self.cash[p] >= price:
                self.move(p, "bank", price)
                self.owner[to] = p
        elif kind in ("lot", "station", "utility") and owner != p:
            assert owner is not None
            paid = self.charge(p, owner, self.rent(field, owner, d1 + d2))
            if paid > 0:  # income repays a debt first
                back = min(self.debt[owner], self.cash[owner])
                if self.loan and back > 0:
                    self.move(owner, f"loan:{owner}", back)
                    self.debt[owner] -= back
        elif kind == "tax":
            self.charge(p, sink, Decimal(field["amount"]))
        elif kind == "go-to-jail":
            self.pos[p], self.jailed[p] = self.jail_field, True
        elif kind == "free" and self.pot_on:
            self.income(p, "pot", self.pot)
            self.refill()

    def after(self, p: str) -> str:
        order = list(PLAYERS)
        i = order.index(p)
        return next(q for q in order[i + 1 :] + order[: i + 1] if q in self.left)


def transfers(journal: list[dict[str, Any]]) -> list[Transfer]:
    out = []
    for t in journal:
        (src,) = [p["account"] for p in t["postings"] if Decimal(p["amount"]) < 0]
        (dst,) = [p["account"] for p in t["postings"] if Decimal(p["amount"]) > 0]
        out.append((src, dst, max(Decimal(p["amount"]) for p in t["postings"])))
    return out


VARIANTS = {
    "the example": {},
    "out, nothing for the start": {"shortfall": "out", "start_money": 400, "pass_start": 0},
    "loans, nothing for the start": {"start_money": 300, "pass_start": 0, "loan_limit": 100},
    "loans, a little for the start": {"start_money": 500, "pass_start": 20, "loan_limit": 100},
    "no pot, no full group": {"house_rules": {"pot": False}, "full_group_rent": 1},
}


def board_with(changes: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The example's text with top-level keys (and a house_rules table) changed."""
    text = EXAMPLE.read_text(encoding="utf-8")
    lines = text.splitlines()
    for key, value in changes.items():
        if key == "house_rules":
            for k, v in value.items():
                lines = [f"{k} = {str(v).lower()}" if x.startswith(f"{k} =") else x for x in lines]
            continue
        shown = f'"{value}"' if isinstance(value, str) else str(value)
        lines = [f"{key} = {shown}" if x.startswith(f"{key} =") else x for x in lines]
    text = "\n".join(lines) + "\n"
    return text, tomllib.loads(text)


@pytest.mark.parametrize("seed", [7, 11])
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_board_200_rounds_against_the_model(variant: str, seed: int) -> None:
    text, f = board_with(VARIANTS[variant])
    t = table(game="boardfile", board=text, players=PLAYERS, first="Ann", patrol=None, seed=seed)
    t("tick 200")
    turns = t.rows("Turns")
    m = Model(f)
    p = "Ann"
    for row in turns:
        assert row["player"] == p, row
        d1, d2 = (int(x) for x in str(row["dice"]).split(","))
        m.turn(p, d1, d2)
        assert row["to"] == m.landed, row
        if len(m.left) == 1:
            break
        p = m.after(p)
    assert len(turns) == row["turn"] and (len(m.left) == 1 or row["round"] == 200)
    assert transfers(t.journal()) == m.moves
    status = t.status()
    assert status["winner"] == (m.left[0] if len(m.left) == 1 else None)
    for name in PLAYERS:
        mine = status["players"][name]
        assert Decimal(mine["cash"]) == m.cash[name], name
        assert Decimal(mine["debt"]) == m.debt[name], name
        assert mine["owns"] == sorted(n for n, o in m.owner.items() if o == name), name
        assert mine["out"] is (name not in m.left), name


def test_board_the_machine_sees_every_kind_of_move() -> None:
    """The variants between them buy, pay rents, lend, repay and put players out."""
    seen: set[str] = set()
    for variant in VARIANTS.values():
        text, _ = board_with(variant)
        t = table(game="boardfile", board=text, players=PLAYERS, first="Ann", patrol=None)
        t("tick 200")
        seen |= {x["rule"] for x in t.journal()}
        seen |= {"out" for r in t.rows("Players") if r.get("out") is True}
    assert {"price", "rents", "shortfall", "amount, pot", "[jail] fine", "pot", "out"} <= seen, seen
