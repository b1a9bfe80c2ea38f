"""Keeping the user's workbook safe: one writer at a time, atomic saves, the previous versions.

- `session(path)` holds an exclusive lock (a hidden `.NAME.xlsx.lock` beside the workbook) for
  the whole load-change-save, so two commands at once never lose an update.
- Excel's `~$NAME.xlsx` or LibreOffice's `.~lock.NAME.xlsx#` means the workbook is open there:
  changing it is refused (exit 3) unless forced. So is a workbook whose mode marks it
  read-only (no write bit for its owner), for every user, root included.
- `save` writes a temporary file in the same folder and fsyncs it; links the previous version
  into the hidden history folder `.NAME.xlsx.history/`; writes the history log's entry for this
  command *first*, marked pending with the digest of the new bytes; then `os.replace`s and marks
  the entry done. A kill or a fault at any step leaves either the old workbook (and the pending
  entry is dropped by the next command that takes the lock: its digest is not the workbook's)
  or the new one (and the entry is confirmed: its digest is), never a workbook the log
  does not describe.
- `undo` puts back the newest version from the history, and moves aside what that command
  wrote after its save (the tick's summary and statements).
"""

from __future__ import annotations

import contextlib
import errno
import os
import shlex
import stat
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

from ledger import owned
from ledger.core.problems import ProblemsFound, problem
from ledger.io import history
from ledger.io.history import (
    HISTORY_KEEP,
    Version,
    history_dir,
    settle_pending,
    temp_name,
    versions,
)
from ledger.io.oserrors import os_problem
from ledger.io.run import fault as _fault
from ledger.io.run import note_saved, saved_in_this_run
from ledger.io.undo import Undone, undo_newest

__all__ = [  # what the commands use of the history and the errors, through the store
    "HISTORY_KEEP",
    "Undone",
    "Version",
    "history_dir",
    "os_problem",
    "undo",
    "versions",
]

LOCK_WAIT_SECONDS = 60.0
EXIT_LOCKED = 3
#: The command's change was saved, but something it writes afterwards (the history's
#: bookkeeping, the summary, the statements) could not be written.


def lock_path(path: Path) -> Path:
    return path.with_name(f".{path.name}.lock")


def office_locks(path: Path) -> list[Path]:
    """Lock files Excel and LibreOffice leave beside a workbook they have open."""
    candidates = [path.with_name(f"~${path.name}"), path.with_name(f".~lock.{path.name}#")]
    return [c for c in candidates if c.exists()]


def refuse_if_open_elsewhere(path: Path, force: bool) -> None:
    found = office_locks(path)
    if found and not force:
        raise ProblemsFound(
            [
                problem(
                    "workbook-open",
                    str(path),
                    f"the workbook is open in Excel or LibreOffice (lock file {found[0].name})",
                    "save and close it there first; if it is not open, delete the lock file or add --force",
                )
            ],
            exit_code=EXIT_LOCKED,
        )


def refuse_if_read_only(path: Path) -> None:
    """A workbook marked read-only (its owner may not write it) is the banker's mark that it
    must not change; root, whom the system lets write anyway, respects it too."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return  # not there (yet): `new` makes it, the others say "no workbook"
    if stat.S_ISREG(mode) and not mode & stat.S_IWUSR:
        raise ProblemsFound(
            [
                problem(
                    "workbook-read-only",
                    str(path),
                    "the workbook is marked read-only",
                    f"make it writable first (chmod u+w {path.name}, or untick read-only in its properties)",
                )
            ],
            exit_code=EXIT_LOCKED,
        )


#: Workbooks with macros: ledger writes values only, so a save would drop the macros and
#: leave a file Excel refuses under its name.
MACRO_SUFFIXES = (".xlsm", ".xltm", ".xlam")


def refuse_if_macros(path: Path) -> None:
    """Refuse to change a workbook with macros (by its name, or by the VBA part inside)."""
    macros = path.suffix.lower() in MACRO_SUFFIXES
    if not macros and path.is_file():
        import zipfile

        with contextlib.suppress(OSError, zipfile.BadZipFile), zipfile.ZipFile(path) as z:
            macros = any(n.lower().endswith("vbaproject.bin") for n in z.namelist())
    if macros:
        raise ProblemsFound(
            [
                problem(
                    "macro-workbook",
                    str(path),
                    "the workbook has macros (.xlsm); ledger writes values only and would drop them",
                    "keep the macros in another file: save a copy as .xlsx (Excel Workbook) "
                    "for ledger and use that one",
                )
            ]
        )


def refuse_to_change(path: Path, force: bool) -> None:
    """What every changing command checks first: not open elsewhere, not read-only, no
    macros to lose."""
    refuse_if_open_elsewhere(path, force)
    refuse_if_read_only(path)
    refuse_if_macros(path)


@contextlib.contextmanager
def exclusive(path: Path, wait: float = LOCK_WAIT_SECONDS) -> Iterator[None]:
    """Hold the workbook's writer lock; waits up to `wait` seconds for another ledger command.
    Holding it, first tidy what a killed command left: temp files, and the history log's
    entry of a save that never finished."""
    import fcntl

    lp = lock_path(path)
    lp.parent.mkdir(parents=True, exist_ok=True)
    try:  # never opened (nor made) through a link left at its name
        fd = os.open(lp, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
    except OSError as exc:
        if exc.errno != errno.ELOOP:
            raise
        raise ProblemsFound(
            [
                problem(
                    "not-yours-alone",
                    str(lp),
                    "the workbook's lock file is a link: ledger opens none there",
                    f"remove the link (rm {shlex.quote(str(lp))}); ledger makes the lock file itself",
                )
            ]
        ) from None
    try:
        deadline = time.monotonic() + wait
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise ProblemsFound(
                        [
                            problem(
                                "workbook-busy",
                                str(path),
                                f"another ledger command has held {lp.name} for {wait:.0f} s",
                                "wait for it to finish, then try again",
                            )
                        ],
                        exit_code=EXIT_LOCKED,
                    ) from None
                time.sleep(0.05)
        # a history another account owns or may write is refused before anything is done
        # there: no temp file cleaned in it, no save kept in it, no undo from it
        history.check_folder(path)
        clean_stale_temp_files(path)
        settle_pending(path)
        yield
    finally:
        os.close(fd)  # closing releases the lock


def pid_alive(pid: int) -> bool:
    """Whether process `pid` still runs (one of another user's counts as running)."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # someone else's process: alive
    return True


def _temp_files(path: Path) -> Iterator[Path]:
    """Every temp file ledger makes for this workbook: the workbook's own, the history log's,
    the cache's, the printable summaries' and the statements'."""
    folder = path.parent
    yield from folder.glob(f".{path.name}.tmp-*")
    yield from folder.glob(f".{path.name}.pending.json.tmp-*")
    yield from folder.glob(f".{path.stem}-*.tmp-*")
    yield from history_dir(path).glob("*.tmp-*")
    yield from (folder / "statements").glob(".*.tmp-*")


def clean_stale_temp_files(path: Path) -> list[Path]:
    """Remove the temp files a killed command left behind (those of a live process stay:
    statements are written after the lock is let go), and what a killed `ledger close` left
    before its save. An archive's temporary file is removed only on the word of that close's
    note: a workbook an older ledger saved before renaming its archive names it."""
    removed = _settle_closes(path)
    for stale in _temp_files(path):
        pid = stale.name.rpartition(".tmp-")[2]
        if (pid.isdigit() and pid_alive(int(pid))) or _is_archive_temp(path, stale):
            continue
        with contextlib.suppress(OSError):
            stale.unlink()
            removed.append(stale)
    return removed


def _is_archive_temp(path: Path, temp: Path) -> bool:
    return temp.parent == path.parent and temp.name.startswith(f".{path.stem}-closed-")


def _settle_closes(path: Path) -> list[Path]:
    """The note of a killed `ledger close` (`.NAME.xlsx.closing-PID`: its archive's name and
    the workbook's SHA-256 as the close read it). While the workbook is still those bytes,
    the close never saved and no workbook names its archive: the archive and its temporary
    file go. Otherwise the workbook was saved (or changed since): the archive stays. The note
    goes either way (one that cannot be read was cut short before anything else was written)."""
    import hashlib
    import json

    removed: list[Path] = []
    for note in path.parent.glob(f".{path.name}.closing-*"):
        pid = note.name.rpartition("-")[2]
        if pid.isdigit() and pid_alive(int(pid)):
            continue
        try:
            said = json.loads(note.read_text(encoding="utf-8"))
            name, before = str(said["archive"]), str(said["workbook"])
            unsaved = hashlib.sha256(path.read_bytes()).hexdigest() == before
        except (OSError, ValueError, TypeError, KeyError):
            name, unsaved = "", False
        ours = name.startswith(f"{path.stem}-closed-") and name.endswith(".xlsx")
        if unsaved and ours and "/" not in name and os.sep not in name:
            for leftover in (path.with_name(name), path.with_name(f".{name}.tmp-{pid}")):
                with contextlib.suppress(OSError):
                    leftover.unlink()
                    removed.append(leftover)
        with contextlib.suppress(OSError):
            note.unlink()
            removed.append(note)
    return removed


def save(
    path: Path,
    write: Callable[[Path], None],
    *,
    command: str,
    summary: str,
    before_replace: Callable[[], None] | None = None,
) -> str:
    """Write the workbook atomically, keeping the previous version for `ledger undo`.
    `before_replace` runs last, just before the workbook is replaced (a final check).
    Returns the digest of the bytes saved."""
    tmp = temp_name(path)
    kept: Path | None = None
    logged = False
    replaced = False
    try:
        _write_temp(path, tmp, write)
        _fault("written")
        if before_replace is not None:
            before_replace()
        if path.exists():
            os.chmod(tmp, stat.S_IMODE(path.stat().st_mode) | stat.S_IWUSR)
        digest = history.digest_file(tmp)
        history.set_orphan_history_aside(path)
        entries = versions(path)
        kept = history.keep_previous(path, entries)
        entry = None
        if kept is not None:
            stamp, was = time.strftime("%Y-%m-%d %H:%M:%S"), history.digest_file(kept)
            entry = Version(
                int(kept.stem), kept.name, stamp, command, summary, digest, "pending", kept=was
            )
            history.write_log(path, [*entries, entry][-HISTORY_KEEP:])
            logged = True
        _fault("before-replace")
        os.replace(tmp, path)
        replaced = True
        # recorded at once: whatever fails from here on is reported as saved-but
        done = replace(entry, state="done") if entry is not None else None
        note_saved(path, done or Version(0, "", "", command, summary, digest))
        with contextlib.suppress(OSError):  # without it, `undo` refuses: the safe side
            history.note_written(path, digest)
        history.fsync_dir(path.parent)
        if done is not None:
            _fault("after-replace")
            # a failure here leaves the entry pending: the next command confirms it
            with contextlib.suppress(OSError):
                history.finish_log(path, entries, done)
        return digest
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()
        if not replaced:
            if logged:  # the entry of a save that did not happen goes again
                with contextlib.suppress(OSError):
                    history.write_log(path, [e for e in versions(path) if e.state != "pending"])
            if kept is not None:
                with contextlib.suppress(OSError):
                    kept.unlink()


def _write_temp(path: Path, tmp: Path, write: Callable[[Path], None]) -> None:
    """`tmp` made afresh (whatever lay at its name, a link to elsewhere, is never written
    through), filled by the writer and synced; an error names the workbook being saved."""
    try:
        os.close(owned.create(str(tmp), mode=0o666))
        write(tmp)
        with tmp.open("rb+") as f:
            os.fsync(f.fileno())
    except OSError as exc:  # not the hidden temp file
        if exc.filename is None or str(exc.filename) == str(tmp):
            exc.filename = str(path)
        raise


def undo(path: Path) -> Undone:
    """Put back the newest kept version (call holding the lock); from the moment the
    workbook is replaced, a failure is reported as saved-but, never as nothing written."""

    def replaced(version: Version) -> None:
        note_saved(
            path,
            replace(
                version,
                command="undo",
                summary=f"undo of `{version.command}` ({version.summary})",
            ),
        )
        _fault("undo-after-replace")

    return undo_newest(path, on_replaced=replaced)


def note_outputs(path: Path, files: list[Path]) -> None:
    """Record what the command just saved wrote afterwards, so `undo` can move it aside.
    Called after the command let the lock go: takes it again, so a command that started
    since cannot have its log entry overwritten (then this save is no longer the newest
    and nothing is noted). A lock still busy after a while: nothing noted, nothing lost
    but undo's moving of these files."""
    saved = saved_in_this_run()
    if saved is None:
        return
    with contextlib.suppress(ProblemsFound), exclusive(path, wait=10.0):
        history.note_outputs(path, saved[1], files)
