"""A statement as it is printed (the PDF): the same statement, laid out to stay a few pages
long and quick to typeset however much a player owns or did. The HTML statement keeps every
table row as it is; here

- the period's journal lines are grouped by day and kind once they are many (the grouped table
  comes from `core.journal_digest`, with the same totals);
- warnings that differ only in what they name ("crew C1: wages of 3.00 due on day 68",
  "crew C12: ...") are one line naming them all;
- a table of what the player owns longer than `OWNED` rows (the money's tables: longer than
  `LONG`) is printed as a listing, one entry a row with its values in the table's column order
  ("C1: Ship 1; C12: Ship 12; ..."), under a legend naming the columns and the values alike in
  every row ("days unpaid 0 · wages owed 0.00"): every value stays, the page holds a few lines
  instead of many rows (and a typesetter's table cell costs about as much as a line of text).

Nothing is computed here: rows and warnings are only regrouped as text."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import msgspec

from ledger.core.report import Chart, Statement, Table

#: The game's sections (what a player owns) with more rows than this are printed as a listing;
#: the money per bank and what falls due with more than `LONG`.
OWNED = 5
LONG = 12

#: What a warning may name: the first word made of letters then digits (`C12`, `O3`, `12`).
_NAME = re.compile(r"(?<!\S)([A-Za-z]*\d+)(?=[:;,]?(?:\s|$))")


class Listing(msgspec.Struct, frozen=True):
    """A long table in short: `legend` names the columns that differ from row to row, `text`
    holds every row's values of them, `alike` the columns with one value in every row."""

    title: str
    legend: str
    text: str
    rows: int
    total: str = ""
    alike: str = ""


@dataclass
class PrintedStatement:
    """What the statement template needs, as the PDF shows it (see the module)."""

    game: str
    player: str
    role: str
    since: int
    day: int
    currency: str
    facts: list[tuple[str, str]]
    banks: Table | Listing
    journal: Table | Listing
    sections: list[Table | Listing]
    warnings: list[str]
    upcoming: Table | Listing
    chart: Chart | None
    notes: list[str] = field(default_factory=list)
    period: str = ""
    moment: str = ""


def listing(t: Table) -> Listing:
    """A table as a listing: each row's first value, then its other values joined by ` · `,
    rows separated by `; `; an empty value is written `–` so that each keeps its column's
    place. A column with the same value in every row is said once (`alike`), not in each row."""
    rows = [[v if v.strip() else "–" for v in row] for row in t.rows]
    first, *rest = range(len(t.columns))
    same = [i for i in rest if len(rows) > 1 and len({row[i] for row in rows}) == 1]
    differ = [i for i in rest if i not in same]

    def entry(row: list[str]) -> str:
        return f"{row[first]}: {' · '.join(row[i] for i in differ)}" if differ else row[first]

    legend = t.columns[first]
    if differ:
        legend += ": " + " · ".join(t.columns[i] for i in differ)
    alike = " · ".join(f"{t.columns[i]} {rows[0][i]}" for i in same)
    text = "; ".join(entry(r) for r in rows)
    return Listing(t.title, legend, text, len(rows), t.total, alike)


def short(t: Table, long: int = LONG) -> Table | Listing:
    return listing(t) if len(t.rows) > long else t


def group_warnings(warnings: list[str]) -> list[str]:
    """Warnings that are the same but for the first name in them are one warning naming them
    all, where the first of them stood: `crew C1, C12, C23: wages of 3.00 due on day 68
    (each of 3)`. The names keep their order; a warning with no name stays as it is."""
    groups: dict[str, list[str]] = {}
    order: list[str] = []
    for w in warnings:
        m = _NAME.search(w)
        key = w if m is None else f"{w[: m.start(1)]}\0{w[m.end(1) :]}"
        if key not in groups:
            groups[key] = []
            order.append(key)
        groups[key].append("" if m is None else m.group(1))
    out: list[str] = []
    for key in order:
        names = groups[key]
        if len(names) == 1:
            out.append(key.replace("\0", names[0]))
        else:
            out.append(f"{key.replace(chr(0), ', '.join(names))} (each of {len(names)})")
    return out


def printed(s: Statement, journal: Table | None) -> PrintedStatement:
    """The statement as printed; `journal` the period's lines grouped (None: print them all)."""
    notes = []
    if journal is not None:
        notes.append(
            f"The journal lines are grouped by {journal.columns[0].rstrip('s')} and kind; the HTML "
            "statement and the "
            "workbook's Journal sheet have every line (txn: the first … the last of a group)."
        )
    sections = [short(t, OWNED) for t in s.sections]
    banks, upcoming = short(s.banks), short(s.upcoming)
    if any(isinstance(t, Listing) for t in [*sections, banks, upcoming]):
        notes.append(
            "Long tables are listed in short, each row's values in the order of the legend; "
            "the HTML statement has them as tables."
        )
    return PrintedStatement(
        game=s.game,
        player=s.player,
        role=s.role,
        since=s.since,
        day=s.day,
        period=s.period,
        moment=s.moment,
        currency=s.currency,
        facts=s.facts,
        banks=banks,
        journal=s.journal if journal is None else journal,
        sections=sections,
        warnings=group_warnings(s.warnings),
        upcoming=upcoming,
        chart=s.chart,
        notes=notes,
    )


def is_listing(value: Any) -> bool:
    return isinstance(value, Listing)
