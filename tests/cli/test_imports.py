"""Issue 27: a command imports what it needs and nothing more. Each command runs in its own
process here (`python -X importtime`, every module it imported listed), on a game's workbook:
`balance` imports neither a writer nor a template engine; a game's command imports its game and
no other; no command but `serve` imports the web."""

from __future__ import annotations

import os
import re
import subprocess
import sys

from tests.conftest import Ledger

GAMES = ("triplanetary", "egon", "planetopoly", "matador21")


def imported(game: Ledger, *args: str) -> set[str]:
    env = {**os.environ, "LEDGER_WORKBOOK": str(game.path)}
    p = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "ledger", *args],
        cwd=game.folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert p.returncode == 0, p.stderr[-2000:]
    return set(re.findall(r"^import time:\s+\d+ \|\s+\d+ \|\s+(\S+)$", p.stderr, re.M))


def roots(modules: set[str]) -> set[str]:
    return {m.split(".")[0] for m in modules}


def test_35_balance_reads_and_imports_what_it_shows_and_nothing_more(game: Ledger) -> None:
    game("pay", "Ann", "Bob", "1")
    modules = imported(game, "balance")
    assert not {"jinja2", "openpyxl", "xlsxwriter", "starlette", "weasyprint"} & roots(modules)
    assert not {m for m in modules if m.startswith("ledger.web")}
    assert "ledger.app.after" not in modules
    games = {
        m.split(".")[2] for m in modules if m.startswith("ledger.rules.") and m.count(".") >= 2
    }
    assert games == {"triplanetary"}, games


def test_27_a_games_command_imports_its_game_alone_and_never_the_web(game: Ledger) -> None:
    modules = imported(game, "fine", "Ann", "5", "--reason", "speeding")
    games = {
        m.split(".")[2] for m in modules if m.startswith("ledger.rules.") and m.count(".") >= 2
    }
    assert games == {"triplanetary"}, games
    assert not {m for m in modules if m.startswith("ledger.web")}
    assert not {"starlette", "uvicorn", "weasyprint"} & roots(modules)
    assert "prompt_toolkit" not in roots(modules)  # the shell's alone (issue 39)
    modules = imported(game, "check")
    assert {
        m.split(".")[2] for m in modules if m.startswith("ledger.rules.") and m.count(".") >= 2
    } == {"triplanetary"}


def test_a_command_that_writes_no_statement_imports_no_statement_code(ledger: Ledger) -> None:
    """A statement's code is read by the commands that write statements only (Egon's game
    imported it for every command, a few ms each)."""
    ledger.fresh("new", "--game", "egon", "--player", "ABC", "--player", "BOB", "--player", "CAT")
    modules = imported(ledger, "balance")
    assert "ledger.rules.egon.view" in modules  # the game is read: what it shows is there
    assert not {m for m in modules if m.endswith((".statement", ".statement_parts"))}
