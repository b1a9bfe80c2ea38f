"""The checks `ledger check` runs on loaded books: a tuple of `Rule(code, name, check)`.

Problems found while reading cells (a bad number, a missing column) come from ledger/io; these
rules look at what the records mean. Built fresh on each call; no side effects.
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal

from ledger.core.books import GAME_RULE, PLAYER_ROLE, Books, Game, Rule
from ledger.core.names import invisible, name_key
from ledger.core.problems import Problem, problem

#: `:` separates the parts of an account name; `,` the entries of a dropdown list.
NAME_FORBIDDEN = set(":,\t\n\r")
#: The last game day ledger keeps: about 2,700 years of days, within every tool's dates
#: (the exports write day N as 2000-01-01 + N days).
MAX_DAY = 1_000_000
#: Seeds are whole numbers a spreadsheet holds exactly (a cell is a double: 2**53 - 1).
MAX_SEED = 2**53 - 1


def too_far(days: int, today: int = 0) -> Problem:
    """A tick or forecast that would pass `MAX_DAY`: refused before the first day is done."""
    return problem(
        "tick-too-far",
        "DAYS",
        f"{days:,} days from day {today:,} would pass day {MAX_DAY:,}, the last day ledger keeps",
        "tick a month or a year at a time, e.g. ledger tick 30",
    )


#: What a cell's text may not start with: a spreadsheet (or a tool the books are exported
#: to) reads `=1+1`, `+A1`, `-2+3` or `@SUM(..)` as a formula, not a name.
FORMULA_START = frozenset("=+-@")


def _players(books: Books) -> Iterable[Problem]:
    seen: dict[str, str] = {}
    roles = (PLAYER_ROLE, *(r.key for r in books.game.roles))
    reserved = {name_key(i) for i in books.game.institutions} | {
        name_key(r.account) for r in books.game.roles if r.account
    }
    for p in books.players:
        where = str(p.ref) if p.ref else f"player {p.name}"
        if (
            not p.name.strip()
            or set(p.name) & NAME_FORBIDDEN
            or p.name != p.name.strip()
            or len(p.name) > 100
        ):
            yield problem(
                "bad-player-name",
                where,
                f"{p.name!r} cannot be a player's name",
                "a name may not contain a colon or a comma, nor start or end with a space",
            )
        elif hidden := invisible(p.name):
            yield problem(
                "bad-player-name",
                where,
                f"{p.name!r} holds an invisible character, {hidden}",
                "type the name again: a name may not hold invisible or text-direction characters, which make two names look alike",
            )
        elif p.name[:1] in FORMULA_START:
            yield problem(
                "bad-player-name",
                where,
                f"{p.name!r} starts with {p.name[0]!r}: a spreadsheet reads it as a formula",
                "start the name with a letter or a digit",
            )
        key = name_key(p.name)
        if key in seen:
            yield problem(
                "duplicate-player",
                where,
                f"{p.name!r} is already a player at {seen[key]}",
                "give each player a different name",
            )
        seen.setdefault(key, where)
        if key in reserved:
            yield problem(
                "reserved-name",
                where,
                f"{p.name!r} is the name of an institution",
                "pick another name",
            )
        if p.role not in roles:
            yield problem(
                "bad-role", where, f"role {p.role!r} is unknown", "one of: " + ", ".join(roles)
            )
    for role in books.game.roles:
        holders = [p for p in books.players if p.role == role.key]
        if len(holders) > role.at_most:
            yield problem(
                f"two-{role.key}s",
                str(holders[role.at_most].ref),
                f"only one player can be {role.title}"
                if role.at_most == 1
                else f"at most {role.at_most} players can be {role.title}",
                "make the others role `player`",
            )


def _accounts(books: Books) -> Iterable[Problem]:
    unknown = {a for a in books.journal.accounts() if not books.game.known_account(books, a)}
    if not unknown:
        return  # the journal's transactions are read only to name a posting's cell
    for txn in books.journal:  # name the first posting to each unknown account
        if not unknown:
            return
        for i, posting in enumerate(txn.postings):
            if posting.account not in unknown:
                continue
            unknown.discard(posting.account)
            yield problem(
                "unknown-account",
                books.posting_cell(txn.id, i, 3),
                f"account {posting.account!r} belongs to no player, bank or institution",
                f"accounts are {'cash:PLAYER:BANK' if books.game.banks else 'cash:PLAYER'} or "
                + ", ".join(books.game.institutions)
                + "; fix the name in the Journal sheet",
            )


def _overdrawn(books: Books) -> Iterable[Problem]:
    negative = {
        a
        for a, m in books.journal.balances().items()
        if m.amount < 0 and not books.game.may_go_negative(books, a)
    }
    if not negative:
        return
    running: dict[str, Decimal] = {}
    for txn in books.journal:  # name the posting that first took each account below zero
        for i, posting in enumerate(txn.postings):
            a = posting.account
            running[a] = running.get(a, Decimal(0)) + posting.amount.amount
            if a in negative and running[a] < 0:
                negative.discard(a)
                yield problem(
                    "overdrawn",
                    books.posting_cell(txn.id, i, 4),
                    f"transaction {txn.id} takes {a} to {running[a]:.2f} {books.currency}, below zero; "
                    "banks make no loans",
                    "correct or remove that transaction (`ledger undo` goes back a command), "
                    "or set allow_debt in Settings",
                )


def _balances_typed(books: Books) -> Iterable[Problem]:
    derived = books.journal.balances()
    for account, (value, ref) in books.balances_as_read.items():
        real = derived.get(account)
        if real is None or real.amount != value:
            yield problem(
                "balance-edited",
                str(ref),
                f"the Balances sheet says {value} for {account}, the journal says "
                f"{real.amount if real else Decimal('0.00')}",
                "balances are derived from the Journal and rewritten on every save; record a payment instead",
                warning=True,
            )


def _day(books: Books) -> Iterable[Problem]:
    ref = books.settings.refs.get("day")
    if books.day < 0:
        yield problem("bad-day", str(ref or "Settings day"), "the day cannot be negative", "")
    elif books.day > MAX_DAY:
        yield problem(
            "bad-day",
            str(ref or "Settings day"),
            f"the day {books.day} is past the last day ledger keeps ({MAX_DAY:,})",
            f"set the day to a whole number from 0 to {MAX_DAY}",
        )
    last = books.journal.last_day()
    if last > books.day:
        yield problem(
            "journal-after-today",
            str(ref or "Settings day"),
            f"the journal has day {last} but today is day {books.day}",
            "set the day in Settings back to the last day of the journal, or later",
        )


def _seed(books: Books) -> Iterable[Problem]:
    """A seed past 2**53 - 1 is saved rounded (a cell is a double): the dice would change.
    A negative seed is the game's own `bad-setting`."""
    ref = books.settings.refs.get("seed")
    raw = books.settings.values.get("seed")
    if isinstance(raw, bool) or not isinstance(raw, int) or raw > MAX_SEED:
        yield problem(
            "bad-seed",
            str(ref or "Settings seed"),
            f"the seed {raw} is past {MAX_SEED}, the largest whole number a cell holds exactly",
            f"set the seed to a whole number from 0 to {MAX_SEED} (the default is 1)",
        )


def _total_zero(books: Books) -> Iterable[Problem]:
    total = books.journal.total()
    if not total.is_zero():
        yield problem(
            "books-do-not-balance",
            "Journal",
            f"all accounts sum to {total}, not 0",
            "a transaction is unbalanced",
        )


def _amounts(books: Books) -> Iterable[Problem]:
    """Every posting is an amount a cell holds exactly (a rule's product of a table's amounts,
    a board's rent times the dice, must not pass what the Journal can keep)."""
    from ledger.core.money import LIMIT

    hint = "an amount in a table or setting is too large: make it smaller"
    for t in books.journal:
        for p in t.postings:
            if abs(p.amount.amount) > LIMIT:
                said = f"txn {t.id} moves {p.amount} on {p.account}, more than a cell holds exactly ({LIMIT:,})"
                yield problem("amount-too-large", "Journal", said, hint)


def all_rules(game: Game | None = None) -> tuple[Rule, ...]:
    """Every check, the game's own among ledger's (`game`: those of the workbook's game, each
    reached by `ledger check --rule CODE`; without one, its checks as the one rule `game`)."""
    return (
        Rule("players", "players are named and unique; special roles as the game allows", _players),
        Rule("accounts", "every posting names a known account", _accounts),
        Rule("overdrawn", "no player below zero where the rules allow no debt", _overdrawn),
        *(game.check_rules() if game is not None else (Rule("game", GAME_RULE, _game),)),
        Rule("day", "the day is not before the journal's last day", _day),
        Rule("seed", "the seed is a whole number a spreadsheet holds exactly", _seed),
        Rule("total", "all accounts sum to zero", _total_zero),
        Rule("amounts", "every posting is an amount a cell holds exactly", _amounts),
        Rule("balances", "the Balances sheet agrees with the journal", _balances_typed),
    )


def _game(books: Books) -> Iterable[Problem]:
    return books.game.check_state(books)


def run_checks(books: Books, only: Iterable[str] | None = None) -> list[Problem]:
    """The problems the checks find; `only`: the checks of these codes (`game`: every check of
    the game's own)."""
    wanted = set(only) if only else None
    games = {r.code for r in books.game.check_rules()}
    found: list[Problem] = []
    for rule in all_rules(books.game):
        chosen = (
            rule.code in wanted or ("game" in wanted and rule.code in games) if wanted else True
        )
        if not chosen:
            continue
        if rule.code == "balances" and any(p.is_error for p in found):
            continue  # a hand-edited journal makes the Balances sheet disagree too: say it once
        found.extend(rule.check(books))
    return found
