"""A table drawn in a box, as the other tables of ledger are drawn, for `ledger balance`, the
command asked most often at a table: Rich (which draws the others) costs about 60 ms to import,
more than twice what hledger takes to answer a balance (docs/decisions.md, "The balance table
without Rich"). Text is printed as it is (no markup); styles are shown only on a terminal."""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence

#: The styles a cell or a row may ask for, as terminal codes.
_CODES = {"bold": "1", "dim": "2", "italic": "3", "red": "31"}


class Cell:
    """A cell's text and its own styles (a negative amount is red, a total bold)."""

    __slots__ = ("styles", "text")

    def __init__(self, text: str, *styles: str) -> None:
        self.text, self.styles = text, styles


#: A row: its cells and the style of the whole row; `SECTION` draws a line across.
Row = tuple["Sequence[Cell | str]", str]
SECTION: Row = ((), "section")


def width(text: str) -> int:
    """The columns a text takes on a terminal: East Asian wide characters two, marks none."""
    if text.isascii():
        return len(text)
    from unicodedata import combining, east_asian_width

    return sum(0 if combining(c) else 2 if east_asian_width(c) in "WF" else 1 for c in text)


def _colour() -> bool:
    return sys.stdout.isatty() and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb"


def _paint(text: str, styles: Sequence[str], colour: bool) -> str:
    codes = ";".join(_CODES[s] for s in styles if s)
    return f"\x1b[{codes}m{text}\x1b[0m" if colour and codes and text else text


def box_table(title: str, columns: Sequence[tuple[str, bool]], rows: Sequence[Row]) -> str:
    """The table as lines of text: `columns` are (heading, aligned right), `rows` the cells.
    The title stands above, left; the headings are bold; a line is drawn at each `SECTION`."""
    colour = _colour()
    body = [
        ([c if isinstance(c, Cell) else Cell(c) for c in cells], style) for cells, style in rows
    ]
    widths = [width(name) for name, _ in columns]
    for cells, _ in body:
        for i, c in enumerate(cells):
            widths[i] = max(widths[i], width(c.text))

    def line(left: str, fill: str, cross: str, right: str) -> str:
        return left + cross.join(fill * (w + 2) for w in widths) + right

    def cells_line(edge: str, cells: Sequence[Cell], row_style: str) -> str:
        out = []
        for (_, right), w, c in zip(columns, widths, cells, strict=True):
            pad = " " * (w - width(c.text))
            text = pad + c.text if right else c.text + pad
            out.append(" " + _paint(text, (row_style, *c.styles), colour) + " ")
        return edge + edge.join(out) + edge

    total = sum(widths) + 3 * len(widths) + 1
    lines = [
        _paint(title + " " * max(0, total - width(title)), ("italic",), colour),
        line("┏", "━", "┳", "┓"),
        cells_line("┃", [Cell(name, "bold") for name, _ in columns], ""),
        line("┡", "━", "╇", "┩"),
    ]
    for cells, style in body:
        if style == "section":
            lines.append(line("├", "─", "┼", "┤"))
        else:
            lines.append(cells_line("│", cells, style))
    lines.append(line("└", "─", "┴", "┘"))
    return "\n".join(lines) + "\n"
