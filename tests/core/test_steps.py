"""The steps every game's commands share (ledger/core/steps.py, issue 38 item 2): refuse, find a
record by id or name or refuse with a did-you-mean, refuse a state that takes no more, take money
from a player's banks or refuse, and post the transaction with its rule; on books of no game
with two banks a player."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import Annotated

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ledger.core import params as steps_params
from ledger.core import steps
from ledger.core.books import BANK, Books, Game, Player
from ledger.core.journal import Journal, transfer
from ledger.core.money import Money
from ledger.core.settings import Settings


class _TwoBanks(Game):
    key = "two-banks"
    currency = "MU"
    banks = ("Home", "Away")
    home_bank = "Home"

    def start_money(self, settings: Settings, player: Player) -> tuple[Decimal, str]:
        return Decimal(0), ""


def _books(home: str = "0", away: str = "0") -> Books:
    books = Books(_TwoBanks(), Settings({"day": 0}), [Player("Ann"), Player("Bob")], Journal("MU"))
    for bank, have in (("Home", home), ("Away", away)):
        if Decimal(have):
            money = Money(Decimal(have), "MU")
            books.journal.post(
                transfer(BANK, f"cash:Ann:{bank}", money, kind="opening", memo=""), 0
            )
    return books


class _Ship(msgspec.Struct, frozen=True):
    id: str
    name: str


SHIPS = [_Ship("S1", "Nomad"), _Ship("S2", "s1"), _Ship("S3", "Comet")]


def test_38_a_record_is_found_by_its_id_before_its_name_in_any_case() -> None:
    assert steps.find(SHIPS, " s1 ", lambda s: s.id, lambda s: s.name) == SHIPS[0]
    assert steps.find(SHIPS, "s2", lambda s: " " + s.id) is None  # the key is trimmed
    assert steps.find(SHIPS, "COMET", lambda s: s.id, lambda s: s.name) == SHIPS[2]
    assert steps.find(SHIPS, "S4", lambda s: s.id, lambda s: s.name) is None


def test_38_what_names_nothing_is_refused_with_a_did_you_mean_and_what_there_is() -> None:
    found = steps.not_found("unknown-ship", "--ship", "no ship 'Nomd'", "Nomd", ["Nomad"], "ships")
    assert (found.code, found.where, found.message) == ("unknown-ship", "--ship", "no ship 'Nomd'")
    assert found.hint == "did you mean Nomad? ships: Nomad"
    far = steps.not_found("unknown-ship", "--ship", "no", "Zzz", ["Nomad", "Comet"], "ships")
    assert far.hint == "ships: Nomad, Comet"
    row = steps.not_found("x", "A1", "no", "Zzz", ["Nomad"], "ships", then="; or not", warning=True)
    assert (row.hint, row.is_error) == ("ships: Nomad; or not", False)


def test_38_a_player_is_found_in_any_case_or_refused() -> None:
    books = _books()
    assert steps.find_player(books, "ann", "PLAYER", "no").name == "Ann"
    with pytest.raises(steps.Refused) as refused:
        steps.find_player(books, "Anne", "PLAYER", "'Anne' is not a player")
    [found] = refused.value.problems
    assert (found.code, found.where, found.message, found.hint) == (
        "unknown-player",
        "PLAYER",
        "'Anne' is not a player",
        "did you mean Ann? players: Ann, Bob",
    )


def test_38_a_state_that_takes_no_more_is_refused_as_the_game_says_it() -> None:
    barred = {"destroyed": ("post-gone", "S1 is destroyed", "name another")}
    steps.refuse_state("active", "--ship", barred)
    with pytest.raises(steps.Refused) as refused:
        steps.refuse_state("destroyed", "--ship", barred)
    assert [(p.code, p.where, p.message, p.hint) for p in refused.value.problems] == [
        ("post-gone", "--ship", "S1 is destroyed", "name another")
    ]


def test_38_a_state_is_said_as_a_problem_where_a_step_collects_them() -> None:
    barred = {"out": ("player-out", "Ann is out", "")}
    assert steps.state_problem("in", "PLAYER", barred) is None
    found = steps.state_problem("out", "PLAYER", barred)
    assert found is not None and (found.code, found.message) == ("player-out", "Ann is out")


def test_38_a_players_own_columns_change_and_no_column_is_added() -> None:
    books = _books()
    books.players[0] = Player("Ann", extra=(("status", "free"), ("pr", 3)))
    ann = steps.set_columns(books, "Ann", status="dead", until=9)
    assert ann == books.players[0] == Player("Ann", extra=(("status", "dead"), ("pr", 3)))


def test_38_a_charge_takes_from_the_bank_at_the_place_first_then_home() -> None:
    books = _books(home="30.00", away="5.00")
    ann = books.players[0]
    assert steps.debit(books, ann, Decimal("10"), "AMOUNT", "no loans", at="Away") == [
        ("cash:Ann:Away", Decimal("-5.00")),
        ("cash:Ann:Home", Decimal("-5.00")),
    ]
    txn = steps.charge(
        books, ann, Decimal("12"), "suppliers", kind="buy", memo="m", rule="§12", event="t",
        where="AMOUNT", hint="no loans",
    )  # fmt: skip
    assert (txn.kind, txn.rule, txn.memo) == ("buy", "§12", "m")
    assert books.journal.balance("suppliers").amount == Decimal("12.00")
    assert books.journal.balance("cash:Ann:Home").amount == Decimal("18.00")


def test_38_a_charge_of_more_than_all_the_banks_hold_is_refused_with_the_games_hint() -> None:
    books = _books(home="3.00", away="4.00")
    before = len(books.journal)
    with pytest.raises(steps.Refused) as refused:
        steps.charge(
            books, books.players[0], Decimal("7.01"), "suppliers", kind="buy", memo="m",
            rule="§12", event="t", where="AMOUNT", hint="banks make no loans",
        )  # fmt: skip
    assert [(p.code, p.where, p.message, p.hint) for p in refused.value.problems] == [
        ("cannot-afford", "AMOUNT", "Ann has 7.00 MU and cannot pay 7.01 MU", "banks make no loans")
    ]
    assert len(books.journal) == before


CENTS = st.integers(min_value=1, max_value=10**6).map(lambda c: Decimal(c) / 100)


@given(home=CENTS, away=CENTS, due=CENTS)
def test_38_what_is_posted_sums_to_zero_and_merges_pieces_by_account(
    home: Decimal, away: Decimal, due: Decimal
) -> None:
    books = _books(home=str(home), away=str(away))
    try:
        txn = steps.charge(
            books, books.players[0], due, "suppliers", kind="buy", memo="m", rule="§1", event="t",
            where="AMOUNT", hint="",
        )  # fmt: skip
    except steps.Refused:
        assert home + away < due
        return
    assert sum((p.amount.amount for p in txn.postings), Decimal(0)) == 0
    assert len({p.account for p in txn.postings}) == len(txn.postings)
    assert books.journal.balance("suppliers").amount == due


def test_38_the_shared_steps_are_game_blind() -> None:
    assert "ledger.rules" not in Path(steps.__file__).read_text(encoding="utf-8")


def test_30_a_charge_at_the_home_bank_takes_from_it_once_then_from_the_others() -> None:
    """§30: the bank at the place pays first; when that is the home bank it is not asked twice
    (which took its money twice and overdrew it: a charge Ann could pay was refused)."""
    books = _books(home="5.00", away="20.00")
    ann = books.players[0]
    assert steps.debit(books, ann, Decimal("15"), "AMOUNT", "no loans", at="Home") == [
        ("cash:Ann:Home", Decimal("-5.00")),
        ("cash:Ann:Away", Decimal("-10.00")),
    ]
    with pytest.raises(steps.Refused):
        steps.debit(books, ann, Decimal("25.01"), "AMOUNT", "no loans", at="Home")


def test_38_a_key_typed_exactly_finds_that_record_before_one_that_differs_in_case() -> None:
    jars = [_Ship("J1", "Tea"), _Ship("j1", "tea")]
    assert steps.find(jars, "j1", lambda s: s.id) == jars[1]
    assert steps.find(jars, " J1 ", lambda s: s.id) == jars[0]
    assert steps.find(jars, "tea", lambda s: s.id, lambda s: s.name) == jars[1]
    assert steps.find(jars, "TEA", lambda s: s.id, lambda s: s.name) == jars[0]  # the first
    assert steps.find(SHIPS, "s1", lambda s: s.id, lambda s: s.name) == SHIPS[0]  # an id first


def test_38_gather_refuses_with_every_independent_problem_in_the_order_given() -> None:
    books = _books()

    def ship(key: str) -> _Ship:
        found = steps.find(SHIPS, key, lambda s: s.id, lambda s: s.name)
        if found is None:
            raise steps.refuse("unknown-ship", "--ship", f"no ship {key!r}")
        return found

    with pytest.raises(steps.Refused) as refused:
        steps.gather(
            lambda: steps.find_player(books, "Zed", "PLAYER", "'Zed' is not a player"),
            lambda: ship("Comet"),  # found: it adds no problem
            lambda: ship("Nomd"),
        )
    said = [(p.code, p.where) for p in refused.value.problems]
    assert said == [("unknown-player", "PLAYER"), ("unknown-ship", "--ship")]
    assert str(refused.value) == "'Zed' is not a player"  # the first problem's message


def test_38_gather_returns_every_value_in_order_when_none_refuses() -> None:
    books = _books()
    player, ship, n = steps.gather(
        lambda: steps.find_player(books, "ann", "PLAYER", "no"),
        lambda: SHIPS[2],
        lambda: 3,
    )
    assert (player.name, ship.name, n) == ("Ann", "Comet", 3)
    assert steps.gather(lambda: "one") == ("one",)


def test_38_gather_lets_a_programming_error_through() -> None:
    with pytest.raises(ZeroDivisionError):
        steps.gather(lambda: 2, lambda: 1 // 0)


class _Deposit(steps_params.Move):
    who: Annotated[str, steps_params.Arg("WHO")]


def test_38_a_command_is_declared_once_on_its_handler() -> None:
    commands = steps.Commands()

    @commands("deposit", "ledger deposit Ann")
    def _deposit(books: Books, a: _Deposit, where: dict[str, str], event: str) -> str:
        """Put money in the
        jar (§1).

        Said only to the reader."""
        return a.who

    spec = commands.specs["deposit"]
    assert (spec.name, spec.move, spec.example) == ("deposit", _Deposit, "ledger deposit Ann")
    assert spec.help == "Put money in the jar (§1)."
    assert spec.params == steps_params.params_of(_Deposit)
    assert commands.handlers == {"deposit": _deposit}


def test_38_a_games_commands_carry_what_each_refuses_what_all_say_and_their_own_notes() -> None:
    refusal = steps_params.Refusal("a jar that is full", "1", "test_1")
    commands = steps.Commands({"deposit": (refusal,)}, events_row=False)

    @commands("deposit", "ledger deposit Ann", notes=("One a day.",))
    def _deposit(books: Books, a: _Deposit, where: dict[str, str], event: str) -> str:
        """Put money in the jar."""
        return a.who

    @commands("withdraw", "ledger withdraw Ann")
    def _withdraw(books: Books, a: _Deposit, where: dict[str, str], event: str) -> str:
        """Take money out of the jar."""
        return a.who

    deposit, withdraw = commands.specs["deposit"], commands.specs["withdraw"]
    assert (deposit.refuses, deposit.notes, deposit.events_row) == (
        (refusal,),
        ("One a day.",),
        False,
    )
    assert (withdraw.refuses, withdraw.notes, withdraw.events_row) == ((), (), False)
    assert list(commands.specs) == ["deposit", "withdraw"]


class _Forms(steps_params.Move):
    who: Annotated[str | None, steps_params.Arg("WHO")] = None
    much: Annotated[int, steps_params.Arg("--much")] = 0
    delete: Annotated[str | None, steps_params.Arg("--delete")] = None


def test_38_a_form_of_a_command_wants_its_arguments_and_refuses_the_others() -> None:
    wanted = steps.form(_Forms(), "ledger jar WHO", ("who",))
    assert [(p.code, p.where, p.message, p.hint) for p in wanted] == [
        ("missing-argument", "WHO", "WHO is missing", "ledger jar WHO")
    ]
    alone = steps.form(_Forms(who="Ann", much=2, delete="3"), "--delete ROW", only=("delete",))
    assert [(p.code, p.where, p.message) for p in alone] == [
        ("conflicting-arguments", "WHO", "--delete ROW takes no WHO"),
        ("conflicting-arguments", "--much", "--delete ROW takes no --much"),
    ]
    assert steps.form(_Forms(delete="3"), "--delete ROW", ("delete",), ("delete",)) == []


def test_38_pieces_merge_by_account_in_the_order_they_first_come_and_zeros_go() -> None:
    pieces = [("b", Decimal(-3)), ("a", Decimal(2)), ("b", Decimal(1)), ("c", Decimal(0))]
    assert list(steps.merged(pieces).items()) == [("b", Decimal(-2)), ("a", Decimal(2))]


def test_38_a_command_being_applied_charges_posts_and_refuses_where_its_parameter_was_given() -> (
    None
):
    books = _books(home="10.00")
    act = steps.Act(books, {"amount": "Events!E7", "who": "PLAYER"}, "E7", "banks make no loans")
    ann = books.players[0]
    txn = act.charge(
        ann, Decimal("4"), "suppliers", kind="buy", memo="m", rule="§12", where="amount"
    )
    assert (txn.kind, txn.rule, txn.memo, txn.event) == ("buy", "§12", "m", "E7")
    pieces = act.debit(ann, Decimal("1"), "amount")
    paid = act.post([*pieces, ("suppliers", Decimal("1"))], kind="buy", memo="n", rule="§12")
    assert paid.event == "E7"
    assert books.journal.balance("cash:Ann:Home").amount == Decimal("5.00")
    with pytest.raises(steps.Refused) as refused:
        act.charge(ann, Decimal("6"), "suppliers", kind="buy", memo="m", rule="§12", where="amount")
    assert [(p.code, p.where, p.hint) for p in refused.value.problems] == [
        ("cannot-afford", "Events!E7", "banks make no loans")
    ]
    no_one = act.refuse("unknown-player", "who", "'Zed' is not a player")
    assert [(p.code, p.where) for p in no_one.problems] == [("unknown-player", "PLAYER")]
