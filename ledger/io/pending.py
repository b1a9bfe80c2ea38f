"""The actions players sent from their links (`ledger serve --actions`) that wait for the
banker, kept beside the workbook in `.NAME.xlsx.pending.json`: read whole, written whole to a
temporary file that is synced and then put in place (`os.replace`), so a reader sees the old
list or the new one, never half of either. The app changes it only under the workbook's
writer lock (ledger/app/actions.py), so two changes never lose one another."""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import Any

#: What the file is: a list that grows, numbered from 1 (`ledger approve N`).
EMPTY: dict[str, Any] = {"format": 1, "actions": []}


def pending_path(path: Path) -> Path:
    return path.with_name(f".{path.name}.pending.json")


def read(path: Path) -> dict[str, Any]:
    """The kept actions of this workbook (none when there is no file, or it cannot be read as
    one: a damaged file is set aside by the next write, never trusted)."""
    with contextlib.suppress(OSError, ValueError):
        data = json.loads(pending_path(path).read_text(encoding="utf-8"))
        if isinstance(data, dict) and isinstance(data.get("actions"), list):
            return data
    return {"format": 1, "actions": []}


def write(path: Path, data: dict[str, Any]) -> None:
    """Put `data` in place atomically (the caller holds the workbook's writer lock)."""
    where = pending_path(path)
    tmp = where.with_name(f"{where.name}.tmp-{os.getpid()}")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
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
