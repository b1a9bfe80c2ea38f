"""The 21-field game played by a machine against the books' invariants (issue 26): random valid
and invalid commands through the real CLI (`roll` with entered or seeded dice, `tick`, `pay`,
rows the banker types in Events, Owners and Settings, `undo`, the commands that only show,
commands of other games), each step held to tests/machine.py's invariants and this game's own.

The machine keeps a small model of the table written from the rule text and the README's board
(not from ledger's code): whose turn, the round, every piece, purse and owner, the Events rows
typed and not yet posted. Every turn the books record (Turns sheet) is played on the model
with the turn's dice, and the journal's postings of the turn must be the model's to the cent:
the price to the bank (703.3), the rent to the owner by the camps or fleets owned (705.1b), a
refuge's bonus and a tax (706.1, the Caravan's choice), all one has when it is not enough
(204.1a) and then out (401.2), the last one left the winner (403.1).
"""

from __future__ import annotations

import copy
from collections import defaultdict
from decimal import Decimal
from typing import Any

from hypothesis import event
from hypothesis import strategies as st
from hypothesis.stateful import initialize, invariant, precondition, rule

from tests.conftest import _as_openpyxl
from tests.machine import BooksMachine, games_of
from tests.rules.matador21.model import (
    BOARD,
    BOARD_COLUMNS,
    OWNABLE,
    READ,
    Model,
    Row,
    read,
    txns_of,
)

NAMES = ("Ann", "Bob", "Cy", "Dee")
#: Commands of the other games.
FOREIGN = [("buy", "Ann", "transport"), ("order", "ABC", "v"), ("start", "Ann"), ("risk", "Ann"),
           ("draw",), ("trial", "Ann", "--crime", "X1"), ("build", "Ann", "1"), ("fly",)]  # fmt: skip
SHOW = [("status",), ("report", "game"), ("statement",), ("balance",), ("forecast", "2"),
        ("journal",), ("check",), ("history",)]  # fmt: skip
BAD_DICE = ["0,3", "7,1", "3", "a,b", "3,4,5", "2.5,1", "-1,3"]


class Matador21(BooksMachine):
    NEW = ("new", "--game", "matador21", "--seed", "5", "-p", "Ann", "-p", "Bob", "-p", "Cy")

    def __init__(self) -> None:
        super().__init__()
        self.model: Model
        self.snaps: list[Model] = []  # the model before each change in self.done
        self.unsaved = False  # cells typed since ledger last saved: undo refuses
        self.seen: object = None
        self.balanced: object = None

    @initialize(
        players=st.integers(2, 4), seed=st.integers(1, 3), first=st.none() | st.integers(0, 3)
    )
    def start(self, players: int, seed: int, first: int | None) -> None:
        """2-4 players, a seed; the first player drawn (301.4) or entered with --first."""
        names = NAMES[:players]
        args = ["new", "--game", "matador21", "--seed", str(seed)]
        args += [a for n in names for a in ("-p", n)]
        if first is not None:
            args += ["--first", names[first % players]]
        if self.table is None:
            self.path.unlink()
        self.begin(*args)
        rows = self.read()["Players"]
        order = [r["name"] for r in sorted(rows, key=lambda r: r["order"])]
        i = names.index(order[0])
        assert first is None or i == first % players, "301.4: --first begins"
        assert order == [*names[i:], *names[:i]], "102.3: the order as entered, from the first"
        start = Decimal("30000.00")
        self.model = Model(order, dict.fromkeys(names, start), dict.fromkeys(names, 1))
        self.model.current = order[0]

    def read(self) -> dict[str, list[dict[str, Any]]]:
        """The game's sheets' rows by header with their row numbers (`_row`), the Journal's
        amounts exact (model.read: as openpyxl reads the file)."""
        if self.table is None:
            return read(self.path)
        out: dict[str, list[dict[str, Any]]] = {}
        for sheet in self.table.raw:
            if sheet.name in READ:
                header = [str(h) for h in sheet.rows[0][1]]
                out[sheet.name] = [
                    {
                        **{
                            h: _as_openpyxl(r[i] if i < len(r) else "")
                            for i, h in enumerate(header)
                        },
                        "_row": n,
                    }
                    for n, r in sheet.rows[1:]
                    if any(v != "" for v in r)
                ]
        for r in out["Journal"]:
            r["amount"] = Decimal(str(r["amount"])).quantize(Decimal("0.01"))
        return out

    # -- running a command against the model -----------------------------------------------
    def act(self, *args: str, accepted: bool | None, choice: str | None = None) -> Any:
        """Run a changing command the model expects to be `accepted` (None: either); when it
        is, post the waiting Events rows on the model and play the turns the books recorded."""
        snap, n = copy.deepcopy(self.model), len(self.done)
        last = max((r["txn"] for r in self.read()["Journal"]), default=0)
        run = self.do(*args)
        said = run.stdout + run.stderr
        if accepted is not None:
            assert (run.exit_code == 0) == accepted, f"ledger {' '.join(args)}: {said}"
        if len(self.done) > n:
            self.snaps.append(snap)
            self.unsaved = False
        if run.exit_code == 0:
            self.replay(last, choice)
        return run

    def replay(self, last: int, choice: str | None) -> None:
        """Play on the model what the books recorded since: the waiting Events rows, then the
        command's turns; each turn its player's in its round from the model's field, its
        journal postings the rules'."""
        m = self.model
        turns = self.read()["Turns"]
        postings: dict[int, list[tuple[str, Decimal]]] = defaultdict(list)
        for r in self.read()["Journal"]:
            postings[r["txn"]].append((r["account"], r["amount"]))
        waiting, m.pending = m.pending, []
        rows = turns[m.turns :]
        for entered in [*waiting, *([None] * len(rows))]:
            if entered is not None and entered[0] == "pay":
                m.pay(*entered[1:])
                last += 1  # its transaction
                continue
            if not rows:
                break
            row = rows.pop(0)
            assert m.winner is None, f"403.1: a turn after {m.winner} won: {row}"
            me = m.current
            assert me is not None
            assert (row["player"], row["round"], row["from"]) == (me, m.round, m.field[me]), (
                f"102.3: turn {row['turn']} is {me}'s, round {m.round}, from {m.field[me]}: {row}"
            )
            d1, d2 = (int(x) for x in str(row["dice"]).split(","))
            if entered is not None:  # ("roll", player or None, d1, d2, --caravan or None)
                assert (entered[1] or me, d1, d2) == (me, *entered[2:4]), f"{entered}: {row}"
            txns = txns_of(row["txn"])
            last = max([last, *txns])
            by = (choice if entered is None else entered[4]) or m.tax_choice
            to, moves = m.turn(d1, d2, by, last)
            posted = sorted(p for t in txns for p in postings[t] if p[1] != 0)
            assert (row["to"], posted) == (to, sorted(moves)), f"turn {row}: the rules say {moves}"
            assert ("is out" in row["what"]) == (me in m.out_at), row
            event(f"landed on {BOARD[to][0]}" + (" and out" if me in m.out_at else ""))
            if "camps" in row["what"] or "fleets" in row["what"]:
                event(f"rent of {row['what'].split('(')[1].split(')')[0].split('× ')[-1]}")
            if m.winner:
                event("won")
        assert len(turns) == m.turns, f"{len(turns)} turns played, the model has {m.turns}"

    # -- the rules -------------------------------------------------------------------------
    @rule(data=st.data())
    def roll(self, data: st.DataObject) -> None:
        """103.1: the current player's turn, from dice entered (valid or not) or seeded."""
        m = self.model.settled()
        args, ok = ["roll"], m.winner is None
        dice = data.draw(st.sampled_from(["seeded", "entered", "aimed", "aimed", "bad"]), "dice")
        if dice in ("entered", "aimed"):
            pips = data.draw(st.integers(2, 12), "pips")
            if dice == "aimed" and m.current is not None:  # at another's field, or a Tax
                here = m.field[m.current]
                targets = [f for f, o in m.owner.items() if o != m.current] + [16, 17]
                near = [(f - here) % 21 for f in targets if 2 <= (f - here) % 21 <= 12]
                pips = data.draw(st.sampled_from(near), "aim") if near else pips
            d1 = data.draw(st.integers(max(1, pips - 6), min(6, pips - 1)), "d1")
            args += ["--dice", f"{d1},{pips - d1}"]
        elif dice == "bad":
            args += ["--dice", data.draw(st.sampled_from(BAD_DICE))]
            ok = False
        caravan = data.draw(st.sampled_from([None, None, "fixed", "percent", "half"]), "caravan")
        if caravan:
            args += ["--caravan", caravan]
            ok = ok and caravan != "half"
        who = data.draw(st.sampled_from([None, None, "current", "other", "Zed"]), "player")
        if who:
            others = [n for n in m.order if n != m.current]
            name = {"current": m.current, "Zed": "Zed"}.get(who) or data.draw(
                st.sampled_from(others)
            )
            args += ["--player", str(name)]
            ok = ok and name == m.current
        self.act(*args, accepted=ok, choice=caravan)

    @rule(rounds=st.integers(1, 3) | st.sampled_from(["0", "-1", "x"]))
    def tick(self, rounds: int | str) -> None:
        """N rounds from the seeded dice: N rounds later, unless the game was won."""
        m = self.model.settled()
        ok = isinstance(rounds, int) and m.winner is None
        run = self.act("tick", str(rounds), accepted=ok)
        if ok and self.model.winner is None:
            assert self.model.round == m.round + int(rounds), run.stdout

    @rule(
        data=st.data(), how=st.sampled_from(["all", "most", "most", "some", "over", "bad", "bank"])
    )
    def pay(self, data: st.DataObject, how: str) -> None:
        """204.1: players pay each other; `all` pays exactly all one has (not losing, 402);
        `most` leaves a little, so that the next rent or tax is more than they have."""
        m = self.model.settled()
        src = data.draw(st.sampled_from([m.current or "bank", *m.order, "bank", "Zed"]), "src")
        dst = data.draw(st.sampled_from(["bank", *m.order, "Zed"]), "dst")
        have = m.cash.get(src, Decimal(10**6))
        amount: Decimal | str = {
            "all": have,
            "most": have - data.draw(st.sampled_from([Decimal(n) for n in (1, 500, 700, 4000)])),
            "over": have + Decimal("0.01"),
            "some": data.draw(st.decimals("0.01", "3000", places=2), "amount"),
            "bad": data.draw(st.sampled_from(["0", "-1", "1,5", "abc", "1e9", "0.001"])),
            "bank": Decimal(500),
        }[how]
        if how == "bank":
            src, dst = "bank", m.current or m.order[0]
        ok = m.may_pay(src, dst, amount)
        self.act("pay", src, dst, str(amount), accepted=ok)
        if ok:
            assert isinstance(amount, Decimal)
            self.model.pay(src, dst, amount)

    @rule(data=st.data(), then=st.sampled_from(["post", "post", "roll", "pay", "undo"]))
    def events_row(self, data: st.DataObject, then: str) -> None:
        """The banker types a row in Events (a payment, or a turn as the table threw it); the
        next changing command posts it first. A row the rules refuse blocks every change until
        put right; `undo` refuses to throw the typed row away."""
        m = self.model.settled()
        entered: Row
        if data.draw(st.booleans(), "a roll row"):
            d1, d2 = data.draw(st.integers(1, 6)), data.draw(st.integers(1, 6))
            who = data.draw(st.sampled_from([m.current, None, *m.order]), "player")
            caravan = data.draw(st.sampled_from([None, "fixed", "percent"]), "caravan")
            args = f"--dice {d1},{d2}" + (f" --caravan {caravan}" if caravan else "")
            cells = [None, None, "roll", who, None, None, args, None]
            entered = ("roll", who, d1, d2, caravan)
            ok = m.winner is None and who in (None, m.current)
        else:
            src = data.draw(st.sampled_from(m.order), "src")
            dst = data.draw(st.sampled_from([*m.order, "bank"]), "dst")
            amount = data.draw(st.sampled_from([Decimal(100), m.cash[src], Decimal(10**6)]))
            cells = [None, None, "pay", src, dst, amount, None, None]
            entered, ok = ("pay", src, dst, amount), m.may_pay(src, dst, amount)
        before = self.kept_books()
        self.type_in("Events", [cells])
        if not ok:  # refused by every changing command until put right
            args = ("pay", "bank", m.order[0], "1") if then == "pay" else (then,)
            run = self.do(*(args if then != "undo" else ("post",)))
            assert run.exit_code != 0 and "Events!" in run.stdout + run.stderr, run.stderr
            self.put_back(before)  # the banker deletes the row
            return
        self.unsaved = True
        self.model.pending.append(entered)
        if then == "undo" and self.table is None:  # (undo is the file's business)
            return self.undo()
        if then == "roll" and entered[0] == "pay" and m.winner is None:
            self.act("roll", accepted=True)
        elif then == "pay" and m.winner is None:
            self.act("pay", "bank", m.left()[0], "1", accepted=True)
            self.model.pay("bank", m.left()[0], Decimal(1))
        else:
            run = self.act("post", accepted=True)
            assert "posted Events!" in run.stdout + run.stderr, run.stderr
        assert all(r["posted"] for r in self.read()["Events"]), "a row not posted"

    @rule(data=st.data())
    def type_an_owner(self, data: st.DataObject) -> None:
        """The banker writes an owner in the Owners sheet (a correction, a deal at the table):
        a player still in owns it from the next command on; one who is out, or no player, is
        refused by every command until put right (401.2b)."""
        m = self.model
        f = data.draw(st.sampled_from(OWNABLE), "field")
        who = data.draw(st.sampled_from([*m.order, "", "", "Zed"]), "owner")
        before = self.kept_books()
        rows = {r["field"]: r["_row"] for r in self.read()["Owners"]}
        at = rows.get(f, max(rows.values(), default=1) + 1)
        if who or f not in rows or data.draw(st.booleans(), "keep the row"):
            self.type_cells({f"Owners!A{at}": f, f"Owners!C{at}": who or None})
        else:  # the row deleted: nobody's (ledger writes it again when the field is bought)
            self.type_cells({f"Owners!{c}{at}": None for c in "ABC"})
        if who == "Zed" or who in m.out_at:
            run = self.do("pay", "bank", m.order[0], "1")
            said = run.stdout + run.stderr
            assert run.exit_code != 0 and f"Owners!C{at}" in said, said
            assert who == "Zed" or "401.2b" in said, said
            self.put_back(before)  # the banker puts it right
            return
        self.unsaved = True
        if who:
            m.owner[f] = who
        else:
            m.owner.pop(f, None)

    @rule(data=st.data())
    def move_a_piece(self, data: st.DataObject) -> None:
        """The banker moves a piece in the Players sheet (a correction): the next turn starts
        there; off the board (603) is refused until put right."""
        m = self.model
        who = data.draw(st.sampled_from(m.left()), "player")
        to = data.draw(st.integers(0, 22), "field")
        row = next(r["_row"] for r in self.read()["Players"] if r["name"] == who)
        before = self.kept_books()
        self.type_cells({f"Players!D{row}": to})
        if not 1 <= to <= 21:
            run = self.do("pay", "bank", who, "1")
            assert run.exit_code != 0 and f"Players!D{row}" in run.stderr, run.stderr
            assert "603" in run.stderr, run.stderr
            self.put_back(before)
            return
        self.unsaved = True
        m.field[who] = to

    @rule(choice=st.sampled_from(["smaller", "fixed", "percent", "half"]))
    def type_the_tax_choice(self, choice: str) -> None:
        """706.1: the house rule for the Caravan when the roll does not say."""
        before = self.kept_books()
        row = next(r["_row"] for r in self.read()["Settings"] if r["key"] == "tax_choice")
        self.type_cells({f"Settings!B{row}": choice})
        if choice == "half":
            run = self.do("pay", "bank", self.model.order[0], "1")
            assert run.exit_code != 0 and "tax_choice" in run.stdout + run.stderr
            self.put_back(before)
            return
        self.unsaved = True
        self.model.tax_choice = choice

    @rule(data=st.data())
    def type_a_board_number(self, data: st.DataObject) -> None:
        """The banker changes a price, rent, bonus, tax or the Caravan's percentage in the
        Board sheet (a house rule): the next turn plays it; below 0 is refused until put
        right."""
        f = data.draw(st.sampled_from(sorted(BOARD)), "field")
        numbers = self.model.board[f]
        column = data.draw(st.sampled_from([k for k, v in numbers.items() if v is not None]))
        value = data.draw(st.sampled_from(["0", "0.05", "99.99", "250.50", "12.5", "-1"]))
        before = self.kept_books()
        cell = f"Board!{'DEFGHI'[BOARD_COLUMNS.index(column)]}{f + 1}"
        self.type_cells({cell: float(value) if "." in value else int(value)})
        bad = value.startswith("-") or (column == "percent" and Decimal(value) > 100)
        if bad:
            run = self.do("pay", "bank", self.model.order[0], "1")
            assert run.exit_code != 0 and cell in run.stderr, run.stderr
            self.put_back(before)
            return
        self.unsaved = True
        numbers[column] = Decimal(value)

    @rule(command=st.sampled_from(FOREIGN))
    def a_command_of_another_game(self, command: tuple[str, ...]) -> None:
        assert self.do(*command).exit_code != 0

    @precondition(lambda self: self.table is None)  # what the CLI alone shows
    @rule(command=st.sampled_from(SHOW))
    def a_command_that_shows(self, command: tuple[str, ...]) -> None:
        n = len(self.done)
        assert self.do(*command).exit_code == 0
        assert len(self.done) == n, f"`ledger {' '.join(command)}` changed the workbook"

    @precondition(lambda self: self.done)
    @rule()
    def undo(self) -> None:
        if self.unsaved:  # cells typed since the last save: undo would lose them
            run = self.do("undo")
            why = ["changed-since-save"] + ([] if self.done else ["nothing-to-undo"])
            assert run.exit_code != 0 and any(w in run.stderr for w in why), run.stderr
            return
        self.undo_last()
        self.model = self.snaps.pop()

    # -- the game's invariants -------------------------------------------------------------
    @invariant()
    def the_books_balance_and_every_figure_shown_is_the_journals(self) -> None:
        """tests/machine.py's, once per version of the workbook: the same bytes show the same
        (most steps are refusals, which change nothing; a helper any machine could use)."""
        key = self.version()
        if key != self.balanced:
            super().the_books_balance_and_every_figure_shown_is_the_journals()
            self.balanced = key

    @invariant()
    def the_table_is_the_models(self) -> None:
        """`status` says what the rules say: whose turn, the round, the winner, each player's
        cash, field, fields owned and whether out."""
        key = (self.version(), repr(self.model))
        if key == self.seen:
            return
        self.seen = key
        m = self.model
        s = self.status_json()
        assert s is not None, "status refused"
        assert (s["turn"], s["round"], s["winner"]) == (m.current, m.round, m.winner), s
        for name, p in s["players"].items():
            owns = sorted(f for f, o in m.owner.items() if o == name)
            want = (f"{m.cash[name]:.2f}", m.field[name], owns, name in m.out_at)
            assert (p["cash"], p["field"], p["owns"], p["out"]) == want, (name, p, m)
            if p["out"]:
                assert (p["cash"], p["owns"]) == ("0.00", []), f"204.1a, 401.2b: {name} {p}"
        self.the_journal_keeps_the_rules()

    def the_journal_keeps_the_rules(self) -> None:
        """From the journal's rows in order: nobody's cash below 0 at any time (204.1a); nothing
        posted to a player after they went out (401.2c); rent only to an owner still in
        (705.1b, 401.2b); nothing after the game was won (403.1)."""
        m = self.model
        cash: dict[str, Decimal] = defaultdict(Decimal)
        by_txn: dict[int, list[dict[str, Any]]] = defaultdict(list)
        for r in self.read()["Journal"]:
            by_txn[r["txn"]].append(r)
        for txn, rows in sorted(by_txn.items()):
            for r in rows:
                account = str(r["account"])
                name = account[5:] if account.startswith("cash:") else None
                gone = name is not None and name in m.out_at and txn > m.out_at[name]
                assert not gone, f"401.2c: {name} is out since txn {m.out_at[str(name)]}: {txn}"
                if "705.1b" in str(r["rule"] or "") and r["amount"] > 0:
                    assert name is not None and not gone, f"705.1b: rent in txn {txn} to {account}"
                cash[account] += r["amount"]
            for account, total in cash.items():
                assert account == "bank" or total >= 0, f"204.1a: {account} {total} at txn {txn}"
        if m.winner is not None:  # the last one out made the winner
            won = max(m.out_at.values())
            assert max(by_txn) <= won, f"403.1: txn {max(by_txn)} after the win at txn {won}"

    @invariant()
    def the_turn_order_is_the_rules(self) -> None:
        """102.3, 401.2c, 403.1 from the sheets alone: each turn is the next player still in
        after the one before, in the Players' order; a round ends when the order starts over;
        no turn after the one that won."""
        got = self.read()
        order = [r["name"] for r in sorted(got["Players"], key=lambda r: r["order"])]
        out: set[str] = set()
        expect, rnd = order[0], 1
        for i, t in enumerate(got["Turns"]):
            assert (t["player"], t["round"], t["turn"]) == (expect, rnd, i + 1), (t, expect, rnd)
            if "is out" in str(t["what"]):
                out.add(expect)
            left = [n for n in order if n not in out]
            if len(left) == 1:
                assert "403.1" in str(t["rule"]) and i == len(got["Turns"]) - 1, t
                break
            later = [n for n in left if order.index(n) > order.index(expect)]
            expect, rnd = (later[0], rnd) if later else (left[0], rnd + 1)


TestMatador21Long, TestMatador21Quick, TestMatador21Deep = games_of(
    Matador21, "Matador21", long=(20, 40), deep=(40, 40)
)
