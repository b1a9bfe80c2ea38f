"""Planetopoly: the states of the books each command refuses to act on (docs/commands.md names
these tests), and the defects the machine (test_planetopoly_machine.py) found, each through the
real CLI on a real workbook. Numbers of the example board: see test_planetopoly_rules.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.conftest import Ledger, add_rows, edit_cells, set_setting

Table = Callable[[str], Ledger]

TWO = """
    Players | name | role
            | Ann  | player
            | Bob  | player
"""


@pytest.fixture
def planetopoly(workbook: Any) -> Table:
    def build(text: str) -> Ledger:
        return workbook(text, game="planetopoly")  # type: ignore[no-any-return]

    return build


def refused(book: Ledger, *args: str) -> str:
    """The command is refused, nothing is written, and the message is returned."""
    before = book.path.read_bytes()
    run = book(*args, expect=1)
    assert "nothing was written" in run.stderr, run.stderr
    assert book.path.read_bytes() == before
    return run.stderr


def cash(book: Ledger, name: str) -> str:
    return str(book("balance", "--json").json()["players"][name])


# -- §2 the game won ------------------------------------------------------------------------------


@pytest.fixture
def ann_has_won(planetopoly: Table) -> Ledger:
    """Ann and Bob; Bob has lost (a debt of 500 and nothing to mortgage): Ann has won (§2)."""
    book = planetopoly(TWO)
    book("event", "Bob", "--pay", "3500")
    return book


@pytest.mark.parametrize("args", [("Ann", "bank", "10"), ("bank", "Ann", "10")])
def test_2_a_won_game_refuses_a_payment(ann_has_won: Ledger, args: tuple[str, ...]) -> None:
    """The machine found `ledger pay` taken after the game was won: §2 the game is over."""
    said = refused(ann_has_won, "pay", *args)
    assert "game-over §2: the game is over: Ann is the player left and has won" in said
    assert cash(ann_has_won, "Ann") == "3000.00"


def test_2_a_won_game_refuses_a_pay_row_of_events(ann_has_won: Ledger) -> None:
    add_rows(ann_has_won.path, "Events", [[None, None, "pay", "bank", "Ann", 10]])
    run = ann_has_won("post", expect=1)
    assert "Events!E2: game-over §2: the game is over" in run.stderr, run.stderr
    assert cash(ann_has_won, "Ann") == "3000.00"


EVERY_COMMAND = (
    ("start", "{p}"),
    ("risk", "{p}", "--dice", "2,4"),
    ("buy", "{p}", "vega-1"),
    ("build", "{p}", "lyra-1"),
    ("rent", "{p}", "speed-trap-1", "--dice", "3,3"),
    ("remote-buy", "{p}", "lyra-2", "--lander", "{q}"),
    ("sell", "{p}", "lyra-1"),
    ("event", "{p}", "--receive", "100"),
    ("prison", "{p}"),
    ("bail", "{p}"),
    ("stay", "{p}"),
)


def _args(command: tuple[str, ...], p: str, q: str) -> list[str]:
    return [a.format(p=p, q=q) for a in command]


@pytest.mark.parametrize("command", EVERY_COMMAND, ids=lambda c: c[0])
def test_2_a_won_game_refuses_every_command(planetopoly: Table, command: tuple[str, ...]) -> None:
    book = planetopoly(
        """
        Players  | name         | role
                 | Ann          | player
                 | Bob          | player
        Holdings | deed         | owner
                 | lyra-1       | Ann
                 | speed-trap-1 | Bob
        """
    )
    book("event", "Bob", "--pay", "3500")  # debt 500 > mortgage 400: Bob has lost, Ann has won
    said = refused(book, *_args(command, "Ann", "Bob"))
    assert "game-over §2: the game is over: Ann is the player left and has won" in said


@pytest.mark.parametrize(
    "command", [*EVERY_COMMAND, ("pay", "{p}", "{q}", "1"), ("pay", "{q}", "{p}", "1")]
)
def test_9_a_player_who_has_lost_takes_no_part(
    planetopoly: Table, command: tuple[str, ...]
) -> None:
    """§9: Bob has lost by debt: no command of his, no payment to or from him, and no premium
    of a remote buy for him (the game goes on for Ann and Cy)."""
    book = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
                 | Cy     | player
        Holdings | deed   | owner
                 | lyra-1 | Ann
        """
    )
    book("event", "Bob", "--pay", "3001")
    args = _args(command, "Bob", "Ann")
    if command[0] == "remote-buy":
        args = _args(command, "Ann", "Bob")  # Bob as the lander
    assert "§9: Bob has lost the game" in refused(book, *args)


@pytest.mark.parametrize("command", EVERY_COMMAND[:4], ids=lambda c: c[0])
def test_10_a_prisoner_makes_no_move(planetopoly: Table, command: tuple[str, ...]) -> None:
    book = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner
                 | lyra-1 | Ann
        """
    )
    book("prison", "Ann")
    assert "§10: Ann is in prison and may not" in refused(book, *_args(command, "Ann", "Bob"))


def test_10_prison_bail_and_stay_need_the_prison_they_name(planetopoly: Table) -> None:
    book = planetopoly(TWO)
    assert "§10: Ann is not in prison" in refused(book, "bail", "Ann")
    assert "§10: Ann is not in prison" in refused(book, "stay", "Ann")
    book("prison", "Ann")
    assert "§10: Ann is in prison already" in refused(book, "prison", "Ann")


def test_10_the_fine_is_paid_in_cash_not_lent(planetopoly: Table) -> None:
    book = planetopoly(TWO)
    book("event", "Ann", "--pay", "2500")
    book("prison", "Ann")
    said = refused(book, "bail", "Ann")  # 500 in cash, the fine 600: Ann stays or sells
    assert "§10: Ann has 500.00 MU and cannot pay 600.00 for the fine" in said
    book("stay", "Ann")
    book("bail", "Ann")  # the second turn: 400
    assert cash(book, "Ann") == "100.00"


def test_5_a_deed_is_bought_once(planetopoly: Table) -> None:
    book = planetopoly(
        """
        Players  | name         | role
                 | Ann          | player
                 | Bob          | player
        Holdings | deed         | owner
                 | lyra-1       | Ann
                 | speed-trap-1 | Ann
        """
    )
    assert "§5: Lyra 1 belongs to Ann" in refused(book, "buy", "Ann", "lyra-1")
    assert "§5: Lyra 1 belongs to Ann" in refused(book, "buy", "Bob", "lyra-1")
    assert "§6: Speed trap 1 belongs to Ann" in refused(book, "buy", "Bob", "speed-trap-1")


def test_9_a_purchase_is_not_lent(planetopoly: Table) -> None:
    """§9: the bank lends the shortfall of what a player must pay; a purchase is a choice."""
    book = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner | points
                 | lyra-1 | Ann   | 0
                 | lyra-2 | Ann   | 0
        """
    )
    book("event", "Ann", "--pay", "2900")  # 100 left
    assert "§5: Ann has 100.00 MU and cannot pay 600.00" in refused(book, "buy", "Ann", "lyra-3")
    assert "cannot-afford" in refused(book, "build", "Ann", "lyra-1")
    said = refused(book, "remote-buy", "Ann", "lyra-3", "--lander", "Bob")
    assert "§8: Ann has 100.00 MU and cannot pay 800.00 for Lyra 3 and the premium" in said
    assert status_owns(book, "Ann") == {"lyra-1": 0, "lyra-2": 0}


def status_owns(book: Ledger, name: str) -> dict[str, int]:
    owns: dict[str, int] = book("status", "--json").json()["players"][name]["owns"]
    return owns


def test_9_no_remote_buy_while_in_debt(planetopoly: Table) -> None:
    book = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner
                 | lyra-1 | Ann
                 | lyra-2 | Ann
        """
    )
    book("event", "Ann", "--pay", "3100")  # a debt of 100 <= the mortgage value 600
    said = refused(book, "remote-buy", "Ann", "lyra-3", "--lander", "Bob")
    assert "§9: Ann owes the bank 100.00 MU and may not buy anything" in said


def test_5_support_points_only_on_ones_own_plots(planetopoly: Table) -> None:
    book = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner
                 | lyra-1 | Ann
        """
    )
    assert "§5: Bob does not own Lyra 1" in refused(book, "build", "Bob", "lyra-1")
    assert "§5: Ann does not own Lyra 2" in refused(book, "build", "Ann", "lyra-2")


def test_5_rent_is_owed_to_another_owner(planetopoly: Table) -> None:
    book = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner
                 | lyra-1 | Ann
        """
    )
    assert "§5: nobody owns Lyra 2: no rent" in refused(book, "rent", "Bob", "lyra-2")
    assert "§5: Ann owns Lyra 1" in refused(book, "rent", "Ann", "lyra-1")


def test_8_a_remote_buy_is_of_a_plot_another_player_landed_on(planetopoly: Table) -> None:
    book = planetopoly(
        """
        Players  | name         | role
                 | Ann          | player
                 | Bob          | player
        Holdings | deed         | owner | points | new
                 | lyra-1       | Ann   | 1      |
                 | lyra-2       | Ann   | 0      | yes
                 | speed-trap-1 | Ann   | 0      |
        """
    )
    said = refused(book, "remote-buy", "Ann", "lyra-3", "--lander", "Ann")
    assert "§8: a remote buy pays its premium to another player" in said
    said = refused(book, "remote-buy", "Ann", "speed-trap-2", "--lander", "Bob")
    assert "§6: a speed trap gives no claim and cannot be bought remotely" in said
    said = refused(book, "remote-buy", "Ann", "lyra-2", "--lander", "Bob", "--points", "1")
    assert "§5: Ann bought Lyra 2 this turn" in said
    said = refused(book, "remote-buy", "Ann", "lyra-1", "--lander", "Bob", "--points", "2")
    assert "§5: a player who owns two plots of a planet may have two support points" in said
    said = refused(book, "remote-buy", "Ann", "lyra-3", "--lander", "Bob", "--points", "1")
    assert "§5: support points on a new plot only at the next opportunity" in said


def test_9_a_sale_is_of_ones_own_deed_its_points_first(planetopoly: Table) -> None:
    book = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner | points
                 | lyra-1 | Ann   | 1
        """
    )
    assert "§9: Bob does not own Lyra 1" in refused(book, "sell", "Bob", "lyra-1")
    assert "§9: Lyra 1 has 1 support points: sell them first" in refused(
        book, "sell", "Ann", "lyra-1"
    )
    said = refused(book, "sell", "Ann", "lyra-1", "--points", "2")
    assert "§9: Lyra 1 has 1 support points, not 2" in said


# -- what the machine found in the banker's own cards and settings ----------------------------------


@pytest.mark.parametrize("key", ["bail_first_turn", "pass_start", "exact_start_bonus"])
def test_10_a_fine_or_start_money_below_zero_is_no_setting(planetopoly: Table, key: str) -> None:
    """The machine found a fine of -5 typed in Settings taken: `bail` paid the prisoner 5."""
    book = planetopoly(TWO)
    set_setting(book.path, key, -5)
    run = book("check", expect=1)
    assert f"bad-setting {key} cannot be negative (-5" in run.stdout + run.stderr
    assert "bad-setting" in refused(book, "prison", "Ann")


@pytest.mark.parametrize("stays", [0, -1])
def test_10_a_sentence_of_no_stays_is_no_setting(planetopoly: Table, stays: int) -> None:
    """prison_stays 0 served the sentence on the way in (bail for free at once)."""
    book = planetopoly(TWO)
    set_setting(book.path, "prison_stays", stays)
    assert "bad-setting prison_stays must be 1 or more" in refused(book, "prison", "Ann")


def test_8_a_card_without_a_premium_posts_no_premium(planetopoly: Table) -> None:
    """The machine found a premium of 0.00 posted, Ann to Bob, for a card that prints none."""
    book = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner
                 | lyra-1 | Ann
        """
    )
    edit_cells(book.path, {"Deeds!S3": 0})  # lyra-2's premium
    run = book("remote-buy", "Ann", "lyra-2", "--lander", "Bob")
    assert "Ann buys Lyra 2 remotely for 600.00 MU (§8); no premium on its card" in run.stdout
    kinds = [t["kind"] for t in book("journal", "--json").json()]
    assert kinds[-1] == "buy" and "premium" not in kinds


@pytest.mark.parametrize(
    ("key", "command"),
    [("pass_start", ("start", "Ann")), ("bail_first_turn", ("bail", "Ann"))],
)
def test_3_10_an_amount_of_nothing_posts_nothing(
    planetopoly: Table, key: str, command: tuple[str, ...]
) -> None:
    """A house rule of 0 (no start money, no fine) moves no money and posts no 0.00."""
    book = planetopoly(TWO)
    set_setting(book.path, key, 0)
    if command[0] == "bail":
        book("prison", "Ann")
    before = len(book("journal", "--json").json())
    book(*command)
    assert len(book("journal", "--json").json()) == before
    assert cash(book, "Ann") == "3000.00"
