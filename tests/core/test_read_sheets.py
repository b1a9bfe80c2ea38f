"""The sheets a game declares in its sheets.csv: the choices' forms, and each held sheet's
columns agreeing with its record's fields (a column a field, of the field's kind)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from ledger.core.records import record_fields
from ledger.core.sheets import CORE, _choices, read_sheets
from ledger.rules import GAMES, load_game


def test_choices_forms() -> None:
    vocab = {"STATES": ("open", "shut")}
    assert _choices("", vocab) == ()
    assert _choices("players", vocab) == "players"
    assert _choices("parties", vocab) == "parties"
    assert _choices("Ships!id+Bases!id", vocab) == "Ships!id+Bases!id"
    assert _choices("a|Labor Camp", vocab) == ("a", "Labor Camp")
    assert _choices("STATES|gone", vocab) == ("open", "shut", "gone")
    with pytest.raises(ValueError, match="no list STATE "):
        _choices("STATE|gone", vocab)


def test_core_sheets() -> None:
    assert list(CORE) == ["README", "Settings", "Journal", "Balances", "Dice"]
    assert not CORE["Settings"].written_by_tool and CORE["Journal"].written_by_tool
    assert CORE["Journal"].column("amount").kind == "money"


def _kind(annotation: object) -> set[str]:
    text = str(annotation)
    if "bool" in text:
        return {"bool"}
    if "Decimal" in text:
        return {"money", "decimal"}
    return {"int", "day"} if "int" in text else {"text"}


@pytest.mark.parametrize("key", sorted(GAMES))
def test_held_sheets_fit_their_records(key: str) -> None:
    game = load_game(key)
    specs = {s.name: s for s in game.sheets}
    for name, held in (game.records or {}).items():
        fields = {f.name: f for f in record_fields(held.record)}
        for column in specs[name].columns:
            field = (held.field_of or {}).get(column.name, column.name)
            assert field in fields, f"{name}!{column.name} fills no field"
            assert column.kind in _kind(fields[field].type), f"{name}!{column.name}"


@pytest.mark.parametrize(
    ("row", "says"),
    [
        ("Ships,,typd,,,,,what the sheet is for", "kind 'typd'"),
        ("Ships,id,txt,6,yes,,,", "kind 'txt'"),
        ("Ships,id,text,6,Yes,,,", "required 'Yes'"),
        ("Ships,id,text,6,yes,,no,", "strict 'no'"),
    ],
)
def test_a_typo_in_a_games_sheets_table_is_said_at_once(
    row: str, says: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A table's word that is none of its column's is a programmer's error, never a default
    (a `Yes` read as no, a kind no reader knows)."""
    package = tmp_path / "typo_game"
    package.mkdir()
    (package / "__init__.py").write_text("")
    header = "sheet,column,kind,width,required,choices,strict,help\n"
    (package / "sheets.csv").write_text(header + row + "\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "typo_game", raising=False)  # the case before's
    with pytest.raises(ValueError, match=re.escape(says)):
        read_sheets("typo_game")
