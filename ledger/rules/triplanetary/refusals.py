"""What each Triplanetary V/2 command refuses to act on, the rule that denies it and the test
that shows it (docs/commands.md is made from these: `ActionSpec.refuses`, `Game.refuses`).
Bad arguments (an unknown name, a word for a number) are refused by every command and are not
listed here."""

from __future__ import annotations

from ledger.core.params import Refusal

DEAD = Refusal(
    "a dead player: the company is dissolved", "§5", "test_s5_a_dead_player_acts_no_more"
)
NO_LOANS = Refusal("more than the player's banks hold", "§30", "test_s30_banks_make_no_loans")
GONE = Refusal(
    "a ship or base destroyed in play, or gone past Jupiter",
    "§1 §32",
    "test_s1_s32_nothing_is_done_with_a_destroyed_or_departed_ship_or_base",
)
PATROL_TRADE = Refusal("the Patrol trading", "§6", "test_s6_the_patrol_may_not_trade")
OUTLAW = Refusal(
    "a pirate or warlord trading anywhere but Ceres",
    "§33 §34",
    "test_s33_a_pirate_trades_only_at_ceres",
)
PRISONER = Refusal(
    "a player in prison trading",
    "§41",
    "test_s33_s41_outlaws_buy_only_at_ceres_and_prisoners_not_at_all",
)
HOLD_FULL = Refusal(
    "a ship's full hold",
    "§14 §38",
    "test_s38_equipment_goes_into_the_hold_and_an_overfull_hold_is_refused",
)
BUILDING = Refusal(
    "a ship still being built",
    "§12",
    "test_s38_loading_onto_a_ship_under_construction_is_refused",
)

REFUSES: dict[str, tuple[Refusal, ...]] = {
    "pay": (
        Refusal("a dead player paying or paid", "§5", "test_s5_nobody_pays_a_dead_player"),
        NO_LOANS,
    ),
    "buy": (
        DEAD,
        NO_LOANS,
        GONE,
        BUILDING,
        HOLD_FULL,
        PATROL_TRADE,
        Refusal(
            "goods bought by a pirate or warlord anywhere but Ceres",
            "§33 §34",
            "test_s33_s41_outlaws_buy_only_at_ceres_and_prisoners_not_at_all",
        ),
        PRISONER,
        Refusal(
            "more processed ore than the raw ore a market was sold, more Cordrazite or "
            "Cordrazine than it has",
            "§25",
            "test_s25_ceres_sells_processed_ore_only_from_the_raw_ore_it_was_sold",
        ),
    ),
    "hire": (
        DEAD,
        NO_LOANS,
        GONE,
        Refusal(
            "a claim not registered yet",
            "§24",
            "test_s24_a_claim_costs_1_kc_and_is_registered_the_next_day",
        ),
    ),
    "discharge": (
        Refusal(
            "a crew that quit, died, left or was discharged",
            "§13 §14 §32",
            "test_s13_a_crew_that_quit_died_or_was_discharged_is_discharged_no_more",
        ),
        NO_LOANS,
    ),
    "supply": (
        DEAD,
        NO_LOANS,
        GONE,
        Refusal(
            "supplies beyond a full hold",
            "§14",
            "test_s14_supplies_beyond_3_months_go_into_the_hold",
        ),
    ),
    "fuel": (
        DEAD,
        NO_LOANS,
        GONE,
        Refusal(
            "more than the tank holds", "§15 §38", "test_s15_fuel_costs_1_kc_a_unit_up_to_the_tank"
        ),
    ),
    "office-open": (
        DEAD,
        NO_LOANS,
        GONE,
        Refusal(
            "an office open there already", "§8", "test_s8_an_office_is_opened_once_and_closed_once"
        ),
        Refusal(
            "an Executive Liner without 20 CP free or its staff's supplies",
            "§11A",
            "test_s11a_the_office_takes_20_cp_of_the_liners_hold",
        ),
    ),
    "office-close": (
        Refusal(
            "an office closed already", "§8", "test_s8_an_office_is_opened_once_and_closed_once"
        ),
    ),
    "incorporate": (
        DEAD,
        NO_LOANS,
        Refusal(
            "a player heading a corporation already", "§7", "test_s7_a_player_heads_one_corporation"
        ),
    ),
    "move": (GONE,),
    "merge": (
        Refusal(
            "a corporation forming, merging, merged or dissolved; one with itself",
            "§7 §9",
            "test_s9_only_active_corporations_merge",
        ),
    ),
    "prospect": (
        DEAD,
        GONE,
        Refusal(
            "a ship other than a transport or packet",
            "§23",
            "test_s23_prospect_only_a_transport_or_packet_and_dice_from_the_seed",
        ),
    ),
    "claim": (
        DEAD,
        NO_LOANS,
        Refusal(
            "a claim registered already; the Patrol claiming",
            "§24 §6",
            "test_s24_a_claim_is_registered_once_and_not_by_the_patrol",
        ),
    ),
    "sell": (
        DEAD,
        GONE,
        OUTLAW,
        Refusal(
            "a player in prison selling",
            "§41",
            "test_s33_a_pirate_released_from_prison_is_still_a_pirate",
        ),
        Refusal(
            "more than the hold has",
            "§39",
            "test_s39_selling_what_the_hold_does_not_have_is_refused",
        ),
        Refusal(
            "Lloyds' share of the cargo the seller cannot pay",
            "§31 §30",
            "test_s31_a_seller_who_cannot_pay_lloyds_its_share_sells_nothing",
        ),
        Refusal(
            "a buyer who is the Patrol",
            "§6",
            "test_s6_the_patrol_buys_no_goods_from_a_player",
        ),
        Refusal("a buyer in prison", "§41", "test_s41_a_prisoner_buys_no_goods"),
        Refusal(
            "a sale between players with a pirate or warlord anywhere but Ceres",
            "§33",
            "test_s33_a_pirate_sells_to_a_player_only_at_ceres",
        ),
    ),
    "process": (
        DEAD,
        GONE,
        Refusal(
            "anywhere but Ceres and Callisto",
            "§25",
            "test_s25_process_ore_at_ceres",
        ),
    ),
    "pickup": (
        DEAD,
        GONE,
        Refusal(
            "another's mine or base whose crews did not quit",
            "§13",
            "test_s13_a_store_that_is_not_open_is_not_taken_from",
        ),
        Refusal(
            "fuel, or C-T ore in passing",
            "§27",
            "test_s27_fuel_and_c_t_ore_cannot_be_picked_up_in_passing",
        ),
        Refusal(
            "C-T ore on a ship without pseudo-magnetic grapples",
            "§23",
            "test_s27_s23_c_t_ore_is_loaded_docked_by_a_ship_with_grapples",
        ),
    ),
    "dropoff": (
        DEAD,
        GONE,
        Refusal(
            "fuel, or C-T ore in passing",
            "§27",
            "test_s27_fuel_and_c_t_ore_cannot_be_picked_up_in_passing",
        ),
    ),
    "sell-company": (
        Refusal("a dead seller or buyer", "§5", "test_s9_a_dead_players_company_is_not_sold"),
        Refusal(
            "the Patrol selling or buying",
            "§6 §9",
            "test_s6_s9_the_patrol_neither_buys_nor_sells_a_company",
        ),
        NO_LOANS,
    ),
    "liner-open": (
        DEAD,
        Refusal(
            "a line the player runs already",
            "§28",
            "test_s28_a_line_is_opened_once_departs_with_passengers_and_is_closed_once",
        ),
        PATROL_TRADE,
        Refusal(
            "a player in prison",
            "§41",
            "test_s33_s41_outlaws_buy_only_at_ceres_and_prisoners_not_at_all",
        ),
    ),
    "liner-close": (
        Refusal(
            "a line closed already",
            "§28",
            "test_s28_a_line_is_opened_once_departs_with_passengers_and_is_closed_once",
        ),
    ),
    "liner-depart": (
        DEAD,
        GONE,
        Refusal(
            "a line not open; no passenger waiting or no room for one",
            "§28 §40",
            "test_s28_a_line_is_opened_once_departs_with_passengers_and_is_closed_once",
        ),
    ),
    "lloyds": (
        DEAD,
        GONE,
        Refusal(
            "more than half a cargo",
            "§31",
            "test_s31_lloyds_pays_now_for_up_to_half_a_cargo_and_gets_its_full_value_at_sale",
        ),
    ),
    "branch": (DEAD, NO_LOANS, GONE),
    "branch-open": (
        Refusal(
            "a dead owner: the reserves went with the estate",
            "§5",
            "test_s5_a_dead_players_branch_bank_does_not_open",
        ),
        Refusal(
            "a destroyed base", "§1", "test_s30_a_branch_bank_on_a_destroyed_base_does_not_open"
        ),
        Refusal(
            "Plutonium gone with a destroyed ship",
            "§1",
            "test_s30_a_branch_bank_whose_plutonium_was_destroyed_does_not_open",
        ),
        Refusal(
            "a branch opened already; Plutonium no longer aboard",
            "§30",
            "test_s30_a_branch_bank_opens_once_with_its_plutonium_aboard",
        ),
    ),
    "colonize": (
        DEAD,
        Refusal(
            "fewer than three Bussard ramscoops",
            "§32",
            "test_s32_colonization_takes_three_ramscoops_100000_kc_and_360_days",
        ),
    ),
    "destroy": (
        Refusal("what is destroyed already", "§1", "test_s5_a_destroyed_ship_is_destroyed_once"),
        Refusal(
            "a dead player aboard", "§5", "test_s5_a_dead_player_is_aboard_nothing_destroyed_later"
        ),
    ),
    "crime": (DEAD,),
    "fine": (
        Refusal("a dead player", "§5", "test_s5_a_dead_player_is_not_tried_nor_fined"),
        Refusal(
            "the Patrol, to which fines go",
            "§6",
            "test_s6_fining_the_patrol_player_is_refused_with_a_problem",
        ),
    ),
    "trial": (
        Refusal("a dead player", "§5", "test_s5_a_dead_player_is_not_tried_nor_fined"),
        Refusal("a crime tried already", "§36B", "test_s36b_a_crime_is_tried_once"),
        Refusal("another player's crime", "§36B", "test_s36b_a_crime_of_another_player_is_refused"),
        Refusal(
            "a class other than the crime's",
            "§36A",
            "test_s36a_a_typed_class_other_than_the_crimes_is_refused",
        ),
        Refusal("more than three bribes", "§36D", "test_s36d_at_most_three_bribes"),
        Refusal("bribes the player cannot pay", "§36D §30", "test_s30_banks_make_no_loans"),
    ),
    "declare": (
        DEAD,
        Refusal(
            "a pirate declaring piracy again, a warlord either",
            "§33 §34",
            "test_s33_s34_declaring_is_irreversible",
        ),
    ),
    "pr": (DEAD,),
    "pr-program": (
        DEAD,
        Refusal(
            "programs the player cannot pay",
            "§36C §30",
            "test_s36c_a_pr_program_the_player_cannot_pay_is_refused",
        ),
    ),
    "transfer": (
        DEAD,
        GONE,
        Refusal("more than the base holds", "§21", "test_s21_refused_transfers"),
    ),
}
