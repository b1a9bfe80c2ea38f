"""Going back: `ledger undo` puts the newest kept version back, and only bytes ledger kept
(`copy_kept`: a plain file whose digest the log recorded); an undo stops at a line of the log
it cannot trust, never stepping over it (`refuse_damaged`); undoing an `undo --to` puts back
what that jump had moved aside (`put_back`)."""

from __future__ import annotations

import contextlib
import hashlib
import os
import stat
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import msgspec

from ledger import owned
from ledger.core.problems import ProblemsFound, problem
from ledger.io.history import (
    Version,
    damaged,
    fsync_dir,
    history_dir,
    log_path,
    move_aside,
    note_written,
    open_kept,
    temp_name,
    versions,
    write_log,
)


class Undone(msgspec.Struct, frozen=True):
    version: Version
    #: Where the files that command wrote after its save were moved to.
    moved: list[Path]
    aside: Path | None


def copy_kept(path: Path, version: Version, entries: list[Version], to: Path) -> str:
    """Copy the kept file of `version` to `to` when it is a regular file (no link) whose bytes
    are the ones ledger kept: the digest the log recorded for it (or, in a log of an earlier
    ledger version, the one the command before it saved). Its digest; else a problem naming
    the version, and nothing copied."""
    source = history_dir(path) / version.file
    earlier = [e for e in entries if e.seq < version.seq]
    wanted = version.kept or (earlier[-1].digest if earlier else "")
    try:
        fd = open_kept(path, version.file)  # a history folder not the banker's: refused
    except OSError:
        fd = -1
    try:
        if fd < 0 or not stat.S_ISREG(os.fstat(fd).st_mode):
            raise _not_kept(version, source, "it is not a plain file (a link, a folder, gone)")
        owned.check(fd, str(source), f"version {version.seq} (before `{version.command}`)")
        h = hashlib.sha256()
        made = owned.create(str(to), mode=0o600)  # never written through a link left there
        with os.fdopen(fd, "rb", closefd=False) as f, os.fdopen(made, "wb") as out:
            for block in iter(lambda: f.read(1 << 20), b""):
                h.update(block)
                out.write(block)
            out.flush()
            os.fsync(out.fileno())
    finally:
        if fd >= 0:
            os.close(fd)
    if not wanted or h.hexdigest() != wanted:
        with contextlib.suppress(OSError):
            to.unlink()
        why = "its bytes are not those ledger kept" if wanted else "no digest was kept for it"
        raise _not_kept(version, source, why)
    return h.hexdigest()


def _not_kept(version: Version, source: Path, why: str) -> ProblemsFound:
    return ProblemsFound(
        [
            problem(
                "history-not-kept",
                str(source),
                f"version {version.seq} (before `{version.command}`) cannot be put back: {why}",
                "something other than ledger changed the history folder; nothing was undone. "
                "`ledger history` lists the versions kept",
            )
        ]
    )


def undo_newest(path: Path, on_replaced: Callable[[Version], None] | None = None) -> Undone:
    """Put back the newest kept version; returns what was undone. The log marks the entry
    "undoing" before the workbook is replaced (the next command settles a cut-off undo by
    the workbook's bytes); `on_replaced` runs right after the replace."""
    entries = versions(path)
    if not entries:
        refuse_damaged(path)
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
        restored = copy_kept(path, last, entries, tmp)
        mode = stat.S_IMODE(path.stat().st_mode) if path.exists() else 0o644
        os.chmod(tmp, mode | stat.S_IWUSR)
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
    aside = move_aside(path, [last])
    put_back(path, last)
    return Undone(last, aside.moved, aside.folders[0] if aside.folders else None)


def put_back(path: Path, version: Version) -> list[Path]:
    """What an undone `undo --to` had moved aside, put back where it was (a file that is
    there again stays, and the one aside stays aside)."""
    back = []
    for was, went in version.moved:
        source, target = path.parent / went, path.parent / was
        on_the_way = [
            path.parent.joinpath(*Path(was).parts[: i + 1]) for i in range(len(Path(was).parts) - 1)
        ]
        if any(p.is_symlink() for p in [source, *on_the_way]):
            continue  # never written through a link
        if source.is_file() and not target.exists() and not target.is_symlink():
            with contextlib.suppress(OSError):
                target.parent.mkdir(parents=True, exist_ok=True)
                os.replace(source, target)
                back.append(target)
    return back


def refuse_damaged(path: Path) -> None:
    """Stop an undo at a line of the log that cannot be read: it never steps over it."""
    line = damaged(path)
    if line is None:
        return
    raise ProblemsFound(
        [
            problem(
                "history-log-damaged",
                str(log_path(path)),
                "the history log has a line ledger cannot trust here "
                f"({line[:80]!r}): undo stops before it, so that no version is skipped",
                "nothing was undone; the versions before it stay in the history folder "
                "(`ledger history` lists those after it)",
            )
        ]
    )
