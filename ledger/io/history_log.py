"""The history folder beside a workbook (`.NAME.xlsx.history/`) and its log (`log.jsonl`):
one line a kept version, believed only as ledger writes it. The folder and the log are believed
only when they are this account's alone (`ledger.owned`), the log opened through the folder as
checked and never through a link; it is read to a bound (`LOG_MAX` in all, `LINE_MAX` a line:
a longer line is a damaged one, read through and never kept whole), so a hostile log costs a
save neither time nor memory. A line that cannot be trusted is a wall no undo steps over."""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import stat
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import BinaryIO

from ledger import owned
from ledger.core.problems import ProblemsFound, problem

#: The most of the log ever read: ledger writes at most HISTORY_KEEP lines of a few kB (and
#: one damaged line first); a bigger log is no log ledger wrote and is not read at all.
LOG_MAX = 16 * 1024 * 1024
#: The longest line of the log read: a longer one is damaged, passed over without keeping it.
LINE_MAX = 1024 * 1024
FOLDER = "the history folder"


def history_dir(path: Path) -> Path:
    return path.with_name(f".{path.name}.history")


def open_folder(path: Path) -> int | None:
    """The workbook's history folder, opened and checked (it is this account's alone): a
    descriptor the caller closes, None when there is none; else refused by name."""
    return owned.open_folder(history_dir(path), FOLDER)


def check_folder(path: Path) -> None:
    """Refuse a history folder that is not this account's alone (before anything is done)."""
    fd = open_folder(path)
    if fd is not None:
        os.close(fd)


@contextlib.contextmanager
def made_folder(path: Path) -> Iterator[int]:
    """The history folder, made owner-only if it is not there, opened and checked."""
    fd = owned.make_folder(history_dir(path), FOLDER)
    try:
        yield fd
    finally:
        os.close(fd)


@dataclass(frozen=True)
class Version:
    """One kept version: `file` in the history folder holds the workbook as it was before
    `command` changed it into the bytes whose digest is `digest`."""

    seq: int
    file: str
    at: str
    command: str
    summary: str
    #: SHA-256 of the workbook this command saved ("" in logs of earlier ledger versions).
    digest: str = ""
    #: "pending" from just before the replace until it is known to have happened.
    state: str = "done"
    #: Files the command wrote after its save (summary, statements), relative to the folder.
    outputs: tuple[str, ...] = field(default=())
    #: SHA-256 of the kept file (the workbook before the command): it is put back only when
    #: its bytes are still those ("" in logs of earlier ledger versions: the digest the
    #: command before it saved).
    kept: str = ""
    #: Files an `undo --to` moved aside, each (where it was, where it went), relative to the
    #: folder: undoing that undo puts them back.
    moved: tuple[tuple[str, str], ...] = field(default=())


def log_path(path: Path) -> Path:
    return history_dir(path) / "log.jsonl"


def versions(path: Path) -> list[Version]:
    """The kept versions that can be gone back to, oldest first: those after the newest line
    of the log that cannot be read (`damaged`). No undo ever steps over such a line."""
    return read_log(path)[0]


def damaged(path: Path) -> str | None:
    """The newest line of the log that cannot be read, or that names a file ledger would
    never write (outside the workbook's folder, the workbook itself, its history), as it
    stands; None when every line is sound."""
    return read_log(path)[1]


def read_log(path: Path) -> tuple[list[Version], str | None]:
    """The versions after the log's newest damaged line, and that line (None: none). A log
    (or folder) that is not this account's alone is refused by name; one bigger than
    `LOG_MAX` is not read: a damaged line that stands for all of it."""
    fd = open_folder(path)
    if fd is None:
        return [], None
    try:
        log = os.open("log.jsonl", owned.READ, dir_fd=fd)
    except FileNotFoundError:
        return [], None
    except OSError as exc:
        if exc.errno != errno.ELOOP:
            raise
        raise _a_link(path) from None
    finally:
        os.close(fd)
    with os.fdopen(log, "rb") as f:
        st = owned.check(f.fileno(), str(log_path(path)), "the history log")
        if not stat.S_ISREG(st.st_mode):
            return [], "# the history log was not a plain file"
        if st.st_size > LOG_MAX:
            return [], f"# the history log was {st.st_size:,} bytes, more than ledger writes"
        return _parse(path, _lines(f))


def _a_link(path: Path) -> ProblemsFound:
    where = log_path(path)
    return ProblemsFound(
        [
            problem(
                "not-yours-alone",
                str(where),
                "the history log is a link: ledger follows none in its history",
                "move the link aside (the log ledger wrote is elsewhere, if anywhere)",
            )
        ]
    )


def _lines(f: BinaryIO) -> Iterator[str]:
    """The log's lines, each at most `LINE_MAX` bytes: a longer one is read through (never
    kept whole) and given as a short damaged line in its place."""
    total = 0
    while total <= LOG_MAX:
        raw = f.readline(LINE_MAX + 1)
        total += len(raw)
        if not raw:
            return
        if len(raw) > LINE_MAX and not raw.endswith(b"\n"):
            start = raw[:40]
            while raw and not raw.endswith(b"\n") and total <= LOG_MAX:
                raw = f.readline(LINE_MAX)
                total += len(raw)
            yield f"# a line longer than ledger writes ({LINE_MAX:,} bytes), not kept: {start!r}"
            continue
        yield raw.decode("utf-8", "replace").rstrip("\n")


def _parse(path: Path, lines: Iterator[str]) -> tuple[list[Version], str | None]:
    out: list[Version] = []
    barrier = None
    for line in lines:
        if not line.strip():
            continue
        try:
            data = json.loads(line)
            data["outputs"] = tuple(data.get("outputs", ()))
            data["moved"] = tuple(tuple(pair) for pair in data.get("moved", ()))
            version = Version(**data)
        except (ValueError, TypeError, AttributeError, RecursionError):
            version = None
        if version is None or not _sound(version, path):
            out, barrier = [], line
            continue
        out.append(version)
    return out, barrier


KEPT_NAME = re.compile(r"\d{6}\.xlsx")
_STATES = ("done", "pending", "undoing")


def _sound(v: Version, path: Path) -> bool:
    """A log line ledger could have written: the right types, a kept file's own name (never a
    path out of the history folder), outputs that are files beside the workbook."""
    texts = (v.file, v.at, v.command, v.summary, v.digest, v.state, v.kept)
    if type(v.seq) is not int or v.seq < 1 or not all(isinstance(t, str) for t in texts):
        return False
    if not KEPT_NAME.fullmatch(v.file) or v.state not in _STATES:
        return False
    if any(len(pair) != 2 or not _set_aside(path, pair[1]) for pair in v.moved):
        return False
    return all(beside(path, name) for name in [*v.outputs, *(pair[0] for pair in v.moved)])


def _set_aside(path: Path, name: object) -> bool:
    """Where `move_aside` puts a file: `.NAME.xlsx.history/undone-000004/FILE`."""
    pattern = re.escape(f".{path.name}.history") + r"/undone-\d{6}/[^/\\\0]+"
    return isinstance(name, str) and re.fullmatch(pattern, name) is not None and ".." not in name


def beside(path: Path, name: object) -> bool:
    """`name` is a file ledger writes beside the workbook (a summary, a statement), relative
    to its folder: never outside it, never the workbook, its history or its other files."""
    if not isinstance(name, str) or not name or "\0" in name or "\\" in name:
        return False
    rel = Path(name)
    if rel.is_absolute() or ".." in rel.parts or name.startswith("/"):
        return False
    first = rel.parts[0]
    if first == path.name or first.startswith(f".{path.name}"):
        return False  # the workbook, its history, lock, cache
    if len(rel.parts) == 1 and rel.suffix.lower() == ".xlsx":  # a workbook: only an archive
        archive = re.escape(path.stem) + r"-closed-(txn-)?\d{4,}-\d{4,}\.xlsx"
        return re.fullmatch(archive, name) is not None
    return True


def write_log(path: Path, entries: list[Version]) -> None:
    """The log as `entries`, after the damaged line the log holds, if any: it stays first, so
    that no undo ever goes past it (the versions before it are no longer reachable). The
    entry is on disk (file and folder synced) before the workbook is replaced."""
    barrier = damaged(path)
    lines = ([barrier] if barrier is not None else []) + [json.dumps(asdict(e)) for e in entries]
    with made_folder(path) as fd:
        owned.write_whole("log.jsonl", "".join(f"{x}\n" for x in lines).encode(), dir_fd=fd)
