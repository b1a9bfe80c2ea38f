"""What a child forked to compute beside a command does first.

A child only computes and sends its answer down one pipe, then leaves with `os._exit`. It must
hold nothing of the command's: the writer lock a changing command holds (`store.exclusive`) is
an open file that a lingering child would keep locked, and a child holding the command's
output keeps a reader of that output (`$(ledger tick)`) waiting.
"""

from __future__ import annotations

import contextlib
import os
import signal
from collections.abc import Callable, Iterable

_FD_LISTS = ("/proc/self/fd", "/dev/fd")
#: How much a child's pipe holds where its size can be set (a user may have up to 1 MB).
PIPE_BYTES = 1 << 20
#: Where no list of open files can be had: the files from 3 up to this are closed.
_CLOSE_UP_TO = 1 << 16


def fork(child: Callable[[int, int, set[int | signal.Signals]], None]) -> tuple[int, int] | None:
    """A child forked to run `child(r, w, blocked)`: the pipe's two ends and the signal mask to
    restore (Ctrl-C and SIGTERM are blocked from before the fork until the child has its own
    handlers: it must never unwind the command's stack). It leaves with `os._exit`, whatever
    happens. In the command: the child's pid and the pipe's reading end; None where no pipe or
    no process could be had."""
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
    try:
        try:
            r, w = os.pipe()
        except OSError:
            return None
        with contextlib.suppress(OSError, AttributeError):  # Linux: a child's answers up to
            # a megabyte are sent without waiting for the command to read them
            import fcntl

            fcntl.fcntl(w, fcntl.F_SETPIPE_SZ, PIPE_BYTES)
        try:
            pid = os.fork()
        except OSError:
            os.close(r)
            os.close(w)
            return None
        if pid == 0:
            try:
                child(r, w, blocked)
            finally:
                os._exit(0)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
    os.close(w)
    return pid, r


def quiet(w: int, blocked: Iterable[signal.Signals | int], group: bool = False) -> int:
    """In the child: SIGTERM ends it, and Ctrl-C too unless the command ignores it (a command
    started in the background); the signal mask as before the fork; every file closed but the
    pipe `w`, the standard three on /dev/null. `group`: a group of its own, so that `stop`
    ends the children it forks as well. The pipe's descriptor, which may have moved."""
    if group:
        with contextlib.suppress(OSError):
            os.setpgid(0, 0)
    if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
    return close_all_but(w)


def own_group(pid: int) -> None:
    """In the command, right after the fork: the child in a group of its own (as the child
    does itself: whichever comes first)."""
    with contextlib.suppress(OSError):
        os.setpgid(pid, pid)


def stop(pid: int) -> None:
    """A child with a group of its own, and what it forked, ended and waited for."""
    try:
        os.killpg(pid, signal.SIGTERM)
    except OSError:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGTERM)
    with contextlib.suppress(OSError):
        os.waitpid(pid, 0)


def close_all_but(w: int) -> int:
    """Every file closed but `w` (moved above the standard three if it was one of them: a
    command started with its output closed), which is returned."""
    if w <= 2:
        import fcntl

        w = fcntl.fcntl(w, fcntl.F_DUPFD, 3)
    with contextlib.suppress(OSError):
        null = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            if fd != null:
                os.dup2(null, fd)
    fds: list[int] | None = None
    for folder in _FD_LISTS:
        with contextlib.suppress(OSError, ValueError):
            fds = [int(name) for name in os.listdir(folder)]
            break
    if fds is None:
        os.closerange(3, w)
        os.closerange(w + 1, _CLOSE_UP_TO)
        return w
    for fd in fds:
        if fd > 2 and fd != w:
            with contextlib.suppress(OSError):
                os.close(fd)
    return w
