"""§5 buying a plot (the claim to its planet) and building support points on it within §5's
limits; §6 buying a toll station or speed trap. `check_points` and `add_points` serve §8's
remote buys and §9's sales too.
"""

from __future__ import annotations

from ledger.core import board as steps
from ledger.core.books import BANK, Player
from ledger.core.steps import Refused
from ledger.rules.planetopoly import bank, rules, tables
from ledger.rules.planetopoly.books import Books
from ledger.rules.planetopoly.kit import (
    Where,
    check_afford,
    check_free,
    check_no_debt,
    find_deed,
    find_player,
    summarize,
)
from ledger.rules.planetopoly.moves import Build, Buy
from ledger.rules.planetopoly.sheets import DeedRow, HoldingRow, board_of, replace_holding
from ledger.rules.planetopoly.tables import SAID


def buy(books: Books, v: Buy, where: Where, event: str) -> str:
    player = find_player(books, v.player, where["player"])
    deed = find_deed(books, v.deed, where["deed"])
    board = board_of(books)
    check_free(books, player, where["player"], "buy: a prisoner does not move")
    check_no_debt(books, player, where["player"], "buy anything")
    owner = board.holding(deed.key)
    rule = "§5" if deed.is_plot else "§6"
    if owner is not None:
        said = "deed-owned" if owner.owner != player.name else "deed-owned-by-buyer"
        raise SAID.refuse(said, where["deed"], rule=rule, d=deed, owner=owner.owner, p=player)
    if deed.is_plot:
        claim = rules.claimant(board, deed.planet)
        if claim is not None and claim != player.name:
            raise SAID.refuse("planet-claimed", where["deed"], claim=claim, d=deed, p=player)
        short = rules.unfinished_claims(board, player.name) if claim is None else []
        if short:
            short_of = ", ".join(short)
            raise SAID.refuse("claim-unfinished", where["deed"], p=player, d=deed, short=short_of)
    check_afford(books, player, deed.price, deed.name, rule, where["player"])
    note = steps.Note("buy", f"{player.name} buys {deed.name}", rule, event)
    account = books.game.cash_account(player)
    steps.buy(books, board, deed.key, player.name, account, deed.price, note)
    return f"{player.name} buys {deed.name} for {deed.price:.2f} {books.currency} ({rule})"


def check_points(
    books: Books, deed: DeedRow, owner: str, after: int | None, where: str, rule: str
) -> None:
    """§5's limits on the owner's plots of the deed's planet with `after` support points on the
    deed (None: the plot sold), refused with each plot that breaks one."""
    points = rules.planet_points(board_of(books), deed.planet, owner)
    if after is None:
        points.pop(deed.key, None)
        said = "point-limit-sold"
    else:
        points[deed.key] = after
        said = "point-limit-build" if rule == "§5" else "point-limit"
    breaches = rules.limit_breaches(points)
    if breaches:
        raise Refused(
            *[
                SAID.problem(said, where, rule=rule, what=what, key=key, points=points[key])
                for key, what in breaches
            ]
        )


def add_points(
    books: Books, player: Player, deed: DeedRow, n: int, where: Where, rule: str
) -> HoldingRow:
    board = board_of(books)
    held = board.holding(deed.key)
    if not deed.is_plot:
        raise SAID.refuse("no-points-built-on-st", where["deed"], kind=deed.kind.replace("-", " "))
    if held is None or held.owner != player.name:
        raise SAID.refuse("not-owner-build", where["deed"], p=player, d=deed)
    if n < 1:
        raise SAID.refuse("bad-number", where["points"], rule=rule)
    if held.new:
        raise SAID.refuse("bought-this-turn", where["deed"], p=player, d=deed)
    check_points(
        books, deed, player.name, held.points + n, where.get("points", where["deed"]), "§5"
    )
    return held


def build(books: Books, v: Build, where: Where, event: str) -> str:
    player = find_player(books, v.player, where["player"])
    deed = find_deed(books, v.deed, where["deed"])
    n = 1 if v.points is None else int(v.points)
    check_free(books, player, where["player"], "build: a prisoner does not move")
    check_no_debt(books, player, where["player"], "build")
    held = add_points(books, player, deed, n, where, "§5")
    cost = deed.point_price * n
    check_afford(books, player, cost, f"{n} support points on {deed.name}", "§5", where["player"])
    board_of(books).put(replace_holding(held, points=held.points + n))
    level = tables.level_name(held.points + n)
    memo = f"{player.name} builds {n} support point{'s' * (n > 1)} on {deed.name}: {level}"
    said = bank.pay_out(books, player, BANK, cost, steps.Note("build", memo, "§5", event))
    return summarize(
        f"{player.name} builds {n} on {deed.name} for {cost:.2f} {books.currency}: {level} (§5)",
        said,
    )
