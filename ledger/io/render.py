"""Terminal rendering with Rich: tables laid out from data the core computed (no arithmetic here
beyond choosing what to show)."""

from __future__ import annotations

import contextlib
import functools
import math
import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from markupsafe import Markup, escape

if TYPE_CHECKING:
    from rich.console import Console
    from rich.text import Text

    from ledger.core.books import Books
    from ledger.core.journal import Transaction


def _console(width: int | None = None) -> Console:
    """A console that prints every text as it is: a name or a memo with `[b]` or `:smile:` in
    it is the banker's text, never markup (`[/x]` in a memo made Rich fail)."""
    import sys

    from rich.console import Console

    if width is None and not sys.stdout.isatty():
        width = 100
    return Console(width=width, markup=False, emoji=False)


def _bold(title: str, rest: str) -> Text:
    """`title` in bold, then `rest`, numbers and the like highlighted as Rich highlights a
    line it prints."""
    from rich.highlighter import ReprHighlighter
    from rich.text import Text

    return ReprHighlighter()(Text.assemble((title, "bold"), rest))


def _money_cell(amount: object, style: str = "") -> Text:
    from rich.text import Text

    red = "red" if str(amount).startswith("-") else ""
    return Text(f"{amount:,.2f}", style=" ".join(filter(None, (style, red))))


def journal_table(books: Books, txns: Sequence[Transaction]) -> None:
    from rich.table import Table

    table = Table(title=f"Journal ({books.currency})", title_justify="left")
    clock = books.game.clock  # a game without a clock has no day to show
    for name, justify in (
        ("txn", "right"),
        *([(clock.unit, "right")] if clock.ticks else []),
        ("kind", "left"),
        ("account", "left"),
        ("amount", "right"),
        ("memo", "left"),
        ("rule", "left"),
    ):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for t in txns:
        for i, p in enumerate(t.postings):
            first = i == 0
            table.add_row(
                str(t.id) if first else "",
                *([str(t.day) if first else ""] if clock.ticks else []),
                t.kind if first else "",
                p.account,
                _money_cell(p.amount.amount),
                t.memo if first else "",
                t.rule if first else "",
            )
        table.add_section()
    _console().print(table)


def balance_table(s: Any, people: Sequence[tuple[str, str, list[str]]], everyone: bool) -> None:
    """The balances of an `app.balance.Summary`: each player's banks, then (`everyone`) the
    institutions and any other account that holds money, then the total of all."""
    from decimal import Decimal

    from rich.table import Table
    from rich.text import Text

    def amount(account: str) -> Decimal:
        return Decimal(s.balances.get(account, 0))

    table = Table(title=f"Balances, {s.moment} ({s.currency})", title_justify="left")
    table.add_column("player / account")
    table.add_column("bank")
    table.add_column("balance", justify="right")
    held = {a for _, _, accounts in s.players for a in accounts}  # a special role's account
    for name, _, accounts in people:
        for account in accounts:
            bank = account.split(":")[2] if account.count(":") == 2 else ""
            table.add_row(
                name if account == accounts[0] else "", bank, _money_cell(amount(account))
            )
        if len(accounts) > 1:
            total = sum((amount(a) for a in accounts), Decimal(0))
            table.add_row("", Text("total", "bold"), _money_cell(total, "bold"))
    if everyone:
        for name in s.institutions:
            if name not in held and (amount(name) or name == "bank"):
                table.add_row(name, "", _money_cell(amount(name)), style="dim")
        listed = held | set(s.institutions)
        for account in sorted(a for a in s.balances if a not in listed and amount(a)):
            # money held nowhere above (a player's loan from the bank, reserves in transit): the
            # rows add up to the total below
            table.add_row(account, "", _money_cell(amount(account)), style="dim")
        table.add_section()
        table.add_row("all accounts", "", _money_cell(s.total), style="dim")
    _console().print(table)


def tick_tables(report: Any) -> None:
    """After a tick: one table per player with the charges, money in and events of the period."""
    _tick_tables(_console(), report)


def tick_tables_text(report: Any) -> str:
    """The tables `tick_tables` prints, as it prints them here (this terminal's width and
    colours), to be shown later (`show`): made before the tick's save, shown after it."""
    console = _console()
    with console.capture() as capture:
        _tick_tables(console, report)
    return capture.get()


def show(text: str) -> None:
    import sys

    sys.stdout.write(text)
    sys.stdout.flush()


def _tick_tables(console: Console, report: Any) -> None:
    from rich.table import Table

    if report.news:
        news = Table(title=news_title(report), title_justify="left")
        for column, justify in ((report.clock.title, "right"), ("what", "left"), ("rule", "left")):
            news.add_column(column, justify=justify)  # type: ignore[arg-type]
        for line in report.news:
            news.add_row(str(line.day), line.text, line.rule)
        console.print(news)
    players = sorted({line.player for line in report.lines})
    clock, span = report.clock, report.clock.span(report.start + 1, report.end)
    if not players and report.news:
        return
    if not players:
        if report.end > report.start:
            console.print(f"{span[0].upper()}{span[1:]}: nothing fell due.")
        else:
            console.print(
                "Nothing to foresee: a round's outcome depends on what is still to be played."
                if clock.unit == "round"
                else "Nothing fell due."
            )
        return
    if getattr(report, "in_order", False):  # a game of turns: one table, in the order played
        from ledger.io.tick_in_order import tick_in_order

        tick_in_order(console, report, players)
        return
    for name in players:
        charges, income = report.totals(name)
        table = Table(title=f"{name}: {span}", title_justify="left")
        table.add_column(clock.title, justify="right")
        table.add_column("what")
        table.add_column("rule")
        table.add_column(report.currency, justify="right")
        for day, text, rule, value, kind in report.digest(name):
            amount = (
                "" if value is None else (f"-{value:,.2f}" if kind == "charge" else f"{value:,.2f}")
            )
            table.add_row(day, text, rule, amount, style="bold" if kind == "event" else None)
        table.add_section()
        paid = f"-{charges:,.2f}" if charges else "0.00"
        table.add_row("", "charges paid / money in", "", f"{paid} / {income:,.2f}")
        console.print(table)


def status_table(title: str, view: dict[str, Any]) -> None:
    """`ledger status` as text: the view's plain facts, then one row per player."""
    from rich.table import Table as RichTable

    console = _console()
    players = view.get("players")
    facts = {k: v for k, v in view.items() if k != "players"}
    if facts:
        console.print(
            _bold(title, " · " + ", ".join(f"{k}: {_plain(v)}" for k, v in facts.items()))
        )
    if not isinstance(players, dict) or not players:
        return
    columns: list[str] = []
    for row in players.values():
        for key in row:
            if key not in columns:
                columns.append(key)
    table = RichTable(title_justify="left")
    table.add_column("player")
    for c in columns:
        table.add_column(c)
    for name, row in players.items():
        table.add_row(name, *(_plain(row.get(c)) for c in columns))
    console.print(table)


def _plain(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_plain(v)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return ", ".join(_plain(v) for v in value)
    return str(value)


@functools.cache
def template_env() -> Any:
    """One Jinja2 environment per process: each template is compiled once, in memory (no
    compiled code is kept on disk: whoever could write that folder would run code here)."""
    from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

    folder = templates_folder()
    games = sorted((Path(__file__).resolve().parents[1] / "rules").glob("*/templates"))
    env = Environment(
        loader=FileSystemLoader([folder, *games]),  # shared, then each game's own
        autoescape=select_autoescape(["html", "j2"]),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    # a table's cells take their column's class from one list, zipped (no lookup per cell);
    # a row's cells are joined in one go, each escaped as autoescape does (a long statement
    # has thousands of them)
    env.globals["zip"] = zip
    env.filters["classes"] = lambda align: ["r" if a == "r" else "" for a in align]
    env.filters["cells"] = _cells
    env.filters["css_string"] = css_string
    env.filters["chart_box"] = chart_box
    env.filters["col_widths"] = col_widths
    from ledger.core.printable import is_listing

    env.tests["listing"] = is_listing
    return env


def templates_folder() -> Path:
    """Where the Jinja2 templates are: inside the installed package (a wheel ships the
    repository's templates/ as `ledger/templates`, see pyproject.toml), else the repository's
    own templates/ (an editable install, or a checkout on sys.path)."""
    package = Path(__file__).resolve().parents[1]
    for folder in (package / "templates", package.parent / "templates"):
        if (folder / "_page.html.j2").is_file():
            return folder
    raise FileNotFoundError(
        f"ledger's templates are missing: neither {package / 'templates'} nor {package.parent / 'templates'}"
    )


#: The chart's text size in px, set on the SVG itself (WeasyPrint does not apply the page's
#: style sheet inside an inline SVG, so a CSS rule alone left its labels at the body's size).
CHART_FONT_PX = 8


class ChartBox(NamedTuple):
    """The SVG's viewBox and size: the chart's own width and height, grown wherever a label
    reaches past them, so that no label is clipped (`viewBox="left top width height"`)."""

    left: int
    top: int
    width: int
    height: int
    font: int


def text_width(text: str, size: float) -> float:
    """How wide `text` may be at `size` px, erring on the wide side: DejaVu Sans's digits are
    0.64 em, its minus sign 0.84 em, a stop, comma or space about 0.32 em."""
    narrow = sum(1 for c in text if c in " .,:;'")
    return size * (0.72 * (len(text) - narrow) + 0.36 * narrow)


def chart_box(chart: Any, font: int = CHART_FONT_PX, margin: float = 2) -> ChartBox:
    """The box that holds a `report.Chart` and all of its labels, the longest y-axis label
    included: what reaches left of x=0 (a label anchored at its end), above, right or below
    the chart widens the box on that side."""
    left, top, right, bottom = 0.0, 0.0, float(chart.width), float(chart.height)
    for (x, y, text), anchor in zip(chart.labels, chart.anchors, strict=False):
        w = text_width(str(text), font)
        start = x - w if anchor == "end" else x - w / 2 if anchor == "middle" else x
        left, right = min(left, start - margin), max(right, start + w + margin)
        top, bottom = min(top, y - 0.95 * font), max(bottom, y + 0.25 * font)
    x0, y0 = math.floor(left), math.floor(top)
    return ChartBox(x0, y0, math.ceil(right) - x0, math.ceil(bottom) - y0, font)


#: What a CSS string may carry as it is; anything else is written as an escape.
_CSS_PLAIN = frozenset(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -_.,:;!?()#%+/@"
)


def css_string(text: object) -> Markup:
    """`text` as a quoted CSS string, for `content:` in a style sheet. HTML escaping is wrong
    there (a style element's text is not HTML: `&#39;` would print as it is); every character
    but letters, digits, space and plain punctuation becomes a CSS escape `\\HHHHHH ` (six hex
    digits, so the space after it is always part of the escape): quotes, backslash, newlines,
    `<` (no `</style>` can end the sheet) and every non-ASCII character."""
    body = "".join(c if c in _CSS_PLAIN else f"\\{ord(c):06X} " for c in str(text))
    return Markup(f'"{body}"')


def col_widths(t: Any) -> list[float]:
    """A printed table's column widths in percent (its layout is then fixed: no typesetter's
    pass over every cell to measure it): as the longest text in each column, header included,
    between 3 and 40 characters, and two for the cell's padding; an amount's column one more,
    as it never wraps."""
    weights = []
    for i, (name, align) in enumerate(zip(t.columns, t.align, strict=False)):
        longest = max([len(name), *(len(row[i]) for row in t.rows if i < len(row))])
        weights.append(min(max(longest, 3), 40) + (3 if align == "r" else 2))
    total = sum(weights)
    return [round(100 * w / total, 1) for w in weights]


def _cells(row: Sequence[Any], classes: Sequence[str]) -> Any:
    return Markup(
        "".join(
            f'<td class="{k}">{escape(cell)}</td>' for cell, k in zip(row, classes, strict=False)
        )
    )


def news_title(report: Any) -> str:
    """The heading of what happened at the table, to no player: `The round`, `Days 3-5`."""
    first, last, clock = report.start + 1, report.end, report.clock
    span = clock.span(first, last)
    return f"The {clock.unit}" if first == last else f"{span[0].upper()}{span[1:]}"


def tick_summary(workbook: Path, books: Books, report: Any) -> tuple[Path, str]:
    """The printable summary of the period (HTML) and its path beside the workbook: named and
    headed by the game's step of the clock (`ledger-days-0001-0030`, `ledger-round-0003`)."""
    first, last = report.start + 1, report.end
    unit, units = report.clock.unit, report.clock.units
    if unit != "day" and first == last:  # one round: `ledger-round-0003`, "Round 3"
        name, period = f"{unit}-{first:04d}", f"{unit.capitalize()} {first}"
    else:
        name, period = f"{units}-{first:04d}-{last:04d}", f"{units.capitalize()} {first}–{last}"
    players = []
    for p in books.players:
        charges, income = report.totals(p.name)
        players.append(
            {
                "name": p.name,
                "lines": [line.as_dict() for line in report.for_player(p.name)],
                "charges": f"{charges:,.2f}",
                "income": f"{income:,.2f}",
                "cash": f"{books.player_cash(p).amount:,.2f}",
            }
        )
    in_order = [x.as_dict() for x in report.lines] if getattr(report, "in_order", False) else None
    html = (
        template_env()
        .get_template("tick.html.j2")
        .render(
            title=books.game.title,
            start=first,
            end=last,
            period=period,
            unit=report.clock.title,
            currency=books.currency,
            players=players,
            news=[line.as_dict() for line in report.news],
            news_title=news_title(report),
            news_unit=report.clock.title,
            workbook=workbook.name,
            in_order=in_order,
        )
    )
    return workbook.with_name(f"{workbook.stem}-{name}.html"), html


# -- statements and reports -------------------------------------------------------------------------

PAPERS = {"a4": "A4", "letter": "Letter"}


def render_html(template: str, paper: str = "a4", **data: Any) -> str:
    footer = data.pop("footer", "ledger")
    return str(
        template_env().get_template(template).render(paper=PAPERS[paper], footer=footer, **data)
    )


def write_atomic(path: Path, data: str | bytes) -> Path:
    import signal

    from ledger.io import run

    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    try:
        with tmp.open("wb") as f:
            f.write(data.encode("utf-8") if isinstance(data, str) else data)
            f.flush()
            os.fsync(f.fileno())
        # the file in place and on record as one step: Ctrl-C cannot fall between the two
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            os.replace(tmp, path)
            run.note_written(path)
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
    finally:  # a failed write leaves no temp file behind
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()
    with contextlib.suppress(OSError):  # the rename itself survives a power cut
        fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
    return path


def slug(name: str) -> str:
    keep = "".join(c if c.isalnum() or c in "-_" else "-" for c in name)
    return keep.strip("-") or "player"


def statement_text(s: Any) -> None:
    """A statement on the terminal, fitting 80 columns."""
    from rich.table import Table as RichTable

    console = _console(80)
    console.print(_bold(s.player, f" · {s.game} · {s.period} ({s.currency})"))
    console.print(", ".join(f"{k}: {v}" for k, v in s.facts))
    for t in [s.banks, s.upcoming, *s.sections, s.journal]:
        _text_table(console, RichTable, t)
    if s.warnings:
        console.print(_bold("Unless you act", ""))
        for w in s.warnings:
            console.print(f"  • {w}")


def report_text(r: Any) -> None:
    from rich.table import Table as RichTable

    console = _console(80)
    console.print(_bold(r.title, f" · {r.game} · {r.period} ({r.currency})"))
    for k, v in r.facts:
        console.print(f"  {k}: {v}")
    for t in r.sections:
        _text_table(console, RichTable, t)


def _text_table(console: Any, rich_table: Any, t: Any) -> None:
    if not t.rows:
        console.print(_bold(t.title, f": {t.empty}"))
        return
    table = rich_table(title=t.title, title_justify="left", expand=False)
    for c, a in zip(t.columns, t.align, strict=False):
        table.add_column(c, justify="right" if a == "r" else "left", overflow="fold")
    for row in t.rows:
        table.add_row(*row)
    console.print(table)
    if t.total:
        console.print(f"  {t.total}")
