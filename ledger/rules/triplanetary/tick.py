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

The steps are grouped by rule: the crews' (§13, §14, §20) in tick_crews.py, the property tax
(§29) in tick_taxes.py, and what they share in tick_base.py.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

from ledger.core.report import Line, TickReport
from ledger.core.statement_parts import money_in
from ledger.core.words import plural
from ledger.rules.triplanetary.books import Books
from ledger.rules.triplanetary.justice import prison_term, set_status
from ledger.rules.triplanetary.kit import GRAPPLES
from ledger.rules.triplanetary.markets import market
from ledger.rules.triplanetary.model import ACTIVE, OUTLAWS, Ship
from ledger.rules.triplanetary.ships import complete_order
from ledger.rules.triplanetary.tick_crews import CrewSteps
from ledger.rules.triplanetary.tick_taxes import TaxSteps


class Ticker(CrewSteps, TaxSteps):
    def run(self, days: int, progress: Callable[[int], None] | None = None) -> TickReport:
        for n in range(days):
            self.books.settings.values["day"] = self.books.day + 1
            self.one_day()
            if progress is not None:
                progress(n + 1)
        self.settle()
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
            if line.progress + 1 >= route.turns_per_passenger:
                self.state.update(line, progress=0, waiting=line.waiting + 1)
            else:
                self.state.update(line, progress=line.progress + 1)

    # -- §12 §7 §9 §24 completions ----------------------------------------------------------------
    def complete_orders_s12(self) -> None:
        d, state = self.day, self.state
        for order in state.orders:
            if order.status == "building" and order.ready_day <= d:
                self.settle()  # what an order makes reads the state as it is
                if order.item == "colonization":
                    from ledger.rules.triplanetary.colonization import complete_colonization

                    text = complete_colonization(self.books, order)
                    self._crew_changes += 1  # its crews left with it
                    state.update(order, status="done")
                    self.line(order.owner, "event", text, "§32")
                    continue
                text, result = complete_order(self.books, order)
                state.update(order, result=result, status="done")
                self.line(order.owner, "event", f"construction done: {text}", "§12")
        for corp in state.corporations:
            if corp.status == "forming" and corp.ready_day <= d:
                state.update(corp, status="active")
                self.line(corp.head, "event", f"corporation {corp.id} {corp.name} is formed", "§7")
            elif corp.status == "merging" and corp.merging_with and corp.ready_day <= d:
                other = next((c for c in state.corporations if c.id == corp.merging_with), None)
                itself = other is corp  # `merge` refuses it, a row typed so ends merged
                corp = state.update(corp, status="active")
                if other is not None:
                    other = state.update(corp if itself else other, status="merged")
                    corp = other if itself else corp
                    members = ", ".join(x for x in (corp.members, other.head, other.members) if x)
                    corp = state.update(corp, members=members)
                    self.line(
                        other.head,
                        "event",
                        f"{other.name} is merged into {corp.name}; {corp.head} is its head",
                        "§9",
                    )
                corp = state.update(corp, merging_with="")
                self.line(corp.head, "event", f"the merger into {corp.name} is complete", "§9")
        for i, mine in enumerate(state.mines):
            if mine.registered_day is None and mine.ready_day <= d:
                mine = self.fed_post(("mines", i))
                state.update(
                    mine, registered_day=d, status=ACTIVE, fed_until=max(mine.fed_until, d)
                )
                self.line(mine.owner, "event", f"claim {mine.id} {mine.name} is registered", "§24")

    # -- §41 prison terms ----------------------------------------------------------------------
    def release_prisoners_s41(self) -> None:
        """A term ends on its day: the prisoner is free, a pirate or warlord still one (§33)."""
        for p in self.books.players:
            until = prison_term(p)
            if until is None or until > self.day:
                continue
            status = str(p.get("status"))
            if status in OUTLAWS:
                set_status(self.books, p, status)
                rule = "§33" if status == "pirate" else "§34"
                text = f"{p.name} is released from prison, still a {status} ({rule})"
                self.line(p.name, "event", text, f"§41 {rule}")
            else:
                set_status(self.books, p, "free")
                self.line(p.name, "event", "released from prison", "§41")

    # -- §21 base to base transfers -------------------------------------------------------------
    def transfers_s21(self) -> None:
        if not self.state.transfers:
            return
        from ledger.rules.triplanetary.transfer import advance

        if any(t.status == "moving" for t in self.state.transfers):
            self.settle()  # transfers read and change posts' supplies, crews and stores
        for owner, text, crews in advance(self.books, self.day):
            self._crew_changes += crews  # crews changed posts: who eats where is counted anew
            self.line(owner, "event", text, "§21")

    # -- §8 offices ----------------------------------------------------------------------------
    def office_fees_s8(self) -> None:
        for office in self.state.offices:
            if office.status != "open" or office.paid_until > self.day:
                continue
            post = self.state.posts().get(office.place)  # §11A: an Executive Liner's office
            liner = post if isinstance(post, Ship) else None
            staff = 0 if liner is None or liner.on_planet else self.rules.office_staff_units
            if liner is not None and liner.supplies < staff:
                self.state.update(office, status="closed")
                self.line(
                    office.owner,
                    "event",
                    f"office {office.id} in {liner.name or liner.id} closed: its staff need {plural(staff, 'unit')} of supplies for the period and {liner.name or liner.id} has {liner.supplies} (§11A)",
                    "§11A",
                )
                continue
            player, txn = self.player(office.owner), None
            if player is not None:
                txn = self.pay(
                    player,
                    [("suppliers", self.rules.office_fee)],
                    kind="office",
                    memo=f"office {office.id} at {office.place}: fee for days {self.day}-{self.day + self.rules.office_days - 1}",
                    rule="§8",
                )
            if txn is None:
                self.state.update(office, status="closed")
                self.line(
                    office.owner,
                    "event",
                    f"office {office.id} at {office.place} closed: its {self.rules.office_fee:.2f} KC fee could not be paid",
                    "§8",
                )
            else:
                office = self.state.update(
                    office, paid_until=office.paid_until + self.rules.office_days
                )
                ate = ""
                if liner is not None and staff:
                    liner = self.state.update(liner, supplies=liner.supplies - staff)
                    ate = f"; its staff ate {plural(staff, 'unit')} of {liner.name or liner.id}'s supplies (§11A)"
                self.line(
                    office.owner,
                    "charge",
                    f"office fee {office.id} at {office.place}, paid until day {office.paid_until}{ate}",
                    "§8",
                    self.rules.office_fee,
                    txn,
                )

    # -- §23 §25 production -----------------------------------------------------------------------
    def production_s23_s25(self) -> None:
        self._mines_s23()
        r = self.rules
        if r.ganymede:
            ganymede = market(self.state, "Ganymede", "cordrazite")
            self.state.update(ganymede, stock=ganymede.stock + r.ganymede)  # §25
        earth = market(self.state, "Earth", "cordrazite")
        if earth.stock >= 4:  # §25: Earth turns 4 CP of Cordrazite into 1 CP of Cordrazine a day
            self.state.update(earth, stock=earth.stock - 4)
            made = market(self.state, "Earth", "cordrazine")
            self.state.update(made, stock=made.stock + 1)
        processors = {c.holder for c in self.state.cargo if c.good == "ore-processor" and c.qty > 0}
        if processors:
            self.settle()  # they read the ore in store
        for holder in processors:
            store = self.state.cargo_of(holder)
            raw = min(store.get("raw-ore", 0), r.processor_raw * store.get("ore-processor", 0))
            made = raw // r.processor_ratio
            if made:
                self.state.add_cargo(holder, "raw-ore", -made * r.processor_ratio)
                self.state.add_cargo(holder, "processed-ore", made)

    def _mines_s23(self) -> None:
        """Each registered, active and crewed mine makes its ore; a C-T mine only with grapples,
        one C-T ore every `ct_days`."""
        crewed = self.crewed()
        grappled: set[str] | None = None  # where grapples are stored, looked up once (§23)
        for mine in self.state.mines:
            if mine.registered_day is None or mine.status != ACTIVE or mine.id not in crewed:
                continue
            if not mine.ct:
                self.make_cargo(mine.id, "raw-ore", self.rules.mine_ore)
                continue
            if grappled is None:
                grappled = {c.holder for c in self.state.cargo if c.good == GRAPPLES and c.qty}
            if mine.id in grappled or mine.base in grappled:
                done = mine.ct_progress + 1 >= self.rules.ct_days
                self.state.update(mine, ct_progress=0 if done else mine.ct_progress + 1)
                if done:
                    self.make_cargo(mine.id, "c-t-ore", 1)
            elif mine.id not in self._idle_ct:
                # §23 "A crew also needs pseudo-magnetic grapples to work a C-T mine."
                self._idle_ct.add(mine.id)  # said once a tick
                self.line(
                    mine.owner,
                    "event",
                    f"C-T mine {mine.id} makes nothing: its crews have no pseudo-magnetic grapples",
                    "§23",
                )


def tick(books: Books, days: int, progress: Callable[[int], None] | None = None) -> TickReport:
    return Ticker(books).run(days, progress)
