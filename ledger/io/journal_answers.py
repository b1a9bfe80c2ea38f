"""What a conversion child (`journal_convert`) answers: the history's numbers (`Summary`),
from the rows' columns or as the kept index holds them; the rows as ledger writes them, in
its deflated segments; the rows of the last days, sent first (`Tail`)."""

from __future__ import annotations

import dataclasses
import io
import itertools
from dataclasses import dataclass
from typing import Any

from ledger.io.journal_cells import Columns, NotPlain, amount_text
from ledger.io.journal_index import Index, Segment, inflate_piece
from ledger.io.sheets import JOURNAL


@dataclass
class Summary:
    """What a command that appends needs of the history: the index's numbers."""

    rows: int
    transactions: int
    last_id: int
    last_day: int
    balances: dict[str, int]  # cents
    day_ends: dict[str, list[int]]  # [day, cents, day, cents, ...]
    #: Every row checked against the kept index (`journal_resaved`), not read by columns:
    #: not one of the numbers (equal numbers are the same history either way).
    checked: bool = dataclasses.field(default=False, compare=False)

    def numbers(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.compare}


@dataclass
class Tail:
    """The rows of the history's last days, checked, sent before the rest: every transaction
    of a day after `after`, in ledger's segments (deflated, with their XML's lengths)."""

    after: int
    segments: list[bytes]
    lengths: list[int]
    money_style: int

    def rows(self) -> bytes:
        return b"".join(map(inflate_piece, self.segments, self.lengths))


def summary_of_columns(
    cols: Columns, starts: list[int], ends: list[int], account: list[str]
) -> Summary:
    """The history's numbers from its columns; NotPlain when days do not rise."""
    days = [cols.day[s] for s in starts]
    if any(b < a for a, b in itertools.pairwise(days)):
        raise NotPlain  # no index for a journal whose days go back
    running: dict[str, int] = {}
    points: dict[str, list[int]] = {}
    for s, e, day in zip(starts, ends, days, strict=True):
        for i in range(s, e):
            a = account[i]
            value = running[a] = running.get(a, 0) + cols.cents[i]
            flat = points.get(a)
            if flat is None:
                points[a] = [day, value]
            elif flat[-2] == day:
                flat[-1] = value
            else:
                flat += (day, value)
    return Summary(
        rows=len(cols.txn),
        transactions=len(starts),
        last_id=cols.txn[starts[-1]] if starts else 0,
        last_day=days[-1] if days else 0,
        balances=running,
        day_ends=points,
    )


def summary_of_index(index: Index, checked: bool = False) -> Summary:
    """The history's numbers as the kept index holds them."""
    names = (f.name for f in dataclasses.fields(Summary) if f.compare)
    return Summary(**{name: getattr(index, name) for name in names}, checked=checked)


def render(
    cols: Columns, starts: list[int], ends: list[int], texts: Any, money_style: int
) -> tuple[bytes, list[Segment]]:
    """The rows as `journal_write` writes them from row 2, in its segments: the deflated
    bytes and each segment. NotPlain for a row `journal_write` would write another way."""
    from ledger.io.journal_write import SEGMENT_BYTES, CellTexts, SegmentWriter, row_xml

    sink = io.BytesIO()
    w = SegmentWriter(sink, JOURNAL, money_style)  # type: ignore[arg-type]
    cell = CellTexts()
    money = w.money
    distinct = dict(zip(cols.amount, cols.cents, strict=True))
    amounts = {raw: amount_text(raw, c) for raw, c in distinct.items()}
    parts: list[bytes] = []
    size, first, last, count = 0, -1, -1, 0
    r = 2
    for s, e in zip(starts, ends, strict=True):
        if size >= SEGMENT_BYTES:
            w.segment(b"".join(parts), first, last, count)
            parts, size, first, count = [], 0, -1, 0
        tid, day = cols.txn[s], cols.day[s]
        kind, memo = cell[texts[cols.kind[s]]], cell[texts[cols.memo[s]]]
        event, rule = cell[texts[cols.event[s]]], cell[texts[cols.rule[s]]]
        out = []
        for i in range(s, e):
            account = cell[texts[cols.account[i]]]
            if not account:
                raise NotPlain  # journal_write writes such a row its other way
            out.append(
                row_xml(
                    r, tid, day, kind, account, money, amounts[cols.amount[i]], memo, event, rule
                )
            )
            r += 1
        xml = "".join(out).encode("utf-8")
        parts.append(xml)
        size += len(xml)
        first = day if first < 0 else first
        last = day
        count += e - s
    if parts:
        w.segment(b"".join(parts), first, last, count)
    return sink.getvalue(), w.segments
