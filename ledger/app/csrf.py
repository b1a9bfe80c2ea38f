"""The token a player's page's forms carry (`ledger serve --actions`): an HMAC over the link's
token and the page, made with this account's key (ledger/io/seal.py), checked in constant
time. Nobody without the key can make one, and a page of another site cannot read it."""

from __future__ import annotations


def csrf_token(link: str, page: str) -> str:
    """The token a page's forms carry: bound to the link's token and to the page, made with
    this account's key (ledger/io/seal.py): nobody without the key can make one."""
    from ledger.io.seal import mark

    return mark(f"csrf\0{link}\0{page}".encode())


def csrf_holds(link: str, page: str, given: str) -> bool:
    """Whether `given` is the token of this link and page (compared in constant time)."""
    import hmac

    return hmac.compare_digest(csrf_token(link, page).encode(), given.encode("utf-8", "replace"))
