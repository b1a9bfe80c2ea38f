"""Every number of "Das kleine Egon-Spiel" that the rule texts or the README rulings fix.

Sources: /work/shared/rules/egon-5-erste-aktionsphase.de.txt (rules 5.x),
egon-6-zweite-aktionsphase.de.txt (rules 6.x) and the "Das kleine Egon-Spiel — glossary and
rulings" in /work/shared/rules/README.md (salary, interest, debt limit, the 50-point limit).
The numbers are data, numbers.csv (a row a number with its rule: search it for ``6.4.1``) and
jackpot_table.csv (5.4.7), read into the constants below. `EgonSettings` bundles them as
house-rule settings with those defaults: each field names its rule in ``metadata["rule"]`` and
says what it means in ``metadata["doc"]``; ``metadata["in_text"]`` is False where the texts
give no number and the default is a ruling (see docs/decisions-egon.md). `setting_docs()` lists
them for the workbook's settings sheet.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
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


def _meta(rule: str, doc: str, *, in_text: bool = True) -> dict[str, object]:
    """A settings field's metadata: its rule, what it means, whether the texts give it."""
    return {"rule": rule, "doc": doc, "in_text": in_text}


@dataclass(frozen=True, slots=True, kw_only=True)
class EgonSettings:
    """The house-rule settings of one Egon game; the defaults are the printed numbers.

    Each field's ``metadata`` holds ``rule`` (the rule number), ``doc`` (what it means) and
    ``in_text`` (False: the texts give no number, the default is a ruling).
    """

    # -- game frame ----------------------------------------------------------------------
    rounds: int = field(default=ROUNDS, metadata=_meta("1.4", "Rounds in a game."))
    foundation: int = field(
        default=FOUNDATION,
        metadata=_meta(
            "5.3.2", "Stones of every tower's foundation; a rented tower must be higher."
        ),
    )
    traders: tuple[str, ...] = field(
        default=TRADERS, metadata=_meta("8.1", "The traders' names, in price order.")
    )
    zuchthaus_di_limit: int = field(
        default=ZUCHTHAUS_DI_LIMIT,
        metadata=_meta(
            "4.6.4",
            "A player whose DI rises above this at the end of an action phase goes to the "
            "Zuchthaus (5.1.21: the +13 of an Anzeige does not count).",
        ),
    )
    zuchthaus_rounds: int = field(
        default=ZUCHTHAUS_ROUNDS,
        metadata=_meta(
            "4.6.4",
            "Whole rounds a player sits in the Zuchthaus (not in these texts).",
            in_text=False,
        ),
    )
    jail_rounds: int = field(
        default=JAIL_ROUNDS,
        metadata=_meta(
            "5.5.3",
            "Whole rounds a player sits in the Gefängnis after a sentence ('eine Runde lang').",
        ),
    )
    salary_per_lottery_point: Decimal = field(
        default=SALARY_PER_LOTTERY_POINT,
        metadata=_meta("2", "Salary: Kj per point of the sum of the 7 lottery numbers."),
    )
    salary_per_tower_stone: Decimal = field(
        default=SALARY_PER_TOWER_STONE, metadata=_meta("2", "Salary: Kj per stone of tower height.")
    )
    debt_interest_percent: Decimal = field(
        default=DEBT_INTEREST_PERCENT,
        metadata=_meta("2", "Interest per round on a negative balance, in percent."),
    )
    out_debt_limit: Decimal = field(
        default=OUT_DEBT_LIMIT,
        metadata=_meta("2", "A player owing more than this (Kj) is out of the game."),
    )
    # -- 5.1 Anzeige ----------------------------------------------------------------------
    bribe_caught_di: int = field(
        default=BRIBE_CAUGHT_DI,
        metadata=_meta("5.1.1", "DI for each briber caught (5.1.1, 5.6.6-5.6.8)."),
    )
    accused_di_bonus: int = field(
        default=ACCUSED_DI_BONUS,
        metadata=_meta("5.1.2", "A successfully accused player's actions count this much DI."),
    )
    accuse_fails_at: int = field(
        default=ACCUSE_FAILS_AT,
        metadata=_meta("5.1.7", "DI + Z6 - 2 x Rd at or above this: the Anzeige fails."),
    )
    accuse_slander_at: int = field(
        default=ACCUSE_SLANDER_AT,
        metadata=_meta("5.1.7", "At or above this the accuser also gets the slander DI."),
    )
    accuse_jail_at: int = field(
        default=ACCUSE_JAIL_AT,
        metadata=_meta("5.1.7", "At or above this the accuser also goes to the Gefängnis."),
    )
    slander_di: int = field(default=SLANDER_DI, metadata=_meta("5.1.7", "DI for üble Nachrede."))
    # -- 5.2 Denunzieren ------------------------------------------------------------------
    denounce_limit: int = field(
        default=DENOUNCE_LIMIT,
        metadata=_meta("5.2.1", "DI + Z6 - 2 x Rd + 5 x Punkte at or above this punishes."),
    )
    denounce_points_factor: int = field(
        default=DENOUNCE_POINTS_FACTOR,
        metadata=_meta("5.2.1", "The factor on Punkte in the 5.2.1 formula."),
    )
    denounce_invalid_di: int = field(
        default=DENOUNCE_INVALID_DI,
        metadata=_meta("5.2.4", "DI for a Denunziation punished at every Z6 (invalid)."),
    )
    lowest_z6: int = field(
        default=LOWEST_Z6,
        metadata=_meta("5.2.4", "The lowest Z6 there can be, for 'bei jeder Z6'.", in_text=False),
    )
    # -- 5.3 Vermieten --------------------------------------------------------------------
    rent_factor: int = field(
        default=RENT_FACTOR, metadata=_meta("5.3.1", "Rent = (this x (base + Z6 - DI)) DIV (T+2).")
    )
    rent_base: int = field(
        default=RENT_BASE, metadata=_meta("5.3.1", "The 30 in the rent formula.")
    )
    # -- 5.4 Lotterie ---------------------------------------------------------------------
    lottery_ticket: Decimal = field(
        default=LOTTERY_TICKET, metadata=_meta("5.4", "Price of a lottery ticket (Kj).")
    )
    jackpot_a_max: Decimal = field(
        default=JACKPOT_TABLE["A"][0], metadata=_meta("5.4.7", "Class A: Höchstgewinn.")
    )
    jackpot_a_min: Decimal = field(
        default=JACKPOT_TABLE["A"][1], metadata=_meta("5.4.7", "Class A: Mindestinhalt.")
    )
    jackpot_a_raise: Decimal = field(
        default=JACKPOT_TABLE["A"][2],
        metadata=_meta("5.4.7", "Class A: Erhöhung per lottery player."),
    )
    jackpot_b_max: Decimal = field(
        default=JACKPOT_TABLE["B"][0], metadata=_meta("5.4.7", "Class B: Höchstgewinn.")
    )
    jackpot_b_min: Decimal = field(
        default=JACKPOT_TABLE["B"][1], metadata=_meta("5.4.7", "Class B: Mindestinhalt.")
    )
    jackpot_b_raise: Decimal = field(
        default=JACKPOT_TABLE["B"][2],
        metadata=_meta("5.4.7", "Class B: Erhöhung per lottery player."),
    )
    jackpot_c_max: Decimal = field(
        default=JACKPOT_TABLE["C"][0], metadata=_meta("5.4.7", "Class C: Höchstgewinn.")
    )
    jackpot_c_min: Decimal = field(
        default=JACKPOT_TABLE["C"][1], metadata=_meta("5.4.7", "Class C: Mindestinhalt.")
    )
    jackpot_c_raise: Decimal = field(
        default=JACKPOT_TABLE["C"][2],
        metadata=_meta("5.4.7", "Class C: Erhöhung per lottery player."),
    )
    # -- 5.5 Falschgeld -------------------------------------------------------------------
    forgery_divisor: int = field(
        default=FORGERY_DIVISOR, metadata=_meta("5.5.2", "P = (Betrag + 12 x Z6) DIV this.")
    )
    forgery_z6_factor: int = field(
        default=FORGERY_Z6_FACTOR, metadata=_meta("5.5.2", "The 12 in the P formula.")
    )
    forgery_p_factor: int = field(
        default=FORGERY_P_FACTOR, metadata=_meta("5.5.3", "The 2 in '2 mal P'.")
    )
    forgery_caught_at: int = field(
        default=FORGERY_CAUGHT_AT,
        metadata=_meta("5.5.3", "DI + 2 x P + ZZ - 2 x Rd at or above this: caught."),
    )
    # -- 6.1 - 6.6 ------------------------------------------------------------------------
    party_zz_factor: int = field(
        default=PARTY_ZZ_FACTOR, metadata=_meta("6.1.1", "Guests = Betrag DIV (this x ZZ).")
    )
    import_square_factor: Decimal = field(
        default=IMPORT_SQUARE_FACTOR,
        metadata=_meta("6.2.1", "Import price a stone = Maxpreis + this x Anzahl^2."),
    )
    guard_price: Decimal = field(default=GUARD_PRICE, metadata=_meta("6.3.1", "Kj per Wachfaktor."))
    guards_stay: bool = field(
        default=False,
        metadata=_meta(
            "6.3",
            "True: a Wachfaktor stays in force until the next b order (paid once); False: it "
            "holds for the round of its order only.",
            in_text=False,
        ),
    )
    theft_sure_below: int = field(
        default=THEFT_SURE_BELOW, metadata=_meta("6.4.1", "Below this the theft succeeds.")
    )
    theft_unguarded_upto: int = field(
        default=THEFT_UNGUARDED_UPTO,
        metadata=_meta("6.4.1", "Up to this: succeeds only on unguarded stones."),
    )
    theft_penalty_upto: int = field(
        default=THEFT_PENALTY_UPTO,
        metadata=_meta("6.4.1", "Up to this: unguarded only, +2 DI a stone; above: jail."),
    )
    theft_di_per_stone: int = field(
        default=THEFT_DI_PER_STONE, metadata=_meta("6.4.1", "DI per stone attempted.")
    )
    sabotage_di_limit: int = field(
        default=SABOTAGE_DI_LIMIT,
        metadata=_meta("6.5.31", "DI + ZZ - Rd + (Wachfaktor DIV 2) at or above: DI penalty."),
    )
    sabotage_success_divisor: int = field(
        default=SABOTAGE_SUCCESS_DIVISOR,
        metadata=_meta("6.5.32", "Sabotage fails when Betrag DIV this < ZZ."),
    )
    foundation_can_fall: bool = field(
        default=False,
        metadata=_meta(
            "6.5",
            "Yes: sabotage can bring down the foundation's stones too; no: only the stones "
            "built onto it fall ('Steine, die bereits verbaut waren').",
            in_text=False,
        ),
    )
    blackmail_accused_percent: int = field(
        default=BLACKMAIL_ACCUSED_PERCENT,
        metadata=_meta("6.6.5", "Percent DI (rounded up) per victim's Anzeige."),
    )

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
    """Every `EgonSettings` field with its default, rule and meaning, in declaration order."""
    defaults = EgonSettings()
    return tuple(
        SettingDoc(
            f.name,
            getattr(defaults, f.name),
            str(f.metadata["rule"]),
            str(f.metadata["doc"]),
            bool(f.metadata["in_text"]),
        )
        for f in fields(EgonSettings)
    )
