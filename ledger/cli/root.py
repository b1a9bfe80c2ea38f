"""The `ledger` command group itself: its help, `--version`, and the options that may stand
before a command's name (`ledger -w b.xlsx balance`, `ledger --json balance`)."""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, ParamSpec

import typer

from ledger import __version__
from ledger.cli.common import run, say
from ledger.cli.group import GameGroup

app = typer.Typer(
    cls=GameGroup,
    name="ledger",
    help="The banker's books for economic space games, kept in an Excel workbook.\n\n"
    "Start with: ledger new --game triplanetary --player Ann --player Bob --patrol Sam",
    no_args_is_help=True,
    add_completion=True,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
    pretty_exceptions_enable=False,
)

P = ParamSpec("P")


def command(**settings: Any) -> Callable[[Callable[P, None]], Callable[P, None]]:
    """Register a command of `ledger` (`app.command(**settings)`) whose body runs inside
    `run`: the library's problems and what the operating system refuses become messages and
    an exit code, never a traceback. The body only opens, calls the app and renders."""

    def register(body: Callable[P, None]) -> Callable[P, None]:
        @functools.wraps(body)
        def running(*args: P.args, **kwargs: P.kwargs) -> None:
            run(lambda: body(*args, **kwargs))

        app.command(**settings)(running)
        return running

    return register


def _version(value: bool) -> None:
    if value:
        print(f"ledger {__version__} (the banker's ledger; package bankers-ledger)")
        raise typer.Exit()


@app.callback()
def _main(
    ctx: typer.Context,
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Show the version and exit."
        ),
    ] = False,
    workbook: Annotated[
        Path | None,
        typer.Option(
            "--workbook",
            "-w",
            help="The game's workbook, for any command (default: $LEDGER_WORKBOOK, else ledger.xlsx here).",
            show_default=False,
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="JSON on stdout, for the commands that have it.")
    ] = False,
) -> None:
    """The banker's books for economic space games, kept in an Excel workbook."""
    from ledger.app import this_run

    this_run.begin_run()  # several commands may run in one process (tests): none saved yet
    if workbook is not None:
        # before the command's own options are read: `-w` there still wins, and this one
        # beats $LEDGER_WORKBOOK as an option on the command would
        os.environ["LEDGER_WORKBOOK"] = str(workbook)
    if as_json:
        ctx.default_map = _json_defaults(ctx)


def _json_defaults(ctx: typer.Context) -> dict[str, Any]:
    """`ledger --json balance` as `ledger balance --json`: the command's default turned on."""
    group: Any = ctx.command
    name = ctx.invoked_subcommand or ""
    command = group.get_command(ctx, name)
    path = [name]
    while hasattr(command, "get_command"):  # a group: `liner open`
        args = [*getattr(ctx, "protected_args", []), *ctx.args]
        rest = [a for a in args if not a.startswith("-")]
        sub = rest[len(path)] if len(rest) > len(path) else ""
        path.append(sub)
        command = command.get_command(ctx, sub)
    if command is not None and not any(p.name == "as_json" for p in command.params):
        say(f"ledger: --json: `{' '.join(path)}` has no JSON output")
        raise typer.Exit(2)
    defaults: dict[str, Any] = {"as_json": True}
    for part in reversed(path[1:]):
        defaults = {part: defaults}
    return {name: defaults}
