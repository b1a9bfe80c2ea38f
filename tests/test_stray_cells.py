"""A stray value in any cell of any sheet of any game is a `Sheet!Cell` problem or accepted,
never an internal error (issue 12, item 4).

The cases come from the sheet specs (`game.sheets` and `core_specs`), so a new sheet or column
is covered without a line here: for every column, and one column beyond the last (a note in a
header-less column), `x` and then `7` are typed into the first empty row under the existing
ones (a half-typed row); and every column's value in the first row is overwritten by a space
(a value cleared). `make test` runs the `x` of every column of Triplanetary and Egon; the `7`,
the cleared value and the two board games are the slow rest of the sweep (`make slow`, run by
CI).

So that every sheet has a first row, each game's template is a new workbook with one row typed
into every sheet it leaves empty (pipe tables, tests/pipe_tables.py), rows `ledger check` finds
clean: a problem a case meets is its own cell's.

Speed: openpyxl takes longer to save a 24-sheet workbook than `ledger check` takes to read it,
so each case changes its one cell in the XML of a copy of the template (made once a game and
saved by openpyxl, so ledger reads another program's file), and runs the command as
tests/conftest.py does, built once.
"""

from __future__ import annotations

import re
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape

import pytest

from ledger.core.actions import event_handlers
from ledger.core.problems import column_letter
from ledger.core.schema import SheetSpec
from ledger.core.sheets import core_specs
from ledger.rules import load_game
from tests.conftest import invoke
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
#: The games whose `x` cases `make test` runs; every case of the others is in `make slow`.
IN_MAKE_TEST = ("triplanetary", "egon")
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
                        key,
                        spec.name,
                        i,
                        value,
                        id=f"{key}-{spec.name}-{name}-{value!r}",
                        marks=() if value == TYPED[0] and key in IN_MAKE_TEST else pytest.mark.slow,
                    )
                if i < len(spec.columns):
                    yield pytest.param(
                        key,
                        spec.name,
                        i,
                        CLEARED,
                        id=f"{key}-{spec.name}-{name}-cleared",
                        marks=pytest.mark.slow,
                    )


# -- the templates ---------------------------------------------------------------------------


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


@pytest.mark.parametrize(("key", "sheet", "column", "value"), list(_cases()))
def test_a_stray_value_is_a_cell_problem_or_accepted(
    templates: dict[str, Template],
    folder: Path,
    key: str,
    sheet: str,
    column: int,
    value: str | int,
) -> None:
    template = templates[key]
    _, last = template.sheets[sheet]
    row = 2 if value == CLEARED else last + 1
    path = folder / key / sheet / f"{column}-{value!r}.xlsx"
    path.parent.mkdir(parents=True, exist_ok=True)
    with_cell(template, sheet, column, row, value, path)
    where = f"{sheet}!{column_letter(column)}{row} = {value!r}"
    assert_clean_or_cells(*ledger(path, "check"), f"check with {where}")
    if sheet not in {s.name for s in load_game(key).sheets}:  # balance reads no game sheet
        assert_clean_or_cells(*ledger(path, "balance"), f"balance with {where}")


def ledger(path: Path, *args: str) -> tuple[int, str]:
    """`ledger ARGS` on the workbook at `path`: its exit code and all it wrote."""
    run = invoke(list(args), {"LEDGER_WORKBOOK": str(path)})
    return run.exit_code, run.stdout + run.stderr
