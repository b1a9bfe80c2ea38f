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
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

from ledger.core.problems import ProblemsFound, problem

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
    """The kept versions, oldest first; a damaged line of the log is passed over, not fatal."""
    log = log_path(path)
    try:
        text = log.read_text(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        return []
    out = []
    for line in text.splitlines():
        if not line.strip():
            continue
        try:
            data = json.loads(line)
            data["outputs"] = tuple(data.get("outputs", ()))
            version = Version(**data)
        except (ValueError, TypeError, AttributeError):
            continue
        if _sound(version):
            out.append(version)
    return out


_KEPT_NAME = re.compile(r"\d{6}\.xlsx")
_STATES = ("done", "pending", "undoing")


def _sound(v: Version) -> bool:
    """A log line ledger could have written: the right types, a kept file's own name (never a
    path out of the history folder), outputs inside the workbook's folder."""
    texts = (v.file, v.at, v.command, v.summary, v.digest, v.state)
    if type(v.seq) is not int or v.seq < 1 or not all(isinstance(t, str) for t in texts):
        return False
    if not _KEPT_NAME.fullmatch(v.file) or v.state not in _STATES:
        return False
    for name in v.outputs:
        if not isinstance(name, str) or not name or "\0" in name:
            return False
        parts = Path(name).parts
        if Path(name).is_absolute() or ".." in parts or name.startswith(("/", "\\")):
            return False
    return True


def write_log(path: Path, entries: list[Version]) -> None:
    log = log_path(path)
    tmp = log.with_name(f"{log.name}.tmp-{os.getpid()}")
    try:
        with tmp.open("w", encoding="utf-8") as f:
            f.write("".join(json.dumps(asdict(e)) + "\n" for e in entries))
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, log)
        fsync_dir(log.parent)  # the entry is on disk before the workbook is replaced
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()


def digest_file(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


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
    seq = max([e.seq for e in entries] + [0]) + 1
    target = hist / f"{seq:06d}.xlsx"
    with contextlib.suppress(FileNotFoundError):
        target.unlink()
    try:
        os.link(path, target)
    except OSError:
        shutil.copy2(path, target)
    return target


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


@dataclass(frozen=True)
class Undone:
    version: Version
    #: Where the files that command wrote after its save were moved to.
    moved: list[Path]
    aside: Path | None


@dataclass(frozen=True)
class Aside:
    """What undone commands had written after their saves, moved out of the way."""

    #: the files, where they were
    moved: list[Path]
    #: the folders they went to, one an undone command (`.NAME.xlsx.history/undone-SEQ/`)
    folders: list[Path]


def move_aside(path: Path, undone: list[Version]) -> Aside:
    """Move what the `undone` commands wrote after their saves (a tick's summary and
    statements) into the history folder, `undone-SEQ/` for each: the newest first, so that a
    file two of them wrote goes with the one that wrote it last. A file already gone, or that
    cannot be moved, stays as it is: the workbook is back either way."""
    moved: list[Path] = []
    folders: list[Path] = []
    for version in sorted(undone, key=lambda v: v.seq, reverse=True):
        aside = history_dir(path) / f"undone-{version.seq:06d}"
        for name in version.outputs:
            f = path.parent / name
            if not f.is_file():
                continue
            target = aside / name.replace(os.sep, "__")
            with contextlib.suppress(OSError):
                aside.mkdir(parents=True, exist_ok=True)
                os.replace(f, target)
                moved.append(f)
                if aside not in folders:
                    folders.append(aside)
    return Aside(moved, folders)


def undo(path: Path, on_replaced: Callable[[Version], None] | None = None) -> Undone:
    """Put back the newest kept version; returns what was undone. The log marks the entry
    "undoing" before the workbook is replaced (the next command settles a cut-off undo by
    the workbook's bytes); `on_replaced` runs right after the replace."""
    entries = versions(path)
    if not entries:
        raise ProblemsFound(
            [problem("nothing-to-undo", str(path), "there is no earlier version to go back to", "")]
        )
    last = entries[-1]
    source = history_dir(path) / last.file
    if not source.exists():
        write_log(path, entries[:-1])  # a version that is gone cannot block the older ones
        raise ProblemsFound(
            [
                problem(
                    "history-missing",
                    str(source),
                    "the newest kept version is gone from the history folder",
                    "run `ledger undo` again for the one before it",
                )
            ]
        )
    tmp = temp_name(path)
    marked = replaced = False
    try:
        shutil.copy2(source, tmp)
        with tmp.open("rb+") as f:
            os.fsync(f.fileno())
        mode = stat.S_IMODE(path.stat().st_mode) if path.exists() else 0o644
        os.chmod(tmp, mode | stat.S_IWUSR)
        restored = digest_file(tmp)
        write_log(path, [*entries[:-1], replace(last, state="undoing")])
        marked = True
        fsync_dir(history_dir(path))
        os.replace(tmp, path)
        replaced = True
        if on_replaced is not None:
            on_replaced(last)
        fsync_dir(path.parent)
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()
        if marked and not replaced:
            with contextlib.suppress(OSError):
                write_log(path, entries)
    with contextlib.suppress(OSError):  # without it, a next `undo` refuses: the safe side
        note_written(path, restored)
    # a failure here leaves the entry "undoing": the next command settles it
    write_log(path, entries[:-1])
    with contextlib.suppress(OSError):
        source.unlink()
    with contextlib.suppress(OSError):  # the balance cache no longer describes these bytes
        path.with_name(f".{path.name}.cache.json").unlink()
    aside = move_aside(path, [last])
    return Undone(last, aside.moved, aside.folders[0] if aside.folders else None)
