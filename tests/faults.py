"""`python -m tests.faults ARGS`: the real `ledger ARGS` with the faults a crash test asks for,
hooked on the store's steps (`ledger.io.run.STEPS`), so that the product reads no test
variable:

- `LEDGER_TEST_FAULT=STEP[:HOW]` at that step ends the process as a kill would (no HOW), fails
  it as a full disk would (`enospc`), or sends it the Ctrl-C of a terminal (`sigint`);
- `LEDGER_TEST_PAUSE_BEFORE_REPLACE=FILE`: once the new version is written, writes this
  process's id to FILE and waits to be killed.
"""

from __future__ import annotations

import errno
import os
import signal
import sys
import time
from pathlib import Path

from ledger.io import run


def fault(step: str) -> None:
    wanted, _, how = os.environ.get("LEDGER_TEST_FAULT", "").partition(":")
    if wanted != step:
        return
    if how == "enospc":
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), step)
    if how == "sigint":
        # as a terminal's Ctrl-C reaches Python's own handler (one started in the background
        # by a shell inherits SIGINT ignored)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        os.kill(os.getpid(), signal.SIGINT)
        return
    os._exit(137)


def pause(step: str) -> None:
    marker = os.environ.get("LEDGER_TEST_PAUSE_BEFORE_REPLACE")
    if marker and step == "written":
        Path(marker).write_text(str(os.getpid()))
        time.sleep(60)


if __name__ == "__main__":
    run.STEPS[:] = [fault, pause]
    from ledger.cli import main

    sys.argv[0] = "ledger"
    main()
