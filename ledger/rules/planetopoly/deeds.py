"""A deed's commands: §5 buying a plot (the claim to its planet) and building support points on
it within §5's limits; §6 buying a toll station or speed trap; rents, a plot's by its level of
support points (§5), a toll station's or speed trap's by the dice and how many the owner has
(§6, §11), none to an owner in prison (§10); §8 remote buys (a plot or support points of a
claimed planet another player landed on, the premium to that player) and §9 sales to the bank
(support points first, within §5's limits).
"""

from __future__ import annotations

from decimal import Decimal

from ledger.core import board as steps
from ledger.core.board import Note
from ledger.core.books import BANK, Player
from ledger.core.steps import Refused
from ledger.rules.planetopoly import bank, rules, tables
from ledger.rules.planetopoly.books import Books
from ledger.rules.planetopoly.kit import (
    NothingOwed,
    Where,
    check_afford,
    check_free,
    check_no_debt,
    find_deed,
    find_player,
    read_dice,
    record_dice,
    summarize,
)
from ledger.rules.planetopoly.moves import Build, Buy, RemoteBuy, Rent, Sell
from ledger.rules.planetopoly.sheets import DEEDS, DeedRow, HoldingRow, board_of, replace_holding
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
    note = Note("buy", f"{player.name} buys {deed.name}", rule, event)
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


def add_points(books: Books, player: Player, deed: DeedRow, n: int, where: Where, rule: str) -> int:
    """`n` support points on the player's own plot, within §5's limits: the plot's points after
    (a refusal leaves the board as it was: `commands.apply`)."""
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
    board.put(replace_holding(held, points=held.points + n))
    return held.points + n


def build(books: Books, v: Build, where: Where, event: str) -> str:
    player = find_player(books, v.player, where["player"])
    deed = find_deed(books, v.deed, where["deed"])
    n = 1 if v.points is None else int(v.points)
    check_free(books, player, where["player"], "build: a prisoner does not move")
    check_no_debt(books, player, where["player"], "build")
    level = tables.level_name(add_points(books, player, deed, n, where, "§5"))
    cost = deed.point_price * n
    check_afford(
        books,
        player,
        cost,
        f"{n} support point{'s' * (n > 1)} on {deed.name}",
        "§5",
        where["player"],
    )
    memo = f"{player.name} builds {n} support point{'s' * (n > 1)} on {deed.name}: {level}"
    said = bank.pay_out(books, player, BANK, cost, Note("build", memo, "§5", event))
    return summarize(
        f"{player.name} builds {n} on {deed.name} for {cost:.2f} {books.currency}: {level} (§5)",
        said,
    )


def st_count(books: Books, owner: str, kind: str) -> int:
    """How many toll stations (or speed traps) the owner has: counted apart (ruling), or
    together with setting count_st_together."""
    board = board_of(books)
    together = books.settings.get_bool("count_st_together")
    kinds = (tables.TOLL, tables.SPEED) if together else (kind,)
    n = steps.how_many(
        board, owner, lambda key: (d := board.deed(key)) is not None and d.kind in kinds
    )
    return min(n, 4)


def rent(books: Books, v: Rent, where: Where, event: str) -> str:
    player = find_player(books, v.player, where["player"])
    deed = find_deed(books, v.deed, where["deed"])
    board = board_of(books)
    check_free(books, player, where["player"], "pay rent: a prisoner does not move")
    held = board.holding(deed.key)
    rule = "§5" if deed.is_plot else "§6"
    if held is None:
        raise SAID.refuse("deed-unowned", where["deed"], rule=rule, p=player, d=deed)
    owner = books.player(held.owner)
    if owner is None:
        raise SAID.refuse("unknown-landlord", where["deed"], h=held)
    if owner.name == player.name:
        raise SAID.refuse("own-deed", where["deed"], rule=rule, p=player, d=deed)
    if bank.flag(owner, "in_prison"):
        said = SAID.problem("owner-in-prison", where["deed"], owner=owner, d=deed, p=player)
        raise NothingOwed(said)
    if deed.is_plot:
        if v.dice:
            read_dice(v.dice, where["dice"])  # thrown to move: nothing to decide
        amount = deed.rent_at(held.points)
        how = tables.level_name(held.points)
        rule = "§5"
    else:
        if not v.dice:
            kind = deed.kind.replace("-", " ")
            raise SAID.refuse("missing-dice", where["dice"], kind=kind, p=player, d=deed)
        a, b = read_dice(v.dice, where["dice"])
        n = st_count(books, owner.name, deed.kind)
        amount = Decimal(tables.ST_RENT[n][a + b])
        how = f"{n} owned, dice {a}+{b}={a + b}"
        rule = "§6 §11"
        record_dice(books, a, b, f"rent {deed.key}", f"{amount:.2f} {books.currency} ({how})")
    if amount <= 0 and deed.is_plot:
        column = tables.level_column(held.points)
        where_rent = DEEDS.cell(column, deed.ref, f"Deeds {deed.key}")
        raise SAID.refuse("no-rent-for-level", where_rent, d=deed, how=how, column=column)
    if amount <= 0:
        where_rent = str(deed.ref) if deed.ref else "Deeds"
        raise SAID.refuse("no-rent-printed", where_rent, rule=rule, d=deed, how=how)
    text = f"{player.name} pays {owner.name} rent for {deed.name} ({how})"
    to = books.game.cash_account(owner)
    said = bank.pay_out(books, player, to, amount, Note("rent", text, rule, event))
    return summarize(f"{text}: {amount:.2f} {books.currency} ({rule})", said)


def remote_buy(books: Books, v: RemoteBuy, where: Where, event: str) -> str:
    player = find_player(books, v.player, where["player"], "§8")
    deed = find_deed(books, v.deed, where["deed"])
    lander = find_player(books, v.lander, where["lander"], "§8")
    board = board_of(books)
    check_free(books, player, where["player"], "carry out a remote buy", move=False)
    check_no_debt(books, player, where["player"], "buy anything")
    if lander.name == player.name:
        raise SAID.refuse("lander-is-buyer", where["lander"], p=player, d=deed)
    if not deed.is_plot:
        raise SAID.refuse("no-remote-buy", where["deed"], kind=deed.kind.replace("-", " "))
    claim = rules.claimant(board, deed.planet)
    if claim != player.name:
        said = "no-claim" if claim else "no-claim-by-anyone"
        raise SAID.refuse(said, where["deed"], p=player, d=deed, claim=claim)
    n: int = v.points or 0
    if board.holding(deed.key) is None:
        if n:
            raise SAID.refuse("points-on-a-new-plot", where["points"])
        cost, what = deed.price, deed.name
        board.put(HoldingRow(deed.key, player.name, 0, True))
    else:
        add_points(books, player, deed, n, where, "§8")
        cost, what = deed.point_price * n, f"{n} support point{'s' * (n > 1)} on {deed.name}"
    check_afford(
        books, player, cost + deed.premium, f"{what} and the premium", "§8", where["player"]
    )
    note = Note("buy", f"{player.name} buys {what} remotely", "§8", event)
    said = bank.pay_out(books, player, BANK, cost, note)
    memo = f"{player.name} pays {lander.name} the premium of {deed.name}"
    to = books.game.cash_account(lander)
    said += bank.pay_out(books, player, to, deed.premium, Note("premium", memo, "§8", event))
    paid = (
        f"and pays {lander.name} a premium of {deed.premium:.2f} {books.currency} (§8)"
        if deed.premium > 0
        else f"{books.currency} (§8); no premium on its card"
    )
    return summarize(f"{player.name} buys {what} remotely for {cost:.2f} {paid}", said)


def sell(books: Books, v: Sell, where: Where, event: str) -> str:
    player = find_player(books, v.player, where["player"], "§9")
    deed = find_deed(books, v.deed, where["deed"])
    board = board_of(books)
    check_free(books, player, where["player"], "sell", move=False)
    held = board.holding(deed.key)
    if held is None or held.owner != player.name:
        raise SAID.refuse("not-owner-sell", where["deed"], p=player, d=deed)
    n = v.points
    if n is not None and n < 1:  # not "the whole plot": the banker typed --points
        raise SAID.refuse("bad-number", where["points"], rule="§9")
    if n:
        if n > held.points:
            raise SAID.refuse("not-that-many", where["points"], d=deed, h=held, n=n)
        check_points(books, deed, player.name, held.points - n, where["points"], "§9 §5")
        value, what = deed.point_sale * n, f"{n} support point{'s' * (n > 1)} on {deed.name}"
        board.put(replace_holding(held, points=held.points - n))
    else:
        if held.points:
            raise SAID.refuse("sell-points-first", where["deed"], p=player, d=deed, h=held)
        if deed.is_plot:
            check_points(books, deed, player.name, None, where["deed"], "§9 §5")
        board.release(held.deed)  # the row found, as typed (a key is found in any case)
        value, what = deed.sale_value, deed.name
    note = Note("sale", f"{player.name} sells {what} to the bank", "§9", event)
    said = bank.pay_in(books, player, BANK, value, note)
    return summarize(f"{player.name} sells {what} for {value:.2f} {books.currency} (§9)", said)
