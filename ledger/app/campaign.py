"""The whole campaign read back from the archives `ledger close` wrote (`campaign_journal`), for
what still sees everything: a statement of a closed period, the export, the served pages; and
`check`'s word on those archives (each there, as written, and closing at the balances the books
that go on from it carried)."""

from __future__ import annotations

import contextlib
import glob
import hashlib
from decimal import Decimal
from pathlib import Path
from typing import Any

from ledger.core import closing
from ledger.core.books import Books
from ledger.core.clock import Period
from ledger.core.journal import Journal, Transaction
from ledger.core.money import Money
from ledger.core.problems import Problem, ProblemsFound, problem

#: How many archives a chain may have (a campaign of a hundred years closed yearly).
MAX_CHAIN = 100


def campaign_journal(path: Path, books: Books) -> Journal:
    """The whole campaign's journal: the archives' transactions (the chain the live workbook
    names, each checked against its digest), then the live ones but the carried balances. The
    live journal itself where nothing was ever closed."""
    name = books.settings.values.get("closed_archive")
    if not name:
        return books.journal
    archived = _archived(path, books, 0)
    txns = closing.campaign(archived, books.journal)
    return Journal.trusted(books.currency, txns, closing.balances_of(txns))


def _archived(path: Path, books: Books, depth: int) -> list[Transaction]:
    from ledger.io.workbook import load, read_bytes

    values = books.settings.values
    name, digest = str(values.get("closed_archive") or ""), str(values.get("closed_digest") or "")
    if not name:
        return []
    archive = path.with_name(name)
    wrong = _wrong_archive(path, archive, digest)
    if wrong is not None or depth >= MAX_CHAIN:
        raise ProblemsFound([wrong or problem("archive-chain", name, "too many archives", "")])
    data = read_bytes(archive)
    loaded, problems = load(archive, data)
    if any(p.is_error for p in problems):
        raise ProblemsFound(problems)
    earlier = _archived(archive, loaded.books, depth + 1)
    differ = _carried_differ(name, loaded.books.journal, books)
    if differ:
        raise ProblemsFound(differ)
    return closing.campaign(earlier, loaded.books.journal)


def _carried_differ(name: str, archived: Journal, books: Books) -> list[Problem]:
    """The archive's closing balances (every transaction it holds, those it carried from the
    one before it included) against the balances `books` carried from it: one problem an
    account whose two figures differ. A digest proves the bytes; only this proves that the
    campaign read from them adds up to the books that go on from it."""
    closing_balances = {
        a: v for a, v in closing.balances_of(archived).items() if a != closing.CARRIED and v
    }
    carried = closing.carried_of(books.journal)
    out = []
    for account in sorted(closing_balances.keys() | carried.keys()):
        there, here = closing_balances.get(account, Decimal(0)), carried.get(account, Decimal(0))
        if there != here:
            out.append(
                problem(
                    "archive-balance-differs",
                    name,
                    f"{account} closes at {Money(there, books.currency)} in the archive, but "
                    f"the workbook carried {Money(here, books.currency)} from it",
                    "a close carries exactly the archive's closing balances: put back the "
                    "archive the close wrote (a backup), or the workbook as the close saved it",
                )
            )
    return out


def _wrong_archive(path: Path, archive: Path, digest: str) -> Problem | None:
    name = archive.name
    if archive.parent != path.parent or name in ("", ".", "..") or "\\" in name:
        return problem("archive-missing", name, "the archive's name is no file beside it", "")
    try:
        data = archive.read_bytes()
    except OSError:
        stopped = _left_in_temp(archive, digest)
        return problem(
            "archive-missing",
            archive.name,
            f"the archive the Journal was closed into is not beside the workbook ({archive.name})",
            f"a close was stopped before it put it in place: it is {stopped}; rename it to "
            f"{archive.name}"
            if stopped
            else "put it back from a backup: statements of closed periods and the export need it",
        )
    if hashlib.sha256(data).hexdigest() != digest:
        return problem(
            "archive-changed",
            archive.name,
            "the archive is not as it was written at the close (its SHA-256 differs)",
            "an archive is never written again: put back the one the close wrote (a backup)",
        )
    return None


def _left_in_temp(archive: Path, digest: str) -> str:
    """The temporary file of an archive that an older ledger's close, stopped between its
    save and its rename, left (the very bytes the workbook names): its name, or ""."""
    for temp in sorted(archive.parent.glob(f".{glob.escape(archive.name)}.tmp-*")):
        with contextlib.suppress(OSError):
            if hashlib.sha256(temp.read_bytes()).hexdigest() == digest:
                return temp.name
    return ""


def archive_problems(path: Path, books: Books) -> list[Problem]:
    """What `check` says of the archives the workbook names: each there, as written."""
    try:
        campaign_journal(path, books)
    except ProblemsFound as exc:
        return list(exc.problems)
    return []


def campaign_books(path: Path, books: Books, period: Period | None = None) -> Any:
    """The books with the campaign's whole journal where `period` reaches into a closed one
    (None: everything, as the export wants); else the books as they are. A period that goes on
    from statements (`after`) never does: a close writes the statements it ends."""
    closed = books.settings.values.get("closed_archive")
    through = books.settings.values.get("closed_through")
    if not closed or (
        period is not None
        and (period.after or (isinstance(through, int) and period.since > through))
    ):
        return books
    import copy

    twin = copy.copy(books)
    twin.journal = campaign_journal(path, books)
    twin.journal_rows = {}
    return twin
