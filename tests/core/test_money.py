from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ledger.core.money import Money, MoneyError, parse_amount


def test_money_refuses_floats() -> None:
    with pytest.raises(MoneyError):
        Money(0.1, "KC")  # type: ignore[arg-type]
    with pytest.raises(MoneyError):
        Money.of(0.1, "KC")  # type: ignore[arg-type]


def test_money_refuses_mixed_currencies() -> None:
    with pytest.raises(MoneyError, match="cannot mix KC and Kj"):
        Money.of("1", "KC") + Money.of("1", "Kj")


def test_money_refuses_fractions_of_a_cent() -> None:
    with pytest.raises(MoneyError, match="whole number of cents"):
        Money(Decimal("0.005"), "KC")


def test_percent_rounds_half_up_once() -> None:
    assert Money.of("55.55", "KC").percent(Decimal(10)) == Money.of("5.56", "KC")
    assert Money.of("55.50", "KC").percent(Decimal(10)) == Money.of("5.55", "KC")


def test_split_keeps_the_odd_cent() -> None:
    shares, rest = Money.of("5.55", "KC").split(2)
    assert shares == [Money.of("2.77", "KC")] * 2
    assert rest == Money.of("0.01", "KC")


@given(st.decimals(min_value=0, max_value=10**9, places=2), st.integers(min_value=1, max_value=12))
def test_split_never_loses_a_cent(amount: Decimal, parts: int) -> None:
    m = Money(amount, "KC")
    shares, rest = m.split(parts)
    total = Money.zero("KC")
    for s in shares:
        total = total + s
    assert total + rest == m
    assert Money.zero("KC") <= rest < Money(Decimal(parts) / 100, "KC") or parts == 1


@pytest.mark.parametrize(
    ("text", "value"),
    [("12.50", "12.50"), ("12", "12.00"), ("-3.1", "-3.10"), (" 1000 ", "1000.00")],
)
def test_parse_amount(text: str, value: str) -> None:
    assert parse_amount(text) == Decimal(value)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("12,5", "comma"),
        ("ten", "not a number"),
        ("1.234", "more than two decimals"),
        ("", "empty"),
        ("1e3", "not a number"),
        (" 1_000 ", "without separators"),  # issue 12, item 13
        ("1,000", "ambiguous"),
    ],
)
def test_parse_amount_refuses(text: str, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        parse_amount(text)


def test_29_one_rounding_nothing_but_core_money_quantizes() -> None:
    """Issue 29: every amount is rounded by `round_money` (half up, to the cent); a bare
    `.quantize(...)` elsewhere rounds half-even by default and would give another cent."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "ledger"
    found = [
        f"{path.relative_to(root.parent)}:{n}"
        for path in sorted(root.rglob("*.py"))
        if path != root / "core" / "money.py"
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r"\.quantize\(", line)
    ]
    assert found == [], "round with ledger.core.money.round_money: " + ", ".join(found)


def test_29_egons_amounts_round_half_up_like_every_other() -> None:
    from decimal import Decimal

    from ledger.rules.egon.state import as_kj

    assert as_kj(Decimal("0.125")) == Decimal("0.13")  # half-even gave 0.12
