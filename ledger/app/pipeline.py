"""The app layer: one function a use case, between the command line (or any other face) and
the rest. The pipeline every changing command follows, in one readable place:

    load -> parse -> check -> post pending events -> apply -> check again -> save

Nothing is written unless every stage found no error (all or nothing). What a command writes
after its save (the tick's summary, the statements) is a step of its own that says what was
saved when it fails (`SavedBut`). Reading for the commands that only show, checking with a
filter, a player's balance, a player looked up by name: here too, so the CLI only parses and
renders.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Generic, TypeVar, overload

import msgspec

from ledger.app.campaign import archive_problems
from ledger.app.kept import load_kept as load
from ledger.core.actions import in_event_rows, post_pending_events
from ledger.core.books import Books
from ledger.core.checks import run_checks
from ledger.core.closing import journal_grows
from ledger.core.game import Game
from ledger.core.params import TextFile
from ledger.core.problems import (
    Problem,
    ProblemsFound,
    Severity,
    has_errors,
    problem,
)
from ledger.io.load import FORMULA_COPY
from ledger.io.workbook import Loaded, read_bytes, write

#: What a command's change gives back besides its summary (a tick: its report).
D = TypeVar("D")
#: What a command makes before its save (a tick: its documents).
P = TypeVar("P")


class Outcome(msgspec.Struct, Generic[D, P]):
    """What a changing command did: a summary line, the events posted, warnings seen, what its
    change gave back and what it made before the save."""

    summary: str
    posted: list[str]
    warnings: list[Problem]
    data: D
    #: The books as saved (or, in a dry run, as they would be).
    books: Books
    #: What `prepare` made before the save (None in a dry run).
    prepared: P | None = None


class Inspection(msgspec.Struct):
    loaded: Loaded
    problems: list[Problem]
    pending_events: int
    transactions: int


def inspect(path: Path) -> Inspection:
    """Load and check without changing anything: the cells, the books, then the pending
    events are tried (not saved) and the books checked again."""
    data = read_bytes(path)
    loaded, problems = load(path, data)
    problems += archive_problems(path, loaded.books)  # the archives of closed periods, as written
    return examine(loaded, problems)


def examine(loaded: Loaded, problems: list[Problem]) -> Inspection:
    """`inspect` once the workbook is read, in memory: the books checked, the rows typed in
    Events tried on them (these books are the inspection's own) and checked again."""
    books = loaded.books
    pending = sum(1 for _ in books.pending_events())
    saved = len(books.journal)
    # a bad cell in an Events row leaves the rest whole: the other rows are tried all the
    # same, so every bad row is reported in one pass, in sheet order
    unreadable = in_event_rows(books, problems)
    problems = not_in(problems, unreadable)
    if not has_errors(problems):
        problems += run_checks(books)
    if not has_errors(problems) and pending:
        _, found = post_pending_events(books, unreadable)
        problems += found
        books.balances_as_read = {}
        problems += not_in(run_checks(books), problems)
    else:
        problems += unreadable
    return Inspection(loaded, problems, pending, saved)


def not_in(found: Iterable[Problem], known: Iterable[Problem]) -> list[Problem]:
    """`found` but those in `known`, in order (a set: a sheet of many bad rows has many
    problems, and comparing each with each took minutes)."""
    seen = set(known)
    return [p for p in found if p not in seen]


def shown_anyway(problems: list[Problem], shows: Sequence[str] | None = None) -> list[Problem]:
    """What a command that only shows makes of a bad row in the Events sheet: a warning. The
    row is not posted yet, so the books as posted are whole; a changing command, which would
    post it, and `check` still refuse it. The same for a formula in the banker's own cells
    that a save would lose: nothing shown depends on it; and (`shows`: the only sheets what it
    shows comes from) for a mistake in any other sheet."""
    out = []
    for p in problems:
        sheet = p.where.partition("!")[0].strip("'")
        if p.is_error and sheet == "Events" and "!" in p.where:
            p = msgspec.structs.replace(
                p,
                severity=Severity.WARNING,
                hint=f"{p.hint}; " * bool(p.hint) + "the row is not posted yet: shown without it",
            )
        elif p.is_error and p.code == FORMULA_COPY:  # the banker's own cell: nothing shown
            p = msgspec.structs.replace(p, severity=Severity.WARNING)
        elif p.is_error and shows is not None and "!" in p.where and sheet not in shows:
            p = msgspec.structs.replace(
                p,
                severity=Severity.WARNING,
                hint=f"{p.hint}; " * bool(p.hint) + "nothing shown here comes from that sheet",
            )
        out.append(p)
    return out


def read_books(
    path: Path, data: bytes | None = None, shows: Sequence[str] | None = None
) -> tuple[Books, list[Problem]]:
    """For the commands that only show: the books as saved, or the problems that stop it;
    rows typed in Events that could not be posted come back as warnings, and so does a
    mistake in a sheet that what the command shows does not come from (`shows`)."""
    if data is None:
        data = read_bytes(path)
    loaded, problems = load(path, data)
    problems = shown_anyway(problems + run_checks(loaded.books), shows)
    if has_errors(problems):
        raise ProblemsFound(problems)
    books = loaded.books
    if any(True for _ in books.pending_events()):
        problems += not_in(pending_warnings(path, data), problems)
    return books, problems


def pending_warnings(path: Path, data: bytes) -> list[Problem]:
    """What posting the Events rows typed since the last save would say, tried on a copy of
    the books and nothing written: as warnings, for the commands that only show."""
    loaded, problems = load(path, data)
    if has_errors([p for p in problems if not p.where.startswith(("Events!", "'Events'!"))]):
        return []  # the books themselves have problems: those are reported already
    _, found = post_pending_events(loaded.books, in_event_rows(loaded.books, problems))
    return shown_anyway(found)


Change = Callable[[Books], tuple[str, list[Problem], D]]
#: What a command writes after its save, made from the changed books and the change's data
#: before the save (`Outcome.prepared`), so that what another program wrote is checked
#: meanwhile. It keeps its own failures for after the save (`app.after.TickDocuments`).
Prepare = Callable[[Books, D], P]


@overload
def change(
    path: Path,
    change_fn: Change[D],
    *,
    command: str,
    force: bool = False,
    dry_run: bool = False,
    prepare: None = None,
) -> Outcome[D, None]: ...


@overload
def change(
    path: Path,
    change_fn: Change[D],
    *,
    command: str,
    force: bool = False,
    dry_run: bool = False,
    prepare: Prepare[D, P],
) -> Outcome[D, P]: ...


def change(
    path: Path,
    change_fn: Change[D],
    *,
    command: str,
    force: bool = False,
    dry_run: bool = False,
    prepare: Prepare[D, P] | None = None,
) -> Outcome[D, P]:
    """Run one changing command under the writer lock, all or nothing."""
    from ledger.io import store  # (the lock, the save, the history: not for what only shows)

    refuse = store.refuse_if_open_elsewhere if dry_run else store.refuse_to_change
    refuse(path, force)
    with store.exclusive(path):
        refuse(path, force)  # it may have been opened (or marked read-only) while we waited
        # read under the lock: the books kept by the shell only for exactly these bytes
        data = read_bytes(path)
        loaded, problems = load(path, data)
        read = hashlib.sha256(data).hexdigest()
        return _changed(path, loaded, problems, change_fn, command, force, dry_run, prepare, read)


def apply(
    loaded: Loaded, problems: list[Problem], change_fn: Change[D]
) -> tuple[str, list[str], list[Problem], D, Books]:
    """The change itself, all in memory: the books checked, the Events rows typed since the
    last save posted, the command run, the books checked again; refused as a whole at the
    first error. Returns the summary, a line for each row posted, the warnings, the command's
    data and the changed books."""
    books = loaded.books
    # as `check` does: bad Events cells leave the rest whole, so every bad row is named
    unreadable = in_event_rows(books, problems)
    problems = not_in(problems, unreadable)
    read = list(problems)  # the cells' own warnings; the checks run again after the change
    if not has_errors(problems):
        problems += run_checks(books)
    if has_errors(problems):
        raise ProblemsFound(problems + unreadable)
    posted, posting = post_pending_events(books, unreadable)
    if has_errors(posting):
        raise ProblemsFound(posting)
    summary, found, data = change_fn(books)
    if has_errors(found):
        raise ProblemsFound(found)
    books.balances_as_read = {}  # the Balances sheet is rewritten from the journal on save
    after = run_checks(books)
    if has_errors(after):
        raise ProblemsFound(after)
    # the checks ran again after the change: their warnings once, as they stand now
    # (the cells' own warnings from the read, then what posting and the change said)
    after += journal_grows(books)  # a Journal past journal_rows_warn: the close that shortens it
    warnings = list(dict.fromkeys(p for p in read + posting + found + after if not p.is_error))
    return summary, posted, warnings, data, books


def _changed(
    path: Path,
    loaded: Loaded,
    problems: list[Problem],
    change_fn: Change[D],
    command: str,
    force: bool,
    dry_run: bool,
    prepare: Prepare[D, P] | None = None,
    read: str = "",
) -> Outcome[D, P]:
    summary, posted, warnings, data, books = apply(loaded, problems, change_fn)
    from ledger.io import store

    prepared: P | None = None
    if not dry_run:
        if prepare is not None:
            prepared = prepare(books, data)
        store.save(
            path,
            lambda tmp: write(tmp, loaded),
            command=command,
            summary=summary,
            # opened in Excel or LibreOffice while we worked? then still refuse
            before_replace=lambda: _refuse_to_replace(path, force, read),
        )
    return Outcome(summary, posted, warnings, data, books, prepared)


def _refuse_to_replace(path: Path, force: bool, read: str) -> None:
    """The last check before the workbook is replaced: not open elsewhere nor read-only, and
    still the bytes the command read (SHA-256 `read`): a save by another program while the
    command ran (the lock is ledger's own) is never overwritten."""
    from ledger.io import history, store

    store.refuse_to_change(path, force)
    try:
        now = history.digest_file(path)
    except OSError:
        now = ""  # gone, or no file any more: not what was read either
    if now != read:
        text = "the workbook was saved by another program while this command ran"
        hint = "run the command again: it reads the workbook as it is now"
        found = problem("workbook-changed", str(path), text, hint)
        raise ProblemsFound([found])


def create(
    path: Path,
    game_key: str,
    players: list[str],
    special: dict[str, str],
    seed: int,
    *,
    force: bool,
    first: str | None = None,
    source: TextFile | None = None,
) -> Books:
    """`ledger new`: a fresh workbook with the starting money as opening transactions.
    `special`: who holds the game's special roles, by the option that named them
    (`{"--patrol": "Sam"}`)."""
    from ledger.io import store
    from ledger.rules import load_game

    game = load_game(game_key)
    if path.suffix.lower() != ".xlsx":
        raise ProblemsFound(
            [
                problem(
                    "not-xlsx-name",
                    "--workbook",
                    f"ledger keeps the books in an .xlsx workbook, not {path.suffix or 'a file without a suffix'} ({path.name})",
                    f"name it {path.stem}.xlsx",
                )
            ]
        )
    if path.exists() and not force:
        raise ProblemsFound(
            [
                problem(
                    "workbook-exists",
                    str(path),
                    "a workbook is already there",
                    "pick another name with -w, or add --force to replace it (the old one is kept for `ledger undo`)",
                )
            ]
        )
    books = new_game(game, players, special, seed, first, source)
    if force:
        store.refuse_to_change(path, force=False)
    with store.exclusive(path):
        store.save(
            path,
            lambda tmp: write(tmp, Loaded(books, [])),
            command="new",
            summary=f"new {game.key} game",
        )
    return books


def new_game(
    game: Game,
    players: list[str],
    special: dict[str, str],
    seed: int,
    first: str | None = None,
    source: TextFile | None = None,
) -> Books:
    """The books of a new game, checked, in memory: what `ledger new` saves; `source` the
    file a game played from a file is made from (`--board FILE`)."""
    import secrets

    from ledger.core.checks import MAX_SEED
    from ledger.core.checks import run_checks as checks
    from ledger.core.start import new_books

    problems: list[Problem] = []
    if not players:
        problems.append(
            problem(
                "no-players",
                "--player",
                "a game needs at least one player",
                "add --player NAME for each player",
            )
        )
    if seed > MAX_SEED:  # a negative one is the game's `bad-setting`
        problems.append(
            problem(
                "bad-seed",
                "--seed",
                f"the seed {seed} is past {MAX_SEED}, the largest whole number a cell holds exactly",
                "pick a smaller seed, e.g. --seed 7",
            )
        )
    roles: dict[str, str] = {}
    for option, name in special.items():
        role = next((r for r in game.roles if r.option == option), None)
        if role is None:
            key = option.lstrip("-")
            problems.append(
                problem(
                    f"no-{key}-in-game",
                    option,
                    f"{game.title} has no {key} player",
                    f"leave out {option}",
                )
            )
        elif name:
            roles[role.key] = name
    option = game.source_option
    if bool(option) != (source is not None):  # a game played from a file, and only such, has one
        said = f"is played from a file that describes it: {option} FILE" if option else ""
        found = problem(
            "no-source",
            option or "--board",
            f"{game.title} " + (said or "is not played from a file"),
            "workbooks/ has an example board" if option else "leave out --board",
        )
        raise ProblemsFound([*problems, found])
    try:
        books = new_books(game, players, roles, seed, source)
    except ProblemsFound as exc:
        raise ProblemsFound(problems + exc.problems) from None
    # which game this is, whatever its players and seed (the served links are bound to it)
    books.settings.values["game_id"] = secrets.token_hex(8)
    problems += [
        problem(p.code, "--player", p.message, p.hint)
        for p in checks(books, only=["players", "game"])
    ]
    if not has_errors(problems):
        problems += game.setup(books, first)  # the game's own start: turn order, colours, ...
    if has_errors(problems):
        raise ProblemsFound(problems)
    return books
