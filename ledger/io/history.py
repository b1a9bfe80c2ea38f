"""The history beside a workbook (`.NAME.xlsx.history/`): the versions kept for `ledger undo`
and their log (`history_log`), whose entry for a save is written before the workbook is
replaced and settled by the next command that takes the lock (see `store`).

The folder, its log, its `written` record and the kept versions are believed only when they
are this account's alone (`ledger.owned`): opened through the folder as checked, never through
a link, and everything ledger writes there is made afresh."""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import stat
from dataclasses import replace
from pathlib import Path

import msgspec

from ledger import owned
from ledger.core.problems import ProblemsFound
from ledger.io.history_log import (
    FOLDER,
    KEPT_NAME,
    LINE_MAX,
    LOG_MAX,
    Version,
    beside,
    check_folder,
    damaged,
    history_dir,
    log_path,
    made_folder,
    open_folder,
    read_log,
    versions,
    write_log,
)

__all__ = [  # the folder and its log (history_log), for those who use the history
    "FOLDER",
    "LINE_MAX",
    "LOG_MAX",
    "Version",
    "beside",
    "check_folder",
    "damaged",
    "history_dir",
    "log_path",
    "open_folder",
    "read_log",
    "versions",
    "write_log",
]

#: How many previous versions the history keeps.
HISTORY_KEEP = 50
#: The `written` record is a digest (64 hex digits and a line end).
WRITTEN_MAX = 4096


def temp_name(path: Path) -> Path:
    return path.with_name(f".{path.name}.tmp-{os.getpid()}")


def fsync_dir(folder: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def written_path(path: Path) -> Path:
    """Where the digest of the bytes ledger last put in the workbook (a save or an undo) is
    kept: `undo` refuses when the workbook is not those bytes (changed by hand since)."""
    return history_dir(path) / "written"


def note_written(path: Path, digest: str) -> None:
    """Record that ledger just put the bytes with `digest` in the workbook."""
    with made_folder(path) as fd:
        owned.write_whole("written", f"{digest}\n".encode(), dir_fd=fd, sync=False)


def last_written(path: Path) -> str | None:
    """The digest of what ledger last wrote to the workbook; for a history from an earlier
    ledger version without that record, the newest saved entry's digest (None: unknown).
    A record that is not this account's alone is refused by name."""
    fd = open_folder(path)
    if fd is not None:
        try:
            with contextlib.suppress(OSError):
                raw = owned.read_file(
                    "written", str(written_path(path)), "the record of what ledger last wrote",
                    WRITTEN_MAX, dir_fd=fd,
                )  # fmt: skip
                text = (raw or b"")[:WRITTEN_MAX].decode("utf-8", "replace").strip()
                if text:
                    return text
        finally:
            os.close(fd)
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
        never = bool(current) and current == kept_digest(path, last.file)
    except (OSError, ProblemsFound):  # gone, or not this account's alone: not believed
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
        restored = kept_digest(path, last.file)
        undone = digest_file(path) == restored
    except (OSError, ProblemsFound):
        undone = False
    if undone:
        note_written(path, restored)
        write_log(path, entries[:-1])
        with contextlib.suppress(OSError):
            source.unlink()
    else:
        write_log(path, [*entries[:-1], replace(last, state="done")])


def open_kept(path: Path, name: str) -> int:
    """The kept file `name`, opened through the history folder as checked, never through a
    link nor waiting on a pipe: a descriptor the caller closes (and checks: `owned.check`).
    OSError when it cannot be opened (gone, a link)."""
    fd = open_folder(path)
    if fd is None:
        raise FileNotFoundError(errno.ENOENT, "no history folder", str(history_dir(path)))
    try:
        return os.open(name, owned.READ, dir_fd=fd)
    finally:
        os.close(fd)


def kept_digest(path: Path, name: str) -> str:
    """The SHA-256 of the kept file `name` when it is a plain file of this account's alone."""
    h = hashlib.sha256()
    with os.fdopen(open_kept(path, name), "rb") as f:
        st = owned.check(f.fileno(), str(history_dir(path) / name), "a kept version")
        if not stat.S_ISREG(st.st_mode):
            raise OSError(f"{name} is not a regular file")
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def keep_previous(path: Path, entries: list[Version]) -> Path | None:
    """Link the current workbook into the history before it is replaced; copy it (owner-only)
    when it is not this account's alone, which its kept version must be, or cannot be linked."""
    if not path.exists():
        return None
    with made_folder(path) as fd:
        # after every number in the log and every file kept (versions before a damaged line
        # of the log are no longer listed, but stay: a new version never takes their place)
        kept = [int(n[:6]) for n in os.listdir(fd) if KEPT_NAME.fullmatch(n)]
        seq = max([e.seq for e in entries] + kept + [0]) + 1
        name = f"{seq:06d}.xlsx"
        try:
            if not owned.ours_alone(os.stat(path)):
                raise PermissionError("not this account's alone: copied")
            os.link(path, name, dst_dir_fd=fd)
        except OSError:
            out = owned.create(name, dir_fd=fd)
            with open(path, "rb") as src, os.fdopen(out, "wb") as dst:
                for block in iter(lambda: src.read(1 << 20), b""):
                    dst.write(block)
    return history_dir(path) / name


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
                aside.mkdir(mode=0o700, parents=True, exist_ok=True)
                os.replace(f, target)
                moved.append(f)
                went.append(target)
                if aside not in folders:
                    folders.append(aside)
    return Aside(moved, folders, went)
