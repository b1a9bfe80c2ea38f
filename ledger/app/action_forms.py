"""The forms of a player's page (`ledger serve --actions`) and an action as the banker would
type it: read from each game's own specs, so the form, the command and what is kept of a sent
action cannot drift apart."""

from __future__ import annotations

import shlex
from typing import Any

import msgspec


class Field(msgspec.Struct, frozen=True):
    """One field of a player's form: its name, what it is called on the page, its kind
    (`text`, `money`, `int`, `flag`), whether it must be filled in."""

    name: str
    label: str
    kind: str = "text"
    required: bool = False
    help: str = ""


class Form(msgspec.Struct, frozen=True):
    """What a player may do from their link: `pay`, or one of the game's player actions."""

    kind: str
    title: str
    fields: tuple[Field, ...]
    #: What it does, in the words of the command's help.
    about: str = ""


PAY = Form(
    "pay",
    "Pay",
    (
        Field("to", "To", required=True, help="A player, or the bank."),
        Field("amount", "Amount", "money", True, "e.g. 12.50, a dot for decimals"),
        Field("memo", "Memo", help="What it is for."),
    ),
)


def forms(game: Any) -> list[Form]:
    """The forms of a player's page: pay, then each of the game's player actions that names
    its player (it is run as the link's holder)."""
    out = [PAY]
    for name in game.player_actions:
        spec = game.player_command(name)
        if spec is None or not any(p.name == "player" for p in spec.params):
            continue
        fields = tuple(
            Field(
                p.name, p.cli.lstrip("-").replace("-", " ").capitalize(), p.kind, p.required, p.help
            )
            for p in spec.params
            if p.name != "player"
        )
        about = (spec.help or "").split(". ")[0].rstrip(".")
        out.append(Form(name, name.replace("-", " ").capitalize(), fields, about))
    return out


def described(game: Any, who: str, kind: str, values: dict[str, str]) -> str:
    """The action as the banker would type it: `pay Ann Bob 5 --memo rent`."""
    if kind == "pay":
        memo = values.get("memo", "")
        words = ["pay", who, values.get("to", ""), values.get("amount", "")]
        return shlex.join(words + (["--memo", memo] if memo else []))
    spec = game.player_command(kind)
    words = kind.split("-") if kind.partition("-")[0] in game.command_groups else [kind]
    for p in sorted(spec.params, key=lambda p: not p.positional):
        v = who if p.name == "player" else values.get(p.name, "")
        if not v:
            continue
        if p.kind == "flag":
            words.append(p.cli)
        elif p.positional:
            words.append(v)
        else:
            words += [p.cli, v]
    return shlex.join(words)
