"""`ledger shell`: the banker's session (issue 39). Every line is a command line of `ledger`
without the word `ledger`, parsed by the same Typer app in the same process (one grammar, one
help), so its output is the one-shot command's; a refusal prints its problems and the shell
goes on. Built on prompt_toolkit: Ctrl-C cancels the line being typed (never a command that
runs, nor its save), Ctrl-D or `exit` leaves; Tab completes the commands and options, then
the names the books hold for the argument at hand (ledger/app/shell.py).

The books stay loaded between commands (`app.kept`): a command uses them only when the file's
SHA-256 is the one they were read from, and takes the workbook's lock for itself, so nothing
is held while the prompt waits and Excel may save between two commands. The players' actions
(`ledger serve --actions` beside it, or `--serve` here) are said above the prompt.
"""

from __future__ import annotations

import contextlib
import os
import shlex
import signal
import sys
import threading
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Annotated, Any

import typer

from ledger.cli import _command_word
from ledger.cli.common import DEFAULT_WORKBOOK, WorkbookOpt, _path, _print_problems, run, say
from ledger.cli.root import app

#: The longest line read: two cells' worth of text (a cell holds 32,767 characters).
MAX_LINE = 65_536
#: Lines that leave the shell (as Ctrl-D does).
LEAVE = frozenset({"exit", "quit"})
#: Commands a shell line cannot run: what to do instead.
REFUSED = {
    "serve": "the pages run until Ctrl-C: start them beside the shell (ledger serve --actions, "
    "in another terminal) or with the shell itself (ledger shell --serve)",
    "shell": "this is the shell already",
}


@app.command(
    epilog="Example: ledger shell   (then: pay Ann Bob 5, balance, undo, exit); "
    "ledger shell --serve   (the players' pages too, their actions said at the prompt)"
)
def shell(
    workbook: WorkbookOpt = DEFAULT_WORKBOOK,
    serve: Annotated[
        bool,
        typer.Option(
            "--serve",
            help="Serve the players' pages from the shell too, with their actions "
            "(as `ledger serve --actions`): each is said at the prompt (approve N, reject N).",
        ),
    ] = False,
    port: Annotated[
        int, typer.Option("--port", min=1, max=65535, help="With --serve: the port.")
    ] = 8000,
    lan: Annotated[
        bool, typer.Option("--lan", help="With --serve: listen on the local network too.")
    ] = False,
    qr: Annotated[
        bool, typer.Option("--qr/--no-qr", help="With --serve: each link as a QR code.")
    ] = True,
) -> None:
    """The banker's session: type commands without `ledger` (pay Ann Bob 5, balance, tick 30),
    Tab completes commands, options and the names in the books; each runs as the one-shot
    command, the books kept loaded between them (read again when the file changed). Ctrl-C
    clears the line, Ctrl-D or `exit` leaves."""
    session: Shell | None = None

    def action() -> None:
        nonlocal session
        from ledger.app.shell import refuse_no_workbook

        path = _path(workbook)
        refuse_no_workbook(path)  # only what no command could use: `undo` repairs the rest
        session = Shell(path)
        if serve:
            try:  # books the pages cannot be served from: refused, as `ledger serve` refuses
                session.serve(port, lan, qr)
            except BaseException:
                session.close()
                raise

    run(action)
    assert session is not None
    if sys.stdin is not None and not sys.stdin.isatty():
        raise typer.Exit(session.lines(sys.stdin))  # lines from a file or a pipe: no prompt
    raise typer.Exit(session.loop())


class Shell:
    """One session on one workbook: the prompt, the lines run, the completion, the news."""

    def __init__(self, path: Path, input: Any = None, output: Any = None) -> None:
        from ledger.app import kept
        from ledger.app.shell import Watch, view_of
        from ledger.cli import _app

        self.path = path
        kept.keep_books()
        self.cli = typer.main.get_command(_app(None))  # every command: one grammar, one help
        self.view = view_of(path)
        self.watch = Watch(path)
        self.keep_history = True
        self.session: Any = None
        self._io = (input, output)
        self._lock = threading.Lock()
        self._prompting = False
        self._queued: list[str] = []
        self._stop = threading.Event()
        self._server: Any = None
        self._threads: list[threading.Thread] = []

    # -- the loop ---------------------------------------------------------------------------

    def loop(self) -> int:
        """Read and run lines until Ctrl-D or `exit`; 0."""
        from prompt_toolkit.patch_stdout import patch_stdout

        from ledger.app.shell import read_history

        lines, problems = read_history(self.path)
        _print_problems(problems)  # the history not believed: none read, none kept
        if problems:
            say("The shell keeps this session's lines in memory only.")
        self.keep_history = not problems
        self.session = _prompt_session(self, lines)
        news = threading.Thread(target=self._follow, name="ledger-shell-news", daemon=True)
        news.start()
        self._threads.append(news)
        try:
            while True:
                self._say_queued()
                try:
                    with patch_stdout(raw=True):
                        with self._lock:
                            self._prompting = True
                        try:
                            line = self.session.prompt(self.prompt)
                        finally:
                            with self._lock:
                                self._prompting = False
                except KeyboardInterrupt:
                    continue  # the line typed is gone; the shell stays
                except EOFError:
                    break
                if line.strip() in LEAVE:
                    break
                self.run_line(line)
        finally:
            self.close()
        return 0

    def lines(self, given: Iterable[str]) -> int:
        """Run lines given by a file or a pipe (`ledger shell < evening.txt`), no prompt
        drawn, until their end or `exit`; the exit code of the last line run."""
        code = 0
        try:
            for line in _read_lines(given):
                self._say_queued()
                if isinstance(line, int):  # a line too long to keep: its length
                    code = _too_long(line)
                elif line.strip() in LEAVE:
                    break
                else:
                    code = self.run_line(line)
                self.announce()
        finally:
            self.close()
        return code

    def prompt(self) -> str:
        v = self.view
        where = f"{v.title} · {v.moment}" if v.title else self.path.name
        return f"ledger ({where})> "

    def run_line(self, line: str) -> int:
        """One line as `ledger LINE` would run it; its exit code (said only by its output)."""
        line = line.rstrip("\r\n")  # (a line read from a file or a pipe ends with its newline)
        if len(line) > MAX_LINE:  # (shlex reads a long word in time that grows as its square)
            return _too_long(len(line))
        try:
            words = shlex.split(line)
        except ValueError as exc:
            say(f"ledger: cannot read the line: {exc}")
            say("    hint: close the quote, or put a backslash before it")
            return 2
        if not words:
            return 0
        if words[0] == "help":  # `help`, `help pay`: the help, as --help gives it
            words = [*words[1:], "--help"]
        word = _command_word(words)
        if word in REFUSED:
            say(f"ledger: `{word}` is not run in the shell: {REFUSED[word]}")
            return 2
        code = self._run(words)
        from ledger.app.shell import view_of

        self.view = view_of(self.path, self.view)  # the names as the command left them
        return code

    def _run(self, words: list[str]) -> int:
        with _workbook_env(self.path):  # `-w` of the shell, as on every line
            try:
                with _interrupts_held():
                    try:
                        self.cli.main(args=words, prog_name="ledger", standalone_mode=True)
                    except SystemExit as done:
                        return _code(done.code)
                    except Exception as exc:  # a bug in ledger: said as `main` says, not fatal
                        if os.environ.get("LEDGER_DEBUG"):
                            raise
                        from ledger.cli import internal_error

                        return internal_error(exc)
                return 0
            finally:
                sys.stdout.flush()

    # -- the news ---------------------------------------------------------------------------

    def announce(self) -> list[str]:
        """The players' actions sent since the last look, said above the prompt (or, while a
        command runs, once it is done); and the prompt redrawn when the workbook changed."""
        from ledger.app.shell import view_of

        lines = self.watch.news()
        view = view_of(self.path, self.view)
        changed = view is not self.view
        self.view = view
        with self._lock:
            if self._prompting:
                for line in lines:
                    print(line, flush=True)  # above the prompt (patch_stdout)
            else:
                self._queued += lines
        if changed or lines:
            with contextlib.suppress(Exception):
                self.session.app.invalidate()
        return lines

    def _say_queued(self) -> None:
        with self._lock:
            lines, self._queued = self._queued, []
        for line in lines:
            print(line, flush=True)

    def _follow(self) -> None:
        while not self._stop.wait(0.5):
            with contextlib.suppress(Exception):  # the news never stops the shell
                self.announce()

    # -- serving the pages ------------------------------------------------------------------

    def serve(self, port: int, lan: bool, qr: bool) -> None:
        """The players' pages with their actions, served from this process."""
        from ledger.cli.serve import start

        server, sock = start(self.path, port, lan, False, qr, True, 50)
        self._server = server

        def serving() -> None:
            with sock:
                server.run(sockets=[sock])

        thread = threading.Thread(target=serving, name="ledger-shell-serve", daemon=True)
        thread.start()
        self._threads.append(thread)

    def close(self) -> None:
        from ledger.app import kept

        self._stop.set()
        if self._server is not None:
            self._server.handle_exit(signal.SIGINT, None)
        for thread in self._threads:
            thread.join(timeout=5)
        kept.keep_books(False)

    # -- completion -------------------------------------------------------------------------

    def commands(self) -> list[str]:
        """The commands a line may start with: ledger's own and the workbook's game's."""
        from ledger.cli.group import _games

        names = set(getattr(self.cli, "commands", {}))
        with contextlib.suppress(Exception):
            group = _games()[self.view.game][1] if self.view.game else None
            if group is not None:
                names |= set(group.commands)
        return sorted((names - set(REFUSED)) | LEAVE | {"help"})

    def complete(self, text: str) -> list[tuple[str, str]]:
        """What may follow `text` (the line up to the cursor): (completion, what it is)."""
        from ledger.app.shell import view_of

        self.view = view_of(self.path, self.view)  # never what a replaced workbook held
        if len(text) > MAX_LINE:
            return []
        try:
            args = shlex.split(text)
        except ValueError:
            from typer._click.shell_completion import split_arg_string

            args = split_arg_string(text)
        incomplete = "" if not text or text[-1].isspace() or not args else args.pop()
        if args[:1] == ["help"]:  # `help pay`: the help of a command
            args = args[1:]
        if _command_word(args) is None and not incomplete.startswith("-"):
            return [(w, "command") for w in self.commands() if w.startswith(incomplete)]
        return list(self._complete_with_click(args, incomplete))

    def _complete_with_click(self, args: list[str], incomplete: str) -> Iterator[tuple[str, str]]:
        from typer._click.core import Parameter
        from typer._click.shell_completion import _resolve_context, _resolve_incomplete

        with _workbook_env(self.path):
            try:
                ctx = _resolve_context(self.cli, {}, "ledger", list(args))
                obj, incomplete = _resolve_incomplete(ctx, list(args), incomplete)
            except Exception:  # a line the grammar cannot follow: nothing to offer
                return
            if not isinstance(obj, Parameter):
                for item in obj.shell_complete(ctx, incomplete):
                    if item.value not in REFUSED:
                        yield item.value, item.help or ""
                return
        yield from _values(obj, self.view.names, incomplete)


def _values(param: Any, names: dict[str, tuple[str, ...]], incomplete: str) -> Iterable[Any]:
    """The names the books hold for `param` (by its name), else its choices, that begin as
    typed (case aside)."""
    choices = getattr(param.type, "choices", None)
    values = names.get(param.name or "", ()) or tuple(str(c) for c in choices or ())
    what = (param.name or "").replace("_", " ")
    folded = incomplete.casefold()
    return [(v, what) for v in values if v.casefold().startswith(folded)]


def _too_long(length: int) -> int:
    """A line longer than `MAX_LINE`, refused as a usage error (2): the shell goes on."""
    say(f"ledger: the line is {length:,} characters long; at most {MAX_LINE:,} are read")
    say("    hint: a cell holds at most 32,767 characters; type a shorter line")
    return 2


def _read_lines(given: Iterable[str]) -> Iterator[str | int]:
    """The lines of a file or a pipe, each read to at most `MAX_LINE` characters (and its
    newline): a longer one is read through without keeping it, and given as its length. An
    iterable without `readline` (a list) is given as it is."""
    readline = getattr(given, "readline", None)
    if readline is None:
        yield from given
        return
    while line := readline(MAX_LINE + 1):
        if len(line) <= MAX_LINE or line.endswith("\n"):
            yield line
            continue
        length = len(line)
        while (rest := readline(MAX_LINE + 1)) and not rest.endswith("\n"):
            length += len(rest)
        yield length + len(rest.rstrip("\r\n"))


def _code(code: object) -> int:
    if code is None:
        return 0
    return code if isinstance(code, int) else 1


@contextlib.contextmanager
def _workbook_env(path: Path) -> Iterator[None]:
    before = os.environ.get("LEDGER_WORKBOOK")
    os.environ["LEDGER_WORKBOOK"] = str(path)
    try:
        yield
    finally:
        if before is None:
            os.environ.pop("LEDGER_WORKBOOK", None)
        else:
            os.environ["LEDGER_WORKBOOK"] = before


@contextlib.contextmanager
def _interrupts_held() -> Iterator[None]:
    """While a command runs, Ctrl-C stops neither it nor its save: it is said, and the command
    goes on to its end (at the prompt, Ctrl-C clears the line)."""
    said: list[bool] = []

    def held(signum: int, frame: Any) -> None:
        if not said:
            said.append(True)
            say("(Ctrl-C: the command goes on to its end; at the prompt Ctrl-C clears the line)")

    try:
        before = signal.signal(signal.SIGINT, held)
    except ValueError:  # not the main thread: nothing to hold
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


def _prompt_session(shell: Shell, lines: list[str]) -> Any:
    """prompt_toolkit's session for `shell` (imported only by the shell: it takes a while),
    with the lines typed before as its history."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.completion import Completer, Completion
    from prompt_toolkit.history import History

    class LineCompleter(Completer):
        """prompt_toolkit's side of `Shell.complete`."""

        def get_completions(self, document: Any, complete_event: Any) -> Iterator[Any]:
            text = document.text_before_cursor
            incomplete = "" if not text or text[-1].isspace() else text.split()[-1]
            for value, meta in shell.complete(text):
                shown = shlex.quote(value) if value != shlex.quote(value) else value
                yield Completion(shown, start_position=-len(incomplete), display_meta=meta)

    class LineHistory(History):
        """The lines typed on this workbook, kept in the user's state folder (ledger/app/
        shell.py checks whose it is); only in memory when it is not this account's alone."""

        def load_history_strings(self) -> Iterable[str]:
            return list(reversed(lines))  # newest first, as prompt_toolkit asks

        def store_string(self, string: str) -> None:
            if not shell.keep_history or not string.strip():
                return
            from ledger.app.shell import add_history

            refused = add_history(shell.path, string)
            if refused is not None:
                shell.keep_history = False
                _print_problems([refused])
                say("The shell keeps this session's lines in memory only.")

    return PromptSession(
        history=LineHistory(),
        completer=LineCompleter(),
        complete_while_typing=False,
        input=shell._io[0],
        output=shell._io[1],
    )
