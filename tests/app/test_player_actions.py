"""Each game's own player actions from a link (issue 30), run as the typed command: the
21-field game's `roll` on the player's own turn only, Planetopoly's `buy`, `rent` and `bail`,
and an Egon round whose orders all came from the players' links, evaluated by `ledger tick`
exactly as the same orders typed by the banker."""

from __future__ import annotations

import shutil
from pathlib import Path

from ledger.app.actions import DONE, REFUSED, WAITING, submit
from tests.conftest import Ledger, read_sheet, set_setting


def test_30_a_21_field_roll_from_a_link_only_on_ones_own_turn(ledger: Ledger) -> None:
    ledger("new", "--game", "matador21", "--player", "A", "--player", "B", "--first", "A")
    early = submit(ledger.path, "B", "roll", {"dice": "3,4"}, "b1")
    typed = ledger("roll", "--dice", "3,4", "--player", "B", expect=1).stderr
    assert early.state == REFUSED and early.command == "roll --dice 3,4 --player B"
    assert early.problems[0]["code"] == "not-their-turn"
    assert early.message()[0] in typed
    mine = submit(ledger.path, "A", "roll", {"dice": "3,4"}, "a1")
    assert mine.state == WAITING
    done = ledger("approve", str(mine.n)).stdout
    assert done.strip()  # the turn's summary, as `ledger roll` says it
    assert "roll --dice 3,4 --player A — from A's link, approved by the banker" in (
        ledger("history").stdout
    )


def test_30_planetopoly_buy_rent_and_bail_from_the_links(ledger: Ledger) -> None:
    ledger("new", "--game", "planetopoly", "--player", "Ann", "--player", "Bob")
    twin = Ledger(ledger.folder / "typed")
    twin.folder.mkdir()
    shutil.copy(ledger.path, twin.path)
    bought = submit(ledger.path, "Ann", "buy", {"deed": "lyra-2"}, "1")
    assert bought.command == "buy Ann lyra-2"
    ledger("approve", "1")
    rent = submit(ledger.path, "Bob", "rent", {"deed": "lyra-2", "dice": ""}, "2")
    assert rent.command == "rent Bob lyra-2"
    ledger("approve", "2")
    ledger("prison", "Ann")
    bail = submit(ledger.path, "Ann", "bail", {}, "3")
    assert bail.command == "bail Ann"
    ledger("approve", "3")
    for command in (("buy", "Ann", "lyra-2"), ("rent", "Bob", "lyra-2"), ("prison", "Ann")):
        twin(*command)
    twin("bail", "Ann")
    assert ledger.balances() == twin.balances()
    again = submit(ledger.path, "Ann", "bail", {}, "4")  # not in prison any more: §10
    assert again.state == REFUSED and "§10" in "\n".join(again.message())


def orders_of(path: Path) -> list[list[object]]:
    return read_sheet(path, "Orders")


def test_30_an_egon_round_from_the_links_is_the_round_typed(ledger: Ledger) -> None:
    ledger("new", "--game", "egon", "--player", "ABC", "--player", "BOB", "--player", "CAT")
    typed = Ledger(ledger.folder / "typed")
    typed.folder.mkdir()
    shutil.copy(ledger.path, typed.path)  # the same game, twice
    round_ = [
        ("ABC", {"code": "x,5,BOB"}),
        ("BOB", {"code": "v"}),
        ("CAT", {"code": "p,300,ABC,BOB"}),
        ("ABC", {"code": "i,2"}),
        ("BOB", {"code": "e,v,alle", "penalty_kj": "300"}),
    ]
    for i, (player, values) in enumerate(round_, start=1):
        sent = submit(ledger.path, player, "order", values, f"f{i}")
        assert sent.state == WAITING, sent.message()
        ledger("approve", str(sent.n))
    typed("order", "ABC", "x,5,BOB")
    typed("order", "BOB", "v")
    typed("order", "CAT", "p,300,ABC,BOB")
    typed("order", "ABC", "i,2")
    typed("order", "BOB", "e,v,alle", "--penalty-kj", "300")
    assert orders_of(ledger.path) == orders_of(typed.path)
    # a second order for a phase is refused from a link as at the terminal (4.1)
    second = submit(ledger.path, "ABC", "order", {"code": "l,17"}, "f9")
    assert second.state == REFUSED and "4.1" in "\n".join(second.message())
    for book in (ledger, typed):
        book("draw", "--numbers", "1,2,3,4,5,6", "--zz", "7", "--z6", "6")
        book("tick")
    for sheet in ("Players", "Orders", "Journal", "Rounds"):
        assert read_sheet(ledger.path, sheet) == read_sheet(typed.path, sheet), sheet
    assert ledger.balances() == typed.balances()


def test_30_dice_typed_on_a_phone_wait_for_the_banker_even_when_actions_apply_at_once(
    ledger: Ledger,
) -> None:
    ledger("new", "--game", "matador21", "--player", "A", "--player", "B", "--first", "A")
    set_setting(ledger.path, "actions_wait", False)
    chosen = submit(ledger.path, "A", "roll", {"dice": "6,6"}, "a1")
    assert chosen.state == WAITING  # the table saw the throw, the banker takes the word
    assert [r for r in read_sheet(ledger.path, "Turns")[1:] if any(r)] == []
    ledger("reject", str(chosen.n), "--why", "you threw 2,3")
    drawn = submit(ledger.path, "A", "roll", {}, "a2")
    assert drawn.state == DONE  # the seeded dice: nobody's word


def test_30_an_egon_order_sent_for_a_round_is_refused_once_that_round_is_evaluated(
    ledger: Ledger,
) -> None:
    ledger("new", "--game", "egon", "--player", "ABC", "--player", "BOB", "--player", "CAT")
    sent = submit(ledger.path, "ABC", "order", {"code": "x,5,BOB"}, "f1")
    paid = submit(ledger.path, "ABC", "pay", {"to": "BOB", "amount": "5"}, "f2")
    ledger("draw", "--numbers", "1,2,3,4,5,6", "--zz", "7", "--z6", "6")
    ledger("tick")  # round 1 evaluated without it: it must not slip into round 2
    late = ledger("approve", str(sent.n), expect=1).stderr
    assert "moment-passed a player's move is for the moment it was sent" in late
    assert "(sent: before round 1; the books now: after round 1)" in late
    assert orders_of(ledger.path)[1:] == []
    ledger("approve", str(paid.n))  # a payment is not bound to the round


def test_30_an_egon_link_writes_one_order_of_its_own_never_a_file_nor_another_row() -> None:
    """The order form is the game's own `order` spec without what is the game master's:
    `--file` (a file on the banker's computer) and `--delete` (another order's row)."""
    from ledger.app.actions import forms
    from ledger.rules import load_game

    game = load_game("egon")
    (order,) = [f for f in forms(game) if f.kind == "order"]
    names = {f.name for f in order.fields}
    assert "code" in names and "replace" in names
    assert not names & {"file", "delete", "player"}


def test_30_an_egon_order_sent_while_the_workbook_is_open_in_excel_keeps_its_round(
    ledger: Ledger,
) -> None:
    """The banker keeps the workbook open in Excel: the order waits, bound to the round the
    books stood at when it was sent (read as saved), and cannot slip into the next one."""
    ledger("new", "--game", "egon", "--player", "ABC", "--player", "BOB", "--player", "CAT")
    excel = ledger.path.with_name(f"~${ledger.path.name}")
    excel.write_text("the banker")
    sent = submit(ledger.path, "ABC", "order", {"code": "x,5,BOB"}, "f1")
    assert sent.state == WAITING
    excel.unlink()
    ledger("draw", "--numbers", "1,2,3,4,5,6", "--zz", "7", "--z6", "6")
    ledger("tick")
    late = ledger("approve", str(sent.n), expect=1).stderr
    assert "(sent: before round 1; the books now: after round 1)" in late
    assert orders_of(ledger.path)[1:] == []
