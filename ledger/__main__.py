"""`python -m ledger` (Ctrl-C while it starts: see `ledger._quiet_start`)."""

from ledger.cli import main

main()
