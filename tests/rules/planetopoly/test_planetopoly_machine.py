"""Planetopoly played by a machine against the books' invariants (issue 26): every banker's
command of the game (start, risk, buy, build, rent, remote-buy, sell, event, prison, bail, stay),
`pay`, `tick`, `undo`, another game's commands, Events rows and title deed cards typed into the
workbook the way a banker would, with valid and invalid arguments, each step held to
tests/machine.py's invariants and this game's own (§2, §5, §6, §9, §10).

The machine steers by what the workbook says (read with openpyxl, not ledger's reader): it
picks deeds that can be bought, plots its players own, deeds another owns; and for every command
it says beforehand whether the rules allow it (`Plan.why_not`): a command the rules deny must
be refused, one they allow must be accepted and move exactly the money the rules say.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

import openpyxl
from hypothesis import strategies as st
from hypothesis.stateful import initialize, invariant, precondition, rule

from tests.conftest import Run
from tests.machine import CENT, BooksMachine, games_of, sums

PLAYERS = ("Ann", "Bob", "Cy")
WHO = (*PLAYERS, *PLAYERS, *PLAYERS, "Zed")  # Zed: no player
MOVES = ("start", "risk", "buy", "build", "rent", "event")  # what a prisoner may not do
GAME = {*MOVES, "remote-buy", "sell", "prison", "bail", "stay"}
ST = ("toll-station", "speed-trap")
BAIL = ("bail_first_turn", "bail_second_turn", "bail_third_turn")  # §10: 600, 400, 200
#: §11's risk table as printed, RISK[a-1][b-1] (+ the player gets, - the player pays)
RISK = (
    (-100, 30, -120, 90, -180, 150),
    (30, 200, -30, 180, -90, 240),
    (-120, -30, -300, 30, -240, 90),
    (90, 180, 30, 400, -30, 300),
    (-180, -90, -240, -30, -500, 30),
    (150, 240, 90, 300, 30, 600),
)
LEVELS = (  # the Deeds column of a plot's rent by its support points (README rulings)
    "rent", "rent_1_point", "rent_2_points", "rent_station", "rent_station_1_point",
    "rent_station_2_points", "rent_2_stations", "rent_2_stations_1_point",
    "rent_2_stations_2_points", "rent_base",
)  # fmt: skip
D0 = Decimal(0)
WON = "§2 the game is won"  # (the plans of a won game are plans: each must be refused)


def dec(v: Any) -> Decimal:
    return D0 if v in (None, "") else Decimal(str(v)).quantize(CENT)


def limit_breaches(points: list[int]) -> list[str]:
    """§5's limits on one owner's plots of a planet, written again from the rule text."""
    out = []
    for i, p in enumerate(points):
        others = min(points[:i] + points[i + 1 :], default=0)
        if not 0 <= p <= 9:
            out.append(f"{p} points: a plot holds 0 to a space base (9)")
        elif len(points) == 1 and p > 1:
            out.append("one plot of a planet: at most one support point")
        elif len(points) == 2 and p > 2:
            out.append("two plots of a planet: at most two support points each")
        elif p == 9 and others < 3:
            out.append("a space base needs a station on each other plot")
        elif p >= 6 and others < 2:
            out.append("two stations need two points on each other plot")
        elif p >= 3 and others < 1:
            out.append("a station needs a point on each other plot")
    return out


@dataclass
class View:
    """The workbook as openpyxl reads it: the Journal, Players, Holdings, Deeds, Events."""

    journal: list[dict[str, Any]]
    players: dict[str, dict[str, Any]]
    holdings: dict[str, dict[str, Any]]
    deeds: dict[str, dict[str, Any]]
    events: list[dict[str, Any]]
    settings: dict[str, Any]
    sums: dict[str, Decimal] = field(default_factory=dict)

    def cash(self, n: str) -> Decimal:
        return self.sums.get(f"cash:{n}", D0)

    def debt(self, n: str) -> Decimal:
        return -self.sums.get(f"loan:{n}", D0)

    def worth(self, n: str) -> Decimal:
        return self.cash(n) - self.debt(n)

    def out(self, n: str) -> bool:
        return n in self.players and self.players[n].get("out") is True

    def jailed(self, n: str) -> bool:
        return n in self.players and self.players[n].get("in_prison") is True

    def turns(self, n: str) -> int:
        return int(self.players[n].get("prison_turns") or 0)

    def served(self, n: str) -> bool:
        return self.jailed(n) and self.turns(n) >= int(self.settings["prison_stays"])

    def left(self) -> list[str]:
        return [n for n in self.players if not self.out(n)]

    def won(self) -> bool:
        return len(self.players) >= 2 and len(self.left()) == 1

    def owner(self, deed: str) -> str | None:
        h = self.holdings.get(deed)
        return None if h is None else str(h["owner"])

    def points(self, deed: str) -> int:
        return int(self.holdings[deed].get("points") or 0)

    def owned(self, n: str, kind: str | None = None) -> list[str]:
        return [
            k for k, h in self.holdings.items() if h["owner"] == n and kind in (None, self.kind(k))
        ]

    def kind(self, deed: str) -> str:
        return str(self.deeds[deed]["kind"]) if deed in self.deeds else ""

    def planet(self, deed: str) -> str:
        return str(self.deeds[deed].get("planet") or "") if deed in self.deeds else ""

    def plots_of(self, planet: str) -> list[str]:
        return [k for k, d in self.deeds.items() if d["kind"] == "plot" and d["planet"] == planet]

    def claimant(self, planet: str) -> str | None:
        return next((self.owner(k) for k in self.plots_of(planet) if self.owner(k)), None)

    def mortgage(self, n: str) -> Decimal:
        return sum((dec(self.deeds[k].get("mortgage")) for k in self.owned(n)), D0)

    def last_txn(self) -> int:
        return max((int(r["txn"]) for r in self.journal), default=0)

    def since(self, other: View) -> list[dict[str, Any]]:
        return [r for r in self.journal if int(r["txn"]) > other.last_txn()]


#: the sheets a View is made of
VIEWED = ("Journal", "Players", "Holdings", "Deeds", "Events", "Settings")


def read_view(data: bytes) -> View:
    wb = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    try:
        sheets = {}
        for name in VIEWED:
            rows = wb[name].iter_rows(values_only=True)
            header = [str(h) for h in next(rows)]
            sheets[name] = [
                dict(zip(header, r, strict=False)) for r in rows if any(v is not None for v in r)
            ]
    finally:
        wb.close()
    return view_of(sheets)


def view_of(sheets: dict[str, list[dict[str, Any]]]) -> View:
    for r in sheets["Journal"]:
        r["amount"] = dec(r["amount"])
    return View(
        sheets["Journal"],
        {str(r["name"]): r for r in sheets["Players"]},
        {str(r["deed"]): r for r in sheets["Holdings"]},
        {str(r["key"]): r for r in sheets["Deeds"]},
        sheets["Events"],
        {str(r["key"]): r["value"] for r in sheets["Settings"]},
        sums(sheets["Journal"]),
    )


@dataclass
class Plan:
    """A command, why the rules deny it (nothing: they allow it), and what it must do then."""

    args: tuple[str, ...]
    why_not: list[str]
    effect: Callable[[View, View], None] = lambda before, after: None

    def events_row(self) -> list[Any]:
        """The command as a banker types it in the Events sheet (id, day, type, player, to,
        amount, args)."""
        name, *rest = self.args
        if name == "pay":
            amount: Any = rest[2]
            with contextlib.suppress(ValueError):
                amount = float(amount)
            return [None, None, "pay", rest[0], rest[1], amount]
        if name == "remote-buy" and "--lander" in rest:
            i = rest.index("--lander")
            lander, rest = rest[i + 1], rest[:i] + rest[i + 2 :]
            return [None, None, name, rest[0], lander, None, " ".join(rest[1:]) or None]
        return [None, None, name, rest[0], None, None, " ".join(rest[1:]) or None]


def moves_money(who: dict[str, Decimal]) -> Callable[[View, View], None]:
    """The effect: each player's money less debt changes by exactly this (one who went out in
    the step is left out: the bank wrote their debt off)."""

    def effect(before: View, after: View) -> None:
        for n, change in who.items():
            if n in after.players and not after.out(n):
                got = after.worth(n) - before.worth(n)
                assert got == change, f"{n}'s money less debt moved {got}, not {change}"

    return effect


#: what a banker may type for a house rule: sensible, odd and impossible values
SETTING_VALUES: dict[str, tuple[int | str, ...]] = {
    "pass_start": (-5, 0, 250, 1000), "exact_start_bonus": (-5, 0, 50),
    **{key: (-5, 0, 250, 900) for key in BAIL}, "prison_stays": (0, -1, 1, 2, 4),
    "count_st_together": ("yes", "no", "maybe"),
}  # fmt: skip

#: the games the machine starts from (each made once, then copied: Ledger.prepare)
SETUPS: dict[str, tuple[tuple[str, ...], ...]] = {
    "plain": (),
    "estates": (
        ("buy", "Ann", "lyra-1"), ("buy", "Ann", "lyra-2"), ("buy", "Bob", "speed-trap-1"),
        ("buy", "Ann", "lyra-3"), ("buy", "Cy", "toll-station-1"),
        ("buy", "Bob", "speed-trap-2"), ("start", "Ann"),
        *(("build", "Ann", f"lyra-{i}", "--points", "1") for i in (1, 2, 3)),
        ("build", "Ann", "lyra-1", "--points", "2"), ("buy", "Cy", "toll-station-2"),
    ),
    "debtor": (
        ("buy", "Bob", "vega-1"), ("buy", "Ann", "toll-station-1"),
        ("event", "Bob", "--pay", "2500"), ("buy", "Cy", "speed-trap-1"),
    ),  # Bob owes 500, the mortgage value of vega-1: one MU more and he has lost
    "endgame": (
        ("buy", "Bob", "vega-1"), ("event", "Cy", "--pay", "3500"),
        ("event", "Bob", "--pay", "2500"),
    ),  # Cy has lost; Bob owes all his mortgages are worth: one more debt and Ann has won
    "won": (
        ("buy", "Ann", "lyra-1"), ("buy", "Bob", "vega-1"), ("event", "Cy", "--pay", "3500"),
        ("event", "Bob", "--pay", "3000"),
    ),  # Bob and Cy have lost: Ann has won (§2)
    "prisoner": (
        ("buy", "Cy", "orion-1"), ("buy", "Ann", "speed-trap-1"), ("buy", "Bob", "lyra-1"),
        ("prison", "Cy"), ("stay", "Cy"), ("stay", "Cy"), ("prison", "Bob"),
    ),  # Cy's third turn in prison is next (a stay serves the sentence), Bob's first
    "rich": (
        ("event", "Ann", "--receive", "20000"), ("event", "Bob", "--receive", "900"),
        ("buy", "Ann", "lyra-1"), ("buy", "Bob", "speed-trap-1"), ("buy", "Ann", "lyra-2"),
        ("buy", "Bob", "speed-trap-2"), ("buy", "Ann", "lyra-3"),
        ("buy", "Bob", "speed-trap-3"), ("buy", "Bob", "speed-trap-4"),
        ("buy", "Cy", "toll-station-1"), ("buy", "Ann", "sirius-1"), ("buy", "Cy", "vega-1"),
        *(("build", "Ann", f"lyra-{i}", "--points", "1") for i in (1, 2, 3, 1, 2, 3, 1, 2, 3)),
        ("build", "Ann", "lyra-1", "--points", "3"), ("build", "Ann", "lyra-1", "--points", "3"),
    ),  # Ann: a space base on lyra-1, stations on lyra-2 and -3; Bob: all four speed traps
}  # fmt: skip


#: the books after each set-up, in memory (made once a process)
_IN_MEMORY: dict[str, Any] = {}


class Planetopoly(BooksMachine):
    NEW = ("new", "--game", "planetopoly", *(a for p in PLAYERS for a in ("--player", p)))

    def __init__(self) -> None:
        super().__init__()
        self._seen: tuple[bytes, View] | None = None
        #: the last step: its command, the workbook before and after
        self.step: tuple[tuple[str, ...], View, View] | None = None
        self.accepted = False

    def view(self) -> View:
        if self.table is not None:
            return view_of({name: self.rows(name) for name in VIEWED})
        data = self.path.read_bytes()
        key = hashlib.sha1(data).digest()
        if self._seen is None or self._seen[0] != key:
            self._seen = (key, read_view(data))
        return self._seen[1]

    @initialize(setup=st.sampled_from(sorted(SETUPS)))
    def set_up(self, setup: str) -> None:
        if self.table is None:
            self.ledger.prepare(*SETUPS[setup])
            return
        if setup not in _IN_MEMORY:
            for command in SETUPS[setup]:
                self.table(" ".join(command))
            _IN_MEMORY[setup] = self.kept_books()
        self.put_back(_IN_MEMORY[setup])

    def do(self, *args: str) -> Run:
        before = self.view()
        run = super().do(*args)
        self.step, self.accepted = (args, before, self.view()), run.exit_code == 0
        if before.won() and (args[0] in GAME or args[0] == "pay"):
            assert run.exit_code != 0, f"§2: {before.left()} has won, and {args} was accepted"
        return run

    def play(self, plan: Plan) -> Run:
        before = self.view()
        run = self.do(*plan.args)
        self.judge(plan, run, before)
        return run

    def judge(self, plan: Plan, run: Run, before: View) -> None:
        said = f"ledger {' '.join(plan.args)}:\n{run.stdout}{run.stderr}"
        if plan.why_not:
            assert run.exit_code != 0, f"accepted though {plan.why_not}: {said}"
            return
        assert run.exit_code == 0, f"refused though the rules allow it: {said}"
        plan.effect(before, self.view())

    # -- choosing what to name -----------------------------------------------------------------
    def who(self, data: st.DataObject, label: str = "player") -> str:
        return data.draw(st.sampled_from(WHO), label=label)

    def deed(self, data: st.DataObject, wanted: list[str]) -> str:
        v = self.view()
        pool = (
            wanted
            if wanted and data.draw(st.integers(0, 4), label="steer") < 4
            else sorted(v.deeds)
        )
        return data.draw(st.sampled_from([*pool, *pool, "mars-1"]), label="deed")

    def points(self, data: st.DataObject) -> str | None:
        return data.draw(st.sampled_from([None, "1", "1", "2", "3", "0", "-1", "x"]), label="pts")

    def known(self, v: View, who: str) -> list[str]:
        if who == "bank":
            return []
        return ["no such player"] if who not in v.players else ["§9 out"] if v.out(who) else []

    def common(self, v: View, who: str, *, move: bool = True) -> list[str]:
        """Why the rules deny `who` anything: no player, out (§9), the game won (§2), in
        prison (§10: a move ends a served sentence, nothing else does)."""
        if who not in v.players:
            return ["no such player"]
        if v.won():
            return [WON]
        if v.out(who):
            return ["§9 out"]
        if v.jailed(who) and not (move and v.served(who)):
            return ["§10 in prison"]
        return []

    # -- the plans of each command ---------------------------------------------------------------
    def plan_start(self, data: st.DataObject) -> Plan:
        who, exact = self.who(data), data.draw(st.booleans(), label="exact")
        v = self.view()
        gain = dec(v.settings["pass_start"]) + exact * dec(v.settings["exact_start_bonus"])  # §3
        return Plan(
            ("start", who, *(["--exact"] * exact)), self.common(v, who), moves_money({who: gain})
        )

    def plan_risk(self, data: st.DataObject) -> Plan:
        who = self.who(data)
        a, b = data.draw(st.integers(1, 7), label="a"), data.draw(st.integers(0, 6), label="b")
        why = self.common(self.view(), who) + (
            ["§2 a die shows 1 to 6"] if not (1 <= a <= 6 and 1 <= b <= 6) else []
        )
        gain = Decimal(RISK[a - 1][b - 1]) if not why else D0  # §4, §11
        return Plan(("risk", who, "--dice", f"{a},{b}"), why, moves_money({who: gain}))

    def plan_buy(self, data: st.DataObject) -> Plan:
        v = self.view()
        who = self.who(data)
        key = self.deed(data, [k for k in v.deeds if v.owner(k) is None])
        why = self.common(v, who)
        if not why and key in v.deeds:
            d = v.deeds[key]
            if v.debt(who) > 0:
                why.append("§9 in debt")
            if v.owner(key):
                why.append("§5 owned")
            elif d["kind"] == "plot":
                claim = v.claimant(str(d["planet"]))
                if claim not in (None, who):
                    why.append("§5 another's claim")
                mine = {
                    p: sum(v.owner(k) == who for k in v.plots_of(p))
                    for p in {v.planet(k) for k in v.owned(who)} - {""}
                }
                if claim is None and any(n == 1 for n in mine.values()):
                    why.append("§5 two deeds of every claimed planet first")
            if v.cash(who) < dec(d["price"]):
                why.append("cannot afford")
        elif key not in v.deeds:
            why.append("no such deed")

        def effect(before: View, after: View) -> None:
            moves_money({who: -dec(v.deeds[key]["price"])})(before, after)
            assert after.owner(key) == who and after.points(key) == 0, after.holdings.get(key)
            new = after.holdings[key]["new"] is True
            assert new == (v.kind(key) == "plot"), "§5: a plot bought now takes points later"

        return Plan(("buy", who, key), why, effect)

    def _points_after(self, v: View, key: str, who: str, n: int) -> list[str]:
        planet = v.planet(key)
        pts = [
            v.points(k) + (n if k == key else 0) for k in v.plots_of(planet) if v.owner(k) == who
        ]
        return [f"§5 {b}" for b in limit_breaches(pts)]

    def _add_points(self, v: View, who: str, key: str, n: int) -> list[str]:
        d = v.deeds[key]
        if d["kind"] != "plot":
            return ["§6 no points on a toll station or speed trap"]
        if v.owner(key) != who:
            return ["§5 not the owner"]
        if n < 1:
            return ["--points below 1"]
        if v.holdings[key]["new"] is True:
            return ["§5 bought this turn"]
        return self._points_after(v, key, who, n)

    def plan_build(self, data: st.DataObject) -> Plan:
        v = self.view()
        who = self.who(data)
        key = self.deed(data, [k for k in v.owned(who) if v.kind(k) == "plot"])
        pts = self.points(data)
        why = self.common(v, who) or ([] if key in v.deeds else ["no such deed"])
        n = 1 if pts is None else int(pts) if pts.lstrip("-").isdigit() else None
        if n is None:
            why.append("--points is no number")
        elif not why:
            why += (["§9 in debt"] if v.debt(who) > 0 else []) + self._add_points(v, who, key, n)
            if not why and v.cash(who) < dec(v.deeds[key]["point_price"]) * n:
                why.append("cannot afford")

        def effect(before: View, after: View) -> None:
            assert n is not None
            moves_money({who: -dec(v.deeds[key]["point_price"]) * n})(before, after)
            assert after.points(key) == v.points(key) + n

        args = ("build", who, key, *(["--points", pts] if pts is not None else []))
        return Plan(args, why, effect)

    def plan_rent(self, data: st.DataObject) -> Plan:
        v = self.view()
        who = self.who(data)
        key = self.deed(data, [k for k in v.holdings if v.owner(k) != who])
        a, b = data.draw(st.integers(1, 6), label="a"), data.draw(st.integers(1, 6), label="b")
        dice = data.draw(st.sampled_from([f"{a},{b}", f"{a},{b}", None, "9,1"]), label="dice")
        why = self.common(v, who) or ([] if key in v.deeds else ["no such deed"])
        owner, amount = v.owner(key), D0
        if not why:
            if owner is None:
                why.append("§5 nobody owns it")
            elif owner == who:
                why.append("own deed")
            elif v.jailed(owner):
                pass  # §10: nothing to pay, said as a warning (issue 36): the amount stays 0
            elif dice == "9,1":
                why.append("§2 a die shows 1 to 6")
            elif v.kind(key) in ST:
                if dice is None:
                    why.append("§6 the rent goes by the dice")
                else:  # §6: the number of that kind the owner has, counted apart (ruling)
                    kind = None if v.settings["count_st_together"] in (True, "yes") else v.kind(key)
                    n = len([k for k in v.owned(owner, kind) if v.kind(k) in ST])
                    amount = Decimal(50 * (a + b) * min(4, n))
            else:
                amount = dec(v.deeds[key].get(LEVELS[v.points(key)]))
                if amount <= 0:
                    why.append("§5 no rent printed for the level")

        def effect(before: View, after: View) -> None:
            assert owner is not None
            moves_money({who: -amount, owner: amount})(before, after)
            if not after.out(who):  # §9: the bank lends exactly the shortfall
                assert after.cash(who) == max(D0, v.cash(who) - amount)
                assert after.debt(who) == v.debt(who) + max(D0, amount - v.cash(who))

        return Plan(("rent", who, key, *(["--dice", dice] if dice else [])), why, effect)

    def plan_remote_buy(self, data: st.DataObject) -> Plan:
        v = self.view()
        who, lander = self.who(data), self.who(data, "lander")
        claimed = {v.planet(k) for k in v.owned(who)} - {""}
        key = self.deed(data, [k for p in sorted(claimed) for k in v.plots_of(p)])
        pts = data.draw(st.sampled_from([None, None, "1", "2", "0"]), label="pts")
        n = int(pts) if pts else 0
        why = self.common(v, who, move=False) + self.known(v, lander)  # (the lander: any)
        cost = D0
        if not why and key not in v.deeds:
            why.append("no such deed")
        elif not why:
            d = v.deeds[key]
            if v.debt(who) > 0:
                why.append("§9 in debt")
            if lander == who:
                why.append("§8 the lander is another player")
            elif d["kind"] != "plot":
                why.append("§6 no claim")
            elif v.claimant(str(d["planet"])) != who:
                why.append("§8 no claim")
            elif v.owner(key) is None:
                why += ["§5 points only later"] if n else []
                cost = dec(d["price"])
            else:
                why += self._add_points(v, who, key, n)
                cost = dec(d["point_price"]) * n
            if not why and v.cash(who) < cost + dec(d["premium"]):
                why.append("cannot afford")

        def effect(before: View, after: View) -> None:
            premium = dec(v.deeds[key]["premium"])
            moves_money({who: -cost - premium, lander: premium})(before, after)
            assert after.owner(key) == who

        args = ("remote-buy", who, key, "--lander", lander, *(["--points", pts] if pts else []))
        return Plan(args, why, effect)

    def plan_sell(self, data: st.DataObject) -> Plan:
        v = self.view()
        who = self.who(data)
        key = self.deed(data, v.owned(who))
        pts = data.draw(st.sampled_from([None, None, "1", "2", "0"]), label="pts")
        why = self.common(v, who, move=False) or ([] if key in v.deeds else ["no such deed"])
        value = D0
        if not why:
            d = v.deeds[key]
            if v.owner(key) != who:
                why.append("§9 not the owner")
            elif pts is not None:
                n = int(pts)
                if n < 1 or n > v.points(key):
                    why.append("§9 not that many points")
                else:
                    why += self._points_after(v, key, who, -n)
                    value = dec(d["point_sale"]) * n
            elif v.points(key):
                why.append("§9 sell the points first")
            else:
                value = dec(d["sale_value"])
                if d["kind"] == "plot":
                    rest = [
                        v.points(k)
                        for k in v.plots_of(str(d["planet"]))
                        if v.owner(k) == who and k != key
                    ]
                    why += [f"§5 {b}" for b in limit_breaches(rest)] if rest else []

        def effect(before: View, after: View) -> None:
            moves_money({who: value})(before, after)
            if pts is None:
                assert after.owner(key) is None, f"§9: {key} sold, still {after.owner(key)}'s"

        return Plan(("sell", who, key, *(["--points", pts] if pts else [])), why, effect)

    def plan_event(self, data: st.DataObject) -> Plan:
        who = self.who(data)
        how = data.draw(
            st.sampled_from(["--pay", "--receive", "--pay", "both", "none"]), label="how"
        )
        amount = data.draw(st.sampled_from([50, 200, 700, 1500, 2600, 4000, 0]), label="amount")
        why = self.common(self.view(), who)
        if how in ("both", "none") or amount <= 0:
            why.append("§7 pay or receive, more than 0")
        args = {"both": ["--pay", "1", "--receive", "1"], "none": []}.get(how, [how, str(amount)])
        gain = Decimal(amount) * (1 if how == "--receive" else -1)
        return Plan(("event", who, *args), why, moves_money({who: gain}))

    def plan_prison(self, data: st.DataObject) -> Plan:
        v, who = self.view(), self.who(data)
        why = self.common(v, who)  # one who has served may go back on the turn that frees them

        def effect(before: View, after: View) -> None:
            assert after.jailed(who) and after.turns(who) == 0

        return Plan(("prison", who), why, effect)

    def plan_bail_or_stay(self, data: st.DataObject) -> Plan:
        v = self.view()
        jailed = [n for n in PLAYERS if v.jailed(n)]
        who = data.draw(st.sampled_from([*jailed, *jailed, *WHO]), label="player")
        verb = data.draw(st.sampled_from(["bail", "stay"]), label="verb")
        why = self.common(v, who, move=False)
        why = [] if why == ["§10 in prison"] else [*why, "§10 not in prison"]
        fine = D0 if v.served(who) or why else dec(v.settings[BAIL[min(v.turns(who), 2)]])
        if not why and verb == "stay" and v.served(who):
            why.append("§10 the sentence is served")
        if not why and verb == "bail" and v.cash(who) < fine:
            why.append("cannot afford the fine")

        def effect(before: View, after: View) -> None:
            if verb == "bail":
                moves_money({who: -fine})(before, after)
                assert not after.jailed(who), "§10: the fine paid, free"
            else:
                assert after.jailed(who) and after.turns(who) == v.turns(who) + 1

        return Plan((verb, who), why, effect)

    def plan_pay(self, data: st.DataObject) -> Plan:
        v = self.view()
        src, dst = (data.draw(st.sampled_from([*WHO, "bank"]), label=x) for x in ("from", "to"))
        amount = data.draw(st.sampled_from(["10", "250.50", "3000", "0", "-5", "abc"]), label="amt")
        why = [WON] if v.won() else []
        why += self.known(v, src) + self.known(v, dst)
        if src == dst or amount in ("0", "-5", "abc"):
            why.append("no payment")
        elif src != "bank" and src in v.players and v.cash(src) < dec(amount):
            why.append("§9 no loan for a payment by choice")
        m = dec(amount) if not why else D0
        return Plan(("pay", src, dst, amount), why, moves_money({src: -m, dst: m}))

    PLANS = (
        plan_start, plan_risk, plan_buy, plan_build, plan_rent, plan_remote_buy, plan_sell,
        plan_event, plan_prison, plan_bail_or_stay, plan_pay,
    )  # fmt: skip

    # -- the rules -----------------------------------------------------------------------------
    def steer(self, data: st.DataObject, planner: Callable[[Any, st.DataObject], Plan]) -> Plan:
        """A plan the rules allow, mostly: up to `tries` plans drawn until one is allowed but for
        a won game (the simplest draw tries most: the simplest games are games, not refusals)."""
        plan = planner(self, data)
        tries = 6 - data.draw(st.integers(0, 6), label="tries")
        while [w for w in plan.why_not if w != WON] and tries:
            plan, tries = planner(self, data), tries - 1
        return plan

    @rule(data=st.data())
    def start(self, data: st.DataObject) -> None:
        self.play(self.steer(data, Planetopoly.plan_start))

    @rule(data=st.data())
    def risk(self, data: st.DataObject) -> None:
        self.play(self.steer(data, Planetopoly.plan_risk))

    @rule(data=st.data())
    def buy(self, data: st.DataObject) -> None:
        self.play(self.steer(data, Planetopoly.plan_buy))

    @rule(data=st.data())
    def build(self, data: st.DataObject) -> None:
        self.play(self.steer(data, Planetopoly.plan_build))

    @rule(data=st.data())
    def rent(self, data: st.DataObject) -> None:
        self.play(self.steer(data, Planetopoly.plan_rent))

    @rule(data=st.data())
    def remote_buy(self, data: st.DataObject) -> None:
        self.play(self.steer(data, Planetopoly.plan_remote_buy))

    @rule(data=st.data())
    def sell(self, data: st.DataObject) -> None:
        self.play(self.steer(data, Planetopoly.plan_sell))

    @rule(data=st.data())
    def event(self, data: st.DataObject) -> None:
        self.play(self.steer(data, Planetopoly.plan_event))

    @rule(data=st.data())
    def prison(self, data: st.DataObject) -> None:
        self.play(self.steer(data, Planetopoly.plan_prison))

    @rule(data=st.data())
    def bail_or_stay(self, data: st.DataObject) -> None:
        self.play(self.steer(data, Planetopoly.plan_bail_or_stay))

    @rule(data=st.data())
    def pay(self, data: st.DataObject) -> None:
        self.play(self.steer(data, Planetopoly.plan_pay))

    @precondition(lambda self: self.view().won())
    @rule(data=st.data(), i=st.integers(0, len(PLANS) - 1))
    def a_command_after_the_game_is_won(self, data: st.DataObject, i: int) -> None:
        """§2: the player left at the end has won; every command is refused."""
        self.play(self.steer(data, self.PLANS[i]))

    @rule(data=st.data(), i=st.integers(0, len(PLANS) - 1))
    def banker_types_an_events_row(self, data: st.DataObject, i: int) -> None:
        """A command typed as an Events row, posted by `ledger post`; a row refused is
        deleted again by the banker (the bytes as before the typing)."""
        plan = self.steer(data, self.PLANS[i])
        typed, before = self.kept_books(), self.view()
        self.type_in("Events", [plan.events_row()])
        run = self.do("post")
        self.judge(plan, run, before)
        if run.exit_code == 0:
            posted = [r for r in self.view().events if r.get("type")]
            assert posted and all(r.get("posted") for r in posted), posted
        else:
            self.put_back(typed)

    @rule(
        data=st.data(),
        column=st.sampled_from(["mortgage", "sale_value", "point_sale", "premium", "price",
                                "point_price", "rent", "rent_station", "rent_base"]),
        value=st.sampled_from([0, 1, 150, 400, 900, 2500, 6000]),
    )  # fmt: skip
    def banker_types_a_card(self, data: st.DataObject, column: str, value: int) -> None:
        """A title deed card's number typed into Deeds (a copy's own cards), saved by `ledger
        post`; one that `check` refuses is typed back by the banker."""
        v = self.view()
        keys = list(v.deeds)
        near = [k for k in keys if v.owner(k) or v.claimant(v.planet(k))]  # a card in play
        key = data.draw(st.sampled_from(near or keys) | st.sampled_from(keys), label="card")
        header = list(v.deeds[key])
        cell = f"{openpyxl.utils.get_column_letter(header.index(column) + 1)}{keys.index(key) + 2}"
        card = {**v.deeds[key], column: value}
        why = [] if dec(card["price"]) > 0 else ["§5 a price above 0"]
        if card["kind"] == "plot":
            rents = [dec(card[c]) for c in LEVELS if dec(card[c]) > 0]
            why += [] if dec(card["rent"]) > 0 and dec(card["point_price"]) > 0 else ["§5 no rent"]
            why += [] if rents == sorted(rents) else ["§5 a rent falls with the level"]
        self.typed(f"Deeds!{cell}", value, why)

    def typed(self, cell: str, value: Any, why_not: list[str]) -> None:
        """The banker's typing saved by `ledger post`: refused (and typed back by the banker)
        just when the model says the value is impossible."""
        typed = self.kept_books()
        self.type_cells({cell: value})
        run = self.do("post")
        said = f"{cell} = {value!r}: {run.stdout}{run.stderr}"
        assert (run.exit_code != 0) == bool(why_not), f"{why_not or 'possible'}, yet {said}"
        if run.exit_code != 0:
            self.put_back(typed)

    @rule(
        data=st.data(),
        key=st.sampled_from([*SETTING_VALUES]),
    )
    def banker_types_a_setting(self, data: st.DataObject, key: str) -> None:
        """A house rule typed into Settings (README: every ruling that picks a number is a
        setting), saved by `ledger post`; one that `check` refuses is typed back."""
        value = data.draw(st.sampled_from(SETTING_VALUES[key]), label="value")
        keys = [str(k) for k in self.view().settings]
        why = []
        if key == "count_st_together" and value not in ("yes", "no"):
            why.append("yes or no")
        elif key == "prison_stays" and int(value) < 1:
            why.append("§10 at least one stay")
        elif isinstance(value, int) and value < 0:
            why.append("an amount below 0")
        self.typed(f"Settings!B{keys.index(key) + 2}", value, why)

    @rule(
        command=st.sampled_from([("tick", "1"), ("tick", "7"), ("tick", "0"), ("tick", "x"),
                                 ("roll",), ("order", "ABC", "v"), ("trial", "Ann"),
                                 ("hire", "Ann", "1"), ("draw",)])
    )  # fmt: skip
    def tick_or_a_command_of_another_game(self, command: tuple[str, ...]) -> None:
        """Planetopoly has nothing periodic (README ruling), and no other game's commands."""
        run = self.do(*command)
        assert run.exit_code != 0
        if command[0] == "tick" and command[1] in ("1", "7"):
            assert "no periodic charges" in run.stderr, run.stderr

    @rule(
        command=st.sampled_from([("status",), ("status", "--json"), ("balance",),
                                 ("journal", "--json"), ("report", "game"), ("check",),
                                 ("statement", "--player", "Cy", "--format", "text"),
                                 ("forecast", "30"), ("history",), ("report", "patrol")])
    )  # fmt: skip
    @precondition(lambda self: self.table is None)  # what the CLI alone shows
    def the_banker_looks(self, command: tuple[str, ...]) -> None:
        """What only reads the books changes nothing, whatever the game's state."""
        before = self.path.read_bytes()
        self.do(*command)
        assert self.path.read_bytes() == before, f"`ledger {' '.join(command)}` changed the books"

    @precondition(lambda self: self.done)
    @rule()
    def undo(self) -> None:
        before = self.view()
        self.undo_last()
        self.step, self.accepted = (("undo",), before, self.view()), True
        if any(r.get("type") and not r.get("posted") for r in self.view().events):
            assert self.do("post").exit_code == 0  # back to rows typed: the banker posts again

    # -- this game's invariants ------------------------------------------------------------------
    @invariant()
    def s9_one_who_is_out_owns_nothing_and_no_posting_follows(self) -> None:
        v = self.view()
        for n in PLAYERS:
            offs = [
                int(r["txn"])
                for r in v.journal
                if r["kind"] == "write-off" and r["account"] == f"loan:{n}"
            ]
            if not v.out(n):
                assert not offs, f"§9: {n}'s debt written off, yet {n} plays on"
                continue
            assert len(offs) == 1, f"§9: {n} went out {len(offs)} times"
            mine = (f"cash:{n}", f"loan:{n}")
            late = [r for r in v.journal if r["account"] in mine and int(r["txn"]) > offs[0]]
            assert not late, f"§9: {n} is out, and yet: {late}"
            assert not v.owned(n), f"§9: {n} is out and owns {v.owned(n)}"
            assert v.cash(n) == 0 and v.debt(n) == 0 and not v.jailed(n)

    @invariant()
    def money_flows_the_way_its_kind_says(self) -> None:
        """A price, a fine, a repayment leave the player; start money, a sale, a loan reach
        them (§3, §5, §9, §10): never the other way round, whatever a card or setting says."""
        for r in self.view().journal:
            account, kind, amount = str(r["account"]), r["kind"], r["amount"]
            sign = {"buy": -1, "build": -1, "fine": -1, "repay": -1, "start": 1, "sale": 1,
                    "loan": 1}.get(kind)  # fmt: skip
            if sign and account.startswith("cash:"):
                assert amount * sign > 0, f"a {kind} of {amount} for {account}: {r['memo']}"

    @invariant()
    def every_posting_moves_money(self) -> None:
        """A sale worth nothing posts nothing (§9); neither does any other command."""
        nothing = [r for r in self.view().journal if r["amount"] == 0]
        assert not nothing, f"postings of 0.00: {nothing}"

    @invariant()
    def s10_a_prisoner_receives_no_rent(self) -> None:
        if self.step is None:
            return
        args, before, after = self.step
        for r in after.since(before):
            n = str(r["account"]).removeprefix("cash:")
            if r["kind"] == "rent" and r["amount"] > 0 and before.jailed(n):
                raise AssertionError(f"§10: {n} in prison was paid rent by `{args}`: {r}")

    @invariant()
    def s9_no_debt_left_unrepaid_beside_money(self) -> None:
        v = self.view()
        for n in PLAYERS:
            assert v.cash(n) >= 0, f"§9: {n} holds {v.cash(n)}: the bank lends, cash is not < 0"
            assert v.debt(n) >= 0, f"§9: {n}'s loan account is {-v.debt(n)}"
            assert not (v.debt(n) > 0 and v.cash(n) > 0), (
                f"§9: {n} owes {v.debt(n)} and holds {v.cash(n)}: income repays debt first"
            )
            assert dec(v.players[n].get("debt")) == v.debt(n), f"§9: Players!debt of {n}"

    @invariant()
    def s9_after_a_game_command_nobody_in_owes_more_than_their_mortgages(self) -> None:
        if self.step is None or not self.accepted or self.step[0][0] not in GAME:
            return
        v = self.view()
        for n in v.left():
            assert v.debt(n) <= v.mortgage(n), f"§9: {n} owes {v.debt(n)} > {v.mortgage(n)}"

    @invariant()
    def s5_the_limits_hold_on_holdings(self) -> None:
        v = self.view()
        by_planet: dict[str, dict[str, list[int]]] = {}
        for k, h in v.holdings.items():
            assert k in v.deeds and h["owner"] in v.players, h
            p = v.points(k)
            if v.kind(k) in ST:
                assert p == 0, f"§6: {p} support points on {k}"
            else:
                by_planet.setdefault(v.planet(k), {}).setdefault(str(h["owner"]), []).append(p)
        for planet, owners in by_planet.items():
            assert len(owners) == 1, f"§5: {planet} has owners {sorted(owners)}"
            for owner, pts in owners.items():
                assert not limit_breaches(pts), f"§5 {planet} of {owner}: {limit_breaches(pts)}"


TestPlanetopolyLong, TestPlanetopolyQuick, TestPlanetopolyDeep = games_of(
    Planetopoly, "Planetopoly", long=(20, 40), deep=(25, 40)
)
