"""§8 remote buys (a plot or support points of a claimed planet another player landed on, the
premium to that player) and §9 sales to the bank (support points first, within §5's limits).
"""

from __future__ import annotations

from ledger.core.board import Note
from ledger.core.books import BANK
from ledger.rules.planetopoly import bank, rules
from ledger.rules.planetopoly.books import Books
from ledger.rules.planetopoly.buy_build import add_points, check_points
from ledger.rules.planetopoly.kit import (
    Where,
    check_afford,
    check_free,
    check_no_debt,
    find_deed,
    find_player,
    summarize,
)
from ledger.rules.planetopoly.moves import RemoteBuy, Sell
from ledger.rules.planetopoly.sheets import HoldingRow, board_of, replace_holding
from ledger.rules.planetopoly.tables import SAID


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
    held = board.holding(deed.key)
    n: int = v.points or 0
    if held is None:
        if n:
            raise SAID.refuse("points-on-a-new-plot", where["points"])
        cost, what = deed.price, deed.name
    else:
        held = add_points(books, player, deed, n, where, "§8")
        cost, what = deed.point_price * n, f"{n} support points on {deed.name}"
    check_afford(
        books, player, cost + deed.premium, f"{what} and the premium", "§8", where["player"]
    )
    if held is None:
        board.put(HoldingRow(deed.key, player.name, 0, True))
    else:
        board.put(replace_holding(held, points=held.points + n))
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
        board.release(deed.key)
        value, what = deed.sale_value, deed.name
    note = Note("sale", f"{player.name} sells {what} to the bank", "§9", event)
    said = bank.pay_in(books, player, BANK, value, note)
    return summarize(f"{player.name} sells {what} for {value:.2f} {books.currency} (§9)", said)
