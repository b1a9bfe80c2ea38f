"""The Journal built from its sheet's rows: the rows of one transaction stand together, numbers
rising, two postings or more that sum to exactly zero; anything else is a problem named by its
cell, and the rest of the journal is read on."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from decimal import Decimal
from typing import Any

from ledger.core.journal import Journal, Posting, Transaction
from ledger.core.money import Money
from ledger.core.problems import CellRef, Problem, problem


def journal_from_rows(
    records: Iterable[tuple[CellRef, dict[str, Any]]],
    bad_rows: set[int],
    currency: str,
    problems: list[Problem],
    rows_of: dict[int, tuple[int, ...]],
) -> Journal:
    """The journal from its rows (`records`: each row's cell and values, as the Journal sheet
    is read), built as they stream in, one transaction at a time; every problem named by its
    cell (a row in `bad_rows` had a cell that could not be read, and is named already);
    `rows_of` gets each transaction's sheet rows."""
    journal = Journal(currency)
    last = 0
    for txn_id, rows in _transactions(records, bad_rows, problems):
        if any(ref.row in bad_rows for ref, _ in rows):
            last = max(last, txn_id)
            continue  # a cell of it is unreadable, and that is reported already
        wrong = _wrong(txn_id, rows, last)
        if wrong is not None:
            problems.append(wrong)
            continue
        head = rows[0][1]
        postings = tuple(
            Posting(str(v["account"]), Money.exact(v["amount"], currency)) for _, v in rows
        )
        journal._append(  # two postings or more, one currency, summing to zero: checked
            Transaction.trusted(
                txn_id,
                head["day"],
                head["kind"],
                head["memo"],
                postings,
                head["event"],
                head["rule"],
            )
        )
        rows_of[txn_id] = tuple(ref.row for ref, _ in rows)
        last = txn_id
    return journal


_Rows = list[tuple[CellRef, dict[str, Any]]]


def _transactions(
    records: Iterable[tuple[CellRef, dict[str, Any]]], bad_rows: set[int], problems: list[Problem]
) -> Iterator[tuple[int, _Rows]]:
    """The rows of each transaction, as they stand together; a row without a number is a
    problem (unless it is one of the `bad_rows`, named already)."""
    current: tuple[int, _Rows] | None = None
    for ref, v in records:
        txn = v["txn"]
        if txn is None:
            if ref.row not in bad_rows:
                problems.append(
                    problem(
                        "missing-value",
                        CellRef(ref.sheet, 0, ref.row),
                        "the row has no transaction number",
                        "every Journal row belongs to a txn",
                    )
                )
            continue
        if current is not None and current[0] == txn:
            current[1].append((ref, v))
        else:
            if current is not None:
                yield current
            current = (txn, [(ref, v)])
    if current is not None:
        yield current


def _wrong(txn_id: int, rows: _Rows, last: int) -> Problem | None:
    """What keeps a transaction out of the journal, the first found: out of order, an amount
    or the day missing, one posting alone, amounts that do not sum to zero."""
    first = rows[0][0]
    amounts = [v["amount"] for _, v in rows]
    if txn_id <= last:
        return problem(
            "journal-order",
            CellRef(first.sheet, 0, first.row),
            f"transaction {txn_id} comes after {last}; the journal is only ever appended to",
            "rows of one transaction stand together, numbers rising; put them back in order (or `ledger undo --force` goes back a command)",
        )
    if any(a is None for a in amounts):
        bad = next(ref for ref, v in rows if v["amount"] is None)
        text = f"a posting of transaction {txn_id} has no amount"
        return problem("missing-value", CellRef(bad.sheet, 4, bad.row), text, "")
    if len(rows) < 2:
        return problem(
            "single-posting",
            CellRef(first.sheet, 0, first.row),
            f"transaction {txn_id} has one posting; double entry needs two",
            "every amount needs its other side",
        )
    total = sum(amounts, Decimal(0))
    if total != 0:
        return problem(
            "unbalanced-transaction",
            CellRef(first.sheet, 4, first.row),
            f"transaction {txn_id} sums to {total}, not 0",
            "the amounts of one transaction must cancel; was one edited by hand? Put the amount back (or `ledger undo --force` goes back a command)",
        )
    if rows[0][1]["day"] is None:
        text = f"transaction {txn_id} has no day"
        return problem("missing-value", CellRef(first.sheet, 1, first.row), text, "")
    return None
