"""docs/adding-a-game.md builds Tip Jar, a toy game with one sheet and one command, in
tests/toy_game/. Here the doc's code blocks must be the toy's files, the doc's registry line
is the one change outside the folder (made for this test only), and the toy plays through the
real CLI: `new`, its own `tip`, an Events row, `balance`, `check`, `--help`, and another game's
command refused on its workbook. The doc's console output is compared with what ledger prints.
"""

from __future__ import annotations

import ast
import os
import re
import shlex
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest
from typer.testing import CliRunner

import ledger.rules
from ledger.cli import app
from ledger.cli.group import GAME_MAY_REPLACE, _games
from tests.conftest import add_rows, rows

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "adding-a-game.md"
FOLDER = "tests/toy_game/"
REGISTRY = "ledger/rules/__init__.py"

#: A fenced block: its info string (`python tests/toy_game/game.py`) and its text.
FENCE = re.compile(r"^```([^\n]*)\n(.*?)^```$", re.MULTILINE | re.DOTALL)


def blocks(language: str) -> list[tuple[str, str]]:
    """(what follows the language in the info string, text) of the doc's blocks in order."""
    out = []
    for info, text in FENCE.findall(DOC.read_text(encoding="utf-8")):
        lang, _, rest = info.partition(" ")
        if lang == language:
            out.append((rest.strip(), text))
    return out


def files_shown() -> dict[str, str]:
    """Each file the doc shows, its blocks joined as the file has them (two blank lines)."""
    files: dict[str, list[str]] = {}
    for path, text in blocks("python"):
        assert path, f"a python block of {DOC.name} names no file:\n{text}"
        files.setdefault(path, []).append(text)
    return {path: "\n\n".join(parts) for path, parts in files.items()}


def registry_line() -> tuple[str, str]:
    """The doc's one line of `GAMES`: key -> module."""
    text = files_shown()[REGISTRY]
    assert len(text.strip().splitlines()) == 1, f"the registry change is one line, not:\n{text}"
    entry = ast.literal_eval("{" + text + "}")
    ((key, value),) = entry.items()
    return key, value


def test_the_doc_shows_every_file_of_the_toy_game_as_it_is() -> None:
    shown = files_shown()
    outside = sorted(p for p in shown if not p.startswith(FOLDER) and p != REGISTRY)
    assert not outside, f"the walk-through edits files outside the game's folder: {outside}"
    on_disk = sorted(str(p.relative_to(ROOT)) for p in (ROOT / FOLDER).glob("*.py"))
    assert sorted(p for p in shown if p.startswith(FOLDER)) == on_disk
    for path in on_disk:
        assert shown[path] == (ROOT / path).read_text(encoding="utf-8"), (
            f"{DOC.name} and {path} differ: change both the same way"
        )


def test_the_registry_line_names_the_toy_and_is_not_in_the_real_registry() -> None:
    key, module = registry_line()
    assert (key, module) == ("toy", "tests.toy_game.game")
    assert key not in ledger.rules.GAMES  # the toy never ships


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The registry with the doc's line in it, for this test only. The CLI keeps the built
    games' commands in a cache: cleared before, and after the line is taken out again."""
    key, entry = registry_line()
    _games.cache_clear()
    with monkeypatch.context() as m:
        m.setitem(ledger.rules.GAMES, key, entry)
        yield
    _games.cache_clear()


def ledger_in(folder: Path, line: str) -> tuple[int, str]:
    """Run `ledger ...` in-process on folder/ledger.xlsx: exit code and what it printed
    (stdout and stderr as they came), the folder's path taken out as the doc leaves it out."""
    words = shlex.split(line)
    assert words[0] == "ledger", line
    result = CliRunner().invoke(
        app,
        words[1:],
        env={"LEDGER_WORKBOOK": str(folder / "ledger.xlsx")},
        catch_exceptions=False,
    )
    return result.exit_code, result.output.replace(f"{folder}{os.sep}", "")


def console(index: int) -> list[tuple[str, str]]:
    """The doc's console block `index`: each `$ ledger ...` line and the output shown under it."""
    text = blocks("console")[index][1]
    out: list[tuple[str, str]] = []
    for line in text.splitlines(keepends=True):
        if line.startswith("$ "):
            out.append((line[2:].strip(), ""))
        else:
            assert out, f"output before any command in the doc's console block {index}"
            out[-1] = (out[-1][0], out[-1][1] + line)
    return out


def play(folder: Path, index: int) -> list[int]:
    codes = []
    for line, shown in console(index):
        code, printed = ledger_in(folder, line)
        assert printed == shown, (
            f"`{line}` printed (exit {code}):\n{printed}\nthe doc shows:\n{shown}"
        )
        codes.append(code)
    return codes


def test_the_toy_game_plays_through_the_real_cli(toy: None, tmp_path: Path) -> None:
    workbook = tmp_path / "ledger.xlsx"
    # new, tip, a refused tip, check: as the doc shows them
    assert play(tmp_path, 0) == [0, 0, 1, 0]
    assert rows(workbook, "Jars") == [{"id": "J1", "owner": "the house", "amount": 2.5}]
    settings = {r["key"]: r for r in rows(workbook, "Settings")}
    assert (settings["max_tip"]["value"], settings["max_tip"]["rule"]) == (5, "Rule 2")

    # an Events row of type tip, posted by the next command; then the balances
    add_rows(workbook, "Events", [["E1", None, "tip", "Bob", None, 1.25, "--jar J1"]])
    assert play(tmp_path, 1) == [0, 0]
    (event,) = rows(workbook, "Events")
    assert (event["posted"], event["note"]) == ("txn 4", "Bob tips into J1")
    assert rows(workbook, "Jars")[0]["amount"] == 3.75

    # the game's checks and its sheet's cells come through ledger check (the checks run on a
    # workbook whose cells could all be read)
    add_rows(workbook, "Jars", [["J1", "Bob"]])
    code, printed = ledger_in(tmp_path, "ledger check")
    assert (code, printed.splitlines()[0]) == (1, "Jars!A3: duplicate-jar two jars are called J1")
    add_rows(workbook, "Jars", [["J2", None, 1]])
    code, printed = ledger_in(tmp_path, "ledger check")
    assert (code, printed.splitlines()[0]) == (
        1,
        "Jars!B4: missing-value this Jars row has no owner",
    )

    # ledger --help lists the toy's command under its title
    code, printed = ledger_in(tmp_path, "ledger --help")
    assert code == 0
    section = printed.partition("Commands of Tip Jar:\n")[2].split("\n\n")[0]
    assert [line.split()[0] for line in section.splitlines()] == ["tip"]

    # a command of another game is refused on the toy's workbook
    others = {
        key: (title, group) for key, (title, group) in _games().items() if key != "toy" and group
    }
    assert others, "no other game's commands could be loaded to refuse"
    title, group = others[min(others)]
    name = min(n for n in group.commands if n not in GAME_MAY_REPLACE)  # not ledger's own
    code, printed = ledger_in(tmp_path, f"ledger {name} Ann")
    assert code == 2
    assert f"`{name}` is a command of " in printed and title in printed
    assert "this workbook plays Tip Jar" in printed


def test_a_tip_is_money_to_the_bank_and_the_books_balance(toy: None, tmp_path: Path) -> None:
    """The journal the toy's command wrote: one tip transaction, from Ann to the bank, rule 2."""
    ledger_in(tmp_path, "ledger new --game toy --player Ann --player Bob")
    ledger_in(tmp_path, "ledger tip Ann 2.50")  # --jar defaults to J1
    journal = rows(tmp_path / "ledger.xlsx", "Journal")
    tip = [r for r in journal if r["kind"] == "tip"]
    assert [(r["account"], Decimal(str(r["amount"])), r["rule"]) for r in tip] == [
        ("cash:Ann", Decimal("-2.50"), "Rule 2"),
        ("bank", Decimal("2.50"), "Rule 2"),
    ]
    assert sum(Decimal(str(r["amount"])) for r in journal) == 0


def test_38_a_game_copied_in_under_another_key_is_that_keys_game(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Issue 38: the key is declared once, in the registry. The toy registered as `tipjar`
    (its class names no key) makes a workbook that ledger then reads as the tipjar game."""
    _, module = registry_line()
    _games.cache_clear()
    with monkeypatch.context() as m:
        m.setitem(ledger.rules.GAMES, "tipjar", module)
        code, printed = ledger_in(tmp_path, "ledger new --game tipjar --player Ann")
        assert code == 0, printed
        setting = rows(tmp_path / "ledger.xlsx", "Settings")[0]
        assert (setting["key"], setting["value"]) == ("game", "tipjar")
        for line in ("ledger check", "ledger balance", "ledger tip Ann 1 --jar J1"):
            code, printed = ledger_in(tmp_path, line)
            assert code == 0, f"{line}: {printed}"
    _games.cache_clear()
