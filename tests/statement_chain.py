"""Reading statements back as a player holds them: the opening and closing money and the
transactions listed, so that consecutive statements can be checked to chain (each opens at the
previous one's closing, no transaction in two). Used by the statement tests and the machines
that play whole games."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path


@dataclass(frozen=True)
class Read:
    name: str
    opening: Decimal
    closing: Decimal
    txns: tuple[int, ...]
    #: what each listed transaction moved for the player
    moved: Decimal
    period: str


def _number(text: str) -> Decimal:
    return Decimal(text.replace(",", "").replace("−", "-").strip())


def _table(page: str, title: str) -> list[list[str]]:
    at = page.find(f"<h2>{title}")
    if at < 0:
        return []
    end = page.find("<h2>", at + 4)
    body = page[at : end if end > 0 else len(page)]
    if "<table" not in body:
        return []  # "no transactions in the period"
    body = body[: body.index("</table>")]
    rows = re.findall(r"<tr>(.*?)</tr>", body.split("<tbody>", 1)[-1], re.S)
    return [[html.unescape(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", r, re.S)] for r in rows]


def read(path: Path) -> Read:
    """A statement as an HTML file ledger wrote."""
    page = path.read_text(encoding="utf-8")
    total = re.search(r"Total: opening (\S+), closing (\S+) ", page)
    if total:
        opening, closing = _number(total.group(1)), _number(total.group(2))
    else:  # one account: its row of the money table
        (row,) = [r for r in _table(page, "Money") if len(r) >= 3][:1]
        opening, closing = _number(row[1]), _number(row[2])
    lines = _table(page, "Journal lines of the period")
    txns = tuple(int(r[0]) for r in lines if r and r[0].strip().isdigit())
    moved = sum((_number(r[-1]) for r in lines if r and r[0].strip().isdigit()), Decimal(0))
    meta = re.search(r'<p class="meta">Statement of [^·]*· ([^·]*) ·', page)
    return Read(path.name, opening, closing, txns, moved, meta.group(1).strip() if meta else "")


def tick_statements(folder: Path, stem: str) -> list[Read]:
    """The statements ticks (and closes) wrote for the player whose files begin with `stem`,
    in order (`Ann-day-0030.html`, `Ann-day-0030-txn-0041-closed.html`, `Ann-day-0060.html`;
    not those `ledger statement` wrote)."""
    shape = re.compile(
        rf"{re.escape(stem)}-(?:day|round)-(\d{{4}})(?:-txn-(\d{{4,}})-closed)?\.html"
    )
    found = []
    for p in folder.glob(f"{stem}-*.html"):
        m = shape.fullmatch(p.name)
        if m is not None:
            found.append(((int(m.group(1)), int(m.group(2) or 0)), p))
    return [read(p) for _, p in sorted(found)]


def chain_problems(statements: list[Read]) -> list[str]:
    """What is wrong with a player's statements in order: each must add up (opening + lines =
    closing), open at the previous one's closing, and list no transaction another listed."""
    out: list[str] = []
    seen: dict[int, str] = {}
    previous: Read | None = None
    for s in statements:
        if s.opening + s.moved != s.closing:
            out.append(f"{s.name}: opening {s.opening} + lines {s.moved} != closing {s.closing}")
        if previous is not None and s.opening != previous.closing:
            out.append(
                f"{s.name} opens at {s.opening}, {previous.name} closed at {previous.closing}"
            )
        for t in s.txns:
            if t in seen:
                out.append(f"txn {t} is in {seen[t]} and in {s.name}")
            seen[t] = s.name
        previous = s
    return out
