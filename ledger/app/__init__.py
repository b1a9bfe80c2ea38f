"""The app layer: one function a use case, between the command line (or the web pages) and the
rest. `pipeline` is the path every command follows (load, check, post, change, check, save;
all or nothing), `after` what a command writes after its save, `balance` the balances,
`views` checking with a filter, `close` and `campaign` the closed periods.

Each name is imported from its module when first asked for (PEP 562): a command imports the
use cases it runs, not every one (`ledger balance` never imports the tick's documents)."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

#: Where each name of the app lives.
_WHERE = {
    "after_save": "after",
    "after_tick": "after",
    "file_stems": "after",
    "renamed": "after",
    "statement_documents": "after",
    "tick_documents": "after",
    "typesetter": "after",
    "write_statements": "after",
    "campaign_books": "campaign",
    "Inspection": "pipeline",
    "Outcome": "pipeline",
    "change": "pipeline",
    "create": "pipeline",
    "inspect": "pipeline",
    "pending_warnings": "pipeline",
    "read_books": "pipeline",
    "shown_anyway": "pipeline",
    "Balances": "balance",
    "UnknownCheck": "views",
    "balances": "balance",
    "check": "views",
    "player_named": "views",
}

__all__ = [
    "Balances",
    "Inspection",
    "Outcome",
    "UnknownCheck",
    "after_save",
    "after_tick",
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


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module 'ledger.app' has no attribute {name!r}")
    value = getattr(import_module(f"ledger.app.{_WHERE[name]}"), name)
    globals()[name] = value
    return value


if TYPE_CHECKING:
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
    from ledger.app.balance import Balances, balances
    from ledger.app.campaign import campaign_books
    from ledger.app.pipeline import (
        Inspection,
        Outcome,
        change,
        create,
        inspect,
        pending_warnings,
        read_books,
        shown_anyway,
    )
    from ledger.app.views import UnknownCheck, check, player_named
