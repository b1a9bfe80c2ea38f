"""The players' secret links: a random token a player (and one for the banker), compared in
constant time. New ones each start, or kept in the user's config folder (`--keep-links`) with
the game they were made for."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import secrets
from pathlib import Path

from ledger.folders import user_folder

#: Who holds the banker's link: everything, every statement, the history.
BANKER = ""


def config_file(workbook: Path) -> Path:
    key = hashlib.sha256(str(workbook.resolve()).encode()).hexdigest()[:16]
    return Path(user_folder("config")) / f"links-{key}.json"


def make_links(names: list[str], workbook: Path, keep: bool, game: str = "") -> dict[str, str]:
    """name -> token for each player and the banker (`BANKER`); kept ones reused when they
    were kept for this very game (`game`, `Settings.identity`): another game's workbook at
    the same path gets new ones. A file kept before links knew their game is this game's."""
    kept: dict[str, str] = {}
    where = config_file(workbook)
    if keep:
        with contextlib.suppress(OSError, ValueError):
            data = json.loads(where.read_text(encoding="utf-8"))
            if isinstance(data, dict) and isinstance(data.get("links"), dict):
                if data.get("game") == game:
                    kept = {str(k): str(v) for k, v in data["links"].items()}
            elif isinstance(data, dict):  # kept before the links knew their game
                kept = {str(k): str(v) for k, v in data.items()}
    links = {n: kept.get(n) or secrets.token_urlsafe(18) for n in [BANKER, *names]}
    if keep:
        where.parent.mkdir(parents=True, exist_ok=True)
        tmp = where.with_name(f"{where.name}.tmp-{os.getpid()}")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump({"game": game, "links": links}, f)
        os.replace(tmp, where)
        from ledger.app import this_run

        this_run.note_written(where)  # what Ctrl-C's answer names (not "nothing was written")
    return links


def who(links: dict[str, str], token: str) -> str | None:
    """The name whose token this is (`BANKER` for the banker), else None. Every token is
    compared, in constant time, so the time taken says nothing about which came close."""
    found = None
    given = token.encode("utf-8", "replace")
    for name, secret in links.items():
        if secrets.compare_digest(given, secret.encode()):
            found = name
    return found
