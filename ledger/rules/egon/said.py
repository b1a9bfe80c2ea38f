"""What the Egon-Spiel's checks and commands say, as data (said.csv: a row a problem, by its
name: its code, the rule it serves, its message and hint as templates of the fields the check
gives, and whether it is a warning), told by the shared step `ledger.core.sayings`. A check
decides when something is wrong; `said` words it as the table does."""

from __future__ import annotations

from ledger.core.sayings import Sayings

SAID = Sayings(__package__ or "ledger.rules.egon")
said = SAID.problem
