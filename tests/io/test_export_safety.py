"""`ledger export --out` never replaces the workbook (by its own name or another path), never
writes to a workbook's name, and replaces another file only with --force."""

from __future__ import annotations

import hashlib
import os

from tests.conftest import Ledger


def digest(game: Ledger) -> str:
    return hashlib.sha256(game.path.read_bytes()).hexdigest()


def test_export_refuses_to_write_over_the_workbook(game: Ledger) -> None:
    game("pay", "Ann", "Bob", "1")
    before = digest(game)
    run = game("export", "-f", "csv", "-o", str(game.path), "--force", expect=1)
    assert "export-over-workbook" in run.stderr and "wrote" not in run.stdout + run.stderr
    other = game.folder / "sub"
    other.mkdir()
    via = other / ".." / game.path.name
    assert "export-over-workbook" in game("export", "-f", "csv", "-o", str(via), expect=1).stderr
    os.link(game.path, game.folder / "hard.csv")
    run = game("export", "-f", "csv", "-o", str(game.folder / "hard.csv"), "--force", expect=1)
    assert "export-over-workbook" in run.stderr
    assert digest(game) == before
    assert game("balance", "--json").json()["players"]["Ann"] == "24.00"


def test_export_refuses_a_workbook_name_and_an_existing_file(game: Ledger) -> None:
    run = game("export", "-f", "csv", "-o", str(game.folder / "other.XLSX"), expect=1)
    assert "export-to-workbook-name" in run.stderr
    assert not (game.folder / "other.XLSX").exists()
    out = game.folder / "game.csv"
    out.write_text("mine\n")
    assert "out-exists" in game("export", "-f", "csv", "-o", str(out), expect=1).stderr
    assert out.read_text() == "mine\n"
    game("export", "-f", "csv", "-o", str(out), "--force")
    assert out.read_text() != "mine\n"
    assert [f.name for f in game.folder.iterdir() if ".tmp-" in f.name] == []
