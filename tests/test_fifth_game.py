"""Issue 29: a game is one folder and one line. The package is copied to a temporary folder,
the toy game of docs/adding-a-game.md goes into it as `ledger/rules/tipjar/` with its one
registry line, and nothing else is touched: the copy's real CLI plays it (`new`, its own
command, `check`, `balance`, `statement`, `--help`), its wheel would find the new package, its
import contracts hold, and its layout rules (modules under 500 lines) too."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

#: A copy of the package built and run: `make slow` (the toy game of tests/test_adding_a_game.py
#: keeps one game from one folder and one line in `make test`).
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
LINE = '    "tipjar": "ledger.rules.tipjar.game",\n'


@pytest.fixture(scope="module")
def copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("fifth")
    skip = shutil.ignore_patterns("__pycache__")
    shutil.copytree(ROOT / "ledger", root / "ledger", ignore=skip)
    shutil.copytree(ROOT / "templates", root / "templates", ignore=skip)
    for name in ("pyproject.toml", "setup.py"):
        shutil.copy(ROOT / name, root / name)
    # the one folder ...
    game = root / "ledger" / "rules" / "tipjar"
    game.mkdir()
    (game / "__init__.py").write_text('"""Tip Jar, the toy game of docs/adding-a-game.md."""\n')
    shutil.copy(ROOT / "tests" / "toy_game" / "game.py", game / "game.py")
    # ... and the one line
    registry = root / "ledger" / "rules" / "__init__.py"
    text = registry.read_text(encoding="utf-8")
    head, brace, tail = text.partition("\n}\n")
    registry.write_text(head + "\n" + LINE.rstrip("\n") + brace + tail, encoding="utf-8")
    return root


def ledger(copy: Path, *args: str, expect: int = 0) -> str:
    play = copy / "play"
    play.mkdir(exist_ok=True)
    env = {
        **os.environ,
        "PYTHONPATH": str(copy),
        "XDG_CACHE_HOME": str(copy / "cache"),
        "XDG_DATA_HOME": str(copy / "data"),
        "LEDGER_WORKBOOK": str(play / "ledger.xlsx"),
    }
    p = subprocess.run(
        [sys.executable, "-m", "ledger", *args],
        cwd=play,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert p.returncode == expect, f"ledger {' '.join(args)}: {p.stdout}{p.stderr}"
    return p.stdout + p.stderr


def test_29_the_copy_runs_its_own_code(copy: Path) -> None:
    probe = "import ledger, ledger.rules; print(ledger.__file__, 'tipjar' in ledger.rules.GAMES)"
    p = subprocess.run(
        [sys.executable, "-c", probe],
        env={**os.environ, "PYTHONPATH": str(copy)},
        cwd=copy,
        capture_output=True,
        text=True,
    )
    assert p.stdout.split() == [str(copy / "ledger" / "__init__.py"), "True"]


def test_29_a_fifth_game_plays_from_one_folder_and_one_line(copy: Path) -> None:
    ledger(copy, "new", "--game", "tipjar", "--player", "Ann", "--player", "Bob")
    ledger(copy, "tip", "Ann", "2.50")
    ledger(copy, "check")
    shown = json.loads(ledger(copy, "balance", "--json").split("\n}\n")[0] + "\n}")
    assert sum(Decimal(v) for v in shown["accounts"].values()) == 0
    assert shown["players"]["Ann"] == str(Decimal(shown["players"]["Bob"]) - Decimal("2.50"))
    ledger(copy, "statement", "--all")
    assert len(list((copy / "play" / "statements").glob("*.html"))) == 2
    assert "Commands of Tip Jar:" in ledger(copy, "--help")
    assert "--jar" in ledger(copy, "tip", "--help")


def test_29_the_fifth_game_is_in_the_wheel_and_keeps_every_contract_and_layout_rule(
    copy: Path,
) -> None:
    from setuptools import find_packages

    assert "ledger.rules.tipjar" in find_packages(str(copy), include=["ledger", "ledger.*"])
    lint = Path(sys.executable).with_name("lint-imports")
    p = subprocess.run(
        [str(lint), "--no-cache"],
        cwd=copy,
        env={**os.environ, "PYTHONPATH": str(copy)},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert p.returncode == 0 and "0 broken" in p.stdout, p.stdout[-2000:]
    too_long = [f for f in (copy / "ledger").rglob("*.py") if len(f.read_text().splitlines()) > 500]
    assert too_long == []
