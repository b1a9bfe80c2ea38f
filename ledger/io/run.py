"""What this run of a command has done: the workbook and version it saved (a failure after it is
"saved, but", exit 4) and the other files it wrote (what an answer to Ctrl-C names); and the
steps of a save, where the crash tests end or fail the process. Apart from the store, so that a
command that only shows imports no history."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

#: The change was saved, but what it writes after (history, summary, statements) was not.
EXIT_SAVED_BUT = 4


class _ThisRun(threading.local):
    """What the command running in this thread (`ledger shell --serve`: a thread each) saved,
    at most once, and the other files it wrote (statements, exports) in order: what a failure
    or a Ctrl-C afterwards must not deny."""

    def __init__(self) -> None:
        self.saved: list[tuple[Path, Any]] = []
        self.written: list[Path] = []


_run = _ThisRun()


def begin_run() -> None:
    """A command starts: nothing saved or written yet (a process may run several)."""
    _run.saved.clear()
    _run.written.clear()


def note_saved(path: Path, version: Any) -> None:
    """The workbook was replaced by this command's save (`version`)."""
    _run.saved.append((path, version))


def note_written(path: Path) -> None:
    _run.written.append(path)
    fault("output-written")


def written_in_this_run() -> list[Path]:
    return list(_run.written)


def saved_in_this_run() -> tuple[Path, Any] | None:
    """The workbook and version this command saved, if it saved one."""
    return _run.saved[-1] if _run.saved else None


#: Called with the name of each step of a save as it is reached: "written" (the new version
#: in its temporary file), "before-replace", "after-replace", "output-written",
#: "undo-after-replace". Nothing in ledger adds to it; the crash tests end or fail the process
#: there (tests/faults.py).
STEPS: list[Callable[[str], None]] = []


def fault(step: str) -> None:
    for hook in STEPS:
        hook(step)
