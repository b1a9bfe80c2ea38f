"""`python -m ledger`. Ctrl-C before `main` can answer it (while Python reads ledger's code)
ends the program with main's words and code, never a traceback: see `cli._quiet_start`."""

import _signal  # type: ignore[import-not-found]  # (no stub: the C half of `signal`)
import os


def _stop(signum: int, frame: object) -> None:
    os.write(2, b"interrupted; nothing was written.\n")
    os._exit(130)


if _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler:
    _signal.signal(_signal.SIGINT, _stop)

from ledger.cli import main  # noqa: E402  (after the quiet start)

main()
