"""What a Triplanetary player's statement says, as plain data (ledger.core.report), and the
reckoning of net worth the game summary (reports.py) shares; the forecast comes from the tick
itself, run on a copy."""

from __future__ import annotations

from collections import Counter
from decimal import Decimal

from ledger.core.books import Player
from ledger.core.clock import Period
from ledger.core.money import round_money
from ledger.core.report import Statement, Table, TickReport, fmt
from ledger.core.statement_parts import bank_table, cash_chart, journal_table
from ledger.core.words import plural
from ledger.rules.triplanetary.books import Books
from ledger.rules.triplanetary.crews import owed_wages
from ledger.rules.triplanetary.justice import in_prison
from ledger.rules.triplanetary.kit import collected_when, hold_capacity, hold_used
from ledger.rules.triplanetary.model import Mine, Post, State
from ledger.rules.triplanetary.roles import PATROL_ROLE
from ledger.rules.triplanetary.settings import Rules
from ledger.rules.triplanetary.tick import tick


def state_of(books: Books) -> State:
    assert isinstance(books.state, State)
    return books.state


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
    dues = sum((d.amount for d in state.dues if d.player == name), Decimal(0))
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
    state, rules, day = state_of(books), Rules.of(books.settings), books.day
    working = Counter(c.post for c in state.crews if c.active)
    out: list[tuple[int, str]] = []
    for c in state.crews:
        if c.owner != player.name or not c.active:
            continue
        unpaid = day - c.paid_through
        next_pay = c.paid_through + rules.pay_days * (unpaid // rules.pay_days + 1)
        owed = owed_wages(rules, c, next_pay)
        if unpaid >= rules.pay_days:
            out.append(
                (
                    c.paid_through + rules.quit_days,
                    f"crew {c.id} quits on day {c.paid_through + rules.quit_days} unless paid ({fmt(owed_wages(rules, c, day))} KC owed now; the tick pays it on day {next_pay} if {player.name} has the money then, §13)",
                )
            )
        else:
            out.append(
                (
                    next_pay,
                    f"crew {c.id}: wages of {fmt(round_money(owed))} KC due on day {next_pay}",
                )
            )
    for post in [*state.ships, *state.bases, *state.mines]:
        if post.owner != player.name:
            continue
        dl = supply_deadline(rules, state, post, day, working[post.id])
        if dl is not None:
            start, death = dl
            if start <= day:
                out.append(
                    (
                        death,
                        f"{post.name or post.id} lives on emergency supplies: its crews die on day {death} unless resupplied",
                    )
                )
            else:
                out.append(
                    (
                        start,
                        f"{post.name or post.id} runs out of supplies on day {start}; its crews die on day {death} unless resupplied",
                    )
                )
    for o in state.offices:
        if o.owner == player.name and o.status == "open":
            out.append(
                (
                    o.paid_until,
                    f"office {o.id} at {o.place}: {fmt(rules.office_fee)} KC due on day {o.paid_until}, or it closes",
                )
            )
    for o in state.orders:
        if o.owner == player.name and o.status == "building":
            out.append((o.ready_day, f"{o.name or o.item} is ready on day {o.ready_day}"))
    from ledger.rules.triplanetary.tick_taxes import owes_property_tax, taxable_property

    if rules.tax_cycle > 0 and owes_property_tax(rules, player):
        # what the tick will take (§29): the same property and the same exemptions
        value = taxable_property(state, rules).get(player.name, Decimal(0))
        if value:
            tax_day = (day // rules.tax_cycle + 1) * rules.tax_cycle
            out.append(
                (
                    tax_day,
                    f"property tax on day {tax_day}: {fmt(round_money(value * rules.property_tax / 100))} KC (§29)",
                )
            )
    owed = sum((d.amount for d in state.dues if d.player == player.name), Decimal(0))
    if owed:
        out.append(
            (
                day,
                f"{fmt(owed)} KC of fines and taxes are owed: {collected_when(player.name, 'them')}",
            )
        )
    if in_prison(player):
        out.append(
            (
                int(player.get("status_until") or day),
                f"in prison until day {player.get('status_until')}",
            )
        )
    return [text for _, text in sorted(out, key=lambda x: x[0])]


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
    state, rules, day = state_of(books), Rules.of(books.settings), books.day
    working = Counter(c.post for c in state.crews if c.active)
    name = player.name
    tables: list[Table] = []
    ships = Table(
        "Ships",
        ["ship", "type", "state", "where", "supplies", "fuel", "hold (CP)"],
        align=["l", "l", "l", "l", "l", "r", "r"],
    )
    for s in state.ships:
        if s.owner != name:
            continue
        dl = supply_deadline(rules, state, s, day, working[s.id])
        supplies = plural(s.supplies, "unit") + (f", until day {dl[0] - 1}" if dl else "")
        cap = hold_capacity(state, s)
        ships.rows.append(
            [
                s.name or s.id,
                s.type,
                s.status + (", landed" if s.on_planet else ""),
                s.location,
                supplies,
                str(s.fuel),
                f"{hold_used(rules, state, s, working[s.id])}/{cap}",
            ]
        )
    tables.append(ships)
    building = Table(
        "Under construction",
        ["what", "name", "where", "ready on day", "price"],
        align=["l", "l", "l", "r", "r"],
    )
    for o in state.orders:
        if o.owner == name and o.status == "building":
            building.rows.append([o.item, o.name, o.place, str(o.ready_day), fmt(o.price)])
    tables.append(building)
    crews = Table(
        "Crews",
        ["crew", "works on", "days unpaid", "wages owed", "quits on day"],
        align=["l", "l", "r", "r", "r"],
    )
    posts = state.posts()
    owed_total = Decimal(0)
    for c in state.crews:
        if c.owner != name or not c.active:
            continue
        post = posts.get(c.post)
        owed = round_money(owed_wages(rules, c, day))
        owed_total += owed
        crews.rows.append(
            [
                c.id,
                (post.name or post.id) if post else c.post,
                str(day - c.paid_through),
                fmt(owed),
                str(c.paid_through + rules.quit_days),
            ]
        )
    crews.total = f"Wages owed: {fmt(owed_total)} KC" if crews.rows else ""
    tables.append(crews)
    bases = Table(
        "Bases and modules",
        ["base", "where", "state", "supplies", "modules"],
        align=["l", "l", "l", "r", "l"],
    )
    for b in state.bases:
        if b.owner == name:
            mods = ", ".join(f"{m.id} ({m.status})" for m in state.modules if m.base == b.id)
            bases.rows.append([b.name or b.id, b.location, b.status, str(b.supplies), mods])
    tables.append(bases)
    offices = Table("Offices", ["office", "where", "state", "next fee"], align=["l", "l", "l", "l"])
    for o in state.offices:
        if o.owner == name:
            offices.rows.append(
                [
                    o.id,
                    o.place,
                    o.status,
                    f"{fmt(rules.office_fee)} KC on day {o.paid_until}"
                    if o.status == "open"
                    else "",
                ]
            )
    tables.append(offices)
    mines = Table("Mines and stores", ["holder", "what", "qty"], align=["l", "l", "r"])
    for m in state.mines:
        if m.owner == name:
            state_text = (
                "registered" if m.registered_day is not None else f"registered on day {m.ready_day}"
            )
            mines.rows.append(
                [m.name or m.id, ("C-T mine, " if m.ct else "mine, ") + state_text, ""]
            )
    for c in sorted(state.cargo, key=lambda c: (c.holder, c.good)):
        post = posts.get(c.holder)
        if post is not None and post.owner == name and c.qty:
            mines.rows.append([post.name or post.id, c.good, str(c.qty)])
    mines.title = "Mines, holds and stores"
    tables.append(mines)
    dues = Table(
        "Owed to the Patrol and Earth (§6)",
        ["since day", "what", "to", "KC"],
        align=["r", "l", "l", "r"],
    )
    for d in state.dues:
        if d.player == name and d.amount:
            dues.rows.append([str(d.day), d.reason, d.creditor, fmt(d.amount)])
    dues.total = f"Owed: {fmt(sum((d.amount for d in state.dues if d.player == name), Decimal(0)))} KC; {collected_when(name, 'it')}"
    if dues.rows:
        tables.append(dues)
    return [t for t in tables if t.rows or t.title in ("Ships", "Crews")]


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
    return Statement(
        game=books.game.title,
        player=player.name,
        role=player.role,
        since=period.since,
        day=books.day,
        currency=books.currency,
        facts=facts(books, player),
        banks=bank_table(books, player, period),
        journal=journal_table(books, player, period),
        sections=property_tables(books, player),
        warnings=warnings(books, player),
        upcoming=upcoming_table(report, player.name, books.currency),
        chart=cash_chart(books, player),
    )
