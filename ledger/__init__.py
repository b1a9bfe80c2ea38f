"""ledger: the banker's books for economic space games, kept in an Excel workbook."""

__version__ = "0.1.0"


def _quiet_start() -> None:
    """In the `ledger` program (`ledger ...`, `python -m ledger ...`), never in a process that
    imports the package: Ctrl-C while Python still reads ledger's code, before `cli.main` can
    answer it, ends the program with main's words and code instead of a traceback (`main`
    then gives Ctrl-C back to Python). Here, because this is the first line of ledger that
    either way of starting runs; `_signal`, not `signal`, whose import takes long enough for
    a Ctrl-C to land in it."""
    import sys

    argv = sys.orig_argv
    module = argv[argv.index("-m") + 1 :][:1] if "-m" in argv else []
    program = module == ["ledger"] or sys.argv[0].replace("\\", "/").rsplit("/", 1)[-1] == "ledger"
    if not program:
        return
    import _signal  # type: ignore[import-not-found]  # (no stub: the C half of `signal`)

    if _signal.getsignal(_signal.SIGINT) is not _signal.default_int_handler:
        return  # ignored, or someone else's: left as it is

    def stop(signum: int, frame: object) -> None:
        sys.stderr.write("interrupted; nothing was written.\n")
        raise SystemExit(130)

    _signal.signal(_signal.SIGINT, stop)


_quiet_start()
