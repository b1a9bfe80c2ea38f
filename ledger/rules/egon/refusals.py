"""What the Egon-Spiel's commands refuse to act on, each with its rule and the test that shows
the refusal, as data (refusals.csv): `Egon.refuses` (REFUSES) for the commands every game has
(`pay`, `tick`, `status`), and the game's own commands' (order, draw, purchase, build:
COMMAND_REFUSES), which their specs declare (ledger/rules/egon/command_specs.py).
tests/commands_doc.py makes docs/commands.md from them."""

from __future__ import annotations

from ledger.core.data import refusals

_ALL = refusals(__package__ or "ledger.rules.egon")
EVERY_GAMES = ("pay", "tick", "status")
REFUSES = {command: _ALL[command] for command in EVERY_GAMES}
COMMAND_REFUSES = {c: found for c, found in _ALL.items() if c not in EVERY_GAMES}
