"""`ledger shell` in a real pseudo-terminal, end to end (issue 39): a pay, a balance, a player's
name completed from two letters, a refusal, an undo, a change saved by another process seen by
the next command, and `exit`."""

from __future__ import annotations

import contextlib
import os
import pty
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import Ledger

_ESCAPES = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[=>]|\r")


class Terminal:
    """A program on the child side of a pseudo-terminal: what it printed, escapes left out."""

    def __init__(self, argv: list[str], env: dict[str, str], cwd: Path) -> None:
        self.fd, child = pty.openpty()
        self.proc = subprocess.Popen(
            argv, stdin=child, stdout=child, stderr=child, env=env, cwd=cwd, close_fds=True
        )
        os.close(child)
        self.seen = ""

    def read_until(self, text: str, timeout: float = 30) -> str:
        """What came until `text` (from where the last wait ended)."""
        deadline = time.monotonic() + timeout
        while text not in _ESCAPES.sub("", self.seen):
            left = deadline - time.monotonic()
            assert left > 0, f"no {text!r} in:\n{_ESCAPES.sub('', self.seen)[-2000:]}"
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                try:
                    self.seen += os.read(self.fd, 65536).decode("utf-8", "replace")
                except OSError:  # the program has ended
                    break
        shown = _ESCAPES.sub("", self.seen)
        assert text in shown, shown[-2000:]
        done = shown[: shown.index(text) + len(text)]
        self.seen = shown[len(done) :]
        return done

    def type(self, keys: str) -> None:
        os.write(self.fd, keys.encode())

    def close(self) -> int:
        try:
            return self.proc.wait(timeout=30)
        finally:
            os.close(self.fd)


@pytest.mark.slow  # 1.5 s on a machine of 2 cores: Python starts twice (the shell, the other process)
def test_a_bankers_session_in_a_terminal(ledger: Ledger, tmp_path: Path) -> None:
    ledger.new("Ann", "Bob", "Cleo")
    env = {
        **os.environ,
        "LEDGER_WORKBOOK": str(ledger.path),
        "XDG_STATE_HOME": str(tmp_path / "state"),
        "TERM": "xterm",
        "PROMPT_TOOLKIT_NO_CPR": "1",
        "COLUMNS": "100",
        "LINES": "40",
    }
    term = Terminal([sys.executable, "-m", "ledger", "shell"], env, ledger.folder)
    try:
        term.read_until("day 0)>")
        term.type("pay Ann Bob 5\r")
        term.read_until("Ann pays Bob: 5.00 KC")
        term.type("balance\r")
        term.read_until("all accounts")
        term.type("pay Cl\t")  # two letters of a player's name, then Tab
        term.read_until("pay Cleo")
        term.type(" Bob 1\r")
        term.read_until("Cleo pays Bob: 1.00 KC")
        term.type("pay Ann Bob 1000\r")
        assert "overdrawn Ann" in term.read_until("nothing was written")
        term.type("undo\r")
        term.read_until("Undid `pay Cleo Bob 1`")
        term.read_until("day 0)>")
        other = ledger.sub("pay", "Bob", "Ann", "2")  # another process saves between two lines
        assert other.exit_code == 0, other.stderr
        term.type("balance --json\r")
        seen = term.read_until('"patrol"')
        assert '"Ann": "22.00"' in seen and '"Cleo": "25.00"' in seen
        term.type("exit\r")
        assert term.close() == 0
    finally:
        if term.proc.poll() is None:
            term.proc.kill()
            term.proc.wait()


def test_ctrl_c_clears_the_line_and_ctrl_d_leaves_in_a_terminal(
    ledger: Ledger, tmp_path: Path
) -> None:
    ledger.new()
    env = {**os.environ, "LEDGER_WORKBOOK": str(ledger.path), "TERM": "xterm"}
    env.update(XDG_STATE_HOME=str(tmp_path / "state"), PROMPT_TOOLKIT_NO_CPR="1")
    term = Terminal([sys.executable, "-m", "ledger", "shell"], env, ledger.folder)
    try:
        term.read_until("day 0)>")
        term.type("pay Ann Bob 9")
        term.read_until("pay Ann Bob 9")
        term.type("\x03")  # Ctrl-C clears the line typed
        for _ in range(20):  # (a Ctrl-D typed while the next prompt is drawn waits for it)
            term.type("\x04")  # Ctrl-D
            with contextlib.suppress(subprocess.TimeoutExpired):
                term.proc.wait(timeout=0.5)
                break
        assert term.close() == 0
    finally:
        if term.proc.poll() is None:
            term.proc.kill()
            term.proc.wait()
    assert ledger.balances()["player:Ann"] == "25.00"
