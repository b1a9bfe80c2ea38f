"""A stray value in any cell of any sheet of any game is a `Sheet!Cell` problem or accepted,
never an internal error (issue 12, item 4).

The cases come from the sheet specs (`game.sheets` and `core_specs`), so a new sheet or column
is covered without a line here: for every column, and one column beyond the last (a note in a
header-less column), `x` and then `7` are typed into the first empty row under the existing
ones (a half-typed row); and every column's value in the first row is overwritten by a space
(a value cleared).

So that every sheet has a first row, each game's template is a new game with one row typed
into every sheet it leaves empty (pipe tables, tests/pipe_tables.py), rows `ledger check` finds
clean: a problem a case meets is its own cell's.

This is the loader's business, so each case runs on books in memory (tests/memory.py): the
template's sheets as python-calamine hands them over (`tests.memory.as_read`, a number as a
float, an empty cell as empty text), the one cell typed into them, and the real loader
(`ledger.io.load.load_sheets`) reads them, then what `ledger check` does (`examine`) and what
`ledger balance` does (`read_books`'s checks), each problem as the command prints it. One case
a game runs the real CLI on a real workbook (`test_a_stray_value_in_a_real_workbook`): the
template saved by openpyxl, as another program leaves it, and the one cell set in the XML of a
copy (openpyxl takes longer to save a 24-sheet workbook than `ledger check` takes to read it).
"""

from __future__ import annotations

import functools
import re
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

import pytest

from ledger.app.balance import MONEY_SHEETS
from ledger.core.actions import event_handlers
from ledger.core.problems import Problem, ProblemsFound, column_letter, has_errors
from ledger.core.schema import SheetSpec
from ledger.core.sheets import core_specs
from ledger.io.load import load_sheets
from ledger.io.sheet_read import RawSheet
from ledger.rules import load_game
from tests.conftest import invoke
from tests.memory import as_read, table
from tests.pipe_tables import workbook

#: One row in every sheet a new Triplanetary workbook leaves empty (Ann, Bob, Sam the Patrol).
TRIPLANETARY = """
Events       | id | day | type | player | to  | amount | memo    | posted
             | E1 | 0   | pay  | Ann    | Bob | 1      | for ore | yes
Dice         | roll | day | sides | result | source | purpose | decided
             | 1    | 0   | 6     | 4      | seed   | a trial | yes
Ships        | id | owner | type      | name  | price | built_at | built_day | location | on_planet | supplies | fed_until | emergency_left | status | fuel
             | S1 | Ann   | transport | Nomad | 10    | Ceres    | 0         | Ceres    | no        | 3        | 0         | 14             | active | 0
Bases        | id | owner | type | name | price | built_at | built_day | location | on_planet | supplies | fed_until | emergency_left | status
             | B1 | Ann   | base | Home | 50    | Ceres    | 0         | Ceres    | yes       | 3        | 0         | 14             | active
Modules      | id | owner | price | built_day | base | fed_until | status
             | M1 | Ann   | 20    | 0         | B1   | 0         | open
Mines        | id | owner | name | location | on_planet | supplies | status | ct | base | registered_day | ready_day | ct_progress
             | N1 | Ann   | Dig  | Ceres    | yes       | 0        | active | no | B1   | 0              | 1         | 0
Crews        | id | owner | post | hired_day | paid_through | module | status | fed_until | module_days
             | C1 | Ann   | S1   | 0         | 0            | M1     | active | 0         | 0
Offices      | id | owner | place | opened_day | paid_until | status
             | O1 | Ann   | Earth | 0          | 30         | open
Construction | id | owner | name  | price | item    | place | ordered_day | ready_day | status
             | K1 | Bob   | Raven | 100   | corsair | Mars  | 0           | 120       | building
Corporations | id | name | head | place | formed_day | ready_day | status  | members
             | P1 | Acme | Ann  | Earth | 0          | 5         | forming | Ann
Cargo        | holder | good    | qty
             | S1     | raw-ore | 3
Crimes       | id | player | day | class | what  | rule | status | amount
             | X1 | Bob    | 0   | 1     | theft | §36A | open   | 0
Dues         | id | player | creditor | amount | reason | day | rule | crime
             | D1 | Bob    | patrol   | 10     | a fine | 0   | §6   | X1
Liners       | id | owner | frm   | to   | opened_day | status | waiting | progress
             | L1 | Ann   | Earth | Mars | 0          | open   | 0       | 0
Underwriting | id | owner | ship | good    | qty | paid | day | status
             | U1 | Ann   | S1   | raw-ore | 3   | 1    | 0   | open
Branches     | id | owner | base | ship | day | status
             | R1 | Ann   | B1   | S1   | 0   | shipping
PR           | day | player | change | reason   | rule
             | 0   | Ann    | 1      | a speech | §36C
Transfers    | id | owner | good    | qty | source | target | start_day | ready_day | moved | status
             | T1 | Ann   | raw-ore | 3   | B1     | B1     | 0         | 5         | 0     | moving
"""

#: One row in every sheet a new Egon workbook leaves empty (its players are three-letter
#: pseudonyms).
EGON = """
Events     | id | day | type | player | to  | amount | memo    | posted
           | E1 | 0   | pay  | ABC    | DEF | 1      | a favor | yes
Dice       | roll | day | sides | result | source | purpose  | decided
           | 1    | 0   | 6     | 4      | seed   | the draw | yes
Rounds     | round | numbers     | zz | z6 | storm | max_price | evaluated
           | 1     | 1,2,3,4,5,6 | 7  | 6  | no    | 20        | no
Traders    | round | trader | stones | price | min_qty
           | 1     | Zeus   | 10     | 20    | 1
Orders     | round | player | order
           | 1     | ABC    | l,12
Purchases  | round | player | stones | cost | build | note
           | 1     | ABC    | 2      | 40   | 0     | two stones
Results    | round | player | rule  | text          | kj | di | store | tower | status | source
           | 1     | ABC    | 5.3.1 | a lottery win | 10 | 0  | 0     | 0     | frei   | l,12
DIHistory  | round | player | change | di | rule  | cause
           | 1     | ABC    | 1      | 11 | 6.6.5 | a tower
Blackmails | blackmailer | action | victim | made_in_round | penalty_kj | penalty_stones
           | ABC         | v      | DEF    | 1             | 200        | 0
"""

#: One row in every sheet a new Planetopoly workbook leaves empty.
PLANETOPOLY = """
Events   | id | day | type | player | to  | amount | memo  | posted
         | E1 | 0   | pay  | Ann    | Bob | 1      | a tip | yes
Dice     | roll | day | sides | result | source | purpose | decided
         | 1    | 0   | 6     | 4      | seed   | a move  | yes
Holdings | deed   | owner | points | new
         | lyra-1 | Ann   | 0      | no
"""

#: One row in every sheet a new workbook of the 21-field game leaves empty.
MATADOR21 = """
Events   | id | day | type | player | to  | amount | memo  | posted
         | E1 | 0   | pay  | Ann    | Bob | 1      | a tip | yes
Turns    | turn | round | player | dice | from | to | what  | rule | txn
         | 1    | 1     | Ann    | 3+4  | 1    | 8  | moved | 301  | 0
"""

#: Each game's template: its players, its patrol, and its rows.
GAMES: dict[str, tuple[tuple[str, ...], str | None, str]] = {
    "triplanetary": (("Ann", "Bob"), "Sam", TRIPLANETARY),
    "egon": (("ABC", "DEF"), None, EGON),
    "planetopoly": (("Ann", "Bob"), None, PLANETOPOLY),
    "matador21": (("Ann", "Bob"), None, MATADOR21),
}
#: A value typed into a new row, and one typed over a value the new workbook has.
TYPED = ("x", 7)
CLEARED = " "
#: The one case a game run on a real workbook: (sheet, column, value).
ON_FILE: dict[str, tuple[str, int, str | int]] = {
    "triplanetary": ("Ships", 4, "x"),  # a price of x
    "egon": ("Rounds", 7, 7),  # a note beyond the last column
    "planetopoly": ("Holdings", 2, CLEARED),  # points cleared
    "matador21": ("Turns", 0, "x"),  # a turn number of x
}

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
                        key,
                        spec.name,
                        i,
                        value,
                        id=f"{key}-{spec.name}-{name}-{value!r}",
                    )
                if i < len(spec.columns):
                    yield pytest.param(
                        key,
                        spec.name,
                        i,
                        CLEARED,
                        id=f"{key}-{spec.name}-{name}-cleared",
                    )


# -- the templates in memory -------------------------------------------------------------------


@functools.cache
def sheets_of(key: str) -> tuple[dict[str, RawSheet], dict[str, int]]:
    """A game's template as its sheets are read (by name), and each sheet's last row with a
    value."""
    players, patrol, text = GAMES[key]
    t = table(text, game=key, players=players, patrol=patrol)
    assert not has_errors(checked(as_read(t.books))), t.check()  # a case's problem is its own
    raw = {s.name: s for s in as_read(t.books)}
    last = {
        name: max(n for n, row in s.rows if any(v not in ("", None) for v in row))
        for name, s in raw.items()
    }
    empty = [spec.name for spec in _specs(key) if last[spec.name] < 2]
    assert not empty, f"type a row into {', '.join(empty)} in the {key} template above"
    return raw, last


def typed(sheet: RawSheet, column: int, row: int, value: str | int) -> RawSheet:
    """The sheet with one cell typed (0-based column, 1-based row) as python-calamine hands
    it over: a number as a float, and every row as wide as the widest, padded with ''."""
    cell: Any = float(value) if isinstance(value, int) else value
    rows = {n: list(r) for n, r in sheet.rows}
    target = rows.setdefault(row, [])
    target += [""] * (column + 1 - len(target))
    target[column] = cell
    width = max(len(r) for r in rows.values())
    return RawSheet(sheet.name, [(n, r + [""] * (width - len(r))) for n, r in sorted(rows.items())])


def checked(raw: list[RawSheet]) -> list[Problem]:
    """What `ledger check` finds: the loader's problems, then `examine`'s."""
    from ledger.app.pipeline import examine

    try:
        return examine(*load_sheets(raw)).problems
    except ProblemsFound as exc:
        return exc.problems


def balanced(raw: list[RawSheet]) -> list[Problem]:
    """What `ledger balance` finds (`read_books` with the sheets the money comes from, then
    the rows typed in Events tried on a copy as warnings), having made its summary."""
    from ledger.app.balance import summarise
    from ledger.app.pipeline import shown_anyway
    from ledger.core.actions import in_event_rows, post_pending_events
    from ledger.core.checks import run_checks

    try:
        loaded, problems = load_sheets(raw)
        problems = shown_anyway(problems + run_checks(loaded.books), MONEY_SHEETS)
        if has_errors(problems):
            return problems
        summarise(loaded.books)
        if any(True for _ in loaded.books.pending_events()):
            again, found = load_sheets(raw)
            rows = in_event_rows(again.books, found)
            problems += shown_anyway(post_pending_events(again.books, rows)[1])
        return problems
    except ProblemsFound as exc:
        return exc.problems


def assert_problems_name_cells(problems: list[Problem], what: str) -> None:
    """No error, or every problem (as the command prints it) names its Sheet!Cell."""
    if has_errors(problems):
        for p in problems:
            assert CELL_LINE.match(p.line()) or NO_ROW_LINE.match(p.line()), (
                f"{what}: a problem that names no Sheet!Cell: {p.line()}"
            )


@pytest.mark.parametrize(("key", "sheet", "column", "value"), list(_cases()))
def test_a_stray_value_is_a_cell_problem_or_accepted(
    key: str, sheet: str, column: int, value: str | int
) -> None:
    raw, last = sheets_of(key)
    row = 2 if value == CLEARED else last[sheet] + 1
    read = [typed(s, column, row, value) if s.name == sheet else s for s in raw.values()]
    where = f"{sheet}!{column_letter(column)}{row} = {value!r}"
    assert_problems_name_cells(checked(read), f"check with {where}")
    if sheet not in {s.name for s in load_game(key).sheets}:  # balance reads no game sheet
        assert_problems_name_cells(balanced(read), f"balance with {where}")


# -- a real workbook, one case a game -----------------------------------------------------------


@dataclass
class Template:
    #: the workbook's parts, unpacked once: (name, bytes)
    parts: list[tuple[str, bytes]]
    #: sheet name -> (its part, its last row with a value)
    sheets: dict[str, tuple[str, int]]


@pytest.fixture(scope="module")
def templates(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Template]:
    import openpyxl

    out = {}
    for key, (players, patrol, text) in GAMES.items():
        book = workbook(tmp_path_factory.mktemp(key), text, key, players=players, patrol=patrol)
        book("check")  # clean: a case's problem is its own cell's
        wb = openpyxl.load_workbook(book.path)  # saved by openpyxl, as a banker's Excel leaves it
        sheets = {}
        for n, ws in enumerate(wb.worksheets, start=1):
            last = max((c.row for r in ws.iter_rows() for c in r if c.value is not None), default=1)
            sheets[ws.title] = (f"xl/worksheets/sheet{n}.xml", last)
        empty = [spec.name for spec in _specs(key) if sheets[spec.name][1] < 2]
        assert not empty, f"type a row into {', '.join(empty)} in the {key} template above"
        with zipfile.ZipFile(book.path) as z:
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


@pytest.mark.parametrize("key", list(ON_FILE))
def test_a_stray_value_in_a_real_workbook(
    templates: dict[str, Template], folder: Path, key: str
) -> None:
    """`ledger check` and `ledger balance` on a workbook another program saved, one cell set:
    exit 1 with problems that name their cells, or 0, as in memory."""
    sheet, column, value = ON_FILE[key]
    template = templates[key]
    _, last = template.sheets[sheet]
    row = 2 if value == CLEARED else last + 1
    path = folder / key / sheet / f"{column}-{value!r}.xlsx"
    path.parent.mkdir(parents=True, exist_ok=True)
    with_cell(template, sheet, column, row, value, path)
    where = f"{sheet}!{column_letter(column)}{row} = {value!r}"
    code, out = ledger(path, "check")
    assert_clean_or_cells(code, out, f"check with {where}")
    raw, _ = sheets_of(key)
    read = [typed(s, column, row, value) if s.name == sheet else s for s in raw.values()]
    assert code == (1 if has_errors(checked(read)) else 0), f"check with {where}: as in memory"
    if sheet not in {s.name for s in load_game(key).sheets}:  # balance reads no game sheet
        assert_clean_or_cells(*ledger(path, "balance"), f"balance with {where}")


def ledger(path: Path, *args: str) -> tuple[int, str]:
    """`ledger ARGS` on the workbook at `path`: its exit code and all it wrote."""
    run = invoke(list(args), {"LEDGER_WORKBOOK": str(path)})
    return run.exit_code, run.stdout + run.stderr
