"""The user's own folders, where ledger keeps what is this account's alone (XDG base
directories): the cache (balances, answers, the commands' list, compiled templates), the data
(the seal's key) and the configuration (the players' links).

A variable holding a relative path is ignored, as the XDG specification says: it would put the
folder under whatever folder a command runs in, where someone else may write it.
"""

from __future__ import annotations

import os
from typing import Literal

_DEFAULTS = {
    "cache": ("XDG_CACHE_HOME", (".cache",)),
    "data": ("XDG_DATA_HOME", (".local", "share")),
    "config": ("XDG_CONFIG_HOME", (".config",)),
}


def user_folder(kind: Literal["cache", "data", "config"]) -> str:
    """This user's `kind` folder for ledger (`~/.cache/bankers-ledger` by default); a string,
    so that `balance` answered before typer imports no pathlib."""
    variable, default = _DEFAULTS[kind]
    base = os.environ.get(variable, "")
    if not os.path.isabs(base):
        base = os.path.join(os.path.expanduser("~"), *default)
    return os.path.join(base, "bankers-ledger")
