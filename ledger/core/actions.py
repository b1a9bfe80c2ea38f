"""What the banker does, as functions on the books. The CLI and the Events sheet call the same
ones, so a row typed in Excel and a command typed at the terminal cannot disagree.

Each action changes the in-memory books and returns the problems it found; the caller saves
only when there are none (all or nothing).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal

import msgspec
from msgspec.structs import replace

from ledger.core.books import Books, Event, Player
from ledger.core.game import Game
from ledger.core.journal import Transaction, transfer
from ledger.core.money import Money, MoneyError
from ledger.core.names import did_you_mean
from ledger.core.params import ActionSpec, Param, split_args
from ledger.core.problems import CellRef, Problem, column_letter, has_errors, problem


class Party(msgspec.Struct, frozen=True):
    """Who pays or is paid: a player's cash account or an institution."""

    account: str
    label: str
    player: Player | None = None


def resolve_party(books: Books, name: str, where: str, bank: str | None = None) -> Party | Problem:
    """A player's name (any case), an institution of the game (`bank`, ...), or the account a
    special player keeps (see `Game.roles`)."""
    game = books.game
    key = name.strip()
    if key.casefold() in game.institutions:
        if bank:
            return problem(
                "bank-for-institution",
                where,
                f"{key} is an institution and has no bank accounts",
                "leave out --at for institutions",
            )
        return Party(key.casefold(), key.casefold())
    player = books.player(key)
    if player is None:
        names = [p.name for p in books.players] + list(game.institutions)
        return problem(
            "unknown-party",
            where,
            f"{key!r} is no player or institution",
            did_you_mean(key, names) + "one of: " + ", ".join(names),
        )
    if bank is not None and game.banks:
        known = game.player_banks(books, player)
        if bank.strip().casefold() not in known:
            names = list(dict.fromkeys(known.values()))
            return problem(
                "unknown-bank",
                where,
                f"there is no bank at {bank!r} for {player.name}",
                did_you_mean(bank, names) + "banks: " + ", ".join(names),
            )
        bank = known[bank.strip().casefold()]
    return Party(game.cash_account(player, bank), player.name, player)


def pay(
    books: Books,
    src: str,
    dst: str,
    amount: Decimal,
    *,
    memo: str = "",
    src_bank: str | None = None,
    dst_bank: str | None = None,
    event: str = "cli:pay",
    where: tuple[str, str, str] = ("FROM", "TO", "AMOUNT"),
    said: list[str] | None = None,
) -> tuple[Transaction | None, list[Problem]]:
    """Move `amount` from one party to another; refuses to overdraw a player (no debt in the
    rules). What the game's rules do besides (`Game.after_payment`) is added to `said`."""
    problems: list[Problem] = []
    payer = resolve_party(books, src, where[0], src_bank)
    payee = resolve_party(books, dst, where[1], dst_bank)
    for p, at in ((payer, where[0]), (payee, where[1])):
        if isinstance(p, Problem):
            problems.append(p)
        elif p.player is not None and (out := books.game.out_of_game(books, p.player, at)):
            problems.append(out)
    try:
        money = Money(amount, books.currency)
    except MoneyError as exc:
        problems.append(problem("bad-amount", where[2], str(exc)))
        return None, problems
    problems += _memo_and_amount(memo, amount, where[2])
    if problems:
        return None, problems
    assert isinstance(payer, Party) and isinstance(payee, Party)
    if payer.account == payee.account:
        return None, [
            problem(
                "same-account",
                where[1],
                f"FROM and TO are the same account, {payer.account}",
                "name two different parties, or two banks: --from-bank, --to-bank",
            )
        ]
    short = overdraw_problem(books, payer, money, where[2])
    if short:
        return None, [short]
    if payer.label == payee.label:  # one player's two banks: a move, not a payment
        banks = payer.account.split(":")[-1], payee.account.split(":")[-1]
        text = memo or f"{payer.label} moves {money} from {banks[0]} to {banks[1]}"
    else:
        text = memo or f"{payer.label} pays {payee.label}"
    txn = books.journal.post(
        transfer(payer.account, payee.account, money, kind="pay", memo=text, event=event), books.day
    )
    followed = books.game.after_payment(books, payee.account, event)
    if said is not None:
        said += followed
    return txn, []


def _memo_and_amount(memo: str, amount: Decimal, where: str) -> list[Problem]:
    """A memo fits a cell; a payment is of more than nothing."""
    problems = []
    if len(memo) > 32767:
        text = f"the memo has {len(memo)} characters; a cell holds 32767"
        problems.append(
            problem("text-too-long", where.replace("AMOUNT", "--memo"), text, "shorten it")
        )
    if amount <= 0:
        text = f"the amount must be more than 0, not {amount}"
        problems.append(problem("bad-amount", where, text, "swap FROM and TO to pay the other way"))
    return problems


def overdraw_problem(books: Books, payer: Party, money: Money, where: str) -> Problem | None:
    if books.game.may_go_negative(books, payer.account):
        return None
    have = books.journal.balance(payer.account)
    if have >= money:
        return None
    return problem(
        "overdrawn",
        where,
        f"{payer.label} has {have} in {payer.account} and cannot pay {money}",
        _elsewhere(books, payer, money.amount - have.amount) + books.game.no_loan_hint,
    )


def _elsewhere(books: Books, payer: Party, short: Decimal) -> str:
    """What the payer has in their other banks, and the commands that move the `short`fall
    to this one, richest bank first (or that even all their banks hold too little); "" for
    a game of one purse a player, or when no other bank holds any of their money."""
    player, cur = payer.player, books.currency
    if player is None or not books.game.banks:
        return ""
    balances = {a: books.journal.balance(a).amount for a in books.player_accounts(player)}
    held = sorted(
        ((a.split(":")[-1], v) for a, v in balances.items() if a != payer.account and v > 0),
        key=lambda bank_value: (-bank_value[1], bank_value[0]),
    )
    if not held:
        return ""
    said = f"{player.name} has " + ", ".join(f"{v:.2f} {cur} at {bank}" for bank, v in held)
    if sum(v for _, v in held) < short:
        need = balances.get(payer.account, Decimal(0)) + short
        total = sum(balances.values(), Decimal(0))
        return (
            f"{said}; all of {player.name}'s banks together hold {total:.2f} {cur}, "
            f"less than {need:.2f} {cur}; "
        )
    here, moves = payer.account.split(":")[-1], []
    for bank, v in held:
        take = min(v, short)
        if take <= 0:
            break
        short -= take
        moves.append(
            f"`ledger pay {player.name} {player.name} {take:.2f} --from-bank {bank} --to-bank {here}`"
        )
    return f"{said}: {' then '.join(moves)} moves what is missing here; "


# -- the Events sheet -------------------------------------------------------------------------

EventHandler = Callable[[Books, Event, str], tuple[list[Transaction], list[Problem]]]


def _pay_event(books: Books, ev: Event, where: str) -> tuple[list[Transaction], list[Problem]]:
    cells = {name: _cell(ev, name) for name in ("player", "to", "amount")}
    if ev.amount is None:
        return [], [problem("missing-value", cells["amount"], "a pay event needs an amount")]
    if not ev.to:
        return [], [problem("missing-value", cells["to"], "a pay event needs a payee in `to`")]
    before = len(books.journal)
    txn, problems = pay(
        books,
        ev.player,
        ev.to,
        ev.amount,
        memo=ev.memo,
        event=where,
        where=(cells["player"], cells["to"], cells["amount"]),
    )
    # the payment, and what the game's rules posted because of it (`Game.after_payment`)
    return (list(books.journal.transactions[before:]) if txn else []), problems


def command_event(spec: ActionSpec) -> EventHandler:
    """An Events row of one of the game's commands, as `ledger NAME ...` runs it (the game's
    `apply`): a parameter that names an Events column (`Param.column`: player, to, amount)
    comes from that column when it is filled, the rest from the row's `args` as they would
    be typed after the command (`--jar J1`). A problem names the cell its value came from."""

    def handle(books: Books, ev: Event, where: str) -> tuple[list[Transaction], list[Problem]]:
        args = _cell(ev, "args")
        given, problems = split_args(spec, ev.args, args)
        cells = {p.name: args for p in spec.params}
        for p in spec.params:
            value = _column_value(ev, p)
            if value is not None:
                given[p.name], cells[p.name] = value, _cell(ev, p.column)
        if problems:
            return [], problems
        before, kept, mark = len(books.journal), books.fork(), books.journal.mark()
        _, problems = books.game.apply(books, spec.name, given, cells, where)
        if has_errors(problems):  # the rows after it read the books as if it were never typed
            _put_back(books, kept)
            books.journal.back_to(mark)
            return [], problems
        # a warning (a risky move the rules allow) leaves the row posted, as the command is
        return books.journal.transactions[before:], problems

    return handle


def _put_back(books: Books, kept: Books) -> None:
    """The records as `kept` (a fork taken before a refused row): what its handler changed
    before it was refused (a player's columns, a record's state) is undone; the journal goes
    back to its mark apart."""
    books.state = kept.state
    books.settings.values.clear()
    books.settings.values.update(kept.settings.values)
    books.players[:] = kept.players
    books.dice[:] = kept.dice


def command_events(commands: Mapping[str, ActionSpec]) -> dict[str, EventHandler]:
    """An Events type for each of the game's commands that may also be typed as an Events
    row (`ActionSpec.events_row`)."""
    return {name: command_event(spec) for name, spec in commands.items() if spec.events_row}


def _column_value(ev: Event, p: Param) -> str | None:
    if p.column == "player" and ev.player:
        return ev.player
    if p.column == "to" and ev.to:
        return ev.to
    if p.column == "amount" and ev.amount is not None:
        whole = p.kind == "int" and ev.amount == ev.amount.to_integral_value()
        return str(int(ev.amount)) if whole else str(ev.amount)
    return None


#: The Events sheet's columns, in order (ledger/io draws them; the core names cells by them).
EVENT_COLUMNS = ("id", "day", "type", "player", "to", "amount", "args", "memo", "posted", "note")

#: Event types every game accepts; a game adds its own in `Game.event_types()`.
CORE_EVENT_HANDLERS: dict[str, EventHandler] = {"pay": _pay_event}


def event_handlers(game: Game) -> dict[str, EventHandler]:
    """`pay`, every command of the game as a row of its own type, and the game's other types."""
    return {**CORE_EVENT_HANDLERS, **command_events(game.commands()), **game.event_types()}


def post_pending_events(
    books: Books, unreadable: Sequence[Problem] = ()
) -> tuple[list[str], list[Problem]]:
    """Post every Events row not yet posted, in sheet order; mark each with its transaction.

    Every bad row is reported, not only the first: a row that fails is left unposted and the
    next one tried. `unreadable` are the problems found in the rows' cells when the sheet was
    read (see `in_event_rows`): such a row is not tried, and its problems come back in their
    place, so all of them read in sheet order."""
    handlers = event_handlers(books.game)
    done: list[str] = []
    problems: list[Problem] = []
    by_cell: dict[str, list[Problem]] = {}
    for p in unreadable:
        by_cell.setdefault(p.where, []).append(p)
    for i, ev in enumerate(books.events):
        cells = [by_cell.pop(c) for c in _cells(ev) if c in by_cell]
        if cells:
            problems.extend(p for found in cells for p in found)
            continue
        if not ev.pending:
            continue
        where = str(ev.ref) if ev.ref else f"event {ev.id}"
        handler = handlers.get(ev.type)
        if handler is None:
            problems.append(
                problem(
                    "unknown-event-type",
                    _cell(ev, "type"),
                    f"{ev.type!r} is not an event type",
                    did_you_mean(ev.type, handlers) + "one of: " + ", ".join(sorted(handlers)),
                )
            )
            continue
        if ev.day is not None and ev.day > books.day:
            problems.append(
                problem(
                    "event-in-future",
                    _cell(ev, "day"),
                    f"day {ev.day} is after today (day {books.day})",
                    "leave the day empty for today, or tick to that day first",
                )
            )
            continue
        txns, found = handler(books, ev, where)
        problems.extend(found)
        if not has_errors(found):
            ids = ", ".join(str(t.id) for t in txns)
            books.events[i] = replace(
                ev, posted=f"txn {ids}" if ids else "done", note=txns[0].memo if txns else ""
            )
            done.append(f"{where}: {ev.type} {ev.player} -> txn {ids}")
    problems.extend(p for found in by_cell.values() for p in found)  # of no row: never lost
    return done, problems


def in_event_rows(books: Books, problems: Sequence[Problem]) -> list[Problem]:
    """The problems that name a cell of an Events row. Those alone leave the rest of the
    books whole: the other rows can still be tried (`post_pending_events(books, these)`)."""
    cells = {c for ev in books.events for c in _cells(ev)}
    return [p for p in problems if p.where in cells]


def _cells(ev: Event) -> list[str]:
    """`_cell` of each column (the sheet's name quoted once a row, not once a cell: a sheet
    of many bad rows asks this of every row)."""
    if ev.ref is None:
        return []
    first = str(CellRef(ev.ref.sheet, 0, ev.ref.row))
    if ev.ref.row == 0:
        return [first] * len(EVENT_COLUMNS)
    name = first[: first.rindex("!")]
    return [f"{name}!{letter}{ev.ref.row}" for letter in _LETTERS]


_LETTERS = tuple(column_letter(i) for i in range(len(EVENT_COLUMNS)))


def _cell(ev: Event, column: str) -> str:
    if ev.ref is None:
        return f"event {ev.id}"
    return str(CellRef(ev.ref.sheet, EVENT_COLUMNS.index(column), ev.ref.row))
