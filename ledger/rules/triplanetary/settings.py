"""Every amount and period of Triplanetary V/2 as a house-rule setting, with its rule number: the
table is settings.csv (key, default, kind, rule, what it means), read here into `SETTINGS` and,
once a command, into the typed `Rules`.

The banker changes a value in the workbook's Settings sheet to play a house rule; the default
is what the rule text (or a ruling of ../shared/rules/README.md) says.
"""

from __future__ import annotations

from decimal import Decimal

import msgspec

from ledger.core import data
from ledger.core.settings import Settings

#: Every amount and period as a house rule, in the order the Settings sheet shows them.
SETTINGS = data.settings(__package__ or "ledger.rules.triplanetary")


class Rules(msgspec.Struct, frozen=True):
    """The settings as typed values, read once per command."""

    wage: Decimal
    pay_days: int
    quit_days: int
    hire_cost: Decimal
    hire_factor_after_quit: int
    severance_days: int
    start_supply_months: int
    supply_days: int
    supply_price: Decimal
    ship_room_months: int
    ship_emergency_days: int
    base_emergency_days: int
    mine_emergency_days: int
    emergency_fine: Decimal
    ship_refill: Decimal
    base_refill: Decimal
    fuel_price: Decimal
    office_open_cost: Decimal
    office_fee: Decimal
    office_days: int
    incorporation_cost: Decimal
    incorporation_days: int
    merger_cost: Decimal
    merger_days: int
    claim_cost: Decimal
    claim_days: int
    ct_disabled_days: int
    sales_tax: Decimal
    property_tax: Decimal
    tax_cycle: int
    pirate_after: int
    patrol_share: Decimal
    patrol_pays_property_tax: bool
    module_share: Decimal
    module_supplies: int
    module_ship_days: int
    office_staff_units: int
    office_cp: int
    mine_ore: int
    ct_days: int
    ganymede: int
    processor_raw: int
    processor_ratio: int
    pr_pirate: int
    exempt_outlaws: bool
    colonization_taxed: bool
    transfer_cp: int
    fuel_cp: int
    program_cost: Decimal
    pr_per_program: int

    @classmethod
    def of(cls, s: Settings) -> Rules:
        d, i, b = s.get_decimal, s.get_int, s.get_bool
        return cls(
            wage=d("crew_wage_per_day"),
            pay_days=i("crew_pay_days"),
            quit_days=i("crew_quit_days"),
            hire_cost=d("crew_hire_cost"),
            hire_factor_after_quit=i("crew_hire_factor_after_quit"),
            severance_days=i("severance_days"),
            start_supply_months=i("start_supply_months"),
            supply_days=i("supply_days"),
            supply_price=d("supply_price"),
            ship_room_months=i("ship_supply_room_months"),
            ship_emergency_days=i("ship_emergency_days"),
            base_emergency_days=i("base_emergency_days"),
            mine_emergency_days=i("mine_emergency_days"),
            emergency_fine=d("emergency_fine_per_day"),
            ship_refill=d("ship_emergency_refill"),
            base_refill=d("base_emergency_refill"),
            fuel_price=d("fuel_price"),
            office_open_cost=d("office_open_cost"),
            office_fee=d("office_fee"),
            office_days=i("office_period_days"),
            incorporation_cost=d("incorporation_cost"),
            incorporation_days=i("incorporation_days"),
            merger_cost=d("merger_cost"),
            merger_days=i("merger_days"),
            claim_cost=d("claim_cost"),
            claim_days=i("claim_days"),
            ct_disabled_days=i("ct_disabled_days"),
            sales_tax=d("sales_tax_percent"),
            property_tax=d("property_tax_percent"),
            tax_cycle=i("tax_cycle_days"),
            pirate_after=i("pirate_after_unpaid_cycles"),
            patrol_share=d("patrol_tax_share_percent"),
            patrol_pays_property_tax=b("patrol_pays_property_tax"),
            module_share=d("module_pay_share_percent"),
            module_supplies=i("module_supplies_per_month"),
            module_ship_days=i("module_ship_days"),
            office_staff_units=i("liner_office_staff_units"),
            office_cp=i("liner_office_cp"),
            mine_ore=i("mine_ore_per_day"),
            ct_days=i("ct_mine_days_per_cp"),
            ganymede=i("ganymede_cordrazite_per_day"),
            processor_raw=i("processor_raw_per_day"),
            processor_ratio=i("processor_ratio"),
            pr_pirate=i("pr_pirate"),
            exempt_outlaws=b("exempt_outlaws_from_property_tax"),
            colonization_taxed=b("colonization_cost_taxed"),
            transfer_cp=i("transfer_cp_per_day"),
            fuel_cp=i("fuel_cp_per_unit"),
            program_cost=d("public_relations_program_cost"),
            pr_per_program=i("pr_per_program"),
        )
