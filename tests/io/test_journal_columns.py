"""A Journal another program saved (openpyxl, Excel, LibreOffice) is read by whole columns
(`ledger/io/journal_columns.py`) and must come out exactly as the careful reader reads it
(`LEDGER_READ_CAREFULLY=1`): `balance --json`, `check` and `tick 30` print the same and save
the same workbook. Whatever it is not sure of, it leaves to the careful reader, which names
each problem's cell."""

from __future__ import annotations

import filecmp
import json
import re
import shutil
import zipfile
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from ledger.cli import app
from ledger.core.actions import pay
from ledger.core.journal import Journal
from ledger.core.start import new_books
from ledger.io import journal_columns, journal_sums, journal_xml
from ledger.io import load as load_module
from ledger.io.sheets import JOURNAL
from ledger.io.workbook import Loaded, Table, iter_journal, read_raw, write
from ledger.io.xlsx_columns import plain_code
from ledger.rules import load_game
from tests.conftest import rewrite_parts
from tests.io.stress import stress_workbook

#: Texts a reader might take otherwise: escapes, entities, spaces, characters of any script.
ODD = [
    "R&D <x> \"q\" 'a'",
    "_x0041_ stays",
    "a\rb\nc",
    "  spaced  ",
    "=SUM(A1)",
    "Gänsefüßchen ½ 日本",
    "",
]


def resaved_by_openpyxl(src: Path, dst: Path) -> Path:
    """The workbook as another program writes it: openpyxl's XML (inline strings, its own
    styles), every value the same."""
    openpyxl.load_workbook(src).save(dst)
    return dst


@pytest.fixture
def converting(monkeypatch: pytest.MonkeyPatch) -> None:
    """A command that appends converts even these short journals in the background."""
    from ledger.io import journal_convert

    monkeypatch.setattr(journal_convert, "CONVERT_FROM", 0)


@pytest.fixture(scope="module")
def stress(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("stress")
    stress_workbook(folder / "own.xlsx", 3000, ODD * 2, Decimal("0.25"))
    return resaved_by_openpyxl(folder / "own.xlsx", folder / "openpyxl.xlsx")


def careful(path: Path) -> tuple[Journal, dict[int, tuple[int, ...]]]:
    """The Journal as the careful reader (python-calamine, cell by cell) reads it."""
    raw = {s.name: s for s in read_raw(path)}
    table = Table(JOURNAL)
    problems: list[Any] = []
    rows: dict[int, tuple[int, ...]] = {}
    journal = load_module._journal(
        iter_journal(raw["Journal"], JOURNAL, problems, table), set(), "KC", problems, rows
    )
    assert problems == []
    return journal, rows


def assert_read_the_same(path: Path) -> None:
    """Both readers: the same transactions, rows, balances and next number; the sums too."""
    data = path.read_bytes()
    fast = journal_columns.journal(data, "KC")
    assert fast is not None, "another program's plain Journal is read by columns"
    slow = careful(path)
    assert list(fast[0]) == list(slow[0])
    assert [str(p.amount) for t in fast[0] for p in t.postings] == [
        str(p.amount) for t in slow[0] for p in t.postings
    ]
    assert fast[1] == slow[1]
    assert fast[0].balances() == slow[0].balances()
    assert fast[0].next_id == slow[0].next_id
    sums = journal_columns.sums(data)
    assert sums is not None
    assert sums.balances == {a: m.amount for a, m in slow[0].balances().items()}
    assert sums.last_day == max(t.day for t in slow[0])
    assert sums.transactions == len(slow[0])


def ledger_cli(path: Path, *args: str, careful: bool) -> tuple[int, str, str]:
    env = {"LEDGER_WORKBOOK": str(path), journal_columns.CAREFUL_ENV: "1" if careful else None}
    result = CliRunner().invoke(app, list(args), env=env, catch_exceptions=False)
    folder = str(path.parent)
    return (
        result.exit_code,
        result.stdout.replace(folder, "FOLDER"),
        result.stderr.replace(folder, "FOLDER"),
    )


def parts(path: Path) -> dict[str, bytes]:
    """Every part of the workbook (the time of the save masked)."""
    with zipfile.ZipFile(path) as z:
        assert z.testzip() is None
        out = {i.filename: z.read(i) for i in z.infolist()}
    out["docProps/core.xml"] = re.sub(rb"\d{4}-\d\d-\d\dT[\d:]+Z", b"T", out["docProps/core.xml"])
    return out


def both_ways(src: Path, tmp: Path, *commands: list[str]) -> Path:
    """Run the commands on two copies of `src`, read by columns or carefully: every
    command's exit and output, the files written and the workbook saved, the same."""
    runs: dict[bool, list[tuple[int, str, str]]] = {}
    paths: dict[bool, Path] = {}
    for way in (False, True):
        folder = tmp / ("careful" if way else "columns")
        folder.mkdir()
        paths[way] = path = folder / "ledger.xlsx"
        shutil.copy(src, path)
        runs[way] = [ledger_cli(path, *c, careful=way) for c in commands]
    fast, slow = paths[False], paths[True]
    assert runs[False] == runs[True]
    written = sorted(p.relative_to(fast.parent) for p in fast.parent.rglob("*") if p.is_file())
    assert written == sorted(
        p.relative_to(slow.parent) for p in slow.parent.rglob("*") if p.is_file()
    )
    for name in written:
        if name.suffix in (".html", ".txt"):
            assert filecmp.cmp(fast.parent / name, slow.parent / name, shallow=False), name
        elif name.suffix == ".json":  # the cache: the same summary (of bytes saved at another time)
            kept = [json.loads((p.parent / name).read_text()) for p in (fast, slow)]
            assert [k.get("summary") for k in kept] == [kept[1].get("summary")] * 2, name
    assert parts(fast) == parts(slow)
    return fast


#: balance first: no cache beside the copy yet, so it reads the sheet (as does check)
COMMANDS = (
    ["balance", "--json"],
    ["check"],
    ["tick", "30"],
    ["balance"],
    ["journal", "--since", "80"],
)


@pytest.mark.parametrize(
    "convert",
    [
        pytest.param(True, marks=pytest.mark.slow, id="converted"),
        pytest.param(False, marks=pytest.mark.slow, id="read-by-columns"),
    ],
)
def test_a_stress_workbook_another_program_saved_comes_out_as_the_careful_read(
    stress: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, convert: bool
) -> None:
    from ledger.io import journal_convert

    monkeypatch.setattr(journal_convert, "CONVERT_FROM", 0 if convert else 1 << 40)
    assert journal_convert.looks_converted(stress.read_bytes()) == convert
    data = stress.read_bytes()
    assert journal_xml.journal(data, "KC") is None and journal_sums.sums(data) is None
    assert_read_the_same(stress)
    fast = both_ways(stress, tmp_path, *COMMANDS)
    code, out, err = ledger_cli(fast, "check", careful=True)
    assert (code, out) == (0, ""), err


@pytest.mark.slow
def test_the_two_halves_on_two_cores_read_what_one_process_reads(
    stress: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = stress.read_bytes()
    one = journal_columns.journal(data, "KC")
    monkeypatch.setattr(journal_columns, "PARALLEL_FROM", 1000)  # split even this small sheet
    two = journal_columns.journal(data, "KC")
    assert one is not None and two is not None
    assert list(one[0]) == list(two[0]) and one[1] == two[1]
    assert journal_columns.sums(data) == journal_sums.Sums(
        {a: m.amount for a, m in one[0].balances().items()},
        max(t.day for t in one[0]),
        len(one[0]),
    )
    monkeypatch.setattr(journal_columns, "_CHUNK", 5000)  # and in small chunks, held whole never
    monkeypatch.setattr(journal_columns, "PARALLEL_FROM", 1 << 40)
    three = journal_columns.journal(data, "KC")
    assert three is not None and list(three[0]) == list(one[0]) and three[1] == one[1]


def game_with(path: Path, memos: list[str], payments: int = 40) -> None:
    """A short game ledger writes with XlsxWriter: its texts as shared strings."""
    books = new_books(load_game("triplanetary"), ["Ann", "Bob", "Cleo"], "Sam", seed=1)
    pay(books, "bank", "Ann", Decimal("100000"))
    for i in range(payments):
        memo = memos[i % len(memos)] if memos else ""
        pay(books, "Ann", ("Bob", "Cleo")[i % 2], Decimal(i % 997 + 1) / 100, memo=memo)
    write(path, Loaded(books, []))


def test_shared_strings_as_a_short_journal_is_written_read_the_same(tmp_path: Path) -> None:
    path = tmp_path / "short.xlsx"
    game_with(path, ODD)
    with zipfile.ZipFile(path) as z:
        assert b' t="s"' in z.read("xl/worksheets/sheet5.xml")
    assert_read_the_same(path)


@pytest.mark.slow
@settings(
    max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    memos=st.lists(st.text(min_size=0, max_size=10), min_size=1, max_size=3),
    resave=st.booleans(),
)
def test_any_text_reads_the_same_both_ways_or_goes_the_careful_way(
    tmp_path: Path, memos: list[str], resave: bool
) -> None:
    path = tmp_path / "any.xlsx"
    game_with(path, memos, payments=6)
    if resave:
        resaved_by_openpyxl(path, path)
    fast = journal_columns.journal(path.read_bytes(), "KC")
    slow = careful(path)
    if fast is not None:  # texts a reader might take otherwise go the careful way
        assert list(fast[0]) == list(slow[0]) and fast[1] == slow[1]


def _openpyxl_edit(
    cells: dict[str, Any], formats: dict[str, str] | None = None
) -> Callable[[Path], None]:
    def edit(path: Path) -> None:
        wb = openpyxl.load_workbook(path)
        ws = wb["Journal"]
        for ref, value in cells.items():
            ws[ref].value = value
        for ref, fmt in (formats or {}).items():
            ws[ref].number_format = fmt
        wb.save(path)

    return edit


def _xml_edit(
    old: bytes, new: bytes, part: str = "xl/worksheets/sheet5.xml"
) -> Callable[[Path], None]:
    def change(name: str, xml: bytes) -> bytes:
        if name != part:
            return xml
        assert old in xml, old
        return xml.replace(old, new, 1)

    return lambda path: rewrite_parts(path, change)


@pytest.mark.parametrize(
    ("edit", "taken"),
    [
        (_openpyxl_edit({"E4": "=E3*-1"}), False),  # a formula
        pytest.param(
            _openpyxl_edit({}, {"B4": "yyyy-mm-dd"}), False, marks=pytest.mark.slow
        ),  # a day shown as a date
        pytest.param(
            _openpyxl_edit({"E4": "-25.00", "E5": "25"}), False, marks=pytest.mark.slow
        ),  # amounts typed as text
        pytest.param(
            _openpyxl_edit({"F4": 42}), False, marks=pytest.mark.slow
        ),  # a memo that is a number
        (_openpyxl_edit({"E4": -26}), False),  # unbalanced
        pytest.param(
            _openpyxl_edit({"E4": -25.001, "E5": 25.001}), False, marks=pytest.mark.slow
        ),  # a tenth of a cent
        (_openpyxl_edit({"A4": 1}), False),  # a transaction number twice
        pytest.param(
            _openpyxl_edit(dict.fromkeys(("A4", "B4", "C4", "D4", "E4"))),
            False,
            marks=pytest.mark.slow,
        ),  # a row cleared
        (_openpyxl_edit({"I3": "my note"}), False),  # the banker's own column
        pytest.param(
            _openpyxl_edit({"B4": -1}), False, marks=pytest.mark.slow
        ),  # a day before the game
        pytest.param(
            _openpyxl_edit({"A4": 2.5}), False, marks=pytest.mark.slow
        ),  # not a whole number
        (_xml_edit(b'<c r="A4" t="n">', b'<c r="A4" t="n" cm="1">'), False),  # an attribute
        (_openpyxl_edit({"D5": "cash:Zed:Ceres"}), True),  # read; the check names the cell
        (_xml_edit(b'<row r="5">', b'<row r="5" hidden="1">'), True),  # a hidden row
    ],
)
def test_what_it_is_not_sure_of_goes_the_careful_way_with_the_same_result(
    tmp_path: Path, edit: Callable[[Path], None], taken: bool
) -> None:
    path = tmp_path / "edited.xlsx"
    game_with(path, ["x"], payments=4)
    resaved_by_openpyxl(path, path)
    edit(path)
    fast = journal_columns.journal(path.read_bytes(), "KC")
    assert (fast is not None) == taken
    if fast is not None:
        assert list(fast[0]) == list(careful(path)[0])
    both_ways(path, tmp_path, ["balance", "--json"], ["check"], ["journal"])


@pytest.mark.parametrize(
    ("item", "plain"),
    [
        (b"<t>cash:Ann:Ceres</t>", True),
        (b'<t xml:space="preserve"> R&amp;D &lt;x&gt; &quot;q&quot; &apos;a&apos; </t>', True),
        (b"<t>&#167;3 &#x65E5; &#9;</t>", True),
        (b"<t>a_x000D_b _x005F_x0041_ _xFFFF_ _X0041_ &#95;x0041_</t>", True),
        (b"<t>a\rb\r\nc</t>", True),  # line ends as XML reads them
        (b"<t>&#13;x&#xA;</t>", True),
        (b"<t>&#1;</t>", False),  # no character XML holds: readers differ, or fail
        (b"<t>&#xD800;</t>", False),
        (b"<t>&nbsp;</t>", False),
        (b'<r><rPr><sz val="11"/></rPr><t xml:space="preserve">ri </t></r><r><t>ch</t></r>', True),
        (b'<t>x</t><rPh sb="0" eb="1"><t>y</t></rPh><phoneticPr fontId="1"/>', True),
        (b"<r><t>a </t></r><r><t>b</t></r>", False),  # is a run trimmed? the careful way
        (b"<r><t>_x00</t></r><r><t>41_</t></r>", False),
        (b"<r><t>x</t><extra/></r>", False),
    ],
)
def test_a_shared_string_is_read_as_the_careful_reader_reads_it_or_left_to_it(
    tmp_path: Path, item: bytes, plain: bool
) -> None:
    path = tmp_path / "short.xlsx"
    game_with(path, ["MEMO"], payments=2)
    edit = _xml_edit(b"<t>MEMO</t>", item, "xl/sharedStrings.xml")
    edit(path)
    fast = journal_columns.journal(path.read_bytes(), "KC")
    assert (fast is not None) == plain
    if fast is not None:
        assert list(fast[0]) == list(careful(path)[0])


@pytest.mark.parametrize(
    ("code", "plain"),
    [
        ("General", True),
        ("#,##0.00;[Red]-#,##0.00", True),
        ("#,##0.00;[RED]\\-#,##0.00", True),
        ('[$€-407] #,##0.00;"minus" 0.00', True),
        ("0.00E+00", True),
        ("yyyy-mm-dd", False),
        ("[h]:mm", False),
        ("0.00 \\d", True),  # an escaped letter is shown as it is
        ("d", False),
        ("[Magenta]0", False),  # not sure how every reader takes it: not plain
    ],
)
def test_a_number_format_is_plain_only_when_no_reader_takes_it_for_a_date(
    code: str, plain: bool
) -> None:
    assert plain_code(code) == plain


@pytest.mark.interop
def test_a_workbook_libreoffice_saved_comes_out_as_the_careful_read(
    stress: Path, tmp_path: Path, converting: None
) -> None:
    from tests.io.test_interop_libreoffice import resave_with_libreoffice

    resaved = resave_with_libreoffice(stress.with_name("own.xlsx"), tmp_path / "lo")
    data = resaved.read_bytes()
    with zipfile.ZipFile(resaved) as z:
        assert b' t="s"' in z.read("xl/worksheets/sheet5.xml")  # LibreOffice's shared strings
    assert journal_xml.journal(data, "KC") is None and journal_sums.sums(data) is None
    assert_read_the_same(resaved)
    from ledger.io import journal_convert

    assert journal_convert.looks_converted(data)  # a tick converts it in the background
    (tmp_path / "runs").mkdir()
    fast = both_ways(resaved, tmp_path / "runs", *COMMANDS)
    code, out, err = ledger_cli(fast, "check", careful=True)
    assert (code, out) == (0, ""), err


def test_a_tick_on_another_programs_journal_builds_none_of_its_history(
    stress: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, converting: None
) -> None:
    """The tick goes on from the converted history's sums, and its save copies the converted
    rows as they are: no transaction of the history is built, no row written anew."""
    from ledger.io import journal_convert, journal_index

    path = tmp_path / "ledger.xlsx"
    shutil.copy(stress, path)
    assert journal_convert.looks_converted(path.read_bytes())
    built: list[str] = []
    for module, name in ((journal_columns, "journal"), (load_module, "_journal")):
        monkeypatch.setattr(module, name, lambda *a, name=name: built.append(name))
    monkeypatch.setattr(
        journal_convert.ConvertedHistory, "read", lambda self: built.append("history")
    )
    code, _, err = ledger_cli(path, "tick", "30", careful=False)
    assert code == 0, err
    assert built == []
    assert journal_index.kept_journal(path.read_bytes(), "KC") is not None  # ledger's own now


def _rows_removed(*numbers: int) -> Callable[[Path], None]:
    def change(name: str, xml: bytes) -> bytes:
        if name == "xl/worksheets/sheet5.xml":
            for n in numbers:
                xml = re.sub(rb"<row r=\"%d\".*?</row>" % n, b"", xml, count=1)
        return xml

    return lambda path: rewrite_parts(path, change)


@pytest.mark.parametrize(
    "edit",
    [
        _rows_removed(4, 5),  # a gap in the rows
        pytest.param(_openpyxl_edit({"B6": 2, "B7": 2}), marks=pytest.mark.slow),  # days back
    ],
    ids=["gap", "days-back"],
)
def test_what_the_conversion_does_not_take_is_read_as_before_with_the_same_result(
    tmp_path: Path, edit: Callable[[Path], None], converting: None
) -> None:
    from ledger.io import journal_convert
    from tests.conftest import set_setting

    path = tmp_path / "edited.xlsx"
    game_with(path, ["x"], payments=300)
    resaved_by_openpyxl(path, path)
    edit(path)
    set_setting(path, "day", 3)
    data = path.read_bytes()
    assert journal_convert.looks_converted(data)
    assert journal_convert.Conversion(data).summary() is None
    assert journal_columns.journal(data, "KC") is not None  # read by columns all the same
    both_ways(path, tmp_path, ["tick", "1"], ["check"])
