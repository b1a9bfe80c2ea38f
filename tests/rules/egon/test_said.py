"""What Egon's checks and commands say is one table, said.csv (issue 38): a row a problem, its
code, rule, message and hint templates and whether it is a warning; `said` fills a row with the
fields a check gives. A key used by no module, a template whose field `said` takes as its own
(``code``, ``warning``) or a row without its code or message would fail here."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from ledger.core import data
from ledger.core.problems import Severity
from ledger.rules.egon import said as said_module
from ledger.rules.egon.said import SAID, said

EGON = Path(said_module.__file__).parent
#: said.csv's rows as typed (its `rule` column is the table's own: the sayings do not read it)
ROWS = {r["name"]: r for r in data.rows("ledger.rules.egon", "said.csv")}


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_said_csv_rows_are_whole_and_their_fields_are_no_overrides() -> None:
    assert set(ROWS) == set(SAID.table)
    for key, row in ROWS.items():
        assert row["code"] and row["rule"] and row["said"], key
        assert row["warning"] in ("", "yes"), key
        assert not (_fields(row["said"]) | _fields(row["hint"])) & {"code", "warning"}, key


def test_every_row_of_said_csv_is_said_by_a_module() -> None:
    code = "\n".join(p.read_text(encoding="utf-8") for p in EGON.glob("*.py"))
    named = set(re.findall(r'"([a-z0-9-]+)"', code))
    assert set(SAID.table) - named == set()


@pytest.mark.parametrize("warning", [None, True, False])
def test_said_fills_the_templates_and_may_take_the_code_and_warning_its_caller_gives(
    warning: bool | None,
) -> None:
    given = {} if warning is None else {"warning": warning}
    found = said(
        "penalty-over-most",
        "--penalty-kj",
        label="ABC e,v,alle: ",
        option="--penalty-kj",
        most=100000,
        **given,
    )
    assert (found.code, found.where) == ("bad-amount", "--penalty-kj")
    assert (
        found.message == "ABC e,v,alle: --penalty-kj is more than an order carries: at most 100,000"
    )
    assert found.hint == "a penalty within the game (6.6.2: 'im Rahmen des Spiels')"
    assert found.severity == (Severity.WARNING if warning else Severity.ERROR)
    other = said(
        "negative-purchase", "Purchases!D5", code="bad-amount", round=2, player="ABC", column="cost"
    )
    assert (other.code, other.message) == ("bad-amount", "round 2: ABC's cost cannot be negative")
