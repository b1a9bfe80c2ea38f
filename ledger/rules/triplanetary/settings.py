"""Every amount and period of Triplanetary V/2 as a house-rule setting, with its rule number: the
table is settings.csv (key, default, kind, rule, what it means), read here into `SETTINGS` and,
once a command, into the typed `Rules`.

The banker changes a value in the workbook's Settings sheet to play a house rule; the default
is what the rule text (or a ruling of ../shared/rules/README.md) says.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import msgspec

from ledger.core import data
from ledger.core.settings import Settings

#: Every amount and period as a house rule, in the order the Settings sheet shows them.
SETTINGS = data.settings(__package__ or "ledger.rules.triplanetary")


class Rules(msgspec.Struct, frozen=True):
    """The settings as typed values, read once per command: each field is the setting its
    `name` says, else the setting of its own name."""

    wage: Decimal = msgspec.field(name="crew_wage_per_day")
    pay_days: int = msgspec.field(name="crew_pay_days")
    quit_days: int = msgspec.field(name="crew_quit_days")
    hire_cost: Decimal = msgspec.field(name="crew_hire_cost")
    hire_factor_after_quit: int = msgspec.field(name="crew_hire_factor_after_quit")
    severance_days: int
    start_supply_months: int
    supply_days: int
    supply_price: Decimal
    ship_room_months: int = msgspec.field(name="ship_supply_room_months")
    ship_emergency_days: int
    base_emergency_days: int
    mine_emergency_days: int
    emergency_fine: Decimal = msgspec.field(name="emergency_fine_per_day")
    ship_refill: Decimal = msgspec.field(name="ship_emergency_refill")
    base_refill: Decimal = msgspec.field(name="base_emergency_refill")
    fuel_price: Decimal
    office_open_cost: Decimal
    office_fee: Decimal
    office_days: int = msgspec.field(name="office_period_days")
    incorporation_cost: Decimal
    incorporation_days: int
    merger_cost: Decimal
    merger_days: int
    claim_cost: Decimal
    claim_days: int
    ct_disabled_days: int
    sales_tax: Decimal = msgspec.field(name="sales_tax_percent")
    property_tax: Decimal = msgspec.field(name="property_tax_percent")
    tax_cycle: int = msgspec.field(name="tax_cycle_days")
    pirate_after: int = msgspec.field(name="pirate_after_unpaid_cycles")
    patrol_share: Decimal = msgspec.field(name="patrol_tax_share_percent")
    patrol_pays_property_tax: bool
    module_share: Decimal = msgspec.field(name="module_pay_share_percent")
    module_supplies: int = msgspec.field(name="module_supplies_per_month")
    module_ship_days: int
    office_staff_units: int = msgspec.field(name="liner_office_staff_units")
    office_cp: int = msgspec.field(name="liner_office_cp")
    mine_ore: int = msgspec.field(name="mine_ore_per_day")
    ct_days: int = msgspec.field(name="ct_mine_days_per_cp")
    ganymede: int = msgspec.field(name="ganymede_cordrazite_per_day")
    processor_raw: int = msgspec.field(name="processor_raw_per_day")
    processor_ratio: int
    pr_pirate: int
    exempt_outlaws: bool = msgspec.field(name="exempt_outlaws_from_property_tax")
    colonization_taxed: bool = msgspec.field(name="colonization_cost_taxed")
    transfer_cp: int = msgspec.field(name="transfer_cp_per_day")
    fuel_cp: int = msgspec.field(name="fuel_cp_per_unit")
    program_cost: Decimal = msgspec.field(name="public_relations_program_cost")
    pr_per_program: int

    @classmethod
    def of(cls, s: Settings) -> Rules:
        """Each field read from its setting (the key its `name` gives), as its type says."""
        get = {Decimal: s.get_decimal, int: s.get_int, bool: s.get_bool}
        values: dict[str, Any] = {name: get[kind](key) for name, key, kind in _FIELDS}
        return cls(**values)


#: Each field of `Rules`, the setting it reads and its type, worked out once (half a ms).
_FIELDS = tuple((f.name, f.encode_name, f.type) for f in msgspec.structs.fields(Rules))
