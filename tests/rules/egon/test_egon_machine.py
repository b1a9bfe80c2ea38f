"""Das kleine Egon-Spiel played by a machine against the books' invariants (issue 26): every
command of the game (the 12 orders of the two action phases with `--file`, `--replace`,
`--delete`; draw, purchase, build, status, tick, pay; rows typed into the Orders, Traders and
Events sheets; undo; a command of another game) with valid and invalid arguments, each step
held to tests/machine.py's invariants and this game's own:

- a player out of the game (past the debt limit, section 2) neither pays nor is paid after the
  round that put him out, and stays out;
- a player who sits in the Gefängnis or Zuchthaus (4.6), or was sent there earlier in the
  round, earns and pays nothing by an order (only salary and interest, 2; the buying phase, 3;
  a blackmail's penalty he is owed, 6.6.42/6.6.43);
- once: one order a player in each action phase (4.1), one lottery ticket (5.4), one salary a
  round (2), one purchase and one build a round (3, 7), a blackmail settled once (6.6.3), a
  round evaluated once;
- the DI is never below 0 (6.1.4), a store never below 0, a tower never below its foundation
  (6.5); a round's Results are its journal, to the cent;
- the tick never refuses with the engine's catch-all (bad-round): what it refuses is named
  where it is typed, by the command or by `check`.

The game is played with 2 to 5 rounds (the Settings row `rounds`, typed as a banker would) so
that its end is reached, and with draws that put players in jail and out of the game.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from decimal import Decimal
from typing import Any

from hypothesis import strategies as st
from hypothesis.stateful import initialize, invariant, precondition, rule

from tests.conftest import Run
from tests.machine import CENT, BooksMachine, games_of

PLAYERS = ("ABC", "BOB", "CAT", "DAN")
TRADERS = ("Alois", "Bolle", "Egon")
JAILED = ("Gefängnis", "Zuchthaus")
OUT = "ausgeschieden"
#: What a player sitting in jail may still be paid or pay in a round (see the docstring).
JAIL_MONEY = {"2", "3", "6.6.42", "6.6.43"}
ROUNDS = (2, 3, 3, 5)  # the games' lengths (the Settings row rounds)

small = st.sampled_from
#: Draws by hand that decide the edges: a high ZZ catches forgers and thieves, a low one lets
#: sabotage succeed; (numbers, ZZ, Z6).
DRAWS = [
    ("1,2,3,4,5,6", "7", "6"),
    ("11,22,33,40,45,49", "48", "49"),
    ("3,11,17,25,33,41", "2", "41"),
    ("9,18,27,36,44,10", "1", "10"),
]


def dec(value: Any) -> Decimal:
    return Decimal(str(value or 0)).quantize(CENT)


@st.composite
def order_code(draw: st.DrawFn, me: str, valid: bool = False) -> str:
    """One of the twelve orders (5.1-6.6), its fields mostly valid, sometimes not (never with
    ``valid``: a row typed wrong stops every command until it is corrected)."""
    others = [p for p in PLAYERS if p != me]

    def pick(good: list[str], bad: list[str]) -> str:
        return draw(small(good if valid else [*good, *bad]))

    who = pick([*others, *others], [me, "ZED"])
    code = draw(small("axvlfgpibdse"))
    if code == "a":
        return f"a,{pick([who, who, *TRADERS], [])}"
    if code == "x":
        return f"x,{pick(['1', '2', '5', '9'], ['0', '12'])},{who}"
    if code == "v":
        return "v"
    if code == "l":
        return f"l,{pick(['01', '17', '49', '6'], ['50', '66', 'xx'])}"
    if code == "f":
        return f"f,{pick(['100', '900', '5000', '20000'], ['0', '1.5'])}"
    if code == "g":
        return f"g,{pick(list(TRADERS), ['Zora'])},{draw(small(['50', '200', '500']))}"
    if code == "p":
        guests = draw(st.lists(small(others), min_size=int(valid), max_size=3, unique=True))
        return ",".join(["p", draw(small(["70", "300", "1000"])), *guests])
    if code in "ib":
        return f"{code},{pick(['1', '2', '4'], ['0'])}"
    if code == "d":
        return f"d,{draw(st.integers(1, 5))},{who}"
    if code == "s":
        return f"s,{draw(small(['100', '500', '1000']))},{who}"
    action = pick(["v", "l", "i", "b", "a", "i,2", "l,17", "f,900", "x,2,CAT"], ["zz"])
    return f"e,{action},{pick(['alle', who], [])}"


class EgonMachine(BooksMachine):
    NEW = ("new", "--game", "egon", *(a for p in PLAYERS for a in ("--player", p)))

    def __init__(self) -> None:
        super().__init__()
        self.sheets: dict[str, list[dict[str, Any]]] | None = None
        #: rows typed since ledger last saved: `undo` refuses to throw them away
        self.typed = False

    @initialize(rounds=small(ROUNDS))
    def a_short_game(self, rounds: int) -> None:
        """The banker types a shorter game into Settings (1.4's 13 rounds are a setting)."""
        self.set_setting("rounds", rounds)

    def do(self, *args: str) -> Run:
        before = len(self.done)
        run = super().do(*args)
        self.sheets = None
        self.typed = self.typed and len(self.done) == before
        return run

    def book(self) -> dict[str, list[dict[str, Any]]]:
        if self.sheets is None:
            self.sheets = self.every_sheet()
        return self.sheets

    def day(self) -> int:
        return int(next(r["value"] for r in self.book()["Settings"] if r["key"] == "day"))

    def status(self) -> dict[str, str]:
        return {str(r["name"]): str(r["status"]) for r in self.book()["Players"]}

    def free(self) -> list[str]:
        return [p for p, s in self.status().items() if s == "frei"] or list(PLAYERS)

    # -- orders ------------------------------------------------------------------------------
    @rule(data=st.data())
    def order(self, data: st.DataObject) -> None:
        me = data.draw(small([*self.free(), *PLAYERS, "zed", "abc"]))
        code = data.draw(order_code(me.upper()))
        extra: list[str] = []
        if code.startswith("e,") and data.draw(st.booleans()):
            extra += ["--penalty-kj", data.draw(small(["300", "0", "-5", "12.5", "x"]))]
        if data.draw(st.integers(0, 4)) == 0:
            extra += ["--penalty-stones", data.draw(small(["2", "0", "-1"]))]
        waiting = [str(b["blackmailer"]) for b in self.book()["Blackmails"]]
        if waiting and data.draw(st.booleans()):
            extra += ["--justified-against", data.draw(small([*waiting, "ZED", me]))]
        if data.draw(st.booleans()):
            extra.append("--replace")
        self.do("order", me, code, *extra)

    @rule(data=st.data())
    def order_file(self, data: st.DataObject) -> None:
        lines = []
        for _ in range(data.draw(st.integers(1, 3))):
            me = data.draw(small(self.free()))
            code = data.draw(order_code(me))
            pen = " --penalty-kj 300" if code.startswith("e,") else ""
            lines.append(f"{me} {code}{pen}")
        path = self.folder / f"letters-{len(self.log)}.txt"
        path.write_text("# the round's letters\n" + "\n".join(lines) + "\n", encoding="utf-8")
        self.do("order", "--file", str(path), *(["--replace"] if data.draw(st.booleans()) else []))

    @rule(data=st.data())
    def delete_a_row(self, data: st.DataObject) -> None:
        command, sheet = data.draw(small([("order", "Orders"), ("purchase", "Purchases"),
                                          ("build", "Purchases")]))  # fmt: skip
        n = len(self.book()[sheet])  # rows 2..n+1 hold them; 1 is the header
        row = data.draw(small([*range(2, n + 2), *range(2, n + 2), 1, n + 2]))
        self.do(command, "--delete", str(row))

    # -- the round ---------------------------------------------------------------------------
    @rule(which=st.integers(0, len(DRAWS)), again=st.booleans(), storm=st.booleans(),
          price=small([None, None, "60", "0", "-3", "sixty"]),
          given=small(["numbers,zz,z6"] * 4 + ["", "zz,z6", "numbers,zz"]))  # fmt: skip
    def draw(self, which: int, again: bool, storm: bool, price: str | None, given: str) -> None:
        """A draw by hand (some of its options), or from the seeded dice; what is recorded is
        what the command was given (8.1)."""
        args = ["draw"]
        told = {}
        if which < len(DRAWS):
            told = {k: v for k, v in zip(("numbers", "zz", "z6"), DRAWS[which], strict=True)}
            told = {k: v for k, v in told.items() if k in given.split(",")}
            args += [a for k, v in told.items() for a in (f"--{k}", v)]
        args += ["--again"] * again + ["--storm"] * storm
        args += ["--max-price", price] if price else []
        if self.do(*args).exit_code == 0:
            row = next(r for r in self.book()["Rounds"] if r["round"] == self.day() + 1)
            recorded = {"numbers": row["numbers"], "zz": str(row["zz"]), "z6": str(row["z6"])}
            assert all(recorded[k] == v for k, v in told.items()), (
                f"8.1: `ledger {' '.join(args)}` recorded {recorded}"
            )
            assert bool(row["storm"]) == storm, "6.1.6: the storm as given"

    @rule(build=st.booleans(), player=small([*PLAYERS, "ZED"]), stones=small(["1", "3", "0", "x"]),
          cost=small(["30", "350", "25000", "-1"]), replace=st.booleans())  # fmt: skip
    def purchase_or_build(
        self, build: bool, player: str, stones: str, cost: str, replace: bool
    ) -> None:
        """The buying phase's result (3) or the stones built (7), as the game master enters them."""
        args = ("build", player, stones) if build else ("purchase", player, stones, cost)
        self.do(*args, *(["--replace"] if replace else []))

    @rule(rounds=small(["1", "1", "1", "1", "2", "0"]), which=st.integers(0, len(DRAWS) - 1),
          drawn=small([True, True, True, False]))  # fmt: skip
    def tick(self, rounds: str, which: int, drawn: bool) -> None:
        """Evaluate the round; mostly its draw first (by hand, so that it decides the edges)."""
        before = self.day()
        if drawn and not any(r["round"] == before + 1 for r in self.book()["Rounds"]):
            numbers, zz, z6 = DRAWS[which]
            self.do("draw", "--numbers", numbers, "--zz", zz, "--z6", z6, "--max-price", "60")
        run = self.do("tick", rounds)
        said = run.stdout + run.stderr
        if run.exit_code:
            assert "bad-round" not in said, (
                "the tick refused what no command or check named where it is typed:\n" + said
            )
        else:
            assert self.day() == before + int(rounds), "a tick evaluates each round once"

    @rule(which=st.integers(0, len(DRAWS) - 1))
    def play_a_round(self, which: int) -> None:
        """A round as the banker mostly plays it: drawn, then evaluated (more often than the
        other commands, so that a game of a few dozen commands reaches its end)."""
        self.tick("1", which, True)

    @rule(data=st.data())
    def to_the_edge_again(self, data: st.DataObject) -> None:
        self.to_the_edge(data)

    @rule(data=st.data())
    def to_the_edge(self, data: st.DataObject) -> None:
        """What brings a player to an edge of the rules: caught forging, into the Gefängnis
        (5.5.3) or the Zuchthaus (4.6.4); a debt past the limit (2); a tower that sabotage
        can bring down (6.5); a ticket on a number drawn (5.4.34); a blackmail to defy (6.6)."""
        me = data.draw(small(self.free()))
        other = data.draw(small([p for p in PLAYERS if p != me]))
        edge = data.draw(small(["forge", "forge", "debt", "tower", "ticket", "blackmail"]))
        if edge == "forge":
            self.do("order", me, f"f,{data.draw(small(['5000', '20000']))}", "--replace")
        elif edge == "debt":
            self.do("pay", me, "world", "30000")
        elif edge == "tower":
            self.do("purchase", me, "6", "300", "--replace")
            self.do("build", me, "6", "--replace")
        elif edge == "ticket":
            self.do("order", me, f"l,{data.draw(small(['06', '49', '41', '10', '60']))}")
        else:
            action = data.draw(small(["v", "l", "b", "i,1"]))
            self.do("order", me, f"e,{action},{data.draw(small([other, 'alle']))}",
                    "--penalty-kj", "300", "--penalty-stones", "1")  # fmt: skip

    @rule()
    def status_is_the_books(self) -> None:
        if self.table is not None:  # what `status --json` shows, made by the function it calls
            from ledger.core.problems import has_errors

            if has_errors(self.table.problems):  # a row typed wrong stops it
                return
            shown = self.table.status()
        else:
            run = self.ledger("status", "--json", expect=None)
            if run.exit_code:  # a row typed wrong stops it, naming the cell
                assert "problem" in run.stderr and "internal error" not in run.stderr, run.stderr
                return
            shown = run.json()
            assert self.ledger("status").exit_code == 0
        cash = defaultdict(Decimal)
        for r in self.book()["Journal"]:
            cash[str(r["account"])] += dec(r["amount"])
        for name, p in shown["players"].items():
            assert Decimal(p["cash"]) == cash[f"cash:{name}"], f"status: {name}'s cash"
        assert shown["round"] == self.day()

    @rule(src=small([*PLAYERS, "world", "bank", "ZED"]), dst=small([*PLAYERS, "world"]),
          amount=small(["10", "400", "30000", "0", "-1", "1,5"]))  # fmt: skip
    def pay(self, src: str, dst: str, amount: str) -> None:
        self.do("pay", src, dst, amount)

    # -- rows typed by the banker, posted by the next command ------------------------------------
    @rule(data=st.data())
    def type_rows(self, data: st.DataObject) -> None:
        rnd = self.day() + data.draw(small([1, 1, 1, 0]))
        sheet = data.draw(small(["Orders", "Orders", "Traders", "Events", "Purchases", "Rounds"]))
        jailed = [p for p, s in self.status().items() if s in JAILED]
        me = data.draw(small([*jailed, *jailed, *PLAYERS]))  # the banker missed who sits
        row: list[Any]
        if sheet == "Orders":
            code = data.draw(order_code(me, valid=data.draw(small([True, True, True, False]))))
            waiting = [str(b["blackmailer"]) for b in self.book()["Blackmails"]] + ["CAT"]
            row = [rnd, me, code, 300 if code.startswith("e,") else None, None,
                   data.draw(small([None, None, *waiting]))]  # fmt: skip
        elif sheet == "Traders":
            row = [rnd, data.draw(small(TRADERS)), 10, data.draw(small([60, 45, None])), 2]
        elif sheet == "Purchases":
            who = data.draw(small([me, me, me, me, "ZED"]))
            row = [rnd, who, *data.draw(small([(2, 90), (0, 0, 1), (2, 0), (1, 30, 3)]))]
        elif sheet == "Rounds":
            numbers, zz, z6 = data.draw(small([*DRAWS, ("1,2,3,4,5,6", "0", "9"),
                                               ("1,2,3,4,5,5", "6", "5")]))  # fmt: skip
            row = [rnd, numbers, int(zz), int(z6)]
        else:
            payer, to = data.draw(st.permutations([*self.free(), "world"]))[:2]
            row = [None, None, "pay", payer, to, data.draw(small([5, 20000]))]
        self.type_in(sheet, [row])
        self.sheets = None
        self.typed = True
        self.log.append(f"typed {sheet}: {row}")

    @precondition(lambda self: self.done and not self.typed)
    @rule()
    def undo(self) -> None:
        self.undo_last()
        self.sheets = None

    @rule(command=small([("buy", "ABC", "transport"), ("roll",), ("crime", "ABC"),
                         ("rent", "ABC", "BOB")]))  # fmt: skip
    def a_command_of_another_game(self, command: tuple[str, ...]) -> None:
        assert self.do(*command).exit_code != 0

    # -- the game's own invariants -------------------------------------------------------------
    @invariant()
    def the_rules_of_the_egon_spiel_hold(self) -> None:
        book = self.book()
        results = book["Results"]
        journal = book["Journal"]
        # a round is evaluated once; its rows are its round's
        evaluated = Counter(r["round"] for r in book["Rounds"] if r["evaluated"])
        assert all(n == 1 for n in evaluated.values()), f"a round evaluated twice: {evaluated}"
        assert sorted(evaluated) == list(range(1, self.day() + 1)), (evaluated, self.day())
        # each player's status round by round (Results carry every change)
        status: dict[str, str] = {p: "frei" for p in PLAYERS}
        sitting: set[tuple[int, str]] = set()
        out_at: dict[str, int] = {}
        seen_round = 0
        for r in results:
            rnd, p = int(r["round"]), str(r["player"])
            if rnd != seen_round:
                sitting |= {(rnd, q) for q, s in status.items() if s in JAILED}
                seen_round = rnd
            if (rnd, p) in sitting or status[p] in JAILED:
                assert not dec(r["kj"]) or str(r["rule"]) in JAIL_MONEY, (
                    f"4.6: {p} sits in the {status[p]} in round {rnd} and is paid by {r}"
                )
            if status[p] == OUT:
                assert not (dec(r["kj"]) or r["store"] or r["tower"] or r["di"]), (
                    f"2: {p} is out of the game and still changes in round {rnd}: {r}"
                )
                assert r["status"] in (None, OUT), f"2: {p} is out for good: {r}"
            if r["status"]:
                status[p] = str(r["status"])
                if r["status"] == OUT:
                    out_at[p] = rnd
        for p, rnd in out_at.items():
            last = max(int(j["txn"]) for j in journal if j["event"] == f"round {rnd}")
            late = [j for j in journal if j["account"] == f"cash:{p}" and int(j["txn"]) > last]
            assert not late, f"2: {p} is out since round {rnd} and still pays or is paid: {late}"
        # once: an order a phase (4.1), a ticket (5.4), a salary (2), a blackmail's penalty (6.6.3)
        phases = Counter(
            (o["round"], str(o["player"]).upper(), str(o["order"])[0].lower() in "axvlfg")
            for o in book["Orders"]
            if o["result"]
        )
        assert all(n == 1 for n in phases.values()), f"4.1: two orders in a phase: {phases}"
        early = [o for o in book["Orders"] if o["result"] and o["round"] > self.day()]
        assert not early, f"an order evaluated before its round: {early}"
        once = Counter(
            (r["round"], r["player"], str(r["rule"]), str(r["source"]))
            for r in results
            if (r["rule"] == "5.4" and dec(r["kj"]) < 0)
            or (r["rule"] == "2" and str(r["text"]).startswith("salary"))
            or (str(r["rule"]) in ("6.6.42", "6.6.43") and dec(r["kj"]) < 0)
            or str(r["rule"]) in ("3", "7")  # one buying phase, one building (3, 7)
        )
        assert all(n == 1 for n in once.values()), f"used twice: {once}"
        # 6.1.4: the DI never below 0; stores and towers (6.5)
        for p in book["Players"]:
            assert int(p["di"] or 0) >= 0, f"6.1.4: {p['name']}'s DI is below 0"
            assert int(p["store"] or 0) >= 0, f"6.4.2: {p['name']}'s store is below 0"
            assert int(p["tower"] or 0) >= 12, f"6.5: {p['name']}'s tower is below its foundation"
        assert all(int(h["di"]) >= 0 for h in book["DIHistory"]), "6.1.4: a DI below 0"
        # 6.6.3: a blackmail waits one round; 5.4.6: a jackpot never below its Mindestinhalt
        waiting = {b["made_in_round"] for b in book["Blackmails"]}
        assert waiting <= {self.day()}, f"6.6.3: blackmails of rounds {waiting} still wait"
        minimum = {"A": 3200, "B": 1600, "C": 800}
        for j in book["Jackpots"]:
            assert dec(j["amount"]) >= minimum[j["class"]], f"5.4.6: jackpot {j}"
        # a round's Results are its journal
        kj: dict[tuple[int, str], Decimal] = defaultdict(Decimal)
        for r in results:
            kj[(int(r["round"]), f"cash:{r['player']}")] += dec(r["kj"])
        booked: dict[tuple[int, str], Decimal] = defaultdict(Decimal)
        for j in journal:
            if str(j["event"]).startswith("round ") and str(j["account"]).startswith("cash:"):
                booked[(int(str(j["event"])[6:]), str(j["account"]))] += dec(j["amount"])
        assert {k: v for k, v in kj.items() if v} == {k: v for k, v in booked.items() if v}


TestEgonLong, TestEgonQuick, TestEgonDeep = games_of(
    EgonMachine, "Egon", long=(15, 40), deep=(40, 40)
)
