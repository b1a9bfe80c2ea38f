"""A whole game of Planetopoly for four players through the CLI on a real workbook (claims,
building up to a space base, remote buys with premiums, a sale, a debt repaid from income, an
elimination by debt, a prisoner who stays twice and pays 200), most of it typed as Events rows
(pipe tables, tests/pipe_tables.py) and posted, and a property test of the
engine: money conserved (players + bank + loans), no deed with two owners, no build that breaks
§5 accepted, the risk table equal to the formula.

Example board: Lyra 1-3 cost 600, a support point 300, rent 1200 with a station, 3000 with a
space base, premium 200; Vega 1000 (sells for 500, mortgage 500); speed trap 800 (mortgage 400).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.core.checks import run_checks
from ledger.core.start import new_books
from ledger.rules.planetopoly import rules, tables
from ledger.rules.planetopoly.game import GAME
from ledger.rules.planetopoly.sheets import board_of
from tests.conftest import Ledger, rows
from tests.pipe_tables import type_rows
from tests.rules.planetopoly.test_planetopoly_rules import risk_formula


def cash(ledger: Ledger) -> dict[str, str]:
    return dict(ledger("balance", "--json").json()["players"])


def test_a_whole_game_for_four_players(workbook: Any) -> None:
    book = workbook(
        """
        Players | name | role
                | Ann  | player
                | Bob  | player
                | Cy   | player
                | Dan  | player
        """,
        game="planetopoly",
    )
    book("buy", "Ann", "lyra-1")  # Ann 3000 - 600 = 2400
    run = book("buy", "Bob", "lyra-2", expect=1)  # §5: Ann claims Lyra
    assert "§5: Ann owns a plot of Lyra" in run.stderr
    type_rows(
        book,
        """
        Events | id  | type       | player | to  | args
               | E0  | remote-buy | Ann    | Bob | lyra-2             # Ann 2400 - 600 - 200 = 1600; Bob 3200
               | E1  | buy        | Cy     |     | speed-trap-1       # Cy 3000 - 800 = 2200
               | E2  | remote-buy | Ann    | Dan | lyra-3             # Ann 1600 - 800 = 800; Dan 3200
               | E3  | risk       | Dan    |     | --dice 6,6         # 12 × 50: Dan 3800
               | E4  | start      | Ann    |     | --exact            # Ann 800 + 1200 = 2000
               | E5  | build      | Ann    |     | lyra-2             # Ann 1700
               | E6  | build      | Ann    |     | lyra-3             # Ann 1400
               | E7  | build      | Ann    |     | lyra-1 --points 3  # a space station: Ann 1400 - 900 = 500
               | E8  | rent       | Bob    |     | lyra-1             # 1200: Bob 2000, Ann 1700
               | E9  | rent       | Dan    |     | lyra-1             # 1200: Dan 2600, Ann 2900
               | E10 | build      | Ann    |     | lyra-2 --points 2  # Ann 2300
               | E11 | build      | Ann    |     | lyra-3 --points 2  # Ann 1700
               | E12 | start      | Ann    |     |                    # Ann 2700
               | E13 | build      | Ann    |     | lyra-1 --points 6  # a space base: Ann 2700 - 1800 = 900
        """,
    )
    book("post")
    assert book("status", "--json").json()["players"]["Ann"]["owns"] == {
        "lyra-1": 9,
        "lyra-2": 3,
        "lyra-3": 3,
    }
    assert cash(book) == {"Ann": "900.00", "Bob": "2000.00", "Cy": "2200.00", "Dan": "2600.00"}
    book("buy", "Bob", "vega-1")  # Bob 1000
    book("rent", "Bob", "lyra-2")  # a station: 1200; Bob has 1000, borrows 200; Ann 2100
    bob = book("status", "--json").json()["players"]["Bob"]
    assert (bob["cash"], bob["debt"]) == ("0.00", "200.00")  # 200 <= Vega 1's mortgage 500
    run = book("buy", "Bob", "vega-2", expect=1)
    assert "§9: Bob owes the bank 200.00 MU" in run.stderr
    type_rows(
        book,
        """
        Events | id  | type   | player | args
               | E14 | start  | Bob    |               # 1000 in, 200 repay the debt: Bob 800
               | E15 | sell   | Bob    | vega-1        # the sale value 500: Bob 1300
               | E16 | prison | Cy     |
               | E17 | stay   | Cy     |
               | E18 | stay   | Cy     |
               | E19 | bail   | Cy     |               # the third turn: 200; Cy 2000
               | E20 | rent   | Cy     | lyra-1        # a space base: 3000; Cy borrows 1000 > mortgage 400
               | E21 | buy    | Dan    | speed-trap-1  # back with the bank: Dan 2600 - 800 = 1800
        """,
    )
    book("post")
    assert all(e["posted"] for e in rows(book.path, "Events"))
    players = book("status", "--json").json()["players"]
    assert players["Cy"]["out"] is True and players["Cy"]["owns"] == {}
    assert players["Dan"]["owns"] == {"speed-trap-1": 0}
    data = book("balance", "--json").json()
    assert data["players"] == {"Ann": "5100.00", "Bob": "1300.00", "Cy": "0.00", "Dan": "1800.00"}
    # the bank: -12000 opening, +2600 deeds, -600 risk, -2200 starts, +4500 points (15 × 300), +1000 Vega,
    # -1000 Bob's start, -500 sale, +200 fine, -1000 Cy's debt written off, +800 speed trap
    assert data["accounts"]["bank"] == "-8200.00"
    assert data["accounts"]["loan:Bob"] == data["accounts"]["loan:Cy"] == "0.00"
    report = book("report", "game", "--format", "text").stdout
    report = report[report.index("Standings") :]
    # net worth: Ann 5100 + 3 × 300 + 15 × 150 = 8250, Dan 1800 + 400, Bob 1300, Cy out
    assert "8,250.00" in report
    assert report.index("Ann") < report.index("Dan") < report.index("Bob") < report.index("Cy")
    book("check")


# -- the property test ----------------------------------------------------------------------------

NAMES = ("Ann", "Bob", "Cy")
DEEDS = [d.key for d in board_of(new_books(GAME, list(NAMES), None, 1)).deeds]
DIE = st.integers(1, 6)
COMMAND = st.one_of(
    st.tuples(st.just("start"), st.sampled_from(NAMES), st.booleans()),
    st.tuples(st.just("risk"), st.sampled_from(NAMES), DIE, DIE),
    st.tuples(st.just("buy"), st.sampled_from(NAMES), st.sampled_from(DEEDS)),
    st.tuples(st.just("build"), st.sampled_from(NAMES), st.sampled_from(DEEDS), st.integers(1, 9)),
    st.tuples(st.just("rent"), st.sampled_from(NAMES), st.sampled_from(DEEDS), DIE, DIE),
    st.tuples(
        st.just("remote-buy"),
        st.sampled_from(NAMES),
        st.sampled_from(DEEDS),
        st.sampled_from(NAMES),
    ),
    st.tuples(st.just("sell"), st.sampled_from(NAMES), st.sampled_from(DEEDS), st.integers(0, 3)),
    st.tuples(st.just("event"), st.sampled_from(NAMES), st.integers(1, 4000)),
    st.tuples(st.sampled_from(("prison", "bail", "stay")), st.sampled_from(NAMES)),
)


def _given(command: tuple[Any, ...]) -> dict[str, Any]:
    name, player, *rest = command
    out: dict[str, Any] = {"player": player}
    if name == "start" and rest[0]:
        out["exact"] = True
    elif name == "risk":
        out["dice"] = f"{rest[0]},{rest[1]}"
    elif name in ("buy", "build", "rent", "remote-buy", "sell"):
        out["deed"] = rest[0]
        if name == "build":
            out["points"] = str(rest[1])
        elif name == "rent":
            out["dice"] = f"{rest[1]},{rest[2]}"
        elif name == "remote-buy":
            out["lander"] = rest[1]
        elif name == "sell" and rest[1]:
            out["points"] = str(rest[1])
    elif name == "event":
        out["pay" if rest[0] % 2 else "receive"] = str(rest[0])
    return out


@settings(max_examples=60, deadline=None)
@given(st.lists(COMMAND, min_size=1, max_size=40))
def test_property_money_conserved_one_owner_and_section_5_kept(commands: list[Any]) -> None:
    books = new_books(GAME, list(NAMES), None, 1)
    for command in commands:
        board = board_of(books)
        before = {h.deed: h.points for h in board.holdings}
        GAME.apply(books, command[0], _given(command), {}, "test")
        board = board_of(books)
        # money: every account sums to zero, so players + bank + loans = 0
        assert books.journal.total().amount == 0
        for p in books.players:
            assert books.player_cash(p).amount >= 0
            assert books.journal.balance(f"loan:{p.name}").amount <= 0
        # one owner a deed, one owner a planet, §5's limits on every planet
        keys = [h.deed for h in board.holdings]
        assert len(keys) == len(set(keys))
        for planet in {d.planet for d in board.deeds if d.is_plot}:
            owner = rules.claimant(board, planet)
            plots = {d.key for d in board.planet_plots(planet)}
            assert {h.owner for h in board.holdings if h.deed in plots} <= {owner}
            if owner:
                assert rules.limit_breaches(rules.planet_points(board, planet, owner)) == []
        # a build never lowers points, a debtor never gains a deed
        if command[0] == "build":
            assert all(
                board.holding(k) is None or board.holding(k).points >= v for k, v in before.items()
            )  # type: ignore[union-attr]
        assert not [x for x in run_checks(books) if x.is_error]
    out = [p for p in books.players if p.get("out") is True]
    for p in out:
        assert board_of(books).owned_by(p.name) == []
        assert books.journal.balance(f"loan:{p.name}").amount == Decimal(0)


def test_property_risk_table_equals_the_formula() -> None:
    @given(DIE, DIE)
    def cell(a: int, b: int) -> None:
        assert tables.RISK[a - 1][b - 1] == risk_formula(a, b)

    cell()
