"""One description of each banker's action's parameters, shared by the CLI and the Events sheet.

The CLI parses its arguments with Typer and hands the raw text here; an Events row hands its
columns and its `args` text (`packet 2 --name Nomad --at Mars`). Both are checked by the same
`parse_params`, so a command and a typed row cannot disagree.
"""

from __future__ import annotations

import functools
import shlex
import types
from collections.abc import Mapping
from decimal import Decimal
from typing import (
    Annotated,
    Any,
    Literal,
    dataclass_transform,
    get_args,
    get_origin,
    get_type_hints,
)

import msgspec

from ledger.core.money import parse_amount
from ledger.core.problems import Problem, problem

#: `file`: a text file named on the command line, read there and handed on as a `TextFile`.
ParamKind = Literal["text", "int", "money", "flag", "file"]
#: What one spreadsheet cell can hold (Excel's limit).
MAX_TEXT = 32767


class Param(msgspec.Struct, frozen=True):
    name: str
    kind: ParamKind = "text"
    required: bool = False
    default: Any = None
    #: How the CLI names it (`QTY`, `--ship`), for problems about command arguments.
    cli: str = ""
    help: str = ""
    #: The Events column it may come from (`player`, `to`, `amount`); else from `args`.
    column: str = ""
    #: How the help shows an option's value (`ROW`, `ROUND.txt`); else by its kind.
    metavar: str = ""

    @property
    def positional(self) -> bool:
        return not self.cli.startswith("-")


class TextFile(msgspec.Struct, frozen=True):
    """A `file` parameter's value: the path as the user named it and the text read from it
    (the command line reads it, so the game's handler never touches the file system)."""

    path: str
    text: str


class Refusal(msgspec.Struct, frozen=True):
    """A state of the books a command refuses to act on, the rule that denies it, and the test
    (by its name) that shows the refusal: docs/commands.md lists them, and a test fails when
    the named test is gone."""

    state: str
    rule: str
    test: str


class Arg(msgspec.Struct, frozen=True):
    """How a move's field is typed in (`Annotated[str, Arg("--at")]`): how the CLI names it
    (`QTY`, `--ship`: a name without `--` is an argument), its help, the Events column it may
    come from, and how the help shows its value. Its kind is its type's: `str` text, `int` a
    whole number, `Decimal` money, `bool` a flag, `TextFile` a file."""

    cli: str = ""
    help: str = ""
    column: str = ""
    metavar: str = ""


class _MoveMeta(msgspec.StructMeta):
    """Every move is frozen and keyword-only (its fields in the order the help lists them)."""

    def __new__(mcls, name: str, bases: tuple[type, ...], ns: dict[str, Any], **kw: Any) -> Any:
        kw.setdefault("kw_only", True)
        kw.setdefault("frozen", True)
        return super().__new__(mcls, name, bases, ns, **kw)


@dataclass_transform(kw_only_default=True, frozen_default=True, field_specifiers=(msgspec.field,))
class Move(msgspec.Struct, metaclass=_MoveMeta, frozen=True, kw_only=True):
    """A command's typed record: its fields are its parameters (a field without a default is
    required), each `Annotated` with its `Arg`. The command's `ActionSpec` (what the CLI, the
    Events sheet and the phone form read) is derived from it (`command`), and its handler
    receives it, decoded and checked (`decode`)."""


_KINDS: dict[Any, ParamKind] = {
    str: "text",
    int: "int",
    Decimal: "money",
    bool: "flag",
    TextFile: "file",
}


@functools.cache
def params_of(move: type[Move]) -> tuple[Param, ...]:
    """The parameters a move's fields declare, in their order."""
    hints = get_type_hints(move, include_extras=True)
    out = []
    for f in msgspec.structs.fields(move):
        hint, arg = hints[f.name], Arg()
        if get_origin(hint) is Annotated:
            hint, *meta = get_args(hint)
            arg = next((m for m in meta if isinstance(m, Arg)), arg)
        if isinstance(hint, types.UnionType):
            (hint,) = (t for t in get_args(hint) if t is not type(None))
        default = None if f.default is msgspec.NODEFAULT else f.default
        out.append(
            Param(
                f.name,
                _KINDS[hint],
                f.required,
                default,
                arg.cli,
                arg.help,
                arg.column,
                arg.metavar,
            )
        )
    return tuple(out)


class ActionSpec(msgspec.Struct, frozen=True):
    name: str
    params: tuple[Param, ...]
    help: str = ""
    example: str = ""
    #: What the command refuses to act on (a thing used up, destroyed; a player out, dead).
    refuses: tuple[Refusal, ...] = ()
    #: More of the help, after the examples: a paragraph each (what each form of it does).
    notes: tuple[str, ...] = ()
    #: Whether the command may also be typed as an Events row of its own type (a command
    #: that rolls dice or reads a file is the command line's alone).
    events_row: bool = True
    #: The typed record its handler receives (`command` derives `params` from it).
    move: type[Move] | None = None

    def param(self, name: str) -> Param:
        return next(p for p in self.params if p.name == name)


def command(
    name: str, move: type[Move], help: str = "", example: str = "", **kw: Any
) -> ActionSpec:
    """A command's spec, its parameters read from the fields of its `move`."""
    return ActionSpec(name, params_of(move), help, example, move=move, **kw)


def decode(
    spec: ActionSpec, given: Mapping[str, Any], where: Mapping[str, str]
) -> tuple[Any, list[Problem]]:
    """The command's typed record from raw values (`parse_params`), or the problems."""
    values, problems = parse_params(spec, given, where)
    if problems:
        return None, problems
    assert spec.move is not None, f"{spec.name} declares no move"
    return spec.move(**values), []


def whole_number_problem(name: str, raw: object, where: str) -> Problem:
    """What is wrong with `raw` where a whole number was asked for: a comma (`1,5`: a decimal
    comma, or two numbers) is said as such."""
    example = f"e.g. {name} 2" if name.startswith("-") else "e.g. 2"
    if "," in str(raw):
        return problem(
            "not-a-number",
            where,
            f"{raw!r} uses a comma; {name} is one whole number",
            f"type one whole number without a comma, {example}",
        )
    return problem("bad-number", where, f"{name} must be a whole number, not {raw!r}", example)


def _convert(p: Param, raw: Any, where: str) -> tuple[Any, Problem | None]:
    if p.kind == "file":
        return _text_file(p, raw, where)
    if p.kind == "flag":
        if isinstance(raw, bool):
            return raw, None
        return str(raw).strip().casefold() in ("1", "yes", "true", "y", ""), None
    if p.kind == "int":
        return _whole(p, raw, where)
    if p.kind == "money":
        if isinstance(raw, Decimal):
            return raw, None
        try:
            return parse_amount(str(raw)), None
        except ValueError as exc:
            return None, problem("bad-amount", where, str(exc), "e.g. 12.50")
    text = str(raw).strip()
    if len(text) > MAX_TEXT:
        return None, problem(
            "text-too-long",
            where,
            f"{p.cli or p.name} has {len(text)} characters; a cell holds {MAX_TEXT}",
            "shorten it",
        )
    return text, None


def _whole(p: Param, raw: Any, where: str) -> tuple[int | None, Problem | None]:
    """An `int` parameter: a whole number, 0 or more."""
    if isinstance(raw, int) and not isinstance(raw, bool):
        value = raw
    else:
        try:
            d = Decimal(str(raw).strip())
            if d != d.to_integral_value():
                raise ValueError
            value = int(d)
        except (ArithmeticError, ValueError):
            return None, whole_number_problem(p.cli or p.name, raw, where)
    if value < 0:
        return None, problem(
            "bad-number", where, f"{p.cli or p.name} cannot be negative ({value})", ""
        )
    return value, None


def _text_file(p: Param, raw: Any, where: str) -> tuple[Any, Problem | None]:
    """A file is read where it is named, on the command line: a path typed anywhere else
    (an Events row's args) is refused, not read."""
    if isinstance(raw, TextFile):
        return raw, None
    return None, problem(
        "file-not-read",
        where,
        f"{p.cli or p.name} names a text file, which only the command line reads",
        f"run the command: ledger ... {p.cli or p.name} {p.metavar or 'FILE'}",
    )


def parse_params(
    spec: ActionSpec, given: Mapping[str, Any], where: Mapping[str, str]
) -> tuple[dict[str, Any], list[Problem]]:
    """Check and convert raw values by the spec; `where` names each parameter's cell/argument."""
    out: dict[str, Any] = {}
    problems: list[Problem] = []
    for p in spec.params:
        loc = where.get(p.name, p.cli or p.name)
        raw = given.get(p.name)
        if raw is None or (isinstance(raw, str) and not raw.strip() and p.kind != "flag"):
            if p.required:
                problems.append(
                    problem("missing-value", loc, f"{spec.name} needs {p.cli or p.name}", p.help)
                )
            out[p.name] = p.default
            continue
        value, prob = _convert(p, raw, loc)
        if prob:
            problems.append(prob)
        out[p.name] = value
    unknown = set(given) - {p.name for p in spec.params}
    for name in sorted(unknown):
        problems.append(
            problem(
                "unknown-option",
                where.get("args", "args"),
                f"{spec.name} takes no {name}",
                "options: " + ", ".join(p.cli for p in spec.params if p.cli.startswith("-")),
            )
        )
    return out, problems


def split_args(spec: ActionSpec, text: str, where: str) -> tuple[dict[str, Any], list[Problem]]:
    """`packet 2 --name Nomad` -> {"item": "packet", "qty": "2", "name": "Nomad"} by the spec."""
    try:
        words = shlex.split(text)
    except ValueError as exc:
        return {}, [
            problem(
                "bad-args",
                where,
                f"cannot read {text!r}: {exc}",
                "put quotes around names with spaces",
            )
        ]
    options = {p.cli: p for p in spec.params if p.cli.startswith("-")}
    positionals = [p for p in spec.params if p.positional and not p.column]
    out: dict[str, Any] = {}
    problems: list[Problem] = []
    i = 0
    while i < len(words):
        w = words[i]
        if w.startswith("--"):
            key, _, inline = w.partition("=")
            p = options.get(key)
            if p is None:
                problems.append(
                    problem(
                        "unknown-option",
                        where,
                        f"{spec.name} has no option {key}",
                        "options: " + ", ".join(options) if options else "",
                    )
                )
                i += 1
                continue
            if p.kind == "flag":
                out[p.name] = True
                i += 1
                continue
            if inline:
                out[p.name] = inline
                i += 1
                continue
            if i + 1 >= len(words):
                problems.append(problem("missing-value", where, f"{key} needs a value", p.help))
                break
            out[p.name] = words[i + 1]
            i += 2
            continue
        if not positionals:
            problems.append(
                problem(
                    "extra-argument",
                    where,
                    f"{spec.name} takes no more arguments, not {w!r}",
                    spec.example,
                )
            )
            i += 1
            continue
        out[positionals.pop(0).name] = w
        i += 1
    return out, problems
