"""Another account on the same machine (issue 35, item 6): files it owns are made with os.chown
(uid 65534, nobody), and it runs programs of its own in a real process (set to its uid and gid,
without groups). Both need root; the tests skip, saying so, elsewhere. A folder it can reach
is made under /tmp (the test's own folder is the banker's alone)."""

from __future__ import annotations

import contextlib
import functools
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

#: The other account: nobody, as on most systems.
OTHER = 65534

needs_root = pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() != 0,
    reason="needs root: a file of another account is made with os.chown, and that account's "
    "programs run with os.setuid",
)


def _become_other() -> None:
    os.setgroups([])
    os.setgid(OTHER)
    os.setuid(OTHER)


def _as_other(args: list[str]) -> tuple[list[str], Any]:
    """How `args` run as the other account: through setpriv where there is one (here, the
    only way the interpreter under a private folder can still be started), else by setting
    the ids in the child before it starts."""
    setpriv = shutil.which("setpriv", path="/usr/bin:/bin")
    if setpriv:
        return [setpriv, f"--reuid={OTHER}", f"--regid={OTHER}", "--clear-groups", *args], None
    return args, _become_other


@functools.cache
def can_run_as_other() -> bool:
    """Whether this machine lets a process become the other account and run ledger."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        return False
    try:
        done = as_other([sys.executable, "-c", "import ledger, os; print(os.getuid())"], Path("/"))
    except (OSError, subprocess.SubprocessError):
        return False
    return bool(done.returncode == 0 and done.stdout.strip() == str(OTHER))


def skip_unless_other_runs() -> None:
    if not can_run_as_other():
        pytest.skip("this machine does not let a process become another account (uid 65534)")


def as_other(args: list[str], cwd: Path, env: dict[str, str] | None = None, **kw: Any) -> Any:
    """`args` run by the other account in its own process; a Popen when `kw` asks for one
    (`popen=True`), else the finished run."""
    full_env = {"PATH": "/usr/bin:/bin", "HOME": str(cwd), **(env or {})}
    argv, before = _as_other(args)
    if kw.pop("popen", False):
        return subprocess.Popen(argv, cwd=cwd, env=full_env, preexec_fn=before, text=True, **kw)
    return subprocess.run(
        argv,
        cwd=cwd,
        env=full_env,
        preexec_fn=before,
        capture_output=True,
        text=True,
        timeout=120,
    )


def python_as_other(code: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """A few lines of Python run by the other account (what it plants), checked to succeed."""
    done: subprocess.CompletedProcess[str] = as_other([sys.executable, "-c", code], cwd)
    assert done.returncode == 0, done.stderr
    return done


@contextlib.contextmanager
def shared_folder(sticky: bool = True) -> Iterator[Path]:
    """A folder every account may write (as /tmp: with the sticky bit, each may remove only
    its own files), removed at the end."""
    folder = Path(tempfile.mkdtemp(prefix="ledger-shared-", dir="/tmp"))
    try:
        folder.chmod(0o1777 if sticky else 0o777)
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def owned_by_other(path: Path) -> None:
    """`path` (not followed if a link) given to the other account, as if it had made it."""
    os.chown(path, OTHER, OTHER, follow_symlinks=False)
