"""`ledger pay` as a use case: the amount read as a person typed it, and the change that moves
it. The command and a player's pay form (`ledger serve --actions`) both run this one, so they
refuse alike and answer with the same message."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from ledger.app.pipeline import Change
from ledger.core.problems import ProblemsFound, problem


def amount_of(text: str, where: str = "AMOUNT") -> Decimal:
    """The amount typed (`12.50`), or `ProblemsFound` with what is wrong with it (a comma
    that may group thousands or mark decimals, a word, too many decimals)."""
    from ledger.core.money import parse_amount

    try:
        return parse_amount(text)
    except ValueError as exc:
        raise ProblemsFound([problem("bad-amount", where, str(exc), "e.g. 12.50")]) from None


def refuse_hidden(values: dict[str, str]) -> None:
    """One rule for what a person types, at the terminal or on a phone's form: a field is one
    line of plain text. A control or format character (an escape sequence, a newline, a
    carriage return, a right-to-left override) could redraw the banker's terminal in `ledger
    pending`, `ledger journal` or `ledger history`, showing another action than the one
    approved. Refused before anything is kept."""
    from ledger.core.names import invisible

    found = [
        problem(
            "hidden-character",
            name,
            f"{name} holds {hidden}, which a form's text never needs",
            "type it again as plain text",
        )
        for name, value in values.items()
        if (hidden := invisible(value)) is not None
    ]
    if found:
        raise ProblemsFound(found)


def paying(
    payer: str,
    payee: str,
    value: Decimal,
    *,
    memo: str = "",
    from_bank: str | None = None,
    to_bank: str | None = None,
    event: str = "cli:pay",
) -> Change[object]:
    """The change that moves `value` from `payer` to `payee` (look-alike names, a player's
    overdraft and the game's own refusals as `ledger pay` has them). A memo holding a hidden
    character is refused (`refuse_hidden`), typed or sent from a phone."""
    refuse_hidden({"--memo": memo})

    def change(books: Any) -> tuple[str, list[Any], object]:
        from ledger.core.actions import pay as pay_action

        said: list[str] = []
        txn, problems = pay_action(
            books,
            payer,
            payee,
            value,
            memo=memo,
            src_bank=from_bank,
            dst_bank=to_bank,
            said=said,
            event=event,
        )
        if txn is None:
            return "", problems, None
        money = books.money(value)
        text = f"txn {txn.id}, day {txn.day}: {txn.memo}: {money}"
        return "; ".join([text, *said]), problems, txn

    return change
