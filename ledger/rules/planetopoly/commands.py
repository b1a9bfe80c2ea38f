"""The banker's commands of Planetopoly, each described once (its spec: the CLI's arguments and
an Events row's columns) and carried out by its handler. Every refusal names its rule.

The players move their own pieces; the banker records what happened (a landing, a purchase, a
card). Positions and turns are not tracked, except what §5 and §10 need: a plot bought this
turn (Holdings `new`) and the turns missed in prison (Players `prison_turns`).

Where each rule's commands live: §3 start and §4 risk in `start_risk`; §5 and §6 buying and
building in `buy_build`; rents (§5, §6, §11) in `rents`; §8 remote buys and §9 sales in
`remote_sell`; §7 event cards and §10 prison in `events_prison`; the checks every command makes
first in `kit`. This module holds the specs, the dispatch and the Events rows.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ledger.core.params import ActionSpec, Param, Refusal, parse_params
from ledger.core.problems import Problem, problem
from ledger.rules.planetopoly import bank
from ledger.rules.planetopoly.books import Books
from ledger.rules.planetopoly.buy_build import build, buy
from ledger.rules.planetopoly.events_prison import bail, card, prison, stay
from ledger.rules.planetopoly.kit import Handler, Refused, summarize
from ledger.rules.planetopoly.remote_sell import remote_buy, sell
from ledger.rules.planetopoly.rents import rent
from ledger.rules.planetopoly.sheets import board_of, replace_holding
from ledger.rules.planetopoly.start_risk import risk, start

PLAYER = Param("player", "text", True, cli="PLAYER", help="The player.", column="player")
DEED = Param("deed", "text", True, cli="DEED", help="The deed's key (lyra-1, speed-trap-2).")
DICE = Param("dice", "text", False, cli="--dice", help="The two dice as thrown, e.g. 3,5.")
POINTS = Param("points", "int", False, cli="--points", help="How many support points.")

#: What every command refuses: a won game (§2), a player who has lost (§9).
OVER = (
    Refusal("the game won: one player left", "§2", "test_2_a_won_game_refuses_every_command"),
    Refusal("a player who has lost by debt", "§9", "test_9_a_player_who_has_lost_takes_no_part"),
)
#: A move: a prisoner does not move (§10); a served sentence ends with the move.
MOVE = (*OVER, Refusal("a player in prison", "§10", "test_10_a_prisoner_makes_no_move"))
CARD = "test_10_a_prisoner_does_not_move_so_pays_no_rent_and_draws_no_card"
DEBT = "test_9_rent_shortfall_borrowed_exactly_and_repaid_from_income"
CASH = Refusal(
    "more than the player's cash (the bank lends none for it)",
    "§9",
    "test_9_a_purchase_is_not_lent",
)
SERVED = "test_10_third_stay_serves_the_sentence_and_frees_on_the_next_turn"
LIMITS = (
    Refusal("one plot of a planet owned: more than one point", "§5", "test_5_one_plot_owned_at_most_one_point"),
    Refusal("two plots owned: more than two points each", "§5", "test_5_two_plots_owned_at_most_two_points_each"),
    Refusal("a station without a point on each other plot", "§5", "test_5_station_needs_a_point_on_each_other_plot"),
    Refusal("two stations without two points on each other plot", "§5", "test_5_two_stations_need_two_points_on_each_other_plot"),
    Refusal("a space base without a station on each other plot; more than a base", "§5", "test_5_space_base_needs_a_station_on_each_other_plot"),
)  # fmt: skip

SPECS: dict[str, ActionSpec] = {
    s.name: s
    for s in (
        ActionSpec(
            "start",
            (PLAYER, Param("exact", "flag", cli="--exact", help="Landed exactly on start.")),
            "Passing start pays 1000 MU; landing on it 200 more (§3).",
            "ledger start Ann --exact",
            refuses=MOVE,
        ),
        ActionSpec(
            "risk",
            (PLAYER, Param("dice", "text", True, cli="--dice", help=DICE.help)),
            "The risk field: pay or receive the §11 table's amount for the dice (§4).",
            "ledger risk Ann --dice 3,5",
            refuses=MOVE,
        ),
        ActionSpec(
            "buy",
            (PLAYER, DEED),
            "Buy the deed the player landed on, from the bank (§5, §6).",
            "ledger buy Ann lyra-2",
            refuses=(
                *MOVE,
                Refusal("a player in debt", "§9", DEBT),
                Refusal("a deed owned already", "§5 §6", "test_5_a_deed_is_bought_once"),
                Refusal(
                    "a plot of a planet another player claims",
                    "§5",
                    "test_5_claim_refuses_a_plot_to_another_player",
                ),
                Refusal(
                    "a plot of a new planet while one deed of a claimed planet is held",
                    "§5",
                    "test_5_two_deeds_of_every_claimed_planet_before_another",
                ),
                CASH,
            ),
        ),
        ActionSpec(
            "build",
            (PLAYER, DEED, POINTS),
            "Build support points on an own plot, within §5's limits (3 points a space station, "
            "3 stations a space base).",
            "ledger build Ann lyra-2 --points 1",
            refuses=(
                *MOVE,
                Refusal("a player in debt", "§9", DEBT),
                Refusal(
                    "a plot of another or of nobody",
                    "§5",
                    "test_5_support_points_only_on_ones_own_plots",
                ),
                Refusal("a toll station or speed trap", "§6", "test_6_toll_station_gives_no_claim"),
                Refusal(
                    "a plot bought this turn",
                    "§5",
                    "test_5_no_support_points_on_the_turn_the_plot_was_bought",
                ),
                *LIMITS,
                CASH,
            ),
        ),
        ActionSpec(
            "rent",
            (PLAYER, DEED, DICE),
            "The player landed on another's deed and pays its rent: a plot's by its level, a "
            "toll station's or speed trap's by the §11 table (§5, §6, §10).",
            "ledger rent Bob speed-trap-1 --dice 4,2",
            refuses=(
                *OVER,
                Refusal("a payer in prison (a prisoner does not move)", "§10", CARD),
                Refusal("an owner in prison: no rent", "§10", "test_10_prisoner_collects_no_rent"),
                Refusal(
                    "a deed nobody owns, or the payer's own",
                    "§5 §6",
                    "test_5_rent_is_owed_to_another_owner",
                ),
                Refusal(
                    "a level the Deeds sheet prints no rent for",
                    "§5",
                    "test_5_a_level_without_its_rent_in_deeds_is_named_and_its_rent_refused",
                ),
            ),
        ),
        ActionSpec(
            "remote-buy",
            (
                PLAYER,
                DEED,
                Param(
                    "lander",
                    "text",
                    True,
                    cli="--lander",
                    help="The player who first landed on the plot: gets the premium.",
                    column="to",
                ),
                POINTS,
            ),
            "Buy a plot (or support points) of a claimed planet another player landed on: the "
            "price to the bank, the deed's premium to that player (§8).",
            "ledger remote-buy Ann lyra-3 --lander Bob",
            refuses=(
                *OVER,
                Refusal(
                    "a buyer in prison, a served sentence too until the next turn",
                    "§10",
                    "test_10_prisoner_makes_no_sale_or_remote_buy",
                ),
                Refusal("a player in debt", "§9", "test_9_no_remote_buy_while_in_debt"),
                Refusal(
                    "a planet the buyer has no claim to", "§8", "test_8_remote_buy_needs_the_claim"
                ),
                Refusal(
                    "the buyer as the lander; a toll station or speed trap; points on a plot bought this turn or past §5's limits",
                    "§8 §6 §5",
                    "test_8_a_remote_buy_is_of_a_plot_another_player_landed_on",
                ),
                CASH,
            ),
        ),
        ActionSpec(
            "sell",
            (PLAYER, DEED, POINTS),
            "Sell a deed (or --points N support points) back to the bank at its sale value (§9).",
            "ledger sell Ann toll-station-2",
            refuses=(
                *OVER,
                Refusal(
                    "a seller in prison, a served sentence too until the next turn",
                    "§10",
                    "test_10_prisoner_makes_no_sale_or_remote_buy",
                ),
                Refusal("a served sentence before the prisoner's next turn", "§10", SERVED),
                Refusal(
                    "another's deed; a plot with points (sold first); more points than it has",
                    "§9",
                    "test_9_a_sale_is_of_ones_own_deed_its_points_first",
                ),
                Refusal(
                    "points whose sale breaks §5's limits on the other plots",
                    "§9 §5",
                    "test_9_selling_points_keeps_the_limits_on_the_other_plots",
                ),
            ),
        ),
        ActionSpec(
            "event",
            (
                PLAYER,
                Param("pay", "money", cli="--pay", help="The card says pay this to the bank."),
                Param("receive", "money", cli="--receive", help="The card says receive this."),
                Param("card", "text", cli="--card", help="The card's text."),
            ),
            "An event card as the banker reads it: pay to or receive from the bank (§7).",
            "ledger event Ann --pay 100 --card 'Repairs'",
            refuses=(*OVER, Refusal("a player in prison (a prisoner does not move)", "§10", CARD)),
        ),
        ActionSpec(
            "prison",
            (PLAYER,),
            "The player goes to prison: the same double twice, or three doubles (§10).",
            "ledger prison Ann",
            refuses=(
                *OVER,
                Refusal(
                    "a player in prison already",
                    "§10",
                    "test_10_prison_bail_and_stay_need_the_prison_they_name",
                ),
            ),
        ),
        ActionSpec(
            "bail",
            (PLAYER,),
            "The prisoner pays the fine to leave: 600, 400 or 200 MU on the 1st, 2nd or 3rd "
            "turn (§10).",
            "ledger bail Ann",
            refuses=(
                *OVER,
                Refusal(
                    "a player not in prison",
                    "§10",
                    "test_10_prison_bail_and_stay_need_the_prison_they_name",
                ),
                Refusal(
                    "a fine more than the prisoner's cash (not lent)",
                    "§10 §9",
                    "test_10_the_fine_is_paid_in_cash_not_lent",
                ),
            ),
        ),
        ActionSpec(
            "stay",
            (PLAYER,),
            "The prisoner stays and misses a round; the third stay serves the sentence (§10).",
            "ledger stay Ann",
            refuses=(
                *OVER,
                Refusal(
                    "a player not in prison",
                    "§10",
                    "test_10_prison_bail_and_stay_need_the_prison_they_name",
                ),
                Refusal("a sentence served (the third stay)", "§10", SERVED),
            ),
        ),
    )
}


HANDLERS: dict[str, Handler] = {
    "start": start,
    "risk": risk,
    "buy": buy,
    "build": build,
    "rent": rent,
    "remote-buy": remote_buy,
    "sell": sell,
    "event": card,
    "prison": prison,
    "bail": bail,
    "stay": stay,
}


def _actor(books: Books, given: Mapping[str, Any]) -> str | None:
    name = given.get("player")
    p = books.player(str(name)) if name else None
    return p.name if p else None


def apply(
    books: Books, name: str, given: Mapping[str, Any], where: Mapping[str, str], event: str
) -> tuple[str, list[Problem]]:
    """Check the parameters by the spec, apply the command; problems instead of changes (the
    caller saves nothing then)."""
    spec = SPECS.get(name)
    if spec is None:
        return "", [
            problem(
                "not-in-this-game", name, f"Planetopoly has no command {name}", ", ".join(SPECS)
            )
        ]
    values, problems = parse_params(spec, given, where)
    if problems:
        return "", problems
    over = bank.game_over(books, name)
    if over is not None:
        return "", [over]
    full = {p.name: where.get(p.name, p.cli) for p in spec.params}
    board = board_of(books)
    saved, rolls = board.clone(), len(books.dice)
    actor = _actor(books, values)
    served = [p.name for p in books.players if bank.served(books, p)]
    try:
        summary = HANDLERS[name](books, values, full, event)
    except Refused as exc:  # nothing posted yet: the board and the dice as they were
        books.state = saved
        del books.dice[rolls:]
        return "", exc.problems
    if actor is not None:  # another player's move: a plot bought before may now take points
        for h in list(board.holdings):
            if h.new and h.owner != actor:
                board.put(replace_holding(h, new=False))
    said = bank.eliminate(books, event)
    if name != "bail":  # (bail says it itself)
        said = [
            f"{n} has served the sentence and leaves prison, no fine (§10)"
            for n in served
            if (p := books.player(n)) is not None and not bank.flag(p, "in_prison")
        ] + said
    bank.refresh_debts(books)
    return summarize(summary, said), []
