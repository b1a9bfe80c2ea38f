"""Issue 36, item 4: a lottery win of several shares says the total as well as the share."""

from decimal import Decimal

from tests.rules.egon.test_egon_phase1 import by, draw, game, phase1

D = Decimal


def test_issue36_several_wins_of_a_class_say_their_total() -> None:
    # Z6 = 12, ticket 21: both digits in the wrong place, 2 x C; C jackpot 800 / 2 = 400 a
    # win, 800 in all.
    r = phase1(game(), "AAA: l,21", d=draw(z6=12))
    (win,) = by(r.effects, "AAA", "5.4.5")
    assert "2 x C (400.00 Kj each, 800.00 Kj in all)" in win.text
    assert win.kj == D(800)


def test_issue36_one_win_of_a_class_says_its_amount_once() -> None:
    # Ticket 17 on Z6 17: one A, one B, one C (shares capped at 2000, 1000, 500).
    r = phase1(game(), "AAA: l,17")
    (win,) = by(r.effects, "AAA", "5.4.5")
    assert "1 x A (2000.00 Kj), 1 x B (1000.00 Kj), 1 x C (500.00 Kj)" in win.text
