"""A player's action is for the game and the moment it was sent for (docs/decisions.md,
"Players act from their phones"): approved later, it is refused on another game's workbook
(`another-game`) and, but for a payment, once the books have moved on to another day or round
(`moment-passed`: an Egon order approved after its round was evaluated must not slip into
the next one)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ledger.app.pipeline import Change, read_books
from ledger.core.problems import Problem, ProblemsFound, problem


def bound(made: Change[object], kind: str, identity: str, day: int | None) -> Change[object]:
    """`made`, refused on another game than `identity` (`Settings.identity`) and, for any
    action but a payment, on another day or round than `day`."""
    if not identity and day is None:
        return made

    def run(books: Any) -> tuple[str, list[Problem], object]:
        if identity and books.settings.identity() != identity:
            return "", [_foreign()], None
        if day is not None and kind != "pay" and books.day != day:  # this round's order,
            return "", [_passed(books, day)], None  # this turn's roll: not the next one's
        return made(books)

    return run


def moment_of(path: Path, identity: str) -> dict[str, Any]:
    """The game and the day (round) the books stand at as saved, for an action that waits
    without having been tried because the workbook is open in Excel or busy (it is only
    read); the game alone when the books cannot be read."""
    try:
        books, _ = read_books(path)
    except (ProblemsFound, OSError):
        return {"game": identity}
    return {"game": identity or books.settings.identity(), "day": books.day}


def _foreign() -> Problem:
    return problem(
        "another-game",
        "workbook",
        "the workbook is another game's now, not the one this action was sent for",
        "the player sends it again from the new game's link",
    )


def _passed(books: Any, day: int) -> Problem:
    then, now = books.game.clock.now(day, len(books.journal)), books.moment()
    return problem(
        "moment-passed",
        "workbook",
        f"a player's move is for the moment it was sent (sent: {then}; the books now: {now})",
        "the player sends it again if it still stands",
    )
