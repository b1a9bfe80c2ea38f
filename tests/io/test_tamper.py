"""Issue 35 (after issue 27): ledger keeps no figure the rows already say, so no kept figure can
be turned against the books. What an attacker planted where earlier versions kept their index,
seal key and balance cache is never read; a workbook whose zip was forged is refused by name,
never read half-way and never saved damaged."""

from __future__ import annotations

import io
import json
import struct
import warnings
import zipfile
from pathlib import Path

from tests.conftest import Ledger

JOURNAL = "xl/worksheets/sheet5.xml"
#: Where versions before issue 35 kept the Journal's index inside the workbook.
OLD_INDEX = "customXml/item1.xml"


def truth(game: Ledger, env: dict[str, str] | None = None) -> dict[str, str]:
    run = game.sub("balance", "--json", env=env)
    assert run.exit_code == 0, run.stderr
    return json.loads(run.stdout)["accounts"]


def _with_part(path: Path, name: str, data: bytes) -> None:
    with zipfile.ZipFile(path) as z:
        parts = [(info, z.read(info)) for info in z.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for info, part in parts:
            z.writestr(info, part)
        z.writestr(name, data)


def test_35_an_index_planted_in_the_workbook_is_never_believed_and_a_save_drops_it(
    game: Ledger,
) -> None:
    game("pay", "Ann", "Bob", "4")
    true = truth(game)
    lie = {"balances": {"cash:Ann:Ceres": 999_900, "cash:Ann:Mars": 100_000_000}, "last_id": 1}
    index = b'<journalIndex xmlns="urn:ledger">' + json.dumps(lie).encode() + b"</journalIndex>"
    _with_part(game.path, OLD_INDEX, index)
    assert truth(game) == true and "cash:Ann:Mars" not in true
    run = game("pay", "Ann", "Bob", "500", expect=1)  # refused on the rows' own money
    assert "overdrawn" in run.stderr
    game("pay", "Ann", "Bob", "1")
    with zipfile.ZipFile(game.path) as z:
        assert OLD_INDEX not in z.namelist()
    assert game.balances()["player:Ann"] == "20.00"


def test_35_a_seal_key_and_a_balance_cache_planted_in_shared_folders_are_never_read(
    game: Ledger, tmp_path: Path
) -> None:
    """Another user plants, first, what earlier versions read from the user's data and cache
    folders (a folder anyone may write, mode 1777): ledger reads neither."""
    shared = tmp_path / "shared"
    (shared / "data" / "bankers-ledger").mkdir(parents=True)
    (shared / "cache" / "bankers-ledger" / "balances").mkdir(parents=True)
    for folder in (shared / "data", shared / "cache"):
        folder.chmod(0o1777)
    (shared / "data" / "bankers-ledger" / "seal.key").write_bytes(b"k" * 32)
    lie = {"summary": {"balances": {"cash:Ann:Ceres": "9999.00"}}, "sha256": "*"}
    for name in ("0" * 32, "f" * 32):
        (shared / "cache" / "bankers-ledger" / "balances" / f"{name}.json").write_text(
            json.dumps(lie)
        )
    env = {"XDG_DATA_HOME": str(shared / "data"), "XDG_CACHE_HOME": str(shared / "cache")}
    assert truth(game, env)["cash:Ann:Ceres"] == "25.00"
    run = game.sub("pay", "Ann", "Bob", "500", env=env)
    assert run.exit_code == 1 and "overdrawn" in run.stderr
    # and nothing of ledger's own was added there
    assert sorted(p.name for p in shared.rglob("*") if p.is_file()) == [
        *sorted(f"{n}.json" for n in ("0" * 32, "f" * 32)),
        "seal.key",
    ]


def test_27_two_zip_entries_of_one_name_are_refused(game: Ledger) -> None:
    data = game.path.read_bytes()
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        parts = [(info, z.read(info)) for info in z.infolist()]
    with zipfile.ZipFile(game.path, "w", zipfile.ZIP_DEFLATED) as z:
        for info, part in parts:
            z.writestr(info, part)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # zipfile warns of the duplicate name
            z.writestr(JOURNAL, dict((i.filename, p) for i, p in parts)[JOURNAL])
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
    at = bytes(data).find(JOURNAL.encode(), 0)
    while at >= 0:
        if bytes(data[at - 46 : at - 42]) == b"PK\x01\x02":
            data[at - 46 + 16 : at - 46 + 20] = struct.pack("<I", info.CRC ^ 1)
        at = bytes(data).find(JOURNAL.encode(), at + 1)
    game.path.write_bytes(bytes(data))
    for command in (("balance",), ("check",), ("pay", "Ann", "Bob", "1")):
        run = game(*command, expect=None)
        said = run.stdout + run.stderr
        assert "internal error" not in said, command
        assert run.exit_code == 1 and "damaged" in said, (command, said)
    assert game.path.read_bytes() == bytes(data)
