"""What the pages show, read from the workbook, and the last good view kept while it cannot be
read (being written, or with problems). Only reads: the writer lock is never taken."""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any

import msgspec

from ledger.app import history as timeline
from ledger.app.actions import (
    REFUSED,
    UNDONE,
    WAITING,
    Action,
    Form,
    forms,
    kept_signature,
    listing,
)
from ledger.app.after import statement_of
from ledger.app.campaign import campaign_books
from ledger.app.history import versions
from ledger.app.phone import Foreseen, field_labels, foresee, moves_of, plainly
from ledger.app.pipeline import read_books
from ledger.core.clock import Period
from ledger.core.problems import ProblemsFound
from ledger.core.report import Moves, Statement, Table, TickReport, fmt

#: How many of the latest transactions the table page shows.
LAST_EVENTS = 12
#: How far ahead the forecast looks (the statements' own horizon), and how many of its lines
#: the table page shows.
AHEAD = 30
DUE_LINES = 20


class View(msgspec.Struct, frozen=True):
    """One reading of the workbook: the table and every player's statement."""

    title: str
    day: int
    #: `day 30`, `after round 2`: the moment in the game's words, and what a step is called
    moment: str
    unit: str
    currency: str
    standings: list[tuple[str, str]]
    last: list[tuple[int, str, str]]
    statements: dict[str, Statement]
    history: list[Any] = msgspec.field(default_factory=list)
    #: What falls due next for the whole table, from the forecast; None for a game whose
    #: forecast has nothing with time (its own view says what the next round brings).
    due: Table | None = None
    #: The game's own view (`Game.view`): property, owners, positions, the next round.
    tables: list[Table] = msgspec.field(default_factory=list)
    #: Which game this is (`Settings.identity`): the links are bound to it.
    identity: str = ""
    #: What players sent from their links, oldest first (`ledger serve --actions`): each page
    #: shows its holder's own, the banker's every one.
    actions: list[Action] = msgspec.field(default_factory=list)
    #: The forms of a player's page (pay, and the game's player actions).
    forms: list[Form] = msgspec.field(default_factory=list)
    #: How many actions a link may send a minute (the setting `actions_per_minute`).
    per_minute: int = 6
    #: Whether they wait for the banker (the setting `actions_wait`).
    actions_wait: bool = True
    #: Each player's moves that apply now, with their pick-lists (ledger/app/phone.py).
    moves: dict[str, Moves] = msgspec.field(default_factory=dict)
    #: What each waiting action would move and leave, by its number.
    foreseen: dict[int, Foreseen] = msgspec.field(default_factory=dict)
    #: A refused action's problems in plain words (text, hint), by its number.
    plain: dict[int, list[tuple[str, str]]] = msgspec.field(default_factory=dict)


def read_view(path: Path, kept: Kept | None = None) -> View:
    """The workbook as the pages show it; the statements are the PDF's own data."""
    books, _ = read_books(path)
    ahead = books.game.forecast(books, AHEAD)
    period = Period(since=max(0, books.day - 30))  # the page's window: the last 30 days
    seen = campaign_books(path, books, period)  # into a closed period: its archive too
    statements = {p.name: statement_of(seen, p, period, ahead) for p in books.players}
    words = period.words(books.game.clock, books.day, period.of(seen.journal))
    for s in statements.values():
        s.period, s.moment = words, books.moment()
    standings = [(p.name, str(books.player_cash(p))) for p in books.players]
    txns = list(books.journal)[-LAST_EVENTS:][::-1]
    ticks = books.game.clock.ticks  # a game without a clock numbers its moments by transaction
    last = [(t.day if ticks else t.id, t.memo, str(_moved(t))) for t in txns]
    now = timeline.State(books.day, len(books.journal), books.moment())
    # another game's actions (a workbook put in the place of the one they were sent for) are
    # no business of this game's players
    sent = [a for a in listing(path) if a.game in ("", books.settings.identity())]
    shown = forms(books.game)
    labels = field_labels(shown)
    return View(
        books.game.title,
        books.day,
        books.moment(),
        books.game.clock.title,
        books.currency,
        standings,
        last,
        statements,
        (kept or Kept()).entries(path, now),
        due_table(ahead),
        books.game.view(books),
        books.settings.identity(),
        sent,
        shown,
        _per_minute(books.settings.values.get("actions_per_minute")),
        books.settings.values.get("actions_wait", True) is not False,
        moves_of(books),
        foresee(books, [a for a in sent if a.state in (WAITING, UNDONE)]),
        {
            a.n: [plainly(p["where"], p["message"], p["hint"], labels) for p in a.problems]
            for a in sent
            if a.state == REFUSED
        },
    )


def _per_minute(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 6


class Kept:
    """The history for the banker's page (`ledger history`), with each kept version's day and
    transactions read once: a kept version does not change, and reading all of them again on
    every change would cost a load of the workbook per version."""

    def __init__(self) -> None:
        self._states: dict[tuple[str, str, int, int], timeline.State] = {}

    def entries(self, path: Path, now: timeline.State) -> list[timeline.Entry]:
        """As `timeline.entries`, newest first; `now` is what the workbook itself says."""
        try:
            kept = [v for v in versions(path) if v.state == "done"]
        except ProblemsFound:  # a history not the banker's alone: `ledger history` says why
            kept = []
        states, known = [], {}
        for v in kept:
            where = timeline.believed(path, v)
            try:
                st = os.stat(where) if where is not None else None
            except OSError:
                st = None
            if where is None or st is None:
                states.append(timeline.State(None, None))
                continue
            key = (v.file, v.at, st.st_mtime_ns, st.st_size)  # a number is reused after undo
            known[key] = self._states.get(key) or timeline.state_of(where)
            states.append(known[key])
        self._states = known
        states.append(now)
        out = [
            timeline.Entry(
                v.seq,
                v.command,
                v.at,
                v.summary,
                states[i + 1].day,
                timeline.changed(states[i], states[i + 1]),
                states[i + 1].moment or "?",
            )
            for i, v in enumerate(kept)
        ]
        return out[::-1]


def due_table(ahead: TickReport) -> Table | None:
    """What falls due in the forecast's days, for every player: the charges, money in and
    events the tick's own code foresees (the first `DUE_LINES` of them)."""
    clock = ahead.clock
    if not ahead.lines and clock.unit != "day":
        return None
    span = ahead.end - ahead.start
    unit = clock.unit if span == 1 else clock.units
    table = Table(
        f"What falls due next (the next {span} {unit})",
        [clock.title, "who", "what", "rule", ahead.currency],
        align=["r", "l", "l", "l", "r"],
        empty=f"nothing falls due in the next {span} {unit}",
    )
    for line in ahead.lines[:DUE_LINES]:
        amount = line.amount
        if amount is not None and line.kind == "charge":
            amount = -amount
        table.rows.append([str(line.day), line.player, line.text, line.rule, fmt(amount)])
    more = len(ahead.lines) - DUE_LINES
    if more > 0:
        last = ahead.lines[-1].day
        table.total = f"and {more} more by {clock.unit} {last}: each statement lists its own"
    return table


def _moved(t: Any) -> Any:
    """What a transaction moved: the sum of its positive postings."""
    positive = [p.amount for p in t.postings if p.amount.amount > 0]
    total = positive[0]
    for a in positive[1:]:
        total = total + a
    return total


class ForeignGame(Exception):
    """Another game's workbook behind the path the links were made for."""


class Watcher:
    """Notices a changed workbook by its modification time and size, reads it, and keeps the
    last good view when it cannot be read. Another game's workbook (`game`: the identity the
    links were made for; None: the first one read) cannot be read, for these links."""

    def __init__(self, path: Path, game: str | None = None) -> None:
        self.path = path
        self.game = game
        self.view: View | None = None
        #: False while the workbook cannot be read; the last good view stays.
        self.readable = False
        #: Goes up by one on every change the pages must show (a new view, or unreadable).
        self.version = 0
        self._seen: tuple[int, int, tuple[int, int] | None] | None = None
        self._kept = Kept()
        self._lock = threading.Lock()

    def _signature(self) -> tuple[int, int, tuple[int, int] | None] | None:
        """The workbook's time and size, and those of the actions sent from the links."""
        try:
            st = self.path.stat()
        except OSError:
            return None
        return (st.st_mtime_ns, st.st_size, kept_signature(self.path))

    def refresh(self) -> int:
        """Read the workbook again if it changed; returns the version."""
        with self._lock:
            sig = self._signature()
            if sig is not None and sig == self._seen:
                return self.version
            try:
                if sig is None:
                    raise FileNotFoundError(self.path)
                view = read_view(self.path, self._kept)
                # changed again while it was read: read it again at the next poll
                stable = self._signature() == sig
                if self.game is None:
                    self.game = view.identity
                if view.identity != self.game:
                    raise ForeignGame(view.identity)
            except Exception as exc:  # any failure to read: the last good view stays
                if self.readable or self.version == 0:
                    self.readable = False
                    self.version += 1
                # another game's workbook is not read again until it changes
                self._seen = sig if isinstance(exc, ForeignGame) and stable else None
                return self.version
            self.view = view
            self.readable = True
            self._seen = sig if stable else None
            self.version += 1
            return self.version


def poll_forever(watcher: Watcher, stop: threading.Event, every: float = 0.5) -> None:
    """The polling loop (in its own thread): every half second, the file's time and size."""
    while not stop.is_set():
        watcher.refresh()
        stop.wait(every)
