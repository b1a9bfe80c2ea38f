"""The shape of the package, enforced: small modules, no import circles, and the layers below
the games free of every game's words (issue 14)."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "ledger"
MAX_LINES = 500


@functools.cache
def _modules() -> dict[str, Path]:
    out = {}
    for p in sorted(PACKAGE.rglob("*.py")):
        name = ".".join(p.relative_to(ROOT).with_suffix("").parts)
        out[name.removesuffix(".__init__")] = p
    return out


@pytest.mark.parametrize("name", list(_modules()))
def test_no_module_is_over_500_lines(name: str) -> None:
    lines = len(_modules()[name].read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{name} has {lines} lines: split it along its seams"


def test_no_import_circles() -> None:
    """No module imports, by any chain, a module that imports it (imports in functions too;
    a package's own `__init__` importing its modules is no circle). The graph is grimp's, the
    one `lint-imports` checks the layers on."""
    graph = grimp.build_graph("ledger", cache_dir=None)
    for m in graph.modules:
        for t in graph.find_modules_directly_imported_by(m):
            if t.startswith(m + "."):
                graph.remove_import(importer=m, imported=t)
    circles = {
        " -> ".join((m, *chain))
        for m in sorted(graph.modules)
        for t in sorted(graph.find_modules_directly_imported_by(m))
        if (chain := graph.find_shortest_chain(importer=t, imported=m))
    }
    assert not circles, f"import circles: {sorted(circles)}"


#: Capitalised words of the games' titles that are no game's own.
COMMON = {"Variant", "Monopoly"}


def _game_words() -> set[str]:
    """What only a game says: its key, its title's own words, its special roles and their
    accounts, its institutions (but `bank`) and its currency."""
    from ledger.rules import GAMES, load_game

    words: set[str] = set()
    for key in GAMES:
        game = load_game(key)
        words.add(key)
        words.update(w for w in re.findall(r"\b[A-Z][a-z]{3,}", game.title) if w not in COMMON)
        words.update(r.key for r in game.roles)
        words.update(r.account for r in game.roles if r.account)
        words.update(i for i in game.institutions if i != "bank")
        if game.currency and len(game.currency) > 1:
            words.add(game.currency)
    return {w.casefold() for w in words}


@pytest.mark.parametrize("layer", ["core", "io"])
def test_the_layers_below_the_games_name_no_game(layer: str) -> None:
    words = _game_words()
    found = []
    for p in sorted((PACKAGE / layer).rglob("*.py")):
        text = p.read_text(encoding="utf-8")
        for number, line in enumerate(text.splitlines(), start=1):
            for word in re.findall(r"[A-Za-z0-9]+", line):
                if word.casefold() in words:
                    found.append(f"{p.relative_to(ROOT)}:{number}: {word}")
    assert not found, "game words below the games:\n" + "\n".join(found[:40])
