"""What the Egon-Spiel's checks and commands say, as data (said.csv: a row a problem, by its
key: its code, rule, message and hint, each a template of the fields the check gives, and
whether it is a warning). A check decides when something is wrong; `said` words it as the
table does."""

from __future__ import annotations

from typing import Any

import msgspec

from ledger.core import data
from ledger.core.problems import Problem, problem


class Said(msgspec.Struct, frozen=True):
    """A row of said.csv: the problem `code` of the check `key` (the rule it serves), its
    message `said` and `hint` (``{round}``, ``{player!r}``: the fields the check gives), and
    whether it is a warning."""

    key: str
    code: str
    rule: str
    said: str
    hint: str = ""
    warning: str = ""


#: Each check's row of said.csv, by its key.
SAID: dict[str, Said] = {
    s.key: s for s in data.records(__package__ or "ledger.rules.egon", "said.csv", Said)
}


def said(key: str, where: object, **fields: Any) -> Problem:
    """The problem of the check `key` at `where`, its words filled with `fields`; a field
    `code` or `warning` is the problem's own, in place of the table's."""
    s = SAID[key]
    code, warning = fields.pop("code", s.code), fields.pop("warning", s.warning == "yes")
    return problem(code, where, s.said.format(**fields), s.hint.format(**fields), warning=warning)
