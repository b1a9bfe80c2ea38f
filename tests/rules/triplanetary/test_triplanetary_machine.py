"""Triplanetary played by a machine against the books' invariants (issue 26): every command of
the game through the real CLI, with arguments drawn mostly from what the workbook holds (so that
most commands could succeed) and some that cannot, each step held to tests/machine.py's
invariants and to this game's own:

- §5 a dead player neither pays nor is paid, and owes nothing;
- §33 §34 an outlaw never becomes free again, trades at markets only at Ceres, and the PR of
  turning outlaw is taken once;
- §36B a crime is tried once; §36C the PR of running a passenger line is had while one runs;
- §1 §32 what is destroyed or gone keeps its hold, tank and supplies, and has no working crews;
- §13 a crew that quit, died or was discharged is paid no wages after;
- §6 what a player owes is taken by the tick as soon as they have money;
- §8 an office that is closed pays no fee; §29 the property tax is on what stands.

The game starts from a prepared day 0 (`SETUP`): three players with money, ships, bases, a
module, crews, goods, a corporation forming, an office, a liner and a crime on record.
"""

from __future__ import annotations

import re
import shlex
from collections import Counter
from decimal import Decimal
from typing import Any

from hypothesis import strategies as st
from hypothesis.stateful import invariant, precondition, rule

from ledger.rules.triplanetary.actions import SPECS
from ledger.rules.triplanetary.tables import GOODS_BY_KEY, places_selling
from tests.machine import BooksMachine, games_of

PLAYERS = ("Ann", "Bob", "Cleo")
PATROL = "Sam"
EVERYONE = (*PLAYERS, PATROL)
PARTIES = (*EVERYONE, "bank", "patrol", "Zed")  # Zed: no one
PLACES = ("Ceres", "Earth", "Mars", "Venus", "Luna", "Callisto", "Ganymede", "Io", "Mercury")
GOODS = ("raw-ore", "processed-ore", "manufactured-goods", "cordrazite", "cordrazine", "c-t-ore")
SHIPS = ("transport", "packet", "tanker", "corsair", "executive-liner", "liner")
EQUIPMENT = (
    "ore-processor",
    "pseudo-magnetic-grapples",
    "mark-i-mine",
    "automated-mining-equipment",
)
ROUTES = (("Earth", "Mars"), ("Ceres", "Mars"), ("Earth", "Venus"), ("Venus", "Earth"))
GONE = ("destroyed", "departed")
CENT = Decimal("0.01")
#: Money as typed: mostly an amount, one time in ten something that is not one.
money = st.integers(0, 9).flatmap(
    lambda n: (
        st.sampled_from(["0", "-1", "1,5", "abc", "1e9", "0.001"])
        if n == 9
        else st.decimals(min_value="0.01", max_value="400", places=2).map(str)
    )
)

SETUP: tuple[tuple[str, ...], ...] = (
    ("pay", "bank", "Ann", "9000"),
    ("pay", "bank", "Bob", "9000"),
    ("pay", "bank", "Cleo", "2000"),
    ("buy", "Ann", "transport", "--name", "Nomad"),  # S1 (day 0: ready at once, §3)
    ("buy", "Ann", "packet", "--name", "Post"),  # S2
    ("buy", "Bob", "transport", "--name", "Mule"),  # S3
    ("buy", "Cleo", "executive-liner", "--name", "Exec"),  # S4
    ("buy", "Bob", "base", "--name", "Rock"),  # B1
    ("buy", "Bob", "base", "--name", "Pebble"),  # B2
    ("buy", "Ann", "base", "--name", "Den"),  # B3
    ("buy", "Bob", "recreation-module", "--base", "Rock"),  # R1
    ("hire", "Ann", "--ship", "Nomad"),
    ("hire", "Ann", "--ship", "Post"),
    ("hire", "Bob", "--base", "Rock", "--crews", "2"),
    ("hire", "Bob", "--ship", "Mule"),
    ("hire", "Cleo", "--ship", "Exec"),
    ("hire", "Ann", "--base", "Den"),
    ("supply", "Bob", "--base", "Rock", "--months", "6"),
    ("supply", "Ann", "--base", "Den", "--months", "2"),
    ("buy", "Ann", "manufactured-goods", "30", "--at", "Venus", "--ship", "Nomad"),
    ("buy", "Bob", "manufactured-goods", "20", "--at", "Venus", "--ship", "Mule"),
    ("buy", "Bob", "ore-processor", "--base", "Rock"),
    ("lloyds", "Bob", "manufactured-goods", "10", "--ship", "Mule", "--at", "Venus"),
    ("incorporate", "Ann"),
    ("incorporate", "Bob"),
    ("claim", "Bob", "Hex 0412", "--base", "Rock"),
    ("office", "open", "Ann", "--at", "Mars"),
    ("liner", "open", "Ann", "Earth", "Mars"),
    ("crime", "Cleo", "--class", "I", "--what", "contract breaking"),
)


def as_event_row(n: int, command: tuple[str, ...]) -> list[Any]:
    """`command` as the banker types it in Events: id, day, type, player, to, amount, args."""
    if command[0] == "pay":
        return [f"E{n}", None, "pay", *command[1:4], None]
    grouped = command[0] in ("office", "liner")
    name = f"{command[0]}-{command[1]}" if grouped else command[0]
    words = list(command[2:] if grouped else command[1:])
    spec = SPECS[name]
    columns: dict[str, str] = {}
    args: list[str] = []
    positional = [p for p in spec.params if p.positional]
    while words:
        word = words.pop(0)
        if word.startswith("--"):
            param = next(p for p in spec.params if p.cli == word)
            value = "" if param.kind == "flag" else words.pop(0)
        else:
            param, value = positional.pop(0), word
        if param.column:
            columns[param.column] = value
        else:
            args += (
                [word] if param.kind == "flag" else ([word, value] if word != value else [value])
            )
    text = shlex.join(args) or None
    return [
        f"E{n}",
        None,
        name,
        columns.get("player"),
        columns.get("to"),
        columns.get("amount"),
        text,
    ]


def prepared(machine: BooksMachine) -> None:
    """The game after `SETUP`, typed as Events rows and posted at once: as a banker would, and
    one save instead of thirty (the first game of a process; the others copy what it left)."""
    kept = _PREPARED.setdefault(machine.table is None, {})
    if not kept:
        machine.type_in("Events", [as_event_row(n, c) for n, c in enumerate(SETUP, 1)])
        run = BooksMachine.do(machine, "post")
        assert run.exit_code == 0, run.stdout + run.stderr
        machine.done, machine.log = [], []  # where every game starts: nothing to undo
        if machine.table is not None:
            kept["books"] = machine.kept_books()
            return
        folder = machine.folder
        kept.update(
            {f.relative_to(folder): f.read_bytes() for f in folder.rglob("*") if f.is_file()}
        )
        return
    if machine.table is not None:
        machine.put_back(kept["books"])
        return
    for name, data in kept.items():
        (machine.folder / name).parent.mkdir(parents=True, exist_ok=True)
        (machine.folder / name).write_bytes(data)


#: what `prepared` left, on file (True) and in memory (False)
_PREPARED: dict[bool, dict[Any, Any]] = {}

WAGES_OF = re.compile(r"pays wages of crews? ((?:C\d+(?:, )?)+)$")
MARKET_TRADE = re.compile(r"^(\S+) (?:buys|sells) \d+ CP of \S+ at (\S+)")
TRIAL_OF = re.compile(r"trial of crime (X\d+)")


def dec(value: Any) -> Decimal:
    return Decimal(str(value or 0)).quantize(CENT)


class Triplanetary(BooksMachine):
    NEW = (
        "new", "--game", "triplanetary", "--seed", "5",
        *(a for p in PLAYERS for a in ("--player", p)), "--patrol", PATROL,
    )  # fmt: skip

    def __init__(self) -> None:
        super().__init__()
        prepared(self)
        #: player -> the last transaction when they were first seen dead (§5)
        self.dead: dict[str, int] = {}
        #: player -> the last transaction when they were first seen an outlaw (§33, §34)
        self.outlaw: dict[str, int] = {}
        #: ship or base id -> (fuel, supplies, hold) when it was first seen gone
        self.lost: dict[str, tuple[Any, Any, dict[str, int]]] = {}
        #: what the three above were before each change in `self.done`, for `undo`
        self.kept: list[tuple[dict[str, int], dict[str, int], dict[str, Any]]] = []
        #: rows typed or cells edited by hand (openpyxl's load and save take half a second)
        self.hand_edits = 0

    def do(self, *args: str) -> Any:
        kept = (dict(self.dead), dict(self.outlaw), dict(self.lost))
        done = len(self.done)
        run = super().do(*args)
        if len(self.done) > done:
            self.kept.append(kept)
        said = run.stdout + run.stderr
        assert not (run.exit_code and "Journal txn" in said and args[0] != "post"), (
            f"`ledger {' '.join(args)}` made a transaction the books' check then refused: the "
            f"command's own rules let it through\n{said}"
        )
        return run

    # -- what the workbook holds -------------------------------------------------------------
    def sheet(self, name: str) -> list[dict[str, Any]]:
        return self.rows(name)

    def status(self, player: str) -> str:
        found = [p for p in self.sheet("Players") if p["name"] == player]
        return str(found[0].get("status") or "free") if found else "none"

    def in_prison(self, player: str) -> bool:
        found = [p for p in self.sheet("Players") if p["name"] == player]
        return bool(found) and (
            found[0]["status"] == "imprisoned" or found[0].get("status_until") is not None
        )

    def pick(self, data: st.DataObject, known: list[str], junk: tuple[str, ...] = ()) -> str:
        """Mostly one of `known` (what the workbook holds), sometimes a name that is not."""
        if known and data.draw(st.integers(0, 9)) < 9:
            return data.draw(st.sampled_from(sorted(set(known))))
        return data.draw(st.sampled_from((*junk, "Nowhere", "X99")))

    def post_of(
        self, data: st.DataObject, kinds: tuple[str, ...], who: str | None = None
    ) -> tuple[str, str, str]:
        """(--ship/--base/--mine, a post by id or name, its owner): mostly one still there and,
        given `who`, one of theirs; sometimes a lost one, another's, or none."""
        kind = data.draw(st.sampled_from(kinds))
        found = self.sheet({"ship": "Ships", "base": "Bases", "mine": "Mines"}[kind])
        standing = [p for p in found if p["status"] not in GONE] or found
        if data.draw(st.integers(0, 9)) < 8:
            found = standing
        if who is not None and data.draw(st.integers(0, 9)) < 9:
            found = [p for p in found if p["owner"] == who] or found
        if not found or data.draw(st.integers(0, 19)) == 19:
            return f"--{kind}", data.draw(st.sampled_from(("Nowhere", "X99"))), who or "Ann"
        post = data.draw(st.sampled_from(found))
        key = (
            str(post["name"]) if post.get("name") and data.draw(st.booleans()) else str(post["id"])
        )
        return f"--{kind}", key, str(post["owner"])

    def actor(self, data: st.DataObject, owner: str) -> str:
        """Mostly the owner of what the command names; sometimes anyone."""
        return owner if data.draw(st.integers(0, 7)) < 7 else data.draw(st.sampled_from(EVERYONE))

    def a_post(self, data: st.DataObject, kinds: tuple[str, ...]) -> tuple[str, str]:
        option, key, _ = self.post_of(data, kinds)
        return option, key

    def cargo(self, holder: str) -> dict[str, int]:
        out: dict[str, int] = Counter()
        for c in self.sheet("Cargo"):
            if c["holder"] == holder:
                out[str(c["good"])] += int(c["qty"] or 0)
        return dict(out)

    # -- money and things bought ---------------------------------------------------------------
    @rule(
        src=st.sampled_from(PARTIES),
        dst=st.sampled_from(PARTIES),
        amount=money,
        bank=st.sampled_from([(), ("--to-bank", "Mars"), ("--from-bank", "Venus")]),
    )
    def pay(self, src: str, dst: str, amount: str, bank: tuple[str, ...]) -> None:
        self.do("pay", src, dst, amount, *bank)

    @rule(who=st.sampled_from(PLAYERS), amount=st.sampled_from(["500", "5000", "102000"]))
    def fund(self, who: str, amount: str) -> None:
        self.do("pay", "bank", who, amount)

    @rule(data=st.data(), who=st.sampled_from(EVERYONE))
    def buy(self, data: st.DataObject, who: str) -> None:
        item = data.draw(
            st.sampled_from(
                (
                    *SHIPS,
                    "base",
                    "recreation-module",
                    *EQUIPMENT,
                    *GOODS,
                    "bussard-ramscoop",
                    "fuel",
                )
            )
        )
        args = ["buy", who, item]
        if item in GOODS:
            _, ship, who = self.post_of(data, ("ship",))
            args = ["buy", self.actor(data, who), item, str(data.draw(st.integers(1, 30)))]
            args += ["--at", data.draw(st.sampled_from(PLACES)), "--ship", ship]
        elif item == "recreation-module":
            args += ["--base", self.post_of(data, ("base",), who)[1]]
        elif item in EQUIPMENT:
            args += list(self.post_of(data, ("ship", "base"), who)[:2])
        else:
            if data.draw(st.booleans()):
                args += ["--name", data.draw(st.sampled_from(["Nomad", "Star", "Rock", "Hope"]))]
            if data.draw(st.booleans()):
                args += ["--at", data.draw(st.sampled_from(PLACES))]
        self.do(*args)

    @rule(data=st.data(), n=st.integers(1, 3))
    def hire(self, data: st.DataObject, n: int) -> None:
        option, post, owner = self.post_of(data, ("ship", "base", "mine"))
        who = self.actor(data, owner)
        quit_before = any(c["owner"] == who and c["status"] == "quit" for c in self.sheet("Crews"))
        before = len(self.journal())
        if self.do("hire", who, option, post, "--crews", str(n)).exit_code == 0:
            paid = -sum(
                (r["amount"] for r in self.journal()[before:] if r["amount"] < 0), Decimal(0)
            )
            each = Decimal(4 if quit_before else 2)
            assert paid == each * n, f"§13: {n} crews hired for {paid}, {each} each"

    @rule(data=st.data())
    def discharge(self, data: st.DataObject) -> None:
        crews = self.sheet("Crews")
        working = [str(c["id"]) for c in crews if c["status"] == "active"]
        if not working or data.draw(st.integers(0, 4)) == 4:
            working = [str(c["id"]) for c in crews]
        crew = self.pick(data, working)
        row = next((c for c in crews if c["id"] == crew), None)
        before = len(self.journal())
        if self.do("discharge", crew).exit_code == 0 and row is not None:
            unpaid = self.day() - int(row["paid_through"])
            paid = sum(
                (r["amount"] for r in self.journal()[before:] if r["amount"] > 0), Decimal(0)
            )
            want = (Decimal("0.1") * (unpaid + 14)).quantize(CENT)
            assert paid == want, (
                f"§13: crew {crew} discharged for {paid}: {unpaid} days + 14 are {want}"
            )

    def day(self) -> int:
        return int(next(s["value"] for s in self.sheet("Settings") if s["key"] == "day"))

    @rule(data=st.data(), months=st.integers(0, 5))
    def supply(self, data: st.DataObject, months: int) -> None:
        option, post, owner = self.post_of(data, ("ship", "base", "mine"))
        self.do("supply", self.actor(data, owner), option, post, "--months", str(months))

    @rule(data=st.data(), units=st.integers(0, 12))
    def fuel(self, data: st.DataObject, units: int) -> None:
        _, ship, owner = self.post_of(data, ("ship",))
        self.do("fuel", self.actor(data, owner), "--ship", ship, str(units))

    # -- companies and offices -----------------------------------------------------------------
    @rule(data=st.data(), who=st.sampled_from(EVERYONE))
    def office_open(self, data: st.DataObject, who: str) -> None:
        bases = [str(b["name"]) for b in self.sheet("Bases")]
        at = self.pick(data, [*PLACES, *bases, "Exec"])
        self.do("office", "open", who, "--at", at)

    @rule(data=st.data())
    def office_close(self, data: st.DataObject) -> None:
        offices = self.sheet("Offices")
        open_ = [str(o["id"]) for o in offices if o["status"] == "open"]
        self.do("office", "close", self.pick(data, open_ or [str(o["id"]) for o in offices]))

    @rule(who=st.sampled_from(EVERYONE), at=st.sampled_from(PLACES))
    def incorporate(self, who: str, at: str) -> None:
        self.do("incorporate", who, "--at", at)

    @rule(data=st.data())
    def merge(self, data: st.DataObject) -> None:
        corps = self.sheet("Corporations")
        active = [str(c["id"]) for c in corps if c["status"] == "active"]
        known = active if len(active) > 1 else [str(c["id"]) for c in corps]
        self.do("merge", self.pick(data, known), self.pick(data, known))

    @rule(data=st.data(), price=st.sampled_from(["100", "1000", "0.01"]) | money)
    def sell_company(self, data: st.DataObject, price: str) -> None:
        seller, buyer = data.draw(st.sampled_from(EVERYONE)), data.draw(st.sampled_from(EVERYONE))
        if self.do("sell-company", seller, buyer, price).exit_code == 0:
            assert PATROL not in (seller, buyer), "§6 §9: the Patrol buys and sells no company"

    # -- ships, claims, cargo ------------------------------------------------------------------
    @rule(data=st.data(), flag=st.sampled_from([(), ("--land",), ("--space",)]))
    def move(self, data: st.DataObject, flag: tuple[str, ...]) -> None:
        _, ship = self.a_post(data, ("ship",))
        bases = [str(b["name"]) for b in self.sheet("Bases")]
        self.do("move", ship, "--to", self.pick(data, [*PLACES, *bases]), *flag)

    @rule(data=st.data(), dice=st.sampled_from([(), ("--dice", "6"), ("--dice", "1,1")]))
    def prospect(self, data: st.DataObject, dice: tuple[str, ...]) -> None:
        _, ship, owner = self.post_of(data, ("ship",))
        self.do("prospect", self.actor(data, owner), "--ship", ship, "--hex", "0412", *dice)

    @rule(data=st.data(), who=st.sampled_from(EVERYONE), ct=st.booleans())
    def claim(self, data: st.DataObject, who: str, ct: bool) -> None:
        args = ["claim", who, f"Hex {data.draw(st.integers(400, 420))}"]
        if data.draw(st.booleans()):
            args += ["--base", self.post_of(data, ("base",), who)[1]]
        self.do(*args, *(["--ct"] if ct else []))

    def hold(self, key: str) -> dict[str, int]:
        ship = next((x for x in self.sheet("Ships") if key in (x["id"], x["name"])), None)
        return self.cargo(str(ship["id"])) if ship else {}

    @rule(data=st.data(), at=st.sampled_from(PLACES))
    def sell(self, data: st.DataObject, at: str) -> None:
        """Mostly goods a ship holds, where they are bought; sometimes to a player."""
        laden = {str(c["holder"]) for c in self.sheet("Cargo") if c["good"] in GOODS and c["qty"]}
        _, ship, owner = self.post_of(data, ("ship",))
        for s in self.sheet("Ships"):
            if s["id"] in laden and data.draw(st.integers(0, 2)) < 2:
                ship, owner = str(s["id"]), str(s["owner"])
                break
        who, held = self.actor(data, owner), self.hold(ship)
        good = self.pick(data, [g for g in held if g in GOODS and held[g] > 0], GOODS)
        qty = data.draw(st.integers(1, max(1, held.get(good, 5))))
        if good in GOODS_BY_KEY and data.draw(st.integers(0, 3)) < 3:
            at = data.draw(st.sampled_from(sorted(places_selling(good)) or [at]))
        args = ["sell", who, good, str(qty), "--ship", ship, "--at", at]
        to = None
        if data.draw(st.integers(0, 3)) == 3:
            to = data.draw(st.sampled_from(EVERYONE))
            args += ["--to", to, "--price", data.draw(st.sampled_from(["30", "0.01"]) | money)]
            args += ["--to-ship", self.post_of(data, ("ship",), to)[1]]
        if self.do(*args).exit_code == 0 and to is not None:
            for party in (who, to):
                status = self.status(party)
                assert status != "dead" and not self.in_prison(party), (
                    f"§5 §41: {party} is {status} (in prison: {self.in_prison(party)}) and trades"
                )
                assert party != PATROL, "§6: the Patrol may not engage in trade"
                assert status not in ("pirate", "warlord") or at == "Ceres", (
                    f"§33: only Ceres buys from or sells to {party}, a {status}; the sale was at {at}"
                )

    @rule(data=st.data(), at=st.sampled_from(["Ceres", "Callisto", "Mars"]))
    def process(self, data: st.DataObject, at: str) -> None:
        _, ship, owner = self.post_of(data, ("ship",))
        qty = data.draw(st.sampled_from([(), ("4",), ("9",)]))
        self.do("process", self.actor(data, owner), "--at", at, *qty, "--ship", ship)

    @rule(data=st.data(), up=st.booleans(), docked=st.booleans())
    def pickup_or_dropoff(self, data: st.DataObject, up: bool, docked: bool) -> None:
        _, ship, owner = self.post_of(data, ("ship",))
        _, store, _ = self.post_of(data, ("base", "mine"), owner)
        goods = ["supplies", "raw-ore", "manufactured-goods", "c-t-ore", "fuel", "ore-processor"]
        stored = [str(c["good"]) for c in self.sheet("Cargo") if c["holder"] == store and c["qty"]]
        good = data.draw(
            st.sampled_from(stored if stored and up and not data.draw(st.booleans()) else goods)
        )
        args = ["pickup" if up else "dropoff", self.actor(data, owner), "--ship", ship]
        args += ["--from" if up else "--to", store, "--good", good]
        args += data.draw(st.sampled_from([[], ["1"], ["5"]])) + (["--docked"] if docked else [])
        self.do(*args)

    @rule(data=st.data(), n=st.integers(1, 12))
    def transfer(self, data: st.DataObject, n: int) -> None:
        _, source, owner = self.post_of(data, ("base",))
        _, target, _ = self.post_of(data, ("base",), owner)
        for b in self.sheet("Bases"):  # mostly another base of the owner's
            if (
                b["owner"] == owner
                and source not in (b["id"], b["name"])
                and not data.draw(st.booleans())
            ):
                target = str(b["id"])
        what = data.draw(st.sampled_from(("crews", "supplies", "raw-ore", "ore-processor", "nuke")))
        args = ("transfer", self.actor(data, owner), what, str(n), "--from", source, "--to", target)
        self.do(*args)

    # -- liners, Lloyds, banks, colonization -----------------------------------------------------
    @rule(who=st.sampled_from(EVERYONE), route=st.sampled_from((*ROUTES, ("Mars", "Io"))))
    def liner_open(self, who: str, route: tuple[str, str]) -> None:
        self.do("liner", "open", who, *route)

    @rule(data=st.data())
    def liner_close(self, data: st.DataObject) -> None:
        liners = self.sheet("Liners")
        open_ = [str(x["id"]) for x in liners if x["status"] == "open"]
        self.do("liner", "close", self.pick(data, open_ or [str(x["id"]) for x in liners]))

    @rule(data=st.data())
    def liner_depart(self, data: st.DataObject) -> None:
        liners = self.sheet("Liners")
        running = [x for x in liners if x["status"] == "open"]
        liners = running if running and data.draw(st.integers(0, 4)) < 4 else liners
        lines = [(str(x["owner"]), str(x["frm"]), str(x["to"])) for x in liners]
        who, frm, to = data.draw(st.sampled_from(lines or [("Ann", "Earth", "Mars")]))
        _, ship, _ = self.post_of(data, ("ship",), who)
        self.do("liner", "depart", self.actor(data, who), frm, to, "--ship", ship)

    @rule(data=st.data(), qty=st.integers(1, 8), at=st.sampled_from(["Venus", "Mars", "Ganymede"]))
    def lloyds(self, data: st.DataObject, qty: int, at: str) -> None:
        _, ship, owner = self.post_of(data, ("ship",))
        good = self.pick(data, list(self.hold(ship)), GOODS)
        self.do("lloyds", self.actor(data, owner), good, str(qty), "--ship", ship, "--at", at)

    @rule(data=st.data())
    def branch(self, data: st.DataObject) -> None:
        _, base, owner = self.post_of(data, ("base",))
        _, ship, _ = self.post_of(data, ("ship",), owner)
        self.do("branch", self.actor(data, owner), "--base", base, "--ship", ship)

    @rule(data=st.data())
    def branch_open(self, data: st.DataObject) -> None:
        self.do("branch-open", self.pick(data, [str(b["id"]) for b in self.sheet("Branches")]))

    @rule(who=st.sampled_from(PLAYERS), fund=st.booleans())
    def colonize(self, who: str, fund: bool) -> None:
        """§32: three ramscoops (bought now, built in 30 days), then 100,000 KC."""
        scoops = [
            s for s in self.sheet("Ships")
            if s["owner"] == who and s["type"] == "bussard-ramscoop" and s["status"] == "active"
        ]  # fmt: skip
        if fund:
            self.do("pay", "bank", who, "101500")
        if len(scoops) < 3:
            self.do("buy", who, "bussard-ramscoop", str(3 - len(scoops)))
        self.do("colonize", who)

    # -- crime and justice ---------------------------------------------------------------------
    @rule(data=st.data(), aboard=st.sampled_from([None] * 12 + list(EVERYONE)))
    def destroy(self, data: st.DataObject, aboard: str | None) -> None:
        kinds = data.draw(st.sampled_from([("ship",), ("base",), ("ship", "base")]))
        what = self.a_post(data, kinds)[1]
        if data.draw(st.integers(0, 4)) == 4:
            what = self.pick(data, [str(m["id"]) for m in self.sheet("Modules")])
        self.do("destroy", what, *(["--aboard", aboard] if aboard else []))

    @rule(who=st.sampled_from((*EVERYONE, "Zed")), cls=st.sampled_from(["I", "II", "III", "IV"]))
    def crime(self, who: str, cls: str) -> None:
        self.do("crime", who, "--class", cls, "--what", "smuggling")

    @rule(who=st.sampled_from(EVERYONE), amount=money)
    def fine(self, who: str, amount: str) -> None:
        self.do("fine", who, amount, "--reason", "reckless docking")

    @rule(
        data=st.data(),
        roll=st.integers(0, 6),
        bribes=st.sampled_from([0, 0, 0, 1, 3, 4]),
        at=st.sampled_from([(), ("--at", "Mars"), ("--at", "Earth")]),
    )
    def trial(self, data: st.DataObject, roll: int, bribes: int, at: tuple[str, ...]) -> None:
        """A trial of a crime on record, mostly one not tried yet (recorded now when there is
        none), sometimes a tried one, another's, or one of no crime on record (--class)."""
        crimes = self.sheet("Crimes")
        untried = [str(c["id"]) for c in crimes if c["status"] != "tried"]
        if not untried or data.draw(st.integers(0, 3)) == 3:
            cls = data.draw(st.sampled_from(["I", "II", "III"]))
            outlaws = [p for p in PLAYERS if self.status(p) in ("pirate", "warlord")]
            who = (
                data.draw(st.sampled_from(outlaws or EVERYONE))
                if outlaws and not data.draw(st.booleans())
                else data.draw(st.sampled_from(EVERYONE))
            )
            self.do("crime", who, "--class", cls, "--what", "x")
            crimes = self.sheet("Crimes")
            untried = [str(c["id"]) for c in crimes if c["status"] != "tried"]
        everyone = [str(c["id"]) for c in crimes]
        crime = self.pick(
            data, untried if untried and data.draw(st.integers(0, 5)) < 5 else everyone
        )
        whose = next((str(c["player"]) for c in crimes if c["id"] == crime), None)
        who = self.actor(data, whose) if whose else data.draw(st.sampled_from(EVERYONE))
        args = ["trial", who, "--crime", crime, "--roll", str(roll), *at]
        if data.draw(st.integers(0, 5)) == 5:  # a trial of no crime on record
            cls = data.draw(st.sampled_from(["I", "II", "III"]))
            args = ["trial", who, "--class", cls, "--roll", str(roll), *at]
        if bribes:
            args += ["--bribes", str(bribes)]
        self.do(*args)

    @rule(who=st.sampled_from(EVERYONE), what=st.sampled_from(["pirate", "warlord", "hero"]))
    def declare(self, who: str, what: str) -> None:
        self.do("declare", who, what)

    @rule(who=st.sampled_from(EVERYONE), change=st.sampled_from(["+1", "-2", "x"]))
    def pr(self, who: str, change: str) -> None:
        self.do("pr", who, change, "--reason", "heroism")

    @rule(who=st.sampled_from(EVERYONE), n=st.integers(0, 2))
    def pr_program(self, who: str, n: int) -> None:
        self.do("pr-program", who, str(n))

    # -- time, the banker's own rows, other games, undo ----------------------------------------
    @rule(days=st.sampled_from([1, 2, 5, 13, 30, 31, 61, 89, 121, 180, 360]))
    def tick(self, days: int) -> None:
        before_day = int(next(s["value"] for s in self.sheet("Settings") if s["key"] == "day"))
        closed = {str(o["id"]) for o in self.sheet("Offices") if o["status"] != "open"}
        taxed = self.taxable()
        n = len(self.journal())
        if self.do("tick", str(days)).exit_code != 0:
            return
        new = self.journal()[n:]
        for r in new:
            for office in closed:
                assert not str(r["memo"]).startswith(f"office {office} at"), (
                    f"§8: office {office} was closed and pays {r['memo']!r}"
                )
        if (before_day + days) // 360 - before_day // 360 == 1:  # one tax cycle ends (§29)
            for r in new:
                m = re.match(r"(\S+): property tax, \S+% of ([\d.]+) KC", str(r["memo"]))
                if r["kind"] == "tax" and m and r["amount"] < 0:
                    value = dec(m.group(2))
                    assert value <= taxed.get(m.group(1), Decimal(0)), (
                        f"§29: {m.group(1)} taxed on {value} KC and has {taxed.get(m.group(1))} KC of ships and bases that stand"
                    )
        self.dues_are_taken()
        day = self.day()
        for o in self.sheet("Offices"):
            assert o["status"] != "open" or int(o["paid_until"]) > day, (
                f"§8: office {o['id']} is open on day {day}, paid until day {o['paid_until']}"
            )
        for c in self.sheet("Crews"):
            assert c["status"] != "active" or day - int(c["paid_through"]) < 180, (
                f"§13: crew {c['id']} works unpaid since day {c['paid_through']}, on day {day}"
            )

    def taxable(self) -> dict[str, Decimal]:
        """§29: the price of each player's ships, bases and modules that stand, and of what is
        being built (colonization aside)."""
        out: dict[str, Decimal] = Counter()
        gone = set()
        for kind in ("Ships", "Bases"):
            for p in self.sheet(kind):
                if p["status"] in GONE:
                    gone.add(p["id"])
                else:
                    out[str(p["owner"])] += dec(p["price"])
        for m in self.sheet("Modules"):
            if m["status"] != "destroyed" and m["base"] not in gone:
                out[str(m["owner"])] += dec(m["price"])
        for o in self.sheet("Construction"):
            if o["status"] == "building":
                out[str(o["owner"])] += dec(o["price"]) or Decimal(100000)
        return dict(out)

    def dues_are_taken(self) -> None:
        """§6: at the start of each day the tick takes what is owed, as much as the player has;
        after a tick a player who still owes has at most what came in on its last day."""
        owed: dict[str, Decimal] = Counter()
        for d in self.sheet("Dues"):
            owed[str(d["player"])] += dec(d["amount"])
        journal = self.journal()
        day = max((int(r["day"]) for r in journal), default=0)
        for who, amount in owed.items():
            if amount <= 0:
                continue
            mine = [r for r in journal if str(r["account"]).startswith(f"cash:{who}:")]
            cash = sum((r["amount"] for r in mine), Decimal(0))
            late = sum(
                (r["amount"] for r in mine if r["day"] == day and r["amount"] > 0), Decimal(0)
            )
            assert cash <= late, f"§6: {who} owes {amount} KC and has {cash} KC after the tick"

    @precondition(lambda self: self.hand_edits < 2)  # openpyxl's load and save: slow
    @rule(data=st.data())
    def a_crew_reaches_a_module(self, data: st.DataObject) -> None:
        """The banker types a module in a crew's row (§20: on or next to its base is the
        banker's word); `check` then holds the workbook as the next command will."""
        crews, modules = self.sheet("Crews"), self.sheet("Modules")
        if not crews or not modules:
            return
        row = data.draw(st.integers(0, len(crews) - 1))
        module = data.draw(st.sampled_from(sorted(str(m["id"]) for m in modules)))
        self.done, self.kept = [], []  # `undo` goes back no further than a hand edit
        self.hand_edits += 1
        self.type_cells({f"Crews!F{row + 2}": module})
        self.check_is_clean()

    @precondition(lambda self: self.hand_edits < 2)
    @rule(data=st.data())
    def typed_in_events(self, data: st.DataObject) -> None:
        """The banker types a row in Events (as in Excel); the next command posts it."""
        crimes = [str(c["id"]) for c in self.sheet("Crimes")]
        who = data.draw(st.sampled_from(EVERYONE))
        row = data.draw(
            st.sampled_from(
                [
                    ["pay", who, data.draw(st.sampled_from(EVERYONE)), data.draw(money), None],
                    ["fine", who, None, data.draw(money), "--reason late"],
                    ["trial", who, None, None, f"--crime {self.pick(data, crimes)} --roll 2"],
                    ["crime", who, None, None, "--class II --what piracy"],
                    ["destroy", self.a_post(data, ("ship", "base"))[1], None, None, None],
                    ["buy", who, None, None, "transport --name Typed"],
                ]
            )
        )
        n = len(self.sheet("Events")) + 1
        self.hand_edits += 1
        before, done = self.kept_books(), list(self.done)
        self.type_in("Events", [[f"E{n}", None, row[0], *row[1:4], row[4]]])
        kept, self.done, self.kept = list(self.kept), [], []  # `undo` stops at a hand edit
        if self.do("post").exit_code != 0:
            self.put_back(before)
            self.done, self.kept = done, kept

    @rule(
        command=st.sampled_from(
            [("roll",), ("order", "ABC", "v"), ("start", "Ann"), ("rent", "Ann")]
        )
    )
    def other_games_commands_are_refused(self, command: tuple[str, ...]) -> None:
        assert self.do(*command).exit_code != 0

    @precondition(lambda self: self.done)
    @rule()
    def undo(self) -> None:
        self.undo_last()
        self.dead, self.outlaw, self.lost = self.kept.pop()

    # -- the game's own invariants ---------------------------------------------------------------
    @invariant()
    def what_is_gone_stays_gone(self) -> None:
        """§1 §32: a destroyed or departed ship or base keeps its tank, supplies and hold as they
        were, and no crew works on it; a module on a destroyed base is destroyed (§20)."""
        lost = {}
        for kind in ("Ships", "Bases"):
            for p in self.sheet(kind):
                if p["status"] in GONE:
                    lost[p["id"]] = (p.get("fuel"), p["supplies"], self.cargo(p["id"]))
        self.lost = {k: v for k, v in self.lost.items() if k in lost}
        for key, now in lost.items():
            then = self.lost.setdefault(key, now)
            assert now == then, (
                f"§1: {key} is gone, and its (fuel, supplies, hold) went {then} -> {now}"
            )
        for c in self.sheet("Crews"):
            assert not (c["status"] == "active" and c["post"] in lost), (
                f"§1 §32: crew {c['id']} works on {c['post']}, which is gone"
            )
        for m in self.sheet("Modules"):
            assert m["base"] not in lost or m["status"] == "destroyed", (
                f"§20: {m['id']} outlived its base"
            )

    @invariant()
    def the_dead_neither_pay_nor_earn_and_outlaws_stay_outlaws(self) -> None:
        players = {str(p["name"]): str(p.get("status") or "free") for p in self.sheet("Players")}
        journal = self.journal()
        last = max((int(r["txn"]) for r in journal), default=0)
        for name, status in players.items():
            if status == "dead":
                self.dead.setdefault(name, last)
            else:
                self.dead.pop(name, None)
            if status in ("pirate", "warlord"):
                self.outlaw.setdefault(name, last)
            elif status in ("free",):
                assert name not in self.outlaw, (
                    f"§33 §34: {name} was an outlaw and is free again: once turned, never back"
                )
        for r in journal:
            account = str(r["account"])
            owner = account.split(":")[1] if account.startswith(("cash:", "reserves:")) else None
            if owner in self.dead and int(r["txn"]) > self.dead[owner]:
                raise AssertionError(
                    f"§5: {owner} is dead and txn {r['txn']} moves {account}: {r['memo']}"
                )
            trade = MARKET_TRADE.match(str(r["memo"]))
            if (
                trade
                and trade.group(1) in self.outlaw
                and int(r["txn"]) > self.outlaw[trade.group(1)]
            ):
                assert trade.group(2) == "Ceres", f"§33: txn {r['txn']} {r['memo']!r}: only Ceres"
        for d in self.sheet("Dues"):
            assert not (players.get(d["player"]) == "dead" and dec(d["amount"])), (
                f"§5: dead {d['player']} owes {d['amount']} ({d['reason']})"
            )

    @invariant()
    def a_crime_is_tried_once_and_pr_is_had_once(self) -> None:
        tried = Counter(
            m.group(1) for r in self.sheet("Dice") if (m := TRIAL_OF.search(str(r["purpose"])))
        )
        twice = [c for c, n in tried.items() if n > 1]
        assert not twice, f"§36B: crimes tried twice: {twice}"
        for c in self.sheet("Crimes"):
            assert (c["status"] == "tried") == (c["tried_day"] is not None), f"§36B: {c}"
        players = {str(p["name"]): str(p.get("status") or "free") for p in self.sheet("Players")}
        running = {str(x["owner"]) for x in self.sheet("Liners") if x["status"] == "open"}
        bonus: dict[str, int] = Counter()
        turned: Counter[tuple[str, str]] = Counter()
        for p in self.sheet("PR"):
            reason = str(p["reason"])
            if reason.startswith(
                ("runs a space passenger line", "no longer runs a passenger line")
            ):
                bonus[str(p["player"])] += int(p["change"])
            for what in ("pirate", "warlord"):
                if reason in (f"turned {what}",) or reason.startswith(f"made a {what}"):
                    turned[(str(p["player"]), what)] += 1
        for name, status in players.items():
            if status != "dead":
                want = 5 if name in running else 0
                assert bonus.get(name, 0) == want, (
                    f"§36C: {name} {'runs' if want else 'runs no'} line and has {bonus.get(name, 0):+d} PR for it"
                )
        assert all(n == 1 for n in turned.values()), f"§33 §36C: PR -15 more than once: {turned}"

    @invariant()
    def ended_crews_are_paid_no_wages(self) -> None:
        """§13 §14: a crew that quit, died or was discharged earns nothing after its last day."""
        ended = {
            str(c["id"]): int(c["ended_day"])
            for c in self.sheet("Crews")
            if c["status"] != "active" and c["ended_day"] is not None
        }
        if not ended:
            return
        for r in self.journal():
            if r["kind"] != "wages" or r["amount"] >= 0:
                continue
            m = WAGES_OF.search(str(r["memo"]))
            for crew in m.group(1).split(", ") if m else ():
                assert not (crew in ended and int(r["day"]) > ended[crew]), (
                    f"§13: crew {crew} ended on day {ended[crew]} and is paid on day {r['day']}"
                )


TestTriplanetaryLong, TestTriplanetaryQuick, TestTriplanetaryDeep = games_of(
    Triplanetary, "Triplanetary", long=(10, 30), deep=(20, 40)
)
