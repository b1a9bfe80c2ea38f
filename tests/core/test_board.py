"""The steps the board games share (ledger/core/board.py, issue 29): buy a deed from the bank,
pay a rent or a tax (one who cannot pay it all pays all they have, and the game's own rule takes
the shortfall), the bank's loan of exactly the shortfall, and a player out whose deeds go back to
the bank. Each step runs through both games' real CLI on real workbooks where both games have
it: the 21-field game (../shared/rules/matador21.da.txt; its default board: 4 Cold Desert
3000/700, 10 Tower 6000/3200, 11 Castle 8000/4000, 16 Goldmine pay 2000) and Planetopoly
(../shared/rules/planetopoly.txt; the example board: Lyra plots 600, toll stations mortgage
400). Then the arithmetic of a payment and of putting a player out, on books of no game.
"""

from __future__ import annotations

import ast
from decimal import Decimal
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from ledger.core import board as steps
from ledger.core import board_table, board_turn
from ledger.core.books import BANK, Books, Game, Player
from ledger.core.journal import Journal
from ledger.core.settings import Settings
from tests.conftest import ROOT, Ledger, rows
from tests.pipe_tables import workbook


def matador(tmp: Path, a: int = 1, owners: str = "") -> Ledger:
    """A and B on the 21-field game's default board, A on field `a` and to play; owners: lines
    `| 11 | Castle | B`."""
    block = f"""
    Players | name | role   | colour | field | out | order
            | A    | player | red    | {a}   | no  | 1
            | B    | player | blue   | 1     | no  | 2
            | C    | player | green  | 1     | no  | 3
    """
    if owners:
        block += "Owners | field | name | owner\n" + owners
    return workbook(_folder(tmp, "matador21"), block, game="matador21", players=("A", "B", "C"))


def planetopoly(tmp: Path, holdings: str = "") -> Ledger:
    """Ann, Bob and Cy with 3000 MU each; holdings: lines `| lyra-1 | Ann | 3`."""
    block = """
    Players  | name | role
             | Ann  | player
             | Bob  | player
             | Cy   | player
    """
    if holdings:
        block += "Holdings | deed | owner | points\n" + holdings
    return workbook(_folder(tmp, "planetopoly"), block, game="planetopoly")


def _folder(tmp: Path, game: str) -> Path:
    """Each game's workbook in a folder of its own."""
    folder = tmp / game
    folder.mkdir()
    return folder


def journal(book: Ledger) -> list[dict[str, Any]]:
    """The journal as `ledger journal --json` says it, each transaction's postings as
    {account: Decimal}; every one sums to exactly zero."""
    txns = book("journal", "--json").json()
    for t in txns:
        t["postings"] = {p["account"]: Decimal(p["amount"]) for p in t["postings"]}
        assert sum(t["postings"].values(), Decimal(0)) == 0, t
    return txns  # type: ignore[no-any-return]


def said(t: dict[str, Any]) -> tuple[str, str, str, dict[str, Decimal]]:
    return t["kind"], t["rule"], t["memo"], t["postings"]


def owners(book: Ledger) -> dict[int, str | None]:
    return {r["field"]: r["owner"] for r in rows(book.path, "Owners")}


def holdings(book: Ledger) -> dict[str, str]:
    return {r["deed"]: r["owner"] for r in rows(book.path, "Holdings")}


def out(book: Ledger, name: str) -> bool:
    return bool(book("status", "--json").json()["players"][name]["out"])


# -- buying a deed from the bank ---------------------------------------------------------------


def test_29_buying_a_deed_pays_its_price_to_the_bank_in_both_games(tmp_path: Path) -> None:
    book = matador(tmp_path)
    book("roll", "--dice", "5,4")  # 1 + 9 = 10 Tower, 6000 (703.3)
    assert said(journal(book)[-1]) == (
        "turn",
        "703.3",
        "A buys Tower",
        {"cash:A": Decimal("-6000.00"), "bank": Decimal("6000.00")},
    )
    assert owners(book)[10] == "A"

    book = planetopoly(tmp_path)
    book("buy", "Ann", "lyra-1")  # §5
    assert said(journal(book)[-1]) == (
        "buy",
        "§5",
        "Ann buys Lyra 1",
        {"cash:Ann": Decimal("-600.00"), "bank": Decimal("600.00")},
    )
    held = next(r for r in rows(book.path, "Holdings") if r["deed"] == "lyra-1")
    assert (held["owner"], held["points"], held["new"]) == ("Ann", 0, True)  # §5: no points yet


def test_29_one_with_less_than_the_price_buys_nothing_in_both_games(tmp_path: Path) -> None:
    book = matador(tmp_path)
    book("pay", "A", "bank", "24001")  # A: 5,999 < Tower's 6,000
    before = len(journal(book))
    book("roll", "--dice", "5,4")  # 703.3: nothing happens
    assert len(journal(book)) == before and owners(book).get(10) is None

    book = planetopoly(tmp_path)
    book("event", "Ann", "--pay", "2500")  # Ann: 500 < 600
    run = book("buy", "Ann", "lyra-1", expect=1)  # the bank lends nothing for a purchase (§9)
    assert "§5: Ann has 500.00 MU and cannot pay 600.00 for Lyra 1" in run.stderr
    assert "nothing was written" in run.stderr
    assert holdings(book) == {} and not any(
        "loan:" in a for t in journal(book) for a in t["postings"]
    )


# -- paying a rent or a tax: all one has, then the game's rule ------------------------------------


def test_29_a_rent_short_of_cash_pays_all_one_has_or_is_lent_the_rest(tmp_path: Path) -> None:
    book = matador(tmp_path, owners="| 11 | Castle | B\n")
    book("pay", "A", "bank", "28500")  # A: 1,500 < the Castle's rent 4,000
    book("roll", "--dice", "6,4")  # 204.1a: B gets the 1,500 A had; 402: A is out
    assert said(journal(book)[-1]) == (
        "turn",
        "705.1b",
        "A pays rent to B for Castle",
        {"cash:A": Decimal("-1500.00"), "cash:B": Decimal("1500.00")},
    )
    assert out(book, "A")

    lyra = "| lyra-1 | Ann | 3\n| lyra-2 | Ann | 1\n| lyra-3 | Ann | 1\n"
    book = planetopoly(tmp_path, lyra + "| sirius-1 | Bob | 0\n")
    book("event", "Bob", "--pay", "2500")  # Bob: 500 < the station's rent 1,200
    book("rent", "Bob", "lyra-1")  # §9: the bank lends exactly 700, then the rent is paid whole
    loan, rent = journal(book)[-2:]
    assert said(loan) == (
        "loan",
        "§9",
        "the bank lends Bob 700.00 MU, the shortfall of Bob pays Ann rent for Lyra 1 (a space station)",
        {"loan:Bob": Decimal("-700.00"), "cash:Bob": Decimal("700.00")},
    )
    assert said(rent)[3] == {"cash:Bob": Decimal("-1200.00"), "cash:Ann": Decimal("1200.00")}
    assert not out(book, "Bob")  # a debt of 700 is not more than Sirius 1's mortgage value 900


def test_29_a_tax_short_of_cash_pays_all_one_has_or_is_lent_the_rest(tmp_path: Path) -> None:
    book = matador(tmp_path, a=14)
    book("pay", "A", "bank", "29000")  # A: 1,000 < the Goldmine's 2,000
    book("roll", "--dice", "1,1")  # 14 + 2 = 16 Goldmine: all 1,000 to the bank, A is out
    assert said(journal(book)[-1]) == (
        "turn",
        "706.1",
        "A: Goldmine",
        {"cash:A": Decimal("-1000.00"), "bank": Decimal("1000.00")},
    )
    assert out(book, "A")

    book = planetopoly(tmp_path, "| toll-station-1 | Bob | 0\n")
    book("event", "Bob", "--pay", "2800")  # Bob: 200
    book("risk", "Bob", "--dice", "5,5")  # §4: two fives pay 500: 300 lent (§9)
    loan, risk = journal(book)[-2:]
    assert said(loan)[:2] == ("loan", "§9") and loan["postings"]["cash:Bob"] == Decimal("300.00")
    assert said(risk)[3] == {"cash:Bob": Decimal("-500.00"), "bank": Decimal("500.00")}
    assert not out(book, "Bob")  # a debt of 300 is not more than the mortgage value 400


# -- the bank's loan ------------------------------------------------------------------------------


def test_29_a_loan_is_exactly_the_shortfall_costs_nothing_and_income_repays_it(
    tmp_path: Path,
) -> None:
    book = planetopoly(tmp_path, "| lyra-1 | Bob | 0\n")
    book("event", "Bob", "--pay", "3100")  # 3000 in cash: the bank lends 100 (§9)
    book("start", "Bob")  # 1000 in: 100 repay the debt first, and nothing more
    repay = journal(book)[-1]
    assert said(repay) == (
        "repay",
        "§9",
        "Bob repays 100.00 MU of debt to the bank",
        {"cash:Bob": Decimal("-100.00"), "loan:Bob": Decimal("100.00")},
    )
    balances = book("balance", "--json").json()
    assert balances["players"]["Bob"] == "900.00"  # 3000 - 3100 + 1000: no interest
    assert balances["accounts"]["loan:Bob"] == "0.00"

    book = matador(tmp_path, owners="| 11 | Castle | B\n")
    book("pay", "A", "bank", "28500")
    book("roll", "--dice", "6,4")  # 204.1a: the 21-field game lends nothing
    assert not any(a.startswith("loan:") for t in journal(book) for a in t["postings"])


# -- a player out: the deeds back to the bank -----------------------------------------------------


def test_29_a_player_out_returns_their_deeds_to_the_bank_in_both_games(tmp_path: Path) -> None:
    book = matador(tmp_path, owners="| 11 | Castle | B\n| 4 | Cold Desert | A\n| 10 | Tower | A\n")
    book("pay", "A", "bank", "28500")
    run = book("roll", "--dice", "6,4")  # A pays all 1,500 to B and is out
    assert "is out, fields 4, 10 unowned" in run.stdout
    assert (owners(book)[4], owners(book)[10], owners(book)[11]) == (None, None, "B")  # 401.2b
    assert book("balance", "--json").json()["players"]["A"] == "0.00"  # B got it all (204.1a)
    assert journal(book)[-1]["postings"]["cash:B"] == Decimal("1500.00")  # no write-off after

    book = planetopoly(tmp_path, "| toll-station-1 | Bob | 0\n| lyra-1 | Ann | 0\n")
    run = book("event", "Bob", "--pay", "3500")  # debt 500 > mortgage value 400: Bob has lost
    assert "toll-station-1 back to the bank" in run.stdout
    assert holdings(book) == {"lyra-1": "Ann"}
    assert said(journal(book)[-1]) == (
        "write-off",
        "§9",
        "Bob has lost: a debt of 500.00 MU is more than the mortgage value 400.00 of all they "
        "own; the bank writes it off",
        {"bank": Decimal("-500.00"), "loan:Bob": Decimal("500.00")},
    )
    assert out(book, "Bob")


# -- the two games use these steps and keep no copies of their own ------------------------------

GAMES = ("matador21", "planetopoly", "boardfile")
#: the functions each game wrote for itself before issue 29 (and before issue 38: the dice and
#: the turn order, shared since the board played from a file came)
GONE = {
    "matador21": {"_pay", "_eliminate", "_post", "_money"},
    "planetopoly": set(),
    "boardfile": {"parse_dice", "_parse_dice", "set_order", "_set_order", "next_place"},
}


def _modules(game: str) -> dict[str, ast.Module]:
    folder = ROOT / "ledger" / "rules" / game
    return {p.name: ast.parse(p.read_text(encoding="utf-8")) for p in sorted(folder.glob("*.py"))}


def _board_names(tree: ast.Module) -> set[str]:
    """The names the module uses from ledger.core.board (`board.pay`, `steps.buy`)."""
    aliases = {
        a.asname or a.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module == "ledger.core"
        for a in node.names
        if a.name == "board"
    }
    return {
        node.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id in aliases
    }


def test_29_the_board_games_use_the_shared_board_steps() -> None:
    used: dict[str, set[str]] = {}
    for game in GAMES:
        modules = _modules(game)
        used[game] = set().union(*(_board_names(t) for t in modules.values()))
        for name, tree in modules.items():
            defined = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
            assert not defined & GONE[game], f"{game}/{name} defines {defined & GONE[game]} again"
            text = ast.unparse(tree)
            # every posting of a board game goes through the shared steps
            assert "journal.post(" not in text and "transfer(" not in text, f"{game}/{name}"
    assert {"buy", "pay", "eliminate", "how_many", "repay", "Loan"} <= used["planetopoly"]
    # the two dice-driven games play their turns through the shared turn engine
    # (ledger/core/board_turn.py: a game's turn is its `Play`), which is made of the steps
    for game in ("matador21", "boardfile"):
        text = "\n".join(ast.unparse(t) for t in _modules(game).values())
        assert "board_turn.TurnGame" in text and "board_turn.Play[" in text, game
    engine = ast.parse(Path(board_turn.__file__).read_text(encoding="utf-8"))
    turn = _board_names(engine)
    assert {"buy", "pay", "eliminate", "post", "two_dice", "decide", "parse_dice"} <= turn, turn
    assert "journal.post(" not in ast.unparse(engine) and "transfer(" not in ast.unparse(engine)
    assert {"how_many", "set_order"} <= used["matador21"], used["matador21"]
    shared = {"buy", "how_many", "repay", "Loan", "parse_dice", "set_order"}
    assert shared <= used["boardfile"], used["boardfile"]
    table = _board_names(ast.parse(Path(board_table.__file__).read_text(encoding="utf-8")))
    assert "next_place" in table  # the turn order, for every board game's table
    for module in (steps, board_table, board_turn):
        assert "ledger.rules" not in Path(module.__file__).read_text(encoding="utf-8")  # blind


# -- the arithmetic, on books of no game ---------------------------------------------------------


class _NoGame(Game):
    key = "no-game"
    currency = "MU"

    def start_money(self, settings: Settings, player: Player) -> tuple[Decimal, str]:
        return Decimal(0), ""


class _Owners:
    """Deeds kept as a dict, as the shared steps see a game's sheet."""

    def __init__(self, owners: dict[str, str]) -> None:
        self.owners = owners

    def deeds_of(self, name: str) -> list[str]:
        return [d for d, o in self.owners.items() if o == name]

    def give(self, deed: str, name: str) -> None:
        self.owners[deed] = name

    def release(self, deed: str) -> None:
        del self.owners[deed]


def _books(have: Decimal) -> Books:
    books = Books(_NoGame(), Settings({"day": 0}), [], Journal("MU"))
    steps.post(books, BANK, "cash:P", have, steps.Note("opening", "", "", ""))
    return books


CENTS = st.integers(min_value=0, max_value=10**6).map(lambda c: Decimal(c) / 100)
NOTE = steps.Note("rent", "P pays Q", "1", "test")


@given(have=CENTS, due=CENTS, lent=st.booleans())
def test_29_a_payment_is_whole_or_all_one_has_and_sums_to_zero(
    have: Decimal, due: Decimal, lent: bool
) -> None:
    books = _books(have)
    loan = steps.Loan("loan:P", "P", "§9") if lent else None
    paid = steps.pay(books, "cash:P", "cash:Q", due, NOTE, loan)
    assert paid.paid == (due if lent else min(due, have))
    assert paid.short == (0 if lent else max(due - have, 0))
    assert paid.lent == (max(due - have, 0) if lent else 0)
    assert steps.cash(books, "cash:Q") == paid.paid
    assert steps.cash(books, "cash:P") == have + paid.lent - paid.paid >= 0
    assert len(books.journal) == 1 + len(paid.txns)  # nothing due, nothing posted
    assert books.journal.total().is_zero()


def test_29_a_player_out_gives_back_every_deed_the_debt_and_the_cash() -> None:
    books = _books(Decimal("50.00"))
    loan = steps.Loan("loan:P", "P", "§9")
    steps.lend(books, loan, "cash:P", Decimal("120.00"), "for the test", "test")
    deeds = _Owners({"a": "P", "b": "Q", "c": "P"})
    gone = steps.eliminate(books, deeds, "P", "cash:P", "§9", "test", loan, "P has lost")
    assert (gone.deeds, gone.written_off, gone.cash) == (("a", "c"), Decimal(120), Decimal(170))
    assert deeds.owners == {"b": "Q"}
    assert steps.cash(books, "cash:P") == 0 and steps.debt(books, loan) == 0
    assert books.journal.total().is_zero()
    assert steps.buy(books, deeds, "a", "Q", "cash:Q", Decimal(1), NOTE) is None  # Q has nothing
    assert deeds.owners == {"b": "Q"}
