"""The §41 trial results table of Triplanetary Variant V/2 as data (trial_table.csv) (§36B: result = die
+ public relations + bribes) and the §36D bribe die; the §36C public relations points and the
§36D bribes' cost are numbers.csv's (tables.py).

Source: /work/shared/rules/triplanetary-variant-v2.txt and the rulings in
/work/shared/rules/README.md, which override the text where they speak; see tables.py.
"""

from decimal import Decimal
from enum import IntEnum, StrEnum
from typing import Final, Literal

import msgspec

from ledger.core import data

# ---------------------------------------------------------------------------
# §41 Trial results table (§36B: result = die + public relations + bribes)
# ---------------------------------------------------------------------------


class CrimeClass(IntEnum):
    """The three crime classes of §36A."""

    I = 1  # noqa: E741 - the printed Roman numeral
    II = 2
    III = 3


class TrialOutcomeKind(StrEnum):
    SUIT_DISMISSED = "suit dismissed"
    ACQUITTED = "acquitted"
    FINE = "fine"
    IMPRISONMENT = "imprisonment"  # always with a fine or a confiscation in §41
    DEATH = "death"


Confiscation = Literal["half", "all"]


class TrialOutcome(msgspec.Struct, frozen=True, kw_only=True):
    """One §41 band's penalty.

    ``fine`` in KC (0 if none), ``prison_days`` (0 if none), ``confiscate`` None,
    ``"half"`` ("Confiscation of 1/2 of all goods") or ``"all"``; ``label`` is the
    printed text; ``maximum_penalty`` is True for the lowest band of its column,
    which costs 1 public relations point (§36C).
    """

    kind: TrialOutcomeKind
    label: str
    fine: Decimal = Decimal("0")
    prison_days: int = 0
    confiscate: Confiscation | None = None
    maximum_penalty: bool = False


class TrialBand(msgspec.Struct, frozen=True):
    """Results ``low``..``high`` (inclusive) of one §41 column give ``outcome``."""

    low: int
    high: int
    outcome: TrialOutcome


TRIAL_RESULT_MAX: Final = 20  # §41 top row; higher results read as 20 (README ruling)
TRIAL_RESULT_MIN: Final = -20  # §41 bottom row; lower results read as -20 (README ruling)

# §41 (trial_table.csv): each column from the top (result 20) down to -20, a band a row. A
# band starts at a row with text, either "**text**" or "| text"; the following rows of the
# same style ("****" or "|") continue it, and the style alternates from band to band.
# Boundaries read off the printed row numbers (checked column by column at fixed character
# offsets); the printing quirks read so are the notes of their rows.


def _read() -> dict[CrimeClass, tuple[TrialBand, ...]]:
    """§41 from trial_table.csv: a band a row, each column (crime class) from the top down;
    `maximum_penalty` marks the column's lowest band (`yes`)."""
    table: dict[CrimeClass, list[TrialBand]] = {c: [] for c in CrimeClass}
    for row in data.rows(__package__ or "ledger.rules.triplanetary", "trial_table.csv"):
        values: dict[str, object] = {k: v for k, v in row.items() if v != ""}
        values["maximum_penalty"] = values.get("maximum_penalty") == "yes"
        outcome = msgspec.convert(values, TrialOutcome, strict=False)
        table[CrimeClass[row["class"]]].append(
            TrialBand(int(row["low"]), int(row["high"]), outcome)
        )
    return {c: tuple(bands) for c, bands in table.items()}


TRIAL_TABLE: Final = _read()

#: A crime class by its numeral or number, folded: "i" and "1" are class I.
_CRIME_CLASS_NAMES: Final = {n: c for c in CrimeClass for n in (c.name.casefold(), str(c.value))}


def parse_crime_class(value: int | str) -> CrimeClass:
    """Parse a crime class: 1/2/3, "I"/"II"/"III", "1", "class ii", ... (ValueError if none)."""
    if isinstance(value, bool):
        raise ValueError(f"not a crime class: {value!r}")
    if isinstance(value, int):
        try:
            return CrimeClass(value)
        except ValueError:
            raise ValueError(f"not a crime class: {value!r} (1, 2 or 3)") from None
    text = value.strip().casefold()
    text = text.removeprefix("class").strip()
    try:
        return _CRIME_CLASS_NAMES[text]
    except KeyError:
        raise ValueError(f"not a crime class: {value!r} (I, II or III)") from None


def clamp_trial_result(result: int) -> int:
    """README ruling: a result above 20 reads as 20, below -20 as -20."""
    return max(TRIAL_RESULT_MIN, min(TRIAL_RESULT_MAX, result))


def trial_band(crime_class: int | str, result: int) -> TrialBand:
    """The §41 band of ``crime_class`` holding ``result`` (clamped to -20..20)."""
    r = clamp_trial_result(result)
    for band in TRIAL_TABLE[parse_crime_class(crime_class)]:
        if band.low <= r <= band.high:
            return band
    raise AssertionError(f"§41 table has a gap at {r}")  # pragma: no cover


def trial_outcome(crime_class: int | str, result: int) -> TrialOutcome:
    """§41: the outcome of a trial with final ``result`` (die + PR + bribes), clamped."""
    return trial_band(crime_class, result).outcome


def is_maximum_penalty(crime_class: int | str, result: int) -> bool:
    """§41/§36C: whether ``result`` falls in the column's maximum (lowest) penalty band."""
    return trial_outcome(crime_class, result).maximum_penalty


# §36D: a bribe's die of 1-3 succeeds, 4-6 fails (its cost and what each does: numbers.csv)
BRIBE_SUCCESS_ROLLS: Final[frozenset[int]] = frozenset({1, 2, 3})


def bribe_succeeds(roll: int) -> bool:
    """§36D: whether a bribe die roll (1..6) succeeds; ValueError outside 1..6."""
    if isinstance(roll, bool) or not 1 <= roll <= 6:
        raise ValueError(f"a die roll is 1..6, not {roll!r}")
    return roll in BRIBE_SUCCESS_ROLLS
