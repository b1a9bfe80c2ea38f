"""A round's orders as the game master types them: one order an `OrderEntry`, from the command
line or from a round's file (``ABC x,5,BOB`` a line, a blackmail with its penalty)."""

from __future__ import annotations

import msgspec

from ledger.core.names import did_you_mean
from ledger.core.problems import Problem
from ledger.rules.egon.said import said

#: The options a line of a round's file may carry after its order, as on the command line.
LINE_OPTIONS = ("--penalty-kj", "--penalty-stones", "--justified-against")


class OrderEntry(msgspec.Struct, frozen=True):
    """One order as the game master typed it.

    ``where`` names it in a problem: the argument (``CODE``) or the file's line
    (``ROUND.txt:3``); ``label`` is put before a message when the line is not on screen.
    """

    player: str
    code: str
    where: str = "CODE"
    label: str = ""
    penalty_kj: str | None = None
    penalty_stones: int = 0
    justified_against: str = ""
    from_file: bool = False

    def at(self, argument: str) -> str:
        """Where a problem with ``argument`` (PLAYER, --penalty-kj) is named: that argument
        on the command line, the line of a round's file."""
        return self.where if self.from_file else argument


def _line_entry(
    player: str, rest: str, shown: str, n: int
) -> tuple[OrderEntry | None, list[Problem]]:
    """``x,5,BOB`` or ``e,v,alle --penalty-kj 300 --penalty-stones 2`` after the player."""
    where = f"{shown}:{n}"
    code, _, options = rest.partition(" --")
    words = ("--" + options).split() if options else []
    given: dict[str, str] = {}
    problems: list[Problem] = []
    for name, value in zip(words[::2], [*words[1::2], ""], strict=False):
        if name not in LINE_OPTIONS or not value or value.startswith("--"):
            wrong = "is not an option of an order" if name not in LINE_OPTIONS else "has no value"
            maybe = did_you_mean(name, LINE_OPTIONS)
            said_of = {"player": player, "order": code.strip(), "option": name, "wrong": wrong}
            problems.append(said("not-an-option", where, maybe=maybe, **said_of))
            continue
        given[name] = value
    stones_text = given.get("--penalty-stones", "0")
    if not (stones_text.isascii() and stones_text.lstrip("-").isdigit()):
        said_of = {"player": player, "order": code.strip(), "stones": stones_text}
        problems.append(said("penalty-stones-not-whole", where, **said_of))
    if problems:
        return None, problems
    label = f"{player} {code.strip()}: "
    return OrderEntry(
        player,
        code.strip(),
        where,
        label,
        penalty_kj=given.get("--penalty-kj"),
        penalty_stones=int(stones_text),
        justified_against=given.get("--justified-against", ""),
        from_file=True,
    ), []


def order_lines(text: str, shown: str) -> tuple[list[OrderEntry], list[Problem]]:
    """The orders of a round as typed from the players' letters: ``ABC x,5,BOB`` a line, a
    blackmail with its penalty: ``BOB e,v,alle --penalty-kj 300``.

    Blank lines and ``#`` comments are skipped. ``shown`` is the file's name as given, for
    the problems (``ROUND.txt:3``).
    """
    entries: list[OrderEntry] = []
    problems: list[Problem] = []
    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        player, _, rest = line.partition(" ")
        if not rest.strip():
            problems.append(said("not-an-order-line", f"{shown}:{n}", line=line))
            continue
        entry, found = _line_entry(player, rest.strip(), shown, n)
        problems += found
        if entry is not None:
            entries.append(entry)
    if not entries and not problems:
        problems.append(said("no-orders", "--file", shown=shown))
    return entries, problems
