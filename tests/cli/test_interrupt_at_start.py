"""Ctrl-C in the first tenth of a second of `ledger`, while Python imports it: the same short
answer as later, never a traceback from ledger's code (issue 12, item 4)."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import Ledger, ledger_frames

#: The two ways the program starts: the console script and `python -m ledger`.
PROGRAMS = [[str(Path(sys.executable).with_name("ledger"))], [sys.executable, "-m", "ledger"]]


@pytest.mark.slow
@pytest.mark.parametrize("program", PROGRAMS, ids=["script", "module"])
def test_ctrl_c_while_ledger_is_imported_says_nothing_was_written(
    game: Ledger, program: list[str]
) -> None:
    for step in range(20):
        run = subprocess.Popen(
            [*program, "balance"],
            cwd=game.folder,
            env={"LEDGER_WORKBOOK": str(game.path), "PATH": "/usr/bin:/bin"},
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )
        time.sleep(0.005 * step)
        run.send_signal(signal.SIGINT)
        out = run.communicate(timeout=60)[0].decode()
        # Python's own start (site, the editable install's finder) is not ours to answer:
        # no traceback may pass through ledger's code
        assert not ledger_frames(out), out
        if run.returncode == 130:
            assert out.strip().endswith("interrupted; nothing was written."), out


def test_a_process_that_imports_ledger_keeps_its_own_ctrl_c() -> None:
    """Only the `ledger` program answers Ctrl-C at start-up by ending itself: a process that
    imports ledger (pytest here, `python -m pytest`) keeps Python's KeyboardInterrupt."""
    import ledger.cli  # noqa: F401

    handler = signal.getsignal(signal.SIGINT)  # Python's own, or ignored (a run in the background)
    assert "_quiet_start" not in getattr(handler, "__qualname__", ""), handler
