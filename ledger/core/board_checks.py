"""What `ledger check` finds in a board game's seats, turns and owners, the same for every board
game: the player count, each piece on the board, a colour and a place in the turn order of
one's own, the Turns rows' players and rounds, and a field owned once by a player still in the
game; each with the game's rule numbers (`TurnRules`), or none. Pure: problems, no changes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Protocol

from ledger.core.board_table import TurnRow, TurnRules, whole
from ledger.core.books import PLAYER_ROLE, Books, Player
from ledger.core.problems import CellRef, Problem, problem


def _said(rule: str, hint: str) -> str:
    return f"{rule}: {hint}" if rule else hint


def _cell(ref: CellRef | None, columns: Sequence[str], column: str, fallback: str) -> str:
    return fallback if ref is None else str(CellRef(ref.sheet, columns.index(column), ref.row))


def check_seats(
    books: Books,
    low: int,
    high: int,
    fields: int | None,
    rules: TurnRules,
    palette: Sequence[str] = (),
) -> Iterator[Problem]:
    """`low` to `high` players, each piece on a field 1 to `fields` (None: no board to stand
    on yet), a colour (one of the game's `palette`, if it has one) and a place in the turn
    order each of their own."""
    players = [p for p in books.players if p.role == PLAYER_ROLE]
    if not low <= len(players) <= high:
        said = f"the game is played by {low} to {high} players, not {len(players)}"
        hint = _said(rules.count, "add or remove players (--player NAME for each)")
        yield problem("player-count", "Players", said, hint)
    columns = ["name", "role"] + [c.name for c in books.game.player_columns]
    if len(players) >= 2 and all(p.get("out") is True for p in players):  # typed by hand
        hint = _said(rules.won, "the last player left has won and is not out: set their out to no")
        said = "every player is out of the game"
        yield problem("no-players-left", _column(players, columns, "out"), said, hint)
    colours: dict[str, str] = {}
    orders: dict[int, str] = {}
    placed = any(whole(p.get("order")) for p in players)
    for p in players:
        ref, at = p.ref, f"player {p.name}"
        field = p.get("field")
        on = isinstance(field, int) and whole(field) and 1 <= field <= (fields or 0)
        if fields is not None and not on:
            said = f"{p.name}'s piece stands on field {field!r}, not on the board (1-{fields})"
            hint = _said(rules.piece, "a piece always stands on a field")
            yield problem("bad-field", _cell(ref, columns, "field", at), said, hint)
        colour = str(p.get("colour") or "")
        if colour and palette and colour not in palette:
            said = f"{p.name}'s colour is {colour!r}, not one of the game's"
            hint = _said(rules.colour, "every player has a colour of their own")
            hint += ", one of " + ", ".join(palette)
            yield problem("unknown-colour", _cell(ref, columns, "colour", at), said, hint)
        elif colour in colours:
            said = f"{p.name} and {colours[colour]} are both {colour}"
            hint = _said(rules.colour, "every player has a colour of their own")
            yield problem("duplicate-colour", _cell(ref, columns, "colour", at), said, hint)
        if colour:
            colours.setdefault(colour, p.name)
        yield from _place(p, _cell(ref, columns, "order", at), orders, placed, rules)


def _column(players: Sequence[Player], columns: Sequence[str], column: str) -> str:
    """The players' cells of a column, `Players!E2:E4` (the sheet when they have none)."""
    refs = [p.ref for p in players if p.ref is not None]
    if not refs:
        return "Players"
    first = min(refs, key=lambda r: r.row)
    last = max(refs, key=lambda r: r.row)
    top = _cell(first, columns, column, "Players")
    return f"{top}:{_cell(last, columns, column, '').partition('!')[2]}"


def _place(
    p: Player, where: str, orders: dict[int, str], placed: bool, rules: TurnRules
) -> Iterator[Problem]:
    """A player's place in the turn order: 1 or more, their own (`orders`, the places seen so
    far); empty only while nobody's is (`placed`), before the first player is drawn."""
    order = p.get("order")
    hint = _said(rules.order, "give each player a place of their own, 1 the first")
    if not whole(order):
        if placed:
            yield problem("missing-value", where, f"{p.name} has no place in the turn order", hint)
        return
    assert isinstance(order, int)
    if order < 1:
        said = f"{p.name}'s place in the turn order is {order}, not 1 or more"
        yield problem("bad-order", where, said, hint)
    elif order in orders:
        said = f"{p.name} and {orders[order]} both have place {order} in the turn order"
        hint = _said(rules.order, "give each player a place of their own")
        yield problem("duplicate-order", where, said, hint)
    orders.setdefault(order, p.name)


def check_turns(books: Books, turns: Sequence[TurnRow], rules: TurnRules) -> Iterator[Problem]:
    """Each Turns row names a player (the next turn is the one after the last row's) and a
    round: the same as the row before or the next, and the last leads to the day."""
    names = [p.name for p in books.players if p.role == PLAYER_ROLE]
    yield from _rounds(books, turns, rules)
    for r in turns:
        who = books.player(r.player)
        if who is None or who.role != PLAYER_ROLE:
            where = _cell(r.ref, ["turn", "round", "player"], "player", f"Turns turn {r.turn}")
            said = f"{r.player!r} is not a player"
            hint = _said(rules.order, "the next turn is the player's after the last row's")
            yield problem("unknown-player", where, said, f"{hint}: {', '.join(names)}")


def _rounds(books: Books, turns: Sequence[TurnRow], rules: TurnRules) -> Iterator[Problem]:
    hint = "a round is every remaining player's turn"
    before = None
    for r in turns:
        low = 1 if before is None else before.round
        if not low <= r.round <= low + (before is not None):
            where = _cell(r.ref, ["turn", "round"], "round", f"Turns turn {r.turn}")
            after = f", after a turn of round {low}" if before is not None else ""
            said = f"turn {r.turn} is in round {r.round}{after}"
            rounds = f"round {low} or {low + 1}" if before is not None else "round 1"
            yield problem("bad-round", where, said, _said(rules.order, f"{hint}: {rounds}"))
            return
        before = r
    if before is not None and not before.round <= books.day <= before.round + 1:
        where = str(books.settings.refs.get("day") or "Settings day")
        said = f"the day is round {books.day}, but the last turn was in round {before.round}"
        hint = "the day is the round of the last turn, or the next"
        hint += f": {before.round} or {before.round + 1}"
        yield problem("bad-round", where, said, _said(rules.order, hint))


class OwnerLike(Protocol):
    @property
    def field(self) -> int: ...
    @property
    def owner(self) -> str: ...
    @property
    def ref(self) -> CellRef | None: ...


def check_owners(
    books: Books,
    rows: Sequence[OwnerLike],
    ownable: Callable[[int], bool],
    rules: TurnRules,
    which: str = "a field that can be bought",
) -> Iterator[Problem]:
    """The Owners sheet: a row a field, of a field one can own (`which`), owned by a player
    still in the game."""
    columns = ["field", "name", "owner"]
    players = {p.name: p for p in books.players if p.role == PLAYER_ROLE}
    seen: dict[int, str] = {}
    for r in rows:
        where = _cell(r.ref, columns, "field", f"Owners field {r.field}")
        if r.field in seen:
            said = f"field {r.field} has a second row in Owners (the first at {seen[r.field]})"
            hint = _said(rules.owner, "a field has one owner; keep one row per field")
            yield problem("two-owners", where, said, hint)
        seen.setdefault(r.field, where)
        if not r.owner:
            continue
        if not ownable(r.field):
            yield problem("not-ownable", where, f"field {r.field} cannot be owned", which)
        owner_cell = _cell(r.ref, columns, "owner", f"Owners field {r.field}")
        p = players.get(r.owner)
        if p is None:
            said = f"{r.owner!r} is not a player"
            yield problem("unknown-player", owner_cell, said, ", ".join(players))
        elif p.get("out"):
            said = f"{r.owner} is out of the game and owns nothing"
            yield problem("owned-by-loser", owner_cell, said, _said(rules.owns, "empty the owner"))
