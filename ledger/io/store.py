"""Keeping the user's workbook safe: one writer at a time, atomic saves, the previous versions.

- `session(path)` holds an exclusive lock (a hidden `.NAME.xlsx.lock` beside the workbook) for
  the whole load-change-save, so two commands at once never lose an update.
- Excel's `~$NAME.xlsx` or LibreOffice's `.~lock.NAME.xlsx#` means the workbook is open there:
  changing it is refused (exit 3) unless forced.
- `save` writes a temporary file in the same folder, fsyncs it, keeps the permissions, links
  the previous version into the hidden history folder `.NAME.xlsx.history/`, and `os.replace`s.
  A kill at any moment leaves either the old or the new workbook, never a broken one.
- `undo` puts back the newest version from the history.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import stat
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from ledger.core.problems import ProblemsFound, problem

#: How many previous versions the history keeps.
HISTORY_KEEP = 50
LOCK_WAIT_SECONDS = 60.0
EXIT_LOCKED = 3


def lock_path(path: Path) -> Path:
    return path.with_name(f".{path.name}.lock")


def history_dir(path: Path) -> Path:
    return path.with_name(f".{path.name}.history")


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


@contextlib.contextmanager
def exclusive(path: Path, wait: float = LOCK_WAIT_SECONDS) -> Iterator[None]:
    """Hold the workbook's writer lock; waits up to `wait` seconds for another ledger command."""
    import fcntl

    lp = lock_path(path)
    lp.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(lp, os.O_RDWR | os.O_CREAT, 0o644)
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
        clean_stale_temp_files(path)
        yield
    finally:
        os.close(fd)  # closing releases the lock


def temp_name(path: Path) -> Path:
    return path.with_name(f".{path.name}.tmp-{os.getpid()}")


def clean_stale_temp_files(path: Path) -> list[Path]:
    """Remove temp files a killed save left behind (only called while holding the lock)."""
    removed = []
    for stale in path.parent.glob(f".{path.name}.tmp-*"):
        with contextlib.suppress(OSError):
            stale.unlink()
            removed.append(stale)
    return removed


def _fsync_dir(folder: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


@dataclass(frozen=True)
class Version:
    seq: int
    file: str
    at: str
    command: str
    summary: str


def _log_path(path: Path) -> Path:
    return history_dir(path) / "log.jsonl"


def versions(path: Path) -> list[Version]:
    """The kept versions, oldest first; a damaged line of the log is passed over, not fatal."""
    log = _log_path(path)
    if not log.exists():
        return []
    out = []
    for line in log.read_text(encoding="utf-8", errors="replace").splitlines():
        if not line.strip():
            continue
        try:
            data = json.loads(line)
            out.append(Version(**data))
        except (ValueError, TypeError):
            continue
    return out


def _write_log(path: Path, entries: list[Version]) -> None:
    log = _log_path(path)
    tmp = log.with_suffix(".tmp")
    tmp.write_text("".join(json.dumps(e.__dict__) + "\n" for e in entries), encoding="utf-8")
    os.replace(tmp, log)


def _keep_previous(path: Path) -> Path | None:
    """Link (or copy) the current workbook into the history before it is replaced; the log
    entry is written only once the replace has succeeded (`_log_kept`)."""
    if not path.exists():
        return None
    hist = history_dir(path)
    hist.mkdir(exist_ok=True)
    entries = versions(path)
    seq = max([e.seq for e in entries] + [0]) + 1
    target = hist / f"{seq:06d}.xlsx"
    with contextlib.suppress(FileNotFoundError):
        target.unlink()
    try:
        os.link(path, target)
    except OSError:
        shutil.copy2(path, target)
    return target


def _log_kept(path: Path, target: Path, command: str, summary: str) -> None:
    entries = versions(path)
    seq = int(target.stem)
    entries.append(Version(seq, target.name, time.strftime("%Y-%m-%d %H:%M:%S"), command, summary))
    hist = history_dir(path)
    for old in entries[:-HISTORY_KEEP]:
        with contextlib.suppress(OSError):
            (hist / old.file).unlink()
    _write_log(path, entries[-HISTORY_KEEP:])


def save(
    path: Path,
    write: Callable[[Path], None],
    *,
    command: str,
    summary: str,
    before_replace: Callable[[], None] | None = None,
) -> None:
    """Write the workbook atomically, keeping the previous version for `ledger undo`.
    `before_replace` runs last, just before the workbook is replaced (a final check)."""
    tmp = temp_name(path)
    kept: Path | None = None
    replaced = False
    try:
        write(tmp)
        with tmp.open("rb+") as f:
            os.fsync(f.fileno())
        if os.environ.get("LEDGER_TEST_PAUSE_BEFORE_REPLACE"):
            # Fault-injection hook for the crash test: signal, then wait to be killed.
            Path(os.environ["LEDGER_TEST_PAUSE_BEFORE_REPLACE"]).write_text(str(os.getpid()))
            time.sleep(60)
        if before_replace is not None:
            before_replace()
        if path.exists():
            os.chmod(tmp, stat.S_IMODE(path.stat().st_mode))
        kept = _keep_previous(path)
        os.replace(tmp, path)
        replaced = True
        _fsync_dir(path.parent)
        if kept is not None:
            _log_kept(path, kept, command, summary)
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()
        if kept is not None and not replaced:
            with contextlib.suppress(OSError):
                kept.unlink()


def undo(path: Path) -> Version:
    """Put back the newest kept version; returns what was undone."""
    entries = versions(path)
    if not entries:
        raise ProblemsFound(
            [problem("nothing-to-undo", str(path), "there is no earlier version to go back to", "")]
        )
    last = entries[-1]
    source = history_dir(path) / last.file
    if not source.exists():
        _write_log(path, entries[:-1])  # a version that is gone cannot block the older ones
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
    try:
        shutil.copy2(source, tmp)
        with tmp.open("rb+") as f:
            os.fsync(f.fileno())
        if path.exists():
            os.chmod(tmp, stat.S_IMODE(path.stat().st_mode))
        os.replace(tmp, path)
        _fsync_dir(path.parent)
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()
    # the log first: a crash after it leaves a stray file, not a stuck undo
    _write_log(path, entries[:-1])
    with contextlib.suppress(OSError):
        source.unlink()
    with contextlib.suppress(OSError):  # the balance cache no longer describes these bytes
        path.with_name(f".{path.name}.cache.json").unlink()
    return last
