"""One kept action as read from the file beside the workbook (ledger/io/pending.py), checked
before it is shown or run: the file is the banker's, but a hand (or a tool) may have changed
it, so nothing in it is believed unread (issue 36, item 5).

- What the banker sees, approves and the history records is made from the values that run
  (`command_of`), never from the `command` text kept beside them.
- An entry that no player's form could have made (a kind no player sends, a field its form
  has not, a value or a day that is not what ledger writes, no game it was sent for) is
  `damaged`: listed so, never run; `ledger reject N` closes it.
- An action's number is never given twice (`next_number`): not after the file is deleted
  while `serve` runs (the numbers given in this process are remembered), nor in a new process
  (the history names the number of every action saved).
"""

from __future__ import annotations

import contextlib
import re
import threading
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from ledger.core.names import invisible
from ledger.core.problems import ProblemsFound, problem

WAITING, APPLYING, DONE, REFUSED, REJECTED = "waiting", "applying", "done", "refused", "rejected"
#: Done, then taken back by `ledger undo` (found in the history, never kept in the file).
UNDONE = "undone"
#: An entry no form could have made: shown, never run (`ledger reject N` closes it).
DAMAGED = "damaged"
STATES = frozenset({WAITING, APPLYING, DONE, REFUSED, REJECTED})
#: The states of an action that may still run (done: once undone, approved again).
RUNNABLE = frozenset({WAITING, APPLYING, DONE})
#: A form's one-time id and a field's value: at most this long (a form is small). Longer is
#: refused, never cut.
MAX_TEXT = 500


@dataclass(frozen=True)
class Action:
    """One action sent from a link, and where it stands: waiting, applying, done (with what
    it posted), refused (with the problems, as the command says them), rejected (why),
    damaged (`why` says what is wrong with the entry)."""

    n: int
    who: str
    kind: str
    values: dict[str, str]
    state: str
    command: str
    at: str
    result: str = ""
    problems: tuple[dict[str, str], ...] = ()
    why: str = ""
    form: str = field(default="", repr=False)
    #: The game it was sent for (`Settings.identity`): another game's workbook refuses it.
    game: str = field(default="", repr=False)
    #: Its history line once it is run (`... — from Ann's link (action 3)`), and the newest
    #: kept version before: whether it is in the workbook is read from the history by them.
    line: str = field(default="", repr=False)
    since: int = field(default=0, repr=False)
    #: The day (round) it was sent on: a game's own move is for that moment only.
    day: int | None = field(default=None, repr=False)

    def message(self) -> list[str]:
        """The problems as `ledger` prints them: `WHERE: code message`, then its hint."""
        lines = []
        for p in self.problems:
            lines.append(f"{p['where']}: {p['code']} {p['message']}")
            if p.get("hint"):
                lines.append(f"    hint: {p['hint']}")
        return lines


@cache
def _senders() -> dict[str, tuple[Any, frozenset[str]]]:
    """Every kind a player sends in any game: the game that declares it and its form's
    fields (`pay` is every game's; the first game's stands for it)."""
    from ledger.app.action_forms import forms
    from ledger.rules import GAMES, load_game

    out: dict[str, tuple[Any, frozenset[str]]] = {}
    for key in GAMES:
        game = load_game(key)
        for form in forms(game):
            out.setdefault(form.kind, (game, frozenset(f.name for f in form.fields)))
    return out


def _int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def damage(entry: dict[str, Any]) -> str | None:
    """What makes a kept entry one no player's form could have made (None: nothing)."""
    for check in (_sent, _numbers, _texts):
        why = check(entry)
        if why is not None:
            return why
    return None


def _sent(entry: dict[str, Any]) -> str | None:
    """Who sent it, what kind, with which values: as a form sends them."""
    kind, values = entry.get("kind"), entry.get("values")
    if not isinstance(entry.get("who"), str) or not entry["who"] or invisible(entry["who"]):
        return "it names no player a link is made for"
    if not isinstance(kind, str) or kind not in _senders():
        return f"{kind!r} is nothing a player sends from their link"
    if not isinstance(values, dict) or not all(
        isinstance(k, str) and isinstance(v, str) and len(v) <= MAX_TEXT and not invisible(v)
        for k, v in values.items()
    ):
        return "its values are not the text a form sends"
    extra = sorted(set(values) - _senders()[kind][1])
    return f"{kind} has no field {extra[0]!r}" if extra else None


def _numbers(entry: dict[str, Any]) -> str | None:
    """Its day, its state, its game and its place in the history, as ledger writes them."""
    if entry.get("day") is not None and not _int(entry.get("day")):
        return f"its day {entry.get('day')!r} is not a number"
    if entry.get("state") not in STATES:
        return f"its state {entry.get('state')!r} is none ledger writes"
    if not isinstance(entry.get("game", ""), str):
        return "the game it was sent for is not text"
    if not entry.get("game") and entry["state"] in RUNNABLE:
        return "it names no game it was sent for"
    if not _int(entry.get("since", 0)):
        return "its place in the history is not a number"
    return None


def _texts(entry: dict[str, Any]) -> str | None:
    """What ledger wrote of it as text, and its problems as ledger writes them."""
    for name in ("form", "line", "at", "result", "why", "command"):
        if not isinstance(entry.get(name, ""), str):
            return f"its {name} is not text"
    for name in ("form", "at", "command"):  # printed by `ledger pending` as they stand
        if invisible(entry.get(name, "")):
            return f"its {name} holds a character that is not shown ({invisible(entry[name])})"
    problems = entry.get("problems", [])
    if not isinstance(problems, list) or not all(
        isinstance(p, dict) and p.get("code") and p.get("message") for p in problems
    ):
        return "its problems are not the ones ledger writes"
    return None


def command_of(who: str, kind: str, values: dict[str, str]) -> str:
    """The action as the banker would type it, made from the values that run."""
    from ledger.app.action_forms import described

    return described(_senders()[kind][0], who, kind, values)


def load(entry: dict[str, Any]) -> Action:
    """The kept entry as an action; one that still could run but is damaged is `damaged`
    (its `why` says why), its command made from its values when they can be read."""
    why = damage(entry)
    raw = entry.get("values")
    values = {str(k): str(v) for k, v in raw.items()} if isinstance(raw, dict) else {}
    state = str(entry.get("state", ""))
    kind, who = str(entry.get("kind", "")), str(entry.get("who", ""))
    if why is None:
        command = command_of(who, kind, values)
    else:  # nothing of it is believed, nor printed as it is; closed, it is rejected
        kind, who = (t if t.isprintable() else ascii(t) for t in (kind, who))
        command = ""
        state = REJECTED if state == REJECTED else DAMAGED
    day = entry.get("day")
    since = entry.get("since", 0)
    problems: list[dict[str, str]] = []
    for p in entry.get("problems", ()) if isinstance(entry.get("problems"), list) else ():
        if isinstance(p, dict):
            problems.append({k: str(p.get(k, "")) for k in ("code", "where", "message", "hint")})
    return Action(
        int(entry["n"]),
        who,
        kind,
        values,
        state,
        command,
        str(entry.get("at", "")),
        str(entry.get("result", "")),
        tuple(problems),
        why if state == DAMAGED and why else str(entry.get("why", "")),
        str(entry.get("form", "")),
        str(entry.get("game", "")),
        str(entry.get("line", "")),
        since if _int(since) else 0,
        day if _int(day) else None,
    )


def damaged(n: int, why: str) -> ProblemsFound:
    return ProblemsFound(
        [
            problem(
                "action-damaged",
                "N",
                f"action {n} is damaged: {why}; no player's form makes it, so it never runs",
                f"`ledger reject {n}` closes it; the player sends it again if it stands",
            )
        ]
    )


#: The highest number given in this process, by workbook: a file deleted under `serve`
#: does not make it give a number again.
_given: dict[str, int] = {}
_given_lock = threading.Lock()
_NUMBERED = re.compile(r"\(action (\d+)\)$")


def next_number(path: Path, data: dict[str, Any]) -> int:
    """The number of a new action (under the writer lock): after every number in the file,
    the file's own count (`last`), every number this process gave, and every action number
    the kept history names."""
    from ledger.app.action_log import kept

    last = data.get("last")
    known: list[int] = [
        last if isinstance(last, int) and _int(last) else 0,
        *(int(e["n"]) for e in data["actions"]),
    ]
    # a history not the banker's alone: its numbers are not read
    with contextlib.suppress(ProblemsFound):
        known += [int(m.group(1)) for v in kept(path) if (m := _NUMBERED.search(v.command))]
    key = str(path.absolute())
    with _given_lock:
        n = max([*known, _given.get(key, 0)]) + 1
        _given[key] = n
    return n


def forget_numbers() -> None:
    """As a new process starts: nothing given yet (for the tests)."""
    with _given_lock:
        _given.clear()
