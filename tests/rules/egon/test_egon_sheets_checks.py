"""What the game master types in the Egon sheets, through the real CLI: the traders' prices
as they stand when the round is evaluated (6.2.1), and input that cannot be right named by
its cell or argument before anything is evaluated."""

from __future__ import annotations

from tests.conftest import Ledger, add_rows, edit_cells


def egon(ledger: Ledger) -> Ledger:
    ledger("new", "--game", "egon", "--player", "AAA", "--player", "BBB")
    return ledger


def test_6_2_1_maxpreis_is_the_highest_trader_price_typed_after_the_draw_too(
    ledger: Ledger,
) -> None:
    """ "Maxpreis ist der höchste Preis, der in dieser Runde von einem Händler auf dem Markt
    für einen Stein verlangt wurde": the Traders sheet when the round is evaluated."""
    egon(ledger)
    ledger("order", "AAA", "i,1")
    ledger("draw", "--numbers", "1,2,3,4,5,6", "--zz", "7", "--z6", "6")
    add_rows(ledger.path, "Traders", [[1, "Alois", 10, 120, 0], [1, "Bolle", 5, 90, 0]])
    ledger("tick")
    imports = [t for t in ledger("journal", "--json").json() if t["rule"] == "6.2.1"]
    assert [p["amount"] for t in imports for p in t["postings"]] == ["-124.00", "124.00"]
    assert "Maxpreis 120.00 + 4 x 1^2 = 124.00 Kj" in imports[0]["memo"]


def test_6_2_1_a_negative_maxpreis_is_refused_naming_the_argument_or_the_cell(
    ledger: Ledger,
) -> None:
    egon(ledger)
    run = ledger(
        "draw", "--numbers", "1,2,3,4,5,6", "--zz", "7", "--z6", "6", "--max-price", "-5", expect=1
    )
    assert "--max-price: bad-amount" in run.stderr and "nothing was written" in run.stderr
    ledger("draw", "--numbers", "1,2,3,4,5,6", "--zz", "7", "--z6", "6")
    edit_cells(ledger.path, {"Rounds!F2": -5})
    run = ledger("check", expect=1)
    assert "Rounds!F2: bad-amount" in run.stdout


def test_an_order_of_a_player_who_is_out_is_refused(ledger: Ledger) -> None:
    egon(ledger)
    ledger("order", "AAA", "v")
    edit_cells(ledger.path, {"Players!G2": "ausgeschieden"})  # AAA out (past 10,000 Kj of debt)
    run = ledger("check")  # a warning, so that `ledger order --delete 2` can remove it
    assert "Orders!B2: player-out (warning) AAA is out of the game (ausgeschieden)" in run.stdout
    ledger("draw", "--numbers", "1,2,3,4,5,6", "--zz", "7", "--z6", "6")
    assert "Orders!B2: player-out" in ledger("tick", expect=1).stderr  # refused by the tick
    run = ledger("order", "AAA", "f,900", expect=1)
    assert "player-out" in run.stderr and "gives no orders" in run.stderr


def test_6_2_1_a_maxpreis_below_a_traders_price_of_the_round_is_refused(ledger: Ledger) -> None:
    egon(ledger)
    add_rows(ledger.path, "Traders", [[1, "Alois", 10, 120, 0]])
    draw = ("draw", "--numbers", "1,2,3,4,5,6", "--zz", "7", "--z6", "6")
    run = ledger(*draw, "--max-price", "100", expect=1)
    assert "--max-price: bad-amount Maxpreis 100.00 is below what Alois asked" in run.stderr
    ledger(*draw, "--max-price", "130")  # a trader not in the sheet asked more: taken
