"""Rents: a plot's by its level of support points (§5), a toll station's or speed trap's by the
dice and how many the owner has (§6, §11); an owner in prison collects none (§10).
"""

from __future__ import annotations

from decimal import Decimal

from ledger.core import board as steps
from ledger.rules.planetopoly import bank, tables
from ledger.rules.planetopoly.books import Books
from ledger.rules.planetopoly.kit import (
    NothingOwed,
    Where,
    check_free,
    find_deed,
    find_player,
    read_dice,
    record_dice,
    summarize,
)
from ledger.rules.planetopoly.moves import Rent
from ledger.rules.planetopoly.sheets import DEEDS, board_of
from ledger.rules.planetopoly.tables import SAID


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
            read_dice(books, v.dice, where["dice"], "rent")  # thrown to move: nothing to decide
        amount = deed.rent_at(held.points)
        how = tables.level_name(held.points)
        rule = "§5"
    else:
        if not v.dice:
            kind = deed.kind.replace("-", " ")
            raise SAID.refuse("missing-dice", where["dice"], kind=kind, p=player, d=deed)
        a, b = read_dice(books, v.dice, where["dice"], "rent")
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
    said = bank.pay_out(books, player, to, amount, steps.Note("rent", text, rule, event))
    return summarize(f"{text}: {amount:.2f} {books.currency} ({rule})", said)
