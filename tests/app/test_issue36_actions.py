"""Issue 36, item 5: the players' actions cannot be turned. Each test is an attack tried on
the actions a player sends from their link (`ledger serve --actions`) and kept beside the
workbook: what the banker sees is what runs, a damaged entry never runs, a field too long is
refused, one rule for a memo typed or sent, every action bound to its game and its moment,
a claim to have landed waits, an Egon order's counts and amounts are bounded, and an action's
number is never given twice. Fresh game: Ann and Bob with 25 KC at Ceres, Sam the Patrol."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from ledger.app.action_entry import forget_numbers
from ledger.app.actions import DAMAGED, DONE, REFUSED, WAITING, listing, submit
from ledger.core.problems import ProblemsFound
from tests.conftest import Ledger, edit_cells, read_sheet, set_setting


def kept_file(game: Ledger) -> Any:
    return game.folder / f".{game.path.name}.pending.json"


def edit_kept(game: Ledger, change: Callable[[dict[str, Any]], None]) -> None:
    """The file of the players' actions changed by hand, as an attacker with the banker's
    account (or a careless editor) would."""
    where = kept_file(game)
    data = json.loads(where.read_text(encoding="utf-8"))
    change(data)
    where.write_text(json.dumps(data), encoding="utf-8")


def no_traceback(text: str) -> None:
    assert "Traceback" not in text and "internal error" not in text.lower(), text


def test_issue36_5_what_the_banker_sees_approves_and_the_history_records_is_what_runs(
    game: Ledger,
) -> None:
    sent = submit(game.path, "Ann", "pay", {"to": "Bob", "amount": "1"}, "f1")
    assert sent.command == "pay Ann Bob 1"
    edit_kept(game, lambda d: d["actions"][0]["values"].update(amount="20"))
    shown = game("pending").stdout
    assert "Ann: pay Ann Bob 20" in shown and "pay Ann Bob 1\n" not in shown, shown
    assert game("pending", "--json").json()[0]["command"] == "pay Ann Bob 20"
    run = game("approve", "1")
    assert "20.00 KC" in run.stdout and "pay Ann Bob 20" in run.stderr
    assert game("balance", "--json").json()["players"]["Bob"] == "45.00"
    history = game("history").stdout
    assert "pay Ann Bob 20 — from Ann's link, approved by the banker (action 1)" in history


@pytest.mark.parametrize(
    "entry",
    [
        {"kind": "tick", "values": {"days": "30"}, "command": "pay Ann Bob 1"},
        {"kind": "pay", "values": {"to": "Bob", "amount": "1"}, "day": "soon"},
        {"kind": "pay", "values": {"to": "Bob", "amount": ["1"]}},
        {"kind": "pay", "values": {"to": "Bob", "amount": "1", "player": "Bob"}},
    ],
    ids=["a-kind-no-player-sends", "a-day-not-a-number", "a-value-not-text", "a-foreign-field"],
)
def test_issue36_5_a_damaged_entry_is_named_so_and_never_runs(
    game: Ledger, entry: dict[str, Any]
) -> None:
    submit(game.path, "Ann", "pay", {"to": "Bob", "amount": "1"}, "f1")
    game("reject", "1")
    good = {"n": 2, "who": "Ann", "state": "waiting", "command": "pay Ann Bob 1", "at": "now"}
    edit_kept(game, lambda d: d["actions"].append({**good, **entry}))
    before = game.path.read_bytes()
    shown = game("pending")
    no_traceback(shown.stdout + shown.stderr)
    assert "2" in shown.stdout and "damaged" in shown.stdout, shown.stdout
    assert [a.state for a in listing(game.path)] == ["rejected", DAMAGED]
    run = game("approve", "2", expect=1)
    no_traceback(run.stdout + run.stderr)
    assert "action-damaged" in run.stderr, run.stderr
    assert game.path.read_bytes() == before
    assert [a.state for a in listing(game.path)] == ["rejected", DAMAGED]  # never applying
    game("reject", "2")  # the banker closes it
    assert [a.state for a in listing(game.path)] == ["rejected", "rejected"]


def test_issue36_5_a_field_longer_than_its_limit_is_refused_never_cut(game: Ledger) -> None:
    long = "0" * 497 + "1000"  # cut to 500 characters, it was 100
    with pytest.raises(ProblemsFound) as refused:
        submit(game.path, "Ann", "pay", {"to": "Bob", "amount": long}, "f1")
    (found,) = refused.value.problems
    assert (found.code, str(found.where)) == ("too-long", "amount"), found
    assert "501" in found.message and "500" in found.message
    assert listing(game.path) == []
    with pytest.raises(ProblemsFound) as refused:
        submit(game.path, "Ann", "pay", {"to": "Bob", "amount": "1"}, "f" * 501)
    assert refused.value.problems[0].code == "too-long"


@pytest.mark.parametrize("memo", ["rent\x1b[2J", "rent\nday 3: pay Bob Ann 100"])
def test_issue36_5_a_memo_typed_is_held_to_the_phones_rule(game: Ledger, memo: str) -> None:
    before = game.path.read_bytes()
    typed = game("pay", "Ann", "Bob", "1", "--memo", memo, expect=1)
    values = {"to": "Bob", "amount": "1", "memo": memo}
    with pytest.raises(ProblemsFound) as sent:
        submit(game.path, "Ann", "pay", values, "f")
    assert "hidden-character" in typed.stderr, typed.stderr
    assert sent.value.problems[0].code == "hidden-character"
    assert game.path.read_bytes() == before


@pytest.mark.parametrize("name", ["=1+1", "+SUM(A1)", "-2+3", "@cmd"])
def test_issue36_5_a_name_a_spreadsheet_reads_as_a_formula_is_refused(
    ledger: Ledger, name: str
) -> None:
    made = ledger(
        "new",
        "--game",
        "triplanetary",
        "--player",
        "Ann",
        "--player",
        name,
        "--patrol",
        "Sam",
        expect=None,
    )
    assert made.exit_code != 0 and "bad-player-name" in made.stderr, made.stderr
    no_traceback(made.stderr)
    assert not ledger.path.exists()


def test_issue36_5_an_egon_order_applied_at_once_keeps_its_round_after_undo(
    ledger: Ledger,
) -> None:
    ledger("new", "--game", "egon", "--player", "ABC", "--player", "BOB", "--player", "CAT")
    set_setting(ledger.path, "actions_wait", False)
    sent = submit(ledger.path, "ABC", "order", {"code": "x,5,BOB"}, "f1")
    assert sent.state == DONE
    ledger("undo")
    ledger("draw", "--numbers", "1,2,3,4,5,6", "--zz", "7", "--z6", "6")
    ledger("tick")  # round 1 evaluated without it: it must not slip into round 2
    late = ledger("approve", str(sent.n), expect=1).stderr
    assert "moment-passed" in late, late
    assert read_sheet(ledger.path, "Orders")[1:] == [] or all(
        not any(r) for r in read_sheet(ledger.path, "Orders")[1:]
    )


def test_issue36_5_an_action_applied_at_once_is_for_its_own_game_after_undo(
    game: Ledger,
) -> None:
    set_setting(game.path, "actions_wait", False)
    sent = submit(game.path, "Ann", "pay", {"to": "Bob", "amount": "5"}, "f1")
    assert sent.state == DONE
    game("undo")
    game("new", "--game", "triplanetary", "-p", "Ann", "-p", "Bob", "--patrol", "Sam", "--force")
    before = game.path.read_bytes()
    run = game("approve", "1", expect=1)
    assert "another-game" in run.stderr, run.stderr
    assert game.path.read_bytes() == before


def test_issue36_5_an_action_applied_at_once_on_another_kind_of_game_is_refused(
    ledger: Ledger,
) -> None:
    ledger("new", "--game", "planetopoly", "--player", "Ann", "--player", "Bob")
    set_setting(ledger.path, "actions_wait", False)
    ledger("buy", "Ann", "lyra-2")
    sent = submit(ledger.path, "Bob", "rent", {"deed": "lyra-2"}, "f1")
    assert sent.state == DONE, sent.message()
    ledger("undo")
    ledger("new", "--game", "matador21", "--player", "A", "--player", "B", "--force")
    before = ledger.path.read_bytes()
    run = ledger("approve", "1", expect=1)
    no_traceback(run.stdout + run.stderr)
    assert "another-game" in run.stderr, run.stderr
    assert ledger.path.read_bytes() == before


def test_issue36_5_a_waiting_move_on_another_kind_of_game_is_refused_not_left_applying(
    ledger: Ledger,
) -> None:
    ledger("new", "--game", "matador21", "--player", "A", "--player", "B", "--first", "A")
    sent = submit(ledger.path, "A", "roll", {"dice": "3,4"}, "a1")
    assert sent.state == WAITING
    ledger("new", "--game", "planetopoly", "--player", "A", "--player", "B", "--force")
    before = ledger.path.read_bytes()
    run = ledger("approve", str(sent.n), expect=1)
    no_traceback(run.stdout + run.stderr)
    assert "another-game" in run.stderr, run.stderr
    assert ledger.path.read_bytes() == before
    assert [a.state for a in listing(ledger.path)] == [REFUSED]


def test_issue36_5_a_planetopoly_buy_from_a_phone_waits_even_when_actions_apply_at_once(
    ledger: Ledger,
) -> None:
    ledger("new", "--game", "planetopoly", "--player", "Ann", "--player", "Bob")
    set_setting(ledger.path, "actions_wait", False)
    before = ledger.balances()
    sent = submit(ledger.path, "Ann", "buy", {"deed": "lyra-2"}, "f1")
    assert sent.state == WAITING  # only the table saw where Ann landed
    assert ledger.balances() == before
    ledger("approve", str(sent.n))
    assert ledger.balances() != before


@pytest.mark.parametrize(
    "code", ["i,999999999999", "i,10000000", "i,100", "d,100,BOB", "b,100", "f,1000001"]
)
def test_issue36_5_an_egon_orders_counts_and_amounts_are_bounded(ledger: Ledger, code: str) -> None:
    ledger("new", "--game", "egon", "--player", "ABC", "--player", "BOB", "--player", "CAT")
    before = ledger.path.read_bytes()
    sent = submit(ledger.path, "ABC", "order", {"code": code}, "f1")
    assert sent.state == REFUSED, sent
    said = "\n".join(sent.message())
    assert "at most" in said, said
    typed = ledger("order", "ABC", code, expect=1)
    no_traceback(typed.stderr)
    assert "at most" in typed.stderr
    assert ledger.path.read_bytes() == before


def test_issue36_5_an_egon_round_with_the_largest_import_is_evaluated(ledger: Ledger) -> None:
    ledger("new", "--game", "egon", "--player", "ABC", "--player", "BOB", "--player", "CAT")
    sent = submit(ledger.path, "ABC", "order", {"code": "i,99"}, "f1")
    assert sent.state == WAITING, sent.message()
    ledger("approve", str(sent.n))
    inner = ledger("order", "BOB", "e,i,100,alle", "--penalty-kj", "300", expect=1).stderr
    assert "at most" in inner, inner
    fine = ledger("order", "BOB", "e,v,alle", "--penalty-kj", "1000001", expect=1).stderr
    assert "at most" in fine, fine
    ledger("draw", "--numbers", "1,2,3,4,5,6", "--zz", "7", "--z6", "6", "--max-price", "60")
    ticked = ledger("tick")
    no_traceback(ticked.stdout + ticked.stderr)
    ledger("balance")  # and the books after it are read as any others


def test_issue36_5_an_action_number_is_never_given_twice(game: Ledger) -> None:
    first = submit(game.path, "Ann", "pay", {"to": "Bob", "amount": "1"}, "f1")
    second = submit(game.path, "Ann", "pay", {"to": "Bob", "amount": "2"}, "f2")
    game("approve", str(first.n))
    assert (first.n, second.n) == (1, 2)
    kept_file(game).unlink()  # deleted while `serve` runs: action 2 was still waiting
    third = submit(game.path, "Bob", "pay", {"to": "Ann", "amount": "9"}, "f3")
    assert third.n == 3, third
    assert "no-such-action" in game("approve", "2", expect=1).stderr  # not Bob's payment


def test_issue36_5_a_new_process_numbers_after_the_history(game: Ledger) -> None:
    """A process that never saw the deleted file: the history still names action 1's save."""
    first = submit(game.path, "Ann", "pay", {"to": "Bob", "amount": "1"}, "f1")
    game("approve", str(first.n))
    kept_file(game).unlink()
    forget_numbers()  # as a new `serve` starts
    again = submit(game.path, "Bob", "pay", {"to": "Ann", "amount": "9"}, "f3")
    assert again.n == 2, again


def test_issue36_5_an_egon_penalty_typed_in_the_orders_sheet_is_bounded_too(
    ledger: Ledger,
) -> None:
    ledger("new", "--game", "egon", "--player", "ABC", "--player", "BOB", "--player", "CAT")
    ledger("order", "BOB", "e,v,alle", "--penalty-kj", "300")
    header = read_sheet(ledger.path, "Orders")[0]
    column = "ABCDEFGHIJ"[header.index("penalty_kj")]
    edit_cells(ledger.path, {f"Orders!{column}2": 999999999999})
    said = ledger("check", expect=1)
    no_traceback(said.stdout + said.stderr)
    text = said.stdout + said.stderr
    assert f"Orders!{column}2: bad-amount" in text and "at most 100,000" in text, text
