"""Tip Jar: players tip into jars; the money goes to the bank and the jar counts it.

Rule 1: every player starts with `start_money`. Rule 2: a tip is more than 0, at most
`max_tip`, and never more than the player has. Rule 3: every jar has an id of its own.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import Annotated

from ledger.core.books import BANK, Books, CommandHandler, Player
from ledger.core.game import Game
from ledger.core.params import ActionSpec, Arg, Move, command
from ledger.core.problems import CellRef, Problem, problem
from ledger.core.records import Held
from ledger.core.schema import Column, Setting, SheetSpec
from ledger.core.settings import Settings
from ledger.core.steps import find, not_found, post_pieces

SETTINGS = (
    Setting("start_money", Decimal("10.00"), "money", "Rule 1", "What each player starts with."),
    Setting("max_tip", Decimal("5.00"), "money", "Rule 2", "The most one tip may be."),
)


@dataclass(frozen=True, slots=True)
class Jar:
    id: str
    owner: str
    amount: Decimal = Decimal("0.00")
    ref: CellRef | None = None


JARS = SheetSpec(
    "Jars",
    (
        Column("id", "text", 6, help="The jar's id, as `ledger tip --jar` names it."),
        Column("owner", "text", 12, help="Whom the tips in the jar are for."),
        Column("amount", "money", 10, required=False, help="What was tipped into it so far."),
    ),
    "The tip jars and what was tipped into each (Rule 2).",
)


@dataclass
class Tips:
    """The game's state: a list for each of its sheets."""

    jars: list[Jar] = field(default_factory=list)


#: The Jars rows are held as `Jar`s in the state's `jars`.
RECORDS = {"Jars": Held(Jar, "jars")}


class Tip(Move):
    """What a tip needs: a field without a default is required."""

    player: Annotated[str, Arg("PLAYER", help="Who tips.", column="player")]
    amount: Annotated[Decimal, Arg("AMOUNT", help="e.g. 2.50", column="amount")]
    jar: Annotated[str, Arg("--jar", help="Which jar (default J1).")] = "J1"


TIP = command(
    "tip",
    Tip,
    help="A player tips into a jar: the money goes to the bank (Rule 2).",
    example="ledger tip Ann 2.50 --jar J1",
)


def tip(
    books: Books, values: Tip, where: Mapping[str, str], event: str
) -> tuple[str, list[Problem]]:
    """Rule 2: the tip moves from the player to the bank, and its jar counts it."""
    jars: list[Jar] = books.state.jars
    jar = find(jars, values.jar, lambda j: j.id)
    player = books.player(values.player)
    cap = books.settings.get_decimal("max_tip")
    problems = []
    if jar is None:
        ids = [j.id for j in jars]
        problems.append(
            not_found("unknown-jar", where["jar"], "there is no such jar", values.jar, ids, "jars")
        )
    if player is None:
        names = [p.name for p in books.players]
        problems.append(
            not_found(
                "unknown-player",
                where["player"],
                "there is no such player",
                values.player,
                names,
                "players",
            )
        )
    if not 0 < values.amount <= cap:
        problems.append(problem("bad-tip", where["amount"], f"a tip is 0.01 to {cap} (Rule 2)"))
    elif player is not None and books.player_cash(player) < books.money(values.amount):
        problems.append(problem("overdrawn", where["amount"], f"{player.name} has less (Rule 2)"))
    if problems:
        return "", problems
    assert jar is not None and player is not None
    amount = books.money(values.amount).amount
    paid = [(books.game.cash_account(player), -amount), (BANK, amount)]
    memo = f"{player.name} tips into {jar.id}"
    txn = post_pieces(books, paid, kind="tip", memo=memo, rule="Rule 2", event=event)
    jars[jars.index(jar)] = replace(jar, amount=jar.amount + values.amount)
    return f"{txn.memo}: {txn.postings[1].amount}", []


class TipJar(Game):
    title = "Tip Jar"
    currency = "TK"
    settings = SETTINGS
    sheets = (JARS,)
    next_steps = "ledger tip PLAYER AMOUNT --jar J1, ledger balance, or type tip rows in Events."

    def start_money(self, settings: Settings, player: Player) -> tuple[Decimal, str]:
        return settings.get_decimal("start_money"), "Rule 1"

    state_type = Tips
    records = RECORDS

    def new_state(self, books: Books) -> None:
        books.state = Tips([Jar("J1", "the house")])

    def check_state(self, books: Books) -> Iterable[Problem]:
        seen: set[str] = set()
        for jar in books.state.jars:
            if jar.id in seen:  # Rule 3
                where = str(jar.ref) if jar.ref else f"jar {jar.id}"
                yield problem("duplicate-jar", where, f"two jars are called {jar.id}")
            seen.add(jar.id)

    def commands(self) -> Mapping[str, ActionSpec]:
        return {"tip": TIP}

    def handlers(self) -> Mapping[str, CommandHandler]:
        return {"tip": tip}


GAME = TipJar()
