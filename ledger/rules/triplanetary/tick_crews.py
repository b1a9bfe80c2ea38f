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


class CrewSteps(TickerBase):
    """The day's steps for crews: supplies (§14), recreation modules (§20), wages (§13)."""

    # -- §14 supplies --------------------------------------------------------------------------
    def supplies_s14(self) -> None:
        d, state = self.day, self.state
        fines: dict[str, list[Post]] = defaultdict(list)
        crews_at = self.crews_by_supplier()
        idle = self._idle
        for key, post in self._posts_at():
            if post.status in (
                DRIFTING,
                STOPPED,
                "destroyed",
                "registering",
                "colonizing",
                "departed",
            ):
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
            crews = state.crews
            name, ids = post.name or post.id, ", ".join(crews[i].id for i in hungry)
            if post.emergency_left > 0:  # one day of the post's emergency supplies, one fine
                post = state.update(post, emergency_left=post.emergency_left - 1, fed_until=d)
                for i in hungry:
                    state.update(crews[i], fed_until=d)
                fines[post.owner].append(post)
                left = post.emergency_left
                if left + 1 == emergency_days(self.rules, post):
                    text = (
                        f"{name} is out of supplies and lives on its emergency supplies: the crews die on day {d + left + 1} unless resupplied"
                        if len(hungry) == len(at)
                        else f"{name} has no supplies for {plural(len(hungry), 'crew')} of its {len(at)} ({ids}): {'it lives' if len(hungry) == 1 else 'they live'} on its emergency supplies and {'dies' if len(hungry) == 1 else 'die'} on day {d + left + 1} unless resupplied"
                    )
                    self.line(post.owner, "event", text, "§14")
                continue
            for i in hungry:  # §14: out of supplies, the crews are dead
                state.update(crews[i], status="dead", ended_day=d)
                self._crew_changes += 1
            alive = [fed for i in at if crews[i].active and (fed := crews[i].fed_until) is not None]
            if alive:
                post = state.update(post, fed_until=min(alive))
                self.line(
                    post.owner,
                    "event",
                    f"{'crew' if len(hungry) == 1 else 'crews'} {ids} of {name} died: no supplies left for {'it' if len(hungry) == 1 else 'them'}; the other crews are fed",
                    "§14",
                )
                continue
            post = state.update(
                post, fed_until=d, status=DRIFTING if isinstance(post, Ship) else STOPPED
            )
            what = (
                "it drifts on its last course and speed"
                if isinstance(post, Ship)
                else "all its functions stop"
            )
            self.line(
                post.owner,
                "event",
                f"the crew{'s' if len(at) > 1 else ''} of {name} ({ids}) died: no supplies left; {what}",
                "§14",
            )
        for owner, posts in fines.items():
            self.fine(
                owner,
                self.rules.emergency_fine * len(posts),
                f"emergency supplies used on {', '.join(p.name or p.id for p in posts)}",
                "§14",
            )

    def _feed_crews_s14(self, post: Post, at: list[int], d: int) -> tuple[Post, list[int]]:
        """§14: "One unit of supplies will fulfill the needs of one crew for one month": each
        crew whose month is over takes a unit, in the Crews sheet's order, as long as there are
        units. Returned: the post as it is now and the crews (`at` are their indices) left
        without a unit (they need emergency supplies). Crews on a planet need none. The post's
        `fed_until` ends as the day all its crews are fed through. `d` is today."""
        state = self.state
        crews = state.crews
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
                    self.state.update(
                        c, status="dead" if post.status == "destroyed" else "departed", ended_day=d
                    )
                    self._crew_changes += 1
                    continue
                self._schedule_crew(i, d - 1)
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
        r, state = self.rules, self.state
        if not due:
            return
        # §20: none spent at a destroyed module, nor paid to a dead owner (§5)
        standing = [m for m in standing_modules(state) if not self._dead(m.owner)]
        modules = {m.id: m for m in standing}
        ships = {s.id for s in state.ships} if modules else set()
        # §20 "on their base": a base's crews have its module without the Crews sheet naming it
        on_base: dict[str, Module] = {}
        for m in standing:  # an open one, if the base has several
            if m.base not in on_base or (m.status == "open" and on_base[m.base].status != "open"):
                on_base[m.base] = m
        for owner, at in due.items():
            crews = [state.crews[i] for i in at]
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
                module = modules.get(c.module) if c.module else on_base.get(c.post)
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
                        state.update(c, paid_through=d, module_days=0)
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
            for i in at:
                c = state.crews[i]  # as it is now: paid above, or not
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
                        f"crew {c.id} not paid: {owed:.2f} KC owed for {unpaid} days; the tick pays it on day {d + r.pay_days} if {owner} has the money then (§13); it quits on day {c.paid_through + r.quit_days} unless paid",
                        "§13",
                    )

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
        self.line(
            crew.owner,
            "event",
            f"crew {crew.id} quit after {self.rules.quit_days} days unpaid{where}; new crews cost {self.rules.hire_factor_after_quit}× to hire",
            "§13",
        )
