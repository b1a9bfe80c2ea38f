"""Every number of "Das kleine Egon-Spiel" that the rule texts or the README rulings fix.

Sources: /work/shared/rules/egon-5-erste-aktionsphase.de.txt (rules 5.x),
egon-6-zweite-aktionsphase.de.txt (rules 6.x) and the "Das kleine Egon-Spiel — glossary and
rulings" in /work/shared/rules/README.md (salary, interest, debt limit, the 50-point limit).
The numbers are data, numbers.csv (a row a number with its rule: search it for ``6.4.1``) and
jackpot_table.csv (5.4.7), read into the constants below. `EgonSettings` bundles them as
house-rule settings with those defaults; setting_docs.csv gives each field's rule, what it
means and whether the texts give it (``in_text`` no: the default is a ruling, see
docs/decisions-egon.md). `setting_docs()` lists them for the workbook's settings sheet.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from decimal import Decimal
from typing import Final

import msgspec

from ledger.core import data

_HERE = __package__ or "ledger.rules.egon"
#: numbers.csv: a row a number (key, value, kind, rule, note), read as the names below
_N = data.numbers(_HERE)

# Game frame (README glossary; sections 1, 2, 4 are not in these texts)
ROUNDS: Final[int] = _N["rounds"]
MAX_PLAYERS: Final[int] = _N["max_players"]
FOUNDATION: Final[int] = _N["foundation"]
TRADERS: Final[tuple[str, ...]] = _N["traders"]
LOTTERY_LOWEST: Final[int] = _N["lottery_lowest"]
LOTTERY_HIGHEST: Final[int] = _N["lottery_highest"]
ZUCHTHAUS_DI_LIMIT: Final[int] = _N["zuchthaus_di_limit"]
SALARY_PER_LOTTERY_POINT: Final[Decimal] = _N["salary_per_lottery_point"]
SALARY_PER_TOWER_STONE: Final[Decimal] = _N["salary_per_tower_stone"]
DEBT_INTEREST_PERCENT: Final[Decimal] = _N["debt_interest_percent"]
OUT_DEBT_LIMIT: Final[Decimal] = _N["out_debt_limit"]
ORDER_COUNT_MOST: Final[int] = _N["order_count_most"]
ORDER_KJ_MOST: Final[Decimal] = _N["order_kj_most"]

# 5. Erste Aktionsphase
BRIBE_CAUGHT_DI: Final[int] = _N["bribe_caught_di"]
ACCUSED_DI_BONUS: Final[int] = _N["accused_di_bonus"]
ACCUSE_FAILS_AT: Final[int] = _N["accuse_fails_at"]
ACCUSE_SLANDER_AT: Final[int] = _N["accuse_slander_at"]
ACCUSE_JAIL_AT: Final[int] = _N["accuse_jail_at"]
SLANDER_DI: Final[int] = _N["slander_di"]

DENOUNCE_LIMIT: Final[int] = _N["denounce_limit"]
DENOUNCE_POINTS_FACTOR: Final[int] = _N["denounce_points_factor"]
DENOUNCE_INVALID_DI: Final[int] = _N["denounce_invalid_di"]

RENT_FACTOR: Final[int] = _N["rent_factor"]
RENT_BASE: Final[int] = _N["rent_base"]
RENT_DIVISOR_OFFSET: Final[int] = _N["rent_divisor_offset"]

LOTTERY_TICKET: Final[Decimal] = _N["lottery_ticket"]
#: 5.4.7 (jackpot_table.csv): Gewinnklasse -> (Höchstgewinn, Mindestinhalt, Erhöhung), in Kj
JACKPOT_TABLE: Final[dict[str, tuple[Decimal, Decimal, Decimal]]] = {
    r["class"]: (Decimal(r["highest_win"]), Decimal(r["least_pot"]), Decimal(r["raise"]))
    for r in data.rows(_HERE, "jackpot_table.csv")
}

FORGERY_DIVISOR: Final[int] = _N["forgery_divisor"]
FORGERY_Z6_FACTOR: Final[int] = _N["forgery_z6_factor"]
FORGERY_CAUGHT_AT: Final[int] = _N["forgery_caught_at"]
FORGERY_P_FACTOR: Final[int] = _N["forgery_p_factor"]

# 6. Zweite Aktionsphase
PARTY_ZZ_FACTOR: Final[int] = _N["party_zz_factor"]
IMPORT_SQUARE_FACTOR: Final[Decimal] = _N["import_square_factor"]
GUARD_PRICE: Final[Decimal] = _N["guard_price"]
THEFT_SURE_BELOW: Final[int] = _N["theft_sure_below"]
THEFT_UNGUARDED_UPTO: Final[int] = _N["theft_unguarded_upto"]
THEFT_PENALTY_UPTO: Final[int] = _N["theft_penalty_upto"]
THEFT_DI_PER_STONE: Final[int] = _N["theft_di_per_stone"]
SABOTAGE_DI_LIMIT: Final[int] = _N["sabotage_di_limit"]
SABOTAGE_SUCCESS_DIVISOR: Final[int] = _N["sabotage_success_divisor"]
BLACKMAIL_ACCUSED_PERCENT: Final[int] = _N["blackmail_accused_percent"]

# Rulings where the texts give no number (docs/decisions-egon.md)
JAIL_ROUNDS: Final[int] = _N["jail_rounds"]
ZUCHTHAUS_ROUNDS: Final[int] = _N["zuchthaus_rounds"]
LOWEST_Z6: Final[int] = _N["lowest_z6"]


@dataclass(frozen=True, slots=True, kw_only=True)
class EgonSettings:
    """The house-rule settings of one Egon game; the defaults are the printed numbers.

    Each field's rule number, what it means and whether the texts give it (False: the default
    is a ruling) are its row of setting_docs.csv (`setting_docs`).
    """

    # -- game frame (1.4, 5.3.2, 8.1, 4.6.4, 5.5.3, 2) ------------------------------------
    rounds: int = ROUNDS
    foundation: int = FOUNDATION
    traders: tuple[str, ...] = TRADERS
    zuchthaus_di_limit: int = ZUCHTHAUS_DI_LIMIT
    zuchthaus_rounds: int = ZUCHTHAUS_ROUNDS
    jail_rounds: int = JAIL_ROUNDS
    salary_per_lottery_point: Decimal = SALARY_PER_LOTTERY_POINT
    salary_per_tower_stone: Decimal = SALARY_PER_TOWER_STONE
    debt_interest_percent: Decimal = DEBT_INTEREST_PERCENT
    out_debt_limit: Decimal = OUT_DEBT_LIMIT
    # -- 5.1 Anzeige ----------------------------------------------------------------------
    bribe_caught_di: int = BRIBE_CAUGHT_DI
    accused_di_bonus: int = ACCUSED_DI_BONUS
    accuse_fails_at: int = ACCUSE_FAILS_AT
    accuse_slander_at: int = ACCUSE_SLANDER_AT
    accuse_jail_at: int = ACCUSE_JAIL_AT
    slander_di: int = SLANDER_DI
    # -- 5.2 Denunzieren ------------------------------------------------------------------
    denounce_limit: int = DENOUNCE_LIMIT
    denounce_points_factor: int = DENOUNCE_POINTS_FACTOR
    denounce_invalid_di: int = DENOUNCE_INVALID_DI
    lowest_z6: int = LOWEST_Z6
    # -- 5.3 Vermieten --------------------------------------------------------------------
    rent_factor: int = RENT_FACTOR
    rent_base: int = RENT_BASE
    # -- 5.4 Lotterie (5.4.7: Höchstgewinn, Mindestinhalt, Erhöhung of each class) ---------
    lottery_ticket: Decimal = LOTTERY_TICKET
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
    forgery_divisor: int = FORGERY_DIVISOR
    forgery_z6_factor: int = FORGERY_Z6_FACTOR
    forgery_p_factor: int = FORGERY_P_FACTOR
    forgery_caught_at: int = FORGERY_CAUGHT_AT
    # -- 6.1 - 6.6 ------------------------------------------------------------------------
    party_zz_factor: int = PARTY_ZZ_FACTOR
    import_square_factor: Decimal = IMPORT_SQUARE_FACTOR
    guard_price: Decimal = GUARD_PRICE
    guards_stay: bool = False
    theft_sure_below: int = THEFT_SURE_BELOW
    theft_unguarded_upto: int = THEFT_UNGUARDED_UPTO
    theft_penalty_upto: int = THEFT_PENALTY_UPTO
    theft_di_per_stone: int = THEFT_DI_PER_STONE
    sabotage_di_limit: int = SABOTAGE_DI_LIMIT
    sabotage_success_divisor: int = SABOTAGE_SUCCESS_DIVISOR
    foundation_can_fall: bool = False
    blackmail_accused_percent: int = BLACKMAIL_ACCUSED_PERCENT

    def jackpot_class(self, name: str) -> tuple[Decimal, Decimal, Decimal]:
        """(Höchstgewinn, Mindestinhalt, Erhöhung) of Gewinnklasse ``name`` (5.4.7)."""
        if name == "A":
            return self.jackpot_a_max, self.jackpot_a_min, self.jackpot_a_raise
        if name == "B":
            return self.jackpot_b_max, self.jackpot_b_min, self.jackpot_b_raise
        if name == "C":
            return self.jackpot_c_max, self.jackpot_c_min, self.jackpot_c_raise
        raise KeyError(name)


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
