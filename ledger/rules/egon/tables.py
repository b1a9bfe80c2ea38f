"""Every number of "Das kleine Egon-Spiel" that the rule texts or the README rulings fix.

Sources: /work/shared/rules/egon-5-erste-aktionsphase.de.txt (rules 5.x),
egon-6-zweite-aktionsphase.de.txt (rules 6.x) and the "Das kleine Egon-Spiel — glossary and
rulings" in /work/shared/rules/README.md (salary, interest, debt limit, the 50-point limit).
The numbers are data, numbers.csv (a row a number with its rule: search it for ``6.4.1``) and
jackpot_table.csv (5.4.7); the code reads a few by name below, any other by its key in
capitals (`tables.THEFT_SURE_BELOW`). `EgonSettings` bundles them as house-rule settings with
those defaults; setting_docs.csv gives each field's rule, what it
means and whether the texts give it (``in_text`` no: the default is a ruling, see
docs/decisions-egon.md). `setting_docs()` lists them for the workbook's settings sheet.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from decimal import Decimal
from typing import Any, Final

import msgspec

from ledger.core import data

_HERE = __package__ or "ledger.rules.egon"
#: numbers.csv: a row a number (key, value, kind, rule, note), read as the names below
_N = data.numbers(_HERE)

# What the code reads by name (README glossary, 1.3, 1.5, 8.1, 5.3.1, 5.4, issue 36); every other
# number of numbers.csv is read by its key (`__getattr__`: ``tables.THEFT_SURE_BELOW``) or
# as the default of its `EgonSettings` field.
FOUNDATION: Final[int] = _N["foundation"]
MAX_PLAYERS: Final[int] = _N["max_players"]
TRADERS: Final[tuple[str, ...]] = _N["traders"]
LOTTERY_LOWEST: Final[int] = _N["lottery_lowest"]
LOTTERY_HIGHEST: Final[int] = _N["lottery_highest"]
ORDER_COUNT_MOST: Final[int] = _N["order_count_most"]
ORDER_KJ_MOST: Final[Decimal] = _N["order_kj_most"]
RENT_DIVISOR_OFFSET: Final[int] = _N["rent_divisor_offset"]
#: 5.4.7 (jackpot_table.csv): Gewinnklasse -> (Höchstgewinn, Mindestinhalt, Erhöhung), in Kj
JACKPOT_TABLE: Final[dict[str, tuple[Decimal, Decimal, Decimal]]] = {
    r["class"]: (Decimal(r["highest_win"]), Decimal(r["least_pot"]), Decimal(r["raise"]))
    for r in data.rows(_HERE, "jackpot_table.csv")
}


def __getattr__(name: str) -> Any:
    """A number of numbers.csv by its key in capitals (``ROUNDS``: the row ``rounds``)."""
    if name.isupper() and name.lower() in _N:
        return _N[name.lower()]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@dataclass(frozen=True, slots=True, kw_only=True)
class EgonSettings:
    """The house-rule settings of one Egon game; the defaults are the printed numbers.

    Each field's rule number, what it means and whether the texts give it (False: the default
    is a ruling) are its row of setting_docs.csv (`setting_docs`).
    """

    # -- game frame (1.4, 5.3.2, 8.1, 4.6.4, 5.5.3, 2) ------------------------------------
    rounds: int = _N["rounds"]
    foundation: int = FOUNDATION
    traders: tuple[str, ...] = TRADERS
    zuchthaus_di_limit: int = _N["zuchthaus_di_limit"]
    zuchthaus_rounds: int = _N["zuchthaus_rounds"]
    jail_rounds: int = _N["jail_rounds"]
    salary_per_lottery_point: Decimal = _N["salary_per_lottery_point"]
    salary_per_tower_stone: Decimal = _N["salary_per_tower_stone"]
    debt_interest_percent: Decimal = _N["debt_interest_percent"]
    out_debt_limit: Decimal = _N["out_debt_limit"]
    # -- 5.1 Anzeige ----------------------------------------------------------------------
    bribe_caught_di: int = _N["bribe_caught_di"]
    accused_di_bonus: int = _N["accused_di_bonus"]
    accuse_fails_at: int = _N["accuse_fails_at"]
    accuse_slander_at: int = _N["accuse_slander_at"]
    accuse_jail_at: int = _N["accuse_jail_at"]
    slander_di: int = _N["slander_di"]
    # -- 5.2 Denunzieren ------------------------------------------------------------------
    denounce_limit: int = _N["denounce_limit"]
    denounce_points_factor: int = _N["denounce_points_factor"]
    denounce_invalid_di: int = _N["denounce_invalid_di"]
    lowest_z6: int = _N["lowest_z6"]
    # -- 5.3 Vermieten --------------------------------------------------------------------
    rent_factor: int = _N["rent_factor"]
    rent_base: int = _N["rent_base"]
    # -- 5.4 Lotterie (5.4.7: Höchstgewinn, Mindestinhalt, Erhöhung of each class) ---------
    lottery_ticket: Decimal = _N["lottery_ticket"]
    jackpot_a_max: Decimal = JACKPOT_TABLE["A"][0]
    jackpot_a_min: Decimal = JACKPOT_TABLE["A"][1]
    jackpot_a_raise: Decimal = JACKPOT_TABLE["A"][2]
    jackpot_b_max: Decimal = JACKPOT_TABLE["B"][0]
    jackpot_b_min: Decimal = JACKPOT_TABLE["B"][1]
    jackpot_b_raise: Decimal = JACKPOT_TABLE["B"][2]
    jackpot_c_max: Decimal = JACKPOT_TABLE["C"][0]
    jackpot_c_min: Decimal = JACKPOT_TABLE["C"][1]
    jackpot_c_raise: Decimal = JACKPOT_TABLE["C"][2]
    # -- 5.5 Falschgeld -------------------------------------------------------------------
    forgery_divisor: int = _N["forgery_divisor"]
    forgery_z6_factor: int = _N["forgery_z6_factor"]
    forgery_p_factor: int = _N["forgery_p_factor"]
    forgery_caught_at: int = _N["forgery_caught_at"]
    # -- 6.1 - 6.6 ------------------------------------------------------------------------
    party_zz_factor: int = _N["party_zz_factor"]
    import_square_factor: Decimal = _N["import_square_factor"]
    guard_price: Decimal = _N["guard_price"]
    guards_stay: bool = False
    theft_sure_below: int = _N["theft_sure_below"]
    theft_unguarded_upto: int = _N["theft_unguarded_upto"]
    theft_penalty_upto: int = _N["theft_penalty_upto"]
    theft_di_per_stone: int = _N["theft_di_per_stone"]
    sabotage_di_limit: int = _N["sabotage_di_limit"]
    sabotage_success_divisor: int = _N["sabotage_success_divisor"]
    foundation_can_fall: bool = False
    blackmail_accused_percent: int = _N["blackmail_accused_percent"]

    def jackpot_class(self, name: str) -> tuple[Decimal, Decimal, Decimal]:
        """(Höchstgewinn, Mindestinhalt, Erhöhung) of Gewinnklasse ``name`` (5.4.7)."""
        if name not in JACKPOT_TABLE:
            raise KeyError(name)
        c = name.lower()
        return (
            getattr(self, f"jackpot_{c}_max"),
            getattr(self, f"jackpot_{c}_min"),
            getattr(self, f"jackpot_{c}_raise"),
        )


class SettingDoc(msgspec.Struct, frozen=True):
    """One settings row: field name, default, rule number, meaning, and whether in the text."""

    name: str
    default: object
    rule: str
    doc: str
    in_text: bool


def setting_docs() -> tuple[SettingDoc, ...]:
    """Every `EgonSettings` field with its default, rule and meaning (its row of
    setting_docs.csv: key, rule, in_text yes/no, doc), in declaration order."""
    defaults = EgonSettings()
    docs = {row["key"]: row for row in data.rows(_HERE, "setting_docs.csv")}
    return tuple(
        SettingDoc(
            f.name,
            getattr(defaults, f.name),
            docs[f.name]["rule"],
            docs[f.name]["doc"],
            docs[f.name]["in_text"] == "yes",
        )
        for f in fields(EgonSettings)
    )
