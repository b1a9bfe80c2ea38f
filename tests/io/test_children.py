"""A child forked to compute beside a command holds nothing of the command's and ends with it,
with whatever it forked itself (`ledger/io/children.py`)."""

from __future__ import annotations

import json
import os
import signal
import sys
import time
from pathlib import Path

import pytest

from ledger.io import children


def _gone(pid: int) -> bool:
    """Ended: no such process, or one that only waits to be reaped."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return True
    return state in ("Z", "X")


def test_stop_ends_the_child_and_what_it_forked() -> None:
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: a group of its own, a grandchild that would run a minute
        try:
            os.close(r)
            os.setpgid(0, 0)
            grandchild = os.fork()
            if grandchild == 0:
                os.close(w)
                signal.signal(signal.SIGTERM, signal.SIG_DFL)
                time.sleep(60)
                os._exit(0)
            os.write(w, str(grandchild).encode())
            os.close(w)
            time.sleep(60)
        finally:
            os._exit(0)
    os.close(w)
    children.own_group(pid)
    with os.fdopen(r, "rb") as f:
        grandchild = int(f.read())
    children.stop(pid)
    for _ in range(100):
        if _gone(grandchild):
            break
        time.sleep(0.02)
    assert _gone(pid) and _gone(grandchild)


def test_the_answer_pipe_survives_when_it_was_a_standard_descriptor() -> None:
    """A command started with its standard error closed gets a pipe on descriptor 2: the
    child moves it before it points the standard three at /dev/null."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        try:
            os.close(r)
            os.dup2(w, 2)
            os.close(w)
            moved = children.close_all_but(2)
            os.write(moved, b"ok" if moved > 2 else b"no")
        finally:
            os._exit(0)
    os.close(w)
    with os.fdopen(r, "rb") as f:
        answer = f.read()
    os.waitpid(pid, 0)
    assert answer == b"ok"


def test_a_child_holds_none_of_the_commands_files(tmp_path: Path) -> None:
    lock = os.open(tmp_path / "lock", os.O_CREAT | os.O_RDWR)
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        try:
            os.close(r)
            w2 = children.close_all_but(w)
            still = [int(n) for n in os.listdir("/proc/self/fd")]
            os.write(w2, json.dumps(still).encode())
        finally:
            os._exit(0)
    os.close(w)
    with os.fdopen(r, "rb") as f:
        answer = f.read().decode()
    os.waitpid(pid, 0)
    os.close(lock)
    held = json.loads(answer)  # (with the listing's own, closed since)
    assert lock not in held and r not in held, held


@pytest.mark.skipif(sys.platform != "linux", reason="a pipe's size is set on Linux only")
def test_a_childs_answer_of_half_a_megabyte_never_waits_for_the_command_to_read_it() -> None:
    """Where a pipe's size can be set (Linux), the child sends and ends at once: the command
    reads its first answer when it needs it, not before."""

    def child(r: int, w: int, blocked: set[int | signal.Signals]) -> None:
        os.close(r)
        os.write(w, b"x" * (512 << 10))

    forked = children.fork(child)
    assert forked is not None
    pid, r = forked
    try:
        deadline = time.monotonic() + 10
        while os.waitpid(pid, os.WNOHANG) == (0, 0):
            assert time.monotonic() < deadline, "the child waits for its answer to be read"
            time.sleep(0.01)
    finally:
        os.close(r)
