"""Fixtures: the real CLI (in-process with Typer's runner, or as a subprocess) on real .xlsx
files on disk, and small helpers to edit a workbook's cells the way a banker would in Excel."""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import io
import json
import os
import pickle
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import hypothesis
import pytest
from typer.testing import CliRunner

from ledger.cli import app

ROOT = Path(__file__).resolve().parents[1]

# Hypothesis's deadline (200 ms an example) fails a property test on a machine busy with other
# work, which says nothing of the property: no test here is about time that way (the time a
# command may take is `make bench`'s).
hypothesis.settings.register_profile("ledger", deadline=None)
hypothesis.settings.load_profile("ledger")


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
        run = invoke(["--help"] if not args else list(args), {"LEDGER_WORKBOOK": str(self.path)})
        if expect is not None:
            assert run.exit_code == expect, (
                f"ledger {' '.join(args)} exited {run.exit_code}\nstdout:\n{run.stdout}\nstderr:\n{run.stderr}"
            )
        return run

    def proc(
        self, *args: str, env: dict[str, str] | None = None, **kw: Any
    ) -> subprocess.Popen[str]:
        """The real console program in its own process (with the faults a crash test asks
        for by `LEDGER_TEST_*` in `env`: tests/faults.py)."""
        full_env = {**os.environ, "LEDGER_WORKBOOK": str(self.path), **(env or {})}
        module = "ledger"
        if any(k.startswith("LEDGER_TEST_") for k in env or {}):
            module = "tests.faults"
            full_env["PYTHONPATH"] = os.pathsep.join(
                p for p in (str(ROOT), full_env.get("PYTHONPATH", "")) if p
            )
        return subprocess.Popen(
            [sys.executable, "-m", module, *args],
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
        self.fresh(*args)

    def fresh(self, *new_args: str) -> None:
        """What `ledger new ARGS` writes, here: the files it wrote the first time this process
        ran it with these arguments (it is deterministic: same arguments, same books, but for
        the random `game_id`, which the copies share), so a test's fresh game costs a copy
        instead of a `new`. A test that needs another game's identity runs `new` itself."""
        key = tuple(new_args)
        if self.path.exists():  # `new` refuses to overwrite a workbook: let it say so
            self(*new_args)
            return
        if key not in _NEW:
            with tempfile.TemporaryDirectory(prefix="ledger-new-") as folder:
                made = Ledger(Path(folder))
                made(*new_args)
                _NEW[key] = {f.name: f.read_bytes() for f in Path(folder).iterdir() if f.is_file()}
        for name, data in _NEW[key].items():
            (self.folder / name).write_bytes(data)

    def prepare(self, *commands: tuple[str, ...]) -> None:
        """Run `commands` (each must succeed) on the game as it is: for real the first time
        this process meets this folder's state and these commands, after that as the files
        that run left (the commands are deterministic: same files, same commands, same
        result), so a fixture's set-up costs a copy. The test's own commands always run."""
        key = (_tree(self.folder), commands)
        if key not in _PREPARED:
            for command in commands:
                self(*command)
            _PREPARED[key] = _tree(self.folder)
            return
        for f in sorted(self.folder.rglob("*"), reverse=True):  # a folder after its files
            if f.is_dir() and not f.is_symlink():
                f.rmdir()
            else:
                f.unlink()
        for name, data in _PREPARED[key]:
            (self.folder / name).parent.mkdir(parents=True, exist_ok=True)
            (self.folder / name).write_bytes(data)


def _tree(folder: Path) -> tuple[tuple[str, bytes], ...]:
    """Every file under `folder` (relative name, bytes), in a stable order."""
    files = sorted(f for f in folder.rglob("*") if f.is_file())
    return tuple((str(f.relative_to(folder)), f.read_bytes()) for f in files)


#: the files `ledger new ARGS` wrote, by ARGS (see Ledger.fresh)
_NEW: dict[tuple[str, ...], dict[str, bytes]] = {}
#: the files a set-up left, by the files before it and its commands (see Ledger.prepare)
_PREPARED: dict[tuple[tuple[tuple[str, bytes], ...], tuple[tuple[str, ...], ...]], Any] = {}


@functools.cache
def _command() -> Any:
    """`ledger` as Typer builds it from `app`: once a process, as the console program builds
    it once a run (Typer's `CliRunner.invoke` builds it anew on every call, a fifth of a short
    command's time). Which game's command runs is still decided by each run's workbook."""
    import typer

    return typer.main.get_command(app)


def invoke(args: list[str], env: dict[str, str]) -> Run:
    """`ledger ARGS` in this process, as typer.testing.CliRunner.invoke runs it (its streams,
    environment and exit code), with the command built once; an exception propagates."""
    runner = CliRunner()
    command = _command()
    with runner.isolation(env=env) as streams:
        code: Any = 0
        try:
            command.main(args=args, prog_name=runner.get_default_prog_name(command))
        except SystemExit as exc:
            code = 0 if exc.code is None else exc.code
            if not isinstance(code, int):
                sys.stdout.write(f"{code}\n")
                code = 1
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            out, err = streams[0].getvalue(), streams[1].getvalue()
    return Run(code, _text(out, runner.charset), _text(err, runner.charset))


def _text(data: bytes, charset: str) -> str:
    return data.decode(charset, "replace").replace("\r\n", "\n")


@pytest.fixture
def ledger(tmp_path: Path) -> Ledger:
    return Ledger(tmp_path)


@pytest.fixture
def game(ledger: Ledger) -> Ledger:
    """A fresh Triplanetary game: Ann and Bob with 25 KC at Ceres, Sam the Patrol with 500 KC."""
    ledger.new()
    return ledger


def openpyxl_workbook(path: Path) -> Any:
    """`openpyxl.load_workbook(path)`, to change and save: the workbook a test edits is most
    often one this process has edited before (a fresh game, a fixture's prepared one), and
    openpyxl takes five times longer to read those bytes than to unpickle what it read from
    them the last time (each call gets its own copy)."""
    import openpyxl

    data = path.read_bytes()
    key = hashlib.sha256(data).digest()
    kept = _OPENPYXL.get(key)
    if isinstance(kept, bytes):
        return pickle.loads(kept)
    wb = openpyxl.load_workbook(io.BytesIO(data))
    # the first time bytes are seen they are only marked: most are never seen again
    _OPENPYXL[key] = pickle.dumps(wb) if key in _OPENPYXL else None
    while len(_OPENPYXL) > 64:
        del _OPENPYXL[next(iter(_OPENPYXL))]
    return wb


#: sha-256 of a workbook's bytes -> openpyxl's workbook of them, pickled (None: seen once)
_OPENPYXL: dict[bytes, bytes | None] = {}


def edit_cells(path: Path, cells: dict[str, Any]) -> None:
    """Change cells as a banker would in Excel: `{"Journal!E3": 12.345, "Events!C2": "pay"}`.

    Uses openpyxl, a different writer than ledger's, so the test also proves ledger reads
    what another program saved. A value of None empties the cell; a str that starts with
    `=` is stored as text.
    """
    wb = openpyxl_workbook(path)
    for ref, value in cells.items():
        sheet, cell = ref.split("!")
        c = wb[sheet][cell]
        c.value = value
        if isinstance(value, str) and value.startswith("="):
            c.data_type = "s"
    wb.save(path)


def rewrite_parts(path: Path, change: Callable[[str, bytes], bytes]) -> None:
    """Every part of the workbook through `change(name, xml)`, as a program that writes its
    own XML would leave it."""
    import zipfile

    with zipfile.ZipFile(path) as z:
        parts = [(i, z.read(i)) for i in z.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for info, data in parts:
            z.writestr(info, change(info.filename, data))


def add_rows(path: Path, sheet: str, rows: list[list[Any]]) -> None:
    """Append rows below the last used row of a sheet (typing new lines in Excel)."""
    wb = openpyxl_workbook(path)
    ws = wb[sheet]
    for row in rows:
        ws.append(row)
    wb.save(path)


def read_sheet(path: Path, sheet: str) -> list[list[Any]]:
    """A sheet's values as another program reads them (python-calamine, not ledger's own
    reader), in openpyxl's terms: a whole number as an int, an empty cell as None, a date
    as a datetime. The same bytes read the same: a workbook read again unchanged
    (`ship(...)["supplies"], ship(...)["status"]`) is not parsed again."""
    from python_calamine import CalamineWorkbook

    data = path.read_bytes()
    key = hashlib.sha256(data).digest()
    if key not in _READ:
        _READ[key] = (CalamineWorkbook.from_filelike(io.BytesIO(data)), {})
        while len(_READ) > 8:
            del _READ[next(iter(_READ))]
    book, sheets = _READ[key]
    if sheet not in sheets:
        found = book.get_sheet_by_name(sheet).to_python(skip_empty_area=False)
        sheets[sheet] = [tuple(_as_openpyxl(v) for v in row) for row in found]
    return [list(r) for r in sheets[sheet]]


def _as_openpyxl(value: Any) -> Any:
    if value == "":
        return None
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dt.date) and not isinstance(value, dt.datetime):
        return dt.datetime(value.year, value.month, value.day)
    return value


#: sha-256 of a workbook's bytes -> the workbook and the rows of its sheets read so far
_READ: dict[bytes, tuple[Any, dict[str, list[tuple[Any, ...]]]]] = {}


@pytest.fixture
def update_golden() -> Iterator[bool]:
    yield os.environ.get("LEDGER_UPDATE_GOLDEN") == "1"


def one(folder: Path, pattern: str) -> Path:
    """The one file in `folder` whose name matches `pattern` (`Ann-day-0060-txn-*.html`: a
    statement's name carries its last transaction)."""
    found = sorted(folder.glob(pattern))
    assert len(found) == 1, f"{pattern} in {folder}: {[f.name for f in found]}"
    return found[0]


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


def ledger_frames(out: str) -> list[str]:
    """The lines of a traceback in `out` that are in ledger's own code (a Ctrl-C that met
    Python's own start-up, before ledger's first line ran, shows none)."""
    here = str(ROOT / "ledger")
    return [x for x in out.splitlines() if x.strip().startswith("File ") and here in x]


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


def sweep(cases: Any, quick: Any = None) -> list[Any]:
    """A sweep's cases for `parametrize`: `quick` (a case, or several in a list; else the
    first) runs in `make test`, the rest in `make slow` (issue 37: a sweep's sample in every
    run, the whole of it in CI). The test ids are the plain cases'."""
    cases = list(cases)
    keep = [cases[0]] if quick is None else quick if isinstance(quick, list) else [quick]
    return [
        case
        if case in keep
        else pytest.param(*(case if isinstance(case, tuple) else (case,)), marks=pytest.mark.slow)
        for case in cases
    ]
