"""A cache of what `ledger balance` shows, in this user's cache folder
(`$XDG_CACHE_HOME/bankers-ledger/balances/`, one file a workbook, named by its path).

Like beancount's pickle cache of a loaded ledger: valid only for the very bytes it was made
from (the workbook's SHA-256) and the same ledger version, so a workbook changed by Excel,
LibreOffice, `undo` or anything else is simply read again. Written after every save and after
a clean full read; never trusted otherwise. It is kept where only this account writes, never
beside the workbook, where whoever can write the workbook's folder could write a figure in it.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from decimal import Decimal
from pathlib import Path

from ledger import __version__
from ledger.folders import user_folder

TYPE_CHECKING = False  # `ledger balance` from the cache imports no more than this module
if TYPE_CHECKING:
    from ledger.core.books import Books


@dataclass
class Summary:
    """What balance shows: per player their cash accounts, and every account's balance."""

    game: str
    day: int
    currency: str
    players: list[tuple[str, str, list[str]]]  # name, role, cash accounts
    balances: dict[str, str]
    institutions: list[str]
    pending_events: int
    total: str
    #: Where the books stand in the game's words (`day 30`, `after round 2`).
    moment: str


def cache_path(workbook: Path) -> Path:
    where = hashlib.sha256(str(workbook.resolve()).encode("utf-8", "surrogateescape"))
    return Path(user_folder("cache")) / "balances" / f"{where.hexdigest()[:32]}.json"


def digest_of(data: bytes) -> str:
    """The digest of a workbook's bytes as read."""
    return hashlib.sha256(data).hexdigest()


def digest(workbook: Path) -> str:
    return digest_of(workbook.read_bytes())


def summarise(
    books: Books, sums: Mapping[str, Decimal] | None = None, transactions: int = 0
) -> Summary:
    """What balance shows, from the books' journal or (`sums`) from each account's sum as
    read straight from the Journal sheet, over so many `transactions`."""
    from ledger.core.closing import CARRIED
    from ledger.core.money import Money

    if sums is None:
        balances = books.journal.balances()
        total = books.journal.total()
        transactions = len(books.journal)
    else:
        balances = {a: Money(v, books.currency) for a, v in sorted(sums.items())}
        total = Money(sum(sums.values(), Decimal(0)), books.currency)
    if CARRIED in balances and not balances[CARRIED].amount:
        del balances[CARRIED]  # the carried balances' counterpart: zero, shown nowhere
    return Summary(
        game=books.game.key,
        day=books.day,
        currency=books.currency,
        players=[(p.name, p.role, books.player_accounts(p)) for p in books.players],
        balances={a: m.plain() for a, m in balances.items()},
        institutions=list(books.game.institutions),
        pending_events=sum(1 for _ in books.pending_events()),
        total=total.plain(),
        moment=books.game.clock.now(books.day, transactions),
    )


#: Bumped whenever what the cache holds, or how balances are derived, changes.
FORMAT = 4


def _key() -> str:
    return f"{__version__}/{FORMAT}"


def at_hand(workbook: Path) -> Summary | None:
    """The cached summary of the workbook's bytes as they are now, when there is one:
    `ledger balance` then reads no sheet."""
    try:
        return read(workbook, digest_of(workbook.read_bytes()))
    except OSError:
        return None


def read(workbook: Path, sha256: str) -> Summary | None:
    """The cached summary, if it was made from the bytes whose digest is `sha256`."""
    try:
        data = json.loads(cache_path(workbook).read_text(encoding="utf-8"))
        if (
            not isinstance(data, dict)
            or data.get("version") != _key()
            or data.get("sha256") != sha256
        ):
            return None
        s = data["summary"]
        s["players"] = [tuple(p) for p in s["players"]]
        return Summary(**s)
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def write(workbook: Path, summary: Summary, sha256: str) -> None:
    """Keep `summary` as made from the bytes whose digest is `sha256`. Best effort: a cache
    that cannot be written is only a slower next read."""
    target = cache_path(workbook)
    tmp = target.with_name(f"{target.name}.tmp-{os.getpid()}")
    with contextlib.suppress(OSError):
        target.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        tmp.write_text(
            json.dumps({"version": _key(), "sha256": sha256, "summary": asdict(summary)}),
            encoding="utf-8",
        )
        os.replace(tmp, target)
    with contextlib.suppress(OSError):
        tmp.unlink()
