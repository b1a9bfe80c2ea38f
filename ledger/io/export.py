"""The whole journal in another tool's own syntax: hledger, beancount, or CSV (one posting a row).

The mapping, the same for every game (docs/decisions.md):

- **Dates**: game day (or round) N is the date `DAY_ZERO + N days` (day 0 is 2000-01-01), a date
  every tool accepts; the day itself stays on each transaction (`day:` tag, `day` metadata).
- **Accounts**: a player's money (every `cash:` account, and a role's account a player holds) is
  an asset, `assets:` + the account's name (`cash:Ann:Home` -> `assets:cash:Ann:Home`); every
  other account (the `bank`, where new money comes from, and the game's institutions, where money
  goes to and comes back from) is equity, `equity:` + its name. So the assets are what the
  players hold, and assets + equity sum to zero, as the journal does.
- **Memo, rule, event, kind, txn**: the memo is the description; the rest are tags (hledger) or
  metadata (beancount) on every transaction, and columns in CSV.
- **Amounts**: exact, two decimals, the game's currency as the commodity. Beancount wants a
  currency in capitals: the game's currency is upper-cased there (and only there).
- **Beancount names**: each part of an account name must start with a capital or a digit and
  hold letters, digits and `-`: parts are capitalised and other characters become `-`; two
  accounts that would end up with one name are told apart by a `-2`, `-3` suffix.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable, Iterable, Iterator
from datetime import date, timedelta

from ledger.core.books import Books
from ledger.core.checks import MAX_DAY
from ledger.core.journal import Transaction
from ledger.core.problems import ProblemsFound, problem

#: Game day 0 as a date: day N is DAY_ZERO + N days.
DAY_ZERO = date(2000, 1, 1)

FORMATS = ("hledger", "beancount", "csv")

CSV_COLUMNS = (
    "txn",
    "date",
    "day",
    "kind",
    "memo",
    "rule",
    "event",
    "account",
    "amount",
    "currency",
)


def day_date(day: int) -> str:
    """Day N as a date. `check` bounds the days (0 to `MAX_DAY`); a day past what a date
    holds is still a problem here, never an OverflowError."""
    try:
        return (DAY_ZERO + timedelta(days=day)).isoformat()
    except OverflowError:
        raise ProblemsFound(
            [
                problem(
                    "bad-day",
                    f"day {day}",
                    f"day {day} is past the dates an export can write",
                    f"days run from 0 to {MAX_DAY}: fix the day in Settings or the Journal",
                )
            ]
        ) from None


def account_names(books: Books) -> dict[str, str]:
    """Each account of the journal -> its hledger name (`assets:...` or `equity:...`)."""
    held = {a for p in books.players for a in books.player_accounts(p)}
    out: dict[str, str] = {}
    for account in sorted(books.journal.balances()):
        root = "assets" if account in held or account.startswith("cash:") else "equity"
        out[account] = f"{root}:{_hledger_part(account)}"
    return out


def _hledger_part(account: str) -> str:
    # two spaces end an account name in hledger; brackets at the start mean a virtual posting
    name = re.sub(r"\s+", " ", account).strip()
    return re.sub(r"^[(\[]", "_", name) or "_"


def _one_line(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def export(books: Books, fmt: str) -> Iterator[str]:
    """The journal as text in `fmt`, a chunk at a time (a long journal is not held twice)."""
    writers: dict[str, Callable[[Books], Iterator[str]]] = {
        "hledger": hledger,
        "beancount": beancount,
        "csv": csv_rows,
    }
    if fmt not in writers:
        raise ValueError(f"unknown export format {fmt!r}; one of {', '.join(FORMATS)}")
    return writers[fmt](books)


# -- hledger ----------------------------------------------------------------------------------


def _hledger_commodity(currency: str) -> str:
    return (
        currency if re.fullmatch(r"[^\W\d_]+", currency) else '"' + currency.replace('"', "") + '"'
    )


def _hledger_tag(value: str) -> str:
    return _one_line(value).replace(",", " ")  # a comma ends a tag's value


def _step(books: Books) -> str:
    """What the `day` of a transaction counts, in the game's words."""
    return books.game.clock.unit or "day"


def hledger(books: Books) -> Iterator[str]:
    names = account_names(books)
    commodity = _hledger_commodity(books.currency)
    yield (
        f"; {books.game.title}: the journal exported by ledger, {books.moment()}\n"
        f"; {_step(books)} N of the game is {DAY_ZERO.isoformat()} + N days\n\n"
        f"commodity 1000.00 {commodity}\n"
    )
    yield "".join(f"account {n}\n" for n in sorted(names.values())) + "\n"
    width = max((len(n) for n in names.values()), default=10) + 2
    for t in books.journal:
        tags = [f"txn:{t.id}", f"day:{t.day}", f"kind:{_hledger_tag(t.kind)}"]
        tags.append(f"rule:{_hledger_tag(t.rule)}")  # empty where no rule set the amounts
        if t.event:
            tags.append(f"event:{_hledger_tag(t.event)}")
        memo = _one_line(t.memo).replace(";", ",")  # a semicolon starts a comment
        lines = [f"{day_date(t.day)} {memo}  ; {', '.join(tags)}\n"]
        for p in t.postings:
            lines.append(f"    {names[p.account]:<{width}}{p.amount.plain():>14} {commodity}\n")
        yield "".join(lines) + "\n"


# -- beancount --------------------------------------------------------------------------------


def _bean_part(part: str) -> str:
    part = re.sub(r"[^\w-]|_", "-", part)  # \w keeps letters of every script
    if not part or not (part[0].isalpha() or part[0].isdigit()):
        part = "X" + part
    return part[0].upper() + part[1:]


def beancount_names(books: Books) -> dict[str, str]:
    """Each account -> a name beancount accepts (`Assets:Cash:Ann:Home`, `Equity:Bank`)."""
    out: dict[str, str] = {}
    taken: set[str] = set()
    for account, name in account_names(books).items():
        bean = ":".join(_bean_part(p) for p in name.split(":"))
        base, n = bean, 1
        while bean in taken:
            n += 1
            bean = f"{base}-{n}"
        taken.add(bean)
        out[account] = bean
    return out


def beancount_currency(currency: str) -> str:
    """Beancount's currencies are capitals (2 to 24 characters, digits and ' . _ - inside)."""
    cur = re.sub(r"[^A-Z0-9'._-]", "", currency.upper())
    cur = re.sub(r"^[^A-Z]+", "", cur)
    cur = re.sub(r"[^A-Z0-9]+$", "", cur)
    if len(cur) < 2:
        cur = (cur + "XX")[:2]
    return cur[:24]


def _bean_string(text: str) -> str:
    return '"' + _one_line(text).replace("\\", "\\\\").replace('"', '\\"') + '"'


def beancount(books: Books) -> Iterator[str]:
    names = beancount_names(books)
    cur = beancount_currency(books.currency)
    start = day_date(min((t.day for t in books.journal), default=0))
    yield (
        f"; {books.game.title}: the journal exported by ledger, {books.moment()}\n"
        f"; {_step(books)} N of the game is {DAY_ZERO.isoformat()} + N days; "
        f"{books.currency} is written {cur}\n\n"
        f'option "title" {_bean_string(books.game.title)}\n'
        f'option "operating_currency" "{cur}"\n\n'
        f"{start} commodity {cur}\n"
    )
    yield "".join(f"{start} open {n} {cur}\n" for n in sorted(names.values())) + "\n"
    width = max((len(n) for n in names.values()), default=10) + 2
    for t in books.journal:
        lines = [
            f"{day_date(t.day)} * {_bean_string(t.memo)}\n",
            f'  txn: "{t.id}"\n',
            f'  day: "{t.day}"\n',
            f"  kind: {_bean_string(t.kind)}\n",
        ]
        lines.append(f"  rule: {_bean_string(t.rule)}\n")
        if t.event:
            lines.append(f"  event: {_bean_string(t.event)}\n")
        for p in t.postings:
            lines.append(f"  {names[p.account]:<{width}}{p.amount.plain():>14} {cur}\n")
        yield "".join(lines) + "\n"


# -- CSV --------------------------------------------------------------------------------------


def csv_rows(books: Books) -> Iterator[str]:
    """One row a posting, with the ledger's own account names and the transaction's columns."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    yield _drain(buffer)
    for batch in _batches(books.journal, 1000):
        for t in batch:
            for p in t.postings:
                writer.writerow(
                    (
                        t.id,
                        day_date(t.day),
                        t.day,
                        t.kind,
                        t.memo,
                        t.rule,
                        t.event,
                        p.account,
                        p.amount.plain(),
                        p.amount.currency,
                    )
                )
        yield _drain(buffer)


def _drain(buffer: io.StringIO) -> str:
    text = buffer.getvalue()
    buffer.seek(0)
    buffer.truncate()
    return text


def _batches(txns: Iterable[Transaction], size: int) -> Iterator[list[Transaction]]:
    batch: list[Transaction] = []
    for t in txns:
        batch.append(t)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch
