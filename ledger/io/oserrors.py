"""What the operating system refuses (a full disk, a permission, a folder where a file goes),
as problems with a hint: never an internal error for what a user can cause or mend."""

from __future__ import annotations

import errno

from ledger.core.problems import ProblemsFound, problem

_OS_PROBLEMS = {
    errno.ENOSPC: (
        "disk-full",
        "the disk is full",
        "free some space on the disk, then run the command again",
    ),
    errno.EDQUOT: (
        "disk-full",
        "the disk quota is used up",
        "free some space, then run the command again",
    ),
    errno.EACCES: (
        "permission-denied",
        "no permission",
        "check the permissions of the file and its folder (ls -l), or use another folder",
    ),
    errno.EPERM: (
        "permission-denied",
        "not permitted",
        "check the permissions of the file and its folder (ls -l), or use another folder",
    ),
    errno.EROFS: (
        "read-only-filesystem",
        "the file system is read-only",
        "copy the workbook to a writable folder and use it there",
    ),
    errno.EISDIR: (
        "is-a-folder",
        "a folder is there, not a file",
        "name a file, or move the folder away",
    ),
    errno.ENOTDIR: (
        "not-a-folder",
        "a file is there where a folder should be",
        "name a folder (e.g. --out statements), or move the file away",
    ),
    errno.EEXIST: (
        "not-a-folder",
        "a file is already there where a folder should be",
        "name a folder (e.g. --out statements), or move the file away",
    ),
    errno.ENAMETOOLONG: (
        "name-too-long",
        "the file name is too long",
        "use a shorter name or folder",
    ),
    errno.EMFILE: (
        "too-many-open-files",
        "too many files are open",
        "close some programs, then try again",
    ),
    errno.EIO: (
        "io-error",
        "the disk reported an input/output error",
        "check the disk; then run the command again",
    ),
}


def os_problem(exc: OSError, where: str | None = None) -> ProblemsFound:
    """An error of the operating system the user can cause or mend, as a problem."""
    code, message, hint = _OS_PROBLEMS.get(
        exc.errno or 0, ("os-error", exc.strerror or str(exc), "check the file and its folder")
    )
    at = where or (str(exc.filename) if exc.filename else "workbook")
    return ProblemsFound([problem(code, at, message, hint)])
