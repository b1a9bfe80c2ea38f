"""What this run of a command has done, for the answers the command line and the pages give:
what was saved (a failure after it is "saved, but", exit 4), which files were written (what a
Ctrl-C names), and a refusal of the operating system as a problem with a hint (`io.run`)."""

from __future__ import annotations

from ledger.io.oserrors import os_problem
from ledger.io.run import (
    EXIT_SAVED_BUT,
    begin_run,
    note_written,
    saved_in_this_run,
    written_in_this_run,
)

__all__ = [
    "EXIT_SAVED_BUT",
    "begin_run",
    "note_written",
    "os_problem",
    "saved_in_this_run",
    "written_in_this_run",
]
