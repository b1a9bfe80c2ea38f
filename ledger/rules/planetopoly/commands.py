"""The banker's commands of Planetopoly, each described once (its spec: the CLI's arguments and
an Events row's columns) and carried out by its handler. Every refusal names its rule.

The players move their own pieces; the banker records what happened (a landing, a purchase, a
card). Positions and turns are not tracked, except what §5 and §10 need: a plot bought this
turn (Holdings `new`) and the turns missed in prison (Players `prison_turns`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from decimal import Decimal
from typing import Any

from ledger.core.books import BANK, Books, Event, Player
from ledger.core.journal import Transaction
from ledger.core.params import ActionSpec, Param, parse_params, split_args
from ledger.core.problems import CellRef, Problem, problem
from ledger.rules.planetopoly import bank, rules, tables
from ledger.rules.planetopoly.sheets import DeedRow, HoldingRow, board_of, replace_holding


class Refused(Exception):
    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("; ".join(p.message for p in problems))
        self.problems = problems


def refuse(code: str, where: str, message: str, hint: str = "") -> Refused:
    return Refused([problem(code, where, message, hint)])


Where = Mapping[str, str]
Handler = Callable[[Books, dict[str, Any], Where, str], str]

PLAYER = Param("player", "text", True, cli="PLAYER", help="The player.", column="player")
DEED = Param("deed", "text", True, cli="DEED", help="The deed's key (lyra-1, speed-trap-2).")
DICE = Param("dice", "text", False, cli="--dice", help="The two dice as thrown, e.g. 3,5.")
POINTS = Param("points", "int", False, cli="--points", help="How many support points.")

SPECS: dict[str, ActionSpec] = {
    s.name: s
    for s in (
        ActionSpec(
            "start",
            (PLAYER, Param("exact", "flag", cli="--exact", help="Landed exactly on start.")),
            "Passing start pays 1000 MU; landing on it 200 more (§3).",
            "ledger start Ann --exact",
        ),
        ActionSpec(
            "risk",
            (PLAYER, Param("dice", "text", True, cli="--dice", help=DICE.help)),
            "The risk field: pay or receive the §11 table's amount for the dice (§4).",
            "ledger risk Ann --dice 3,5",
        ),
        ActionSpec(
            "buy",
            (PLAYER, DEED),
            "Buy the deed the player landed on, from the bank (§5, §6).",
            "ledger buy Ann lyra-2",
        ),
        ActionSpec(
            "build",
            (PLAYER, DEED, POINTS),
            "Build support points on an own plot, within §5's limits (3 points a space station, "
            "3 stations a space base).",
            "ledger build Ann lyra-2 --points 1",
        ),
        ActionSpec(
            "rent",
            (PLAYER, DEED, DICE),
            "The player landed on another's deed and pays its rent: a plot's by its level, a "
            "toll station's or speed trap's by the §11 table (§5, §6, §10).",
            "ledger rent Bob speed-trap-1 --dice 4,2",
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
        ),
        ActionSpec(
            "sell",
            (PLAYER, DEED, POINTS),
            "Sell a deed (or --points N support points) back to the bank at its sale value (§9).",
            "ledger sell Ann toll-station-2",
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
        ),
        ActionSpec(
            "prison",
            (PLAYER,),
            "The player goes to prison: the same double twice, or three doubles (§10).",
            "ledger prison Ann",
        ),
        ActionSpec(
            "bail",
            (PLAYER,),
            "The prisoner pays the fine to leave: 600, 400 or 200 MU on the 1st, 2nd or 3rd "
            "turn (§10).",
            "ledger bail Ann",
        ),
        ActionSpec(
            "stay",
            (PLAYER,),
            "The prisoner stays and misses a round; the third stay serves the sentence (§10).",
            "ledger stay Ann",
        ),
    )
}


# -- what every command checks first -----------------------------------------------------------


def _player(books: Books, name: str, where: str, rule: str = "§1") -> Player:
    player = books.player(name)
    if player is None:
        names = ", ".join(p.name for p in books.players)
        raise refuse("unknown-player", where, f"{rule}: {name!r} is no player", f"players: {names}")
    if bank.flag(player, "out"):
        raise refuse(
            "player-out",
            where,
            f"§9: {player.name} has lost the game by debt and takes no more part",
            "",
        )
    return player


def _deed(books: Books, key: str, where: str) -> DeedRow:
    deed = board_of(books).deed(key)
    if deed is None:
        keys = ", ".join(d.key for d in board_of(books).deeds)
        raise refuse(
            "unknown-deed", where, f"§5: there is no deed {key!r} in Deeds", f"deeds: {keys}"
        )
    return deed


def _free(player: Player, where: str, what: str) -> None:
    if bank.flag(player, "in_prison"):
        raise refuse(
            "in-prison",
            where,
            f"§10: {player.name} is in prison and may not {what}",
            f"ledger bail {player.name} or ledger stay {player.name} on their turn",
        )


def _no_debt(books: Books, player: Player, where: str, what: str) -> None:
    owed = bank.debt(books, player)
    if owed > 0:
        raise refuse(
            "in-debt",
            where,
            f"§9: {player.name} owes the bank {owed:.2f} {books.currency} and may not {what} "
            "until the debts are repaid",
            "money the player receives repays the debt first; a sale raises money",
        )


def _afford(
    books: Books, player: Player, amount: Decimal, what: str, rule: str, where: str
) -> None:
    found = bank.can_afford(books, player, amount, what, rule, where)
    if found:
        raise Refused([found])


def _dice(books: Books, text: str, where: str, purpose: str) -> tuple[int, int]:
    parts = [x.strip() for x in text.replace(" ", ",").split(",") if x.strip()]
    try:
        a, b = (int(x) for x in parts)
    except ValueError:
        raise refuse(
            "bad-dice",
            where,
            f"§2: --dice takes the two dice as thrown, not {text!r}",
            "e.g. --dice 3,5",
        ) from None
    if not (1 <= a <= 6 and 1 <= b <= 6):
        raise refuse("bad-dice", where, f"§2: a die shows 1 to 6, not {text!r}", "e.g. --dice 3,5")
    return a, b


def _record_dice(books: Books, a: int, b: int, purpose: str, decided: str) -> None:
    for value in (a, b):
        roll = books.roll(6, purpose, entered=value)
        books.decide(roll, decided)


def _summary(head: str, said: list[str]) -> str:
    return head + (f"; {'; '.join(said)}" if said else "")


# -- the commands ------------------------------------------------------------------------------


def start(books: Books, v: dict[str, Any], where: Where, event: str) -> str:
    player = _player(books, v["player"], where["player"])
    _free(player, where["player"], "pass start: a prisoner does not move")
    s = books.settings
    amount = s.get_decimal("pass_start")
    text = f"{player.name} passes start"
    if v.get("exact"):
        amount += s.get_decimal("exact_start_bonus")
        text = f"{player.name} lands exactly on start"
    said = bank.pay_in(books, player, BANK, amount, memo=text, rule="§3", kind="start", event=event)
    return _summary(f"{text}: +{amount:.2f} {books.currency} (§3)", said)


def risk(books: Books, v: dict[str, Any], where: Where, event: str) -> str:
    player = _player(books, v["player"], where["player"])
    _free(player, where["player"], "land on the risk field: a prisoner does not move")
    a, b = _dice(books, v["dice"], where["dice"], "risk")
    amount = tables.RISK[a - 1][b - 1]
    how = "receives" if amount > 0 else "pays"
    text = f"{player.name} {how} {abs(amount)} on the risk field ({a},{b})"
    _record_dice(books, a, b, f"risk {player.name}", f"{amount:+d} {books.currency} (§4, §11)")
    money = Decimal(abs(amount))
    if amount > 0:
        said = bank.pay_in(
            books, player, BANK, money, memo=text, rule="§4 §11", kind="risk", event=event
        )
    else:
        said = bank.pay_out(
            books, player, BANK, money, memo=text, rule="§4 §11", kind="risk", event=event
        )
    return _summary(f"{text} (§4)", said)


def buy(books: Books, v: dict[str, Any], where: Where, event: str) -> str:
    player = _player(books, v["player"], where["player"])
    deed = _deed(books, v["deed"], where["deed"])
    board = board_of(books)
    _free(player, where["player"], "buy: a prisoner does not move")
    _no_debt(books, player, where["player"], "buy anything")
    owner = board.holding(deed.key)
    if owner is not None:
        rule = "§5" if deed.is_plot else "§6"
        raise refuse(
            "deed-owned",
            where["deed"],
            f"{rule}: {deed.name} belongs to {owner.owner}",
            f"ledger rent {player.name} {deed.key} for the rent"
            if owner.owner != player.name
            else "",
        )
    if deed.is_plot:
        claim = rules.claimant(board, deed.planet)
        if claim is not None and claim != player.name:
            raise refuse(
                "planet-claimed",
                where["deed"],
                f"§5: {claim} owns a plot of {deed.planet} and has the claim to the whole planet",
                f"{claim} may buy it remotely: ledger remote-buy {claim} {deed.key} --lander {player.name}",
            )
        if claim is None:
            short = rules.unfinished_claims(board, player.name)
            if short:
                raise refuse(
                    "claim-unfinished",
                    where["deed"],
                    f"§5: {player.name} holds one deed of {', '.join(short)} and must hold at "
                    f"least two of every claimed planet before buying a plot of {deed.planet}",
                    "",
                )
    rule = "§5" if deed.is_plot else "§6"
    _afford(books, player, deed.price, deed.name, rule, where["player"])
    board.put(HoldingRow(deed.key, player.name, 0, deed.is_plot))
    said = bank.pay_out(
        books,
        player,
        BANK,
        deed.price,
        memo=f"{player.name} buys {deed.name}",
        rule=rule,
        kind="buy",
        event=event,
    )
    return _summary(
        f"{player.name} buys {deed.name} for {deed.price:.2f} {books.currency} ({rule})", said
    )


def _check_points(
    books: Books, deed: DeedRow, owner: str, after: int, where: str, rule: str
) -> None:
    board = board_of(books)
    points = rules.planet_points(board, deed.planet, owner)
    points[deed.key] = after
    breaches = rules.limit_breaches(points)
    if breaches:
        raise Refused(
            [
                problem(
                    "support-point-limit",
                    where,
                    f"{rule}: {what} ({key} would have {points[key]})",
                    "build on the other plots of the planet first" if rule == "§5" else "",
                )
                for key, what in breaches
            ]
        )


def _add_points(
    books: Books, player: Player, deed: DeedRow, n: int, where: Where, rule: str
) -> HoldingRow:
    board = board_of(books)
    held = board.holding(deed.key)
    if not deed.is_plot:
        raise refuse(
            "no-points-here",
            where["deed"],
            f"§6: no support points can be built on a {deed.kind.replace('-', ' ')}",
            "",
        )
    if held is None or held.owner != player.name:
        raise refuse(
            "not-owner",
            where["deed"],
            f"§5: {player.name} does not own {deed.name}",
            "support points go on the player's own plots",
        )
    if n < 1:
        raise refuse("bad-number", where["points"], f"{rule}: --points must be 1 or more", "")
    if held.new:
        raise refuse(
            "bought-this-turn",
            where["deed"],
            f"§5: {player.name} bought {deed.name} this turn and may build support points on it "
            "only at the next opportunity",
            "the mark goes when another player's move is recorded (or type no in Holdings' new)",
        )
    _check_points(
        books, deed, player.name, held.points + n, where.get("points", where["deed"]), "§5"
    )
    return held


def build(books: Books, v: dict[str, Any], where: Where, event: str) -> str:
    player = _player(books, v["player"], where["player"])
    deed = _deed(books, v["deed"], where["deed"])
    n = 1 if v.get("points") is None else int(v["points"])
    _free(player, where["player"], "build: a prisoner does not move")
    _no_debt(books, player, where["player"], "build")
    held = _add_points(books, player, deed, n, where, "§5")
    cost = deed.point_price * n
    _afford(books, player, cost, f"{n} support points on {deed.name}", "§5", where["player"])
    board_of(books).put(replace_holding(held, points=held.points + n))
    level = tables.level_name(held.points + n)
    said = bank.pay_out(
        books,
        player,
        BANK,
        cost,
        memo=f"{player.name} builds {n} support point{'s' * (n > 1)} on {deed.name}: {level}",
        rule="§5",
        kind="build",
        event=event,
    )
    return _summary(
        f"{player.name} builds {n} on {deed.name} for {cost:.2f} {books.currency}: {level} (§5)",
        said,
    )


def st_count(books: Books, owner: str, kind: str) -> int:
    """How many toll stations (or speed traps) the owner has: counted apart (ruling), or
    together with setting count_st_together."""
    board = board_of(books)
    together = books.settings.get_bool("count_st_together")
    kinds = (tables.TOLL, tables.SPEED) if together else (kind,)
    n = 0
    for h in board.owned_by(owner):
        d = board.deed(h.deed)
        if d is not None and d.kind in kinds:
            n += 1
    return min(n, 4)


def rent(books: Books, v: dict[str, Any], where: Where, event: str) -> str:
    player = _player(books, v["player"], where["player"])
    deed = _deed(books, v["deed"], where["deed"])
    board = board_of(books)
    held = board.holding(deed.key)
    rule = "§5" if deed.is_plot else "§6"
    if held is None:
        raise refuse(
            "deed-unowned",
            where["deed"],
            f"{rule}: nobody owns {deed.name}: no rent",
            f"ledger buy {player.name} {deed.key} to buy it",
        )
    owner = books.player(held.owner)
    if owner is None:
        raise refuse("unknown-player", where["deed"], f"§5: {held.owner!r} is no player", "")
    if owner.name == player.name:
        raise refuse("own-deed", where["deed"], f"{rule}: {player.name} owns {deed.name}", "")
    if bank.flag(owner, "in_prison"):
        raise refuse(
            "owner-in-prison",
            where["deed"],
            f"§10: {owner.name} is in prison and collects no rent for {deed.name}",
            "nothing to pay",
        )
    if deed.is_plot:
        if v.get("dice"):
            _dice(books, v["dice"], where["dice"], "rent")  # thrown to move: nothing to decide
        amount = deed.rent_at(held.points)
        how = tables.level_name(held.points)
        rule = "§5"
    else:
        if not v.get("dice"):
            raise refuse(
                "missing-dice",
                where["dice"],
                f"§6: the rent of a {deed.kind.replace('-', ' ')} goes by the dice total (§11)",
                f"ledger rent {player.name} {deed.key} --dice A,B",
            )
        a, b = _dice(books, v["dice"], where["dice"], "rent")
        n = st_count(books, owner.name, deed.kind)
        amount = Decimal(tables.ST_RENT[n][a + b])
        how = f"{n} owned, dice {a}+{b}={a + b}"
        rule = "§6 §11"
        _record_dice(books, a, b, f"rent {deed.key}", f"{amount:.2f} {books.currency} ({how})")
    if amount <= 0:
        where_deed = str(deed.ref) if deed.ref else "Deeds"
        raise refuse(
            "no-rent", where_deed, f"{rule}: the card of {deed.name} prints no rent for {how}", ""
        )
    text = f"{player.name} pays {owner.name} rent for {deed.name} ({how})"
    said = bank.pay_out(
        books,
        player,
        books.game.cash_account(owner),
        amount,
        memo=text,
        rule=rule,
        kind="rent",
        event=event,
    )
    return _summary(f"{text}: {amount:.2f} {books.currency} ({rule})", said)


def remote_buy(books: Books, v: dict[str, Any], where: Where, event: str) -> str:
    player = _player(books, v["player"], where["player"], "§8")
    deed = _deed(books, v["deed"], where["deed"])
    lander = _player(books, v["lander"], where["lander"], "§8")
    board = board_of(books)
    _free(player, where["player"], "carry out a remote buy")
    _no_debt(books, player, where["player"], "buy anything")
    if lander.name == player.name:
        raise refuse(
            "lander-is-buyer",
            where["lander"],
            "§8: a remote buy pays its premium to another player who landed on the plot",
            f"ledger buy {player.name} {deed.key} for a plot one landed on",
        )
    if not deed.is_plot:
        raise refuse(
            "no-remote-buy",
            where["deed"],
            f"§6: a {deed.kind.replace('-', ' ')} gives no claim and cannot be bought remotely",
            "",
        )
    claim = rules.claimant(board, deed.planet)
    if claim != player.name:
        raise refuse(
            "no-claim",
            where["deed"],
            f"§8: {player.name} has no claim to {deed.planet}"
            + (f" ({claim} has)" if claim else " (nobody owns a plot of it)"),
            "a remote buy needs a plot of the planet already",
        )
    held = board.holding(deed.key)
    n: int = v.get("points") or 0
    if held is None:
        if n:
            raise refuse(
                "bought-this-turn",
                where["points"],
                "§5: support points on a new plot only at the next opportunity",
                "buy the plot now and the points on a later remote buy",
            )
        cost, what = deed.price, deed.name
    else:
        held = _add_points(books, player, deed, n, where, "§8")
        cost, what = deed.point_price * n, f"{n} support points on {deed.name}"
    _afford(books, player, cost + deed.premium, f"{what} and the premium", "§8", where["player"])
    if held is None:
        board.put(HoldingRow(deed.key, player.name, 0, True))
    else:
        board.put(replace_holding(held, points=held.points + n))
    said = bank.pay_out(
        books,
        player,
        BANK,
        cost,
        memo=f"{player.name} buys {what} remotely",
        rule="§8",
        kind="buy",
        event=event,
    )
    said += bank.pay_out(
        books,
        player,
        books.game.cash_account(lander),
        deed.premium,
        memo=f"{player.name} pays {lander.name} the premium of {deed.name}",
        rule="§8",
        kind="premium",
        event=event,
    )
    return _summary(
        f"{player.name} buys {what} remotely for {cost:.2f} and pays {lander.name} a premium "
        f"of {deed.premium:.2f} {books.currency} (§8)",
        said,
    )


def sell(books: Books, v: dict[str, Any], where: Where, event: str) -> str:
    player = _player(books, v["player"], where["player"], "§9")
    deed = _deed(books, v["deed"], where["deed"])
    board = board_of(books)
    _free(player, where["player"], "sell")
    held = board.holding(deed.key)
    if held is None or held.owner != player.name:
        raise refuse("not-owner", where["deed"], f"§9: {player.name} does not own {deed.name}", "")
    n = v.get("points")
    if n:
        if n > held.points:
            raise refuse(
                "not-that-many",
                where["points"],
                f"§9: {deed.name} has {held.points} support points, not {n}",
                "",
            )
        _check_points(books, deed, player.name, held.points - n, where["points"], "§9 §5")
        value, what = deed.point_sale * n, f"{n} support point{'s' * (n > 1)} on {deed.name}"
        board.put(replace_holding(held, points=held.points - n))
    else:
        if held.points:
            raise refuse(
                "sell-points-first",
                where["deed"],
                f"§9: {deed.name} has {held.points} support points: sell them first",
                f"ledger sell {player.name} {deed.key} --points {held.points}",
            )
        if deed.is_plot:
            board.drop(deed.key)
            rest = rules.planet_points(board, deed.planet, player.name)
            breaches = rules.limit_breaches(rest)
            if breaches:
                board.put(held)
                raise Refused(
                    [
                        problem("support-point-limit", where["deed"], f"§9 §5: {what} ({key})", "")
                        for key, what in breaches
                    ]
                )
        else:
            board.drop(deed.key)
        value, what = deed.sale_value, deed.name
    said = (
        bank.pay_in(
            books,
            player,
            BANK,
            value,
            memo=f"{player.name} sells {what} to the bank",
            rule="§9",
            kind="sale",
            event=event,
        )
        if value > 0
        else []
    )
    return _summary(f"{player.name} sells {what} for {value:.2f} {books.currency} (§9)", said)


def card(books: Books, v: dict[str, Any], where: Where, event: str) -> str:
    player = _player(books, v["player"], where["player"], "§7")
    pay, receive = v.get("pay"), v.get("receive")
    if (pay is None) == (receive is None):
        raise refuse(
            "pay-or-receive",
            where["pay"],
            "§7: an event card either pays to the bank or receives from it: give --pay N or --receive N",
            "a card that only moves the piece needs no command",
        )
    amount = pay if pay is not None else receive
    assert isinstance(amount, Decimal)
    if amount <= 0:
        raise refuse(
            "bad-amount",
            where["pay" if pay is not None else "receive"],
            "§7: the amount must be more than 0",
            "",
        )
    text = f"{player.name}: event card" + (f" {v['card']!r}" if v.get("card") else "")
    if pay is not None:
        said = bank.pay_out(
            books, player, BANK, amount, memo=text, rule="§7", kind="event", event=event
        )
        return _summary(f"{text}: pays {amount:.2f} {books.currency} (§7)", said)
    said = bank.pay_in(books, player, BANK, amount, memo=text, rule="§7", kind="event", event=event)
    return _summary(f"{text}: receives {amount:.2f} {books.currency} (§7)", said)


def prison(books: Books, v: dict[str, Any], where: Where, event: str) -> str:
    player = _player(books, v["player"], where["player"], "§10")
    if bank.flag(player, "in_prison"):
        raise refuse("in-prison", where["player"], f"§10: {player.name} is in prison already", "")
    bank.set_extra(books, player.name, in_prison=True, prison_turns=0)
    return f"{player.name} goes to prison (§10); the next player's turn"


def _prisoner(books: Books, v: dict[str, Any], where: Where) -> Player:
    player = _player(books, v["player"], where["player"], "§10")
    if not bank.flag(player, "in_prison"):
        raise refuse("not-in-prison", where["player"], f"§10: {player.name} is not in prison", "")
    return player


def _ordinal(n: int) -> str:
    return {1: "first", 2: "second", 3: "third"}.get(n, f"{n}th")


BAIL_KEYS = ("bail_first_turn", "bail_second_turn", "bail_third_turn")


def bail(books: Books, v: dict[str, Any], where: Where, event: str) -> str:
    player = _prisoner(books, v, where)
    served = bank.turns(player)
    fine = books.settings.get_decimal(BAIL_KEYS[min(served, len(BAIL_KEYS) - 1)])
    _afford(books, player, fine, "the fine", "§10", where["player"])
    nth = ("first", "second", "third")[min(served, 2)]
    said = bank.pay_out(
        books,
        player,
        BANK,
        fine,
        memo=f"{player.name} pays the fine to leave prison on the {nth} turn",
        rule="§10",
        kind="fine",
        event=event,
    )
    bank.set_extra(books, player.name, in_prison=False, prison_turns=0)
    return _summary(f"{player.name} pays {fine:.2f} {books.currency} and is free (§10)", said)


def stay(books: Books, v: dict[str, Any], where: Where, event: str) -> str:
    player = _prisoner(books, v, where)
    served = bank.turns(player) + 1
    if served >= books.settings.get_int("prison_stays"):
        bank.set_extra(books, player.name, in_prison=False, prison_turns=0)
        return (
            f"{player.name} stays in prison a {_ordinal(served)} time and has served the "
            "sentence: free, no fine (§10)"
        )
    bank.set_extra(books, player.name, prison_turns=served)
    nxt = books.settings.get_decimal(BAIL_KEYS[min(served, len(BAIL_KEYS) - 1)])
    return (
        f"{player.name} stays in prison and misses a round ({served} missed); "
        f"next turn the fine is {nxt:.2f} {books.currency} (§10)"
    )


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
    full = {p.name: where.get(p.name, p.cli) for p in spec.params}
    board = board_of(books)
    saved, rolls = board.clone(), len(books.dice)
    actor = _actor(books, values)
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
    bank.refresh_debts(books)
    return _summary(summary, said), []


def event_handler(
    name: str,
) -> Callable[[Books, Event, str], tuple[list[Transaction], list[Problem]]]:
    """An Events row of this type: `player` and `to` columns, the rest in `args`."""
    from ledger.core.actions import EVENT_COLUMNS

    spec = SPECS[name]

    def handle(books: Books, ev: Event, where: str) -> tuple[list[Transaction], list[Problem]]:
        def cell(col: str) -> str:
            if ev.ref is None:
                return f"event {ev.id}"
            return str(CellRef(ev.ref.sheet, EVENT_COLUMNS.index(col), ev.ref.row))

        given, problems = split_args(spec, ev.args, cell("args"))
        locs = {p.name: cell("args") for p in spec.params}
        for p in spec.params:
            if p.column == "player" and ev.player:
                given[p.name], locs[p.name] = ev.player, cell("player")
            elif p.column == "to" and ev.to:
                given[p.name], locs[p.name] = ev.to, cell("to")
        if problems:
            return [], problems
        before = len(books.journal)
        _, problems = apply(books, name, given, locs, where)
        return books.journal.transactions[before:], problems

    return handle
