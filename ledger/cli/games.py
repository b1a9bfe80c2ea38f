"""A game's own commands, made from its specs: one description of an action's parameters gives
both its command and its Events-sheet row (ledger.core.params), and every command runs through
the safe pipeline (`act`). A spec named `liner-open` becomes `ledger liner open` when the game
declares the group `liner`. The commands of each game are kept apart (`for_game`): which game's
`buy` runs is the workbook's game's (see `group`). A `file` parameter (`--file ROUND.txt`) is
read here, before the workbook is opened, and handed to the game as text (`TextFile`).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from ledger.cli.args import NegativeNumbers
from ledger.cli.common import (
    DEFAULT_WORKBOOK,
    ForceOpt,
    WorkbookOpt,
    _describe,
    _path,
    _report,
    run,
)
from ledger.core.params import ActionSpec, Param, TextFile


def _completer(name: str) -> Callable[..., list[str]]:
    """Completes a parameter from the workbook: players, and whatever the game names (ships,
    items, places), as `Game.names` gives them."""

    def complete(ctx: typer.Context, incomplete: str) -> list[str]:
        try:
            from ledger.app.pipeline import read_books

            workbook = ctx.params.get("workbook") or _workbook_of(ctx)
            books, _ = read_books(_path(workbook))
            names = books.game.names(books, name)
        except Exception:  # completion never fails loudly: no workbook, no names
            return []
        return [n for n in names if n.casefold().startswith(incomplete.casefold())]

    return complete


def _workbook_of(ctx: Any) -> Path:
    import os

    while ctx is not None:
        if ctx.params.get("workbook"):
            return Path(ctx.params["workbook"])
        ctx = ctx.parent
    return Path(os.environ.get("LEDGER_WORKBOOK") or DEFAULT_WORKBOOK)


def _annotation(p: Param) -> tuple[Any, Any]:
    """(annotation, default) for one parameter."""
    # a whole number is read as text and converted by the spec (`parse_params`), so that
    # `--months 1,5` gets the problem and hint every number gets, not "not a valid int"
    py: Any = bool if p.kind == "flag" else str
    complete = _completer(p.name) if p.kind == "text" else None
    metavar = p.metavar or ("<int>" if p.kind == "int" else None)
    if p.kind == "file":
        return Annotated[
            Path | None,
            typer.Option(p.cli, metavar=metavar, help=p.help or None, show_default=False),
        ], None
    if p.positional:
        if p.required:
            return Annotated[
                py,
                typer.Argument(
                    metavar=p.cli,
                    help=p.help or None,
                    show_default=False,
                    autocompletion=complete,
                ),
            ], inspect.Parameter.empty
        return Annotated[
            py | None,
            typer.Argument(
                metavar=p.cli, help=p.help or None, show_default=False, autocompletion=complete
            ),
        ], p.default
    if p.kind == "flag":
        return Annotated[bool, typer.Option(p.cli, help=p.help or None)], False
    option = typer.Option(
        p.cli, metavar=metavar, help=p.help or None, show_default=False, autocompletion=complete
    )
    if p.required:
        return Annotated[py, option], inspect.Parameter.empty
    return Annotated[py | None, option], None


#: The largest text file a command reads (a round's letters, a board): 1 MiB.
MAX_FILE = 1 << 20


def read_file(p: Param, path: Path) -> TextFile:
    """The text file a `file` parameter names, read before the workbook is opened; a file
    that is missing, not a plain file (a pipe would wait for ever), larger than `MAX_FILE`,
    unreadable or not UTF-8 text stops the command with its problem."""
    import os
    import stat

    from ledger.core.problems import ProblemsFound, problem

    shown = f"{p.cli} {p.metavar or 'FILE'}"
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)  # a pipe: opened at once, not waited on
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                said, hint = f"{path} is not a plain file", "give the path of a text file"
                raise ProblemsFound([problem("not-a-file", p.cli, said, hint)])
            data = f.read(MAX_FILE + 1)
        if len(data) > MAX_FILE:
            said = f"{path} is larger than {MAX_FILE // 1024:,} KiB"
            raise ProblemsFound([problem("file-too-large", p.cli, said, "a text file is smaller")])
        return TextFile(str(path), data.decode("utf-8-sig"))
    except FileNotFoundError:
        found = problem(
            "file-not-found",
            p.cli,
            f"{path}: there is no such file",
            f"{shown}: {p.help}" if p.help else f"give the path of a text file: {shown}",
        )
    except UnicodeDecodeError as exc:
        found = problem(
            "not-text",
            p.cli,
            f"{path} is not UTF-8 text (byte {exc.start + 1})",
            "save it as plain text in UTF-8",
        )
    except IsADirectoryError:
        found = problem("not-a-file", p.cli, f"{path} is a folder", "give the path of a text file")
    except OSError as exc:
        found = problem("unreadable", p.cli, f"cannot read {path}: {exc.strerror}")
    raise ProblemsFound([found])


def act(
    spec: ActionSpec, given: dict[str, Any], words: list[str | None], path: Path, force: bool
) -> None:
    """Run one game action through the safe pipeline and report it; a file it names
    (`--file ROUND.txt`) read first, before the workbook is opened."""
    from ledger.app.pipeline import change as run_change

    for p in spec.params:
        if p.kind == "file" and p.name in given:
            given[p.name] = read_file(p, Path(given[p.name]))
    where = {p.name: p.cli for p in spec.params}

    def change(books: Any) -> tuple[str, list[Any], object]:
        summary, problems = books.game.apply(books, spec.name, given, where, f"cli:{spec.name}")
        return summary, problems, None

    _report(run_change(path, change, command=_describe(*words), force=force))


def make_command(spec: ActionSpec, words: list[str]) -> Callable[..., None]:
    def command(**kw: Any) -> None:
        workbook, force = kw.pop("workbook"), kw.pop("force")
        given = {k: v for k, v in kw.items() if v is not None and v is not False}
        line: list[str | None] = list(words)
        for p in spec.params:
            v = kw.get(p.name)
            if v is None or v is False:
                continue
            if p.positional:
                line.append(str(v))
            elif p.kind == "flag":
                line.append(p.cli)
            else:
                line += [p.cli, str(v)]
        run(lambda: act(spec, given, line, _path(workbook), force))

    declared = [
        (p.name, *_annotation(p))
        for p in sorted(spec.params, key=lambda p: (not p.positional, not p.required))
    ]
    declared += [("workbook", WorkbookOpt, DEFAULT_WORKBOOK), ("force", ForceOpt, False)]
    command.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [
            inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=d, annotation=a)
            for name, a, d in declared
        ]
    )
    command.__name__ = spec.name.replace("-", "_")
    command.__doc__ = spec.help
    return command


def epilog(spec: ActionSpec) -> str:
    """The end of a command's help: its example (examples, when they are several: `a | b`),
    then its notes, a paragraph each."""
    label = "Examples" if " | " in spec.example else "Example"
    return "\n\n".join((f"{label}: {spec.example}", *spec.notes))


def for_game(specs: dict[str, ActionSpec], groups: dict[str, str]) -> typer.Typer:
    """One game's commands as a Typer app of their own: made from its specs, in the groups it
    declares."""
    app = typer.Typer(rich_markup_mode=None, add_completion=False)
    subs: dict[str, typer.Typer] = {}
    for name, spec in specs.items():
        group, _, sub = name.partition("-")
        end = epilog(spec)
        if group in groups and sub:
            if group not in subs:
                subs[group] = typer.Typer(
                    help=groups[group], no_args_is_help=True, rich_markup_mode=None
                )
                app.add_typer(subs[group], name=group)
            subs[group].command(sub, epilog=end, cls=NegativeNumbers)(
                make_command(spec, [group, sub])
            )
        else:
            # `fine Bob -10` is refused by the action, `pr Ann -2` taken: -10 is no option
            app.command(name, epilog=end, cls=NegativeNumbers)(make_command(spec, [name]))
    return app
