"""Exact money: `Decimal` amounts in one currency with a minor unit of 0.01.

Every amount in `ledger` is a `Money`. It refuses floats (convert at the boundary, with
`Decimal(str(value))`, in `ledger.io`) and refuses to mix currencies. There is one rounding
mode, `ROUNDING`, and one place that rounds, `round_money`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal, InvalidOperation

#: The minor unit of every game's currency.
CENT = Decimal("0.01")
#: The one rounding mode for computed charges (10% of 55.55 = 5.56).
ROUNDING = ROUND_HALF_UP
#: The largest amount a cell can hold exactly: a spreadsheet keeps 15 significant digits.
LIMIT = Decimal("9999999999999.99")


class MoneyError(TypeError):
    """A programmer error: a float, a mixed currency or an unrounded amount reached the core."""


def round_money(value: Decimal) -> Decimal:
    """Round a computed amount to the cent with the project's one rounding mode."""
    if not isinstance(value, Decimal):
        raise MoneyError(f"round_money needs a Decimal, not {type(value).__name__}")
    return value.quantize(CENT, rounding=ROUNDING)


def in_cents(value: Decimal) -> bool:
    """The amount is exact to the cent (no more than two decimals)."""
    return value == value.quantize(CENT, rounding=ROUND_DOWN)


def parse_amount(text: str) -> Decimal:
    """Read an amount typed by a person ("12.50", "-3"; "1e2" is refused).

    The decimal point is a dot. A separator followed by exactly three digits (`1,000`,
    `1.000`) may group thousands or mark decimals, so ledger asks rather than guess; other
    thousands separators (`1,000,000`, `1_000`, `1,000.50`) are refused with the plain number.
    Raises `ValueError` with a sentence a banker understands.
    """
    s = text.strip()
    if not s:
        raise ValueError("the amount is empty")
    _refuse_separators(text, s)
    if any(c not in "0123456789.-+" for c in s) or s.count(".") > 1:
        raise ValueError(f"{text!r} is not a number")
    try:
        value = Decimal(s)
    except InvalidOperation:
        raise ValueError(f"{text!r} is not a number") from None
    if value != value.quantize(CENT, rounding=ROUND_DOWN):
        raise ValueError(f"{text!r} has more than two decimals; the smallest unit is 0.01")
    if abs(value) > LIMIT:
        raise ValueError(f"{text!r} is more than a spreadsheet can hold exactly ({LIMIT:,})")
    return value.quantize(CENT)


#: A number grouped in thousands by one kind of separator: `1,000`, `-12.345.678`, `1_000`.
_GROUPED = re.compile(r"[+-]?[1-9]\d{0,2}([,._])\d{3}(?:\1\d{3})*")


def _refuse_separators(text: str, s: str) -> None:
    """Refuse what is not a plain number with a decimal dot, saying what was probably meant."""
    grouped = _GROUPED.fullmatch(s)
    if grouped:
        sep = grouped.group(1)
        whole = s.replace(sep, "")
        if sep != "_" and s.count(sep) == 1:
            # `1,000` or `1.000`: a thousands separator, or a decimal mark before three decimals?
            cents = Decimal(s.replace(",", "."))
            if cents == cents.quantize(CENT, rounding=ROUND_DOWN):
                raise ValueError(
                    f"{text!r} is ambiguous: {sep!r} before three digits may group thousands "
                    f"or mark decimals; type {whole} or {cents.quantize(CENT)}"
                )
            if sep == ".":  # `1.005` read with a decimal point has a tenth of a cent
                raise ValueError(
                    f"{text!r} has more than two decimals; the smallest unit is 0.01 "
                    f"(for {whole}, leave out the dot)"
                )
        raise ValueError(f"{text!r} is not an amount: type it without separators, {whole}")
    if "_" in s:
        raise ValueError(f"{text!r} is not an amount: type digits only, e.g. 1000 or 12.50")
    if s.count(",") == 1 and "." not in s:
        raise ValueError(
            f"{text!r} uses a comma; write the decimal point as a dot, e.g. {s.replace(',', '.')}"
        )
    if "," in s and "." in s:  # `1,000.50` or `1.000,50`: the later mark is the decimal point
        point = max(s.rindex(","), s.rindex("."))
        plain = s[:point].replace(",", "").replace(".", "") + "." + s[point + 1 :]
        if re.fullmatch(r"[+-]?\d+\.\d{1,2}", plain):
            raise ValueError(f"{text!r} is not an amount: type it without separators, {plain}")


@dataclass(frozen=True, slots=True, order=False)
class Money:
    """An exact amount of one currency, always a whole number of cents."""

    amount: Decimal
    currency: str

    def __post_init__(self) -> None:
        if not isinstance(self.amount, Decimal) or isinstance(self.amount, bool):
            raise MoneyError(f"Money needs a Decimal, not {type(self.amount).__name__}")
        if not self.amount.is_finite():
            raise MoneyError(f"Money must be finite, not {self.amount}")
        q = self.amount.quantize(CENT, rounding=ROUND_DOWN)
        if q != self.amount:
            raise MoneyError(f"{self.amount} is not a whole number of cents; round it first")
        object.__setattr__(self, "amount", q)  # always two places: 12.5 is kept as 12.50

    @classmethod
    def of(cls, amount: str | int | Decimal, currency: str) -> Money:
        """`Money.of("12.50", "CR")`; floats are refused."""
        if isinstance(amount, float):
            raise MoneyError("Money.of refuses floats: pass a str or Decimal")
        return cls(Decimal(amount), currency)

    @classmethod
    def exact(cls, amount: Decimal, currency: str) -> Money:
        """For amounts already checked to be whole cents with two places (the loader's): no
        second check on the hot path of reading a long journal."""
        m = object.__new__(cls)
        object.__setattr__(m, "amount", amount)
        object.__setattr__(m, "currency", currency)
        return m

    @classmethod
    def zero(cls, currency: str) -> Money:
        return cls(Decimal("0.00"), currency)

    def _same(self, other: object) -> Money:
        if not isinstance(other, Money):
            raise MoneyError(f"cannot combine Money with {type(other).__name__}")
        if other.currency != self.currency:
            raise MoneyError(f"cannot mix {self.currency} and {other.currency}")
        return other

    def __add__(self, other: Money) -> Money:
        return Money(self.amount + self._same(other).amount, self.currency)

    def __sub__(self, other: Money) -> Money:
        return Money(self.amount - self._same(other).amount, self.currency)

    def __neg__(self) -> Money:
        return Money(-self.amount, self.currency)

    def __lt__(self, other: Money) -> bool:
        return self.amount < self._same(other).amount

    def __le__(self, other: Money) -> bool:
        return self.amount <= self._same(other).amount

    def __gt__(self, other: Money) -> bool:
        return self.amount > self._same(other).amount

    def __ge__(self, other: Money) -> bool:
        return self.amount >= self._same(other).amount

    def is_zero(self) -> bool:
        return not self.amount

    def percent(self, rate: Decimal) -> Money:
        """`rate` percent of this amount, rounded once with `ROUNDING` (10% of 55.55 = 5.56)."""
        return Money(round_money(self.amount * rate / 100), self.currency)

    def share(self, percent: Decimal) -> tuple[Money, Money]:
        """`percent` of the amount rounded down to the cent, and the rest (which keeps any odd
        cent): the one way a rule divides money between two accounts (half of a tax to one,
        the rest to the other). share + rest == self, always."""
        part = (self.amount * percent / 100).quantize(CENT, rounding=ROUND_DOWN)
        return Money(part, self.currency), Money(self.amount - part, self.currency)

    def split(self, parts: int) -> tuple[list[Money], Money]:
        """Split into `parts` equal shares rounded down, and the remainder (the odd cents).

        The caller posts the remainder to a named account in the same transaction, so no
        cent is lost to rounding: sum(shares) + remainder == self, always.
        """
        if parts < 1:
            raise ValueError("split needs at least one part")
        share = (self.amount / parts).quantize(CENT, rounding=ROUND_DOWN)
        shares = [Money(share, self.currency)] * parts
        return shares, Money(self.amount - share * parts, self.currency)

    def __str__(self) -> str:
        return f"{self.amount:,.2f} {self.currency}"

    def plain(self) -> str:
        """The amount as a plain decimal string, as in JSON output: "25.00"."""
        return f"{self.amount:.2f}"
