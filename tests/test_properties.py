"""Properties over many random cases: balanced books, exact Decimal through save and load."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger.app.pipeline import read_books
from ledger.core.actions import pay
from ledger.core.start import new_books
from ledger.io.workbook import Loaded, write
from ledger.rules import load_game
from tests.conftest import Ledger

PARTIES = ["Ann", "Bob", "Sam", "bank", "earth", "patrol"]
amounts = st.decimals(min_value=Decimal("0.01"), max_value=Decimal("99999999999.99"), places=2)


@pytest.mark.slow
@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.lists(st.tuples(st.sampled_from(PARTIES), st.sampled_from(PARTIES), amounts), max_size=25)
)
def test_random_payments_balance_and_survive_save_and_load_exactly(
    tmp_path: Path, moves: list[tuple[str, str, Decimal]]
) -> None:
    books = new_books(load_game("triplanetary"), ["Ann", "Bob"], "Sam", seed=3)
    for src, dst, amount in moves:
        pay(books, src, dst, amount)  # refused payments (overdraw, same party) change nothing
    for txn in books.journal:
        assert sum((p.amount.amount for p in txn.postings), Decimal(0)) == 0
    assert books.journal.total().is_zero()
    path = tmp_path / "p.xlsx"
    write(path, Loaded(books, []))
    again, problems = read_books(path)
    assert [p for p in problems if p.is_error] == []
    assert again.journal.balances() == books.journal.balances()
    assert [(t.id, t.postings) for t in again.journal] == [
        (t.id, t.postings) for t in books.journal
    ]


@pytest.mark.slow
@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["Ann", "Bob", "Sam"]),
            st.sampled_from(PARTIES),
            st.decimals(min_value=Decimal("0.01"), max_value=Decimal("30"), places=2),
        ),
        min_size=1,
        max_size=6,
    )
)
def test_random_payments_through_the_cli_keep_the_total_zero(
    tmp_path_factory: object, moves: list[tuple[str, str, Decimal]]
) -> None:
    folder = tmp_path_factory.mktemp("cli")  # type: ignore[attr-defined]
    ledger = Ledger(folder)
    ledger.new()
    expected = {"Ann": Decimal(25), "Bob": Decimal(25), "Sam": Decimal(500)}
    for src, dst, amount in moves:
        run = ledger("pay", src, dst, str(amount), expect=None)
        payee = "Sam" if dst == "patrol" else dst  # Sam is the Patrol player: his cash is `patrol`
        ok = src != payee and expected[src] >= amount
        assert run.exit_code == (0 if ok else 1), run.stderr
        if ok:
            expected[src] -= amount
            if payee in expected:
                expected[payee] += amount
    data = ledger("balance", "--json").json()
    assert {k: Decimal(v) for k, v in data["players"].items()} == expected
    assert sum(Decimal(v) for v in data["accounts"].values()) == 0
