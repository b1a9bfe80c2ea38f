"""A table drawn in a box, as the other tables of ledger are drawn, for `ledger balance`, the
command asked most often at a table: Rich (which draws the others) costs about 60 ms to import,
more than twice what hledger takes to answer a balance (docs/decisions.md, "The balance table
without Rich"). The box, its styles and when they are shown follow Rich's own rules; a table
this module cannot draw exactly as Rich would (too wide for the terminal, a character whose
width it cannot vouch for, a terminal that is not UTF-8) is drawn by Rich. Text is printed as
it is, never read as markup."""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import TextIO

#: The styles a cell or a row may ask for, as terminal codes (red is the only colour).
_CODES = {"bold": "1", "dim": "2", "italic": "3", "red": "31"}
#: Characters whose width on a terminal Rich reckons otherwise than by their East Asian width
#: (marks, joiners, controls, line breaks, symbols that may be drawn as emoji).
_UNSURE = frozenset(("Mn", "Me", "Mc", "Cf", "Cc", "Co", "Cs", "Cn", "Zl", "Zp", "So"))


class Cell:
    """A cell's text and its own styles (a negative amount is red, a total bold)."""

    __slots__ = ("styles", "text")

    def __init__(self, text: str, *styles: str) -> None:
        self.text, self.styles = text, styles


#: A row: its cells and the style of the whole row; `SECTION` draws a line across.
Row = tuple["Sequence[Cell | str]", str]
SECTION: Row = ((), "section")


def width(text: str) -> int | None:
    """The columns a text takes on a terminal, as Rich counts them (East Asian wide characters
    two); None when this module cannot be sure (a mark, a joiner, a control, an emoji)."""
    if text.isascii():
        return len(text) if text.isprintable() else None
    from unicodedata import category, east_asian_width

    n = 0
    for c in text:
        code = ord(c)
        if code < 128:
            if not c.isprintable():
                return None
            n += 1
            continue
        if code > 0xFFFF or category(c) in _UNSURE or _jamo(code):
            return None
        n += 2 if east_asian_width(c) in "WF" else 1
    return n


def _jamo(code: int) -> bool:
    """Hangul letters that join a syllable (Rich counts some of them as none)."""
    return 0x1100 <= code <= 0x11FF or 0xD7B0 <= code <= 0xD7FF or code in (0x3164, 0xFFA0)


def _terminal(out: TextIO) -> bool:
    """Whether Rich would write escape codes to `out` (its `Console.is_terminal`)."""
    compatible = os.environ.get("TTY_COMPATIBLE", "")
    if compatible in ("0", "1"):
        return compatible == "1"
    force = os.environ.get("FORCE_COLOR")
    if force is not None:
        return force != ""
    try:
        return out.isatty()
    except ValueError:
        return False


def _dumb() -> bool:
    """A terminal Rich writes no escape codes to."""
    return os.environ.get("TERM", "").lower() in ("dumb", "unknown")


def _room(out: TextIO) -> int:
    """The columns ledger's Rich console has: 100 on a pipe, else the terminal's width."""
    if not out.isatty():
        return 100
    if os.environ.get("COLUMNS", "").isdigit():
        return int(os.environ["COLUMNS"])
    if _dumb() and _terminal(out):
        return 80
    for fd in (0, 1, 2):
        try:
            return os.get_terminal_size(fd).columns or 80
        except (AttributeError, ValueError, OSError):
            continue
    return 80


def _paint(text: str, styles: Sequence[str], shown: tuple[bool, bool]) -> str:
    """`text` in its styles: none unless shown on a terminal, no colour under NO_COLOR."""
    on, colour = shown
    codes = ";".join(_CODES[s] for s in styles if s and (colour or s != "red"))
    return f"\x1b[{codes}m{text}\x1b[0m" if on and codes and text else text


def box_table(title: str, columns: Sequence[tuple[str, bool]], rows: Sequence[Row]) -> str:
    """The table as lines of text: `columns` are (heading, aligned right), `rows` the cells.
    The title stands above, left; the headings are bold; a line is drawn at each `SECTION`
    between rows."""
    out = sys.stdout
    body = [([c if isinstance(c, Cell) else Cell(c) for c in cells], s) for cells, s in rows]
    texts = [title, *(name for name, _ in columns), *(c.text for cells, _ in body for c in cells)]
    sizes = {t: width(t) for t in texts}
    widths = [sizes[name] or 0 for name, _ in columns]
    for cells, _ in body:
        for i, c in enumerate(cells):
            widths[i] = max(widths[i], sizes[c.text] or 0)
    total = sum(widths) + 3 * len(widths) + 1
    utf = (getattr(out, "encoding", "") or "").lower().startswith("utf")
    if None in sizes.values() or not utf or total > _room(out) or (sizes[title] or 0) > total:
        return _by_rich(title, columns, body)
    on = _terminal(out) and not _dumb()
    shown = (on, on and os.environ.get("NO_COLOR", "") == "")

    def line(left: str, fill: str, cross: str, right: str) -> str:
        return left + cross.join(fill * (w + 2) for w in widths) + right

    def cells_line(edge: str, cells: Sequence[Cell], row_style: str) -> str:
        parts = []
        for (_, right), w, c in zip(columns, widths, cells, strict=True):
            pad = " " * (w - (sizes.get(c.text) or 0))
            text = pad + c.text if right else c.text + pad
            parts.append(" " + _paint(text, (row_style, *c.styles), shown) + " ")
        return edge + edge.join(parts) + edge

    lines = [
        _paint(title + " " * (total - (sizes[title] or 0)), ("italic",), shown),
        line("┏", "━", "┳", "┓"),
        cells_line("┃", [Cell(name, "bold") for name, _ in columns], ""),
        line("┡", "━", "╇", "┩"),
    ]
    drawn = section = False  # a line between two rows, once however many sections
    for cells, style in body:
        if style == "section":
            section = drawn
            continue
        if section:
            lines.append(line("├", "─", "┼", "┤"))
            section = False
        lines.append(cells_line("│", cells, style))
        drawn = True
    lines.append(line("└", "─", "┴", "┘"))
    return "\n".join(lines) + "\n"


def _by_rich(
    title: str, columns: Sequence[tuple[str, bool]], body: list[tuple[list[Cell], str]]
) -> str:
    """The same table drawn by Rich, for what this module cannot draw exactly."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    table = Table(title=title, title_justify="left")
    for name, right in columns:
        table.add_column(name, justify="right" if right else "left")
    for cells, style in body:
        if style == "section":
            table.add_section()
        else:
            styled = [Text(c.text, style=" ".join(c.styles)) for c in cells]
            table.add_row(*styled, style=style or None)
    console = Console(
        width=None if sys.stdout.isatty() else 100, markup=False, emoji=False, highlight=False
    )
    with console.capture() as captured:
        console.print(table)
    return captured.get()
