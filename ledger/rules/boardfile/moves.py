"""The commands of a board played from a file as typed moves: each record says in its fields
what the command needs (the CLI's arguments, an Events row's columns, the phone form), and its
handler receives it."""

from __future__ import annotations

from typing import Annotated

from ledger.core.params import Arg, Move

DICE = Arg("--dice", help="The two dice, e.g. 3,4 (default: from the seed).")


class Roll(Move):
    dice: Annotated[str | None, DICE] = None
    player: Annotated[str | None, Arg("--player", help="Whose turn it is, to be sure.")] = None


class Buy(Move):
    player: Annotated[str, Arg("PLAYER", help="The player, as in the Players sheet.")]
    field: Annotated[str, Arg("FIELD", help="The field by its number or its name.")]


class Rent(Buy):
    dice: Annotated[str | None, DICE] = None
