"""Reading a command line where Typer alone would not: `-3` is a negative number given for an
argument, which the command then refuses clearly (or takes, as `ledger pr Ann -2`), not an
unknown option `-3`."""

from __future__ import annotations

import re
from typing import Any

from typer.core import TyperCommand

#: `-3`, `-10`, `-12.50`, `-1,000`: a word the parser would otherwise take for short options.
_NEGATIVE_NUMBER = re.compile(r"-\d[\d.,_]*")


class NegativeNumbers(TyperCommand):
    """A command whose arguments may be typed as negative numbers (`ledger fine Bob -10`,
    `ledger tick -3`). Only when such a word is there are unknown options kept as arguments,
    so a mistyped option (`--shp`) is still refused as one, with its did-you-mean."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        if any(_NEGATIVE_NUMBER.fullmatch(a) for a in args):
            ctx.ignore_unknown_options = True
        return super().parse_args(ctx, args)


class RoleOptions(TyperCommand):
    """`ledger new`, whose options naming a game's special players come from the game itself
    (`Game.roles`: Triplanetary's `--patrol NAME`), so a new game adds its own without an edit
    here. The game named by `--game` is loaded while parsing; its role options are taken out of
    the command line into `ctx.meta["roles"]` (option -> name) and every other word is parsed as
    usual, a mistyped option still refused with its did-you-mean."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        own = {opt for param in self.params for opt in param.opts}
        strange = {a.partition("=")[0] for a in args if a.startswith("--")} - own
        # The named game's options; another game's too, so that `--patrol` on a game without
        # a Patrol is answered by `ledger new` itself ("<the game> has no patrol player").
        options = _role_options(_game_named(args) if not strange else None)
        roles: dict[str, str] = {}
        rest: list[str] = []
        i = 0
        while i < len(args):
            word = args[i]
            name, eq, value = word.partition("=")
            if name in options and eq:
                roles[name] = value
            elif word in options and i + 1 < len(args):
                roles[word] = args[i + 1]
                i += 1
            else:
                rest.append(word)
            i += 1
        ctx.meta["roles"] = roles
        return super().parse_args(ctx, rest)

    def format_help(self, ctx: Any, formatter: Any) -> None:
        super().format_help(ctx, formatter)
        rows = [
            (f"{role.option} NAME", f"{game.title}: {role.title}'s player.")
            for game in _built_games()
            for role in game.roles
            if role.option
        ]
        if rows:
            with formatter.section("Special players (by game)"):
                formatter.write_dl(rows)


def _game_named(args: list[str]) -> str | None:
    for i, word in enumerate(args):
        if word in ("--game", "-g") and i + 1 < len(args):
            return args[i + 1].strip().casefold()
        if word.startswith("--game="):
            return word.partition("=")[2].strip().casefold()
    return None


def _role_options(key: str | None) -> set[str]:
    """The role options of the game `key`, or of every built game when `key` is None."""
    from ledger.rules import GAMES, load_game

    if key is None:
        return {role.option for game in _built_games() for role in game.roles if role.option}
    if key not in GAMES:
        return set()
    return {role.option for role in load_game(key).roles if role.option}


def _built_games() -> list[Any]:
    from ledger.rules import GAMES, load_game

    return [load_game(key) for key in GAMES]
