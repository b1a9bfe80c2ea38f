"""The app layer: one function a use case, between the command line (or the web pages) and the
rest. `pipeline` is the path every command follows (load, check, post, change, check, save;
all or nothing), `after` what a command writes after its save, `views` checking with a filter
and the balances."""

from __future__ import annotations

from ledger.app.after import (
    after_save,
    after_tick,
    file_stems,
    renamed,
    statement_documents,
    tick_documents,
    typesetter,
    write_statements,
)
from ledger.app.campaign import campaign_books
from ledger.app.pipeline import (
    LIGHT_CHECKS,
    Inspection,
    Outcome,
    balance_summary,
    change,
    create,
    inspect,
    pending_warnings,
    read_books,
    shown_anyway,
)
from ledger.app.views import Balances, UnknownCheck, balances, check, player_named

__all__ = [
    "LIGHT_CHECKS",
    "Balances",
    "Inspection",
    "Outcome",
    "UnknownCheck",
    "after_save",
    "after_tick",
    "balance_summary",
    "balances",
    "campaign_books",
    "change",
    "check",
    "create",
    "file_stems",
    "inspect",
    "pending_warnings",
    "player_named",
    "read_books",
    "renamed",
    "shown_anyway",
    "statement_documents",
    "tick_documents",
    "typesetter",
    "write_statements",
]
