"""`ledger tick N`: the periodic charges of Triplanetary V/2, day by day, to the letter.

Each day D (from today + 1 to today + N) is applied in this order; each step names its rule:

  1. §6     dues: fines and taxes owed are collected as soon as the player has money
  2. §12 §7 §9 §24  orders complete on their ready day (ships, bases, modules, corporations,
            mergers, claims)
  3. §41    prison terms end
  4. §8     offices: the next period's fee in advance; an office that cannot pay closes
     §11A   (an Executive Liner's office: its staff eat 2 units a period, or it closes)
     §21    base to base transfers: the day's CP arrive (all that is left on the ready day)
  5. §14    supplies: each crew eats one unit every 30 days, as many crews as the post has
            units; the others live on the post's emergency supplies with the Patrol's fine per
            day; then they die
  6. §20    recreation modules use their supplies or shut down; a ship's crew counts the days
            its ship has been at the module's base more than a week
  7. §13    wages: every 30 days since a crew was last paid, its owner pays what is owed (one
            transaction per owner per day; half to a recreation module the crew reaches, for a
            ship's crew half of the days counted);
            unpaid for 180 days, the crew quits
  8. §23 §25  production: crewed mines, Ganymede's Cordrazite, ore processors
  9. §29    property tax on every multiple of the tax cycle (day 360, 720, ...), paid by
            everyone but the dead (§5); pirates and warlords too, unless a house rule spares them

Only things whose day has come are touched, so the work grows with days × property, never
with the length of the journal. Ticking a then b days gives the same books as a + b days.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from decimal import ROUND_DOWN, Decimal

from ledger.core.books import Books, Player
from ledger.core.charges import payer_postings, spendable
from ledger.core.journal import Draft, Posting
from ledger.core.money import Money, round_money
from ledger.core.report import Line, TickReport, money_in
from ledger.core.words import plural
from ledger.rules.triplanetary.kit import CREWS, emergency_days, state_of
from ledger.rules.triplanetary.model import (
    ACTIVE,
    DEPARTED,
    DESTROYED,
    DRIFTING,
    LANDING,
    OPEN,
    STOPPED,
    Base,
    Crew,
    Crime,
    Due,
    Market,
    Mine,
    Post,
    Ship,
    State,
)
from ledger.rules.triplanetary.roles import PATROL_ROLE
from ledger.rules.triplanetary.settings import Rules
from ledger.rules.triplanetary.ships import complete_order


class Ticker:
    def __init__(self, books: Books) -> None:
        self.books = books
        self.state: State = state_of(books)
        self.rules = Rules.of(books.settings)
        self.report = TickReport(books.day, books.day)
        self._first_txn = len(books.journal)  # the period's transactions are those after it
        self._crew_changes = 0
        self._calendar: defaultdict[int, set[int]] | None = None
        self._by_supplier: tuple[tuple[int, int, int], dict[str, list[Crew]]] | None = None

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
        credits: dict[str, Decimal] = defaultdict(Decimal)
        for account, amount in pieces:
            credits[account] += amount
        merged: dict[str, Decimal] = defaultdict(Decimal)
        for p in postings:
            merged[p.account] += p.amount.amount
        for account, amount in credits.items():
            merged[account] += amount
        rows = tuple(Posting(a, Money(v, self.books.currency)) for a, v in merged.items() if v)
        if len(rows) < 2:
            return 0  # nothing to move (a zero charge, or a player paying itself): paid
        txn = self.books.journal.post(
            Draft(kind, memo, rows, event=f"tick day {self.day}", rule=rule), self.day
        )
        return txn.id

    def run(self, days: int, progress: Callable[[int], None] | None = None) -> TickReport:
        for n in range(days):
            self.books.settings.values["day"] = self.books.day + 1
            self.one_day()
            if progress is not None:
                progress(n + 1)
        self.report.end = self.books.day
        self.money_in_from_journal()
        return self.report

    def money_in_from_journal(self) -> None:
        """Money in is what the journal says came into each player's accounts in the period;
        a receiver the steps gave no line of its own (the Patrol's share of a tax, a fine, §6)
        gets one, so its table adds up to its total."""
        txns = self.books.journal.transactions[self._first_txn :]
        received = money_in(self.books, txns)
        listed = {(x.player, x.txn) for x in self.report.lines if x.kind == "income"}
        by_id = {t.id: t for t in txns}
        extra = [
            Line(by_id[tid].day, name, "income", by_id[tid].memo, by_id[tid].rule, amount, tid)
            for name, amounts in received.items()
            for tid, amount in amounts.items()
            if (name, tid) not in listed
        ]
        if extra:
            extra.sort(key=lambda x: (x.day, x.txn or 0))
            self.report.lines = sorted([*self.report.lines, *extra], key=lambda x: x.day)
        self.report.money_in = {n: sum(v.values(), Decimal(0)) for n, v in received.items()}

    def one_day(self) -> None:
        self.collect_dues_s6()
        self.passengers_s28()
        self.complete_orders_s12()
        self.release_prisoners_s41()
        self.office_fees_s8()
        self.transfers_s21()
        self.supplies_s14()
        self.modules_s20()
        self.wages_s13()
        self.production_s23_s25()
        self.property_tax_s29()

    # -- §6 dues -------------------------------------------------------------------------------
    def collect_dues_s6(self) -> None:
        if not self.state.dues:
            return
        for due in self.state.dues:  # oldest first, as much as the player has
            if due.amount <= 0:
                continue
            player = self.player(due.player)
            if player is None:
                continue
            amount = min(due.amount, self._available(player))
            if amount <= 0:
                continue
            pieces = self.creditor_pieces(due.creditor, amount)
            txn = self.pay(
                player,
                pieces,
                kind="due",
                memo=f"{player.name} pays what was owed: {due.reason}",
                rule=due.rule,
            )
            if txn is None:
                continue
            due.amount -= amount
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
                and not any(x.amount for x in self.state.dues if x.crime == due.crime)
            ):
                for crime in self.state.crimes:
                    if crime.id == due.crime and crime.status == "open":
                        crime.status = "paid"

    def creditor_pieces(self, creditor: str, amount: Decimal) -> list[tuple[str, Decimal]]:
        if creditor != "tax":
            return [(creditor, amount)]
        return self.tax_split(amount)

    def tax_split(self, amount: Decimal) -> list[tuple[str, Decimal]]:
        """§6: half of every tax to the Patrol, the rest (with any odd cent) to Earth."""
        patrol = (amount * self.rules.patrol_share / 100).quantize(
            Decimal("0.01"), rounding=ROUND_DOWN
        )
        return [("patrol", patrol), ("earth", amount - patrol)]

    # -- §28 §40 liners ---------------------------------------------------------------------------------
    def passengers_s28(self) -> None:
        """§28: passengers gather on an open line, one every `turns` days of its §40 route."""
        from ledger.rules.triplanetary.tables import liner_route

        for line in self.state.liners:
            if line.status != "open":
                continue
            route = liner_route(line.frm, line.to)
            if route is None:
                continue
            line.progress += 1
            if line.progress >= route.turns_per_passenger:
                line.progress = 0
                line.waiting += 1

    # -- §12 §7 §9 §24 completions ----------------------------------------------------------------
    def complete_orders_s12(self) -> None:
        d = self.day
        for order in self.state.orders:
            if order.status == "building" and order.ready_day <= d:
                if order.item == "colonization":
                    from ledger.rules.triplanetary.colonization import complete_colonization

                    text = complete_colonization(self.books, order)
                    order.status = "done"
                    self.line(order.owner, "event", text, "§32")
                    continue
                text = complete_order(self.books, order)
                order.status = "done"
                self.line(order.owner, "event", f"construction done: {text}", "§12")
        for corp in self.state.corporations:
            if corp.status == "forming" and corp.ready_day <= d:
                corp.status = "active"
                self.line(corp.head, "event", f"corporation {corp.id} {corp.name} is formed", "§7")
            elif corp.status == "merging" and corp.merging_with and corp.ready_day <= d:
                other = next(
                    (c for c in self.state.corporations if c.id == corp.merging_with), None
                )
                corp.status = "active"
                if other is not None:
                    other.status = "merged"
                    corp.members = ", ".join(
                        x for x in (corp.members, other.head, other.members) if x
                    )
                    self.line(
                        other.head,
                        "event",
                        f"{other.name} is merged into {corp.name}; {corp.head} is its head",
                        "§9",
                    )
                corp.merging_with = ""
                self.line(corp.head, "event", f"the merger into {corp.name} is complete", "§9")
        for mine in self.state.mines:
            if mine.registered_day is None and mine.ready_day <= d:
                mine.registered_day = d
                mine.status = ACTIVE
                mine.fed_until = max(mine.fed_until, d)
                self.line(mine.owner, "event", f"claim {mine.id} {mine.name} is registered", "§24")

    # -- §41 prison terms ----------------------------------------------------------------------
    def release_prisoners_s41(self) -> None:
        for i, p in enumerate(self.books.players):
            if p.get("status") == "imprisoned":
                until = p.get("status_until")
                if isinstance(until, int) and until <= self.day:
                    extra = tuple(
                        (k, "free" if k == "status" else (None if k == "status_until" else v))
                        for k, v in p.extra
                    )
                    self.books.players[i] = type(p)(p.name, p.role, extra, p.ref)
                    self.line(p.name, "event", "released from prison", "§41")

    # -- §21 base to base transfers -------------------------------------------------------------
    def transfers_s21(self) -> None:
        if not self.state.transfers:
            return
        from ledger.rules.triplanetary.transfer import advance

        for owner, text, crews in advance(self.books, self.day):
            self._crew_changes += crews  # crews changed posts: who eats where is counted anew
            self.line(owner, "event", text, "§21")

    # -- §8 offices ----------------------------------------------------------------------------
    def office_fees_s8(self) -> None:
        for office in self.state.offices:
            if office.status != "open" or office.paid_until > self.day:
                continue
            player = self.player(office.owner)
            txn = None
            liner = self.state.posts().get(office.place)  # §11A: an Executive Liner's office
            staff = (
                0
                if not isinstance(liner, Ship) or liner.on_planet
                else self.rules.office_staff_units
            )
            if isinstance(liner, Ship) and liner.supplies < staff:
                office.status = "closed"
                self.line(
                    office.owner,
                    "event",
                    f"office {office.id} in {liner.name or liner.id} closed: its staff need {plural(staff, 'unit')} of supplies for the period and {liner.name or liner.id} has {liner.supplies} (§11A)",
                    "§11A",
                )
                continue
            if player is not None:
                txn = self.pay(
                    player,
                    [("suppliers", self.rules.office_fee)],
                    kind="office",
                    memo=f"office {office.id} at {office.place}: fee for days {self.day}-{self.day + self.rules.office_days - 1}",
                    rule="§8",
                )
            if txn is None:
                office.status = "closed"
                self.line(
                    office.owner,
                    "event",
                    f"office {office.id} at {office.place} closed: its {self.rules.office_fee:.2f} KC fee could not be paid",
                    "§8",
                )
            else:
                office.paid_until += self.rules.office_days
                ate = ""
                if isinstance(liner, Ship) and staff:
                    liner.supplies -= staff
                    ate = f"; its staff ate {plural(staff, 'unit')} of {liner.name or liner.id}'s supplies (§11A)"
                self.line(
                    office.owner,
                    "charge",
                    f"office fee {office.id} at {office.place}, paid until day {office.paid_until}{ate}",
                    "§8",
                    self.rules.office_fee,
                    txn,
                )

    # -- §14 supplies --------------------------------------------------------------------------
    def supplies_s14(self) -> None:
        d = self.day
        fines: dict[str, list[Post]] = defaultdict(list)
        crews_at = self.crews_by_supplier()
        for post in self._posts():
            if post.status in (
                DRIFTING,
                STOPPED,
                "destroyed",
                "registering",
                "colonizing",
                "departed",
            ):
                continue
            crews = crews_at.get(post.id, [])
            hungry = self._feed_crews_s14(post, crews)
            if not hungry:
                continue
            name, ids = post.name or post.id, ", ".join(c.id for c in hungry)
            if post.emergency_left > 0:  # one day of the post's emergency supplies, one fine
                post.emergency_left -= 1
                for c in hungry:
                    c.fed_until = d
                post.fed_until = d
                fines[post.owner].append(post)
                left = post.emergency_left
                if left + 1 == emergency_days(self.rules, post):
                    text = (
                        f"{name} is out of supplies and lives on its emergency supplies: the crews die on day {d + left + 1} unless resupplied"
                        if len(hungry) == len(crews)
                        else f"{name} has no supplies for {plural(len(hungry), 'crew')} of its {len(crews)} ({ids}): {'it lives' if len(hungry) == 1 else 'they live'} on its emergency supplies and {'dies' if len(hungry) == 1 else 'die'} on day {d + left + 1} unless resupplied"
                    )
                    self.line(post.owner, "event", text, "§14")
                continue
            for c in hungry:  # §14: out of supplies, the crews are dead
                c.status, c.ended_day = "dead", d
                self._crew_changes += 1
            alive = [c.fed_until for c in crews if c.active and c.fed_until is not None]
            if alive:
                post.fed_until = min(alive)
                self.line(
                    post.owner,
                    "event",
                    f"{'crew' if len(hungry) == 1 else 'crews'} {ids} of {name} died: no supplies left for {'it' if len(hungry) == 1 else 'them'}; the other crews are fed",
                    "§14",
                )
                continue
            post.fed_until = d
            post.status = DRIFTING if isinstance(post, Ship) else STOPPED
            what = (
                "it drifts on its last course and speed"
                if isinstance(post, Ship)
                else "all its functions stop"
            )
            self.line(
                post.owner,
                "event",
                f"the crew{'s' if len(crews) > 1 else ''} of {name} ({ids}) died: no supplies left; {what}",
                "§14",
            )
        for owner, posts in fines.items():
            self.fine(
                owner,
                self.rules.emergency_fine * len(posts),
                f"emergency supplies used on {', '.join(p.name or p.id for p in posts)}",
                "§14",
            )

    def _feed_crews_s14(self, post: Post, crews: list[Crew]) -> list[Crew]:
        """§14: "One unit of supplies will fulfill the needs of one crew for one month": each
        crew whose month is over takes a unit, in the Crews sheet's order, as long as there are
        units. The crews left without one are returned (they need emergency supplies). Crews
        on a planet need none. `post.fed_until` ends as the day all its crews are fed through."""
        d = self.day
        if not crews or post.on_planet:
            for c in crews:
                c.fed_until = max(post.fed_until if c.fed_until is None else c.fed_until, d)
            post.fed_until = max(post.fed_until, d)
            return []
        hungry: list[Crew] = []
        for c in crews:
            fed = post.fed_until if c.fed_until is None else c.fed_until  # empty: as its post
            if fed < d and post.supplies > 0:
                post.supplies -= 1
                fed = max(fed, d - 1) + self.rules.supply_days
            c.fed_until = fed
            if fed < d:
                hungry.append(c)
        post.fed_until = min(fed for c in crews if (fed := c.fed_until) is not None)
        return hungry

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
            self.state.dues.append(
                Due(
                    self.state.next_id("D", [x.id for x in self.state.dues]),
                    owner,
                    "patrol",
                    rest,
                    f"Patrol fine: {why}",
                    self.day,
                    rule,
                )
            )
            self.line(owner, "event", f"Patrol fine of {rest:.2f} KC owed: {why}", rule, None)

    def crews_by_supplier(self) -> dict[str, list[Crew]]:
        """Active crews by the post whose supplies feed them: a mine with a base on its hex is
        fed by the base (§19: a base is a supply depot; §13: a crew can man both).
        Kept while no crew is hired, quits or dies."""
        key = self._crew_key()
        if self._by_supplier is not None and self._by_supplier[0] == key:
            return self._by_supplier[1]
        posts = self.state.posts()
        out: dict[str, list[Crew]] = defaultdict(list)
        for c in self.state.crews:
            if not c.active:
                continue
            post = posts.get(c.post)
            if isinstance(post, Mine) and post.base and post.base in posts:
                out[post.base].append(c)
            else:
                out[c.post].append(c)
        self._by_supplier = (key, out)
        return out

    def _crew_key(self) -> tuple[int, int, int]:
        """Changes whenever the set of active crews or of posts may have changed."""
        return (
            len(self.state.crews),
            self._crew_changes,
            len(self.state.ships) + len(self.state.bases) + len(self.state.mines),
        )

    def _posts(self) -> list[Post]:
        return [*self.state.ships, *self.state.bases, *self.state.mines]

    # -- §20 recreation modules ----------------------------------------------------------------------
    def modules_s20(self) -> None:
        if not self.state.modules:
            return
        bases = {b.id: b for b in self.state.bases}
        for m in self.state.modules:
            if m.fed_until >= self.day:
                continue
            base = bases.get(m.base)
            if base is not None and base.supplies >= self.rules.module_supplies:
                base.supplies -= self.rules.module_supplies
                m.fed_until = max(m.fed_until, self.day - 1) + self.rules.supply_days
                if m.status != "open":
                    m.status = "open"
                    self.line(m.owner, "event", f"recreation module {m.id} is open again", "§20")
            elif m.status == "open":
                m.status = "shut"
                self.line(
                    m.owner,
                    "event",
                    f"recreation module {m.id} shut: its base has not {self.rules.module_supplies} CP of supplies",
                    "§20",
                )
        self._ship_crews_at_modules_s20(bases)

    def _ship_crews_at_modules_s20(self, bases: dict[str, Base]) -> None:
        """§20: "This does not apply to ship crews unless the ship is on the base for more than
        one week (7 days/turns), and then only for the time spent at the base." A day counts for
        a ship's crew when its ship is at the module's base (the ship's location names the
        base), has been there more than 7 days, and the module is open; the crew spends half
        its pay of the days counted (§13 wages)."""
        d, ships = self.day, None
        modules = {m.id: m for m in self.state.modules}
        for c in self.state.crews:
            if not c.module or not c.active:
                continue
            module = modules.get(c.module)
            if module is None or module.status != "open":
                continue
            if ships is None:
                ships = {s.id: s for s in self.state.ships}
            ship = ships.get(c.post)
            base = bases.get(module.base)
            if ship is None or base is None:
                continue  # a base's or a mine's crew: all its pay counts (§20)
            if ship.location.strip().casefold() not in (base.id.casefold(), base.name.casefold()):
                continue
            arrived = ship.built_day if ship.arrived_day is None else ship.arrived_day
            if d - arrived > self.rules.module_ship_days:
                c.module_days += 1

    # -- §13 wages -----------------------------------------------------------------------------
    def _schedule_crew(self, i: int, after: int) -> None:
        """Put crew `i` on the calendar: its next pay day after `after`, and its quit day when
        that is not a pay day (a house rule can make it so)."""
        c, r = self.state.crews[i], self.rules
        assert self._calendar is not None
        unpaid = after - c.paid_through
        next_pay = c.paid_through + r.pay_days * (max(unpaid, 0) // r.pay_days + 1)
        self._calendar[next_pay].add(i)
        quit_day = c.paid_through + r.quit_days
        if quit_day > after and r.quit_days % r.pay_days:
            self._calendar[quit_day].add(i)

    def wages_s13(self) -> None:
        d, r = self.day, self.rules
        if self._calendar is None:  # the first day: crews on lost posts, then the calendar
            self._calendar = defaultdict(set)
            posts = self.state.posts()
            for i, c in enumerate(self.state.crews):
                if not c.active:
                    continue
                post = posts.get(c.post)
                if post is not None and post.status in ("destroyed", "departed"):
                    c.status, c.ended_day = (
                        ("dead" if post.status == "destroyed" else "departed"),
                        d,
                    )
                    self._crew_changes += 1
                    continue
                self._schedule_crew(i, d - 1)
        today = sorted(self._calendar.pop(d, ()))  # the Crews sheet's order, as ever
        due: dict[str, list[Crew]] = defaultdict(list)
        for i in today:
            c = self.state.crews[i]
            if not c.active:
                continue
            unpaid = d - c.paid_through
            if unpaid > 0 and unpaid % r.pay_days == 0:
                due[c.owner].append(c)
            elif unpaid >= r.quit_days:  # a quit day that is not a pay day (house rules)
                self.crew_quits(c)
        self._wages_due(d, due)
        for i in today:
            if self.state.crews[i].active:
                self._schedule_crew(i, d)

    def _wages_due(self, d: int, due: dict[str, list[Crew]]) -> None:
        r = self.rules
        if not due:
            return
        modules = {m.id: m for m in self.state.modules}
        ships = {s.id for s in self.state.ships} if modules else set()
        for owner, crews in due.items():
            player = self.player(owner)
            paid: list[Crew] = []
            pieces: list[tuple[str, Decimal]] = []
            spent = Decimal(0)
            budget = self._available(player) if player is not None else Decimal(0)
            for c in crews:  # §13: each crew is paid all it is owed, oldest crews first
                owed = round_money(r.wage * (d - c.paid_through))
                if spent + owed > budget:
                    continue
                spent += owed
                paid.append(c)
                module = modules.get(c.module) if c.module else None
                share = Decimal(0)
                if module is not None and c.post in ships:  # §20: the days counted, at most all
                    days = min(c.module_days, d - c.paid_through)
                    share = round_money(r.wage * days * r.module_share / 100)
                elif module is not None and module.status == "open":
                    share = round_money(owed * r.module_share / 100)  # §20: half spent there
                if share and module is not None:
                    owner_player = self.player(module.owner)
                    module_account = (
                        self.books.game.cash_account(owner_player) if owner_player else CREWS
                    )
                    pieces += [(module_account, share), (CREWS, owed - share)]
                else:
                    pieces.append((CREWS, owed))
            if paid and player is not None:
                if len(paid) <= 6:
                    whose = f"crew{'s' if len(paid) > 1 else ''} {', '.join(c.id for c in paid)}"
                else:
                    whose = f"{len(paid)} crews ({paid[0].id} ... {paid[-1].id})"
                memo = f"{owner} pays wages of {whose}"
                txn = self.pay(player, pieces, kind="wages", memo=memo, rule="§13")
                if txn is not None:
                    for c in paid:
                        c.paid_through, c.module_days = d, 0
                    self.line(owner, "charge", memo, "§13", spent, txn)
                    for account, amount in pieces:
                        if account != CREWS:
                            receiver = self.books.game.account_owner(self.books, account)
                            if receiver is not None and receiver.name != owner:
                                self.line(
                                    receiver.name,
                                    "income",
                                    f"recreation module: half the pay of {owner}'s crews",
                                    "§20",
                                    amount,
                                    txn,
                                )
            for c in crews:
                if c.paid_through == d:
                    continue
                unpaid = d - c.paid_through
                owed = r.wage * unpaid
                if unpaid >= r.quit_days:
                    self.crew_quits(c)
                else:
                    self.line(
                        owner,
                        "event",
                        f"crew {c.id} not paid: {owed:.2f} KC owed for {unpaid} days; it quits on day {c.paid_through + r.quit_days} unless paid",
                        "§13",
                    )

    def _available(self, player: Player) -> Decimal:
        return spendable(self.books, player)

    def crew_quits(self, crew: Crew) -> None:
        crew.status, crew.ended_day = "quit", self.day
        self._crew_changes += 1
        post = self.state.posts().get(crew.post)
        where = ""
        if post is not None and not self.state.crews_at(post.id):
            if isinstance(post, Ship):
                post.status = LANDING
                where = f"; {post.name or post.id} must land at the nearest planet"
            else:
                post.status = OPEN
                where = f"; {post.name or post.id} stands open to anyone"
        self.line(
            crew.owner,
            "event",
            f"crew {crew.id} quit after {self.rules.quit_days} days unpaid{where}; new crews cost {self.rules.hire_factor_after_quit}× to hire",
            "§13",
        )

    # -- §23 §25 production -----------------------------------------------------------------------
    def production_s23_s25(self) -> None:
        r = self.rules
        crewed = set(self.crews_by_supplier())  # posts (and bases) with active crews
        crewed |= {c.post for crews in self.crews_by_supplier().values() for c in crews}
        crewed |= {
            m.id for m in self.state.mines if m.base and m.base in crewed
        }  # §13: a crew can man both
        for mine in self.state.mines:
            if mine.registered_day is None or mine.status != ACTIVE or mine.id not in crewed:
                continue
            if mine.ct:
                mine.ct_progress += 1
                if mine.ct_progress >= r.ct_days:
                    mine.ct_progress = 0
                    self.state.add_cargo(mine.id, "c-t-ore", 1)
            else:
                self.state.add_cargo(mine.id, "raw-ore", r.mine_ore)
        if r.ganymede:
            self.market("Ganymede", "cordrazite").stock += r.ganymede  # §25
        earth = self.market("Earth", "cordrazite")
        if earth.stock >= 4:  # §25: Earth turns 4 CP of Cordrazite into 1 CP of Cordrazine a day
            earth.stock -= 4
            self.market("Earth", "cordrazine").stock += 1
        for holder in {
            c.holder for c in self.state.cargo if c.good == "ore-processor" and c.qty > 0
        }:
            store = self.state.cargo_of(holder)
            raw = min(store.get("raw-ore", 0), r.processor_raw * store.get("ore-processor", 0))
            made = raw // r.processor_ratio
            if made:
                self.state.add_cargo(holder, "raw-ore", -made * r.processor_ratio)
                self.state.add_cargo(holder, "processed-ore", made)

    def market(self, place: str, good: str) -> Market:
        for m in self.state.markets:
            if m.place == place and m.good == good:
                return m
        m = Market(place, good)
        self.state.markets.append(m)
        return m

    # -- §29 property tax ------------------------------------------------------------------------
    def property_tax_s29(self) -> None:
        r, d = self.rules, self.day
        if r.tax_cycle <= 0 or d % r.tax_cycle != 0:
            return
        owned = taxable_property(self.state, r)
        for name, value in owned.items():
            player = self.player(name)
            if player is None or value <= 0 or not owes_property_tax(r, player):
                continue
            tax = round_money(value * r.property_tax / 100)
            txn = self.pay(
                player,
                self.tax_split(tax),
                kind="tax",
                memo=f"{name}: property tax, {r.property_tax}% of {value:.2f} KC",
                rule="§29",
            )
            if txn is not None:
                self.line(
                    name,
                    "charge",
                    f"property tax: {r.property_tax}% of {value:.2f} KC of ships and bases",
                    "§29",
                    tax,
                    txn,
                )
                continue
            crime = Crime(
                self.state.next_id("X", [c.id for c in self.state.crimes]),
                name,
                d,
                1,
                f"failure to pay property tax for the cycle ending day {d}",
                "§29 §36A",
                "open",
                tax,
            )
            self.state.crimes.append(crime)
            for creditor, part in self.tax_split(
                tax
            ):  # split once, so partial payments keep it exact
                if part:
                    self.state.dues.append(
                        Due(
                            self.state.next_id("D", [x.id for x in self.state.dues]),
                            name,
                            creditor,
                            part,
                            f"property tax of day {d} ({creditor}'s share)",
                            d,
                            "§29",
                            crime.id,
                        )
                    )
            self.line(
                name,
                "event",
                f"property tax of {tax:.2f} KC unpaid: a class I crime on record ({crime.id})",
                "§29",
            )
            unpaid = [
                c
                for c in self.state.crimes
                if c.player == name and c.status == "open" and c.rule.startswith("§29")
            ]
            if len(unpaid) >= r.pirate_after and player.get("status") not in OUTLAWS:
                self.make_pirate(player, f"{len(unpaid)} tax cycles unpaid")

    def make_pirate(self, player: Player, why: str) -> None:
        """§29: two tax cycles unpaid make a player a pirate; PR -15 (§33, §36C)."""
        from ledger.rules.triplanetary.justice import set_status
        from ledger.rules.triplanetary.kit import set_pr

        set_status(self.books, player, "pirate")
        set_pr(self.books, player, self.rules.pr_pirate, f"made a pirate: {why}", "§29 §33 §36C")
        self.line(
            player.name,
            "event",
            f"{player.name} is now a pirate ({why}); PR {self.rules.pr_pirate:+d}",
            "§29 §33",
        )


OUTLAWS = ("pirate", "warlord")


def owes_property_tax(rules: Rules, player: Player) -> bool:
    """§29 spares nobody: pirates and warlords owe the tax like anyone (a house rule may spare
    them); the dead owe nothing (§5); the Patrol's own property only by house rule."""
    status = player.get("status")
    if status == "dead":
        return False
    if player.role == PATROL_ROLE and not rules.patrol_pays_property_tax:
        return False
    return not (status in OUTLAWS and rules.exempt_outlaws)


def taxable_property(state: State, rules: Rules) -> dict[str, Decimal]:
    """§29: the original price of each player's ships, bases and recreation modules, "those
    ships and bases in the process of being built" included. A colonization attempt being
    outfitted is ships being built (§32): it counts at its cost, on top of its ramscoops. Ships
    that left the board past Jupiter (§32) or were destroyed count no more."""
    from ledger.rules.triplanetary.colonization import COLONIZATION_COST

    owned: dict[str, Decimal] = defaultdict(Decimal)
    for group in (state.ships, state.bases):
        for item in group:
            if item.status not in (DESTROYED, DEPARTED):
                owned[item.owner] += item.price
    for m in state.modules:
        owned[m.owner] += m.price
    for o in state.orders:
        if o.status != "building":
            continue
        if o.item in state.prices and state.prices[o.item].kind in ("ship", "base", "module"):
            owned[o.owner] += o.price
        elif o.item == "colonization" and rules.colonization_taxed:
            owned[o.owner] += o.price or COLONIZATION_COST  # the order keeps no price of its own
    return owned


def tick(books: Books, days: int, progress: Callable[[int], None] | None = None) -> TickReport:
    return Ticker(books).run(days, progress)
