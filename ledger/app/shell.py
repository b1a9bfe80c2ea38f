"""What `ledger shell` knows besides the lines it runs (issue 39): the names the books hold for
completion and the prompt's moment, read again whenever the workbook's bytes change; the lines
typed, kept per workbook in the user's state folder and believed only when this account owns
them and nobody else may write them; and the players' actions sent since the last look, said
as the banker needs them (who, what, the money it moves, its number).

Everything here only reads the books, through the one read path (`pipeline.read_books`, with
the books kept between commands: `app.kept`); the shell's commands change them as the one-shot
commands do. The prompt and the rendering are the CLI's (ledger/cli/shell.py).
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import msgspec

from ledger import owned
from ledger.app.kept import digest_of
from ledger.core.problems import Problem, ProblemsFound, problem
from ledger.folders import user_folder
from ledger.io.history_log import log_path
from ledger.io.workbook import read_bytes

#: Parameters that name a player, whatever the command calls them.
PLAYER_PARAMS = frozenset(
    {"player", "payer", "payee", "to", "lander", "buyer", "seller", "aboard", "justified_against"}
)
#: Parameters that name a bank (`pay --from-bank`).
BANK_PARAMS = frozenset({"from_bank", "to_bank", "bank"})


class View(msgspec.Struct, frozen=True):
    """The books as the shell shows them between commands: the digest of the bytes read, the
    prompt's words, and the names each parameter may take."""

    digest: str
    title: str = ""
    moment: str = ""
    game: str = ""
    names: dict[str, tuple[str, ...]] = msgspec.field(default_factory=dict)


def refuse_no_workbook(path: Path) -> None:
    """Refuse what no command could use (no workbook, no plain file, no .xlsx at all): only
    that stops the shell. Books with a mistake in them start it (`check` and `undo` repair
    them), each command saying its own problems."""
    read_bytes(path)


def view_of(path: Path, known: View | None = None) -> View:
    """The workbook as it is now: `known` again while its bytes are the same, else read (a
    workbook that cannot be read gives a view without names: the next command says why)."""
    try:
        data = read_bytes(path)
    except ProblemsFound:
        return View("")
    digest = digest_of(data)
    if known is not None and known.digest == digest:
        return known
    from ledger.app.pipeline import read_books

    try:
        books, _ = read_books(path, data)
    except (ProblemsFound, OSError):
        return View(digest)
    except Exception:  # a workbook ledger cannot read at all: the command says so, not the prompt
        return View(digest)
    return View(
        digest, books.game.title, books.moment(), books.game.key, names_of(books, path=path)
    )


def names_of(books: Any, path: Path | None = None) -> dict[str, tuple[str, ...]]:
    """What each parameter may name, from these books: players (and the accounts that are no
    player's for a payment), banks, what the game names itself (`Game.names`: ships, bases,
    items, places), the choices of the players' moves (deeds, an order's codes), the records
    of the game's own sheets by the parameter that names one (`crew`: the Crews sheet), the
    settings and the checks."""
    game = books.game
    found: dict[str, list[str]] = {}

    def add(param: str, values: Iterable[object]) -> None:
        bucket = found.setdefault(param, [])
        for v in values:
            text = str(v).strip() if v is not None else ""
            if text and text not in bucket:
                bucket.append(text)

    _people(books, add)
    params = {p.name for spec in game.commands().values() for p in spec.params if p.kind == "text"}
    for param in sorted(params):
        with contextlib.suppress(Exception):  # a game's own names never stop the shell
            add(param, game.names(books, param))
    _moves(books, add)
    _sheet_names(books, params, add)
    add("setting", books.settings.values)
    from ledger.core.checks import all_rules

    with contextlib.suppress(Exception):
        add("rule", (r.code for r in all_rules(game)))
    return {k: tuple(v) for k, v in found.items() if v}


def _people(books: Any, add: Any) -> None:
    """The players for every parameter that names one, the accounts that are no player's for
    a payment, and the banks."""
    game = books.game
    players = [p.name for p in books.players]
    for param in PLAYER_PARAMS:
        add(param, players)
    add("payer", game.institutions)
    add("payee", game.institutions)
    banks = list(game.banks)
    for p in books.players:
        with contextlib.suppress(Exception):
            banks += list(game.player_banks(books, p).values())
    for param in BANK_PARAMS:
        add(param, banks)


def _moves(books: Any, add: Any) -> None:
    """The choices of every player's moves that apply now (`Game.moves_now`), by field."""
    for player in books.players:
        with contextlib.suppress(Exception):
            moves = books.game.moves_now(books, player.name) or {}
            for fields in moves.values():
                for field, pick in fields.items():
                    add(field, (value for value, _ in pick.choices))


def _sheet_names(books: Any, params: set[str], add: Any) -> None:
    """A parameter named after one of the game's sheets (`crew`: Crews, `deed`: Deeds,
    `corp`: Corporations) takes the records' ids and names there."""
    game = books.game
    try:
        dumped = game.dump_state(books)
    except Exception:
        return
    for spec in game.sheets:
        rows = dumped.get(spec.name)
        if not rows:
            continue
        columns = [c.name for c in spec.columns]
        keys = [i for i, c in enumerate(columns) if i == 0 or c == "name"]
        sheet = spec.name.casefold()
        for param in params:
            if len(param) >= 3 and sheet.startswith(param):
                add(param, (row[i] for row in rows for i in keys if i < len(row)))


# -- the lines typed, per workbook ---------------------------------------------------------

#: The most lines kept of one workbook's history (the oldest go first).
HISTORY_LINES = 1000
_HISTORY_BYTES = 1 << 20


def history_path(workbook: Path) -> Path:
    """Where the shell keeps the lines typed on `workbook`: the user's state folder
    (`$XDG_STATE_HOME`, else ~/.local/state), one file a workbook, named by the workbook and
    the digest of its full path."""
    real = os.path.realpath(workbook)
    tag = hashlib.sha256(real.encode("utf-8", "surrogateescape")).hexdigest()[:16]
    stem = "".join(c if c.isalnum() or c in "-_." else "_" for c in workbook.stem)[:40]
    return Path(user_folder("state")) / "shell-history" / f"{stem}-{tag}.txt"


def _folder(path: Path) -> int:
    """The history's folder (and the state folder above it), made owner-only when missing,
    opened and checked: this account's alone."""
    top = path.parent.parent
    top.parent.mkdir(parents=True, exist_ok=True)
    fd = owned.make_folder(top, "ledger's state folder")
    os.close(fd)
    return owned.make_folder(path.parent, "the shell's history folder")


def read_history(workbook: Path) -> tuple[list[str], list[Problem]]:
    """The lines typed on `workbook` before, oldest first; none (and the problem, to warn of)
    when the file or its folder is not this account's alone."""
    path = history_path(workbook)
    try:
        fd = _folder(path)
    except ProblemsFound as exc:
        return [], exc.problems
    except OSError:
        return [], []
    try:
        data = owned.read_file(
            path.name, str(path), "the shell's history", _HISTORY_BYTES, dir_fd=fd
        )
    except ProblemsFound as exc:
        return [], exc.problems
    except OSError:
        return [], []
    finally:
        os.close(fd)
    text = (data or b"")[-_HISTORY_BYTES:].decode("utf-8", "replace")
    return [line for line in text.splitlines() if line.strip()][-HISTORY_LINES:], []


def add_history(workbook: Path, line: str) -> Problem | None:
    """Append `line` to the workbook's history (never through a link, and only to a file this
    account alone may write); the problem when it is not, nothing written. A history grown
    past its bound is rewritten with its newest lines."""
    path = history_path(workbook)
    line = " ".join(line.splitlines())
    try:
        fd = _folder(path)
    except ProblemsFound as exc:
        return exc.problems[0]
    except OSError:
        return None
    try:
        flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
        try:
            f = os.open(path.name, flags, 0o600, dir_fd=fd)
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                return problem(
                    "not-yours-alone",
                    str(path),
                    "the shell's history is a link: ledger follows none there",
                    f"remove the link (rm {path}); the shell makes the file itself",
                )
            return None
        try:
            refused = owned.refusal(os.fstat(f), str(path), "the shell's history")
            if refused is not None:
                return refused
            os.write(f, (line + "\n").encode("utf-8", "replace"))
            size = os.fstat(f).st_size
        finally:
            os.close(f)
        if size > _HISTORY_BYTES:
            kept, _ = read_history(workbook)
            data = "".join(f"{x}\n" for x in kept[-HISTORY_LINES // 2 :]).encode()
            owned.write_whole(path.name, data, dir_fd=fd, sync=False)
        return None
    except OSError:
        return None
    finally:
        os.close(fd)


# -- the players' actions ------------------------------------------------------------------


class Watch:
    """The players' actions since the shell last looked (`ledger serve --actions` beside it,
    or `ledger shell --serve`), each said when it is news to the banker: sent and waiting;
    applied (or refused) at once by the server, never one the banker approved (here or
    anywhere: the approval says so itself); waiting again after an `undo` took it back."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.signature: tuple[Any, ...] | None = None
        self.states: dict[int, str] = {}  # each action's state as last seen (the file keeps
        self.looked = False  # at most its bound of them: so does this)
        self.news()  # what was there before the shell started is not news

    def news(self) -> list[str]:
        """A line for each action that became news since the last look."""
        from ledger.app.actions import APPLYING, kept_signature, listing

        # the kept actions, and the history: an `undo` changes only the history
        signature = (kept_signature(self.path), _stat_of(log_path(self.path)))
        if self.looked and signature == self.signature:
            return []
        first, self.looked = not self.looked, True
        self.signature = signature
        try:
            actions = listing(self.path)
        except (ProblemsFound, OSError):
            return []
        new = []
        for a in actions:
            if a.state == APPLYING:
                continue  # said once it is settled
            before = self.states.get(a.n)
            self.states[a.n] = a.state
            if not first and before != a.state and _is_news(a, before):
                new.append(a)
        return said(self.path, new) if new else []


def _is_news(action: Any, before: str | None) -> bool:
    """Whether the banker hears of `action`, now in a state other than `before`."""
    from ledger.app.actions import DONE, REFUSED, UNDONE, WAITING
    from ledger.app.deciding import approved_by_the_banker

    if action.state == UNDONE:
        return True  # an undo took it back: it waits again
    if action.state == WAITING:
        return before is None
    if action.state in (DONE, REFUSED):  # decided at once by the server, unseen waiting
        return before is None and not approved_by_the_banker(action)
    return False


def _stat_of(path: Path) -> tuple[int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size)


def said(path: Path, actions: list[Any]) -> list[str]:
    """An action as the banker hears it: its number, who, what (the command it runs), the
    money it moves, and what to type."""
    from ledger.app.actions import DONE, REFUSED, UNDONE

    moves: dict[int, str] = {}
    waiting = [a for a in actions if a.state not in (DONE, REFUSED)]
    if waiting:
        with contextlib.suppress(Exception):  # the money it moves is a help, not a must
            from ledger.app.phone import foresee
            from ledger.app.pipeline import read_books

            books, _ = read_books(path)
            moves = {n: f.moves for n, f in foresee(books, waiting).items() if f.moves}
    out = []
    for a in actions:
        what = a.command or a.kind
        money = f", moves {moves[a.n]}" if a.n in moves else ""
        if a.state == DONE:
            out.append(f"action {a.n} from {a.who}: {what} — applied at once: {a.result}")
        elif a.state == REFUSED:
            out.append(f"action {a.n} from {a.who}: {what} — refused at once")
        elif a.state == UNDONE:
            out.append(
                f"action {a.n} from {a.who}: {what}{money} — undone, waiting again: "
                f"approve {a.n} / reject {a.n}"
            )
        else:
            out.append(f"action {a.n} from {a.who}: {what}{money} — approve {a.n} / reject {a.n}")
    return out
