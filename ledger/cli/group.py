"""Finding a command: ledger's own first, then the commands of the workbook's game.

Each game brings its commands (made from the specs in its folder); two games may
have a command of the same name (`buy`, `build`, `status`) with their own arguments. The
workbook named on the command line (`-w`, before or after the command's name), else
`$LEDGER_WORKBOOK`, else `ledger.xlsx` here, decides: its Settings sheet says which game it
plays. A command of another game is refused plainly, and `ledger --help` lists the commands
by game.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from typer._click.exceptions import UsageError
from typer.core import TyperGroup

#: ledger's own commands that a game may bring its own version of.
GAME_MAY_REPLACE = ("status",)


class _Games(Mapping[str, tuple[str, Any]]):
    """The built games: key -> (title, their commands as a click group, or None when it has
    none or cannot load: `new` says why). A game is imported when first looked up, so a
    command of one game imports no other."""

    def __init__(self) -> None:
        self._built: dict[str, tuple[str, Any]] = {}

    def __iter__(self) -> Iterator[str]:
        from ledger.rules import GAMES

        return iter(GAMES)

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __getitem__(self, key: str) -> tuple[str, Any]:
        if key not in self._built:
            from ledger.rules import GAMES, load_game

            if key not in GAMES:
                raise KeyError(key)
            self._built[key] = (load_game(key).title, _build(key))
        return self._built[key]


def _build(key: str) -> Any:
    """One game's commands as a click group (None when it has none or cannot load)."""
    import typer

    from ledger.cli.games import for_game
    from ledger.rules import load_game

    try:
        game = load_game(key)
    except Exception:  # a game that cannot load has no commands; `new` says why
        return None
    app = for_game(dict(game.commands()), dict(game.command_groups))
    return typer.main.get_group(app) if app.registered_commands else None


@cache
def _games() -> _Games:
    """The built games, each imported when first looked up."""
    return _Games()


def _listing() -> dict[str, tuple[str, list[tuple[str, str, bool]]]]:
    """Each built game's title and commands (name, one line of help, whether hidden), for
    `--help`, a mistyped command's did-you-mean and which games have a command (every game
    is imported: a command of the workbook's game is found without it, `_of_the_workbook`)."""
    listing: dict[str, tuple[str, list[tuple[str, str, bool]]]] = {}
    for key, (title, group) in _games().items():
        rows = []
        if group is not None:
            for name in sorted(group.commands):
                cmd = group.commands[name]
                hidden = bool(getattr(cmd, "hidden", False))
                rows.append((name, cmd.get_short_help_str(limit=54), hidden))
        listing[key] = (title, rows)
    return listing


def _command(key: str, name: str, own: Any) -> Any:
    """The game's command `name` (ledger's own, `own`, when the game's cannot be built)."""
    group = _games()[key][1]
    return group.commands.get(name, own) if group is not None else own


def _every_games_help(name: str, games: list[tuple[str, str]], own: Any) -> Any:
    """A command that only shows help: that of each game's command `name`, one after another
    under the game's title (asked for outside a workbook, so no game decides which)."""
    from typer.core import TyperCommand

    class EveryGame(TyperCommand):
        def format_help(self, ctx: Any, formatter: Any) -> None:
            for title, key in games:
                command = _command(key, name, own)
                print(f"── {name} in {title} ──")
                command.format_help(
                    type(ctx)(command, parent=ctx.parent, info_name=name), formatter
                )
                print(formatter.getvalue())
                formatter.buffer.clear()
            print("Name a workbook of one of them (-w) to run it.")

    return EveryGame(name, help=f"{name}: a command of several games")


#: The command-line spellings of the workbook option; `-wPATH` too.
WORKBOOK = ("-w", "--workbook")


def workbook_option(args: list[str]) -> str | None:
    """The path given by the first workbook option in `args` (`-w P`, `--workbook P`,
    `--workbook=P`, `-wP`), or None."""
    for i, a in enumerate(args):
        if a in WORKBOOK and i + 1 < len(args):
            return args[i + 1]
        if a.startswith("--workbook="):
            return a.partition("=")[2]
        if a.startswith("-w") and len(a) > 2 and not a.startswith("--"):
            return a[2:]
    return None


def _workbook_named(ctx: Any, args: list[str]) -> Path:
    """The workbook this command line is about, as the command will read it."""
    given = workbook_option(args) or (ctx.params or {}).get("workbook")
    if given:
        return Path(given)
    return Path(os.environ.get("LEDGER_WORKBOOK") or "ledger.xlsx")


def _game_of(path: Path) -> str | None:
    """The game a workbook plays (its Settings row `game`), or None when it cannot be read:
    the command then says what is wrong with it."""
    try:
        from ledger.app.game_of import game_of

        return game_of(path)
    except Exception:  # an unreadable workbook: the command itself reports it
        return None


class GameGroup(TyperGroup):
    """The `ledger` group: its own commands, then the workbook's game's."""

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        ctx.meta["ledger.args"] = list(args)
        try:
            return super().resolve_command(ctx, args)
        except UsageError as exc:
            # a mistyped command of a game gets its did-you-mean too
            if args and "No such command" in str(exc) and "Did you mean" not in str(exc):
                from difflib import get_close_matches

                close = get_close_matches(args[0], self.list_commands(ctx), n=3)
                if close:
                    exc.message += " Did you mean " + " or ".join(f"'{c}'" for c in close) + "?"
            raise

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        own = super().get_command(ctx, cmd_name)
        if own is not None and cmd_name not in GAME_MAY_REPLACE:
            return own
        args = ctx.meta.get("ledger.args", [])
        key = _game_of(_workbook_named(ctx, args))
        if key is not None and key in _games():  # the workbook's game has it: no other game
            group = _games()[key][1]
            if group is not None and cmd_name in group.commands:
                return group.commands[cmd_name]
            if own is not None:
                return own
        listing = _listing()
        having = [k for k, (_, rows) in listing.items() if any(r[0] == cmd_name for r in rows)]
        if not having:
            return own
        if own is not None:
            return own
        titles = " and ".join(listing[k][0] for k in having)
        if key is not None and key in listing and listing[key][1]:
            raise UsageError(
                f"`{cmd_name}` is a command of {titles}; this workbook plays {listing[key][0]}"
            )
        if len(having) == 1:
            return _command(having[0], cmd_name, own)
        if {"--help", "-h"} & set(args[1:]):  # no game to ask: the help of every game's
            return _every_games_help(cmd_name, [(listing[k][0], k) for k in having], own)
        raise UsageError(
            f"`{cmd_name}` is a command of {titles}: name a workbook of one of them (-w) "
            "for its arguments"
        )

    def list_commands(self, ctx: Any) -> list[str]:
        """ledger's own commands and every game's (a mistyped one gets its did-you-mean)."""
        names = set(super().list_commands(ctx))
        for _, rows in _listing().values():
            names.update(name for name, _, _ in rows)
        return sorted(names)

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        rows = []
        for name in super().list_commands(ctx):
            cmd = super().get_command(ctx, name)
            if cmd is not None and not cmd.hidden:
                rows.append((name, cmd.get_short_help_str(limit=formatter.width - 26)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)
        for title, game_rows in _listing().values():
            shown = [(name, help_) for name, help_, hidden in game_rows if not hidden]
            if shown:
                with formatter.section(f"Commands of {title}"):
                    formatter.write_dl(shown)
