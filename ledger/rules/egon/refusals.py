"""What the Egon-Spiel's commands refuse to act on, each with its rule and the test that shows
the refusal: `Egon.refuses` (REFUSES) for the commands every game has (`pay`, `tick`,
`status`), and the game's own commands' (order, draw, purchase, build: COMMAND_REFUSES),
which their specs declare (ledger/rules/egon/command_specs.py). tests/commands_doc.py makes
docs/commands.md from them."""

from __future__ import annotations

from ledger.core.params import Refusal

_OVER = Refusal(
    "the game over: its last round evaluated",
    "1.4",
    "test_1_4_after_the_last_round_nothing_more_is_played",
)
_OUT = "test_2_a_player_out_of_the_game_buys_and_builds_nothing"
REFUSES: dict[str, tuple[Refusal, ...]] = {
    "pay": (
        Refusal(
            "a player out of the game, paying or paid",
            "2",
            "test_2_a_player_out_of_the_game_neither_pays_nor_is_paid",
        ),
    ),
    "tick": (
        _OVER,
        Refusal("more rounds than the game has left", "1.4", _OVER.test),
        Refusal("the round not drawn", "8.1", "test_tick_without_a_draw_says_what_to_do"),
        Refusal(
            "a draw typed wrong or twice",
            "8.1",
            "test_8_1_a_draw_typed_in_the_rounds_sheet_is_judged_as_ledger_draw_judges_one",
        ),
        Refusal(
            "an import with no trader price (no Maxpreis)",
            "6.2.1",
            "test_6_2_1_an_import_without_a_trader_price_is_refused_not_charged_at_maxpreis_0",
        ),
        Refusal(
            "a blackmail typed without its penalty",
            "6.6.1",
            "test_6_6_1_a_blackmail_typed_without_a_penalty_is_named_by_check_and_refused_by_tick",
        ),
        Refusal(
            "a second order typed in an action phase",
            "4.1",
            "test_4_1_a_second_order_typed_in_a_phase_is_named_at_its_cell",
        ),
        Refusal(
            "an order typed for a player out of the game",
            "2",
            "test_2_an_order_typed_for_a_player_out_of_the_game_can_be_deleted_as_its_hint_says",
        ),
        Refusal(
            "a Rechtfertigung typed against no waiting blackmail",
            "6.6.42",
            "test_6_6_42_a_rechtfertigung_typed_against_no_waiting_blackmail_is_named_at_its_cell",
        ),
        Refusal(
            "a purchase typed for a player out of the game or unknown",
            "3",
            "test_3_a_purchase_typed_for_a_player_out_or_unknown_is_named_at_its_cell",
        ),
    ),
    "status": (),
}
COMMAND_REFUSES: dict[str, tuple[Refusal, ...]] = {
    "order": (
        _OVER,
        Refusal("a player out of the game", "2", "test_an_order_of_a_player_who_is_out_is_refused"),
        Refusal(
            "an order acting on a player out of the game",
            "2",
            "test_5_2_an_order_acting_on_a_player_who_is_out_is_refused",
        ),
        Refusal(
            "a player in the Gefängnis or Zuchthaus",
            "4.6",
            "test_4_6_an_order_of_a_player_in_the_zuchthaus_is_refused",
        ),
        Refusal(
            "a second order in an action phase (without --replace)",
            "4.1",
            "test_20_4_1_second_order_same_phase_refused",
        ),
        Refusal("a party without guests", "6.1", "test_20_6_1_party_without_guests_refused"),
        Refusal(
            "a blackmail without its penalty",
            "6.6.1",
            "test_6_6_1_a_blackmail_without_a_penalty_is_refused_at_the_order",
        ),
        Refusal(
            "a penalty on an order that is no blackmail",
            "6.6",
            "test_6_6_a_penalty_on_an_order_that_is_no_blackmail_is_refused",
        ),
        Refusal(
            "a Rechtfertigung against no waiting blackmail",
            "6.6.42",
            "test_6_6_42_a_rechtfertigung_answers_a_blackmail_that_is_waiting",
        ),
        Refusal(
            "a Rechtfertigung against one's own blackmail",
            "6.6.42",
            "test_6_6_42_a_blackmailer_hands_no_rechtfertigung_against_his_own_blackmail",
        ),
        Refusal("--delete of an order already evaluated", "ruling", "test_20_order_delete_row"),
    ),
    "draw": (
        _OVER,
        Refusal(
            "the round drawn already (without --again)",
            "8.1",
            "test_a_round_is_drawn_once_unless_asked_again",
        ),
        Refusal(
            "--max-price 0",
            "6.2.1",
            "test_6_2_1_a_maxpreis_of_0_or_a_word_is_refused_and_a_guests_import_needs_none",
        ),
        Refusal(
            "--max-price below a trader's price of the round",
            "6.2.1",
            "test_6_2_1_a_maxpreis_below_a_traders_price_of_the_round_is_refused",
        ),
    ),
    "purchase": (
        _OVER,
        Refusal("a player out of the game", "2", _OUT),
        Refusal(
            "a second purchase in the round (without --replace)", "3", "test_20_3_purchase_command"
        ),
        Refusal("--delete of a row of a round evaluated", "ruling", "test_20_3_purchase_command"),
    ),
    "build": (
        _OVER,
        Refusal("a player out of the game", "2", _OUT),
        Refusal("a second build in the round (without --replace)", "7", "test_20_7_build_command"),
    ),
}
