"""Whether an action sent from a link is in the workbook now, read from the kept history
(`ledger history`): its save is the version whose command is the action's own history line
(`pay Ann Bob 5 — from Ann's link, approved by the banker (action 3)`, the action's number
making it one of a kind). So `ledger pending` tells the truth after an `undo`, and an action a
stopped run left "being applied" is settled by what was saved, never run twice."""

from __future__ import annotations

from pathlib import Path

from ledger.io import store
from ledger.io.history import Version, versions

__all__ = ["Version", "alive", "kept", "newest", "saved"]


def kept(path: Path) -> list[Version]:
    """The kept versions of the workbook, oldest first."""
    return versions(path)


def newest(path: Path) -> int:
    """The number of the newest kept version (0: none): a save after it is newer."""
    return max((v.seq for v in versions(path)), default=0)


def saved(log: list[Version], line: str, since: int) -> bool | None:
    """Whether the save whose history line is `line`, made after version `since`, is in the
    workbook now: True; False when it never happened or was undone (`undo` took it out of
    the history, or a later `undo --to M` went back before it); None when the history no
    longer reaches back to it (an older save fell out of the kept versions), so nobody can
    tell."""
    if not line:
        return None
    for v in reversed(log):  # the newest save of it (approved again after an undo)
        if v.command == line:
            return not any(_back_before(later, v.seq) for later in log if later.seq > v.seq)
    if since > 0 and (not log or min(v.seq for v in log) > since + 1):
        return None
    return False


def _back_before(v: Version, seq: int) -> bool:
    """`undo --to M` put back the workbook as it was before command M: `seq` >= M is undone."""
    words = v.command.split()
    if (
        len(words) != 3
        or words[:2] != ["undo", "--to"]
        or not (words[2].isascii() and words[2].isdigit())
    ):
        return False
    return int(words[2]) <= seq


def alive(pid: object) -> bool:
    """Whether the process that began applying an action still runs (then it is being
    applied now; else that run stopped)."""
    if not isinstance(pid, int) or isinstance(pid, bool) or pid <= 0:
        return False
    return store.pid_alive(pid)
