"""PDFs from the HTML pages, typeset by WeasyPrint (imported only here: it costs most of a
second), on as many processes as there are processors and documents."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Sequence
from typing import Any

from ledger.io.render import templates_folder


def html_to_pdf(html: str) -> bytes:
    """PDF with WeasyPrint, imported only here (it costs most of a second to import)."""
    from weasyprint import HTML

    pdf = HTML(string=html, base_url=str(templates_folder())).write_pdf()
    assert isinstance(pdf, bytes)
    return pdf


def pdf_workers(jobs: int) -> int:
    """How many processes typeset `jobs` PDFs: one a processor this process may run on (at
    most os.cpu_count()), never more than the jobs; 1 where processes cannot be forked."""
    import multiprocessing

    if jobs < 2 or "fork" not in multiprocessing.get_all_start_methods():
        return 1
    cpus = os.cpu_count() or 1
    with contextlib.suppress(AttributeError, OSError):  # not on every system
        cpus = min(cpus, len(os.sched_getaffinity(0)))
    return max(1, min(cpus, jobs))


def htmls_to_pdfs(htmls: Sequence[str], workers: int | None = None) -> list[bytes]:
    """Each HTML as a PDF, in order: typeset by `workers` forked processes (default
    `pdf_workers`), each document on its own, so the bytes are those of `html_to_pdf` one by
    one. WeasyPrint is imported before the fork, so no process imports it again."""
    jobs = len(htmls) if workers is None else max(1, min(workers, len(htmls)))
    if pdf_workers(jobs) > 1:
        import weasyprint  # noqa: F401  (imported once, before the fork)
    with Typesetter(jobs) as typesetter:
        return typesetter.pdfs(htmls)


def _import_weasyprint() -> None:
    """A typesetting process's start: Ctrl-C is this command's to answer (once, without a
    traceback from each process; it was blocked from before the fork), then WeasyPrint's
    import."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    with contextlib.suppress(Exception):  # Linux: end with the command, however it ends
        import ctypes

        ctypes.CDLL(None).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    import weasyprint  # noqa: F401


class Typesetter:
    """The processes that typeset PDFs, started before the command reads the workbook: each
    imports WeasyPrint (most of a second) while this process reads it and lays out the
    statements, so that no one waits for the import afterwards. `pdfs` gives the bytes of
    `html_to_pdf` one by one, as `htmls_to_pdfs` does. `jobs`: how many PDFs there may be
    (one: no process is started, the one PDF is typeset here)."""

    def __init__(self, jobs: int) -> None:
        self.pool: Any = None
        n = pdf_workers(jobs)
        if n < 2:
            return
        import multiprocessing
        import signal
        from concurrent.futures import ProcessPoolExecutor

        # no Ctrl-C between a fork and the process's own handler; here, it comes after
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            self.pool = ProcessPoolExecutor(
                n, mp_context=multiprocessing.get_context("fork"), initializer=_import_weasyprint
            )
            self.pool.submit(os.getpid)  # the processes start now (all of them, forked)
        finally:
            try:
                signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
            except BaseException:  # the Ctrl-C that waited: no process left behind
                self.close()
                raise

    def pdfs(self, htmls: Sequence[str]) -> list[bytes]:
        if self.pool is None or len(htmls) < 2:
            return [html_to_pdf(h) for h in htmls]
        return list(self.pool.map(html_to_pdf, htmls))

    def close(self) -> None:
        """No process left behind: the documents not begun are dropped, the one each process
        may be typesetting is finished (at most a second or so; stopping them by force made the
        pool's own thread fail with a traceback on Ctrl-C)."""
        if self.pool is not None:
            import signal

            pool, self.pool = self.pool, None
            # a second Ctrl-C waits until the processes are gone (interrupting the wait left
            # the pool's thread unwaited for: ledger hung at its exit)
            blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
            try:
                pool.shutdown(wait=True, cancel_futures=True)
            finally:
                signal.pthread_sigmask(signal.SIG_SETMASK, blocked)

    def __enter__(self) -> Typesetter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
