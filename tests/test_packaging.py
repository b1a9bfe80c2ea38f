"""The package as a user gets it: a wheel built from this checkout, installed in a fresh virtual
environment outside it, runs `ledger` and writes statements (the templates travel inside the
package as ledger/templates). The wheel test builds and installs, so it is an interop test
(.ci/run); the check that every folder is found is quick and runs with the others."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest

from tests.conftest import one

ROOT = Path(__file__).resolve().parents[1]

#: What a copy of the checkout leaves out: the development environment and what builds leave.
NOT_SOURCE = shutil.ignore_patterns(
    ".git",
    ".venv",
    "build",
    "dist",
    "*.egg-info",
    "__pycache__",
    ".*_cache",
    ".hypothesis",
    "statements",
)


def test_29_every_folder_of_ledger_is_found_for_the_wheel() -> None:
    """setup.py finds the packages (a game added as a folder is in the wheel, nothing else
    changed); a folder of modules it would not find (no `__init__.py`) fails here, and the
    templates are mapped in from templates/."""
    from setuptools import find_packages

    found = set(find_packages(str(ROOT), include=["ledger", "ledger.*"]))
    folders = {
        ".".join(p.parent.relative_to(ROOT).parts)
        for p in (ROOT / "ledger").rglob("*.py")
        if "__pycache__" not in p.parts
    }
    assert folders - found == set(), "give these folders an __init__.py"
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "packages" not in config["tool"]["setuptools"]  # found, not listed
    assert config["tool"]["setuptools"]["package-dir"] == {"ledger.templates": "templates"}
    assert '"ledger.templates"' in (ROOT / "setup.py").read_text(encoding="utf-8")


def _run(args: list[str | Path], cwd: Path, env: dict[str, str]) -> str:
    done = subprocess.run(
        [str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, (
        f"{' '.join(map(str, args))} exited {done.returncode}\n"
        f"stdout:\n{done.stdout[-3000:]}\nstderr:\n{done.stderr[-3000:]}"
    )
    return done.stdout


@pytest.mark.interop
def test_26_wheel_installs_and_writes_statements(tmp_path: Path) -> None:
    started = time.monotonic()
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "LEDGER_WORKBOOK")
    }
    env["XDG_CACHE_HOME"] = str(tmp_path / "cache")  # the compiled templates of this install
    # a copy of the checkout, so that the build neither writes into it nor picks up an old build/
    source = tmp_path / "source"
    shutil.copytree(ROOT, source, ignore=NOT_SOURCE)
    dist = tmp_path / "dist"
    _run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", dist, source], tmp_path, env
    )
    (wheel,) = dist.glob("bankers_ledger-*.whl")
    built = time.monotonic()

    # a fresh environment (no system site-packages), its dependencies from the package index
    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", venv], tmp_path, env)
    python, ledger = venv / "bin" / "python", venv / "bin" / "ledger"
    _run([sys.executable, "-m", "pip", "--python", python, "install", "-q", wheel], tmp_path, env)
    installed = time.monotonic()

    work = tmp_path / "work"
    work.mkdir()
    where = _run(
        [
            python,
            "-c",
            "import ledger, ledger.io.render as r; print(ledger.__file__); print(r.templates_folder())",
        ],
        work,
        env,
    ).split()
    module, templates = Path(where[0]), Path(where[1])
    assert module.is_relative_to(venv) and not module.is_relative_to(ROOT), module
    assert templates == module.parent / "templates", templates
    assert sorted(p.name for p in templates.iterdir()) == sorted(
        p.name for p in (ROOT / "templates").iterdir()
    )

    book = work / "X" / "ledger.xlsx"
    players = ["--player", "Ann", "--player", "Bob", "--patrol", "Sam"]
    _run([ledger, "new", "--game", "triplanetary", *players, "-w", book], work, env)
    _run([ledger, "statement", "--all", "-w", book, "--format", "pdf"], work, env)
    _run([ledger, "statement", "--all", "-w", book, "--format", "html"], work, env)
    for name in ("Ann", "Bob", "Sam"):
        pdf = one(book.parent / "statements", f"{name}-day-0000*.pdf")
        html = pdf.with_suffix(".html")
        assert pdf.read_bytes()[:5] == b"%PDF-" and pdf.stat().st_size > 5_000, pdf
        assert html.stat().st_size > 1_000 and name in html.read_text(encoding="utf-8"), html
    print(
        f"wheel built in {built - started:.1f} s, installed in {installed - built:.1f} s,"
        f" statements written in {time.monotonic() - installed:.1f} s"
    )
