"""What `ledger check` asks of a Planetopoly workbook: 2 to 4 players (§1), title deed cards
that make sense (three plots a planet, rents not falling with the level), holdings that follow
§5 (one owner a planet, support points within the limits) and a debt column that agrees with
the journal."""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from decimal import Decimal

from ledger.core.problems import Problem, problem
from ledger.rules.planetopoly import bank, rules, tables
from ledger.rules.planetopoly.books import Books
from ledger.rules.planetopoly.sheets import DEEDS, HOLDINGS, Board, board_of


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
            yield problem(
                "bad-setting",
                where,
                f"{s.key} cannot be negative ({value})",
                f"{s.rule}: the rule's value is {s.default}",
            )
    if books.settings.get_int("prison_stays") < 1:
        yield problem(
            "bad-setting",
            str(books.settings.refs.get("prison_stays", "Settings")),
            "prison_stays must be 1 or more",
            "§10: the third round missed serves the sentence (3)",
        )


def _players(books: Books) -> Iterable[Problem]:
    limit = books.settings.get_int("max_players")
    players = books.players
    if len(players) > limit:
        where = str(players[limit].ref) if players[limit].ref else "Players"
        yield problem(
            "too-many-players",
            where,
            f"§1: Planetopoly has at most {limit} players, not {len(players)}",
            "leave the others out",
        )
    if len(players) < 2:
        yield problem(
            "too-few-players",
            "Players",
            f"§2: Planetopoly needs two players at least (the last one left wins), not {len(players)}",
            "add --player NAME for each player",
        )
    for p in players:
        typed = p.get("debt")
        owed = bank.debt(books, p)
        if owed > 0 and bank.cash(books, p) > 0:
            yield problem(
                "debt-not-repaid",
                str(p.ref) if p.ref else f"player {p.name}",
                f"§9: {p.name} owes the bank {owed:.2f} and holds {bank.cash(books, p):.2f}: "
                "money received repays the debt first",
                "record money for a player in debt with a command (pay, event --receive, "
                "start, rent, sell), which repays it; not by typing it in the Journal",
                warning=True,
            )
        if isinstance(typed, Decimal) and typed != owed:
            yield problem(
                "debt-edited",
                str(p.ref) if p.ref else f"player {p.name}",
                f"the Players sheet says {p.name} owes {typed:.2f}, the journal {owed:.2f}",
                "the debt is the journal's (loan:NAME) and rewritten on every save",
                warning=True,
            )


def _deeds(board: Board) -> Iterable[Problem]:
    seen: dict[str, str] = {}
    planets: dict[str, list[str]] = {}
    for d in board.deeds:
        where = DEEDS.cell("key", d.ref, f"deed {d.key}")
        key = d.key.casefold()
        if key in seen:
            yield problem(
                "duplicate-deed",
                where,
                f"the deed {d.key!r} is in Deeds twice",
                f"first at {seen[key]}",
            )
        seen.setdefault(key, where)
        if d.kind not in tables.KINDS:
            yield problem(
                "bad-kind",
                DEEDS.cell("kind", d.ref, where),
                f"{d.kind!r} is no kind of deed",
                "plot, toll-station or speed-trap",
            )
            continue
        if d.price <= 0:
            yield problem(
                "bad-price",
                DEEDS.cell("price", d.ref, where),
                f"§5: {d.key} needs a price above 0",
                "",
            )
        for column in ("sale_value", "premium", "mortgage", "point_price", "point_sale"):
            if getattr(d, column) < 0:
                yield problem(
                    "bad-value",
                    DEEDS.cell(column, d.ref, where),
                    f"the {column} of {d.key} is below 0",
                    "",
                )
        if not d.is_plot:
            if d.planet:
                yield problem(
                    "planet-on-st",
                    DEEDS.cell("planet", d.ref, where),
                    f"§6: a {d.kind} belongs to no planet ({d.key})",
                    "leave the planet empty",
                )
            continue
        if not d.planet:
            yield problem(
                "plot-without-planet",
                DEEDS.cell("planet", d.ref, where),
                f"§5: the plot {d.key} names no planet",
                "every plot belongs to a planet of three plots",
            )
            continue
        planets.setdefault(d.planet, []).append(where)
        rents = [r for r in d.rents() if r[1] > 0]  # an empty level is judged when reached
        for (_, low, lname), (_, high, hname) in itertools.pairwise(rents):
            if high < low:
                yield problem(
                    "rent-falls",
                    where,
                    f"§5: the rent of {d.key} falls from {low} ({lname}) to {high} ({hname})",
                    "a higher level takes at least the rent of a lower one",
                )
                break
        if d.rent <= 0:
            yield problem(
                "no-rent",
                DEEDS.cell("rent", d.ref, where),
                f"§5: the plot {d.key} has no rent",
                "",
            )
        if d.point_price <= 0:
            yield problem(
                "no-point-price",
                DEEDS.cell("point_price", d.ref, where),
                f"§5: the plot {d.key} has no support point price",
                "",
            )
    for planet, wheres in planets.items():
        if len(wheres) != 3:
            yield problem(
                "planet-not-three",
                wheres[0],
                f"§5: the planet {planet} has {len(wheres)} plots, not three",
                "each planet has three plots (its claim covers the other two)",
            )


def _holdings(books: Books, board: Board) -> Iterable[Problem]:
    names = {p.name for p in books.players}
    seen: dict[str, str] = {}
    owners: dict[str, set[str]] = {}
    for h in board.holdings:
        where = HOLDINGS.cell("deed", h.ref, f"holding {h.deed}")
        d = board.deed(h.deed)
        if d is None:
            yield problem("unknown-deed", where, f"{h.deed!r} is no deed of the Deeds sheet", "")
            continue
        if d.key in seen:
            yield problem(
                "two-owners",
                where,
                f"§5: {d.key} is owned twice (also at {seen[d.key]})",
                "a title deed card has one owner",
            )
        seen.setdefault(d.key, where)
        owner = books.player(h.owner)
        if h.owner not in names or owner is None:
            yield problem(
                "unknown-owner",
                HOLDINGS.cell("owner", h.ref, where),
                f"{h.owner!r} is no player",
                "",
            )
            continue
        if bank.flag(owner, "out"):
            yield problem(
                "owner-out",
                HOLDINGS.cell("owner", h.ref, where),
                f"§9: {owner.name} has lost and owns nothing",
                "clear the row: the deed is the bank's",
            )
        if h.points < 0 or h.points > tables.MAX_POINTS:
            yield problem(
                "bad-points",
                HOLDINGS.cell("points", h.ref, where),
                f"§5: {h.points} support points; a plot holds 0 to {tables.MAX_POINTS}",
                "",
            )
        elif h.points and not d.is_plot:
            yield problem(
                "no-points-here",
                HOLDINGS.cell("points", h.ref, where),
                f"§6: no support points can be on a {d.kind}",
                "",
            )
        if d.is_plot:
            owners.setdefault(d.planet, set()).add(owner.name)
            if 0 <= h.points <= tables.MAX_POINTS and d.rent_at(h.points) <= 0:
                column = tables.level_column(h.points)
                yield problem(
                    "no-rent",
                    DEEDS.cell(column, d.ref, f"deed {d.key}"),
                    f"§5: {d.key} stands at {tables.level_name(h.points)} and the Deeds sheet has "
                    f"no rent for that level (column {column}): a rent there is refused",
                    "type the rent its card prints for that level",
                    warning=True,
                )
    for planet, who in sorted(owners.items()):
        if len(who) > 1:
            yield problem(
                "planet-split",
                "Holdings",
                f"§5: plots of {planet} are owned by {', '.join(sorted(who))}; the first owner claims the whole planet",
                "",
            )
            continue
        (owner_name,) = who
        for key, what in rules.limit_breaches(rules.planet_points(board, planet, owner_name)):
            h = board.holding(key)
            yield problem(
                "support-point-limit",
                HOLDINGS.cell("points", h.ref if h else None, f"holding {key}"),
                f"§5: {what} ({key})",
                "",
            )
