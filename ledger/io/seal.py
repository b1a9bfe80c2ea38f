"""A seal on what ledger keeps so that it can believe it later: an HMAC-SHA256 with a key kept in
this user's data folder (`$XDG_DATA_HOME/bankers-ledger/seal.key`, made on first use, readable
by its owner alone). A figure ledger keeps inside a workbook (the Journal's index: its counts,
sums and digests) is used only when its seal holds: nobody but ledger on this account could
have made it. A workbook from another computer or another account is read row by row, then
sealed anew by its next save.

The key never leaves the data folder and is never written into a workbook; losing it costs one
careful read of each workbook, never a figure.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import os
import secrets
from functools import cache
from pathlib import Path

from ledger.folders import user_folder

KEY_BYTES = 32


def key_path() -> Path:
    return Path(user_folder("data")) / "seal.key"


@cache
def _key() -> bytes | None:
    """This account's key, made the first time it is asked for; None where it can be neither
    read nor made (a read-only home): then nothing is sealed and everything is read."""
    path = key_path()
    with contextlib.suppress(OSError):
        data = path.read_bytes()
        if len(data) == KEY_BYTES:
            return data
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        tmp = path.with_name(f"{path.name}.tmp-{os.getpid()}")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            os.write(fd, secrets.token_bytes(KEY_BYTES))
            os.fsync(fd)
        finally:
            os.close(fd)
        with contextlib.suppress(FileExistsError):
            os.link(tmp, path)  # never replaces a key another command made meanwhile
        tmp.unlink()
        data = path.read_bytes()
        if len(data) == KEY_BYTES:
            return data
    return None


def seal(data: bytes) -> str:
    """The seal of `data` ("" where there is no key: such a seal never holds)."""
    key = _key()
    return hmac.new(key, data, hashlib.sha256).hexdigest() if key is not None else ""


def holds(data: bytes, mark: object) -> bool:
    """Whether `mark` is this account's seal of `data`."""
    if not isinstance(mark, str) or not mark:
        return False
    made = seal(data)
    return bool(made) and hmac.compare_digest(made, mark)


#: The key of a run that has no kept key (a read-only home): its marks hold for this run only.
_RUN_KEY = secrets.token_bytes(KEY_BYTES)


def mark(data: bytes) -> str:
    """An HMAC-SHA256 of `data` with this account's key, or, where there is none, with a key of
    this run alone: never empty (a form's token must never be one anybody could make)."""
    key = _key()
    return hmac.new(key if key is not None else _RUN_KEY, data, hashlib.sha256).hexdigest()
