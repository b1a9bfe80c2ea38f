"""The bank of Planetopoly: payments that borrow the shortfall, income that repays debt first,
and the player who has lost by debt (§9).

Each player has a cash account `cash:NAME` and, once the bank lends to them, a loan account
`loan:NAME` (its balance is minus the debt): players + bank + loans always sum to zero.
"""

from __future__ import annotations

from decimal import Decimal

from ledger.core import board as steps
from ledger.core.board import Note
from ledger.core.books import Player
from ledger.core.problems import Problem
from ledger.core.steps import set_columns
from ledger.rules.planetopoly.books import Books
from ledger.rules.planetopoly.sheets import DeedRow, HoldingRow, board_of
from ledger.rules.planetopoly.tables import SAID

LOAN_PREFIX = "loan:"


def loan_of(player: Player) -> steps.Loan:
    """§9: the bank lends exactly the shortfall, at no cost, into the account `loan:NAME`."""
    return steps.Loan(f"{LOAN_PREFIX}{player.name}", player.name, "§9")


def cash(books: Books, player: Player) -> Decimal:
    return steps.cash(books, books.game.cash_account(player))


def debt(books: Books, player: Player) -> Decimal:
    return steps.debt(books, loan_of(player))


def flag(player: Player, key: str) -> bool:
    return player.get(key) is True


def winner(books: Books) -> str | None:
    """§2: "The player who is left at the end is the winner": the one player not out."""
    left = [p.name for p in books.players if not flag(p, "out")]
    return left[0] if len(books.players) >= 2 and len(left) == 1 else None


def game_over(books: Books, where: str) -> Problem | None:
    """§2: once the game is won, the books take nothing more (a payment neither)."""
    name = winner(books)
    if name is None:
        return None
    return SAID.problem("game-over", where, name=name)


def turns(player: Player) -> int:
    v = player.get("prison_turns")
    return v if isinstance(v, int) and not isinstance(v, bool) else 0


def served(books: Books, player: Player) -> bool:
    """In prison, but the sentence served (§10: the third round missed): free on the next
    turn."""
    return flag(player, "in_prison") and turns(player) >= books.settings.get_int("prison_stays")


#: §10: the fine to leave prison on the first, second and third turn (Settings).
BAIL_KEYS = ("bail_first_turn", "bail_second_turn", "bail_third_turn")


def fine(books: Books, missed: int) -> Decimal:
    """§10: what a prisoner who has missed `missed` turns pays to leave."""
    return books.settings.get_decimal(BAIL_KEYS[min(missed, len(BAIL_KEYS) - 1)])


def refresh_debts(books: Books) -> None:
    """The Players sheet's debt column, from the journal."""
    for p in list(books.players):
        set_columns(books, p.name, debt=debt(books, p))


def pay_out(books: Books, payer: Player, to: str, amount: Decimal, note: Note) -> list[str]:
    """`payer` must pay `amount` to the account `to`: the bank lends exactly the shortfall
    first (§9). A player paid repays their own debt from it. Nothing to pay posts nothing."""
    account = books.game.cash_account(payer)
    paid = steps.pay(books, account, to, amount, note, loan_of(payer))
    said = [f"the bank lends {payer.name} {paid.lent:.2f} (§9)"] if paid.lent else []
    receiver = books.game.account_owner(books, to)
    if paid.paid > 0 and receiver is not None:
        said += repay(books, receiver, note.event)
    return said


def pay_in(books: Books, player: Player, src: str, amount: Decimal, note: Note) -> list[str]:
    """Money from `src` to the player, which repays their debt first (§9); none posts nothing."""
    if amount <= 0:
        return []
    steps.post(books, src, books.game.cash_account(player), amount, note)
    return repay(books, player, note.event)


def repay(books: Books, player: Player, event: str) -> list[str]:
    """§9: a player in debt who receives money must use it to repay the debt."""
    back = steps.repay(books, loan_of(player), books.game.cash_account(player), event)
    return [f"{player.name} repays {back:.2f} of debt (§9)"] if back > 0 else []


def holdings(books: Books, name: str) -> list[tuple[DeedRow, HoldingRow]]:
    """The player's deeds, each with its holding (its support points)."""
    board = board_of(books)
    return [(d, h) for h in board.owned_by(name) if (d := board.deed(h.deed)) is not None]


def mortgage_value(books: Books, player: Player) -> Decimal:
    return sum((d.mortgage for d, _ in holdings(books, player.name)), Decimal(0))


def eliminate(books: Books, event: str) -> list[str]:
    """§9: a player whose debt is more than the mortgage value of all they own has lost: their
    deeds go back to the bank unowned (support points removed) and the bank writes off the
    debt (ruling)."""
    said = []
    for p in list(books.players):
        owed = debt(books, p)
        if flag(p, "out") or owed <= 0:
            continue
        worth = mortgage_value(books, p)
        if owed <= worth:
            continue
        why = (
            f"{p.name} has lost: a debt of {owed:.2f} {books.currency} is more than "
            f"the mortgage value {worth:.2f} of all they own; the bank writes it off"
        )
        account = books.game.cash_account(p)
        gone = steps.eliminate(
            books, board_of(books), p.name, account, "§9", event, loan_of(p), why
        )
        set_columns(books, p.name, out=True, in_prison=False, prison_turns=0)
        said.append(
            f"{p.name} has lost (§9): debt {owed:.2f} > mortgage value {worth:.2f}; "
            + (f"{', '.join(gone.deeds)} back to the bank" if gone.deeds else "owned nothing")
        )
    return said
