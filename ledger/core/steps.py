"""The steps every game's commands share, as the 18xx engine's games share theirs: refuse (a
problem carried out of a handler), find a record by id or name or refuse with a did-you-mean,
refuse a record in a state that takes no more (used up, destroyed, dead, out, in prison), take
money from a player's banks or refuse with the overdraft's hint, and post the transaction with
its rule.

Game-blind: a game names its codes, its words and its rules; these steps only say them.
Money is `Decimal`, and every transaction posted here sums to zero.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Generic, TypeVar, get_type_hints, overload

import msgspec

from ledger.core.books import Books, Player
from ledger.core.charges import payer_postings
from ledger.core.journal import Draft, Posting, Transaction
from ledger.core.money import Money, round_money
from ledger.core.names import did_you_mean
from ledger.core.params import ActionSpec, Move, Refusal, command, params_of
from ledger.core.problems import Problem, problem
from ledger.core.schema import SettingValue

R = TypeVar("R")
A = TypeVar("A")
B = TypeVar("B")
C = TypeVar("C")
D = TypeVar("D")
E = TypeVar("E")
H = TypeVar("H", bound=Callable[..., Any])
K = TypeVar("K", bound=Books)

#: What a transaction is made of: (account, amount) pieces that sum to zero.
Pieces = list[tuple[str, Decimal]]


class Refused(Exception):
    """Carries a command's problems out of its handler; the game's `apply` turns it back into
    problems, and nothing is saved."""

    def __init__(self, *problems: Problem) -> None:
        super().__init__(problems[0].message if problems else "")
        self.problems = list(problems)


def refuse(code: str, where: str, message: str, hint: str = "") -> Refused:
    """The refusal of one problem: `raise refuse("no-such-jar", where["jar"], "...")`."""
    return Refused(problem(code, where, message, hint))


@overload
def gather(a: Callable[[], A], /) -> tuple[A]: ...
@overload
def gather(a: Callable[[], A], b: Callable[[], B], /) -> tuple[A, B]: ...
@overload
def gather(a: Callable[[], A], b: Callable[[], B], c: Callable[[], C], /) -> tuple[A, B, C]: ...
@overload
def gather(
    a: Callable[[], A], b: Callable[[], B], c: Callable[[], C], d: Callable[[], D], /
) -> tuple[A, B, C, D]: ...
@overload
def gather(
    a: Callable[[], A],
    b: Callable[[], B],
    c: Callable[[], C],
    d: Callable[[], D],
    e: Callable[[], E],
    /,
) -> tuple[A, B, C, D, E]: ...
def gather(*attempts: Callable[[], Any]) -> tuple[Any, ...]:
    """Independent checks run together, so that every mistake is told in one pass: each
    attempt (a zero-argument callable: `lambda: find_player(...)`) is run; when any refuses, one
    `Refused` carries all their problems, in the order of the attempts; else their values, in
    that order. A check that needs an earlier one's value is not independent: it comes after."""
    values: list[Any] = []
    problems: list[Problem] = []
    for attempt in attempts:
        try:
            values.append(attempt())
        except Refused as refused:
            problems.extend(refused.problems)
    if problems:
        raise Refused(*problems)
    return tuple(values)


# -- finding a record ------------------------------------------------------------------------------
def find(pool: Iterable[R], key: str, *fields: Callable[[R], str]) -> R | None:
    """The record of `pool` whose first field is `key` (any case, spaces around the key
    ignored), else the first whose second field is, and so on (an id before a name); None
    when none is. A field that is the key as typed wins over one that differs in case (the
    `j1` typed is the jar j1, not J1)."""
    typed = key.strip()
    folded = typed.casefold()
    records = list(pool)
    for field in fields:
        exact = next((r for r in records if field(r) == typed), None)
        found = (
            exact
            if exact is not None
            else next((r for r in records if field(r).casefold() == folded), None)
        )
        if found is not None:
            return found
    return None


def not_found(
    code: str,
    where: str,
    message: str,
    key: str,
    names: Iterable[str],
    label: str,
    *,
    then: str = "",
    warning: bool = False,
) -> Problem:
    """`key` names nothing: the hint guesses what was meant and lists what there is
    (`did you mean Ann? players: Ann, Bob`), and `then` what else may be done."""
    known = list(names)
    hint = did_you_mean(key, known) + f"{label}: {', '.join(known)}{then}"
    return problem(code, where, message, hint, warning=warning)


def find_player(
    books: Books, name: str, where: str, message: str, *, code: str = "unknown-player"
) -> Player:
    """The player `name` (any case), or `Refused` with a did-you-mean among the players."""
    player = books.player(name)
    if player is None:
        names = [p.name for p in books.players]
        raise Refused(not_found(code, where, message, name, names, "players"))
    return player


# -- a state that takes no more ------------------------------------------------------------------
#: What a state refuses: the problem's code, message and hint, said once by the game.
Barred = tuple[str, str, str]


def state_problem(state: object, where: str, barred: Mapping[object, Barred]) -> Problem | None:
    """The problem of `state` (a status: used up, destroyed, dead, out, in prison) when it is
    one that takes no more, with what the game says of it; None when it takes more."""
    said = barred.get(state)
    return None if said is None else problem(said[0], where, said[1], said[2])


def refuse_state(state: object, where: str, barred: Mapping[object, Barred]) -> None:
    """`Refused` when `state` takes no more (`state_problem`)."""
    found = state_problem(state, where, barred)
    if found is not None:
        raise Refused(found)


def set_columns(books: Books, name: str, **values: SettingValue | None) -> Player:
    """The player `name` with new values in their own Players columns (a status, a PR, a
    prison term); a column the game's Players sheet does not have is left out. The new record."""
    i = next(n for n, p in enumerate(books.players) if p.name == name)
    player = books.players[i]  # the current record: an earlier change may have replaced it
    extra = tuple((k, values.get(k, v)) for k, v in player.extra)
    books.players[i] = msgspec.structs.replace(player, extra=extra)
    return books.players[i]


# -- money -----------------------------------------------------------------------------------------
def debit(
    books: Books, player: Player, amount: Decimal, where: str, hint: str, at: str | None = None
) -> Pieces:
    """The pieces that take `amount` from the player's banks (the bank `at` a place first, then
    the home bank, then the others), or `Refused` when they hold less (`cannot-afford`, the
    game's `hint`: no loans)."""
    money = Money(round_money(amount), books.currency)
    prefer = books.game.cash_account(player, at) if at and at in books.game.banks else None
    postings = payer_postings(books, player, money, prefer)
    if postings is None:
        have = sum(
            (books.journal.balance(a).amount for a in books.player_accounts(player)), Decimal(0)
        )
        raise refuse(
            "cannot-afford",
            where,
            f"{player.name} has {have:.2f} {books.currency} and cannot pay {money}",
            hint,
        )
    return [(p.account, p.amount.amount) for p in postings]


def post_pieces(
    books: Books, pieces: Pieces, *, kind: str, memo: str, rule: str, event: str
) -> Transaction:
    """One transaction from (account, amount) pieces, merged by account; they must sum to 0."""
    rows = tuple(Posting(a, Money(v, books.currency)) for a, v in merged(pieces).items())
    return books.journal.post(Draft(kind, memo, rows, event=event, rule=rule), books.day)


def merged(pieces: Pieces) -> dict[str, Decimal]:
    """The pieces summed by account, each in the place it first comes; none that sums to 0."""
    sums: dict[str, Decimal] = {}
    for account, amount in pieces:
        sums[account] = sums.get(account, Decimal(0)) + amount
    return {account: amount for account, amount in sums.items() if amount}


def charge(
    books: Books,
    player: Player,
    amount: Decimal,
    to: str,
    *,
    kind: str,
    memo: str,
    rule: str,
    event: str,
    where: str,
    hint: str,
    at: str | None = None,
) -> Transaction:
    """`player` pays `amount` to the account `to` (an institution's) from their banks, or
    `Refused` as `debit` refuses."""
    pieces = debit(books, player, amount, where, hint, at)
    return post_pieces(
        books, [*pieces, (to, round_money(amount))], kind=kind, memo=memo, rule=rule, event=event
    )


# -- one command being applied --------------------------------------------------------------------
@dataclass(frozen=True)
class Act(Generic[K]):
    """One command being applied, bound once by the game's apply: its books, where each of its
    parameters was given (`where["ship"]`: the CLI's name for it, or an Events cell) and the
    event its transactions are posted under, with the game's hint for what a player cannot
    afford. A handler charges, posts and refuses through it, naming a parameter by its name,
    without saying the books, the places and the event again."""

    books: K
    where: Mapping[str, str]
    event: str
    #: The game's hint when a player's banks hold too little (`debit`).
    cannot_afford: str = ""

    def refuse(self, code: str, param: str, message: str, hint: str = "") -> Refused:
        """The refusal of one problem, where the parameter `param` was given."""
        return refuse(code, self.where[param], message, hint)

    def debit(self, player: Player, amount: Decimal, param: str, at: str | None = None) -> Pieces:
        """`debit` for this command, refused where the parameter `param` was given."""
        return debit(self.books, player, amount, self.where[param], self.cannot_afford, at)

    def post(self, pieces: Pieces, *, kind: str, memo: str, rule: str) -> Transaction:
        """`post_pieces` under this command's event."""
        return post_pieces(self.books, pieces, kind=kind, memo=memo, rule=rule, event=self.event)

    def charge(
        self,
        player: Player,
        amount: Decimal,
        to: str,
        *,
        kind: str,
        memo: str,
        rule: str,
        where: str,
        at: str | None = None,
    ) -> Transaction:
        """`charge` for this command: refused where the parameter `where` was given."""
        return charge(
            self.books,
            player,
            amount,
            to,
            kind=kind,
            memo=memo,
            rule=rule,
            event=self.event,
            where=self.where[where],
            hint=self.cannot_afford,
            at=at,
        )


# -- a game's commands -----------------------------------------------------------------------------
class Commands:
    """A game's commands, each declared once on its handler:
    `@COMMANDS("deposit", "ledger deposit Ann 5")` over `def _deposit(act: Act, a: Deposit)`
    (or `(books, a: Deposit, where, event)`). The command's typed record is the type of the
    handler's second parameter, its help the first paragraph of the handler's docstring (its
    lines joined by a space), its example the one given; `specs` and `handlers` are by the
    command's name, in the order declared. `refuses` says what each command refuses, by its
    name; `every` what every command of the game says (`events_row=False`), and `said` what one
    command says besides (`notes`)."""

    def __init__(self, refuses: Mapping[str, tuple[Refusal, ...]] | None = None, **every: Any):
        self.specs: dict[str, ActionSpec] = {}
        self.handlers: dict[str, Callable[..., Any]] = {}
        self.refuses = refuses or {}
        self.every = every

    def __call__(self, name: str, example: str, **said: Any) -> Callable[[H], H]:
        def declare(handler: H) -> H:
            second = list(inspect.signature(handler).parameters)[1]
            move = get_type_hints(handler)[second]
            help = " ".join((inspect.getdoc(handler) or "").split("\n\n")[0].split())
            refuses = {"refuses": self.refuses[name]} if name in self.refuses else {}
            self.specs[name] = command(name, move, help, example, **refuses, **self.every, **said)
            self.handlers[name] = handler
            return handler

        return declare


def form(
    move: Move, why: str, wanted: tuple[str, ...] = (), only: tuple[str, ...] = ()
) -> list[Problem]:
    """Problems with the arguments of one form of a command (`order --delete ROW`): each field
    of `wanted` must be given and, where `only` names the fields this form takes, no other
    field (`why` names the form); each is named as the command line names it."""
    cli = {p.name: p.cli for p in params_of(type(move))}
    refused = [f for f in move.__struct_fields__ if only and f not in only]
    return [
        problem("missing-argument", cli[name], f"{cli[name]} is missing", why)
        for name in wanted
        if getattr(move, name) is None
    ] + [
        problem("conflicting-arguments", cli[name], f"{why} takes no {cli[name]}", "")
        for name in refused
        if getattr(move, name) not in (None, False, 0, "")
    ]
