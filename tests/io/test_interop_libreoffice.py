"""Interop with the real LibreOffice (Debian's libreoffice-calc, installed by .ci/run).

A workbook re-saved by LibreOffice still checks clean, keeps its balances, and ledger can go
on writing to it. soffice exits 0 even when it fails, so the output file itself is checked.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.conftest import Ledger, program, read_sheet

pytestmark = pytest.mark.interop


def resave_with_libreoffice(src: Path, out_dir: Path) -> Path:
    out_dir.mkdir(parents=True, exist_ok=True)
    profile = out_dir / "profile"
    run = subprocess.run(
        [
            program("soffice", "libreoffice"),
            f"-env:UserInstallation=file://{profile}",
            "--headless",
            "--norestore",
            "--convert-to",
            "xlsx:Calc MS Excel 2007 XML",
            "--outdir",
            str(out_dir),
            str(src),
        ],
        capture_output=True,
        text=True,
        timeout=180,
    )
    out = out_dir / src.name
    assert out.exists() and out.stat().st_size > 0, (
        f"soffice wrote nothing:\n{run.stdout}\n{run.stderr}"
    )
    assert out.read_bytes()[:2] == b"PK"
    return out


def test_a_workbook_resaved_by_libreoffice_checks_clean_and_keeps_its_balances(
    game: Ledger, tmp_path: Path
) -> None:
    game("pay", "Ann", "Bob", "12.34", "--memo", "=not a formula")
    game("pay", "Sam", "earth", "0.01")
    before = game("balance", "--json").json()
    resaved = resave_with_libreoffice(game.path, tmp_path / "lo")
    assert resaved.read_bytes() != game.path.read_bytes()
    shutil.copy(resaved, game.path)
    run = game("check")
    assert run.stdout == "", run.stdout
    assert game("balance", "--json").json() == before
    journal = game("journal", "--json").json()
    assert journal[3]["memo"] == "=not a formula"
    game("pay", "Bob", "Ann", "0.34")  # and ledger writes on over LibreOffice's file
    assert game("balance", "--json").json()["players"]["Ann"] == "13.00"
    assert [r[0] for r in read_sheet(game.path, "Players")[1:]] == ["Ann", "Bob", "Sam"]


@pytest.mark.parametrize("constant_memory", [False, True], ids=["in memory", "row by row"])
def test_a_long_journal_opens_in_libreoffice_and_comes_back_the_same(
    ledger: Ledger, tmp_path: Path, constant_memory: bool
) -> None:
    """Either way XlsxWriter writes it: its parts in memory, or (a long Journal) in its
    `constant_memory` mode, texts in their cells."""
    from tests.io.test_one_path import long_game

    long_game(ledger.path, constant_memory=constant_memory)
    before = ledger("balance", "--json").json()
    resaved = resave_with_libreoffice(ledger.path, tmp_path / "lo")
    shutil.copy(resaved, ledger.path)
    assert ledger("check").stdout == ""
    assert ledger("balance", "--json").json() == before


def test_the_dropdowns_survive_a_libreoffice_resave(game: Ledger, tmp_path: Path) -> None:
    import openpyxl

    from tests.test_validations import validations

    game("buy", "Ann", "transport", "--name", "Nomad")
    game("hire", "Ann", "--ship", "Nomad")
    before = validations(game.path)
    assert before[("Crews", "post")]["values"] == ["S1"]
    resaved = resave_with_libreoffice(game.path, tmp_path / "lo")
    assert validations(resaved) == before  # the lists, the sheets they refer to, stop or warn
    assert openpyxl.load_workbook(resaved)["Dropdowns"].sheet_state == "hidden"
    shutil.copy(resaved, game.path)
    assert game("check").stdout == ""
    game("pay", "Ann", "Bob", "1")  # and ledger writes its own lists over LibreOffice's
    assert validations(game.path) == before
