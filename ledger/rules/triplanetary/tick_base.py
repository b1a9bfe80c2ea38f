"""What every step of Triplanetary's day (`ledger tick`, tick.py) uses: the books and their
state, the day's report lines, paying in one transaction or not at all, the §6 tax split and
the Patrol's fines, and the crews each post feeds (§14).
"""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal

from ledger.core.books import Player
from ledger.core.charges import payer_postings, spendable
from ledger.core.money import Money, round_money
from ledger.core.report import Line, TickReport
from ledger.core.steps import merged, post_pieces
from ledger.rules.triplanetary.books import Books
from ledger.rules.triplanetary.kit import collected_when, creditor_pieces, owe, state_of
from ledger.rules.triplanetary.model import Due, Mine, Post, State
from ledger.rules.triplanetary.roles import PATROL_ROLE
from ledger.rules.triplanetary.settings import Rules

#: How the terminal digest names a group of charges by their rule.
DIGEST_LABELS = {
    "§13": "wages",
    "§8": "office fees",
    "§14": "Patrol fines for emergency supplies",
    "§29": "property tax",
    "§6": "fines and taxes owed, paid",
    "§20": "recreation module takings",
}


class TickerBase:
    """The books being ticked, the period's report and what the steps share; the steps are
    its subclasses, and `tick.Ticker` runs them in the day's order."""

    def __init__(self, books: Books) -> None:
        self.books = books
        self.state: State = state_of(books)
        self.rules = Rules.of(books.settings)
        self.report = TickReport(
            books.day, books.day, currency=books.currency, labels=DIGEST_LABELS
        )
        self._first_txn = len(books.journal)  # the period's transactions are those after it
        self._crew_changes = 0
        self._calendar: defaultdict[int, set[int]] | None = None
        self._by_supplier: tuple[tuple[int, int, int], dict[str, list[int]]] | None = None
        self._crewed: tuple[dict[str, list[int]], set[str]] | None = None
        #: What the days change the same way, day after day, kept here and written by
        #: `settle` when a step that reads it comes (each step that does says so) and at the
        #: end: a post without crews is fed through the day (§14), (its list, its index) ->
        #: the last such day; ore made into a Cargo row that is there (§23), (holder, good) ->
        #: the units. Some 140,000 new records a long tick need not make (issue 14).
        self._idle: dict[tuple[str, int], int] = {}
        self._made: dict[tuple[str, str], int] = {}
        self._idle_ct: set[str] = set()  # C-T mines without grapples, said once (§23)

    # -- what the days kept aside (see __init__) -------------------------------------------------
    def settle(self) -> None:
        """Write every change kept aside: the state is then as if each day had written it."""
        for key in list(self._idle):
            self.fed_post(key)
        for (holder, good), qty in self._made.items():
            self.state.add_cargo(holder, good, qty)
        self._made.clear()

    # -- §6 dues -------------------------------------------------------------------------------
    def collect_dues_s6(self, only: str | None = None) -> None:
        """What is owed, oldest first, as much as each player has (`only`: that player's)."""
        state = self.state
        if not state.dues:
            return
        broke: set[str] = set()  # who had nothing to pay with, until someone is paid
        for due in state.dues:  # oldest first, as much as the player has
            if due.amount <= 0 or (only is not None and due.player != only) or due.player in broke:
                continue
            player = self.player(due.player)
            if player is None:
                continue
            amount = min(due.amount, self._available(player))
            if amount <= 0:
                broke.add(due.player)
                continue
            pieces = creditor_pieces(self.books, due.creditor, amount)
            txn = self.pay(
                player,
                pieces,
                kind="due",
                memo=f"{player.name} pays what was owed: {due.reason}",
                rule=due.rule,
            )
            if txn is None:
                continue
            broke.clear()  # the creditor may be a player, who now has money
            due = state.update(due, amount=due.amount - amount)
            left = f"; {due.amount:.2f} KC still owed" if due.amount else ""
            self.line(
                player.name,
                "charge",
                f"paid what was owed since day {due.day}: {due.reason}{left}",
                due.rule,
                amount,
                txn,
            )
            if (
                not due.amount
                and due.crime
                and not any(x.amount for x in state.dues if x.crime == due.crime)
            ):
                for crime in state.crimes:
                    if crime.id == due.crime and crime.status == "open":
                        state.update(crime, status="paid")

    def fed_post(self, key: tuple[str, int]) -> Post:
        """The post at `key` (the state's list, ships, bases or mines, and its index there), fed
        through the last day it had no crews, as that day left it."""
        name, i = key
        post: Post = getattr(self.state, name)[i]
        day = self._idle.pop(key, None)
        if day is not None and post.fed_until < day:
            post = self.state.update(post, fed_until=day)
        return post

    def make_cargo(self, holder: str, good: str, qty: int) -> None:
        """`qty` of `good` into `holder`'s store: its Cargo row is changed by `settle`, or made
        now if it has none (so that new rows come in the order they did)."""
        key = (holder, good)
        if key in self._made:
            self._made[key] += qty
        elif self.state.has_cargo_row(holder, good):
            self._made[key] = qty
        else:
            self.state.add_cargo(holder, good, qty)

    # -- helpers -------------------------------------------------------------------------------
    @property
    def day(self) -> int:
        return self.books.day

    def player(self, name: str) -> Player | None:
        return self.books.player(name)

    def line(
        self,
        player: str,
        kind: str,
        text: str,
        rule: str,
        amount: Decimal | None = None,
        txn: int | None = None,
    ) -> None:
        self.report.lines.append(Line(self.day, player, kind, text, rule, amount, txn))

    def pay(
        self, player: Player, pieces: list[tuple[str, Decimal]], *, kind: str, memo: str, rule: str
    ) -> int | None:
        """The player pays all of `pieces` (account, amount) in one transaction, or nothing."""
        total = sum((a for _, a in pieces), Decimal(0))
        money = Money(round_money(total), self.books.currency)
        postings = payer_postings(self.books, player, money)
        if postings is None:
            return None
        pieces = [*((p.account, p.amount.amount) for p in postings), *pieces]
        if len(merged(pieces)) < 2:
            return 0  # nothing to move (a zero charge, or a player paying itself): paid
        event = f"tick day {self.day}"
        return post_pieces(self.books, pieces, kind=kind, memo=memo, rule=rule, event=event).id

    def fine(self, owner: str, amount: Decimal, why: str, rule: str) -> None:
        """A fine to the Patrol (§6); if it cannot be paid now, it is owed."""
        player = self.player(owner)
        if player is None or amount <= 0 or player.role == PATROL_ROLE:
            return  # the Patrol does not fine itself
        now = min(amount, self._available(player))
        if now > 0:
            txn = self.pay(
                player, [("patrol", now)], kind="fine", memo=f"Patrol fine: {why}", rule=rule
            )
            if txn:
                self.line(owner, "charge", f"Patrol fine: {why}", rule, now, txn)
        rest = amount - now
        if rest > 0:
            owe(self.state, Due("", owner, "patrol", rest, f"Patrol fine: {why}", self.day, rule))
            self.line(
                owner,
                "event",
                f"Patrol fine of {rest:.2f} KC owed: {why}; {collected_when(owner)}",
                rule,
                None,
            )

    def crews_by_supplier(self) -> dict[str, list[int]]:
        """Active crews (their indices in the Crews sheet) by the post whose supplies feed
        them: a mine with a base on its hex is fed by the base (§19: a base is a supply depot;
        §13: a crew can man both). Kept while no crew is hired, quits, dies or moves."""
        key = self._crew_key()
        if self._by_supplier is not None and self._by_supplier[0] == key:
            return self._by_supplier[1]
        posts = self.state.posts()
        out: dict[str, list[int]] = defaultdict(list)
        for i, c in enumerate(self.state.crews):
            if not c.active:
                continue
            post = posts.get(c.post)
            if isinstance(post, Mine) and post.base and post.base in posts:
                out[post.base].append(i)
            else:
                out[c.post].append(i)
        self._by_supplier = (key, out)
        return out

    def crewed(self) -> set[str]:
        """The posts with active crews, the bases whose supplies feed some, and the mines on a
        crewed base's hex (§13: a crew can man both); kept as `crews_by_supplier` is."""
        by_supplier = self.crews_by_supplier()
        if self._crewed is not None and self._crewed[0] is by_supplier:
            return self._crewed[1]
        crews = self.state.crews
        crewed = set(by_supplier)
        crewed |= {crews[i].post for at in by_supplier.values() for i in at}
        crewed |= {m.id for m in self.state.mines if m.base and m.base in crewed}
        self._crewed = (by_supplier, crewed)
        return crewed

    def _crew_key(self) -> tuple[int, int, int]:
        """Changes whenever the set of active crews or of posts may have changed."""
        return (
            len(self.state.crews),
            self._crew_changes,
            len(self.state.ships) + len(self.state.bases) + len(self.state.mines),
        )

    def _posts_at(self) -> list[tuple[tuple[str, int], Post]]:
        """Every post as it is now, with its key for `fed_post`: its list's name, its index."""
        s = self.state
        return [
            ((name, i), post)
            for name, group in (("ships", s.ships), ("bases", s.bases), ("mines", s.mines))
            for i, post in enumerate(group)
        ]

    def _available(self, player: Player) -> Decimal:
        return spendable(self.books, player)
