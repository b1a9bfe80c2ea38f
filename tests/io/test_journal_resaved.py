"""A workbook another program only re-saved (the banker typed Events rows in LibreOffice or
Excel and saved): its Journal's rows are rewritten as ledger's own and trusted only when each
segment comes out as the very bytes the kept index describes
(`ledger/io/journal_resaved.py`); a command goes on from the index's sums at once, and starts
again from the rows when they say otherwise (`journal_convert.Conversion`'s guess). Either
way, every command prints and saves exactly what the careful full read gives.

The program here is a stand-in for LibreOffice, made in the test (`resaved_like_libreoffice`):
its row attributes, a style and a type on every cell, the texts as shared strings, amounts
as their shortest number, the index written back with its quotes as entities. The interop
tests do the same with LibreOffice itself."""

from __future__ import annotations

import os
import re
import shutil
import zipfile
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

import pytest

from ledger.io import journal_convert, journal_index, journal_resaved, read_ahead
from tests.conftest import rewrite_parts
from tests.io.stress import stress_workbook
from tests.io.test_fast_tick import both_ways, indexed, ledger_cli

ODD = ['R&D <x> "q"', "_x0041_ stays", "  spaced  ", "Gänsefüßchen ½", "=SUM(A1)"]
_ATTRS = (
    b' customFormat="false" ht="15" hidden="false" customHeight="false" outlineLevel="0"'
    b' collapsed="false"'
)
_CELL = re.compile(
    rb'<c r="([A-Z]+\d+)"( s="\d+")?(?: t="inlineStr"><is><t(?: xml:space="preserve")?>'
    rb"([^<]*)</t></is></c>|><v>([^<]*)</v></c>)"
)


def _journal_part(z: zipfile.ZipFile) -> str:
    book = z.read("xl/workbook.xml").decode()
    rid = re.search(r'<sheet name="Journal" sheetId="\d+" r:id="(rId\d+)"', book)
    assert rid is not None
    rels = z.read("xl/_rels/workbook.xml.rels").decode()
    target = re.search(rf'Id="{rid.group(1)}"[^>]*Target="([^"]+)"', rels)
    target = target or re.search(rf'Target="([^"]+)"[^>]*Id="{rid.group(1)}"', rels)
    assert target is not None
    return "xl/" + target.group(1).removeprefix("/xl/")


def _lo_number(text: bytes) -> bytes:
    value = repr(float(text.decode()))
    return (value[:-2] if value.endswith(".0") else value).encode()


def resaved_like_libreoffice(
    src: Path, dst: Path, edit: dict[bytes, bytes] | None = None, row_attrs: bytes = _ATTRS
) -> Path:
    """`src` as LibreOffice re-saves it (the Journal's index kept); `edit`: cells of the
    Journal (by reference) given another value as LibreOffice would write it; `row_attrs`:
    what it writes after each row's number."""
    shutil.copy(src, dst)
    with zipfile.ZipFile(dst) as z:
        journal = _journal_part(z)
        strings = z.read("xl/sharedStrings.xml")
    items = re.findall(rb"<si>.*?</si>", strings, re.S)
    new: list[bytes] = []
    known: dict[bytes, int] = {}

    def shared(text: bytes) -> int:
        if text not in known:
            known[text] = len(items) + len(new)
            space = b' xml:space="preserve"' if text != text.strip() else b""
            new.append(b"<si><t" + space + b">" + text + b"</t></si>")
        return known[text]

    def cell(m: re.Match[bytes]) -> bytes:
        ref, style, text, value = m.groups()
        if edit and ref in edit:  # a text column's as a shared string, a number's as it is
            text, value = (edit[ref], None) if ref[:1] in b"CDFGH" else (None, edit[ref])
        if text is not None:
            return b'<c r="%s" s="0" t="s"><v>%d</v></c>' % (ref, shared(text))
        if style:  # the money
            return b'<c r="%s"%s t="n"><v>%s</v></c>' % (ref, style, _lo_number(value))
        return b'<c r="%s" s="0" t="n"><v>%s</v></c>' % (ref, value)

    def change(name: str, xml: bytes) -> bytes:
        if name == journal:
            head, _, rest = xml.partition(b'<row r="2"')
            rows = re.sub(rb'(<row r="\d+")>', rb"\1" + row_attrs + b">", b'<row r="2"' + rest)
            return head + _CELL.sub(cell, rows)
        if name == journal_index.PART:
            return (
                xml.replace(b' standalone="yes"', b"")
                .replace(b'"', b"&quot;")
                .replace(b"&quot;1.0&quot; encoding=&quot;UTF-8&quot;", b'"1.0" encoding="UTF-8"')
                .replace(b"xmlns=&quot;urn:x-ledger:journal-index&quot;", NS)
            )
        return xml

    NS = b'xmlns="urn:x-ledger:journal-index"'
    rewrite_parts(dst, change)
    # the shared strings last: the Journal's texts were gathered above
    total = len(items) + len(new)

    def add_strings(name: str, xml: bytes) -> bytes:
        if name != "xl/sharedStrings.xml":
            return xml
        xml = re.sub(rb'uniqueCount="\d+"', b'uniqueCount="%d"' % total, xml, count=1)
        xml = re.sub(rb' count="\d+"', b' count="%d"' % total, xml, count=1)
        return xml.replace(b"</sst>", b"".join(new) + b"</sst>")

    rewrite_parts(dst, add_strings)
    return dst


@pytest.fixture(scope="module")
def own(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("resaved") / "own.xlsx"
    stress_workbook(path, 3000, ODD * 2, Decimal("0.5"))
    return path


@pytest.fixture
def resaved(own: Path, tmp_path: Path) -> Path:
    return resaved_like_libreoffice(own, tmp_path / "resaved.xlsx")


def _segments(path: Path) -> bytes:
    kept = journal_index.kept_journal(path.read_bytes(), "KC")
    assert kept is not None
    segs = kept.index.segments
    return bytes(kept.piece(segs[0].start, segs[-1].end))


def test_rows_another_program_only_resaved_come_back_as_the_very_bytes_ledger_wrote(
    own: Path, resaved: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(journal_convert, "CONVERT_FROM", 0)  # (the size of a longer one)
    data = resaved.read_bytes()
    assert len(journal_index.kept_journal(own.read_bytes(), "KC").index.segments) >= 3  # type: ignore[union-attr]
    assert not indexed(resaved)  # the index is kept, but the Journal's bytes are the program's
    with zipfile.ZipFile(resaved) as z:
        assert b' t="s"><v>' in z.read(_journal_part(z))
        assert b"&quot;" in z.read(journal_index.PART)
    assert journal_convert.looks_converted(data)
    found = journal_resaved.rewritten(data)
    assert found is not None
    index, deflated, segments = found
    assert deflated == _segments(own)  # segment by segment, what ledger's save wrote
    assert [s.sha256 for s in segments] == [s.sha256 for s in index.segments]
    assert segments[0].start == 0 and segments[-1].end == len(deflated)


def test_the_second_half_on_the_other_core_gives_the_same(
    resaved: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = resaved.read_bytes()
    one = journal_resaved.rewritten(data)
    monkeypatch.setattr(journal_resaved, "HALVES_FROM", 2)
    assert journal_resaved.rewritten(data) == one is not None


def test_the_rows_of_the_last_days_are_sent_first_as_ledger_wrote_them(
    own: Path, resaved: Path
) -> None:
    """What a statement of the period reads comes before the rest is checked: the segments
    that hold the last day, as ledger's save wrote them; the answer as without them."""
    told: list[tuple[int, list[bytes], list[int], int]] = []
    data = resaved.read_bytes()
    found = journal_resaved.rewritten(data, lambda *tail: told.append(tail))
    assert found == journal_resaved.rewritten(data) is not None
    index, deflated, segments = found
    [(after, pieces, lengths, money_style)] = told
    first = len(segments) - len(pieces)
    assert first > 0 and after == segments[first - 1].last_day < index.last_day
    assert b"".join(pieces) == deflated[segments[first].start :]
    kept = journal_index.kept_journal(own.read_bytes(), "KC")
    assert kept is not None and money_style == kept.index.money_style
    rows = b"".join(map(journal_index.inflate_piece, pieces, lengths))
    last_days = journal_index.transactions_in(rows, (money_style,), "KC")
    assert [t for t in last_days if t.day > after] == journal_index.StoredHistory(kept).since(
        after + 1
    )


def test_a_guessed_history_gives_the_last_days_before_the_rest_is_checked(
    own: Path, resaved: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ledger.io.load import load

    monkeypatch.setattr(journal_convert, "CONVERT_FROM", 0)
    careful, _ = load(own, index=True)
    loaded, _ = load(resaved, index=True, guess=True)
    history = loaded.books.journal.history  # type: ignore[attr-defined]
    assert isinstance(history, journal_convert.ConvertedHistory) and history.guessed
    day = history.last_day
    try:
        assert loaded.books.journal.since(day) == careful.books.journal.since(day)
        assert history._kept is None  # the rest not waited for
        history.confirm()  # and what the rows say is what was guessed
        assert not history.guessed
    finally:
        history.release()


def test_last_days_taken_from_checked_rows_the_rest_disagrees_with_are_guessed_wrong(
    own: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A memo typed again in the first row: the sums are the index's, the rows are not. The
    last days, checked, came first; what was made from them is made again from the rows."""
    from ledger.core.journal_history import GuessedWrong
    from ledger.io.load import load

    edited = resaved_like_libreoffice(own, tmp_path / "edited.xlsx", {b"F2": b"typed again"})
    monkeypatch.setattr(journal_convert, "CONVERT_FROM", 0)
    for use_last_days in (False, True):
        loaded, _ = load(edited, index=True, guess=True)
        history = loaded.books.journal.history  # type: ignore[attr-defined]
        try:
            if use_last_days:
                loaded.books.journal.since(history.last_day)
                assert history.conversion.tail() is not None  # checked, sent first
                with pytest.raises(GuessedWrong):
                    history.confirm()
            else:
                history.confirm()  # the same numbers: the rows are taken as they are
        finally:
            history.release()


@pytest.mark.slow
def test_a_tick_on_a_resaved_workbook_reads_none_of_its_rows_and_saves_as_the_careful_read(
    resaved: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ledger.io import journal_columns

    def unread(*args: object) -> None:
        raise AssertionError("the rows were read")

    monkeypatch.setattr(journal_convert, "CONVERT_FROM", 0)
    monkeypatch.setattr(journal_columns, "columns", unread)  # (the forked child has it too)
    fast, _ = both_ways(resaved, tmp_path, ["tick", "3"], ["pay", "Ann", "Bob", "5"])
    assert indexed(fast)  # ledger's own again


@pytest.mark.parametrize(
    "change",
    [
        # a payment's amounts changed (it still sums to zero): the sums are no longer the
        # index's, and the command starts again from the rows
        pytest.param("amounts", id="amounts", marks=pytest.mark.slow),
        # its memo changed: the same sums, other rows
        pytest.param("memo", id="memo", marks=pytest.mark.slow),
    ],
)
def test_rows_edited_in_the_other_program_are_read_as_they_are(
    own: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: str
) -> None:
    payer, payee = _payment_rows(own, b"spaced")
    cells = (
        {b"E%d" % payer: b"-7", b"E%d" % payee: b"7"}
        if change == "amounts"
        else {b"F%d" % payer: b"typed again", b"F%d" % payee: b"typed again"}
    )
    edited = resaved_like_libreoffice(own, tmp_path / "edited.xlsx", cells)
    data = edited.read_bytes()
    assert journal_resaved.rewritten(data) is None  # not what the index describes
    assert journal_resaved.kept_index(data) is not None  # ... though the index is there
    monkeypatch.setattr(journal_convert, "CONVERT_FROM", 0)
    (tmp_path / "runs").mkdir()
    fast, _ = both_ways(edited, tmp_path / "runs", ["tick", "30"], ["balance", "--json"])
    _, out, _ = ledger_cli(fast, "journal", "--since", "0", careful=True)
    assert ("typed again" in out) == (change == "memo")


def test_a_refusal_on_a_history_guessed_wrong_is_the_refusal_of_the_rows(
    own: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The index says Ann has far more than the rows do: a payment the index would allow is
    refused, as the careful read refuses it, and nothing is saved."""
    has = _balance(own, "cash:Ann:Ceres")
    assert has > 200
    payer, payee = _payment_rows(own, b"spaced")  # Ann pays Bob 1.50
    taken = str(has - 10).encode()
    cells = {b"E%d" % payer: b"-" + taken, b"E%d" % payee: taken}
    edited = resaved_like_libreoffice(own, tmp_path / "poorer.xlsx", cells)
    monkeypatch.setattr(journal_convert, "CONVERT_FROM", 0)
    (tmp_path / "runs").mkdir()
    before = edited.read_bytes()
    code, _, err = ledger_cli(edited, "pay", "Ann", "Bob", "100", careful=False)
    assert code == 1 and "Ann" in err, err
    assert edited.read_bytes() == before  # nothing saved
    both_ways(edited, tmp_path / "runs", ["pay", "Ann", "Bob", "100"])


def _balance(path: Path, account: str) -> Decimal:
    import json

    code, out, err = ledger_cli(path, "balance", "--json", careful=True)
    assert code == 0, err
    return Decimal(json.loads(out)["accounts"][account])


def _payment_rows(own: Path, memo: bytes) -> tuple[int, int]:
    """The rows of the first payment with this memo: the payer's, the payee's."""
    with zipfile.ZipFile(own) as z:
        xml = z.read(_journal_part(z))
    found = [
        (int(r), amount.startswith(b"-"))
        for r, amount in re.findall(
            rb'<row r="(\d+)">(?:(?!</row>).)*?<c r="E\d+" s="\d+"><v>([^<]*)</v></c>'
            rb'<c r="F\d+" t="inlineStr"><is><t>' + re.escape(memo) + rb"</t>",
            xml,
        )
    ][:2]
    assert len(found) == 2 and found[1][0] == found[0][0] + 1, found
    payer = [r for r, out in found if out]
    payee = [r for r, out in found if not out]
    assert len(payer) == len(payee) == 1
    return payer[0], payee[0]


def test_the_program_read_ahead_is_taken_only_for_the_very_bytes_read(
    resaved: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(journal_convert, "CONVERT_FROM", 0)  # a Journal long enough
    path = resaved
    read_ahead.start(str(path))
    early = read_ahead.take(str(path), path.read_bytes() + b"\0")  # the workbook changed since
    assert early is None
    read_ahead.start(str(path))
    early = read_ahead.take(str(path), path.read_bytes())
    assert early is not None and early.pid
    pid = early.pid
    early.close()
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)  # no child left behind
    assert read_ahead.take(str(path), path.read_bytes()) is None  # once


def test_ledgers_own_workbook_is_read_ahead_without_a_child(
    own: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its rows are ledger's own (read by its index): nothing to convert, no child."""
    monkeypatch.setattr(journal_convert, "CONVERT_FROM", 0)
    read_ahead.start(str(own))
    assert read_ahead.take(str(own), own.read_bytes()) is None


@pytest.mark.slow
def test_ledger_tick_reads_the_workbook_ahead_and_comes_out_as_the_careful_read(
    own: Path, tmp_path: Path
) -> None:
    """The real program: `ledger tick 30` begins the conversion as it starts."""
    import subprocess
    import sys

    from ledger.io.journal_convert import CONVERT_FROM

    assert own.stat().st_size > 0 and CONVERT_FROM > 0
    out = {}
    for careful in (False, True):
        folder = tmp_path / ("careful" if careful else "fast")
        folder.mkdir()
        w = resaved_like_libreoffice(own, folder / "ledger.xlsx")
        env = {**os.environ, "LEDGER_READ_CAREFULLY": "1" if careful else ""}
        env.pop("LEDGER_WORKBOOK", None)
        run = subprocess.run(
            [sys.executable, "-m", "ledger", "tick", "30", "--no-statements"],
            cwd=folder,
            env=env,
            capture_output=True,
            text=True,
        )
        assert run.returncode == 0, run.stderr
        out[careful] = (run.stdout.replace(str(folder), "F"), w)
    assert out[False][0] == out[True][0]
    from tests.io.test_fast_tick import cells, parts

    assert parts(out[False][1]) == parts(out[True][1])
    assert cells(out[False][1]) == cells(out[True][1])


@pytest.mark.interop
def test_a_workbook_libreoffice_resaved_is_taken_from_its_index(
    own: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """LibreOffice itself: it keeps the index and writes the rows in its own form, which come
    back as the bytes ledger wrote; a tick then saves as the careful read."""
    from tests.io.test_interop_libreoffice import resave_with_libreoffice

    resaved = resave_with_libreoffice(own, tmp_path / "lo")
    found = journal_resaved.rewritten(resaved.read_bytes())
    assert found is not None
    assert found[1] == _segments(own)
    monkeypatch.setattr(journal_convert, "CONVERT_FROM", 0)
    (tmp_path / "runs").mkdir()
    fast, _ = both_ways(resaved, tmp_path / "runs", ["tick", "30"])
    assert indexed(fast)


def _index_changed(path: Path, change: Callable[[journal_index.Index], None]) -> Path:
    def rewrite(name: str, xml: bytes) -> bytes:
        if name != journal_index.PART:
            return xml
        index = journal_index.Index.from_xml(xml)
        assert index is not None
        change(index)
        return index.to_xml()

    rewrite_parts(path, rewrite)
    return path


def _one_segment(index: journal_index.Index) -> None:
    rows = sum(s.rows for s in index.segments)
    index.segments = [journal_index.Segment(0, 1, 1, 0, 0, 0, rows, "")]


@pytest.mark.parametrize(
    "make",
    [
        # a row attribute a cell may have too: never dropped from every cell
        pytest.param(
            lambda own, path: resaved_like_libreoffice(own, path, row_attrs=b' t="str"'),
            id="row-attributes",
        ),
        # rows deflated by another zlib-ng: the same rows, other bytes
        pytest.param(
            lambda own, path: _index_changed(
                resaved_like_libreoffice(own, path),
                lambda index: setattr(index, "deflater", "zlib-ng 0.0"),
            ),
            id="deflater",
        ),
        # one segment said to be the whole sheet: more than a segment's memory
        pytest.param(
            lambda own, path: _index_changed(resaved_like_libreoffice(own, path), _one_segment),
            id="one-segment",
        ),
    ],
)
def test_what_is_not_surely_the_rows_of_the_index_is_read_instead(
    own: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    make: Callable[[Path, Path], object],
) -> None:
    """Each is turned away before any row is rewritten."""
    path = tmp_path / "w.xlsx"
    monkeypatch.setattr(journal_resaved, "MAX_SEGMENT_XML", 1 << 20)
    make(own, path)
    assert journal_resaved.kept_index(path.read_bytes()) is not None

    def rewrite(*args: object) -> None:
        raise AssertionError("rewritten")

    monkeypatch.setattr(journal_resaved, "_rewrite", rewrite)
    assert journal_resaved._rewritten(path.read_bytes()) is None


@pytest.mark.slow
def test_a_money_style_other_than_3_is_kept_with_the_rows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The banker's own sheet with a date comes first: XlsxWriter numbers its styles as they
    come, and the money style is 4. The rows rewritten say so."""
    import datetime as dt
    import importlib.util

    from ledger.io.sheet_read import RawSheet
    from ledger.io.workbook import write
    from tests.conftest import ROOT

    spec = importlib.util.spec_from_file_location("make_workbook", ROOT / "bench/make_workbook.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    loaded = module.build(1200)
    loaded.unknown["Notes"] = RawSheet(
        "Notes", [(1, ["when", "pct"]), (2, [dt.date(2026, 1, 2), 5])]
    )
    loaded.order = ["Notes", *loaded.order]
    own = tmp_path / "own.xlsx"
    write(own, loaded)
    kept = journal_index.kept_journal(own.read_bytes(), "KC")
    assert kept is not None and kept.index.money_style != 3
    resaved = resaved_like_libreoffice(own, tmp_path / "resaved.xlsx")
    assert journal_resaved.rewritten(resaved.read_bytes()) is not None
    monkeypatch.setattr(journal_convert, "CONVERT_FROM", 0)
    (tmp_path / "runs").mkdir()
    both_ways(resaved, tmp_path / "runs", ["tick", "3"])


@pytest.mark.slow
def test_a_child_killed_after_its_summary_leaves_the_rows_to_the_command(
    resaved: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Killed (out of memory, say) once it had sent what the rows say: the command converts
    the rows itself and saves what the careful read saves."""
    import signal

    monkeypatch.setattr(journal_convert, "CONVERT_FROM", 0)
    segments = journal_convert.Conversion.segments

    def killed_first(self: journal_convert.Conversion) -> object:
        if self.pid:
            os.kill(self.pid, signal.SIGKILL)
        return segments(self)

    monkeypatch.setattr(journal_convert.Conversion, "segments", killed_first)
    both_ways(resaved, tmp_path, ["tick", "3"])


def test_the_read_ahead_never_waits_at_a_pipe(tmp_path: Path) -> None:
    fifo = tmp_path / "w.xlsx"
    os.mkfifo(fifo)
    read_ahead.start(str(fifo))  # returns at once: no writer will ever come
    assert read_ahead.take(str(fifo), b"") is None


@pytest.mark.slow
def test_rows_asked_for_after_the_child_was_closed_are_converted_here_once(
    resaved: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(journal_convert, "CONVERT_FROM", 0)
    data = resaved.read_bytes()
    whole = journal_convert.Conversion(data)
    assert whole.summary() is not None
    expected = whole.segments()
    conversion = journal_convert.Conversion(data)
    assert conversion.summary() == whole.summary()
    conversion.close()  # (the command released it: a history asked for later)
    calls: list[bytes] = []
    convert = journal_convert._convert
    monkeypatch.setattr(
        journal_convert, "_convert", lambda d, send: (calls.append(d), convert(d, send))
    )
    assert conversion.segments() == expected is not None
    assert len(calls) == 1
