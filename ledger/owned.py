"""What ledger keeps outside the workbook belongs to the banker: the history beside it (its
folder, log, `written` record and kept versions), the players' waiting actions and the kept
links with their folder are believed only when this account owns them and no other account
(the group, everyone else) may write them; a folder is checked itself too. Anything else is
refused by name (`not-yours-alone`) with what to do.

The checks are made on the file as opened (`fstat`), opened without following a link, so a file
swapped between a look and the open cannot pass for the one looked at; a file in a folder is
opened through the folder as checked (`dir_fd`). What ledger writes there is made afresh
(`O_CREAT | O_EXCL | O_NOFOLLOW`, owner-only unless said), never written through whatever
lies at its name. Layer-free: the io and web layers both use it (as `ledger.folders`)."""

from __future__ import annotations

import contextlib
import errno
import os
import shlex
import stat

from ledger.core.problems import Problem, ProblemsFound, problem

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
#: a kept file: never through a link, never waiting on a pipe
READ = os.O_RDONLY | _NOFOLLOW | getattr(os, "O_NONBLOCK", 0) | _CLOEXEC
_FOLDER = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | _NOFOLLOW | _CLOEXEC
_CREATE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC
#: the write bits of the group and of everyone else
OTHERS_WRITE = stat.S_IWGRP | stat.S_IWOTH


def ours_alone(st: os.stat_result) -> bool:
    """Whether this account owns it and nobody else may write it."""
    me = getattr(os, "geteuid", None)
    return me is None or (st.st_uid == me() and not st.st_mode & OTHERS_WRITE)


def refusal(st: os.stat_result, where: str, what: str) -> Problem | None:
    """Why `what` (`where`, as it is named: the path its hint names) is not believed, as a
    problem; None when it is this account's alone."""
    if ours_alone(st):
        return None
    shown = shlex.quote(where)
    if st.st_uid != os.geteuid():
        return problem(
            "not-yours-alone",
            where,
            f"{what} belongs to another account (uid {st.st_uid}): ledger believes only what "
            "this account owns",
            "if another user put it there, move it aside (or keep the workbook in a folder "
            f"only you can write); if it is yours (made with sudo?): sudo chown $USER {shown}",
        )
    who = {stat.S_IWGRP: "your group", stat.S_IWOTH: "every other account"}
    writers = " and ".join(w for bit, w in who.items() if st.st_mode & bit)
    return problem(
        "not-yours-alone",
        where,
        f"{what} may be written by {writers} (mode {stat.S_IMODE(st.st_mode):04o}): ledger "
        "believes only what nobody else can write",
        f"chmod go-w {shown}, then look at what is in it: another account may have changed it",
    )


def _refuse(where: str, what: str, why: str, hint: str) -> ProblemsFound:
    return ProblemsFound([problem("not-yours-alone", where, f"{what} {why}", hint)])


def check(fd: int, where: str, what: str) -> os.stat_result:
    """The opened file's status, when it is this account's alone; else refused (the caller
    closes `fd`)."""
    st = os.fstat(fd)
    found = refusal(st, where, what)
    if found is not None:
        raise ProblemsFound([found])
    return st


def open_folder(path: str | os.PathLike[str], what: str) -> int | None:
    """The folder at `path`, opened and checked (a descriptor the caller closes); None when
    there is none. A link or a file in its place is refused: ledger follows no link to it."""
    where = os.fspath(path)
    try:
        fd = os.open(where, _FOLDER)
    except FileNotFoundError:
        return None
    except OSError as exc:
        if exc.errno not in (errno.ELOOP, errno.ENOTDIR):
            raise
        raise _refuse(
            where,
            what,
            "is a link or a file, not a folder: ledger follows no link to it",
            f"put the folder itself at {shlex.quote(where)} (move the link or file aside first)",
        ) from None
    try:
        check(fd, where, what)
    except BaseException:
        os.close(fd)
        raise
    return fd


def make_folder(path: str | os.PathLike[str], what: str) -> int:
    """The folder at `path`, made owner-only if it is not there, opened and checked."""
    with contextlib.suppress(FileExistsError):
        os.mkdir(path, 0o700)
    fd = open_folder(path, what)
    if fd is None:  # taken away at once: say so as the system would
        raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), os.fspath(path))
    return fd


def read_file(
    name: str, where: str, what: str, limit: int, *, dir_fd: int | None = None
) -> bytes | None:
    """At most `limit + 1` bytes of the plain file `name` (in the folder `dir_fd`), when it is
    this account's alone; None when there is none. A link, a pipe or a folder in its place is
    refused by name. The caller judges a longer file (more than `limit` bytes)."""
    try:
        fd = os.open(name, READ, dir_fd=dir_fd)
    except FileNotFoundError:
        return None
    except OSError as exc:
        if exc.errno != errno.ELOOP:
            raise
        raise _refuse(
            where,
            what,
            "is a link: ledger follows none there",
            f"put the file itself at {shlex.quote(where)} (move the link aside first)",
        ) from None
    with os.fdopen(fd, "rb") as f:
        st = check(f.fileno(), where, what)
        if not stat.S_ISREG(st.st_mode):
            raise _refuse(where, what, "is not a plain file", "move it aside")
        return f.read(limit + 1)


def create(name: str, *, dir_fd: int | None = None, mode: int = 0o600) -> int:
    """A new file at `name`, opened for writing: whatever lay at that name (a file a killed
    command left, a link to elsewhere) is removed first, never written through."""
    with contextlib.suppress(FileNotFoundError):
        os.unlink(name, dir_fd=dir_fd)
    return os.open(name, _CREATE, mode, dir_fd=dir_fd)


def write_whole(
    name: str, data: bytes, *, dir_fd: int, mode: int = 0o600, sync: bool = True
) -> None:
    """Put `data` at `name` in the folder `dir_fd` atomically: a temporary file made afresh,
    (with `sync`: synced) then put in place (and the folder synced)."""
    tmp = f"{name}.tmp-{os.getpid()}"
    fd = create(tmp, dir_fd=dir_fd, mode=mode)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            if sync:
                os.fsync(f.fileno())
        os.replace(tmp, name, src_dir_fd=dir_fd, dst_dir_fd=dir_fd)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp, dir_fd=dir_fd)
        raise
    if sync:
        with contextlib.suppress(OSError):
            os.fsync(dir_fd)
