"""A stray value in any cell of any sheet of any game is a `Sheet!Cell` problem or accepted,
never an internal error (issue 12, item 4).

The cases come from the sheet specs (`game.sheets` and `core_specs`), so a new sheet or column
is covered without a line here: for every column, and one column beyond the last (a note in a
header-less column), `x` and then `7` are typed into the first empty row under the existing
ones (a half-typed row); and where the new workbook has a row, its value is overwritten by a
space (a value cleared).

Speed: Typer builds its command anew on every `CliRunner.invoke` and openpyxl takes longer to
save a 24-sheet workbook than `ledger check` takes to read it, so the command is built once and
each case changes its one cell in the XML of a copy of a template (made once a game by
`ledger new` and saved again by openpyxl, so ledger reads another program's file).
"""

from __future__ import annotations

import re
import sys
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape

import pytest
import typer
from typer.testing import CliRunner

from ledger.cli import app
from ledger.core.actions import event_handlers
from ledger.core.problems import column_letter
from ledger.core.schema import SheetSpec
from ledger.io.sheets import core_specs
from ledger.rules import load_game

#: The players of each game's template (Egon's players are three-letter pseudonyms).
GAMES = {
    "triplanetary": ("--player", "Ann", "--player", "Bob", "--patrol", "Sam"),
    "egon": ("--player", "ABC", "--player", "DEF"),
}
#: A value typed into a new row, and one typed over a value the new workbook has.
TYPED = ("x", 7)
CLEARED = " "

#: `Sheet!B7: code` at the start of a problem line (a quoted sheet name too).
CELL_LINE = re.compile(r"^(?:'[^']+'|\w+)![A-Z]+[0-9]+: ")
#: A setting's row that is not there has no cell: those problems name the sheet.
NO_ROW_LINE = re.compile(r"^Settings: (missing-setting|unknown-game) ")
SUMMARY = re.compile(r"^\d+ problems?\b")


def _specs(key: str) -> tuple[SheetSpec, ...]:
    game = load_game(key)
    return core_specs(game, tuple(event_handlers(game)))


def _cases() -> Iterator[object]:
    for key in GAMES:
        for spec in _specs(key):
            names = [c.name for c in spec.columns] + ["(beyond)"]
            for i, name in enumerate(names):
                for value in TYPED:
                    yield pytest.param(
                        key, spec.name, i, value, id=f"{key}-{spec.name}-{name}-{value!r}"
                    )
                if i < len(spec.columns):
                    yield pytest.param(
                        key, spec.name, i, CLEARED, id=f"{key}-{spec.name}-{name}-cleared"
                    )


# -- the real command, built once ------------------------------------------------------------


class Cli:
    """`ledger` in-process, as `CliRunner.invoke` runs it, but with its command built once."""

    def __init__(self) -> None:
        self.command = typer.main.get_command(app)
        self.runner = CliRunner()

    def __call__(self, path: Path, *args: str) -> tuple[int, str]:
        with self.runner.isolation(env={"LEDGER_WORKBOOK": str(path)}) as streams:
            try:
                self.command.main(args=list(args), prog_name="ledger")
                code = 0
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else int(exc.code is not None)
            sys.stdout.flush()
            sys.stderr.flush()
            out = b"".join(s.getvalue() for s in streams[:2]).decode()
        return code, out


@pytest.fixture(scope="module")
def cli() -> Cli:
    return Cli()


# -- the templates ---------------------------------------------------------------------------


@dataclass
class Template:
    #: the workbook's parts, unpacked once: (name, bytes)
    parts: list[tuple[str, bytes]]
    #: sheet name -> (its part, its last row with a value)
    sheets: dict[str, tuple[str, int]]


@pytest.fixture(scope="module")
def templates(cli: Cli, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Template]:
    import openpyxl

    out = {}
    for key, players in GAMES.items():
        path = tmp_path_factory.mktemp(key) / "ledger.xlsx"
        code, text = cli(path, "new", "--game", key, "--seed", "7", *players)
        assert code == 0, text
        wb = openpyxl.load_workbook(path)
        wb.save(path)  # another program's file, as a banker's Excel leaves it
        sheets = {}
        for n, ws in enumerate(wb.worksheets, start=1):
            last = max((c.row for r in ws.iter_rows() for c in r if c.value is not None), default=1)
            sheets[ws.title] = (f"xl/worksheets/sheet{n}.xml", last)
        with zipfile.ZipFile(path) as z:
            parts = [(name, z.read(name)) for name in z.namelist()]
        assert {part for part, _ in sheets.values()} <= {name for name, _ in parts}
        out[key] = Template(parts, sheets)
    return out


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("cases")


_CELL = re.compile(r'<c r="([A-Z]+)(\d+)"[^>]*?(?:/>|>.*?</c>)', re.S)
_ROW = re.compile(r'<row r="(\d+)"[^>]*?(?:/>|>(.*?)</row>)', re.S)


def _column(letters: str) -> int:
    n = 0
    for ch in letters:
        n = n * 26 + ord(ch) - 64
    return n


def _cell_xml(ref: str, value: str | int) -> str:
    if isinstance(value, int):
        return f'<c r="{ref}"><v>{value}</v></c>'
    return f'<c r="{ref}" t="inlineStr"><is><t xml:space="preserve">{escape(value)}</t></is></c>'


def set_cell(xml: str, column: int, row: int, value: str | int) -> str:
    """A worksheet's XML with one cell set (0-based column, 1-based row), its row made when
    there is none, and its dimension grown to cover it."""
    letters = column_letter(column)
    cell = _cell_xml(f"{letters}{row}", value)
    for m in _ROW.finditer(xml):
        r = int(m.group(1))
        if r == row:
            cells = [c.group(0) for c in _CELL.finditer(m.group(2) or "") if c.group(1) != letters]
            cells.append(cell)
            cells.sort(key=lambda c: _column(_CELL.match(c).group(1)))  # type: ignore[union-attr]
            xml = xml[: m.start()] + f'<row r="{row}">{"".join(cells)}</row>' + xml[m.end() :]
            break
        if r > row:
            xml = xml[: m.start()] + f'<row r="{row}">{cell}</row>' + xml[m.start() :]
            break
    else:
        new = f'<row r="{row}">{cell}</row>'
        if "<sheetData/>" in xml:
            xml = xml.replace("<sheetData/>", f"<sheetData>{new}</sheetData>")
        else:
            xml = xml.replace("</sheetData>", f"{new}</sheetData>", 1)
    refs = [(_column(c.group(1)), int(c.group(2))) for c in _CELL.finditer(xml)]
    end = f"{column_letter(max(c for c, _ in refs) - 1)}{max(r for _, r in refs)}"
    return re.sub(r'<dimension ref="[^"]*"/>', f'<dimension ref="A1:{end}"/>', xml, count=1)


def with_cell(
    template: Template, sheet: str, column: int, row: int, value: str | int, out: Path
) -> None:
    """A copy of the template with one cell set (stored, not compressed: it is read once)."""
    part, _ = template.sheets[sheet]
    with zipfile.ZipFile(out, "w") as dst:
        for name, data in template.parts:
            if name == part:
                data = set_cell(data.decode(), column, row, value).encode()
            dst.writestr(name, data)


# -- the test --------------------------------------------------------------------------------


def assert_clean_or_cells(code: int, out: str, what: str) -> None:
    assert code in (0, 1), f"{what}: exit {code}\n{out}"
    assert "internal error" not in out and "Traceback" not in out, f"{what}:\n{out}"
    if code == 1:
        lines = [ln for ln in out.splitlines() if ln and not ln.startswith(" ")]
        problems = [ln for ln in lines if not SUMMARY.match(ln)]
        assert problems, f"{what}: exit 1 with no problem named\n{out}"
        for ln in problems:
            assert CELL_LINE.match(ln) or NO_ROW_LINE.match(ln), (
                f"{what}: a problem that names no Sheet!Cell: {ln}\n{out}"
            )


@pytest.mark.parametrize(("key", "sheet", "column", "value"), list(_cases()))
def test_a_stray_value_is_a_cell_problem_or_accepted(
    cli: Cli,
    templates: dict[str, Template],
    folder: Path,
    key: str,
    sheet: str,
    column: int,
    value: str | int,
) -> None:
    template = templates[key]
    _, last = template.sheets[sheet]
    if value == CLEARED:
        if last < 2:
            pytest.skip(f"a new {key} workbook has no row in {sheet} to clear a value of")
        row = 2
    else:
        row = last + 1
    path = folder / key / sheet / f"{column}-{value!r}.xlsx"
    path.parent.mkdir(parents=True, exist_ok=True)
    with_cell(template, sheet, column, row, value, path)
    where = f"{sheet}!{column_letter(column)}{row} = {value!r}"
    assert_clean_or_cells(*cli(path, "check"), f"check with {where}")
    if sheet not in {s.name for s in load_game(key).sheets}:  # balance reads no game sheet
        assert_clean_or_cells(*cli(path, "balance"), f"balance with {where}")
