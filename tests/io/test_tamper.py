"""Issue 27: a figure ledger keeps is believed only when it is proven ledger's own. Each way of
tampering with the Journal's index or the balance cache that was found to show or write a
false figure ends here in the true figures or a clear refusal, never an internal error and
never a damaged save. The workbook is the 3,000-row stress workbook after one `pay` (the
index is kept for a Journal that long)."""

from __future__ import annotations

import io
import json
import re
import shutil
import struct
import zipfile
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

import pytest

from ledger.io import cache
from ledger.io.journal_index import PART as INDEX_PART
from tests.conftest import Ledger
from tests.io.stress import stress_workbook
from tests.io.test_fast_tick import ODD, _rewrite, indexed

JOURNAL = "xl/worksheets/sheet5.xml"


@pytest.fixture(scope="module")
def paid(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("tamper") / "ledger.xlsx"
    stress_workbook(path, 3000, ODD * 3, Decimal(1))
    Ledger(path.parent)("pay", "Ann", "Bob", "1")
    assert indexed(path)
    return path


@pytest.fixture
def game(paid: Path, tmp_path: Path) -> Ledger:
    ledger = Ledger(tmp_path)
    shutil.copy(paid, ledger.path)
    return ledger


def truth(game: Ledger) -> dict[str, str]:
    return game("balance", "--json", expect=None).json()["accounts"]


def _index(edit: Callable[[dict[str, object]], None]) -> Callable[[bytes], bytes]:
    """An edit of the index's figures, written back as the index is written (no digest of
    any segment changes: the segments are untouched)."""

    def change(xml: bytes) -> bytes:
        body = re.search(rb">([^<]*)</journalIndex>", xml)
        assert body is not None
        fields = json.loads(body.group(1).decode().replace("&quot;", '"'))
        edit(fields)
        text = json.dumps(fields, separators=(",", ":"), sort_keys=True).encode()
        return xml[: body.start(1)] + text + xml[body.end(1) :]

    return change


def _raise_ann(fields: dict[str, object]) -> None:
    balances = fields["balances"]
    assert isinstance(balances, dict)
    balances["cash:Ann:Ceres"] += 100_000_000  # a million KC, in cents


def _fake_account(fields: dict[str, object]) -> None:
    balances = fields["balances"]
    assert isinstance(balances, dict)
    balances["cash:Ann:Mars"] = 100_000_000


def _lower_last(fields: dict[str, object]) -> None:
    fields["last_id"] = int(fields["last_id"]) - 10  # type: ignore[call-overload]


def _segment(key: str, by: int) -> Callable[[dict[str, object]], None]:
    def edit(fields: dict[str, object]) -> None:
        segments = fields["segments"]
        assert isinstance(segments, list)
        segments[0][key] += by

    return edit


_segments_crc, _segments_length = _segment("crc", 1), _segment("length", 7)


def _before(game: Ledger) -> dict[str, str]:
    shown = truth(game)
    cache.cache_path(game.path).unlink(missing_ok=True)
    return shown


@pytest.mark.parametrize(
    "edit",
    [_raise_ann, _fake_account, _lower_last, _segments_crc, _segments_length],
    ids=[
        "a sum raised",
        "an account with no postings",
        "the last number lowered",
        "a crc",
        "a length",
    ],
)
def test_27_a_changed_index_is_not_believed_and_the_true_figures_are_shown_and_kept(
    game: Ledger, edit: Callable[[dict[str, object]], None]
) -> None:
    true = _before(game)
    _rewrite(game.path, {INDEX_PART: _index(edit)})
    assert not indexed(game.path)
    assert truth(game) == true
    assert "cash:Ann:Mars" not in truth(game)
    # a figure kept that is not the rows' is named by every command that meets it
    false = edit not in (_segments_crc, _segments_length)
    named = [game(*command, expect=None) for command in (["balance"], ["check"], ["status"])]
    run = game("pay", "Ann", "Bob", "1500000", expect=1)  # refused on the true books
    assert "overdrawn" in run.stderr or "cannot pay" in run.stderr
    for said in [*named, run]:
        assert ("journal-index-false" in said.stdout + said.stderr) == false, said.stderr
    game("check")
    run = game("pay", "Ann", "Bob", "1")
    assert ("journal-index-false" in run.stdout + run.stderr) == false
    number = int(re.search(r"txn (\d+)", run.stdout + run.stderr).group(1))  # type: ignore[union-attr]
    journal = game("journal", "--json").json()
    assert [t["txn"] for t in journal].count(number) == 1  # no number twice
    assert number == max(t["txn"] for t in journal)
    game("check")
    after = game("balance", expect=None)
    assert after.exit_code == 0 and "journal-index-false" not in after.stdout + after.stderr
    assert indexed(game.path)  # sealed anew, of the rows' own figures


def test_27_a_segment_said_to_reach_past_its_part_is_read_past(game: Ledger) -> None:
    true = _before(game)

    def stretch(fields: dict[str, object]) -> None:
        segments = fields["segments"]
        assert isinstance(segments, list)
        segments[-1]["end"] += 10**9

    _rewrite(game.path, {INDEX_PART: _index(stretch)})
    assert truth(game) == true
    game("check")
    game("pay", "Ann", "Bob", "1")
    game("check")


def test_27_two_zip_entries_of_one_name_are_refused(game: Ledger) -> None:
    data = game.path.read_bytes()
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        parts = [(info, z.read(info)) for info in z.infolist()]
    forged = _index(_raise_ann)(dict(parts)[next(i for i, _ in parts if i.filename == INDEX_PART)])
    with zipfile.ZipFile(game.path, "w", zipfile.ZIP_DEFLATED) as z:
        for info, part in parts:
            z.writestr(info, part)
        import warnings

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # zipfile warns of the duplicate name
            z.writestr(INDEX_PART, forged)
    before = game.path.read_bytes()
    for command in (("balance",), ("check",), ("pay", "Ann", "Bob", "1")):
        run = game(*command, expect=1)
        assert "zip-entry-twice" in run.stdout + run.stderr, command
        assert "internal error" not in run.stdout + run.stderr
    assert game.path.read_bytes() == before


def test_27_a_journal_part_whose_crc_was_changed_is_refused_never_saved_damaged(
    game: Ledger,
) -> None:
    data = bytearray(game.path.read_bytes())
    with zipfile.ZipFile(io.BytesIO(bytes(data))) as z:
        info = z.getinfo(JOURNAL)
    # the CRC in the local header and in the central directory both
    local = info.header_offset + 14
    data[local : local + 4] = struct.pack("<I", info.CRC ^ 1)
    central = bytes(data).rindex(b"PK\x01\x02", 0, len(data))
    at = bytes(data).find(JOURNAL.encode(), 0)
    while at >= 0:
        if bytes(data[at - 46 : at - 42]) == b"PK\x01\x02":
            data[at - 46 + 16 : at - 46 + 20] = struct.pack("<I", info.CRC ^ 1)
        at = bytes(data).find(JOURNAL.encode(), at + 1)
    assert central > 0
    game.path.write_bytes(bytes(data))
    cache.cache_path(game.path).unlink(missing_ok=True)
    for command in (("balance",), ("check",), ("pay", "Ann", "Bob", "1")):
        run = game(*command, expect=None)
        said = run.stdout + run.stderr
        assert "internal error" not in said, command
        assert run.exit_code == 1 and "damaged" in said, (command, said)
    assert game.path.read_bytes() == bytes(data)


def test_27_a_forged_balance_cache_is_never_shown(game: Ledger) -> None:
    true = _before(game)
    digest = cache.digest(game.path)
    lie = {"version": "x", "sha256": digest, "summary": {}}
    # beside the workbook, where older versions kept it: never read
    (game.folder / ".ledger.xlsx.cache.json").write_text(json.dumps(lie))
    assert truth(game) == true
    # in this user's cache folder, for other bytes: not for these
    made = json.loads(cache.cache_path(game.path).read_text())
    made["summary"]["balances"]["cash:Ann:Ceres"] = "999999.00"
    made["sha256"] = "0" * 64
    cache.cache_path(game.path).write_text(json.dumps(made))
    assert truth(game) == true
    game("check")


def test_27_a_tick_and_a_refused_close_name_a_false_index_too(game: Ledger) -> None:
    _before(game)
    _rewrite(game.path, {INDEX_PART: _index(_raise_ann)})
    run = game("tick", "1", "--no-statements")
    assert "journal-index-false" in run.stdout + run.stderr
    _rewrite(game.path, {INDEX_PART: _index(_raise_ann)})
    run = game("close", "--through", "999999", expect=None)
    assert "journal-index-false" in run.stdout + run.stderr
