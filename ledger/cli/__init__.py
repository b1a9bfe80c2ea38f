"""The `ledger` command: parse, call one library function, render, exit code.

One module a command group: `books` (new, check, balance, pay, post, journal, undo), `tick`,
`reports` (statement, report, forecast, status), and each game's own commands, made from the
specs its folder declares (`games`); `group` finds a game's command through the workbook's
game, so two games may each have their `buy`. A command line registers only the module of
the command it names (`app` is imported when first asked for).
"""

from __future__ import annotations

import os
import sys
from typing import Any

__all__ = ["app", "main"]


#: The modules of ledger's own commands, each with the commands it registers.
COMMANDS = {
    "actions": ("pending", "approve", "reject"),
    "books": ("new", "check", "balance", "pay", "post", "journal", "undo"),
    "close": ("close",),
    "export": ("export",),
    "history": ("history",),
    "reports": ("statement", "report", "forecast", "status"),
    "serve": ("serve",),
    "shell": ("shell",),
    "tick": ("tick",),
}


def _app(argv: list[str] | None = None) -> Any:
    """The command line with the commands registered that `argv` can run: for one of ledger's
    own commands that one alone (typer reads the parameters of every command registered), for
    anything else (help, a game's command, a typo) every command."""
    from importlib import import_module

    word = _command_word(argv[1:] if argv else [])
    modules = [m for m, names in COMMANDS.items() if word in names] or list(COMMANDS)
    for module in modules:
        import_module(f"ledger.cli.{module}")  # registers its commands
    from ledger.cli.root import app

    if len(modules) == 1:  # typer reads the parameters of this one command alone
        app.registered_commands = [
            c
            for c in app.registered_commands
            if (c.name or c.callback.__name__.replace("_", "-")) == word  # type: ignore[union-attr]
        ]
    return app


def _command_word(args: list[str]) -> str | None:
    """The command a command line names: its first word that is no option or the workbook
    option's value (`ledger -w b.xlsx --json balance`: balance)."""
    i = 0
    while i < len(args):
        a = args[i]
        if a in ("-w", "--workbook"):
            i += 2
            continue
        if not a.startswith("-"):
            return a
        i += 1
    return None


def __getattr__(name: str) -> Any:
    if name == "app":
        return _app()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _answer_interrupt() -> None:
    """Ctrl-C answered as a command's run answers it (`common.interrupted`), then exit."""
    import typer

    from ledger.cli.common import interrupted

    try:
        interrupted()
    except typer.Exit as done:
        sys.exit(done.exit_code)


def _stdout() -> None:
    """Standard output as the commands need it: a terminal that cannot show every character
    shows `?` for it, never fails; a reader that has gone (`ledger history | head -2`) ends it
    quietly; closed from the start (`>&-`, None) it stays None, and print prints nothing."""
    os.environ.setdefault("PYTHONIOENCODING", "utf-8")
    if sys.stdout is None:
        return
    try:
        if sys.stdout.encoding.replace("-", "").lower() != "utf8":
            sys.stdout.reconfigure(errors="replace")  # type: ignore[union-attr]
    except (AttributeError, ValueError):
        pass
    from ledger.cli.show import ReaderGone

    sys.stdout = ReaderGone(sys.stdout)


def main() -> None:
    """The console script. Never a traceback for the user's mistakes; exit codes 0/1/2/3."""
    import signal

    if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)  # answered below from here on
    for arg in sys.argv[1:]:
        try:
            arg.encode("utf-8")
        except UnicodeEncodeError:
            print(
                f"ledger: an argument is not valid text (UTF-8): {arg.encode('utf-8', 'replace').decode()!r}",
                file=sys.stderr,
            )
            sys.exit(2)
    try:
        _stdout()  # (imports: a Ctrl-C there is answered below)
        _app(sys.argv)()
    except SystemExit as done:
        if done.code == 130 and "typer" in sys.modules:
            # typer turns a Ctrl-C outside a command's run (while it reads the arguments)
            # into a silent exit 130: answered here as anywhere else, unless it was already
            from ledger.cli import common

            if not common.interrupt_answered():
                _answer_interrupt()
        raise
    except KeyboardInterrupt:  # Ctrl-C while starting (a command's own run answers it there)
        _answer_interrupt()
    except Exception as exc:  # a bug in ledger: say so plainly, keep the details on request
        if os.environ.get("LEDGER_DEBUG"):
            raise
        sys.exit(internal_error(exc))


def internal_error(exc: Exception) -> int:
    """Say a bug in ledger plainly, and truly what was saved before it; the exit code."""
    from ledger.app import this_run
    from ledger.cli.common import say

    say(f"ledger: internal error: {type(exc).__name__}: {exc}")
    saved = this_run.saved_in_this_run()
    if saved is not None:
        say(
            f"saved: {saved[1].summary} in {saved[0].name}; what comes after the save was not"
            " written. Run again with LEDGER_DEBUG=1 for the details, and report it."
        )
        return this_run.EXIT_SAVED_BUT
    say("Nothing was written. Run again with LEDGER_DEBUG=1 for the details, and report it.")
    return 1
