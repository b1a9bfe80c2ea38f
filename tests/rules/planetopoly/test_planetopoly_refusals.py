"""Planetopoly: the states of the books each command refuses to act on (docs/commands.md names
these tests), and the defects the machine (test_planetopoly_machine.py) found, each played on
books in memory (tests/memory.py). That a refused command writes nothing to the workbook runs
the real CLI on a real workbook, in each state the refusals here put the books in.
Numbers of the example board: see test_planetopoly_rules.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.conftest import Ledger, add_rows, set_setting
from tests.memory import Table, table

TWO = """
    Players | name | role
            | Ann  | player
            | Bob  | player
"""


def planetopoly(text: str) -> Table:
    """A Planetopoly game in memory from pipe tables."""
    return table(text, game="planetopoly")


def cash(t: Table, name: str) -> str:
    return f"{t.cash(name):.2f}"


# -- §2 the game won ------------------------------------------------------------------------------


def ann_has_won() -> Table:
    """Ann and Bob; Bob has lost (a debt of 500 and nothing to mortgage): Ann has won (§2)."""
    t = planetopoly(TWO)
    t("event Bob --pay 3500")
    return t


@pytest.mark.parametrize("args", [("Ann", "bank", "10"), ("bank", "Ann", "10")])
def test_2_a_won_game_refuses_a_payment(args: tuple[str, ...]) -> None:
    """The machine found `ledger pay` taken after the game was won: §2 the game is over."""
    t = ann_has_won()
    said = t.refusal(f"pay {' '.join(args)}")
    assert "game-over §2: the game is over: Ann is the player left and has won" in said
    assert cash(t, "Ann") == "3000.00"


def test_2_a_won_game_refuses_a_pay_row_of_events() -> None:
    t = ann_has_won()
    t.add_rows("Events", [[None, None, "pay", "bank", "Ann", 10]])
    said = t.refusal("post")
    assert "Events!E2: game-over §2: the game is over" in said, said
    assert cash(t, "Ann") == "3000.00"


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


def _args(command: tuple[str, ...], p: str, q: str) -> str:
    """The command line for player p (and q, another player)."""
    return " ".join(a.format(p=p, q=q) for a in command)


@pytest.mark.parametrize("command", EVERY_COMMAND, ids=lambda c: c[0])
def test_2_a_won_game_refuses_every_command(command: tuple[str, ...]) -> None:
    t = planetopoly(
        """
        Players  | name         | role
                 | Ann          | player
                 | Bob          | player
        Holdings | deed         | owner
                 | lyra-1       | Ann
                 | speed-trap-1 | Bob
        """
    )
    t("event Bob --pay 3500")  # debt 500 > mortgage 400: Bob has lost, Ann has won
    said = t.refusal(_args(command, "Ann", "Bob"))
    assert "game-over §2: the game is over: Ann is the player left and has won" in said


@pytest.mark.parametrize(
    "command", [*EVERY_COMMAND, ("pay", "{p}", "{q}", "1"), ("pay", "{q}", "{p}", "1")]
)
def test_9_a_player_who_has_lost_takes_no_part(command: tuple[str, ...]) -> None:
    """§9: Bob has lost by debt: no command of his, no payment to or from him, and no premium
    of a remote buy for him (the game goes on for Ann and Cy)."""
    t = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
                 | Cy     | player
        Holdings | deed   | owner
                 | lyra-1 | Ann
        """
    )
    t("event Bob --pay 3001")
    args = _args(command, "Bob", "Ann")
    if command[0] == "remote-buy":
        args = _args(command, "Ann", "Bob")  # Bob as the lander
    assert "§9: Bob has lost the game" in t.refusal(args)


@pytest.mark.parametrize("command", EVERY_COMMAND[:4], ids=lambda c: c[0])
def test_10_a_prisoner_makes_no_move(command: tuple[str, ...]) -> None:
    t = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner
                 | lyra-1 | Ann
        """
    )
    t("prison Ann")
    assert "§10: Ann is in prison and may not" in t.refusal(_args(command, "Ann", "Bob"))


def test_10_prison_bail_and_stay_need_the_prison_they_name() -> None:
    t = planetopoly(TWO)
    assert "§10: Ann is not in prison" in t.refusal("bail Ann")
    assert "§10: Ann is not in prison" in t.refusal("stay Ann")
    t("prison Ann")
    assert "§10: Ann is in prison already" in t.refusal("prison Ann")


def test_10_the_fine_is_paid_in_cash_not_lent() -> None:
    t = planetopoly(TWO)
    t("event Ann --pay 2500")
    t("prison Ann")
    said = t.refusal("bail Ann")  # 500 in cash, the fine 600: Ann stays or sells
    assert "§10: Ann has 500.00 MU and cannot pay 600.00 for the fine" in said
    t("stay Ann")
    t("bail Ann")  # the second turn: 400
    assert cash(t, "Ann") == "100.00"


def test_5_a_deed_is_bought_once() -> None:
    t = planetopoly(
        """
        Players  | name         | role
                 | Ann          | player
                 | Bob          | player
        Holdings | deed         | owner
                 | lyra-1       | Ann
                 | speed-trap-1 | Ann
        """
    )
    assert "§5: Lyra 1 belongs to Ann" in t.refusal("buy Ann lyra-1")
    assert "§5: Lyra 1 belongs to Ann" in t.refusal("buy Bob lyra-1")
    assert "§6: Speed trap 1 belongs to Ann" in t.refusal("buy Bob speed-trap-1")


def test_9_a_purchase_is_not_lent() -> None:
    """§9: the bank lends the shortfall of what a player must pay; a purchase is a choice."""
    t = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner | points
                 | lyra-1 | Ann   | 0
                 | lyra-2 | Ann   | 0
        """
    )
    t("event Ann --pay 2900")  # 100 left
    assert "§5: Ann has 100.00 MU and cannot pay 600.00" in t.refusal("buy Ann lyra-3")
    assert "cannot-afford" in t.refusal("build Ann lyra-1")
    said = t.refusal("remote-buy Ann lyra-3 --lander Bob")
    assert "§8: Ann has 100.00 MU and cannot pay 800.00 for Lyra 3 and the premium" in said
    assert status_owns(t, "Ann") == {"lyra-1": 0, "lyra-2": 0}


def status_owns(t: Table, name: str) -> dict[str, int]:
    """What a player owns, as `ledger status --json` has it (deed -> support points)."""
    owns: dict[str, int] = t.books.game.status(t.books)["players"][name]["owns"]
    return owns


def test_9_no_remote_buy_while_in_debt() -> None:
    t = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner
                 | lyra-1 | Ann
                 | lyra-2 | Ann
        """
    )
    t("event Ann --pay 3100")  # a debt of 100 <= the mortgage value 600
    said = t.refusal("remote-buy Ann lyra-3 --lander Bob")
    assert "§9: Ann owes the bank 100.00 MU and may not buy anything" in said


def test_5_support_points_only_on_ones_own_plots() -> None:
    t = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner
                 | lyra-1 | Ann
        """
    )
    assert "§5: Bob does not own Lyra 1" in t.refusal("build Bob lyra-1")
    assert "§5: Ann does not own Lyra 2" in t.refusal("build Ann lyra-2")


def test_5_rent_is_owed_to_another_owner() -> None:
    t = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner
                 | lyra-1 | Ann
        """
    )
    assert "§5: nobody owns Lyra 2: no rent" in t.refusal("rent Bob lyra-2")
    assert "§5: Ann owns Lyra 1" in t.refusal("rent Ann lyra-1")


def test_8_a_remote_buy_is_of_a_plot_another_player_landed_on() -> None:
    t = planetopoly(
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
    said = t.refusal("remote-buy Ann lyra-3 --lander Ann")
    assert "§8: a remote buy pays its premium to another player" in said
    said = t.refusal("remote-buy Ann speed-trap-2 --lander Bob")
    assert "§6: a speed trap gives no claim and cannot be bought remotely" in said
    said = t.refusal("remote-buy Ann lyra-2 --lander Bob --points 1")
    assert "§5: Ann bought Lyra 2 this turn" in said
    said = t.refusal("remote-buy Ann lyra-1 --lander Bob --points 2")
    assert "§5: a player who owns two plots of a planet may have two support points" in said
    said = t.refusal("remote-buy Ann lyra-3 --lander Bob --points 1")
    assert "§5: support points on a new plot only at the next opportunity" in said


def test_9_a_sale_is_of_ones_own_deed_its_points_first() -> None:
    t = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner | points
                 | lyra-1 | Ann   | 1
        """
    )
    assert "§9: Bob does not own Lyra 1" in t.refusal("sell Bob lyra-1")
    assert "§9: Lyra 1 has 1 support points: sell them first" in t.refusal("sell Ann lyra-1")
    said = t.refusal("sell Ann lyra-1 --points 2")
    assert "§9: Lyra 1 has 1 support points, not 2" in said


# -- what the machine found in the banker's own cards and settings ----------------------------------


@pytest.mark.parametrize("key", ["bail_first_turn", "pass_start", "exact_start_bonus"])
def test_10_a_fine_or_start_money_below_zero_is_no_setting(key: str) -> None:
    """The machine found a fine of -5 typed in Settings taken: `bail` paid the prisoner 5."""
    t = planetopoly(TWO)
    t.set_setting(key, -5)
    said = t.check()  # an error, not a warning: `ledger check` exits 1
    assert f"bad-setting {key} cannot be negative (-5" in said
    assert "bad-setting" in t.refusal("prison Ann")


@pytest.mark.parametrize("stays", [0, -1])
def test_10_a_sentence_of_no_stays_is_no_setting(stays: int) -> None:
    """prison_stays 0 served the sentence on the way in (bail for free at once)."""
    t = planetopoly(TWO)
    t.set_setting("prison_stays", stays)
    assert "bad-setting prison_stays must be 1 or more" in t.refusal("prison Ann")


def test_8_a_card_without_a_premium_posts_no_premium() -> None:
    """The machine found a premium of 0.00 posted, Ann to Bob, for a card that prints none."""
    t = planetopoly(
        """
        Players  | name   | role
                 | Ann    | player
                 | Bob    | player
        Holdings | deed   | owner
                 | lyra-1 | Ann
        """
    )
    t.edit_cells({"Deeds!S3": 0})  # lyra-2's premium
    run = t("remote-buy Ann lyra-2 --lander Bob")
    assert "Ann buys Lyra 2 remotely for 600.00 MU (§8); no premium on its card" in run
    kinds = [r["kind"] for r in t.journal()]
    assert kinds[-1] == "buy" and "premium" not in kinds


@pytest.mark.parametrize(
    ("key", "command"),
    [("pass_start", ("start", "Ann")), ("bail_first_turn", ("bail", "Ann"))],
)
def test_3_10_an_amount_of_nothing_posts_nothing(key: str, command: tuple[str, ...]) -> None:
    """A house rule of 0 (no start money, no fine) moves no money and posts no 0.00."""
    t = planetopoly(TWO)
    t.set_setting(key, 0)
    if command[0] == "bail":
        t("prison Ann")
    before = len(t.journal())
    t(" ".join(command))
    assert len(t.journal()) == before
    assert cash(t, "Ann") == "3000.00"


# -- what only the command does: a refusal writes nothing to the workbook ----------------------------

HOLDING = """
    Players  | name   | role
             | Ann    | player
             | Bob    | player
             | Cy     | player
    Holdings | deed   | owner
             | lyra-1 | Ann
"""

#: A state of the books each kind of refusal above stands in, the command it refuses and what
#: it says: (the sheets, the commands before, the settings typed, the command, the words).
ON_FILE: dict[str, tuple[str, list[str], dict[str, Any], str, str]] = {
    "game-won": (TWO, ["event Bob --pay 3500"], {}, "pay Ann bank 10", "game-over §2"),
    "game-won-post": (TWO, ["event Bob --pay 3500"], {}, "post", "Events!E2: game-over §2"),
    "player-lost": (HOLDING, ["event Bob --pay 3001"], {}, "pay Bob Ann 1", "§9: Bob has lost"),
    "in-prison": (HOLDING, ["prison Ann"], {}, "build Ann lyra-1", "§10: Ann is in prison"),
    "bad-setting": (TWO, [], {"prison_stays": 0}, "prison Ann", "bad-setting prison_stays"),
}


@pytest.fixture
def on_file(workbook: Any) -> Callable[[str], Ledger]:
    def build(text: str) -> Ledger:
        return workbook(text, game="planetopoly")  # type: ignore[no-any-return]

    return build


@pytest.mark.parametrize("scene", sorted(ON_FILE))
def test_a_refused_command_writes_nothing(on_file: Callable[[str], Ledger], scene: str) -> None:
    """`ledger` refuses with exit code 1, says that nothing was written and leaves the
    workbook's bytes as they were (a pay row of Events refused on `post` too)."""
    text, before, settings, line, words = ON_FILE[scene]
    book = on_file(text)
    for command in before:
        book(*command.split())
    for key, value in settings.items():
        set_setting(book.path, key, value)
    if line == "post":
        add_rows(book.path, "Events", [[None, None, "pay", "bank", "Ann", 10]])
    kept = book.path.read_bytes()
    run = book(*line.split(), expect=1)
    assert "nothing was written" in run.stderr, run.stderr
    assert words in run.stderr, run.stderr
    assert book.path.read_bytes() == kept
