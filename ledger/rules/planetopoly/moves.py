"""The banker's commands of Planetopoly as typed moves: each command's record says in its fields
what it needs (the CLI's arguments, an Events row's columns, the phone form), and its handler
receives it."""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated

from ledger.core.params import Arg, Move

PLAYER = Arg("PLAYER", help="The player.", column="player")
DEED = Arg("DEED", help="The deed's key (lyra-1, speed-trap-2).")
DICE = Arg("--dice", help="The two dice as thrown, e.g. 3,5.")
POINTS = Arg("--points", help="How many support points.")


class Alone(Move):
    """A move of the player alone (prison, bail, stay)."""

    player: Annotated[str, PLAYER]


class Start(Alone):
    exact: Annotated[bool, Arg("--exact", help="Landed exactly on start.")] = False


class Risk(Alone):
    dice: Annotated[str, DICE]


class Buy(Alone):
    deed: Annotated[str, DEED]


class Rent(Buy):
    dice: Annotated[str | None, DICE] = None


class Build(Buy):
    points: Annotated[int | None, POINTS] = None


class RemoteBuy(Buy):
    lander: Annotated[
        str,
        Arg(
            "--lander",
            help="The player who first landed on the plot: gets the premium.",
            column="to",
        ),
    ]
    points: Annotated[int | None, POINTS] = None


class Card(Alone):
    pay: Annotated[Decimal | None, Arg("--pay", help="The card says pay this to the bank.")] = None
    receive: Annotated[Decimal | None, Arg("--receive", help="The card says receive this.")] = None
    card: Annotated[str | None, Arg("--card", help="The card's text.")] = None


class Sell(Build):
    """A deed, or --points N of its support points, back to the bank."""
