"""The board's file: every mistake in one pass, each named by its line and its key, nothing
made; the file's text copied into the Board sheet, and the board read from there (a mistake
typed there named by its cell)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ledger.core.problems import ProblemsFound
from ledger.rules.boardfile.spec import lines_of, read
from tests.memory import table
from tests.rules.boardfile.test_board_rules import board_text, game

EXAMPLE = Path(__file__).resolve().parents[3] / "workbooks" / "orbit-row.toml"


def mistakes(text: str) -> list[tuple[str, str]]:
    rules, problems = read(text, lambda n: f"b.toml:{n}")
    assert (rules is None) == bool(problems)
    return [(p.where, p.code) for p in problems]


def test_board_the_example_board_reads_clean() -> None:
    rules, problems = read(EXAMPLE.read_text(encoding="utf-8"), str)
    assert problems == [] and rules is not None
    assert (rules.name, len(rules.squares), rules.jail, rules.shortfall) == (
        "Orbit Row",
        18,
        8,
        "loan",
    )
    assert [s.number for s in rules.group("tethers")] == [5, 13]


def test_board_every_mistake_in_one_pass_by_line_and_key() -> None:
    text = """\
name = "Bad"
start_money = -5
shortfal = "loan"
shortfall = "maybe"
full_group_rent = 0.5
buy_on_landing = "yes"

[jail]
fine = "x"

[house_rules]
pot = 1

[[field]]
name = "Go"
kind = "start"

[[field]]
name = "A"
kind = "lot"
price = 60.555
rents = [2, "ten"]

[[field]]
name = "B"
kind = "tax"
price = 5

[[field]]
kind = "castle"
colour = "red"
"""
    assert mistakes(text) == [
        ("b.toml:2", "bad-board-value"),  # start_money below 0
        ("b.toml:3", "unknown-board-key"),  # shortfal
        ("b.toml:4", "bad-board-value"),  # shortfall neither loan nor out
        ("b.toml:5", "bad-board-value"),  # a factor below 1
        ("b.toml:6", "bad-board-value"),  # "yes" is not true
        ("b.toml:9", "bad-board-value"),  # [jail] fine
        ("b.toml:12", "bad-board-value"),  # pot = 1
        ("b.toml:18", "missing-board-value"),  # a lot without a group: its header's line
        ("b.toml:21", "bad-board-value"),  # a price past the cent
        ("b.toml:22", "bad-board-value"),  # a rent that is a word
        ("b.toml:24", "missing-board-value"),  # a tax without an amount
        ("b.toml:27", "bad-board-value"),  # a tax has no price
        ("b.toml:29", "missing-board-value"),  # a field without a name
        ("b.toml:30", "bad-board-value"),  # no such kind
        ("b.toml:31", "unknown-board-key"),  # colour
    ]
    _, problems = read(text, lambda n: f"b.toml:{n}")
    said = {p.message.split(":")[0]: p.message for p in problems}
    assert said["line 3"] == "line 3: shortfal is not a key here"
    assert "field 3 is a tax: it has no use for price" in said["line 27"]


def test_board_the_layout_the_start_the_jail_names_and_groups() -> None:
    text = board_text().replace('name = "Jail"\nkind = "jail"', 'name = "Start"\nkind = "start"')
    text = text.replace("rents = [25, 50]", "rents = [25]", 1).replace(
        'group = "works"', 'group = "red"'
    )
    found = mistakes(text)
    codes = [code for _, code in found]
    assert codes.count("bad-board-layout") == 2  # a second start; a go-to-jail and no jail
    assert (
        "bad-board-value" in codes
    )  # Start named twice, a station of two with one rent, red of two kinds
    assert len(found) == 2 + 1 + 1 + 3


def test_board_not_toml_is_named_by_its_line() -> None:
    assert mistakes('name = "x"\nstart_money = \n') == [("b.toml:2", "bad-board-toml")]
    assert mistakes("start_money = 5\n") == [("b.toml:1", "missing-board-value")]


def test_board_a_file_past_reading_is_not_toml_never_a_crash() -> None:
    """Nested past any board, a number of thousands of digits: named, never an internal error."""
    deep = 'name = "x"\nstart_money = ' + "[" * 5000 + "]" * 5000 + "\n"
    assert mistakes(deep) == [("b.toml:1", "bad-board-toml")]
    assert mistakes('name = "x"\nstart_money = ' + "9" * 5000 + "\n") == [
        ("b.toml:1", "bad-board-toml")
    ]


def test_board_a_value_that_is_no_amount_says_why() -> None:
    hints = {
        p.code: p.hint for p in read('name = "x"\nstart_money = 99999999999999999999\n', str)[1]
    }
    assert "more than a spreadsheet can hold" in hints["bad-board-value"]
    assert "[[field]]" in hints["missing-board-value"]
    hints = {p.code: p.hint for p in read('name = "x"\nstart_money = 60.123\n', str)[1]}
    assert "more than two decimals" in hints["bad-board-value"]


def test_board_a_fields_mistake_and_the_boards_are_said_in_the_same_pass() -> None:
    text = """\
start_money = 100
[[field]]
name = "A"
kind = "lot"
group = "g"
price = -5
rents = [1]
[[field]]
name = "A"
kind = "station"
group = "g"
price = 5
rents = [1]
"""
    assert mistakes(text) == [
        ("b.toml:4", "bad-board-layout"),  # no start first
        ("b.toml:5", "bad-board-value"),  # group g mixes kinds
        ("b.toml:6", "bad-board-value"),  # the price below 0
        ("b.toml:9", "bad-board-value"),  # A twice
        ("b.toml:11", "bad-board-value"),  # group g mixes kinds
    ]


def test_board_lines_of_finds_every_key() -> None:
    at = lines_of('a = 1\n[jail]\nfine = 2\n[[field]]\nname = "x"\n[[field]]\nname = "y"\n')
    assert at[("", 0, "a")] == 1
    assert at[("jail", 0, "fine")] == 3
    assert (at[("field", 0, "name")], at[("field", 1, "name")], at[("field", 1, "")]) == (5, 7, 6)


def test_board_nothing_is_made_from_a_file_with_a_mistake() -> None:
    with pytest.raises(ProblemsFound) as exc:
        table(game="boardfile", board='start_money = "a lot"\n', patrol=None)
    assert [(p.where, p.code) for p in exc.value.problems] == [
        ("board.toml:1", "bad-board-value"),
        ("board.toml:1", "missing-board-value"),
    ]
    with pytest.raises(ProblemsFound) as exc:
        table(game="boardfile", patrol=None)
    assert [(p.where, p.code) for p in exc.value.problems] == [("--board", "no-source")]
    with pytest.raises(ProblemsFound) as exc:
        table(game="matador21", board=board_text(), patrol=None)
    assert [(p.where, p.code) for p in exc.value.problems] == [("--board", "no-source")]


def test_board_the_file_is_copied_into_the_board_sheet() -> None:
    text = board_text()
    t = game()
    assert [r["text"] or "" for r in t.rows("Board")] == text.splitlines()
    assert [r["line"] for r in t.rows("Board")] == list(range(1, len(text.splitlines()) + 1))


def test_board_a_mistake_typed_in_the_board_sheet_is_named_by_its_cell() -> None:
    t = game()
    t.edit_cells({"Board!B4": "pass_start = -1", "Board!B6": 'shortfall = "loan"'})
    said = t.check(clean=False)
    assert said.startswith("Board!B4: bad-board-value line 3: pass_start is -1")
    assert said.count("\n    hint") == 1 and "hint: -1 is below 0" in said  # line 5 is fine
    for line in ("roll", "tick 1", "buy Ann 2"):
        assert t.refusal(line).startswith("Board!B4: bad-board-value")
    t.edit_cells({"Board!B4": "pass_start = 150"})  # the rule changed in the workbook
    t("roll --dice 5,5")
    assert t.cash("Ann") == 650


def test_board_a_cell_of_several_lines_moves_no_mistake_to_another_cell() -> None:
    t = game()
    t.edit_cells({"Board!B2": "# a note\n# of three\n# lines", "Board!B4": "pass_start = -1"})
    assert t.check(clean=False).startswith("Board!B4: bad-board-value")


def test_board_the_board_in_docs_adding_a_game_reads_clean() -> None:
    import re

    doc = (EXAMPLE.parents[1] / "docs" / "adding-a-game.md").read_text(encoding="utf-8")
    (text,) = re.findall(r"^```toml\n(.*?)^```$", doc, re.MULTILINE | re.DOTALL)
    rules, problems = read(text, str)
    assert problems == [] and rules is not None
    assert (rules.pot, rules.double_start, rules.shortfall, len(rules.squares)) == (
        True,
        True,
        "out",
        2,
    )


def test_board_a_mistake_in_the_board_sheet_hides_no_mistake_of_the_players_or_owners() -> None:
    """Every problem in one pass: the Board sheet's mistake, and beside it the Players' and
    the Owners' that need no board to be found (a field owned twice, by nobody in the game, by
    one who is out; a place held twice)."""
    t = game(("Ann", "Bob", "Cy"))
    t.edit_cells(
        {
            "Board!B4": "pass_start = -1",
            "Players!D4": True,  # Cy is out
            "Players!E3": 1,  # Bob's place is Ann's
            "Owners!C2": "Zed",
            "Owners!C3": "Cy",
        }
    )
    t.add_rows("Owners", [[2, "Red A", "Ann", 0]])
    said = t.check(clean=False)
    found = [line.split()[:2] for line in said.splitlines() if not line.startswith(" ")]
    assert found == [
        ["Board!B4:", "bad-board-value"],
        ["Players!E3:", "duplicate-order"],
        ["Owners!C2:", "unknown-player"],
        ["Owners!C3:", "owned-by-loser"],
        ["Owners!A7:", "two-owners"],
    ], said


def test_the_files_keys_are_the_rules_fields() -> None:
    """A board's top keys and its [house_rules] go into `Rules` by their names, [jail] fine
    as `jail_fine` and the fields as `squares`: each key a field, every field a key."""
    from msgspec.structs import fields

    from ledger.rules.boardfile.spec import HOUSE_KEYS, JAIL_KEYS, TOP, Rules

    assert list(JAIL_KEYS) == ["fine"]
    keys = {*TOP, *HOUSE_KEYS, "jail_fine", "squares"}
    assert keys == {f.name for f in fields(Rules)}
