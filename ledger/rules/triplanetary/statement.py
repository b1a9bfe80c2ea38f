"""What a Triplanetary player's statement says, as plain data (ledger.core.report), and the
reckoning of net worth the game summary (reports.py) shares; the forecast comes from the tick
itself, run on a copy."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from decimal import Decimal

from ledger.core.books import Player
from ledger.core.clock import Period
from ledger.core.money import round_money
from ledger.core.report import Statement, Table, TickReport, fmt
from ledger.core.statement_parts import layouts, player_statement
from ledger.core.words import plural
from ledger.rules.triplanetary.books import Books
from ledger.rules.triplanetary.crews import owed_wages
from ledger.rules.triplanetary.justice import in_prison
from ledger.rules.triplanetary.kit import collected_when, fed, hold_capacity, hold_used, state_of
from ledger.rules.triplanetary.model import Mine, Office, Post, State
from ledger.rules.triplanetary.roles import PATROL_ROLE
from ledger.rules.triplanetary.settings import Rules
from ledger.rules.triplanetary.tick import tick

#: The tables of the statements, the views and the reports: their titles, columns, alignment
#: and what each says empty (shown.csv).
SHOWN = layouts(__package__ or "ledger.rules.triplanetary")


def forecast(books: Books, days: int) -> TickReport:
    """What the next `days` days bring, from the tick's own code on a copy of the books."""
    return tick(books.fork(), days)


def supply_deadline(
    rules: Rules, state: State, post: Post, day: int, crews: int | None = None
) -> tuple[int, int] | None:
    """(the day the post's crews start on emergency supplies, the day they die), or None."""
    crews = len(state.crews_at(post.id)) if crews is None else crews
    if not crews or post.on_planet or post.status not in ("active", "landing", "open"):
        return None
    if isinstance(post, Mine) and post.base:
        return None  # fed by its base
    fed = max(post.fed_until, day)
    out_day = fed + rules.supply_days * (post.supplies // crews) + 1
    return out_day, out_day + post.emergency_left


def property_value(state: State, name: str) -> Decimal:
    """Ships, bases and modules at their original price, those under construction included (§29)."""
    from ledger.rules.triplanetary.tick_taxes import standing_property

    total = sum((price for owner, price in standing_property(state) if owner == name), Decimal(0))
    total += sum(
        (o.price for o in state.orders if o.owner == name and o.status == "building"), Decimal(0)
    )
    return total


def owed_by(books: Books, name: str) -> tuple[Decimal, Decimal]:
    """What a player owes today: (fines and taxes to the Patrol and Earth, the Dues, §6;
    wages its working crews have earned since they were last paid, §13)."""
    state, rules = state_of(books), Rules.of(books.settings)
    dues = dues_owed(state, name)
    wages = sum(
        (
            round_money(owed_wages(rules, c, books.day))
            for c in state.crews
            if c.owner == name and c.active
        ),
        Decimal(0),
    )
    return dues, wages


def worth(books: Books, player: Player) -> tuple[Decimal, Decimal, Decimal, Decimal]:
    """(cash, property at its price, what is owed, net worth = cash + property - owed): the
    one reckoning of the game summary and of a player's statement."""
    cash = books.player_cash(player).amount
    prop = property_value(state_of(books), player.name)
    owed = sum(owed_by(books, player.name), Decimal(0))
    return cash, prop, owed, cash + prop - owed


def warnings(books: Books, player: Player) -> list[str]:
    """Dated things that happen unless the player acts."""
    state, rules, day, name = state_of(books), Rules.of(books.settings), books.day, player.name
    out = [
        *_wages_ahead_s13(state, rules, day, name),
        *_supplies_ahead_s14(state, rules, day, name),
        *(
            (
                o.paid_until,
                f"office {o.id} at {o.place}: {fmt(rules.office_fee)} KC due on day {o.paid_until}, or it closes",
            )
            for o in state.offices
            if o.owner == name and o.status == "open"
        ),
        *(
            (o.ready_day, f"{o.name or o.item} is ready on day {o.ready_day}")
            for o in state.orders
            if o.owner == name and o.status == "building"
        ),
        *_property_tax_ahead_s29(state, rules, day, player),
    ]
    if owed := dues_owed(state, name):
        out.append(
            (day, f"{fmt(owed)} KC of fines and taxes are owed: {collected_when(name, 'them')}")
        )
    if in_prison(player):
        until = player.get("status_until")
        out.append((int(until or day), f"in prison until day {until}"))
    return [text for _, text in sorted(out, key=lambda x: x[0])]


def _wages_ahead_s13(state: State, rules: Rules, day: int, name: str) -> list[tuple[int, str]]:
    """Each working crew's next pay day, or the day it quits if it is owed a pay day (§13)."""
    out = []
    for c in state.crews:
        if c.owner != name or not c.active:
            continue
        unpaid = day - c.paid_through
        next_pay = c.paid_through + rules.pay_days * (unpaid // rules.pay_days + 1)
        if unpaid < rules.pay_days:
            owed = fmt(round_money(owed_wages(rules, c, next_pay)))
            out.append((next_pay, f"crew {c.id}: wages of {owed} KC due on day {next_pay}"))
            continue
        quits, now = c.paid_through + rules.quit_days, fmt(owed_wages(rules, c, day))
        text = f"crew {c.id} quits on day {quits} unless paid ({now} KC owed now; the tick pays it on day {next_pay} if {name} has the money then, §13)"
        out.append((quits, text))
    return out


def supplies_ahead(
    rules: Rules, state: State, day: int, name: str
) -> Iterator[tuple[Post, int, int, int]]:
    """`name`'s posts whose crews will be out of supplies (§14): each with the crews its supplies
    feed (a base's, those of the mines on its hex too, §19), the day they start on emergency
    supplies and the day they die (`supply_deadline`)."""
    for post in [*state.ships, *state.bases, *state.mines]:
        crews = fed(state, post)
        if post.owner == name and (dl := supply_deadline(rules, state, post, day, crews)):
            yield post, crews, *dl


def _supplies_ahead_s14(state: State, rules: Rules, day: int, name: str) -> list[tuple[int, str]]:
    """The day a post's crews go on emergency supplies, or the day they die on them (§14)."""
    out = []
    for post, _, start, death in supplies_ahead(rules, state, day, name):
        who = post.name or post.id
        die = f"its crews die on day {death} unless resupplied"
        if start <= day:
            out.append((death, f"{who} lives on emergency supplies: {die}"))
        else:
            out.append((start, f"{who} runs out of supplies on day {start}; {die}"))
    return out


def _property_tax_ahead_s29(
    state: State, rules: Rules, day: int, player: Player
) -> list[tuple[int, str]]:
    """What the tick will take (§29): the same property and the same exemptions."""
    from ledger.rules.triplanetary.tick_taxes import owes_property_tax, taxable_property

    if rules.tax_cycle <= 0 or not owes_property_tax(rules, player):
        return []
    value = taxable_property(state, rules).get(player.name, Decimal(0))
    tax_day = (day // rules.tax_cycle + 1) * rules.tax_cycle
    tax = fmt(round_money(value * rules.property_tax / 100))
    return [(tax_day, f"property tax on day {tax_day}: {tax} KC (§29)")] if value else []


def dues_owed(state: State, name: str) -> Decimal:
    """What a player owes the Patrol and Earth (§6)."""
    return sum((d.amount for d in state.dues if d.player == name), Decimal(0))


def upcoming_table(report: TickReport, player: str, currency: str) -> Table:
    table = Table(
        f"The next {report.end - report.start} days",
        ["day", "what", "rule", currency],
        align=["r", "l", "l", "r"],
        empty="nothing falls due",
    )
    for line in report.for_player(player):
        amount = (
            ""
            if line.amount is None
            else fmt(-line.amount if line.kind == "charge" else line.amount)
        )
        table.rows.append([str(line.day), line.text, line.rule, amount])
    charges, income = report.totals(player)
    table.total = f"Charges: {fmt(charges)} · money in: {fmt(income)} {currency}"
    return table


def property_tables(books: Books, player: Player) -> list[Table]:
    state, rules, day, name = state_of(books), Rules.of(books.settings), books.day, player.name
    tables = [
        _ships_table(state, rules, day, name),
        SHOWN["own-building"].table(
            [
                [o.item, o.name, o.place, str(o.ready_day), fmt(o.price)]
                for o in state.orders
                if o.owner == name and o.status == "building"
            ]
        ),
        _crews_table(state, rules, day, name),
        SHOWN["own-bases"].table(
            [
                [
                    b.name or b.id,
                    b.location,
                    b.status,
                    str(b.supplies),
                    ", ".join(f"{m.id} ({m.status})" for m in state.modules if m.base == b.id),
                ]
                for b in state.bases
                if b.owner == name
            ]
        ),
        SHOWN["own-offices"].table(
            [
                [o.id, o.place, o.status, _fee_due(rules, o)]
                for o in state.offices
                if o.owner == name
            ]
        ),
        _holdings_table(state, name),
        SHOWN["own-dues"].table(
            [
                [str(d.day), d.reason, d.creditor, fmt(d.amount)]
                for d in state.dues
                if d.player == name and d.amount
            ],
            total=f"Owed: {fmt(dues_owed(state, name))} KC; {collected_when(name, 'it')}",
        ),
    ]
    return [t for t in tables if t.rows or t.title in ("Ships", "Crews")]


def _fee_due(rules: Rules, o: Office) -> str:
    return f"{fmt(rules.office_fee)} KC on day {o.paid_until}" if o.status == "open" else ""


def _ships_table(state: State, rules: Rules, day: int, name: str) -> Table:
    working = Counter(c.post for c in state.crews if c.active)
    ships = SHOWN["own-ships"].table()
    for s in state.ships:
        if s.owner != name:
            continue
        dl = supply_deadline(rules, state, s, day, working[s.id])
        supplies = plural(s.supplies, "unit") + (f", until day {dl[0] - 1}" if dl else "")
        hold = f"{hold_used(rules, state, s, working[s.id])}/{hold_capacity(state, s)}"
        landed = ", landed" if s.on_planet else ""
        ships.rows.append(
            [s.name or s.id, s.type, s.status + landed, s.location, supplies, str(s.fuel), hold]
        )
    return ships


def _crews_table(state: State, rules: Rules, day: int, name: str) -> Table:
    """Each working crew: its post, its days unpaid and wages owed, the day it quits (§13)."""
    posts = state.posts()
    crews = [c for c in state.crews if c.owner == name and c.active]
    owed = [round_money(owed_wages(rules, c, day)) for c in crews]
    table = SHOWN["own-crews"].table()
    for c, wages in zip(crews, owed, strict=True):
        post = posts.get(c.post)
        at = (post.name or post.id) if post else c.post
        quits = c.paid_through + rules.quit_days
        table.rows.append([c.id, at, str(day - c.paid_through), fmt(wages), str(quits)])
    table.total = f"Wages owed: {fmt(sum(owed, Decimal(0)))} KC" if crews else ""
    return table


def _holdings_table(state: State, name: str) -> Table:
    """A player's mines, and the goods in his holds and stores."""
    posts = state.posts()
    table = SHOWN["own-holdings"].table()
    for m in (m for m in state.mines if m.owner == name):
        when = "" if m.registered_day is not None else f" on day {m.ready_day}"
        kind = f"{'C-T mine' if m.ct else 'mine'}, registered{when}"
        table.rows.append([m.name or m.id, kind, ""])
    for c in sorted(state.cargo, key=lambda c: (c.holder, c.good)):
        post = posts.get(c.holder)
        if post is not None and post.owner == name and c.qty:
            table.rows.append([post.name or post.id, c.good, str(c.qty)])
    return table


def facts(books: Books, player: Player) -> list[tuple[str, str]]:
    state = state_of(books)
    status = str(player.get("status") or "free")
    if status == "imprisoned":
        status += f" until day {player.get('status_until')}"
    elif in_prison(player):
        status += f", in prison until day {player.get('status_until')}"
    out = [
        ("role", "Space Patrol" if player.role == PATROL_ROLE else "player"),
        ("where", str(player.get("location") or "")),
        ("legal status", status),
        ("public relations", f"{player.get('pr') or 0:+d}"),
    ]
    corps = [
        f"{c.name} ({c.status})"
        for c in state.corporations
        if c.head == player.name and c.status not in ("merged", "dissolved")
    ]
    if corps:
        out.append(("corporation", ", ".join(corps)))
    _, prop, owed, net = worth(books, player)
    out.append(("property at price paid", f"{fmt(prop)} KC"))
    out.append(("owed (fines, taxes, wages)", f"{fmt(owed)} KC"))
    out.append(("net worth (cash + property - owed)", f"{fmt(net)} KC"))
    return out


def statement(
    books: Books,
    player: Player,
    period: Period,
    days_ahead: int = 30,
    ahead: TickReport | None = None,
) -> Statement:
    report = ahead if ahead is not None else forecast(books, days_ahead)
    return player_statement(
        books,
        player,
        period,
        facts(books, player),
        property_tables(books, player),
        upcoming_table(report, player.name, books.currency),
        warnings(books, player),
    )
