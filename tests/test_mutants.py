"""The quick suite guards the money (issue 37): a copy of the package with one rule's amount
changed on purpose fails the rule tests `make test` runs for its game. Each copy is imported
in place of the package (PYTHONPATH), the rest of the repository as it is."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: game -> (file under ledger/, the text as it is, the text broken on purpose)
MUTANTS = {
    "triplanetary": (  # §38: a transport costs 11 KC instead of 10
        "rules/triplanetary/price_list.csv",
        "§38,transport,Transport,10,",
        "§38,transport,Transport,11,",
    ),
    "egon": (  # 5.4: a lottery ticket costs 151 Kj instead of 150
        "rules/egon/numbers.csv",
        "lottery_ticket,150,money,5.4,",
        "lottery_ticket,151,money,5.4,",
    ),
    "planetopoly": (  # §3: passing start pays 1001 MU instead of 1000
        "rules/planetopoly/settings.csv",
        "pass_start,1000,money,§3,",
        "pass_start,1001,money,§3,",
    ),
    "matador21": (  # the board: field 3, Mountain, costs 2001 instead of 2000
        "rules/matador21/board.csv",
        "ruling,3,Mountain,Territory,2000.00,",
        "ruling,3,Mountain,Territory,2001.00,",
    ),
}


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(MUTANTS))
def test_37_a_rule_amount_broken_on_purpose_fails_the_quick_suite(
    game: str, tmp_path: Path
) -> None:
    where, was, broken = MUTANTS[game]
    copy = tmp_path / "ledger"
    shutil.copytree(ROOT / "ledger", copy, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "templates", copy / "templates")  # as a wheel ships them
    target = copy / where
    text = target.read_text(encoding="utf-8")
    assert text.count(was) == 1, f"{where} no longer holds {was!r}: update the mutant"
    target.write_text(text.replace(was, broken), encoding="utf-8")
    run = subprocess.run(
        [
            sys.executable,
            "-P",  # not the working folder first: the copy, then the repository's tests
            "-m",
            "pytest",
            "-q",
            "-x",
            "-p",
            "no:cacheprovider",
            "-m",
            "not slow and not interop",
            "-k",
            "not Quick",  # the machines: a failing one shrinks its game for minutes
            f"tests/rules/{game}",
            "tests/test_memory.py",
        ],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=900,
    )
    out = run.stdout + run.stderr
    assert run.returncode == 1, out[-3000:]
    # a test's assertion caught it, not a copy that does not import or render
    assert re.search(r"^E\s+(assert|AssertionError)", out, re.M), out[-3000:]
    assert "ModuleNotFoundError" not in out and "TemplateNotFound" not in out, out[-3000:]
