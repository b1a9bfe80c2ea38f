"""The token a player's page's forms carry (`ledger serve --actions`): an HMAC over the link's
token and the page, made with a key this server makes when it starts and keeps in memory alone,
checked in constant time. Nobody but this server can make one, and a page of another site
cannot read it; a page left open across a restart asks to be loaded again."""

from __future__ import annotations

import hashlib
import hmac
import secrets

#: This run's key: never written anywhere.
_KEY = secrets.token_bytes(32)


def csrf_token(link: str, page: str) -> str:
    """The token a page's forms carry: bound to the link's token and to the page."""
    return hmac.new(_KEY, f"csrf\0{link}\0{page}".encode(), hashlib.sha256).hexdigest()


def csrf_holds(link: str, page: str, given: str) -> bool:
    """Whether `given` is the token of this link and page (compared in constant time)."""
    return hmac.compare_digest(csrf_token(link, page).encode(), given.encode("utf-8", "replace"))
