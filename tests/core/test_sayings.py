"""What a game says as data (ledger/core/sayings.py): a saying's templates filled with the fields
the game passes, a warning said as one, a refusal carrying its problem; and for every game with a
said.csv, each saying is used by its code and each saying its code names is in the table, with
templates `str.format` can read."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from ledger.core import data
from ledger.core.problems import Severity
from ledger.core.sayings import Sayings
from ledger.core.steps import Refused

RULES = Path(__file__).resolve().parents[2] / "ledger" / "rules"
GAMES = sorted(p.parent.name for p in RULES.glob("*/said.csv"))


def test_a_saying_fills_its_templates_and_keeps_its_code() -> None:
    said = Sayings("ledger.rules.planetopoly")
    p = said.problem("bad-dice", "Events!C3", text="3;5")
    assert (p.code, p.where, p.message, p.hint) == (
        "bad-dice",
        "Events!C3",
        "§2: --dice takes the two dice as thrown, not '3;5'",
        "e.g. --dice 3,5",
    )
    assert p.severity is Severity.ERROR
    assert (
        said.problem(
            "owner-in-prison", "x", owner=_Named("Bob"), d=_Named("Lyra 1"), p=_Named("Ann")
        ).severity
        is Severity.WARNING
    )


def test_a_refusal_carries_the_saying() -> None:
    refused = Sayings("ledger.rules.planetopoly").refuse(
        "in-prison-already", "arg", p=_Named("Ann")
    )
    assert isinstance(refused, Refused)
    assert [x.message for x in refused.problems] == ["§10: Ann is in prison already"]


def test_a_saying_without_its_field_is_a_programmers_error() -> None:
    with pytest.raises(KeyError):
        Sayings("ledger.rules.planetopoly").problem("bad-dice", "x")


@pytest.mark.parametrize("game", GAMES)
def test_every_saying_is_used_and_every_used_saying_is_said(game: str) -> None:
    rows = data.rows(f"ledger.rules.{game}", "said.csv")
    names = [r["name"] for r in rows]
    assert len(names) == len(set(names))
    source = "\n".join(p.read_text() for p in (RULES / game).glob("*.py"))
    used = set(re.findall(r"(?:SAID\.(?:problem|refuse)|\bsaid)\(\s*\"([\w-]+)\"", source))
    assert used <= set(names), sorted(used - set(names))
    unused = [n for n in names if f'"{n}"' not in source]  # some are chosen: said = "a" if ...
    assert not unused
    for r in rows:
        for column in ("said", "hint"):
            named = {f for _, f, _, _ in string.Formatter().parse(r[column]) if f}  # or raises
            assert not named & {"code", "warning"}, r["name"]  # the problem's own: no field
        assert r["warning"] in ("", "yes")


class _Named:
    def __init__(self, name: str) -> None:
        self.name = name
