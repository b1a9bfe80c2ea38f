"""What every command shares: the common options, messages on stderr and results on stdout,
problems turned into exit codes, and what a command says after its save.

Exit codes: 0 ok, 1 problems found or refused (nothing written), 2 usage error, 3 workbook
locked or read-only, 4 saved but what comes after the save (summary, statements) was not written.
Results go to stdout (`--json` alone there); messages, warnings and hints go to stderr.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

from ledger.cli.show import out_json as out_json
from ledger.cli.show import plural
from ledger.cli.show import say as say

EXAMPLES = "Examples at the end of each command's --help; the README has a tour."

WorkbookOpt = Annotated[
    Path,
    typer.Option(
        "--workbook",
        "-w",
        envvar="LEDGER_WORKBOOK",
        help="The game's workbook (default: $LEDGER_WORKBOOK, else ledger.xlsx here).",
        show_default=False,
    ),
]
JsonOpt = Annotated[
    bool, typer.Option("--json", help="Print JSON on stdout (messages stay on stderr).")
]
ForceOpt = Annotated[
    bool,
    typer.Option("--force", help="Change it even though Excel/LibreOffice's lock file is there."),
]
DEFAULT_WORKBOOK = Path("ledger.xlsx")


# -- output (the printing itself is typer-free: ledger.cli.show) ---------------------------


def _print_problems(problems: list[Any], line: Callable[[str], None] = say) -> None:
    """Each problem on its line with its hint (what to do about it) under it; on stderr
    unless `line` prints them elsewhere (`ledger check`'s findings are its result)."""
    for p in problems:
        line(p.line())
        if p.hint:
            line(f"    hint: {p.hint}")


def days_argument(raw: str) -> int:
    """DAYS of `tick` and `forecast` (`app.tick.days_of`), or the command stops with its
    problem."""
    from ledger.app.tick import days_of
    from ledger.core.problems import ProblemsFound

    try:
        return days_of(raw)
    except ProblemsFound as exc:
        fail(exc.problems)


def fail(problems: list[Any], exit_code: int = 1) -> NoReturn:
    from ledger.app import this_run as store

    saved = store.saved_in_this_run()
    if saved is not None and exit_code != 0:
        saved_but(problems, "what comes after the save")
    errors = [p for p in problems if p.is_error]
    _print_problems(problems)
    if errors:
        tail = "nothing was written." if exit_code != 3 else "nothing was changed."
        say(f"{plural(len(errors), 'problem')}; {tail}")
    raise typer.Exit(exit_code)


def saved_but(problems: list[Any], what: str) -> NoReturn:
    """Say exactly what was saved and what was not; exit 4."""
    from ledger.app import this_run as store

    saved = store.saved_in_this_run()
    _print_problems(problems)
    if saved is None:  # cannot happen: only called after a save
        say(f"{what} could not be written.")
        raise typer.Exit(1)
    path, version = saved
    say(f"saved: {version.summary} in {path.name}; {what} could not be written.")
    if version.command == "undo":
        say(
            "    The undo is in the workbook: do not run it again unless you want to go "
            "one more step back."
        )
    else:
        say(
            "    The change is in the workbook: do not run the command again. "
            "`ledger undo` takes it back if you want to."
        )
    raise typer.Exit(store.EXIT_SAVED_BUT)


def run(action: Callable[[], None]) -> None:
    """Turn the library's `ProblemsFound`, and what the operating system refuses (a full
    disk, a permission), into messages and an exit code, never a traceback."""
    from ledger.app import this_run as store
    from ledger.core.problems import ProblemsFound, SavedBut

    store.begin_run()
    try:
        action()
    except ProblemsFound as exc:
        fail(exc.problems, exc.exit_code)
    except SavedBut as exc:
        saved_but(exc.problems, exc.what)
    except OSError as exc:
        fail(store.os_problem(exc).problems)
    except KeyboardInterrupt:
        interrupted()


#: Whether this process has answered a Ctrl-C already (`interrupted`).
_answered: list[bool] = []


def interrupt_answered() -> bool:
    return bool(_answered)


def interrupted() -> NoReturn:
    """What Ctrl-C gets: what was saved if anything was (exit 4), else the files written
    before it if any were (statements: exit 130), else that nothing was (exit 130)."""
    from ledger.app import this_run as store

    _answered.append(True)
    files = store.written_in_this_run()
    if store.saved_in_this_run() is not None:
        if files:
            names = ", ".join(p.name for p in files)
            saved_but([], f"the rest of what comes after the save (interrupted; written: {names})")
        saved_but([], "what comes after the save (interrupted)")
    if files:  # the workbook untouched, but not "nothing"
        say(f"interrupted; the workbook was not changed. Written before it ({len(files)}):")
        for path in files:
            say(f"  {path}")
        raise typer.Exit(130) from None
    say("interrupted; nothing was written.")
    raise typer.Exit(130) from None


def warn(problems: list[Any]) -> None:
    """The warnings, each with its hint (what to do about it), as a refusal's problems are said."""
    _print_problems([p for p in problems if not p.is_error])


def existing(workbook: Path) -> Path:
    """The workbook of a command that reads no books but the files beside them (`history`,
    `pending`, `approve`, `reject`): refused when there is none."""
    from ledger.core.problems import ProblemsFound, problem

    path = _path(workbook)
    if not path.is_file():
        raise ProblemsFound(
            [problem("no-workbook", str(path), "there is no workbook here", "ledger new makes one")]
        )
    return path


def _path(workbook: Path | None) -> Path:
    """The workbook, with links followed: the lock files and the save belong beside the real
    file, and a link stays a link."""
    return Path(os.path.realpath(workbook if workbook is not None else DEFAULT_WORKBOOK))


def _describe(*words: str | None) -> str:
    """How a command is named in the history: `pay Ann Bob 12.50 --memo 'ore contract'`."""
    import shlex

    return shlex.join(w for w in words if w is not None)


def _report(outcome: Any, show_summary: bool = True) -> None:
    for line in outcome.posted:
        say(f"posted {line}")
    if show_summary and outcome.summary:
        print(outcome.summary)
    warn(outcome.warnings)


def _problem_codes() -> set[str]:
    """Every stable problem code ledger can report, read from its own sources (the whole
    package, not only the command line's folder)."""
    import re
    from pathlib import Path as _Path

    codes: set[str] = set()
    for f in _Path(__file__).parent.parent.rglob("*.py"):
        codes |= set(re.findall(r'problem\(\s*"([a-z0-9-]+)"', f.read_text(encoding="utf-8")))
    return codes
