"""The banker's commands of Planetopoly, each described once (its spec: the CLI's arguments and
an Events row's columns) and carried out by its handler. Every refusal names its rule.

The players move their own pieces; the banker records what happened (a landing, a purchase, a
card). Positions and turns are not tracked, except what §5 and §10 need: a plot bought this
turn (Holdings `new`) and the turns missed in prison (Players `prison_turns`).

Where each rule's commands live: a deed's (§5 and §6 buying and building, rents by §5, §6 and
§11, §8 remote buys and §9 sales) in `deeds`; §3 start, §4 risk, §7 event cards and §10 prison
in `fields`; the checks every command makes first in `kit`. This module holds the specs, the
dispatch and the Events rows.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, get_type_hints

from ledger.core import board
from ledger.core.params import decode
from ledger.core.problems import Problem
from ledger.core.steps import Refused
from ledger.rules.planetopoly import bank
from ledger.rules.planetopoly.books import Books
from ledger.rules.planetopoly.deeds import build, buy, remote_buy, rent, sell
from ledger.rules.planetopoly.fields import bail, card, prison, risk, start, stay
from ledger.rules.planetopoly.kit import Handler, NothingOwed, summarize
from ledger.rules.planetopoly.sheets import board_of, replace_holding
from ledger.rules.planetopoly.tables import SAID

_HERE = __package__ or "ledger.rules.planetopoly"
#: Each command's handler; its typed record (`moves`) is the type of the handler's move `v`,
#: its help and example are in commands.csv.
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
SPECS = board.commands(_HERE, {name: get_type_hints(h)["v"] for name, h in HANDLERS.items()})


def apply(
    books: Books, action: str, given: Mapping[str, Any], where: Mapping[str, str], event: str
) -> tuple[str, list[Problem]]:
    """Check the parameters by the spec, apply the command; problems instead of changes (the
    caller saves nothing then)."""
    spec = SPECS.get(action)
    if spec is None:
        return "", [SAID.problem("no-such-command", action, name=action, names=", ".join(SPECS))]
    move, problems = decode(spec, given, where)
    if problems:
        return "", problems
    over = bank.game_over(books, action)
    if over is not None:
        return "", [over]
    full = {p.name: where.get(p.name, p.cli) for p in spec.params}
    board = board_of(books)
    saved, rolls = board.clone(), len(books.dice)
    who = getattr(move, "player", None)
    actor = books.player(str(who)) if who else None
    served = [p.name for p in books.players if bank.served(books, p)]
    try:
        summary = HANDLERS[action](books, move, full, event)
    except Refused as exc:  # nothing posted yet: the board and the dice as they were
        books.state = saved
        del books.dice[rolls:]
        return "", exc.problems
    except NothingOwed as exc:  # allowed, and worth nothing: said, nothing changed
        books.state = saved
        del books.dice[rolls:]
        return "nothing posted", [exc.said]
    if actor is not None:  # another player's move: a plot bought before may now take points
        for h in list(board.holdings):
            if h.new and h.owner != actor.name:
                board.put(replace_holding(h, new=False))
    said = bank.eliminate(books, event)
    if action != "bail":  # (bail says it itself)
        said = [
            f"{n} has served the sentence and leaves prison, no fine (§10)"
            for n in served
            if (p := books.player(n)) is not None and not bank.flag(p, "in_prison")
        ] + said
    bank.refresh_debts(books)
    return summarize(summary, said), []
