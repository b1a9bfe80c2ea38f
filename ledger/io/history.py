"""The history beside a workbook (`.NAME.xlsx.history/`): the versions kept for `ledger undo`
and their log, whose entry for a save is written before the workbook is replaced and settled
by the next command that takes the lock (see `store`)."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import shutil
import stat
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

import msgspec

#: How many previous versions the history keeps.
HISTORY_KEEP = 50


def temp_name(path: Path) -> Path:
    return path.with_name(f".{path.name}.tmp-{os.getpid()}")


def history_dir(path: Path) -> Path:
    return path.with_name(f".{path.name}.history")


def fsync_dir(folder: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
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


def written_path(path: Path) -> Path:
    """Where the digest of the bytes ledger last put in the workbook (a save or an undo) is
    kept: `undo` refuses when the workbook is not those bytes (changed by hand since)."""
    return history_dir(path) / "written"


def note_written(path: Path, digest: str) -> None:
    """Record that ledger just put the bytes with `digest` in the workbook."""
    hist = history_dir(path)
    hist.mkdir(exist_ok=True)
    target = written_path(path)
    tmp = target.with_name(f"{target.name}.tmp-{os.getpid()}")
    try:
        tmp.write_text(digest + "\n", encoding="utf-8")
        os.replace(tmp, target)
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()


def last_written(path: Path) -> str | None:
    """The digest of what ledger last wrote to the workbook; for a history from an earlier
    ledger version without that record, the newest saved entry's digest (None: unknown)."""
    with contextlib.suppress(OSError):
        text = written_path(path).read_text(encoding="utf-8").strip()
        if text:
            return text
    entries = versions(path)
    if entries and entries[-1].digest:
        return entries[-1].digest
    return None


def set_orphan_history_aside(path: Path) -> Path | None:
    """A history folder whose workbook is gone belongs to another game: move it aside (to
    `.NAME.xlsx.history-orphaned-N`) so that `undo` never puts that game over a new one."""
    hist = history_dir(path)
    if path.exists() or not hist.is_dir():
        return None
    n = 1
    while True:
        target = hist.with_name(f"{hist.name}-orphaned-{n}")
        if not target.exists():
            break
        n += 1
    os.replace(hist, target)
    return target


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
    """The versions after the log's newest damaged line, and that line (None: none)."""
    log = log_path(path)
    try:
        text = log.read_text(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        return [], None
    out: list[Version] = []
    barrier = None
    for line in text.splitlines():
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


_KEPT_NAME = re.compile(r"\d{6}\.xlsx")
_STATES = ("done", "pending", "undoing")


def _sound(v: Version, path: Path) -> bool:
    """A log line ledger could have written: the right types, a kept file's own name (never a
    path out of the history folder), outputs that are files beside the workbook."""
    texts = (v.file, v.at, v.command, v.summary, v.digest, v.state, v.kept)
    if type(v.seq) is not int or v.seq < 1 or not all(isinstance(t, str) for t in texts):
        return False
    if not _KEPT_NAME.fullmatch(v.file) or v.state not in _STATES:
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
    that no undo ever goes past it (the versions before it are no longer reachable)."""
    log = log_path(path)
    tmp = log.with_name(f"{log.name}.tmp-{os.getpid()}")
    barrier = damaged(path)
    try:
        with tmp.open("w", encoding="utf-8") as f:
            if barrier is not None:
                f.write(barrier + "\n")
            f.write("".join(json.dumps(asdict(e)) + "\n" for e in entries))
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, log)
        fsync_dir(log.parent)  # the entry is on disk before the workbook is replaced
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()


def digest_file(path: Path) -> str:
    """The SHA-256 of a regular file (a FIFO or a device is an OSError, never a wait)."""
    h = hashlib.sha256()
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
            raise OSError(f"{path} is not a regular file")
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def plain_beside(path: Path, name: str) -> Path | None:
    """The file `name` beside the workbook when no part of its path is a link and it is a
    regular file there, not the workbook and not in its history; else None."""
    folder = path.parent
    here = folder
    for part in Path(name).parts:
        here = here / part
        try:
            st = os.lstat(here)
        except OSError:
            return None
        if stat.S_ISLNK(st.st_mode):
            return None
    real, base = os.path.realpath(here), os.path.realpath(folder)
    if (
        not stat.S_ISREG(st.st_mode)
        or os.path.dirname(real) == ""
        or not real.startswith(base + os.sep)
    ):
        return None
    if real == os.path.realpath(path) or real.startswith(
        os.path.realpath(history_dir(path)) + os.sep
    ):
        return None
    return here


def settle_pending(path: Path) -> None:
    """Decide what a save that was cut off did (called holding the lock): the entry and its
    kept file go only when the workbook is still the kept (previous) file's bytes, i.e. the
    replace never happened; otherwise (the saved bytes, or those changed by hand since) the
    entry stays, confirmed, so no undo step is lost."""
    entries = versions(path)
    if entries and entries[-1].state == "undoing":
        _settle_undo(path, entries)
        return
    if not entries or entries[-1].state != "pending":
        return
    last = entries[-1]
    try:
        current = digest_file(path)
    except OSError:
        current = ""
    if current and current == last.digest:
        with contextlib.suppress(OSError):
            note_written(path, current)
        write_log(path, [*entries[:-1], replace(last, state="done")])
        return
    kept = history_dir(path) / last.file
    try:
        never = bool(current) and current == digest_file(kept)
    except OSError:
        never = False
    if not never:  # changed by hand since, or unreadable: the save may have happened
        write_log(path, [*entries[:-1], replace(last, state="done")])
        return
    write_log(path, entries[:-1])
    with contextlib.suppress(OSError):
        kept.unlink()


def _settle_undo(path: Path, entries: list[Version]) -> None:
    """An undo cut off around its replace: done when the workbook is the kept version's
    bytes (the entry and its file go), else it never happened (the entry stays)."""
    last = entries[-1]
    source = history_dir(path) / last.file
    try:
        restored = digest_file(source)
        undone = digest_file(path) == restored
    except OSError:
        undone = False
    if undone:
        note_written(path, restored)
        write_log(path, entries[:-1])
        with contextlib.suppress(OSError):
            source.unlink()
    else:
        write_log(path, [*entries[:-1], replace(last, state="done")])


def keep_previous(path: Path, entries: list[Version]) -> Path | None:
    """Link (or copy) the current workbook into the history before it is replaced."""
    if not path.exists():
        return None
    hist = history_dir(path)
    hist.mkdir(exist_ok=True)
    # after every number in the log and every file kept (versions before a damaged line of
    # the log are no longer listed, but stay: a new version never takes their place)
    kept = [int(f.name[:6]) for f in hist.iterdir() if _KEPT_NAME.fullmatch(f.name)]
    seq = max([e.seq for e in entries] + kept + [0]) + 1
    target = hist / f"{seq:06d}.xlsx"
    try:
        os.link(path, target)
    except OSError:
        shutil.copy2(path, target)
    return target


def note_moved(path: Path, saved: Version, aside: Aside) -> None:
    """Record in the entry of the save `saved` (an `undo --to`) what it moved aside, so that
    undoing it puts those files back."""
    entries = versions(path)
    if not aside.moved or not entries or entries[-1].seq != saved.seq:
        return
    pairs = tuple(
        (os.path.relpath(a, path.parent), os.path.relpath(b, path.parent))
        for a, b in zip(aside.moved, aside.went, strict=True)
    )
    write_log(path, [*entries[:-1], replace(entries[-1], moved=entries[-1].moved + pairs)])


def note_outputs(path: Path, saved: Version, files: list[Path]) -> None:
    """Record what the command that saved `saved` wrote afterwards, so `undo` can move it
    aside."""
    if not saved.file or not files:
        return
    entries = versions(path)
    if not entries or entries[-1].seq != saved.seq:
        return
    names = tuple(os.path.relpath(f, path.parent) for f in files)
    write_log(path, [*entries[:-1], replace(entries[-1], outputs=entries[-1].outputs + names)])


def finish_log(path: Path, before: list[Version], entry: Version) -> None:
    """Mark this save's entry done and let the oldest versions go. A failure here leaves
    the entry pending, which the next command confirms (the digest is the workbook's)."""
    entries = [*before, entry]
    hist = history_dir(path)
    for old in entries[:-HISTORY_KEEP]:
        with contextlib.suppress(OSError):
            (hist / old.file).unlink()
    write_log(path, entries[-HISTORY_KEEP:])


class Aside(msgspec.Struct, frozen=True):
    """What undone commands had written after their saves, moved out of the way."""

    #: the files, where they were
    moved: list[Path]
    #: the folders they went to, one an undone command (`.NAME.xlsx.history/undone-SEQ/`)
    folders: list[Path]
    #: where each went, in the order of `moved`
    went: list[Path] = msgspec.field(default_factory=list)


def move_aside(path: Path, undone: list[Version]) -> Aside:
    """Move what the `undone` commands wrote after their saves (a tick's summary and
    statements) into the history folder, `undone-SEQ/` for each: the newest first, so that a
    file two of them wrote goes with the one that wrote it last. A file already gone, or that
    cannot be moved, stays as it is: the workbook is back either way."""
    moved: list[Path] = []
    folders: list[Path] = []
    went: list[Path] = []
    for version in sorted(undone, key=lambda v: v.seq, reverse=True):
        aside = history_dir(path) / f"undone-{version.seq:06d}"
        for name in version.outputs:
            f = plain_beside(path, name)
            if f is None:  # gone, or reached through a link: never moved
                continue
            target = aside / name.replace(os.sep, "__")
            while target.exists():  # an earlier undo's file of the same name stays
                target = target.with_name(f"{target.stem}~{target.suffix}")
            with contextlib.suppress(OSError):
                aside.mkdir(parents=True, exist_ok=True)
                os.replace(f, target)
                moved.append(f)
                went.append(target)
                if aside not in folders:
                    folders.append(aside)
    return Aside(moved, folders, went)
