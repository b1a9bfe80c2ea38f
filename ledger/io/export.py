"""The whole journal in another tool's own syntax: hledger, beancount, or CSV (one posting a row).

The mapping, the same for every game (docs/decisions.md):

- **Dates**: game day (or round) N is the date `DAY_ZERO + N days` (day 0 is 2000-01-01), a date
  every tool accepts; the day itself stays on each transaction (`day:` tag, `day` metadata).
- **Accounts**: a player's money (every `cash:` account, and a role's account a player holds) is
  an asset, `assets:` + the account's name (`cash:Ann:Home` -> `assets:cash:Ann:Home`); every
  other account (the `bank`, where new money comes from, and the game's institutions, where money
  goes to and comes back from) is equity, `equity:` + its name. So the assets are what the
  players hold, and assets + equity sum to zero, as the journal does. One exported name for one
  account: in hledger a space that would end the name or be lost and `%` are written `%XX`
  (`hledger_account`); in beancount colliding names get a suffix (below).
- **Memo, rule, event, kind, txn**: the memo is the description (in hledger after an empty code
  `()` when it starts with a mark hledger would take: `hledger_description`); the rest are tags
  (hledger) or metadata (beancount) on every transaction, and columns in CSV.
- **CSV**: numbers bare, every text quoted and marked as text where a spreadsheet would run it
  as a formula (`ledger.io.cells.as_text_cell`).
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
import unicodedata
import urllib.parse
from collections.abc import Callable, Iterable, Iterator
from datetime import date, timedelta
from decimal import Decimal

from ledger.core.books import Books
from ledger.core.checks import MAX_DAY
from ledger.core.journal import Transaction
from ledger.core.problems import ProblemsFound, problem
from ledger.io.cells import as_text_cell

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


def _roots(books: Books) -> dict[str, str]:
    """Each account of the journal -> `assets` (a player's money) or `equity` (the rest)."""
    held = {a for p in books.players for a in books.player_accounts(p)}
    return {
        account: "assets" if account in held or account.startswith("cash:") else "equity"
        for account in sorted(books.journal.balances())
    }


def account_names(books: Books) -> dict[str, str]:
    """Each account of the journal -> its hledger name (`assets:...` or `equity:...`), one
    hledger name for one account: `hledger_account` is undone by `urllib.parse.unquote`."""
    return {a: f"{root}:{hledger_account(a)}" for a, root in _roots(books).items()}


def hledger_account(account: str) -> str:
    """`account` as hledger keeps it whole. Two spaces or a tab end an account name there, so a
    space stays only between two other characters (neither a space nor a `:`); every other
    space, other white space, an invisible character and `%` itself are written `%XX` (UTF-8),
    so that `Bo b` and `Bo  b` (`Bo %20b`) stay two accounts. The root in front (`assets:`)
    keeps a leading `(` or `[` from meaning a virtual posting."""
    out = []
    for i, c in enumerate(account):
        if c == " ":
            before = account[i - 1] if i else ":"
            after = account[i + 1] if i + 1 < len(account) else ":"
            keep = not (before.isspace() or after.isspace() or ":" in (before, after))
        else:
            keep = c != "%" and not c.isspace() and unicodedata.category(c) not in ("Cc", "Cf")
        out.append(c if keep else urllib.parse.quote(c, safe=""))
    return "".join(out)


def _one_line(text: str) -> str:
    """`text` on one line: each run of line breaks (of any kind) a space; the rest, runs of
    spaces too, as it is (`starting money of Bo  b`)."""
    return re.sub(r"[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]+", " ", text).strip()


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


def hledger_description(memo: str) -> str:
    """The memo as a transaction's description, on one line (a `;` would start a comment: it is
    a `,`). A leading `*` or `!` would be read as the cleared or pending mark and a leading
    `(x)` as a code, and the description would lose them: such a memo comes after an empty
    code, `()`, which hledger reads as no code, and then keeps the memo whole."""
    text = _one_line(memo).replace(";", ",")
    return f"() {text}" if text.startswith(("*", "!", "(")) else text


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
        lines = [f"{day_date(t.day)} {hledger_description(t.memo)}  ; {', '.join(tags)}\n"]
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
    for account, root in _roots(books).items():
        bean = ":".join(_bean_part(p) for p in f"{root}:{account}".split(":"))
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
    """One row a posting, with the ledger's own account names and the transaction's columns.

    Numbers (txn, day, amount) are bare; every text is quoted, so a line break of any kind
    (a bare CR too) stays inside its field, and marked as text as `as_text_cell` says, so that a
    spreadsheet never runs a memo or a name as a formula (`-5.00` in the amount column stays a
    number)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n", quoting=csv.QUOTE_NONNUMERIC)
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
                        as_text_cell(t.kind),
                        as_text_cell(t.memo),
                        as_text_cell(t.rule),
                        as_text_cell(t.event),
                        as_text_cell(p.account),
                        Decimal(p.amount.plain()),
                        as_text_cell(p.amount.currency),
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
