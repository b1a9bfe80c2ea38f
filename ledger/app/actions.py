"""Players act from their own links (`ledger serve --actions`); the banker keeps control.

A player may pay (every game) and do what their game declares (`Game.player_actions`), always
as themselves. What they send is checked at once as the typed command would check it, then
waits for the banker (`ledger pending`, `ledger approve N`, `ledger reject N`) or, when the
setting `actions_wait` says no, applies at once. Either way it runs through the pipeline as
the typed command does (lock, checks, atomic save, history), its history line saying whose
link it came from. The actions are kept beside the workbook (ledger/io/pending.py), changed
only under the workbook's writer lock; each carries the one-time id of the form it came from,
so the same form sent twice is one action.
"""

from __future__ import annotations

import dataclasses
import os
import time
import zipfile
from pathlib import Path
from typing import Any

from ledger.app.action_entry import (
    APPLYING,
    DAMAGED,
    DONE,
    MAX_TEXT,
    REFUSED,
    REJECTED,
    UNDONE,
    WAITING,
    Action,
    next_number,
)
from ledger.app.action_entry import load as _load
from ledger.app.action_forms import Field, Form, described, forms
from ledger.app.action_log import newest
from ledger.app.moment import bound, moment_of
from ledger.app.pay import refuse_hidden
from ledger.app.pipeline import Change, change
from ledger.core.problems import Problem, ProblemsFound, problem
from ledger.io import pending, store

__all__ = [  # the states and the record, kept in action_entry.py, named here too
    "APPLYING",
    "DAMAGED",
    "DONE",
    "REFUSED",
    "REJECTED",
    "UNDONE",
    "WAITING",
    "Action",
    "Field",
    "Form",
    "described",
    "forms",
    "listing",
    "submit",
    "waiting",
]
#: Fields that say what only the table saw (the dice as thrown): a player's word for them is
#: taken by the banker, so an action naming them waits even when actions apply at once.
WITNESSED = frozenset({"dice"})
#: The most actions of one link that may wait for the banker at once; and how many decided
#: ones are kept (the newest), so the file stays small however long the game runs.
MAX_WAITING, KEEP_DECIDED = 20, 500


def _form_of(game: Any, kind: str) -> Form:
    for f in forms(game):
        if f.kind == kind:
            return f
    raise ProblemsFound(
        [
            problem(
                "not-a-player-action",
                kind,
                f"{kind!r} is not something a player does from their link in {game.title}",
                "one of: " + ", ".join(f.kind for f in forms(game)),
            )
        ]
    )


def change_of(
    game: Any, who: str, kind: str, values: dict[str, str], identity: str = "", day: Any = None
) -> Change[object]:
    """The change the typed command would make, as the link's holder, for the game and the
    moment the action was sent for (`moment.bound`)."""
    return bound(_made(game, who, kind, values), kind, identity, day)


def _made(game: Any, who: str, kind: str, values: dict[str, str]) -> Change[object]:
    if kind == "pay":
        from ledger.app.pay import amount_of, paying

        return paying(
            who,
            values.get("to", ""),
            amount_of(values.get("amount", "")),
            memo=values.get("memo", ""),
        )
    spec = game.player_command(kind)
    if spec is None:  # another game's (`bound` says so first) or nobody's

        def nobody(books: Any) -> tuple[str, list[Problem], object]:
            return "", [damaged_problem(kind, game)], None

        return nobody
    given: dict[str, Any] = {"player": who}
    for p in spec.params:
        v = values.get(p.name, "")
        if p.name != "player" and v:
            given[p.name] = True if p.kind == "flag" else v

    def run(books: Any) -> tuple[str, list[Problem], object]:
        summary, problems = books.game.player_apply(books, kind, given, f"cli:{kind}")
        return summary, problems, None

    return run


def damaged_problem(kind: str, game: Any) -> Problem:
    """An action of a kind this game's players do not send, on this very game's workbook: no
    form made it (another game's is refused as `another-game` before this)."""
    return problem(
        "action-damaged",
        "N",
        f"{kind!r} is nothing a player of {game.title} sends: no player's form made it",
        "`ledger reject N` closes it",
    )


def _game(path: Path) -> Any:
    from ledger.app.game_of import game_of
    from ledger.rules import load_game

    try:
        key = game_of(path)
    except (zipfile.BadZipFile, KeyError, ValueError, OSError, EOFError):
        from ledger.io.load import load

        load(path)  # says what is wrong with it, as the typed command does
        raise ProblemsFound(
            [problem("damaged-xlsx", str(path), "the workbook cannot be read", "")]
        ) from None
    if key is None:
        raise ProblemsFound([problem("no-game", str(path), "the workbook names no game", "")])
    return load_game(key)


def _kept(path: Path) -> dict[str, Any]:
    """The kept actions, to change them (under the lock): a damaged file is refused, never
    overwritten, so the actions waiting in it are not lost."""
    data = pending.read(path)
    found = data.get("problem")
    if isinstance(found, dict):  # not the banker's alone: refused by name
        raise ProblemsFound(
            [problem(found["code"], found["where"], found["message"], found["hint"])]
        )
    if data.get("damaged"):
        where = pending.pending_path(path)
        raise ProblemsFound(
            [
                problem(
                    "pending-damaged",
                    where.name,
                    f"the file of the players' actions cannot be read: {data['damaged']}",
                    "move it aside (ledger never overwrites it); the players then send their "
                    "waiting actions again",
                )
            ]
        )
    return data


def listing(path: Path) -> list[Action]:
    """Every action sent from the links of this workbook, oldest first; one done and since
    taken back by `ledger undo` is `undone` (the history says so)."""
    from ledger.app.action_log import kept, saved

    out = []
    log = None
    believed = True  # a history not the banker's alone tells nothing: `ledger undo` says why
    for entry in pending.read(path)["actions"]:
        action = _load(entry)  # one no form could have made is `damaged`, never run
        if action.state == DONE and action.line and believed:
            try:
                log = kept(path) if log is None else log
            except ProblemsFound:
                believed = False
            if log is not None and saved(log, action.line, action.since) is False:
                action = dataclasses.replace(action, state=UNDONE)
        out.append(action)
    return out


def kept_signature(path: Path) -> tuple[int, int] | None:
    """When the kept actions last changed (the served pages follow it)."""
    return pending.signature(path)


def waiting(path: Path) -> list[Action]:
    """`ledger pending`: what waits for the banker, what is being applied (or was, by a run
    that stopped: `ledger approve N` or `ledger reject N` settles it), and what was done and
    then undone (the banker approves it again, or rejects it), and what no player's form
    could have made (damaged: never run; the banker rejects it)."""
    _kept(path)  # a damaged file is said, not shown as "nothing waits"
    return [a for a in listing(path) if a.state in (WAITING, APPLYING, UNDONE, DAMAGED)]


def _set(path: Path, n: int, **changes: Any) -> Action:
    """Change action `n` under the workbook's writer lock."""
    with store.exclusive(path):
        data = _kept(path)
        entry = _entry(data, n)
        entry.update(changes)
        pending.write(path, data)
        return _load(entry)


def refused(exc: ProblemsFound, path: Path) -> dict[str, Any]:
    """The state of an action the books refused: their errors, the workbook named by its name
    (the folders it lies in are the banker's, not for a player's page)."""

    def named(v: Any) -> Any:
        for folder in {str(path.parent.absolute()), str(path.parent.resolve())}:
            v = v.replace(folder + os.sep, "") if isinstance(v, str) else v
        return v

    problems = [{k: named(v) for k, v in p.as_dict().items()} for p in exc.problems if p.is_error]
    return {"state": REFUSED, "problems": problems}


def submit(
    path: Path, who: str, kind: str, values: dict[str, str], form_id: str, identity: str = ""
) -> Action:
    """A player's action from their link, as `who`. The same form (`form_id`) sent again is
    the action already sent, never a second one. Refused at once when the typed command would
    refuse it (the action says why); else waiting, or done when the game applies them at once.
    `identity`: the game the link was made for (`Settings.identity`; "": the workbook's now)."""
    game = _game(path)
    form = _form_of(game, kind)
    kept = {f.name: str(values.get(f.name, "")).strip() for f in form.fields}
    kept = {k: v for k, v in kept.items() if v}
    _refuse_too_long({**kept, "form": form_id})
    refuse_hidden(kept)  # the rule `ledger pay --memo` keeps too
    command = described(game, who, kind, kept)
    state = _tried(path, game, who, kind, kept, command, identity)
    with store.exclusive(path):
        data = _kept(path)
        for entry in data["actions"]:
            if entry.get("who") == who and entry.get("form") == form_id and form_id:
                return _load(entry)  # a double tap: the first one stands
        _refuse_too_many(data, who, kind)
        n = data["last"] = next_number(path, data)
        data["actions"] = _pruned(data["actions"])
        entry = {
            "n": n,
            "who": who,
            "kind": kind,
            "values": kept,
            "command": command,
            "at": time.strftime("%Y-%m-%d %H:%M:%S"),
            "form": form_id,
            "since": newest(path),
            "line": f"{command} — from {who}'s link (action {n})",  # its save's, at once
            **state,
        }
        if entry["state"] == APPLYING:
            entry.update(pid=os.getpid(), claimed=time.time())
        data["actions"].append(entry)
        pending.write(path, data)
    action = _load(entry)
    return _apply(path, game, action) if action.state == APPLYING else action


def _tried(
    path: Path,
    game: Any,
    who: str,
    kind: str,
    kept: dict[str, str],
    command: str,
    identity: str,
) -> dict[str, Any]:
    """The action tried on the books as they are (nothing written): refused, with why; or
    waiting, or to apply at once (`applying`), bound to the game and the day (round) the
    books stand at, however it is applied."""
    try:
        tried = change(
            path, change_of(game, who, kind, kept, identity), command=command, dry_run=True
        )
    except ProblemsFound as exc:
        if exc.exit_code == store.EXIT_LOCKED:  # open in Excel, read-only, busy: not the
            # action's fault: checked when approved, for the moment the books stood at
            return {"state": WAITING, **moment_of(path, identity)}
        return refused(exc, path)
    except OSError as exc:  # a full disk, a permission: said as the command says it
        return refused(store.os_problem(exc), path)
    books = tried.books
    assert books is not None
    bound_to = {"game": books.settings.identity(), "day": books.day}
    at_once = books.settings.values.get("actions_wait", True) is False
    # the dice as thrown, a landing: what only the table saw waits for the banker's word
    if at_once and not WITNESSED & set(kept) and kind not in game.witnessed_actions:
        return {"state": APPLYING, **bound_to}
    return {"state": WAITING, **bound_to}


def _refuse_too_long(values: dict[str, str]) -> None:
    """A field longer than a form's field may be is refused, never cut (cut, `0…01000`
    could become another amount)."""
    found = [
        problem(
            "too-long",
            name,
            f"{name} is {len(value):,} characters long; a form's field holds at most {MAX_TEXT}",
            "send it again, shorter",
        )
        for name, value in values.items()
        if len(value) > MAX_TEXT
    ]
    if found:
        raise ProblemsFound(found)


def _refuse_too_many(data: dict[str, Any], who: str, kind: str) -> None:
    """A link with `MAX_WAITING` actions waiting sends no more until the banker decides."""
    mine = sum(1 for e in data["actions"] if e.get("who") == who and e.get("state") == WAITING)
    if mine >= MAX_WAITING:
        raise ProblemsFound(
            [
                problem(
                    "too-many-waiting",
                    kind,
                    f"{who} has {mine} actions waiting for the banker already",
                    "send more once the banker has decided those",
                )
            ]
        )


def _pruned(actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every action still waiting (or being applied), and the newest `KEEP_DECIDED` decided
    ones: older decided ones are dropped (the history keeps what they did)."""
    decided = [e for e in actions if e.get("state") not in (WAITING, APPLYING)]
    gone = {id(e) for e in decided[: max(0, len(decided) - KEEP_DECIDED)]}
    return [e for e in actions if id(e) not in gone]


def _apply(path: Path, game: Any, action: Action, back_to: str = "") -> Action:
    """Run the action as its command. Refused for what the books say: refused for good. The
    workbook locked (open in Excel, read-only, busy) or an error of the system: `back_to`
    (waiting, for an approval: the banker tries again) and the refusal raised."""
    try:
        outcome = change(
            path,
            change_of(game, action.who, action.kind, action.values, action.game, action.day),
            command=action.line,
        )
    except ProblemsFound as exc:
        if back_to and exc.exit_code == store.EXIT_LOCKED:
            _set(path, action.n, state=back_to)
            raise
        return _set(path, action.n, **refused(exc, path))
    except OSError as exc:
        if back_to:
            _set(path, action.n, state=back_to)
            raise
        return _set(path, action.n, **refused(store.os_problem(exc), path))
    return _set(path, action.n, state=DONE, result=outcome.summary)


def _entry(data: dict[str, Any], n: int) -> dict[str, Any]:
    entry: dict[str, Any] | None = next((e for e in data["actions"] if e.get("n") == n), None)
    if entry is None:
        raise ProblemsFound(
            [
                problem(
                    "no-such-action",
                    "N",
                    f"there is no action {n}",
                    "`ledger pending` lists the waiting ones",
                )
            ]
        )
    return entry
