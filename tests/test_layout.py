"""The shape of the package, enforced: small modules, no import circles, and the layers below
the games free of every game's words (issue 14)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "ledger"
MAX_LINES = 500


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


def _imports(mods: dict[str, Path]) -> dict[str, set[str]]:
    """Module -> the package's modules it imports (in functions too)."""
    graph: dict[str, set[str]] = {m: set() for m in mods}
    for m, p in mods.items():
        package = m if p.name == "__init__.py" else m.rpartition(".")[0]
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(parts + ([base] if base else []))
                targets = [base] + [f"{base}.{a.name}" for a in node.names]
            else:
                continue
            for t in targets:
                while t and t not in mods:
                    t = t.rpartition(".")[0]
                if t and t != m and not (p.name == "__init__.py" and t.startswith(m + ".")):
                    graph[m].add(t)
    return graph


def test_no_import_circles() -> None:
    graph = _imports(_modules())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles: list[list[str]] = []

    def visit(v: str) -> None:  # Tarjan's strongly connected components
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                circles.append(sorted(group))

    for v in graph:
        if v not in index:
            visit(v)
    assert not circles, f"import circles: {circles}"


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
