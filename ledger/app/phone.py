"""What a phone's page says beside the books (`ledger serve --actions`): the moves that apply
to each player now with their pick-lists, what each waiting action would move and leave (tried
on a copy of the books, nothing written), and a refusal in plain words.

Only reads: the books are forked, never saved, and the writer lock is never taken.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import msgspec

from ledger.app.action_forms import PAY, Form
from ledger.app.actions import Action, change_of
from ledger.core.books import BANK, Books
from ledger.core.problems import ProblemsFound
from ledger.core.report import Moves, Pick


class Foreseen(msgspec.Struct, frozen=True):
    """A waiting action tried on a copy of the books as they stand: the money it moves, whose
    balance it changes and to what; or, refused now, why in plain words."""

    moves: str = ""
    who: str = ""
    before: str = ""
    after: str = ""
    refused: tuple[tuple[str, str], ...] = ()


def moves_of(books: Books) -> dict[str, Moves]:
    """Each player's moves that apply now: pay (to another player or the bank, picked), then
    what their game says applies (`Game.moves_now`; None: every player action, all typed)."""
    out: dict[str, Moves] = {}
    for p in books.players:
        others = tuple((o.name, o.name) for o in books.players if o.name != p.name)
        moves: Moves = {"pay": {"to": Pick((*others, (BANK, "the bank")))}}
        own = books.game.moves_now(books, p.name)
        if own is None:
            own = {kind: {} for kind in books.game.player_actions}
        out[p.name] = {**own, **moves}
    return out


def foresee(books: Books, actions: Iterable[Action]) -> dict[int, Foreseen]:
    """What each waiting action would do to the books as they stand now (approve's own change,
    on a fork): the money its transactions move and the balance it leaves its sender."""
    game = books.game
    out = {}
    for a in actions:
        twin = books.fork()
        try:
            _, problems, _ = change_of(game, a.who, a.kind, a.values, a.game, a.day)(twin)
        except ProblemsFound as exc:
            problems = exc.problems
        errors = [p for p in problems if p.is_error]
        if errors:
            labels = field_labels([PAY, *_forms(game)])
            said = tuple(plainly(p.where, p.message, p.hint, labels) for p in errors)
            out[a.n] = Foreseen(refused=said)
            continue
        new = [t for t in twin.journal if t.id >= books.journal.next_id]  # a fork's own
        moved = [q.amount for t in new for q in t.postings if q.amount.amount > 0]
        total = sum(moved[1:], moved[0]) if moved else None
        me, after = books.player(a.who), twin.player(a.who)
        out[a.n] = Foreseen(
            str(total) if total is not None else "no money",
            a.who,
            str(books.player_cash(me)) if me is not None else "",
            str(twin.player_cash(after)) if after is not None else "",
        )
    return out


def _forms(game: Any) -> list[Form]:
    from ledger.app.actions import forms

    return forms(game)


def field_labels(forms: Iterable[Form]) -> dict[str, str]:
    """How a problem names a form's field (`AMOUNT`, `--dice`, `deed`) -> its label on the
    page (`Amount`, `Dice`, `Deed`)."""
    out = {}
    for f in forms:
        for x in f.fields:
            for name in (x.name, x.name.upper(), "--" + x.name.replace("_", "-")):
                out[name] = x.label
    return out


def plainly(where: str, message: str, hint: str, labels: Mapping[str, str]) -> tuple[str, str]:
    """A problem in plain words for a phone: the field by its label (never `AMOUNT` or a code),
    a workbook or its cell (`Players!C3`) by its name, the message with its rule's number as
    the books say it, and the hint. A command's own word for where (`PLAYER`, `--dice` of no
    field on the page) is left out: the message says what it is about."""
    where = where.strip()
    label = labels.get(where)
    if label:
        text = f"{label}: {message}"
    elif "!" in where or where.endswith(".xlsx"):
        text = f"In {where}: {message}"
    else:
        text = message
    text = text[:1].upper() + text[1:]
    return text, hint


def said_plainly(problems: Iterable[Mapping[str, str]], labels: Mapping[str, str]) -> list[str]:
    """Kept problems (an action's, `Problem.as_dict`) as lines of plain words."""
    out = []
    for p in problems:
        text, hint = plainly(p.get("where", ""), p.get("message", ""), p.get("hint", ""), labels)
        out.append(f"{text} ({hint})" if hint else text)
    return out
