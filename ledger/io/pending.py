"""The actions players sent from their links (`ledger serve --actions`) that wait for the
banker, kept beside the workbook in `.NAME.xlsx.pending.json`: read whole, written whole to a
temporary file that is synced and then put in place (`os.replace`), so a reader sees the old
list or the new one, never half of either. The app changes it only under the workbook's
writer lock (ledger/app/actions.py), so two changes never lose one another."""

from __future__ import annotations

import contextlib
import json
import os
import stat
from pathlib import Path
from typing import Any

from ledger import owned

#: What the file is: a list that grows, numbered from 1 (`ledger approve N`).
EMPTY: dict[str, Any] = {"format": 1, "actions": []}
#: The most the file is read to: thousands of actions (a form's fields are short); a bigger
#: one is no file ledger wrote, and is not read into memory.
MAX_FILE = 16 * 1024 * 1024


def pending_path(path: Path) -> Path:
    return path.with_name(f".{path.name}.pending.json")


def read(path: Path) -> dict[str, Any]:
    """The kept actions of this workbook: none without a file. One that cannot be read as
    ledger writes it (not JSON, not a list of actions, too big, not a plain file: a link to
    elsewhere, a pipe) is never trusted: `damaged` says why, with no actions; the app then
    refuses to change it (`damaged`), so the waiting actions in it are never overwritten. So
    is one this account does not own or others may write (`problem`: `not-yours-alone`).
    Entries that are not actions (no whole number `n`) are left out."""
    where = pending_path(path)
    try:
        fd = os.open(
            where, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
        )
    except FileNotFoundError:
        return {"format": 1, "actions": []}
    except OSError as exc:
        return _damaged(exc.strerror or "it cannot be opened")
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            return _damaged("it is not a plain file")
        foreign = owned.refusal(st, where.name, "the file of the players' actions")
        if foreign is not None:  # another account's word is not the players'
            return {**_damaged(foreign.message), "problem": foreign.as_dict()}
        if st.st_size > MAX_FILE:
            return _damaged(f"it is bigger than ledger writes one ({st.st_size:,} bytes)")
        with os.fdopen(fd, "rb") as f:
            fd = -1
            raw = f.read(MAX_FILE + 1)
    except OSError as exc:
        return _damaged(exc.strerror or "it cannot be read")
    finally:
        if fd >= 0:
            os.close(fd)
    try:
        data = json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError):
        return _damaged("it is not the JSON ledger writes")
    if not isinstance(data, dict) or not isinstance(data.get("actions"), list):
        return _damaged("it holds no list of actions")
    data["actions"] = [e for e in data["actions"] if _is_action(e)]
    return data


def _is_action(entry: object) -> bool:
    if not isinstance(entry, dict):
        return False
    n = entry.get("n")
    return isinstance(n, int) and not isinstance(n, bool) and n > 0


def _damaged(why: str) -> dict[str, Any]:
    return {"format": 1, "actions": [], "damaged": why}


def write(path: Path, data: dict[str, Any]) -> None:
    """Put `data` in place atomically (the caller holds the workbook's writer lock)."""
    assert not data.get("damaged"), "a damaged file is never overwritten"
    where = pending_path(path)
    tmp = where.with_name(f"{where.name}.tmp-{os.getpid()}")
    # a file (or a link to elsewhere) left at that name is removed, never written through
    fd = owned.create(str(tmp), mode=0o600)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, ensure_ascii=False, indent=1)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, where)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise


def signature(path: Path) -> tuple[int, int] | None:
    """The file's modification time and size (None without one): the pages follow it."""
    try:
        st = pending_path(path).stat()
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size)
