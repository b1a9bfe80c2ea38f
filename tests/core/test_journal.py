from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ledger.core.journal import Draft, Journal, Posting, UnbalancedError, transfer
from ledger.core.money import Money, MoneyError


def kc(x: str) -> Money:
    return Money.of(x, "KC")


def test_a_transaction_must_sum_to_zero() -> None:
    j = Journal("KC")
    with pytest.raises(UnbalancedError):
        j.post(Draft("pay", "bad", (Posting("a", kc("1")), Posting("b", kc("-0.99")))), day=0)
    assert len(j) == 0


def test_a_transaction_needs_two_postings() -> None:
    with pytest.raises(UnbalancedError):
        Journal("KC").post(Draft("pay", "one", (Posting("a", kc("0")),)), day=0)


def test_a_journal_refuses_another_currency() -> None:
    with pytest.raises(MoneyError):
        Journal("KC").post(transfer("a", "b", Money.of("1", "Kj"), kind="pay", memo=""), day=0)


@given(
    st.lists(
        st.tuples(
            st.sampled_from(["bank", "cash:Ann:Ceres", "cash:Bob:Mars", "patrol", "earth"]),
            st.sampled_from(["bank", "cash:Ann:Ceres", "cash:Bob:Mars", "patrol", "earth"]),
            st.decimals(min_value=Decimal("0.01"), max_value=Decimal("100000"), places=2),
        ),
        max_size=60,
    )
)
def test_random_payments_keep_every_balance_derived_and_the_total_zero(
    moves: list[tuple[str, str, Decimal]],
) -> None:
    j = Journal("KC")
    expected: dict[str, Decimal] = {}
    for src, dst, amount in moves:
        j.post(transfer(src, dst, kc(str(amount)), kind="pay", memo=""), day=0)
        expected[src] = expected.get(src, Decimal(0)) - amount
        expected[dst] = expected.get(dst, Decimal(0)) + amount
    assert j.total().is_zero()
    assert {a: m.amount for a, m in j.balances().items()} == expected
    for t in j:
        assert sum((p.amount.amount for p in t.postings), Decimal(0)) == 0


def test_a_journal_goes_back_to_a_mark_with_its_sums_and_numbers() -> None:
    j = Journal("KC")
    j.post(transfer("bank", "cash:Ann", Money(Decimal("5"), "KC"), kind="k", memo="m"), 0)
    mark = j.mark()
    j.post(transfer("cash:Ann", "cash:Ann:Mars", Money(Decimal("2"), "KC"), kind="k", memo="m"), 0)
    j.back_to(mark)
    assert (len(j), j.next_id, j.accounts()) == (1, 2, {"bank", "cash:Ann"})
    assert j.balance("cash:Ann").amount == Decimal("5")
    assert (
        j.post(transfer("cash:Ann", "bank", Money(Decimal("1"), "KC"), kind="k", memo="m"), 0).id
        == 2
    )
