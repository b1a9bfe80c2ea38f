"""A Journal another program saved, turned into ledger's own in the background, for a command
that only appends (a tick): read by whole columns (`journal_columns`) in a forked child while
the command reads the other sheets, then written as ledger writes it, in the same deflated
segments a save would write (`journal_write`). The command goes on from the history's sums
(`IndexedJournal`) as on a workbook ledger saved itself, and its save copies the converted
segments as they are instead of writing every row anew.

The child answers twice on one pipe: first what the history holds (its numbers, last day,
each account's sum and day-end balances), as soon as the rows are read; then the segments.
Rows another program only re-saved (`journal_resaved`) are answered a third time, first of
all: the rows of the last days (`Tail`), which a statement of the period reads. The answers
are made in `journal_answers`.
Anything not plain (`journal_columns` is not sure of a row, days do not rise, rows are not
numbered from 2 without a gap, a text ledger writes otherwise) and there is no conversion:
the loader reads the sheet as before. What comes out is exactly what reading every row and
writing every row gives: tests compare the saved workbooks byte for byte.
"""

from __future__ import annotations

import atexit
import contextlib
import io
import os
import pickle
import struct
import zipfile
from decimal import Decimal
from typing import Any, Protocol

from ledger import __version__
from ledger.core.journal import Transaction
from ledger.core.journal_history import DayEnds, GuessedWrong, IndexedJournal, RowsOfHistory
from ledger.io import children, journal_resaved, journal_xml
from ledger.io.journal_answers import (
    Summary,
    Tail,
    render,
    summary_of_columns,
    summary_of_index,
)
from ledger.io.journal_cells import NotPlain, Sheet, first_row_plain, header_end
from ledger.io.journal_columns import CAREFUL_ENV, columns, transactions
from ledger.io.journal_index import (
    Index,
    Kept,
    Segment,
    StoredHistory,
    inflate_piece,
    transactions_in,
)
from ledger.io.zip_out import DEFLATER

#: The cell style XlsxWriter gives the money format in ledger's saves (the header's and the
#: wrapped text's come first). A save that gives it another copies nothing and writes every
#: row: the same workbook, only slower.
MONEY_STYLE = 3
_NONE: Any = object()
#: What the first rows of the sheet are looked at for, before a child is started.
_PEEK = 1 << 16
#: From this size of the Journal's XML on (about 5,000 rows as LibreOffice writes them) it is
#: converted in the background; a shorter one is read by columns at once.
CONVERT_FROM = 2 << 20


def looks_converted(data: bytes) -> bool:
    """Whether the Journal is long, and its first rows of the plain shape another program
    writes, not ledger's own (which its own readers take): a child is worth starting."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            sheet = Sheet(z)
            if sheet.part.file_size < CONVERT_FROM:
                return False  # read at once by columns, no child needed
            with z.open(sheet.part) as f:
                head = f.read(_PEEK)
        start = header_end(sheet, head)
        if start is None or head.startswith(b'<row r="2"><c r="A2"><v>', start):
            return False  # ledger's own rows
        return first_row_plain(head, start)
    except Exception:  # not plain, damaged: the careful way, no child
        return False


def _convert(data: bytes, send: Any) -> None:
    """In the child: read, send the summary, render, send the segments. Rows the program
    only re-saved are not read: the kept index holds for them (`journal_resaved`)."""
    resaved = journal_resaved.rewritten(data, lambda *tail: send(Tail(*tail)))
    if resaved is not None:
        index, deflated, segments = resaved
        send(summary_of_index(index, checked=True))
        send((deflated, segments, index.money_style))
        return
    sheet, cols = columns(data)
    if cols.rows != list(range(2, len(cols.rows) + 2)):
        raise NotPlain  # a gap in the rows: the converted sheet's rows would move
    groups = transactions(cols)
    texts = sheet.texts
    account = list(map(texts.__getitem__, cols.account))
    send(summary_of_columns(cols, groups.starts, groups.ends, account))
    send((*render(cols, groups.starts, groups.ends, texts, MONEY_STYLE), MONEY_STYLE))


class Begun(Protocol):
    """A child already converting the workbook's bytes (`read_ahead.Early`)."""

    pid: int
    reader: Any

    def close(self) -> None: ...


class Conversion:
    """The conversion under way in a forked child (or, where there is no fork, done here
    when asked): `summary()` and then `segments()`, each None when there is none.

    `guess`: the workbook kept the Journal's index, so the history is most likely what it
    says (another program re-saved the rows ledger wrote): `guess` is then its numbers at
    once, for a command to go on from while the child reads the rows; `summary()` is what
    the rows say, which the command compares before it saves or answers."""

    def __init__(self, data: bytes, guess: bool = False, early: Begun | None = None) -> None:
        self.pid = 0
        self.guess: Summary | None = None
        self.used = False
        self.reader: Any = None
        self._summary: Summary | None = None
        self._segments: tuple[bytes, list[Segment], int] | None = None
        self._tail: Tail | None = None
        self._first: Any = _NONE  # an answer read by `tail` that was not the tail
        self._answers: list[Any] | None = None
        self._asked = False
        self.data: bytes | None = data
        # (a child begun early was begun for these very bytes, once they looked so)
        if os.environ.get(CAREFUL_ENV) or (early is None and not looks_converted(data)):
            self.data = None
            if early is not None:
                early.close()
            return
        if early is not None:  # begun as the program started (`read_ahead`)
            self._adopt(early.pid, early.reader, data, guess)
            return
        from ledger.io.journal_columns import _may_fork

        if not hasattr(os, "fork") or not _may_fork():
            return
        forked = children.fork(lambda r, w, blocked: _child(r, w, blocked, data))
        if forked is None:
            return
        pid, r = forked
        children.own_group(pid)
        self._adopt(pid, os.fdopen(r, "rb"), data, guess)

    def again(self, data: bytes) -> bool:
        """Whether a second attempt at a command may go on from this conversion, whose
        guess was wrong (what the rows say is known, the rows are being converted): for the
        same bytes only, and then without the guess."""
        if not self.pid or self.data is None or self.data != data:
            self.close()
            return False
        self.guess, self.used = None, False
        return True

    def _adopt(self, pid: int, reader: Any, data: bytes, guess: bool) -> None:
        self.pid = pid
        self.reader = reader
        atexit.register(self.close)  # a command that stops before its save leaves no child
        if guess:
            index = journal_resaved.kept_index(data)
            self.guess = summary_of_index(index) if index is not None else None

    def _next(self) -> Any:
        """The next answer after the tail."""
        if self._first is not _NONE:
            answer, self._first = self._first, _NONE
            return answer
        answer = self._read()
        if isinstance(answer, Tail):
            self._tail, answer = answer, self._read()
        return answer

    def _read(self) -> Any:
        if self.pid:
            try:
                head = self.reader.read(8)
                if len(head) == 8:
                    (size,) = struct.unpack("<Q", head)
                    payload = self.reader.read(size)
                    if len(payload) == size:
                        return pickle.loads(payload)
            except BaseException:
                self.close()
                raise
            self.close()
            return None
        if self._answers is None:  # no child: all of it here, now
            self._answers = []
            if self.data is not None:
                with contextlib.suppress(Exception):
                    _convert(self.data, self._answers.append)
        return self._answers.pop(0) if self._answers else None

    def tail(self) -> Tail | None:
        """The rows of the last days, when the child sends them first (rows another program
        only re-saved, the last days' checked before the rest): waits for its first answer."""
        if (
            self._tail is None
            and self._first is _NONE
            and not self._asked
            and self.data is not None
        ):
            answer = self._read()
            if isinstance(answer, Tail):
                self._tail = answer
            else:
                self._first = answer  # the summary (or nothing), for `summary`
        return self._tail

    def summary(self) -> Summary | None:
        if not self._asked:
            self._asked = True
            answer = self._next() if self.data is not None else None
            self._summary = answer if isinstance(answer, Summary) else None
            if self._summary is None:
                self.data = None
                self.close()
        return self._summary

    def segments(self) -> tuple[bytes, list[Segment], int] | None:
        """The converted rows: deflated, in segments, with their money style. Made here
        when the child could not send them (it was killed, say, after its summary)."""
        if self._segments is None and self._summary is not None and self.data is not None:
            # (a child closed already has nothing more to say: converted here below)
            answer = self._next() if self.pid or self._answers is not None else None
            data, self.data = self.data, None
            if isinstance(answer, tuple):
                self._segments = answer
            else:
                again: list[Any] = []
                with contextlib.suppress(Exception):
                    _convert(data, again.append)
                again = [a for a in again if not isinstance(a, Tail)]
                if len(again) == 2 and again[0] == self._summary:
                    self._segments = again[1]
            self.close()
        return self._segments

    def close(self) -> None:
        """No child left behind."""
        atexit.unregister(self.close)
        if self.pid:
            pid, self.pid = self.pid, 0
            with contextlib.suppress(OSError):
                self.reader.close()
            children.stop(pid)


def _child(r: int, w: int, blocked: set[Any], data: bytes) -> None:
    """In the forked child: convert, send each answer as soon as it is made, leave at once
    (no cleanup, nothing written but the answers)."""
    try:
        os.close(r)
        w = children.quiet(w, blocked, group=True)
        with os.fdopen(w, "wb") as out:

            def send(answer: Any) -> None:
                payload = pickle.dumps(answer, protocol=pickle.HIGHEST_PROTOCOL)
                out.write(struct.pack("<Q", len(payload)) + payload)
                out.flush()

            with contextlib.suppress(BaseException):
                _convert(data, send)
    finally:
        os._exit(0)


class ConvertedHistory(StoredHistory):
    """The history of a Journal another program saved, as its conversion tells it: its
    numbers at once, the converted segments (what a save copies, what `since` reads) when
    first asked for. `guessed`: the numbers are the kept index's, not yet compared with
    what the rows say (`confirm`)."""

    def __init__(
        self, conversion: Conversion, summary: Summary, currency: str, guessed: bool = False
    ) -> None:
        # not StoredHistory's: the segments, and so `kept`, come later
        self.conversion = conversion
        self.summary = summary
        self.guessed = guessed
        self.currency = currency
        self.transactions = summary.transactions
        self.postings = summary.rows
        self.last_id = summary.last_id
        self.last_day = summary.last_day
        self.balances = {a: Decimal(c).scaleb(-2) for a, c in summary.balances.items()}
        self._ends: DayEnds | None = None
        self._kept: Kept | None = None
        self._last_days: dict[int, list[Transaction]] = {}

    def since(self, day: int) -> list[Transaction]:
        """While the history is guessed: the last days from the rows the child sent first,
        when they hold them all (the rest is still being checked; whatever is made from
        them is used only once it holds, `confirm`)."""
        if self.guessed and self._kept is None:
            tail = self.conversion.tail()
            if tail is not None and day > tail.after:
                if day not in self._last_days:
                    txns = transactions_in(tail.rows(), (tail.money_style,), self.currency)
                    self._last_days[day] = [t for t in txns if t.day >= day]
                return list(self._last_days[day])
        return super().since(day)

    def release(self) -> None:
        self.conversion.close()

    def confirm(self) -> None:
        if self.guessed:
            found = self.conversion.summary()
            if found != self.summary or (self._last_days and not found.checked):
                # the child has read what the rows say: the second attempt goes on from it
                # (also when the same numbers came from rows read by columns, and the last
                # days were taken from checked rows the rest of the sheet does not agree with)
                raise GuessedWrong(self.conversion)
            self.guessed = False

    @property
    def kept(self) -> Kept:  # type: ignore[override]
        if self._kept is None:
            self.confirm()
            segments = self.conversion.segments()
            if segments is None:
                raise self._broken()  # never: its summary came, and so its rows can be read
            deflated, segs, money_style = segments
            s = self.summary
            index = Index(
                version=__version__,
                money_style=money_style,
                head_sha256="",
                tail_sha256="",
                segments=segs,
                deflater=DEFLATER,
                **s.numbers(),
            )
            self._kept = Kept(deflated, index, 0, len(deflated), (money_style,), self.currency)
        return self._kept

    def day_ends(self) -> DayEnds:
        if self._ends is None:
            self._ends = {
                a: [(flat[i], Decimal(flat[i + 1]).scaleb(-2)) for i in range(0, len(flat), 2)]
                for a, flat in self.summary.day_ends.items()
            }
        return self._ends

    def read(self) -> tuple[list[Transaction], dict[int, tuple[int, ...]]]:
        kept = self.kept
        pattern = journal_xml.pattern_of(kept.money_styles, True)
        xml = b"".join(
            inflate_piece(kept.piece(s.start, s.end), s.length - (before.length if before else 0))
            for before, s in zip([None, *kept.index.segments], kept.index.segments, strict=False)
        )
        xml += b"</sheetData>"
        found = journal_xml.region(xml, pattern, 0, len(xml) - len(b"</sheetData>"))
        txns, rows_of, _ = journal_xml.build([found], self.currency)
        self._agrees(txns, {})
        return txns, rows_of

    def _agrees(self, txns: list[Transaction], balances: dict[str, Any]) -> None:
        if len(txns) != self.transactions or (txns and txns[-1].id != self.last_id):
            raise self._broken()


def converted(
    conversion: Conversion | None, currency: str
) -> tuple[IndexedJournal, RowsOfHistory] | None:
    """The journal a command that appends goes on from, when the conversion holds (or, when
    it guesses, most likely holds: see `Conversion`)."""
    if conversion is None:
        return None
    guess = conversion.guess
    summary = guess if guess is not None else conversion.summary()
    if summary is None:
        return None
    conversion.used = True
    history = ConvertedHistory(conversion, summary, currency, guessed=guess is not None)
    journal = IndexedJournal(currency, history)
    return journal, RowsOfHistory(journal)
