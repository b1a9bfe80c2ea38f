"""Crime and justice in Triplanetary V/2: §33 piracy, §34 warlords, §36A crimes on record,
fines to the Patrol (§6), §36C public relations. Trials, bribes and their penalties are in
trials.py.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated

from ledger.core.books import Player
from ledger.core.charges import spendable
from ledger.core.money import Money, round_money
from ledger.core.params import Arg
from ledger.core.problems import Problem
from ledger.core.steps import Refused, gather, set_columns
from ledger.core.words import plural
from ledger.rules.triplanetary import tables
from ledger.rules.triplanetary.books import Books
from ledger.rules.triplanetary.kit import (
    COMMANDS,
    SAID,
    Act,
    Done,
    PlayerMove,
    at_least_one,
    collected_when,
    owe,
)
from ledger.rules.triplanetary.model import OUTLAWS, Crime, Due
from ledger.rules.triplanetary.roles import PATROL_ROLE


class CrimeMove(PlayerMove):
    cls: Annotated[str, Arg("--class", help="I, II or III (§36A)")]
    what: Annotated[str, Arg("--what")]


class Fine(PlayerMove):
    amount: Annotated[Decimal, Arg("AMOUNT", column="amount")]
    reason: Annotated[str, Arg("--reason")]


class Declare(PlayerMove):
    what: Annotated[str, Arg("pirate|warlord", column="to")]


class Pr(PlayerMove):
    change: Annotated[str, Arg("CHANGE", column="amount")]
    reason: Annotated[str, Arg("--reason")]


class PrProgram(PlayerMove):
    count: Annotated[int, Arg("COUNT", help="how many programs (5000 KC each)", column="amount")]


def crime_class(text: str, where: str) -> int:
    """The crime class (§36A) `text` names (I, II, III, 1, 2, 3, "class ii"), or refused."""
    try:
        return int(tables.parse_crime_class(text))
    except ValueError:
        raise SAID.refuse("bad-class", where, text=text) from None


def dead_problem(player: Player, where: str) -> Problem | None:
    """§5: a dead player's company is dissolved: it acts no more, pays and is paid nothing,
    is neither tried nor fined, and owes nothing more."""
    if player.get("status") != "dead":
        return None
    return SAID.problem("dead", where, player=player.name)


def refuse_dead(player: Player, where: str) -> None:
    found = dead_problem(player, where)
    if found is not None:
        raise Refused(found)


def pr_of(player: Player) -> int:
    pr = player.get("pr") or 0
    assert isinstance(pr, int)
    return pr


def in_prison(player: Player) -> bool:
    """Serving a prison term (§41): imprisoned, or a pirate or warlord with the day the term
    ends (status_until): an outlaw in prison stays an outlaw (§33, §34)."""
    status = player.get("status")
    return status == "imprisoned" or (
        status in OUTLAWS and isinstance(player.get("status_until"), int)
    )


def prison_term(player: Player) -> int | None:
    """The day the prison term the player serves ends, or None."""
    until = player.get("status_until")
    return until if in_prison(player) and isinstance(until, int) else None


def imprison(books: Books, player: Player, until: int) -> Player:
    """§41 prison to day `until`; a pirate or warlord serves it as one (§33, §34)."""
    status = str(player.get("status") or "free")
    return set_status(books, player, status if status in OUTLAWS else "imprisoned", until)


def set_status(books: Books, player: Player, status: str, until: int | None = None) -> Player:
    return set_columns(books, player.name, status=status, status_until=until)


def fine_player(
    act: Act, player: Player, amount: Decimal, reason: str, rule: str, param: str
) -> str:
    """A fine goes to the Patrol (§6); what cannot be paid now is owed (Dues). The Patrol's
    own player is not fined: the fine would go from the Patrol to the Patrol (as in the tick)."""
    if player.role == PATROL_ROLE:
        return f"no fine: {player.name} holds the Patrol, to which a fine would go (§6)"
    books, state = act.books, act.state
    now = min(spendable(books, player), amount)
    parts = []
    if now > 0:
        txn = act.post(
            [*act.debit(player, now, param), ("patrol", now)],
            kind="fine",
            memo=f"fine: {reason}",
            rule=rule,
        )
        parts.append(f"txn {txn.id}: {player.name} pays a fine of {now:.2f} KC to the Patrol")
    rest = amount - now
    if rest > 0:
        owe(state, Due("", player.name, "patrol", rest, f"fine: {reason}", books.day, rule))
        parts.append(f"{rest:.2f} KC of the fine is owed: {collected_when(player.name)}")
    return "; ".join(parts)


@COMMANDS("crime", "ledger crime Bob --class II --what 'claim jumping at M3'")
def _crime(act: Act, a: CrimeMove) -> Done:
    """Record a crime reported to the Patrol (§36A)."""
    state = act.state
    player, cls = gather(  # independent mistakes are told together
        lambda: act.player(a.player),
        lambda: crime_class(a.cls, act.where["cls"]),
    )
    cid = state.next_id("X", [c.id for c in state.crimes])
    state.crimes.append(Crime(cid, player.name, act.books.day, cls, a.what, "§36A"))
    return Done(f"crime {cid} on record: class {'I' * cls} by {player.name}: {a.what} (§36A)")


def _more_than_0(amount: Decimal, where: str) -> Decimal:
    if amount <= 0:
        raise SAID.refuse("fine-not-positive", where)
    return amount


@COMMANDS("fine", "ledger fine Bob 50 --reason 'reckless docking'")
def _fine(act: Act, a: Fine) -> Done:
    """Fine a player; fines go to the Patrol (§6)."""
    player, _ = gather(  # independent mistakes are told together
        lambda: act.player(a.player),
        lambda: _more_than_0(a.amount, act.where["amount"]),
    )
    if player.role == PATROL_ROLE:
        raise act.said("patrol-fined", "player", player=player.name)
    return Done(
        fine_player(act, player, a.amount, a.reason, "§6", "amount"),
    )


def _declared(text: str, where: str) -> str:
    what = text.strip().casefold()
    if what not in OUTLAWS:
        raise SAID.refuse("bad-declaration", where, text=text)
    return what


@COMMANDS("declare", "ledger declare Bob pirate")
def _declare(act: Act, a: Declare) -> Done:
    """A player turns pirate or warlord: for good, PR -15 (§33, §34)."""
    player, what = gather(  # independent mistakes are told together
        lambda: act.player(a.player),
        lambda: _declared(a.what, act.where["what"]),
    )
    if player.role == PATROL_ROLE:
        raise act.said("patrol-cannot-declare", "player")
    status = player.get("status") or "free"
    if status == what or (status == "warlord" and what == "pirate"):
        raise act.said("irreversible", "what", player=player.name, status=status)
    player = set_status(act.books, player, what, prison_term(player))  # a term goes on (§41)
    # a pirate's PR is the house rule's (§33 §36C, as a pirate made by unpaid tax, §29)
    change = act.rules.pr_pirate if what == "pirate" else tables.PR_WARLORD
    act.set_pr(player, change, f"turned {what}", "§33 §36C" if what == "pirate" else "§34 §36C")
    return Done(
        f"{player.name} is a {what}, for good (§33, §34); PR {change:+d}; only Ceres trades with them now"
    )


def _pr_points(said: object, where: str) -> int:
    text = str(said).strip()
    try:
        return int(text)
    except ValueError:
        raise SAID.refuse("bad-pr-points", where, text=text) from None


@COMMANDS("pr", "ledger pr Ann +1 --reason heroism")
def _pr_award(act: Act, a: Pr) -> Done:
    """Award or take public relations points the table agreed on (§36C)."""
    player, change = gather(  # independent mistakes are told together
        lambda: act.player(a.player),
        lambda: _pr_points(a.change, act.where["change"]),
    )
    act.set_pr(player, change, a.reason)
    return Done(
        f"{player.name}'s PR {change:+d} ({a.reason}): now {pr_of(act.books.player(player.name) or player)}"
    )


@COMMANDS("pr-program", "ledger pr-program Ann 2")
def _pr_program(act: Act, a: PrProgram) -> Done:
    """Public relations programs on Earth: 5000 KC each, paid to Earth, PR +1 each (§36C).

    §36C: "+1 - For each 5000 KC public relations program spent on Earth": the money goes
    to Earth (taken from the player's bank on Earth first), the PR is the player's."""
    rules = act.rules
    player, count = gather(  # independent mistakes are told together
        lambda: act.player(a.player),
        lambda: at_least_one(a.count, act.where["count"], "pay for at least one program"),
    )
    cost = rules.program_cost * count
    programs = plural(count, "public relations program")
    txn = act.charge(
        player,
        cost,
        "earth",
        kind="pr-program",
        memo=f"{player.name}: {programs} on Earth",
        rule="§36C",
        where="count",
        at="Earth",
    )
    change = rules.pr_per_program * count
    act.set_pr(player, change, f"{programs} on Earth")
    return Done(
        f"txn {txn.id}: {player.name} pays {Money(round_money(cost), act.books.currency)} to Earth for {programs}; PR {change:+d}: now {pr_of(act.books.player(player.name) or player)}"
    )
