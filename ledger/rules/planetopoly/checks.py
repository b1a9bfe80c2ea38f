"""What `ledger check` asks of a Planetopoly workbook: 2 to 4 players (§1), title deed cards
that make sense (three plots a planet, rents not falling with the level), holdings that follow
§5 (one owner a planet, support points within the limits) and a debt column that agrees with
the journal."""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from decimal import Decimal

from ledger.core.problems import Problem
from ledger.rules.planetopoly import bank, rules, tables
from ledger.rules.planetopoly.books import Books
from ledger.rules.planetopoly.sheets import DEEDS, HOLDINGS, Board, board_of
from ledger.rules.planetopoly.tables import SAID


def check_state(books: Books) -> Iterable[Problem]:
    yield from _settings(books)
    yield from _players(books)
    board = board_of(books)
    yield from _deeds(board)
    yield from _holdings(books, board)


def _settings(books: Books) -> Iterable[Problem]:
    """A house rule is a possible one: no amount below 0 (a fine of -5 would pay the
    prisoner), at least one stay in prison (§10: none would serve the sentence on the way in)."""
    for s in tables.SETTINGS:
        value = books.settings.values.get(s.key)
        where = str(books.settings.refs.get(s.key, "Settings"))
        if s.kind == "money" and isinstance(value, Decimal) and value < 0:
            yield SAID.problem("negative-setting", where, s=s, value=value)
    if books.settings.get_int("prison_stays") < 1:
        yield SAID.problem("prison-stays", str(books.settings.refs.get("prison_stays", "Settings")))


def _players(books: Books) -> Iterable[Problem]:
    """§1: at most max_players; §2: two at least; §9: a debt is the journal's, repaid first."""
    limit = books.settings.get_int("max_players")
    players = books.players
    if len(players) > limit:
        where = str(players[limit].ref) if players[limit].ref else "Players"
        yield SAID.problem("too-many-players", where, limit=limit, count=len(players))
    if len(players) < 2:
        yield SAID.problem("too-few-players", "Players", count=len(players))
    for p in players:
        typed = p.get("debt")
        owed = bank.debt(books, p)
        where = str(p.ref) if p.ref else f"player {p.name}"
        if owed > 0 and bank.cash(books, p) > 0:
            cash = bank.cash(books, p)
            yield SAID.problem("debt-not-repaid", where, p=p, owed=owed, cash=cash)
        if isinstance(typed, Decimal) and typed != owed:
            yield SAID.problem("debt-edited", where, p=p, typed=typed, owed=owed)


def _deeds(board: Board) -> Iterable[Problem]:
    """Each card once, of a kind; a price above 0, no value below 0 (§5); a toll station or
    speed trap of no planet (§6); a plot of a planet of three, its rents not falling with the
    level, with a rent and a support point price (§5)."""
    seen: dict[str, str] = {}
    planets: dict[str, list[str]] = {}
    for d in board.deeds:
        where = DEEDS.cell("key", d.ref, f"deed {d.key}")
        key = d.key.casefold()
        if key in seen:
            yield SAID.problem("duplicate-deed", where, d=d, first=seen[key])
        seen.setdefault(key, where)
        if d.kind not in tables.KINDS:
            yield SAID.problem("bad-kind", DEEDS.cell("kind", d.ref, where), d=d)
            continue
        if d.price <= 0:
            yield SAID.problem("bad-price", DEEDS.cell("price", d.ref, where), d=d)
        for column in ("sale_value", "premium", "mortgage", "point_price", "point_sale"):
            if getattr(d, column) < 0:
                yield SAID.problem(
                    "bad-value", DEEDS.cell(column, d.ref, where), d=d, column=column
                )
        if not d.is_plot:
            if d.planet:
                yield SAID.problem("planet-on-st", DEEDS.cell("planet", d.ref, where), d=d)
            continue
        if not d.planet:
            yield SAID.problem("plot-without-planet", DEEDS.cell("planet", d.ref, where), d=d)
            continue
        planets.setdefault(d.planet, []).append(where)
        rents = [r for r in d.rents() if r[1] > 0]  # an empty level is judged when reached
        for (_, low, lname), (_, high, hname) in itertools.pairwise(rents):
            if high < low:
                levels = {"low": low, "lname": lname, "high": high, "hname": hname}
                yield SAID.problem("rent-falls", where, d=d, **levels)
                break
        for column, said in (("rent", "no-rent"), ("point_price", "no-point-price")):
            if getattr(d, column) <= 0:
                yield SAID.problem(said, DEEDS.cell(column, d.ref, where), d=d)
    for planet, wheres in planets.items():
        if len(wheres) != 3:
            yield SAID.problem("planet-not-three", wheres[0], planet=planet, count=len(wheres))


def _holdings(books: Books, board: Board) -> Iterable[Problem]:
    """A holding of a deed of Deeds, one owner a card, a player still in the game (§9), 0 to
    9 support points and only on a plot (§5, §6) at a level the card has a rent for; one
    owner a planet and its points within §5's limits."""
    names = {p.name for p in books.players}
    seen: dict[str, str] = {}
    owners: dict[str, set[str]] = {}
    for h in board.holdings:
        where = HOLDINGS.cell("deed", h.ref, f"holding {h.deed}")
        d = board.deed(h.deed)
        if d is None:
            yield SAID.problem("unknown-deed", where, h=h)
            continue
        if d.key in seen:
            yield SAID.problem("two-owners", where, d=d, first=seen[d.key])
        seen.setdefault(d.key, where)
        owner = books.player(h.owner)
        if h.owner not in names or owner is None:
            yield SAID.problem("unknown-owner", HOLDINGS.cell("owner", h.ref, where), h=h)
            continue
        if bank.flag(owner, "out"):
            yield SAID.problem("owner-out", HOLDINGS.cell("owner", h.ref, where), p=owner)
        points_cell = HOLDINGS.cell("points", h.ref, where)
        if h.points < 0 or h.points > tables.MAX_POINTS:
            yield SAID.problem("bad-points", points_cell, h=h, most=tables.MAX_POINTS)
        elif h.points and not d.is_plot:
            yield SAID.problem("no-points-on-st", points_cell, d=d)
        if d.is_plot:
            owners.setdefault(d.planet, set()).add(owner.name)
            if 0 <= h.points <= tables.MAX_POINTS and d.rent_at(h.points) <= 0:
                column = tables.level_column(h.points)
                level = tables.level_name(h.points)
                cell = DEEDS.cell(column, d.ref, f"deed {d.key}")
                yield SAID.problem("no-rent-at-level", cell, d=d, level=level, column=column)
    for planet, who in sorted(owners.items()):
        if len(who) > 1:
            split = ", ".join(sorted(who))
            yield SAID.problem("planet-split", "Holdings", planet=planet, owners=split)
            continue
        (owner_name,) = who
        for key, what in rules.limit_breaches(rules.planet_points(board, planet, owner_name)):
            h = board.holding(key)
            where = HOLDINGS.cell("points", h.ref if h else None, f"holding {key}")
            yield SAID.problem("point-limit-typed", where, what=what, key=key)
