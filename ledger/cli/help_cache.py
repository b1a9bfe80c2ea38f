"""Help asked for again is printed from a cache: `ledger --help`, `ledger CMD --help` (and bare
`ledger`, `ledger --version`) print what the full program printed the last time, byte for byte,
without importing typer, a game or openpyxl: Python's own start-up and a few small file reads.

A text is kept in the user's cache folder under a key of everything that shapes it: the exact
command line, ledger's version and the sizes and times of its sources, the installed packages
(the times of the site-packages folders), Python's version, the terminal's width,
$LEDGER_WORKBOOK, the language settings and the output's encoding (UTF-8 only). A command's
name that a game has (`buy`, `status`) is resolved through the workbook's game, so its text is
kept under the workbook too (its path, size and time): after the workbook is saved the full
program runs once more. Any other command line, or a key not seen before, runs the full
program, which keeps its text for the next time (`keeping`). This module imports only what
Python has at start-up.

`ledger balance` (with `--json`, `--player NAME`, a workbook option) is kept the same way, under
the SHA-256 of the workbook's bytes besides: asked again of the very same bytes, in the same
folder and on the same kind of terminal, it prints what it printed, without reading a sheet.
Only an answer that said nothing on stderr is kept (a warning is said afresh each time). The
cache lives in this user's cache folder, where only this account writes.
"""

from __future__ import annotations

import os
import sys

from ledger.folders import user_folder

TYPE_CHECKING = False  # typing itself costs more than the rest of this module
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import TextIO

#: Bump when the file layout or the key changes.
FORMAT = "1"
HELP = ("-h", "--help")
#: The command-line spellings of the workbook option; `-wPATH` too.
WORKBOOK = ("-w", "--workbook")
#: The variables that may change a help text: the default workbook, the language of messages.
ENVIRONMENT = ("LEDGER_WORKBOOK", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
#: Kept texts, at most (the oldest go first).
KEEP = 300

#: The workbooks the full program looked at to resolve a game's command in this run: their
#: paths as it named them, and which file each was then (`note_workbook`).
consulted: list[tuple[str, str]] = []


def workbook_option(args: Sequence[str]) -> str | None:
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


def is_help_request(args: Sequence[str]) -> bool:
    """A command line whose output is a help text (or the version) and nothing else: bare
    `ledger`, `--version`, or words (command names and arguments) with at most one workbook
    option, ending in -h/--help. An option's value could be `--help`, so no other option."""
    if not args or list(args) == ["--version"]:
        return True
    if args[-1] not in HELP:
        return False
    words = list(args[:-1])
    options = 0
    i = 0
    while i < len(words):
        a = words[i]
        if a in WORKBOOK:
            if i + 1 >= len(words) or words[i + 1].startswith("-"):
                return False
            options += 1
            i += 2
            continue
        if a.startswith("--workbook=") or (a.startswith("-w") and len(a) > 2 and a[2] != "-"):
            options += 1
        elif a.startswith("-") or a == "":
            return False
        i += 1
    return options <= 1


def _columns() -> int:
    """The terminal's width as `shutil.get_terminal_size` gives it to the help formatter."""
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
        columns = columns or 80
    return columns


_stamped: list[str] = []  # this run's stamp, once made


def _stamp() -> str:
    """The sizes and times of ledger's sources and the times of the site-packages folders, as
    two checksums: any edit, install or upgrade changes them (made once a run)."""
    if not _stamped:
        _stamped.append(_make_stamp())
    return _stamped[0]


def _make_stamp() -> str:
    import zlib

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parts: list[str] = []
    folders = [root]
    while folders:
        folder = folders.pop()
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError:
            continue
        for e in entries:
            if e.name.endswith(".py"):
                try:
                    st = e.stat()
                except OSError:
                    continue
                parts.append(f"{e.path}:{st.st_size}:{st.st_mtime_ns}")
            elif e.is_dir() and not e.name.startswith((".", "__pycache__")):
                folders.append(e.path)
    for entry in sys.path:
        if entry.endswith(("site-packages", "dist-packages")):
            try:
                parts.append(f"{entry}:{os.stat(entry).st_mtime_ns}")
            except OSError:
                continue
    data = "\n".join(parts).encode("utf-8", "surrogateescape")
    return f"{zlib.crc32(data):08x}{zlib.adler32(data):08x}{len(parts)}"


#: What may change how a table is drawn on the terminal (Rich's colours, width and height).
TERMINAL = (
    "TERM",
    "COLORTERM",
    "NO_COLOR",
    "FORCE_COLOR",
    "TTY_COMPATIBLE",
    "TTY_INTERACTIVE",
    "COLUMNS",
    "LINES",
    "CLICOLOR",
    "CLICOLOR_FORCE",
    "JUPYTER_COLUMNS",
    "JUPYTER_LINES",
)
#: `ledger balance`'s options that the kept output may have been asked with.
BALANCE_FLAGS = ("--json",)
BALANCE_OPTIONS = ("--player", *WORKBOOK)
#: A workbook larger than this is not hashed here (the full program reads it).
MAX_HASHED = 16 << 20


def balance_request(args: Sequence[str]) -> str | None:
    """The workbook of a command line that only asks for the balances (`balance`, with
    `--json`, `--player NAME` and one workbook option, before or after the word), or None."""
    words: list[str] = []
    books: list[str] = []
    i = 0
    while i < len(args):
        a = args[i]
        name, eq, value = a.partition("=")
        # before the word only the group's own options (no --player); `NAME=VALUE` only for
        # the long options (click reads `-w=x` as the file `=x`)
        allowed = BALANCE_OPTIONS if words else WORKBOOK
        if a in BALANCE_FLAGS:
            i += 1
            continue
        if eq and name.startswith("--") and name in allowed:
            if name in WORKBOOK:
                books.append(value)
            i += 1
            continue
        if a in allowed:
            if i + 1 >= len(args) or args[i + 1].startswith("-"):
                return None
            if a in WORKBOOK:
                books.append(args[i + 1])
            i += 2
            continue
        if a.startswith("-"):
            return None
        words.append(a)
        i += 1
    if words != ["balance"] or len(books) > 1:
        return None
    return books[0] if books else os.environ.get("LEDGER_WORKBOOK") or "ledger.xlsx"


def _bytes_digest(path: str) -> str | None:
    """The SHA-256 of the workbook's bytes as they are now (None: unreadable or too large)."""
    import hashlib

    try:
        with open(path, "rb") as f:
            if os.fstat(f.fileno()).st_size > MAX_HASHED:
                return None
            return hashlib.sha256(f.read()).hexdigest()
    except OSError:
        return None


def _terminal() -> tuple[object, ...]:
    """Whatever makes Rich draw a table otherwise: where the output goes and the variables."""
    ttys: list[bool | None] = []
    for stream in (sys.stdout, sys.stderr):
        try:
            ttys.append(os.isatty(stream.fileno()))
        except (AttributeError, ValueError, OSError):
            ttys.append(None)
    return (*ttys, *(os.environ.get(name) for name in TERMINAL))


def _key(argv: Sequence[str]) -> str | None:
    """The key of this command line's kept output, or None when it is neither a help request
    nor a balance of a workbook whose bytes can be hashed, or its output cannot be kept
    (completion, an output that is not UTF-8). A balance's key holds the SHA-256 of the
    workbook's bytes: its output is kept only for those very bytes."""
    args = list(argv[1:])
    extra: tuple[object, ...] = ()
    if not is_help_request(args):
        book = balance_request(args)
        if book is None or os.environ.get("LEDGER_READ_CAREFULLY"):
            return None  # (asked to read the rows: they are read)
        digest = _bytes_digest(book)
        if digest is None:
            return None
        ours = sorted((k, v) for k, v in os.environ.items() if k.startswith("LEDGER_"))
        extra = ("balance of", os.getcwd(), os.path.abspath(book), digest, *_terminal(), ours)
    if any(name.endswith("_COMPLETE") for name in os.environ):  # the shell's completion
        return None
    out = sys.stdout
    encoding = (getattr(out, "encoding", None) or "").lower().replace("_", "-")
    if out is None or encoding not in ("utf-8", "utf8"):
        return None
    from ledger import __version__

    parts = (
        FORMAT,
        __version__,
        sys.version,
        sys.prefix,
        _stamp(),
        _columns(),
        getattr(out, "errors", None),
        getattr(sys.stderr, "encoding", None),
        getattr(sys.stderr, "errors", None),
        *(os.environ.get(name) for name in ENVIRONMENT),
        argv[0] if argv else "",
        *args,
        *extra,
    )
    return repr(parts)


def _workbook_id(path: str) -> str:
    """Which file `path` is now: where, which inode, its size and time (or that there is none)."""
    full = os.path.abspath(path)
    try:
        st = os.stat(full)
    except OSError:
        return repr((full, None))
    return repr((full, st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns))


def _folder() -> str:
    return os.path.join(user_folder("cache"), "help")


def _file(folder: str, key: str) -> str:
    import zlib

    data = key.encode("utf-8", "surrogateescape")
    return os.path.join(folder, f"{zlib.crc32(data):08x}{zlib.adler32(data):08x}.txt")


def _read(folder: str, key: str) -> tuple[str, str] | None:
    """(the line that says what it is, the text) kept under `key`, or None."""
    try:
        with open(_file(folder, key), encoding="utf-8", newline="") as f:
            data = f.read()
    except (OSError, UnicodeDecodeError):
        return None
    first, _, rest = data.partition("\n")
    if first != key:  # another key with the same checksum
        return None
    what, _, text = rest.partition("\n")
    return what, text


def _write(folder: str, key: str, what: str, text: str) -> None:
    try:
        os.makedirs(folder, exist_ok=True)
        path = _file(folder, key)
        tmp = f"{path}.tmp-{os.getpid()}"
        with open(tmp, "w", encoding="utf-8", newline="") as f:
            f.write(f"{key}\n{what}\n{text}")
        os.replace(tmp, path)
        kept = sorted(os.scandir(folder), key=lambda e: e.stat().st_mtime_ns)
        for old in kept[: max(0, len(kept) - KEEP)]:
            os.unlink(old.path)
    except (OSError, UnicodeEncodeError):  # no cache is only a slower --help
        pass


#: The key `replay` made for this run's command line, which `keeping` starts from (a balance's
#: key hashes the workbook: once, not twice, before the command runs).
_made: dict[tuple[str, ...], str | None] = {}


def replay(argv: Sequence[str]) -> int | None:
    """Print the kept text of this help request and give its exit code; None when there is
    none (the full program runs)."""
    key = _made[tuple(argv)] = _key(argv)
    folder = _folder()
    if key is None:
        return None
    kept = _read(folder, key)
    if kept is not None and kept[0].startswith("workbook "):
        kept = _read(folder, f"{key} {_workbook_id(kept[0][len('workbook ') :])}")
    if kept is None or not kept[0].startswith("exit "):
        return None
    try:
        code, size = (int(n) for n in kept[0].split()[1:])
    except ValueError:
        return None
    if not _emit(sys.stdout, sys.stderr, kept[1][:size], kept[1][size:]):
        return 1
    return code


def _emit(out: TextIO, err: TextIO, printed: str, said: str) -> bool:
    """Write what the program printed on each stream; False when the reader of stdout went
    away (`ledger --help | head -1`): nothing more is written there, as click does."""
    try:
        out.write(printed)
        out.flush()
    except BrokenPipeError:
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115  (Python flushes it at exit)
        return False
    if said:
        err.write(said)
        err.flush()
    return True


def keeping(argv: Sequence[str], run: Callable[[], object]) -> None:
    """Run the full program; for a help request, keep what it printed for the next time (when
    it exited 0, or 2 as bare `ledger` and a usage error do)."""
    key = _made.pop(tuple(argv)) if tuple(argv) in _made else _key(argv)
    folder = _folder()
    if key is None:
        run()
        return
    import io

    help_asked = is_help_request(list(argv[1:]))
    real_out, real_err = sys.stdout, sys.stderr
    if help_asked:
        out, err = io.StringIO(), io.StringIO()
    else:  # a table is drawn for the terminal it will be shown on, as without the cache
        out, err = _Captured(real_out), _Captured(real_err)
    consulted.clear()
    code: object = None
    finished = False
    sys.stdout, sys.stderr = out, err
    try:
        run()
        finished = True
    except SystemExit as exc:
        code, finished = exc.code, True
        raise
    finally:
        sys.stdout, sys.stderr = real_out, real_err
        code = 0 if code is None else code
        if finished and code in (0, 2):
            if help_asked:
                _keep(folder, key, int(code), out.getvalue(), err.getvalue())
            elif code == 0 and not err.getvalue() and _key(argv) == key:  # the same bytes
                _keep(folder, key, 0, out.getvalue(), "")  # (a warning is said afresh)
        if not _emit(real_out, real_err, out.getvalue(), err.getvalue()):
            raise SystemExit(1)  # as click ends on a closed pipe


class _Captured:
    """What is written to a stream, kept until the command ends, while the stream is still
    asked whether it is a terminal and how wide (Rich draws as for that stream)."""

    def __init__(self, real: TextIO) -> None:
        import io

        self._real = real
        self._text = io.StringIO()
        self.encoding = getattr(real, "encoding", "utf-8")
        self.errors = getattr(real, "errors", "strict")

    def write(self, text: str) -> int:
        return self._text.write(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return self._real.isatty()

    def fileno(self) -> int:
        return self._real.fileno()

    def getvalue(self) -> str:
        return self._text.getvalue()


def _keep(folder: str, key: str, code: int, out: str, err: str) -> None:
    seen = set(consulted)
    if len(seen) > 1:
        return
    if seen:
        ((path, before),) = seen
        if before != _workbook_id(path) or "\n" in path or "\r" in path:
            return  # it changed meanwhile: which game it plays is not known for sure
        _write(folder, key, f"workbook {path}", "")
        key = f"{key} {before}"
    _write(folder, key, f"exit {code} {len(out)}", out + err)


def note_workbook(path: str) -> None:
    """The full program looked at this workbook (as the command line names it) to find a
    command: its help is kept under it."""
    consulted.append((path, _workbook_id(path)))
