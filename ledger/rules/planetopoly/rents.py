"""Rents: a plot's by its level of support points (§5), a toll station's or speed trap's by the
dice and how many the owner has (§6, §11); an owner in prison collects none (§10).
"""

from __future__ import annotations

from decimal import Decimal

from ledger.core import board as steps
from ledger.core.problems import problem
from ledger.core.steps import refuse
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
from ledger.rules.planetopoly.sheets import board_of, deed_cell


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
        raise refuse(
            "deed-unowned",
            where["deed"],
            f"{rule}: nobody owns {deed.name}: no rent",
            f"ledger buy {player.name} {deed.key} to buy it",
        )
    owner = books.player(held.owner)
    if owner is None:
        raise refuse("unknown-player", where["deed"], f"§5: {held.owner!r} is no player", "")
    if owner.name == player.name:
        raise refuse("own-deed", where["deed"], f"{rule}: {player.name} owns {deed.name}", "")
    if bank.flag(owner, "in_prison"):
        raise NothingOwed(
            problem(
                "owner-in-prison",
                where["deed"],
                f"§10: {owner.name} is in prison and collects no rent for {deed.name}: "
                f"{player.name} pays nothing",
                "",
                warning=True,
            )
        )
    if deed.is_plot:
        if v.dice:
            read_dice(books, v.dice, where["dice"], "rent")  # thrown to move: nothing to decide
        amount = deed.rent_at(held.points)
        how = tables.level_name(held.points)
        rule = "§5"
    else:
        if not v.dice:
            raise refuse(
                "missing-dice",
                where["dice"],
                f"§6: the rent of a {deed.kind.replace('-', ' ')} goes by the dice total (§11)",
                f"ledger rent {player.name} {deed.key} --dice A,B",
            )
        a, b = read_dice(books, v.dice, where["dice"], "rent")
        n = st_count(books, owner.name, deed.kind)
        amount = Decimal(tables.ST_RENT[n][a + b])
        how = f"{n} owned, dice {a}+{b}={a + b}"
        rule = "§6 §11"
        record_dice(books, a, b, f"rent {deed.key}", f"{amount:.2f} {books.currency} ({how})")
    if amount <= 0 and deed.is_plot:
        column = tables.level_column(held.points)
        raise refuse(
            "no-rent",
            deed_cell(deed.ref, column, f"Deeds {deed.key}"),
            f"§5: the Deeds sheet has no rent of {deed.name} for {how} (column {column}): every "
            "level of a plot takes the rent its card prints for that level",
            f"type the card's rent for {how} in that cell (a workbook made before the column "
            "existed has it empty)",
        )
    if amount <= 0:
        raise refuse(
            "no-rent",
            str(deed.ref) if deed.ref else "Deeds",
            f"{rule}: the card of {deed.name} prints no rent for {how}",
            "",
        )
    text = f"{player.name} pays {owner.name} rent for {deed.name} ({how})"
    to = books.game.cash_account(owner)
    said = bank.pay_out(books, player, to, amount, steps.Note("rent", text, rule, event))
    return summarize(f"{text}: {amount:.2f} {books.currency} ({rule})", said)
