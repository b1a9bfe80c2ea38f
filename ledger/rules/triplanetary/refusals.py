"""What each Triplanetary V/2 command refuses to act on, the rule that denies it and the test
that shows it, as data: refusals.csv, a row a refusal (docs/commands.md is made from these:
`ActionSpec.refuses`, `Game.refuses`). Bad arguments (an unknown name, a word for a number) are
refused by every command and are not listed there."""

from __future__ import annotations

from ledger.core.data import refusals

REFUSES = refusals(__package__ or "ledger.rules.triplanetary")
