"""The players' secret links: a random token a player (and one for the banker), each its own,
compared in constant time. New ones each start, or kept in the user's config folder
(`--keep-links`) with the game they were made for.

The kept file and its folder are believed only when they are this account's alone
(`ledger.owned`): one another account owns or may write is refused by name and never used nor
overwritten. A kept file of this account's that ledger could not have written (not its JSON,
a token not one of ledger's, two names sharing a token) is not believed either: every link is
made anew, and the banker is told."""

from __future__ import annotations

import hashlib
import json
import os
import re
import secrets
from pathlib import Path

from ledger import owned
from ledger.core.problems import Problem, problem
from ledger.folders import user_folder

#: Who holds the banker's link: everything, every statement, the history.
BANKER = ""
#: The most of a kept links file read: a token a player is a few dozen bytes.
MAX_FILE = 256 * 1024
#: What a token of ledger's looks like (`secrets.token_urlsafe(18)` makes 24 characters).
_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,128}")


def config_file(workbook: Path) -> Path:
    key = hashlib.sha256(str(workbook.resolve()).encode()).hexdigest()[:16]
    return Path(user_folder("config")) / f"links-{key}.json"


def make_links(
    names: list[str],
    workbook: Path,
    keep: bool,
    game: str = "",
    warnings: list[Problem] | None = None,
) -> dict[str, str]:
    """name -> token for each player and the banker (`BANKER`), no two alike; kept ones
    reused when they were kept for this very game (`game`, `Settings.identity`): another
    game's workbook at the same path gets new ones. A file kept before links knew their game
    is this game's. Kept links not believed are said in `warnings`."""
    if not keep:
        return _fresh([BANKER, *names], {})
    where = config_file(workbook)
    where.parent.parent.mkdir(parents=True, exist_ok=True)
    folder = owned.make_folder(where.parent, "the folder of the kept links")
    try:
        raw = owned.read_file(where.name, str(where), "the kept links", MAX_FILE, dir_fd=folder)
        kept, why = _believed(raw, game)
        if why and warnings is not None:
            warnings.append(
                problem(
                    "links-renewed",
                    str(where),
                    f"the kept links were not used: {why}; every link is new",
                    "give the players their new links: the old ones open nothing now",
                    warning=True,
                )
            )
        links = _fresh([BANKER, *names], kept)
        data = json.dumps({"game": game, "links": links}).encode()
        owned.write_whole(where.name, data, dir_fd=folder)
    finally:
        os.close(folder)
    from ledger.app import this_run

    this_run.note_written(where)  # what Ctrl-C's answer names (not "nothing was written")
    return links


def _believed(raw: bytes | None, game: str) -> tuple[dict[str, str], str]:
    """The kept links for `game` and, when the file is not one ledger wrote, why (then none)."""
    if raw is None:
        return {}, ""
    if len(raw) > MAX_FILE:
        return {}, f"the file is bigger than ledger writes one ({MAX_FILE:,} bytes)"
    try:
        data = json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError):
        return {}, "the file is not the JSON ledger writes"
    if isinstance(data, dict) and isinstance(data.get("links"), dict):
        if data.get("game") != game:
            return {}, ""  # another game's links: new ones, as for a new game
        data = data["links"]
    if not isinstance(data, dict) or not all(
        isinstance(k, str) and isinstance(v, str) and _TOKEN.fullmatch(v) for k, v in data.items()
    ):
        return {}, "it holds what is not a link ledger makes"
    if len(set(data.values())) != len(data):
        return {}, "two of its names share one link"
    return dict(data), ""


def _fresh(names: list[str], kept: dict[str, str]) -> dict[str, str]:
    """A token a name: the kept one, else a new one none other has."""
    links: dict[str, str] = {}
    for name in names:
        token = kept.get(name)
        while token is None or token in links.values():
            token = secrets.token_urlsafe(18)
        links[name] = token
    return links


def who(links: dict[str, str], token: str) -> str | None:
    """The name whose token this is (`BANKER` for the banker), else None; a token two names
    share opens neither. Every token is compared, in constant time, so the time taken says
    nothing about which came close."""
    found = []
    given = token.encode("utf-8", "replace")
    for name, secret in links.items():
        if secrets.compare_digest(given, secret.encode()):
            found.append(name)
    return found[0] if len(found) == 1 else None
