"""Trials in Triplanetary V/2: §36B the trial, §36D bribery, §41 the trial results table
and its penalties (fines, prison, confiscation, death), §5 what a dead player leaves (a ship,
base or module destroyed in play is in destruction.py). Every die is entered or drawn from the workbook's seeded
generator and recorded in the Dice sheet with what it decided.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated

from ledger.core.books import Player
from ledger.core.params import Arg
from ledger.core.problems import Problem
from ledger.core.steps import find, gather
from ledger.core.words import plural
from ledger.rules.triplanetary import tables
from ledger.rules.triplanetary.books import Books
from ledger.rules.triplanetary.justice import (
    crime_class,
    fine_player,
    imprison,
    pr_of,
    prison_term,
    set_status,
)
from ledger.rules.triplanetary.kit import (
    COMMANDS,
    GONE,
    SAID,
    Act,
    Done,
    PlayerMove,
    Where,
    creditor_pieces,
    standing_modules,
    state_of,
)
from ledger.rules.triplanetary.model import Crime
from ledger.rules.triplanetary.roles import PATROL_ROLE

JUDGES = "judges"  # where bribes go (§36D)
#: §5 ruling: what a dead player leaves, once the dues are paid, goes back to the bank.
ESTATES_TO = "bank"
#: §36C: the PR of recreation modules in a trial "at Mars or beltward" / "on Earth or sunward"
PR_AT = {
    "beltward": tables.PR_RECREATION_MARS_OR_BELTWARD,
    "sunward": tables.PR_RECREATION_EARTH_OR_SUNWARD,
}


class Trial(PlayerMove):
    cls: Annotated[
        str | None,
        Arg(
            "--class", help="I, II or III (§36A); with --crime, the crime's class (may be left out)"
        ),
    ] = None
    roll: Annotated[
        int | None,
        Arg("--roll", help="the trial die, if rolled at the table (else drawn from the seed)"),
    ] = None
    bribes: Annotated[int, Arg("--bribes", help="bribes to try, 500 KC each, at most 3 (§36D)")] = 0
    bribe_rolls: Annotated[
        str | None, Arg("--bribe-rolls", help="the bribe dice, e.g. 2,5 (else drawn)")
    ] = None
    at: Annotated[
        str | None, Arg("--at", help="where the trial is held (recreation modules count, §36C)")
    ] = None
    crime: Annotated[
        str | None,
        Arg(
            "--crime",
            help="the player's crime on record it tries, e.g. X1: its class, tried once (§36B)",
        ),
    ] = None


def _dice(text: str | None, n: int, where: str) -> list[int] | None:
    if not text:
        return None
    try:
        values = [int(x) for x in str(text).replace(" ", "").split(",") if x]
    except ValueError:
        raise SAID.refuse("dice-not-numbers", where, text=text) from None
    if len(values) != n or any(not 1 <= v <= 6 for v in values):
        raise SAID.refuse("dice-not-n", where, text=text, n=n)
    return values


def _crime_on_record(act: Act, a: Trial) -> Crime | None:
    """The crime on record --crime names (None when it names none), or refused."""
    if not a.crime:
        return None
    state = act.state
    crime = find(state.crimes, a.crime, lambda c: c.id)
    if crime is None:
        crimes = ", ".join(c.id for c in state.crimes) or "none"
        raise act.said("unknown-crime", "crime", crime=a.crime, crimes=crimes)
    return crime


def _class_said(a: Trial, where: Where) -> int | None:
    """--class read (a crime class, §36A), or said missing when there is no --crime either:
    what `_trial_class` refuses, known before the player is."""
    if a.cls:
        return crime_class(a.cls, where["cls"])
    if not a.crime:
        raise SAID.refuse("class-not-said", where["cls"])
    return None


def _bribes(a: Trial, where: Where) -> tuple[int, list[int] | None]:
    """How many bribes (at most three, §36D) and their dice if rolled at the table."""
    bribes = a.bribes or 0
    if bribes > tables.MAX_BRIBES:
        raise SAID.refuse("too-many-bribes", where["bribes"], most=tables.MAX_BRIBES)
    bribe_rolls = _dice(a.bribe_rolls, bribes, where["bribe_rolls"]) if bribes else None
    if a.bribe_rolls and not bribes:
        raise SAID.refuse("bribe-dice-without-bribes", where["bribe_rolls"])
    return bribes, bribe_rolls


def _die(roll: int | None, where: str) -> int | None:
    if roll is not None and not 1 <= roll <= 6:
        raise SAID.refuse("die-not-1-6", where, roll=roll)
    return roll


def _crime_tried(act: Act, a: Trial, player: Player) -> Crime | None:
    """The crime on record a trial tries (--crime): the player's own, not tried before (§36B:
    "for each crime", one trial)."""
    crime = _crime_on_record(act, a)
    if crime is None:
        return None
    if crime.player != player.name:
        raise act.said(
            "not-their-crime", "crime", crime=crime.id, of=crime.player, player=player.name
        )
    if crime.status == "tried" or crime.tried_day is not None:
        when = f" on day {crime.tried_day}" if crime.tried_day is not None else ""
        raise act.said("crime-tried", "crime", crime=crime.id, when=when)
    return crime


def _trial_class(a: Trial, where: Where, crime: Crime | None) -> int:
    """The class the §41 column is read for: the crime's, when it is on record (§36A)."""
    if crime is None:  # no --crime: --class was given (`_class_said` refused its absence)
        assert a.cls
        return crime_class(a.cls, where["cls"])
    if a.cls and crime_class(a.cls, where["cls"]) != crime.crime_class:
        raise SAID.refuse(
            "class-mismatch",
            where["cls"],
            crime=crime.id,
            cls="I" * crime.crime_class,
            typed=a.cls.strip(),
        )
    return crime.crime_class


def _open_crime_of_class(act: Act, a: Trial, player: Player) -> tuple[Crime | None, list[Problem]]:
    """A trial by class (--class, no --crime) while a crime of that class is open on the
    player's record tries that crime (§36B: "for each crime", one trial: never a second fine
    for it), said as a warning; with several open, the banker says which."""
    if a.crime or not a.cls:
        return None, []
    cls = crime_class(a.cls, act.where["cls"])
    open_ = [
        c
        for c in act.state.crimes
        if c.player == player.name
        and c.crime_class == cls
        and c.status == "open"
        and c.tried_day is None
    ]
    if not open_:
        return None, []
    roman = "I" * cls
    if len(open_) > 1:
        ids = ", ".join(c.id for c in open_)
        raise act.said(
            "which-crime",
            "cls",
            player=player.name,
            n=len(open_),
            cls=roman,
            ids=ids,
            first=open_[0].id,
        )
    crime = open_[0]
    said = SAID.problem(
        "crime-tried-by-class",
        act.where["cls"],
        cls=roman,
        player=player.name,
        crime=crime.id,
        what=crime.what,
        day=crime.day,
    )
    return crime, [said]


@COMMANDS("trial", "ledger trial Bob --class II --roll 4 --bribes 1 --bribe-rolls 2")
def _trial(act: Act, a: Trial) -> Done:
    """Hold a trial: die + PR + bribes read off the §41 table; the penalty is applied (§36)."""
    state = act.state
    player, _, _, (bribes, bribe_rolls), roll = gather(  # independent mistakes told together
        lambda: act.player(a.player),
        lambda: _class_said(a, act.where),
        lambda: _crime_on_record(act, a),
        lambda: _bribes(a, act.where),
        lambda: _die(a.roll, act.where["roll"]),
    )
    crime, said = _open_crime_of_class(act, a, player)
    crime = crime or _crime_tried(act, a, player)
    cls = _trial_class(a, act.where, crime)
    lines: list[str] = []
    # the PR the trial is held with: a failed bribe's -1 PR counts from the next trial on
    pr = pr_of(player)
    # §36D: bribes first, each 500 KC, before the trial die is rolled
    bribe_value = 0
    if bribes:
        cost = tables.BRIBE_COST * bribes
        txn = act.post(
            [*act.debit(player, cost, "bribes"), (JUDGES, cost)],
            kind="bribe",
            memo=f"{player.name}: {plural(bribes, 'bribe')} for the class {'I' * cls} trial",
            rule="§36D",
        )
        lines.append(f"txn {txn.id}: {bribes} × {tables.BRIBE_COST} KC in bribes")
        for i in range(bribes):
            die = act.books.roll(
                6,
                f"{player.name}: bribe {i + 1} of {bribes}",
                bribe_rolls[i] if bribe_rolls else None,
            )
            ok = tables.bribe_succeeds(die.result)
            bribe_value += tables.BRIBE_SUCCESS_MODIFIER if ok else tables.BRIBE_FAILURE_MODIFIER
            act.books.decide(
                die,
                "bribe succeeds: +1 to the trial"
                if ok
                else "bribe fails: -1 to the trial and -1 PR",
            )
            if not ok:
                why = f"failed bribe in a class {'I' * cls} trial"
                act.set_pr(player, tables.PR_FAILED_BRIBE, why, "§36C §36D")
            lines.append(f"bribe {i + 1}: die {die.result} ({'succeeds' if ok else 'fails'})")
        player = act.books.player(player.name) or player
    place_mod = 0
    if a.at and any(m.owner == player.name for m in standing_modules(state)):
        place = tables.canonical_place(a.at) or a.at
        place_mod = PR_AT.get(tables.SIDE.get(place, ""), 0)
    of = f" of crime {crime.id}" if crime is not None else ""
    die = act.books.roll(6, f"{player.name}: class {'I' * cls} trial{of}", roll)
    result = die.result + pr + bribe_value + place_mod
    outcome = tables.trial_outcome(cls, result)
    maximum = tables.is_maximum_penalty(cls, result)
    parts = [f"die {die.result}", f"PR {pr:+d}"]
    if bribes:
        parts.append(f"bribes {bribe_value:+d}")
    if place_mod:
        parts.append(f"recreation modules, tried at {a.at} {place_mod:+d}")
    act.books.decide(die, f"result {result}: {outcome.label}")
    lines.append(f"trial: {' '.join(parts)} = {result}: {outcome.label} (§41, class {'I' * cls})")
    # §36C public relations from the result, in this order
    kind = outcome.kind
    for earned, change, reason in (
        (
            kind is tables.TrialOutcomeKind.SUIT_DISMISSED,
            tables.PR_SUIT_DISMISSED,
            "suit dismissed",
        ),
        (result >= 21, tables.PR_RESULT_21_OR_MORE, f"trial result {result}"),
        (maximum, tables.PR_MAXIMUM_PENALTY, "the maximum penalty"),
        (result <= -21, tables.PR_RESULT_MINUS_21_OR_LESS, f"trial result {result}"),
    ):
        if earned:
            act.set_pr(player, change, reason)
    player = act.books.player(player.name) or player
    # §41 the penalty
    if outcome.fine:
        lines.append(
            fine_player(
                act,
                player,
                outcome.fine,
                f"class {'I' * cls} trial, result {result}",
                "§41",
                "player",
            )
        )
    if outcome.prison_days:
        # a sentence is served in full: one passed on a player in prison already starts when
        # the term they are serving ends (never shortening it)
        serving = prison_term(player)
        start = max(act.books.day, serving) if serving is not None else act.books.day
        until = start + outcome.prison_days
        player = imprison(act.books, player, until)
        after = f", after the term to day {start}" if start > act.books.day else ""
        lines.append(f"{player.name} is imprisoned until day {until}{after}")
    if outcome.confiscate:
        lines.append(_confiscate(act.books, player, outcome.confiscate))
    if kind is tables.TrialOutcomeKind.DEATH:
        lines.append(death(act, player))
    if crime is not None:
        state.update(crime, status="tried", tried_day=act.books.day)
    return Done("; ".join(x for x in lines if x), warnings=said)


def _confiscate(books: Books, player: Player, how: str) -> str:
    """§41: half (rounded up) or all of every good the player's ships, bases and mines hold;
    not what went down with a ship or base destroyed in play (§1), or left the board (§32)."""
    state = state_of(books)
    posts = {
        p.id
        for g in (state.ships, state.bases, state.mines)
        for p in g
        if p.owner == player.name and p.status not in GONE
    }
    taken = 0
    for c in state.cargo:
        if c.holder in posts and c.qty > 0:
            q = c.qty if how == "all" else -(-c.qty // 2)
            state.update(c, qty=c.qty - q)
            taken += q
    return f"confiscated: {'all' if how == 'all' else 'half'} of {player.name}'s goods ({taken} CP and items)"


def death(act: Act, player: Player) -> str:
    """§41 death to all involved, §5 the company dissolved, and what the player leaves."""
    books, state = act.books, act.state
    estate = _estate(act, player)
    set_status(books, player, "dead")
    for c in state.crews:
        if c.owner == player.name and c.active:
            state.update(c, status="dead", ended_day=books.day)
    for o in state.offices:
        if o.owner == player.name:
            state.update(o, status="closed")
    for corp in state.corporations:
        if corp.head == player.name and corp.status != "merged":
            state.update(corp, status="dissolved")
    for line in state.liners:
        if line.owner == player.name:
            state.update(line, status="closed")
    return (
        f"{player.name} and all involved are put to death; the company is dissolved (§5, §41)"
        + f"; {estate}"
    )


def _estate(act: Act, player: Player) -> str:
    """§5 ruling: a dead player's company is dissolved, and nobody inherits. What it owed
    (fines, taxes: the Dues) is paid from its cash as far as that goes, the rest written off;
    the rest of the cash in every bank and any §30 reserves in transit go back to the bank.
    One transaction, rule §5."""
    if player.role == PATROL_ROLE:
        return "the Patrol's account stays with the Patrol (§6)"
    books, state = act.books, act.state
    accounts = [*books.player_accounts(player), f"reserves:{player.name}"]
    held = [(a, books.journal.balance(a).amount) for a in accounts]
    held = [(a, v) for a, v in held if v]
    left = sum((v for _, v in held), Decimal(0))
    pieces: list[tuple[str, Decimal]] = [(a, -v) for a, v in held]
    paid = Decimal(0)
    for due in state.dues:
        if due.player != player.name or due.amount <= 0:
            continue
        now = min(due.amount, max(left, Decimal(0)))
        if now > 0:
            pieces += creditor_pieces(books, due.creditor, now)
            left -= now
            paid += now
        reason = due.reason
        if due.amount > now:
            reason += f"; {due.amount - now:.2f} KC written off: {player.name} is dead (§5)"
        state.update(due, reason=reason, amount=Decimal(0))
    if not held:
        return f"{player.name} leaves no money (§5)"
    if left:
        pieces.append((ESTATES_TO, left))
    banks = ", ".join(a.split(":")[-1] if a.startswith("cash:") else "reserves" for a, _ in held)
    total = sum((v for _, v in held), Decimal(0))
    txn = act.post(
        pieces,
        kind="estate",
        memo=f"{player.name} is dead and the company dissolved: {total:.2f} KC left ({banks})"
        + (f", {paid:.2f} KC of it for what was owed" if paid else "")
        + f", {left:.2f} KC to the {ESTATES_TO}",
        rule="§5",
    )
    return (
        f"txn {txn.id}: the {total:.2f} KC {player.name} leaves go "
        + (f"{paid:.2f} KC to what was owed and {left:.2f} KC " if paid else "")
        + f"to the {ESTATES_TO} (§5: no heirs)"
    )
