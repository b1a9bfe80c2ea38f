"""What `ledger check` finds in a board played from a file: the Board sheet's mistakes (by
line and key), the player count, the pieces, and the Owners (a field owned once, by a player
still in the game, a level the lot has a rent for). Pure: problems, no changes."""

from __future__ import annotations

from collections.abc import Iterator

from ledger.core.books import PLAYER_ROLE
from ledger.core.problems import CellRef, Problem, problem
from ledger.rules.boardfile.books import Books
from ledger.rules.boardfile.sheets import MAX_PLAYERS, MIN_PLAYERS, OWNERS, PLAYER_COLUMNS
from ledger.rules.boardfile.spec import LOT


def _cell(ref: CellRef | None, columns: list[str], column: str, fallback: str) -> str:
    return fallback if ref is None else str(CellRef(ref.sheet, columns.index(column), ref.row))


def check_state(books: Books, mistakes: list[Problem]) -> Iterator[Problem]:
    yield from mistakes
    players = [p for p in books.players if p.role == PLAYER_ROLE]
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        yield problem(
            "player-count",
            "Players",
            f"the board is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(players)}",
            "add or remove players (--player NAME for each)",
        )
    rules = books.state.rules
    if rules is None:
        return
    n = len(rules.squares)
    columns = ["name", "role"] + [c.name for c in PLAYER_COLUMNS]
    for p in players:
        field = p.get("field")
        if not isinstance(field, int) or isinstance(field, bool) or not 1 <= field <= n:
            where = _cell(p.ref, columns, "field", f"player {p.name}")
            yield problem(
                "bad-field", where, f"{p.name}'s piece is on field {field!r}, not 1-{n}", ""
            )
    names = {p.name: p for p in players}
    seen: set[int] = set()
    columns = [c.name for c in OWNERS.columns]
    for r in books.state.owners:
        where = _cell(r.ref, columns, "field", f"Owners field {r.field}")
        square = rules.squares[r.field - 1] if 1 <= r.field <= n else None
        if square is None or not square.ownable or r.field in seen:
            said = f"field {r.field} is not a field one can own, or has a second row"
            yield problem("not-ownable", where, said, "one row a field that can be bought")
            continue
        seen.add(r.field)
        top = len(square.rents) - 1 if square.kind == LOT else 0
        if not 0 <= r.level <= top:
            where = _cell(r.ref, columns, "level", where)
            yield problem(
                "bad-level", where, f"{square.name} has levels 0-{top}, not {r.level}", ""
            )
        owner = names.get(r.owner)
        if r.owner and (owner is None or owner.get("out") is True):
            where = _cell(r.ref, columns, "owner", where)
            said = f"{r.owner!r} is not a player in the game"
            yield problem("unknown-player", where, said, "empty it: the bank's")
