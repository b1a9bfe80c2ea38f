"""Ctrl-C in the first tenth of a second of `ledger`, while Python imports it: the same short
answer as later, never a traceback from ledger's code (issue 12, item 4)."""

from __future__ import annotations

import signal
import subprocess
import sys
import time

import pytest

from tests.conftest import Ledger, ledger_frames


@pytest.mark.slow
def test_ctrl_c_while_ledger_is_imported_says_nothing_was_written(game: Ledger) -> None:
    for step in range(20):
        run = subprocess.Popen(
            [sys.executable, "-m", "ledger", "balance"],
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
