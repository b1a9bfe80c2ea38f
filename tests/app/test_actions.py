"""Players act from their links; the banker keeps control (issue 30): the app's use cases
(`submit`, as a link sends it) and the banker's commands `ledger pending`, `ledger approve N`,
`ledger reject N`, on real workbooks. An approved action runs as the typed command: the same
refusals with the same messages, the history line saying whose link it came from, and `undo`
takes it back. Fresh game: Ann and Bob with 25 KC at Ceres, Sam the Patrol with 500 KC."""

from __future__ import annotations

from pathlib import Path

import pytest

from ledger.app.actions import (
    DONE,
    REFUSED,
    REJECTED,
    WAITING,
    forms,
    listing,
    submit,
)
from ledger.core.problems import ProblemsFound
from ledger.rules import load_game
from tests.conftest import Ledger, set_setting


def pay(game: Ledger, who: str, to: str, amount: str, memo: str = "", form: str = "") -> object:
    values = {"to": to, "amount": amount, "memo": memo}
    return submit(game.path, who, "pay", values, form or f"{who}-{to}-{amount}-{memo}")


def cash(game: Ledger) -> dict[str, str]:
    players = game("balance", "--json").json()["players"]
    return {name: str(v) for name, v in players.items()}


def test_30_a_pay_from_a_link_waits_for_the_banker_and_runs_as_the_command(game: Ledger) -> None:
    before = cash(game)
    sent = pay(game, "Ann", "Bob", "5", "ore")
    assert sent.state == WAITING and sent.command == "pay Ann Bob 5 --memo ore"
    assert cash(game) == before  # nothing moves before the banker says so
    waiting = game("pending")
    assert "1" in waiting.stdout and "Ann: pay Ann Bob 5 --memo ore" in waiting.stdout
    assert game("pending", "--json").json() == [
        {
            "n": 1,
            "who": "Ann",
            "command": "pay Ann Bob 5 --memo ore",
            "at": sent.at,
            "state": "waiting",
        }
    ]
    run = game("approve", "1")
    assert "txn 4, day 0: ore: 5.00 KC" in run.stdout
    assert cash(game)["Ann"] != before["Ann"]
    assert game("balance", "--json").json()["players"]["Bob"] == "30.00"
    history = game("history").stdout
    assert "pay Ann Bob 5 --memo ore — from Ann's link, approved by the banker" in history
    assert [a.state for a in listing(game.path)] == [DONE]
    assert listing(game.path)[0].result == "txn 4, day 0: ore: 5.00 KC"
    assert "Nothing waits" in game("pending").stderr
    game("undo")  # taken back like any command
    assert cash(game) == before


def test_30_a_refused_pay_says_what_ledger_pay_says(game: Ledger) -> None:
    for to, amount in (("Bob", "1,000"), ("Bobb", "5"), ("Bob", "100"), ("Bob", "-3")):
        sent = pay(game, "Ann", to, amount)
        typed = game("pay", "Ann", to, amount, expect=1)
        assert sent.state == REFUSED
        said = "\n".join(sent.message())
        assert said and said in typed.stderr, (said, typed.stderr)
    assert game("pending", "--json").json() == []


def test_30_the_same_form_sent_twice_is_one_action(game: Ledger) -> None:
    one = pay(game, "Ann", "Bob", "5", form="form-1")
    two = pay(game, "Ann", "Bob", "5", form="form-1")
    assert one.n == two.n == 1 and len(listing(game.path)) == 1
    game("approve", "1")
    again = game("approve", "1", expect=1)
    assert "action-not-waiting action 1 (pay Ann Bob 5) is done, not waiting" in again.stderr
    assert game("balance", "--json").json()["players"]["Bob"] == "30.00"  # paid once


def test_30_reject_keeps_the_books_and_tells_the_player_why(game: Ledger) -> None:
    before = game.path.read_bytes()
    pay(game, "Bob", "Ann", "5")
    run = game("reject", "1", "--why", "you owe nothing")
    assert "rejected action 1: pay Bob Ann 5 (from Bob's link)" in run.stderr
    (action,) = listing(game.path)
    assert (action.state, action.why) == (REJECTED, "you owe nothing")
    assert game.path.read_bytes() == before
    assert "no-such-action there is no action 7" in game("approve", "7", expect=1).stderr


def test_30_an_approval_is_refused_when_the_books_changed_under_it(game: Ledger) -> None:
    pay(game, "Ann", "Bob", "20")
    game("pay", "Ann", "Sam", "10")  # the banker typed another payment meanwhile: 15 left
    before = game.path.read_bytes()
    run = game("approve", "1", expect=1)
    assert "AMOUNT: overdrawn Ann has 15.00 KC" in run.stderr and "§30" in run.stderr
    assert "Ann sees why on their page" in run.stderr
    assert game.path.read_bytes() == before
    (action,) = listing(game.path)
    assert action.state == REFUSED and action.message()[0].startswith("AMOUNT:")


def test_30_the_setting_applies_them_at_once(game: Ledger) -> None:
    set_setting(game.path, "actions_wait", False)
    sent = pay(game, "Ann", "Bob", "5")
    assert sent.state == DONE and sent.result.startswith("txn 4, day 0")
    assert game("balance", "--json").json()["players"]["Bob"] == "30.00"
    assert "pay Ann Bob 5 — from Ann's link" in game("history").stdout
    assert game("pending", "--json").json() == []


def test_30_the_waiting_actions_survive_a_restart(game: Ledger) -> None:
    pay(game, "Ann", "Bob", "5")
    kept = game.folder / ".ledger.xlsx.pending.json"
    assert kept.is_file() and kept.stat().st_mode & 0o077 == 0  # the owner's alone
    assert "Ann: pay Ann Bob 5" in game.sub("pending").stdout  # another process reads them


def test_30_a_player_acts_as_themselves_and_does_nothing_but_their_games_actions(
    game: Ledger, tmp_path: Path
) -> None:
    assert [f.kind for f in forms(load_game("triplanetary"))] == ["pay", "supply"]
    assert [f.kind for f in forms(load_game("planetopoly"))] == ["pay", "rent", "bail", "buy"]
    assert [f.kind for f in forms(load_game("matador21"))] == ["pay", "roll"]
    assert [f.kind for f in forms(load_game("egon"))] == ["pay", "order"]
    for form in forms(load_game("triplanetary")):
        assert "player" not in [f.name for f in form.fields]  # the link's holder is the player
    for kind in ("tick", "undo", "fine", "draw", "set", "buy"):
        with pytest.raises(ProblemsFound) as refused:
            submit(game.path, "Ann", kind, {}, kind)
        assert refused.value.problems[0].code == "not-a-player-action"
    assert listing(game.path) == []
    # a field that is not the form's is dropped: Ann cannot pay as Bob
    sent = submit(game.path, "Ann", "pay", {"to": "Sam", "amount": "1", "player": "Bob"}, "x")
    assert sent.command == "pay Ann Sam 1"


def test_30_supply_from_a_link_is_the_typed_supply(game: Ledger) -> None:
    game("buy", "Ann", "transport", "--name", "Nomad")
    game("hire", "Ann", "--ship", "Nomad")
    sent = submit(game.path, "Ann", "supply", {"ship": "Nomad", "months": "1"}, "s1")
    assert sent.command == "supply Ann --ship Nomad --months 1", sent
    assert sent.state == WAITING
    game("approve", "1")
    assert "supply Ann --ship Nomad --months 1 — from Ann's link" in game("history").stdout
    refused = submit(game.path, "Bob", "supply", {"ship": "Nomad", "months": "1"}, "s2")
    assert refused.state == REFUSED and "Nomad" in "\n".join(refused.message())


def test_30_an_approval_while_the_workbook_is_open_in_excel_keeps_the_action_waiting(
    game: Ledger,
) -> None:
    excel = game.folder / "~$ledger.xlsx"
    excel.write_text("")
    assert pay(game, "Ann", "Bob", "5").state == WAITING  # not the player's fault
    run = game("approve", "1", expect=3)
    assert "Excel" in run.stderr or "open" in run.stderr, run.stderr
    assert [a.state for a in listing(game.path)] == [WAITING]  # the banker tries again
    excel.unlink()
    game("approve", "1")
    assert [a.state for a in listing(game.path)] == [DONE]


def test_30_an_action_is_for_its_own_game_only(game: Ledger) -> None:
    pay(game, "Ann", "Bob", "5")
    game("new", "--game", "triplanetary", "-p", "Ann", "-p", "Bob", "--patrol", "Sam", "--force")
    before = game.path.read_bytes()
    run = game("approve", "1", expect=1)  # sent for the game this workbook replaced
    assert "another-game the workbook is another game's now" in run.stderr
    assert game.path.read_bytes() == before
    assert [a.state for a in listing(game.path)] == [REFUSED]
