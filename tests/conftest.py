"""Fixtures: the real CLI (in-process with Typer's runner, or as a subprocess) on real .xlsx
files on disk, and small helpers to edit a workbook's cells the way a banker would in Excel."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from ledger.cli import app

ROOT = Path(__file__).resolve().parents[1]


@dataclass
class Run:
    exit_code: int
    stdout: str
    stderr: str

    def json(self) -> Any:
        return json.loads(self.stdout)


class Ledger:
    """Runs `ledger` commands on one workbook in a temporary folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.path = folder / "ledger.xlsx"

    def __call__(self, *args: str, expect: int | None = 0) -> Run:
        runner = CliRunner()
        result = runner.invoke(
            app,
            ["--help"] if not args else list(args),
            env={"LEDGER_WORKBOOK": str(self.path)},
            catch_exceptions=False,
        )
        run = Run(result.exit_code, result.stdout, result.stderr)
        if expect is not None:
            assert run.exit_code == expect, (
                f"ledger {' '.join(args)} exited {run.exit_code}\nstdout:\n{run.stdout}\nstderr:\n{run.stderr}"
            )
        return run

    def proc(
        self, *args: str, env: dict[str, str] | None = None, **kw: Any
    ) -> subprocess.Popen[str]:
        """The real console program in its own process."""
        full_env = {**os.environ, "LEDGER_WORKBOOK": str(self.path), **(env or {})}
        return subprocess.Popen(
            [sys.executable, "-m", "ledger", *args],
            cwd=self.folder,
            env=full_env,
            text=True,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            **kw,
        )

    def sub(self, *args: str, env: dict[str, str] | None = None, timeout: float = 120) -> Run:
        p = self.proc(*args, env=env)
        out, err = p.communicate(timeout=timeout)
        return Run(p.returncode, out, err)

    def balances(self) -> dict[str, str]:
        data = self("balance", "--json").json()
        return {**data["accounts"], **{f"player:{k}": v for k, v in data["players"].items()}}

    def new(self, *players: str, patrol: str | None = "Sam", seed: int = 7) -> None:
        args = ["new", "--game", "triplanetary", "--seed", str(seed)]
        for p in players or ("Ann", "Bob"):
            args += ["--player", p]
        if patrol:
            args += ["--patrol", patrol]
        self(*args)


@pytest.fixture
def ledger(tmp_path: Path) -> Ledger:
    return Ledger(tmp_path)


@pytest.fixture
def game(ledger: Ledger) -> Ledger:
    """A fresh Triplanetary game: Ann and Bob with 25 KC at Ceres, Sam the Patrol with 500 KC."""
    ledger.new()
    return ledger


def edit_cells(path: Path, cells: dict[str, Any]) -> None:
    """Change cells as a banker would in Excel: `{"Journal!E3": 12.345, "Events!C2": "pay"}`.

    Uses openpyxl, a different writer than ledger's, so the test also proves ledger reads
    what another program saved. A value of None empties the cell; a str that starts with
    `=` is stored as text.
    """
    import openpyxl

    wb = openpyxl.load_workbook(path)
    for ref, value in cells.items():
        sheet, cell = ref.split("!")
        c = wb[sheet][cell]
        c.value = value
        if isinstance(value, str) and value.startswith("="):
            c.data_type = "s"
    wb.save(path)


def add_rows(path: Path, sheet: str, rows: list[list[Any]]) -> None:
    """Append rows below the last used row of a sheet (typing new lines in Excel)."""
    import openpyxl

    wb = openpyxl.load_workbook(path)
    ws = wb[sheet]
    for row in rows:
        ws.append(row)
    wb.save(path)


def read_sheet(path: Path, sheet: str) -> list[list[Any]]:
    import openpyxl

    wb = openpyxl.load_workbook(path, read_only=True)
    return [list(r) for r in wb[sheet].iter_rows(values_only=True)]


@pytest.fixture
def update_golden() -> Iterator[bool]:
    yield os.environ.get("LEDGER_UPDATE_GOLDEN") == "1"


def rows(path: Path, sheet: str) -> list[dict[str, Any]]:
    """A sheet as a list of dicts by header, the way a banker reads it."""
    data = read_sheet(path, sheet)
    if not data:
        return []
    header = [str(h) for h in data[0]]
    return [dict(zip(header, r, strict=False)) for r in data[1:] if any(v is not None for v in r)]


def set_setting(path: Path, key: str, value: Any) -> None:
    data = read_sheet(path, "Settings")
    row = next(i for i, r in enumerate(data, start=1) if r[0] == key)
    edit_cells(path, {f"Settings!B{row}": value})


def program(*names: str) -> str:
    """The outside program an interop test needs (the first of `names` installed). Missing on
    a developer's machine: the test is skipped; in CI (LEDGER_REQUIRE_INTEROP, set by .ci/run
    after installing them) it fails."""
    for name in names:
        exe = shutil.which(name)
        if exe:
            return exe
    if os.environ.get("LEDGER_REQUIRE_INTEROP"):
        pytest.fail(f"{names[0]} is not installed, and CI requires the interop tests to run")
    pytest.skip(f"{names[0]} is not installed; .ci/run installs it")


@pytest.fixture
def workbook(tmp_path: Path) -> Any:
    """`workbook('''Ships | id | name ...''')`: a real workbook from pipe tables (tests/pipe_tables.py)."""
    from tests.pipe_tables import workbook as make

    def build(text: str, **kw: Any) -> Ledger:
        return make(tmp_path, text, **kw)

    return build
