"""Issue 29: a game is one folder and one line. Every game's commands are declared by its folder
(`Game.commands`, `Game.handlers`) and made into commands by ledger/cli/games.py; no layer but
ledger/rules/ names a game in its code: no module named after one, no import of a game's
package, no name or key of one (prose, the help's examples and comments may mention them)."""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

from ledger.rules import GAMES, load_game

PACKAGE = Path(__file__).resolve().parents[2] / "ledger"
#: Capitalised words of the games' titles that are no game's own.
COMMON = {"Variant", "Monopoly"}


def _game_words() -> set[str]:
    """Each game's key and its title's own words."""
    words = set(GAMES)
    for title in (load_game(key).title for key in GAMES):
        words.update(w for w in re.findall(r"\b[A-Z][a-z]{3,}", title) if w not in COMMON)
    return {w.casefold() for w in words}


def _code_naming_a_game(path: Path, words: set[str]) -> list[str]:
    """Where the code of `path` names a game: a name (`_egon_change`), an import
    (`ledger.rules.egon`), a word of code in a string (`{"egon": ...}`), its own file name.
    Comments and prose (a string with a space: help, examples, messages) are not code."""
    named_after = set(path.stem.casefold().split("_")) & words
    found = [f"{path.name}: the module is named after a game"] if named_after else []
    source = path.read_text(encoding="utf-8")
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.NAME:
            parts = tok.string.casefold().split("_")
        elif tok.type == tokenize.STRING and not re.search(r"\s", tok.string):
            parts = re.findall(r"[a-z0-9]+", tok.string.casefold())
        else:
            continue
        named = sorted(set(parts) & words)
        if named:
            found.append(f"{path.relative_to(PACKAGE.parent)}:{tok.start[0]}: {tok.string}")
    return found


def test_29_egon_commands_are_declared_by_its_folder() -> None:
    egon = load_game("egon")
    assert list(egon.commands()) == ["order", "draw", "purchase", "build"]
    assert set(egon.commands()) == set(egon.handlers())
    words = _game_words()
    assert {"egon", "spiel", "triplanetary", "planetopoly", "matador21"} <= words
    found = [
        where
        for layer in ("cli", "app", "web", "io", "core")
        for path in sorted((PACKAGE / layer).rglob("*.py"))
        for where in _code_naming_a_game(path, words)
    ]
    assert not found, "a game named outside ledger/rules/:\n" + "\n".join(found[:40])


def test_29_a_file_parameter_is_read_by_the_command_line_alone() -> None:
    """A `file` parameter takes the text the command line read (`TextFile`); a path typed
    anywhere else (an Events row's args) is refused, never read, and a command declared off
    the Events sheet has no row type there."""
    from ledger.core.actions import event_handlers
    from ledger.core.params import ActionSpec, Param, TextFile, parse_params, split_args

    spec = ActionSpec("load", (Param("file", "file", cli="--file", metavar="ROUND.txt"),))
    read = TextFile("round.txt", "ABC x,5,BOB\n")
    assert parse_params(spec, {"file": read}, {}) == ({"file": read}, [])
    given, problems = split_args(spec, "--file /etc/passwd", "Events!G2")
    assert not problems
    values, problems = parse_params(spec, given, {"file": "Events!G2"})
    assert values == {"file": None}
    assert [(p.code, p.where) for p in problems] == [("file-not-read", "Events!G2")]
    assert "ledger ... --file ROUND.txt" in problems[0].hint
    types = event_handlers(load_game("egon"))
    assert not {"order", "draw", "purchase", "build"} & set(types)
