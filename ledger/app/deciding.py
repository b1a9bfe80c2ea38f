"""The banker's decision on an action sent from a link: `ledger approve N`, `ledger reject N`
(and the buttons of the banker's page). An action is taken out of the waiting ones under the
workbook's lock, so two approvals at once apply it once. What a stopped run left "being
applied" is settled by the history (ledger/app/action_log.py): saved, it is done; not saved,
it waits again (approve runs it, reject closes it); the history no longer reaching back to
it, approve refuses (nobody can tell) and reject closes it without running anything. An
action done and then undone may be approved again (it is not in the books) or rejected."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

from ledger.app.action_entry import (
    APPLYING,
    DONE,
    MAX_TEXT,
    REJECTED,
    WAITING,
    Action,
    command_of,
    damage,
    damaged,
)
from ledger.app.action_entry import load as _load
from ledger.app.action_log import alive, kept, newest, saved
from ledger.app.actions import _apply, _entry, _game, _kept, _set
from ledger.core.problems import ProblemsFound, problem
from ledger.io import pending, store

#: Applying an action waits at most a minute for the lock, twice: one taken up longer ago
#: than this by a process still running was left by an error, and is settled as a stopped one.
STALE = 600.0
#: What a settled action's result says when its save was found in the history.
FOUND_SAVED = "saved before the run applying it stopped (see `ledger history`)"
#: What the history line of an action the banker approved says (the server's at once: not).
APPROVED = "approved by the banker"


def approved_by_the_banker(action: Action) -> bool:
    """Whether the banker approved `action` (`ledger approve N`, the banker's page, a shell),
    as its history line says: one the server applied at once was never approved."""
    return action.line.endswith(f", {APPROVED} (action {action.n})")


def _not_waiting(n: int, entry: dict[str, Any], why: str, hint: str = "") -> ProblemsFound:
    return ProblemsFound(
        [
            problem(
                "action-not-waiting",
                "N",
                f"action {n} ({entry.get('command')}) is {why}, not waiting",
                hint or "`ledger pending` lists the waiting ones",
            )
        ]
    )


def _claim(path: Path, n: int, approving: bool, why: str = "") -> Action:
    """Action `n` taken out of the waiting ones (marked applying, with the history line its
    save will carry; or rejected, with `why`), under the lock. Left applying by a stopped run:
    settled first (done when its save is in the history: returned so). Done, then undone:
    taken again. Damaged (no form made it): never run, closed by a rejection."""
    with store.exclusive(path):
        data = _kept(path)
        entry = _entry(data, n)
        why_damaged = damage(entry)
        if why_damaged is not None and approving:
            raise damaged(n, why_damaged)
        if why_damaged is None and _settled(path, entry, n, approving):
            pending.write(path, data)
            return _load(entry)
        if approving:
            # what the banker approves and the history records is made from the values
            command = command_of(entry["who"], entry["kind"], entry["values"])
            entry.update(
                state=APPLYING,
                pid=os.getpid(),
                claimed=time.time(),
                since=newest(path),
                line=f"{command} — from {entry['who']}'s link, {APPROVED} (action {n})",
                command=command,
            )
        else:  # rejected in the same step: nothing is left half-done
            entry.update(state=REJECTED, why=why.strip()[:MAX_TEXT])
        pending.write(path, data)
        return _load(entry)


def _settled(path: Path, entry: dict[str, Any], n: int, approving: bool) -> bool:
    """Whether the action was found saved by a run that stopped (then it is marked done);
    refused when it is not to be taken up: being applied now, done and in the books, decided.
    False: it is taken up now."""
    state = entry.get("state")
    if state == APPLYING:
        if alive(entry.get("pid")) and _recent(entry.get("claimed")):
            raise _not_waiting(n, entry, "being applied now", "wait a moment and look again")
        found = saved(kept(path), str(entry.get("line", "")), _since(entry))
        if found is True:
            entry.update(state=DONE, result=FOUND_SAVED)
            return True
        if found is None and approving:
            raise ProblemsFound(
                [
                    problem(
                        "action-unknown",
                        "N",
                        f"action {n} ({entry.get('command')}) was being applied when its "
                        "run stopped, and the kept history no longer reaches back to say "
                        "whether it was saved",
                        "look for it in the journal (`ledger report`); `ledger reject "
                        f"{n}` closes it without running it",
                    )
                ]
            )
    elif state == DONE:
        line_was = str(entry.get("line", ""))
        if not line_was or saved(kept(path), line_was, _since(entry)) is not False:
            raise _not_waiting(n, entry, "done", "`ledger undo` takes a command back")
    elif state != WAITING:
        raise _not_waiting(n, entry, str(state))
    return False


def _recent(claimed: object) -> bool:
    """Whether an action was taken up for applying less than `STALE` seconds ago (a live
    process that took it longer ago is not applying it any more: it met an error)."""
    if not isinstance(claimed, (int, float)) or isinstance(claimed, bool):
        return False
    return 0 <= time.time() - claimed < STALE


def _since(entry: dict[str, Any]) -> int:
    since = entry.get("since", 0)
    return since if isinstance(since, int) and not isinstance(since, bool) else 0


def approve(path: Path, n: int) -> Action:
    """`ledger approve N`: run the waiting action as its typed command (the books as they are
    now decide: a payer who no longer has the money is refused, and the action says so)."""
    action = _claim(path, n, approving=True)
    if action.state == DONE:
        return action  # a stopped run had saved it
    try:
        game = _game(path)
    except (ProblemsFound, OSError):  # the workbook's state, not the action's fault: it
        _set(path, n, state=WAITING)  # waits until the workbook can be read again
        raise
    return _apply(path, game, action, back_to=WAITING)


def reject(path: Path, n: int, why: str = "") -> Action:
    """`ledger reject N [--why TEXT]`: the waiting action is not run; its player sees why.
    One a stopped run had saved is done, and stays so (`ledger undo` takes it back)."""
    return _claim(path, n, approving=False, why=why)
