"""The user's own folders (XDG base directories): ledger keeps the players' links of
`serve --keep-links` in the configuration folder, and nothing in the cache or data folders.

A variable holding a relative path is ignored, as the XDG specification says: it would put the
folder under whatever folder a command runs in, where someone else may write it.
"""

from __future__ import annotations

import os
from typing import Literal

_DEFAULTS = {
    "config": ("XDG_CONFIG_HOME", (".config",)),
    "state": ("XDG_STATE_HOME", (".local", "state")),
}


def user_folder(kind: Literal["config", "state"]) -> str:
    """This user's `kind` folder for ledger (`~/.config/bankers-ledger` by default)."""
    variable, default = _DEFAULTS[kind]
    base = os.environ.get(variable, "")
    if not os.path.isabs(base):
        base = os.path.join(os.path.expanduser("~"), *default)
    return os.path.join(base, "bankers-ledger")
