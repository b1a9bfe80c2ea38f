"""The workbook read ahead, for `ledger tick`: its bytes read and their Journal's conversion
(`journal_convert`) begun by a forked child on the other core as the program starts, while
Python still reads ledger's code and the command's arguments.

A workbook another program saved has its Journal's rows checked and turned into ledger's own
(`journal_resaved`), which takes about half a second at 100,000 rows: begun here, it is
mostly done by the time the command reads the workbook. The command takes the child only for
the very bytes it reads itself, under its lock (`take`); otherwise, or if it never asks, the
child is stopped. Nothing is written, nothing said: whatever goes wrong here, the command
goes the usual way and says what it finds.

Light on purpose (`os`, `signal`): it runs before the rest of ledger is imported, and
reads the conversion's code only for a workbook it reads ahead.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import signal
import stat

from ledger.io import children

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

#: A workbook larger than this is not read ahead (it is read, with its sizes checked, by the
#: command itself).
MAX_BYTES = 256 << 20


class Early:
    """A child converting `data`, the workbook at `path` as read ahead."""

    def __init__(self, path: str, data: bytes, pid: int, reader: Any) -> None:
        self.path, self.data, self.pid, self.reader = path, data, pid, reader

    def close(self) -> None:
        if self.pid:
            pid, self.pid = self.pid, 0
            with contextlib.suppress(OSError):
                self.reader.close()
            children.stop(pid)


_early: Early | None = None


def start(path: str) -> None:
    """Read the workbook at `path` and begin its conversion in a forked child, when it can
    be done quietly (a file of a readable size, a process with one thread, fork)."""
    global _early
    if _early is not None or not hasattr(os, "fork") or os.environ.get("LEDGER_READ_CAREFULLY"):
        return
    import threading

    if threading.active_count() != 1:
        return  # a forked copy of a busy thread's lock would never be released
    try:
        # never waiting at a pipe's open, never reading a device: a file, of a size read
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        try:
            st = os.fstat(fd)
        except OSError:
            os.close(fd)
            return
        if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_BYTES:
            os.close(fd)
            return
        with open(fd, "rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError:
        return
    if len(data) > MAX_BYTES or not data.startswith(b"PK"):
        return
    # the conversion's code is read here, once, before the fork: the command reads it for
    # such a workbook anyway, and the child begins at once (it took 0.08 s to read it)
    from ledger.io import journal_convert

    if not journal_convert.looks_converted(data):
        return  # ledger's own rows, a short Journal: no child

    def convert(r: int, w: int, blocked: set[int | signal.Signals]) -> None:
        journal_convert._child(r, w, blocked, data)

    forked = children.fork(convert)
    if forked is None:
        return
    pid, r = forked
    children.own_group(pid)
    _early = Early(path, data, pid, os.fdopen(r, "rb"))
    atexit.register(_early.close)  # never a child left behind


def take(path: str, data: bytes) -> Early | None:
    """The child begun for the workbook at `path`, when it read these very bytes; None (and
    the child stopped) otherwise. Once."""
    global _early
    early, _early = _early, None
    if early is None:
        return None
    if early.path != path or early.data != data:
        early.close()  # the workbook changed since (or another one is read)
        return None
    atexit.unregister(early.close)  # the taker ends the child now
    early.data = b""
    return early
