"""Every amount and period of Triplanetary V/2 as a house-rule setting, with its rule number.

The banker changes a value in the workbook's Settings sheet to play a house rule; the default
is what the rule text (or a ruling of ../shared/rules/README.md) says.
"""

from __future__ import annotations

from decimal import Decimal

import msgspec

from ledger.core.schema import Setting
from ledger.core.settings import Settings
from ledger.rules.triplanetary import tables


def _s(key: str, default: Decimal | int | bool, rule: str, text: str) -> Setting:
    kind = "bool" if isinstance(default, bool) else "int" if isinstance(default, int) else "decimal"
    return Setting(key, default, kind, rule, text)  # type: ignore[arg-type]


D = Decimal
SETTINGS: tuple[Setting, ...] = (
    Setting(
        "start_money",
        D("25"),
        "money",
        "§3",
        "Each player starts with this much, in the bank at Ceres.",
    ),
    Setting(
        "patrol_start_money",
        D("500"),
        "money",
        "§6",
        "The Space Patrol player starts with this much.",
    ),
    _s(
        "allow_debt", False, "§30", "Banks do not make loans: a player's account cannot go below 0."
    ),
    _s(
        "start_supply_months",
        3,
        "§3 §14",
        "Months of supplies a ship bought on day 0 carries, per crew.",
    ),
    # §13 crews
    _s(
        "crew_wage_per_day",
        D("0.1"),
        "§13",
        "Wage per crew per day (§13; §38's price list says 0.2).",
    ),
    _s(
        "crew_pay_days",
        30,
        "§13",
        "Crews want pay every this many days; the owner pays what is owed then.",
    ),
    _s("crew_quit_days", 180, "§13", "A crew unpaid this many days quits."),
    _s("crew_hire_cost", D("2"), "§13", "Cost to hire a crew."),
    _s(
        "crew_hire_factor_after_quit",
        2,
        "§13",
        "Hiring costs this many times more once any of the owner's crews quit.",
    ),
    _s(
        "severance_days", 14, "§13", "A discharged crew gets back wages plus this many days' wages."
    ),
    # §14 supplies
    _s("supply_days", 30, "§14", "One unit of supplies feeds one crew this many days."),
    _s("supply_price", D("1"), "§38", "Price of one unit (one crew-month) of supplies."),
    _s(
        "ship_supply_room_months",
        3,
        "§14",
        "Months of supplies built into a ship, per crew (more goes in the hold, 1 CP a unit).",
    ),
    _s("ship_emergency_days", 14, "§14", "Days of emergency supplies on every ship."),
    _s("base_emergency_days", 30, "§14", "Days of emergency supplies on every base."),
    _s(
        "mine_emergency_days",
        0,
        "ruling",
        "Days of emergency supplies at a mine with no base (the text gives none).",
    ),
    _s(
        "emergency_fine_per_day",
        D("10"),
        "§14",
        "The Patrol's fine for each day of emergency supplies used.",
    ),
    _s(
        "ship_emergency_refill",
        D("1"),
        "§14",
        "Replacing a ship's used emergency supplies, paid on resupply.",
    ),
    _s(
        "base_emergency_refill",
        D("2"),
        "§14",
        "Replacing a base's used emergency supplies, paid on resupply.",
    ),
    # §15 fuel
    _s("fuel_price", D("1"), "§15", "Price of one unit of fuel."),
    # §8 offices
    _s("office_open_cost", D("10"), "§8", "Setting up (or restarting) an office."),
    _s("office_fee", D("5"), "§8", "An office's operating fee, paid in advance for each period."),
    _s("office_period_days", 30, "§8", "Days one office fee pays for."),
    # §7 §9 §24 companies and claims
    _s("incorporation_cost", D("5"), "§7", "Forming a corporation."),
    _s("incorporation_days", 5, "§7", "Days it takes to incorporate."),
    _s("merger_cost", D("1000"), "§9", "Merging corporations."),
    _s("merger_days", 120, "§9", "Days a merger takes."),
    _s("claim_cost", D("1"), "§24", "Registering a mining claim, per mine."),
    _s("claim_days", 1, "§24", "Days it takes to register a claim."),
    _s(
        "ct_disabled_days",
        4,
        "§23",
        "Days a ship that finds C-T ore while prospecting is disabled.",
    ),
    # §29 taxes
    _s("sales_tax_percent", D("10"), "§29", "Tax on every sale, between players too."),
    _s(
        "property_tax_percent",
        D("10"),
        "§29",
        "Property tax: this percent of the original price of all ships, bases and modules.",
    ),
    _s("tax_cycle_days", 360, "§29", "A tax cycle; property tax is due on every multiple of it."),
    _s("pirate_after_unpaid_cycles", 2, "§29", "Tax cycles unpaid that make a player a pirate."),
    _s(
        "patrol_tax_share_percent",
        D("50"),
        "§6",
        "The Patrol's share of all taxes; the rest goes to Earth.",
    ),
    _s(
        "patrol_pays_property_tax",
        False,
        "ruling",
        "Whether the Patrol player's own property is taxed.",
    ),
    # §20 recreation modules
    _s(
        "module_pay_share_percent",
        D("50"),
        "§20",
        "Share of their pay crews spend at a recreation module they can reach.",
    ),
    _s(
        "module_supplies_per_month",
        2,
        "§20",
        "Units (CP) of supplies a recreation module uses every 30 days.",
    ),
    # §11A §20 (issue 13): the Executive Liner as an office, ship crews at a module
    _s(
        "module_ship_days",
        7,
        "§20",
        "A ship's crews spend at a recreation module only on the days its ship has been at the module's base more than this many days.",
    ),
    _s(
        "liner_office_staff_units",
        2,
        "§11A",
        "Units of supplies the staff of an Executive Liner's office eat each office period (30 days), on top of its crews; taken with the fee, in advance.",
    ),
    _s("liner_office_cp", 20, "§11A", "CP of an Executive Liner's hold its office takes."),
    # §23 §25 production
    _s("mine_ore_per_day", 1, "§23", "CP of raw ore a crewed regular mine makes a day."),
    _s("ct_mine_days_per_cp", 5, "§23", "Days a crewed C-T mine takes for 1 CP of C-T ore."),
    _s("ganymede_cordrazite_per_day", 2, "§25", "CP of raw Cordrazite Ganymede makes a day."),
    _s("processor_raw_per_day", 12, "§25", "CP of raw ore one ore processor handles a day."),
    _s("processor_ratio", 4, "§25", "CP of raw ore that make 1 CP of processed ore."),
    # §33 §36
    _s(
        "pr_pirate",
        -15,
        "§33 §36C",
        "Public relations change for turning (or being made) a pirate.",
    ),
    # §21 §29 §32 §36C (issue 13): taxes for everyone, base-to-base transfers, PR programs
    _s(
        "exempt_outlaws_from_property_tax",
        False,
        "§29 ruling",
        "Whether pirates and warlords are spared the property tax (the text spares nobody).",
    ),
    _s(
        "colonization_cost_taxed",
        True,
        "§29 §32 ruling",
        "Whether an attempt being outfitted counts at its cost (100,000 KC) as ships being built.",
    ),
    _s("transfer_cp_per_day", 5, "§21", "CP a day that move between two adjacent bases."),
    _s(
        "fuel_cp_per_unit",
        1,
        "§21 ruling",
        "CP one unit of fuel takes when moved between bases (§38 gives fuel no size).",
    ),
    Setting(
        "public_relations_program_cost",
        tables.PR_PROGRAM_COST,
        "money",
        "§36C",
        "A public relations program on Earth: this much, paid to Earth.",
    ),
    _s("pr_per_program", tables.PR_PROGRAM_PER_5000, "§36C", "PR each program adds."),
)


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
