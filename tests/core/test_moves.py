"""Typed moves (issue 38, item 1): a command's parameters are the fields of its record, the
`ActionSpec` the CLI, the Events sheet and the phone form read is derived from it, and its
handler receives the record, never a dict of arguments."""

from __future__ import annotations

import inspect
import pkgutil
from collections.abc import Callable
from decimal import Decimal
from importlib import import_module
from typing import Annotated, Any, get_type_hints

import pytest

import ledger.rules
from ledger.core.params import Arg, Move, Param, TextFile, command, decode, params_of
from ledger.rules import GAMES, load_game


class Example(Move):
    who: Annotated[str, Arg("PLAYER", help="who", column="player")]
    qty: Annotated[int, Arg("QTY")] = 1
    at: Annotated[str | None, Arg("--at")] = None
    price: Annotated[Decimal, Arg("--price")]  # required, after fields with defaults
    again: Annotated[bool, Arg("--again")] = False
    file: Annotated[TextFile | None, Arg("--file", metavar="F.txt")] = None


def test_the_fields_declare_the_parameters() -> None:
    assert params_of(Example) == (
        Param("who", "text", True, None, "PLAYER", "who", "player"),
        Param("qty", "int", False, 1, "QTY"),
        Param("at", "text", False, None, "--at"),
        Param("price", "money", True, None, "--price"),
        Param("again", "flag", False, False, "--again"),
        Param("file", "file", False, None, "--file", metavar="F.txt"),
    )


def test_decode_gives_the_typed_record_or_the_problems() -> None:
    spec = command("example", Example, "An example.", "ledger example Ann --price 2.50")
    where = {p.name: p.cli for p in spec.params}
    move, problems = decode(spec, {"who": "Ann", "price": "2.50", "qty": "3"}, where)
    assert problems == []
    assert move == Example(who="Ann", qty=3, price=Decimal("2.50"))
    assert isinstance(move.price, Decimal)
    move, problems = decode(spec, {"who": "Ann", "qty": "x"}, where)
    assert move is None
    assert [(p.code, p.where) for p in problems] == [
        ("bad-number", "QTY"),
        ("missing-value", "--price"),
    ]


def _handlers(key: str) -> dict[str, Callable[..., Any]]:
    """Every handler of a game: its `handlers()` and each `HANDLERS` of its folder's modules."""
    game = load_game(key)
    found: dict[str, Callable[..., Any]] = dict(game.handlers())
    package = import_module(GAMES[key]).__package__
    assert package
    for info in pkgutil.iter_modules(import_module(package).__path__):
        module = import_module(f"{package}.{info.name}")
        found.update(getattr(module, "HANDLERS", {}))
    return found


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_handler_takes_its_commands_record_not_a_dict(key: str) -> None:
    game, handlers = load_game(key), _handlers(key)
    commands = game.commands()
    assert commands, key
    for name, spec in commands.items():
        assert spec.move is not None and issubclass(spec.move, Move), f"{key} {name}"
        assert spec.params == params_of(spec.move), f"{key} {name}: params not its record's"
        handler = handlers[name]
        second = list(inspect.signature(handler).parameters)[1]
        took = get_type_hints(handler)[second]
        assert took is spec.move, f"{key} {name}: {handler.__qualname__} takes {took}"


def test_the_registry_names_every_game_folder() -> None:
    """A game folder the test above does not see would escape it."""
    folders = {m.name for m in pkgutil.iter_modules(ledger.rules.__path__) if m.ispkg}
    assert folders <= set(GAMES)
