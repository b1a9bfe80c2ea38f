"""What the Egon-Spiel's commands refuse to act on, each with its rule and the test that shows
the refusal, as data (refusals.csv): `Egon.refuses` (REFUSES) for the commands every game has
(`pay`, `tick`, `status`), and the game's own commands' (order, draw, purchase, build), which
COMMANDS gives each as it is declared on its handler (`@COMMANDS(name, example)`).
tests/commands_doc.py makes docs/commands.md from them."""

from __future__ import annotations

from ledger.core.data import refusals
from ledger.core.steps import Commands

_ALL = refusals(__package__ or "ledger.rules.egon")
EVERY_GAMES = ("pay", "tick", "status")
REFUSES = {command: _ALL[command] for command in EVERY_GAMES}
#: The game's own commands, each declared on its handler. None of them is an Events row: an
#: order, a purchase and a build have sheets of their own, and a draw rolls the dice.
COMMANDS = Commands(
    {c: found for c, found in _ALL.items() if c not in EVERY_GAMES}, events_row=False
)
