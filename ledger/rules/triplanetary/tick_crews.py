"""The crews' steps of Triplanetary's day (`ledger tick`, tick.py): §14 supplies and
emergency supplies, §20 recreation modules, §13 wages and crews that quit.
"""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal

from ledger.core.money import round_money
from ledger.core.words import plural
from ledger.rules.triplanetary.kit import CREWS, emergency_days, standing_modules
from ledger.rules.triplanetary.model import (
    DRIFTING,
    LANDING,
    OPEN,
    STOPPED,
    Base,
    Crew,
    Module,
    Post,
    Ship,
)
from ledger.rules.triplanetary.tick_base import TickerBase

#: Where crews spend half their pay (§20): modules by id, modules by base, the ships' ids.
_Spots = tuple[dict[str, Module], dict[str, Module], set[str]]
#: A post in one of these states feeds no crews (§14).
_UNFED = (DRIFTING, STOPPED, "destroyed", "registering", "colonizing", "departed")


class CrewSteps(TickerBase):
    """The day's steps for crews: supplies (§14), recreation modules (§20), wages (§13)."""

    # -- §14 supplies --------------------------------------------------------------------------
    def supplies_s14(self) -> None:
        d, state = self.day, self.state
        fines: dict[str, list[Post]] = defaultdict(list)
        crews_at = self.crews_by_supplier()
        idle = self._idle
        for key, post in self._posts_at():
            if post.status in _UNFED:
                continue
            at = crews_at.get(post.id, [])
            if not at:  # no crews: the post is fed through today, written by `settle`
                idle[key] = d
                continue
            if key in idle:
                post = self.fed_post(key)
            post, hungry = self._feed_crews_s14(post, at, d)
            if not hungry:
                continue
            ids = ", ".join(state.crews[i].id for i in hungry)
            if post.emergency_left > 0:  # one day of the post's emergency supplies, one fine
                fines[post.owner].append(self._emergency_s14(post, at, hungry, ids))
            else:
                self._crews_die_s14(post, at, hungry, ids)
        for owner, posts in fines.items():
            self.fine(
                owner,
                self.rules.emergency_fine * len(posts),
                f"emergency supplies used on {', '.join(p.name or p.id for p in posts)}",
                "§14",
            )

    def _emergency_s14(self, post: Post, at: list[int], hungry: list[int], ids: str) -> Post:
        """A day of the post's emergency supplies for its `hungry` crews (said on the first)."""
        d, state = self.day, self.state
        post = state.update(post, emergency_left=post.emergency_left - 1, fed_until=d)
        for i in hungry:
            state.update(state.crews[i], fed_until=d)
        left, name = post.emergency_left, post.name or post.id
        if left + 1 == emergency_days(self.rules, post):
            text = (
                f"{name} is out of supplies and lives on its emergency supplies: the crews die on day {d + left + 1} unless resupplied"
                if len(hungry) == len(at)
                else f"{name} has no supplies for {plural(len(hungry), 'crew')} of its {len(at)} ({ids}): {'it lives' if len(hungry) == 1 else 'they live'} on its emergency supplies and {'dies' if len(hungry) == 1 else 'die'} on day {d + left + 1} unless resupplied"
            )
            self.line(post.owner, "event", text, "§14")
        return post

    def _crews_die_s14(self, post: Post, at: list[int], hungry: list[int], ids: str) -> None:
        """§14: out of supplies, the crews are dead; a post without crews drifts or stops."""
        d, state, crews, name = self.day, self.state, self.state.crews, post.name or post.id
        for i in hungry:
            state.update(crews[i], status="dead", ended_day=d)
            self._crew_changes += 1
        alive = [fed for i in at if crews[i].active and (fed := crews[i].fed_until) is not None]
        if alive:
            post = state.update(post, fed_until=min(alive))
            text = f"{'crew' if len(hungry) == 1 else 'crews'} {ids} of {name} died: no supplies left for {'it' if len(hungry) == 1 else 'them'}; the other crews are fed"
            self.line(post.owner, "event", text, "§14")
            return
        ship = isinstance(post, Ship)
        post = state.update(post, fed_until=d, status=DRIFTING if ship else STOPPED)
        what = "it drifts on its last course and speed" if ship else "all its functions stop"
        text = (
            f"the crew{'s' if len(at) > 1 else ''} of {name} ({ids}) died: no supplies left; {what}"
        )
        self.line(post.owner, "event", text, "§14")

    def _feed_crews_s14(self, post: Post, at: list[int], d: int) -> tuple[Post, list[int]]:
        """§14: "One unit of supplies will fulfill the needs of one crew for one month": each
        crew whose month is over takes a unit, in the Crews sheet's order, as long as there are
        units. Returned: the post as it is now and the crews (`at` are their indices) left
        without a unit (they need emergency supplies). Crews on a planet need none. The post's
        `fed_until` ends as the day all its crews are fed through. `d` is today."""
        state, crews = self.state, self.state.crews
        if post.on_planet:
            for i in at:
                c = crews[i]
                fed = max(post.fed_until if c.fed_until is None else c.fed_until, d)
                if fed != c.fed_until:
                    state.update(c, fed_until=fed)
            if post.fed_until < d:
                post = state.update(post, fed_until=d)
            return post, []
        hungry: list[int] = []
        supplies = post.supplies
        for i in at:
            c = crews[i]
            fed = post.fed_until if c.fed_until is None else c.fed_until  # empty: as its post
            if fed < d and supplies > 0:
                supplies -= 1
                fed = max(fed, d - 1) + self.rules.supply_days
            if fed != c.fed_until:
                state.update(c, fed_until=fed)
            if fed < d:
                hungry.append(i)
        fed_all = min(fed for i in at if (fed := crews[i].fed_until) is not None)
        if (supplies, fed_all) != (post.supplies, post.fed_until):
            post = state.update(post, supplies=supplies, fed_until=fed_all)
        return post, hungry

    # -- §20 recreation modules ----------------------------------------------------------------------
    def modules_s20(self) -> None:
        if not self.state.modules:
            return
        state, units = self.state, self.rules.module_supplies
        bases = {b.id: b for b in state.bases}
        for m in standing_modules(state):  # §20: a destroyed one eats nothing
            if m.fed_until >= self.day:
                continue
            base = bases.get(m.base)
            if base is not None and base.supplies >= units:
                bases[m.base] = state.update(base, supplies=base.supplies - units)
                fed = max(m.fed_until, self.day - 1) + self.rules.supply_days
                if m.status != "open":
                    state.update(m, fed_until=fed, status="open")
                    self.line(m.owner, "event", f"recreation module {m.id} is open again", "§20")
                else:
                    state.update(m, fed_until=fed)
            elif m.status == "open":
                state.update(m, status="shut")
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
        modules = {m.id: m for m in standing_modules(self.state)}
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
                self.state.update(c, module_days=c.module_days + 1)

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

    def _first_calendar(self) -> None:
        """The first day: the crews of lost posts are gone, the others on the calendar."""
        d, posts = self.day, self.state.posts()
        self._calendar = defaultdict(set)
        for i, c in enumerate(self.state.crews):
            post = posts.get(c.post) if c.active else None
            if post is not None and post.status in ("destroyed", "departed"):
                self.state.update(
                    c, status="dead" if post.status == "destroyed" else "departed", ended_day=d
                )
                self._crew_changes += 1
            elif c.active:
                self._schedule_crew(i, d - 1)

    def wages_s13(self) -> None:
        d, r = self.day, self.rules
        if self._calendar is None:
            self._first_calendar()
        assert self._calendar is not None
        today = sorted(self._calendar.pop(d, ()))  # the Crews sheet's order, as ever
        due: dict[str, list[int]] = defaultdict(list)
        for i in today:
            c = self.state.crews[i]
            if not c.active:
                continue
            unpaid = d - c.paid_through
            if unpaid > 0 and unpaid % r.pay_days == 0:
                due[c.owner].append(i)
            elif unpaid >= r.quit_days:  # a quit day that is not a pay day (house rules)
                self.crew_quits(c)
        self._wages_due(d, due)
        for i in today:
            if self.state.crews[i].active:
                self._schedule_crew(i, d)

    def _wages_due(self, d: int, due: dict[str, list[int]]) -> None:
        """Each owner pays its crews (`due`: their indices in the Crews sheet) due today."""
        if not due:
            return
        spots = self._recreation_s20()
        for owner, at in due.items():
            self._pay_wages_s13(owner, [self.state.crews[i] for i in at], d, spots)
            for c in (self.state.crews[i] for i in at):  # as it is now: paid above, or not
                if c.paid_through != d:
                    self._unpaid_s13(owner, c, d)

    def _recreation_s20(self) -> _Spots:
        """§20: where crews spend half their pay: the modules by id and by base (a base's crews
        have its module without the Crews sheet naming it: an open one, if it has several), and
        the ships. None spent at a destroyed module, nor paid to a dead owner (§5)."""
        standing = [m for m in standing_modules(self.state) if not self._dead(m.owner)]
        on_base: dict[str, Module] = {}
        for m in standing:
            if m.base not in on_base or (m.status == "open" and on_base[m.base].status != "open"):
                on_base[m.base] = m
        ships = {s.id for s in self.state.ships} if standing else set()
        return {m.id: m for m in standing}, on_base, ships

    def _pay_wages_s13(self, owner: str, crews: list[Crew], d: int, spots: _Spots) -> None:
        """§13: each crew is paid all it is owed, oldest crews first, while the money lasts."""
        player = self.player(owner)
        if player is None:
            return
        budget, spent = self._available(player), Decimal(0)
        paid: list[Crew] = []
        pieces: list[tuple[str, Decimal]] = []
        for c in crews:
            owed = round_money(self.rules.wage * (d - c.paid_through))
            if spent + owed > budget:
                continue
            spent += owed
            paid.append(c)
            pieces += self._wage_pieces_s20(c, owed, d, spots)
        if not paid:
            return
        if len(paid) <= 6:
            whose = f"crew{'s' if len(paid) > 1 else ''} {', '.join(c.id for c in paid)}"
        else:
            whose = f"{len(paid)} crews ({paid[0].id} ... {paid[-1].id})"
        memo = f"{owner} pays wages of {whose}"
        txn = self.pay(player, pieces, kind="wages", memo=memo, rule="§13")
        if txn is None:
            return
        for c in paid:
            self.state.update(c, paid_through=d, module_days=0)
        self.line(owner, "charge", memo, "§13", spent, txn)
        text = f"recreation module: half the pay of {owner}'s crews"
        for account, amount in (piece for piece in pieces if piece[0] != CREWS):
            receiver = self.books.game.account_owner(self.books, account)
            if receiver is not None and receiver.name != owner:
                self.line(receiver.name, "income", text, "§20", amount, txn)

    def _wage_pieces_s20(
        self, c: Crew, owed: Decimal, d: int, spots: _Spots
    ) -> list[tuple[str, Decimal]]:
        """Where a crew's pay goes: half of it (on a ship, of the days counted there, at most
        all) to the recreation module it is spent at (§20), the rest to the crews."""
        r, (modules, on_base, ships) = self.rules, spots
        module = modules.get(c.module) if c.module else on_base.get(c.post)
        share = Decimal(0)
        if module is not None and c.post in ships:
            days = min(c.module_days, d - c.paid_through)
            share = round_money(r.wage * days * r.module_share / 100)
        elif module is not None and module.status == "open":
            share = round_money(owed * r.module_share / 100)
        if not share or module is None:
            return [(CREWS, owed)]
        owner = self.player(module.owner)
        account = self.books.game.cash_account(owner) if owner else CREWS
        return [(account, share), (CREWS, owed - share)]

    def _unpaid_s13(self, owner: str, c: Crew, d: int) -> None:
        """§13: a crew not paid quits after `quit_days` unpaid; till then the tick says so."""
        r, unpaid = self.rules, d - c.paid_through
        if unpaid >= r.quit_days:
            self.crew_quits(c)
            return
        text = f"crew {c.id} not paid: {r.wage * unpaid:.2f} KC owed for {unpaid} days; the tick pays it on day {d + r.pay_days} if {owner} has the money then (§13); it quits on day {c.paid_through + r.quit_days} unless paid"
        self.line(owner, "event", text, "§13")

    def _dead(self, name: str) -> bool:
        player = self.player(name)
        return player is not None and player.get("status") == "dead"

    def crew_quits(self, crew: Crew) -> None:
        crew = self.state.update(crew, status="quit", ended_day=self.day)
        self._crew_changes += 1
        post = self.state.posts().get(crew.post)
        where = ""
        if post is not None and not self.state.crews_at(post.id):
            if isinstance(post, Ship):
                self.state.update(post, status=LANDING)
                where = f"; {post.name or post.id} must land at the nearest planet"
            else:
                self.state.update(post, status=OPEN)
                where = f"; {post.name or post.id} stands open to anyone"
        text = f"crew {crew.id} quit after {self.rules.quit_days} days unpaid{where}; new crews cost {self.rules.hire_factor_after_quit}× to hire"
        self.line(crew.owner, "event", text, "§13")
