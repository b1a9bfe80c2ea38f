"""Commands made from the games' action specs: one description of an action's parameters
gives both its command (here) and its Events-sheet row (ledger.core.params). Every banker's
action of Triplanetary V/2 comes this way; `liner-open` becomes `ledger liner open`."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Annotated, Any

import typer

from ledger.cli import DEFAULT_WORKBOOK, app
from ledger.cli_args import NegativeNumbers
from ledger.cli_property import act
from ledger.core.params import ActionSpec, Param

GROUPS = {
    "liner": "Space passenger lines (§28, §40): open, close, depart.",
    "office": "Offices (§8): open, close.",
}
_groups: dict[str, typer.Typer] = {}


def _annotation(p: Param) -> tuple[Any, Any]:
    """(annotation, default) for one parameter."""
    py: Any = {"int": int, "flag": bool}.get(p.kind, str)
    if p.positional:
        if p.required:
            return Annotated[
                py, typer.Argument(metavar=p.cli, help=p.help or None, show_default=False)
            ], inspect.Parameter.empty
        return Annotated[
            py | None, typer.Argument(metavar=p.cli, help=p.help or None, show_default=False)
        ], p.default
    if p.kind == "flag":
        return Annotated[bool, typer.Option(p.cli, help=p.help or None)], False
    if p.required:
        return Annotated[
            py, typer.Option(p.cli, help=p.help or None, show_default=False)
        ], inspect.Parameter.empty
    return Annotated[py | None, typer.Option(p.cli, help=p.help or None, show_default=False)], None


def make_command(spec: ActionSpec, words: list[str]) -> Callable[..., None]:
    def command(**kw: Any) -> None:
        workbook, force = kw.pop("workbook"), kw.pop("force")
        given = {k: v for k, v in kw.items() if v is not None and v is not False}
        where = {p.name: p.cli for p in spec.params}
        line: list[str | None] = list(words)
        for p in spec.params:
            v = kw.get(p.name)
            if v is None or v is False:
                continue
            if p.positional:
                line.append(str(v))
            elif p.kind == "flag":
                line.append(p.cli)
            else:
                line += [p.cli, str(v)]
        act(spec.name, given, where, line, workbook, force)

    params = []
    for p in sorted(spec.params, key=lambda p: (not p.positional, not p.required)):
        annotation, default = _annotation(p)
        params.append(
            inspect.Parameter(
                p.name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=annotation
            )
        )
    from ledger.cli import ForceOpt, WorkbookOpt

    params.append(
        inspect.Parameter(
            "workbook",
            inspect.Parameter.KEYWORD_ONLY,
            default=DEFAULT_WORKBOOK,
            annotation=WorkbookOpt,
        )
    )
    params.append(
        inspect.Parameter(
            "force", inspect.Parameter.KEYWORD_ONLY, default=False, annotation=ForceOpt
        )
    )
    command.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    command.__name__ = spec.name.replace("-", "_")
    command.__doc__ = spec.help
    return command


def register(specs: dict[str, ActionSpec]) -> None:
    for name, spec in specs.items():
        group, _, sub = name.partition("-")
        epilog = f"Example: {spec.example}"
        if group in GROUPS and sub:
            if group not in _groups:
                _groups[group] = typer.Typer(
                    help=GROUPS[group], no_args_is_help=True, rich_markup_mode=None
                )
                app.add_typer(_groups[group], name=group)
            _groups[group].command(sub, epilog=epilog, cls=NegativeNumbers)(
                make_command(spec, [group, sub])
            )
        else:
            # `fine Bob -10` is refused by the action, `pr Ann -2` taken: -10 is no option
            app.command(name, epilog=epilog, cls=NegativeNumbers)(make_command(spec, [name]))


def _register_games() -> None:
    from ledger.rules.triplanetary import justice, property, trade, transfer

    register(property.SPECS)
    register(trade.SPECS)
    register(justice.SPECS)
    register(transfer.SPECS)


_register_games()
