"""The `ledger` command: parse, call one library function, render, exit code.

Exit codes: 0 ok, 1 problems found or refused (nothing written), 2 usage error, 3 workbook
locked or read-only, 4 saved but what comes after the save (summary, statements) was not written.
Results go to stdout (`--json` alone there); messages, warnings and hints go to stderr.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

from ledger import __version__

EXAMPLES = "Examples at the end of each command's --help; the README has a tour."

app = typer.Typer(
    name="ledger",
    help="The banker's books for economic space games, kept in an Excel workbook.\n\n"
    "Start with: ledger new --game triplanetary --player Ann --player Bob --patrol Sam",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
    pretty_exceptions_enable=False,
)

WorkbookOpt = Annotated[
    Path,
    typer.Option(
        "--workbook",
        "-w",
        envvar="LEDGER_WORKBOOK",
        help="The game's workbook (default: $LEDGER_WORKBOOK, else ledger.xlsx here).",
        show_default=False,
    ),
]
JsonOpt = Annotated[
    bool, typer.Option("--json", help="Print JSON on stdout (messages stay on stderr).")
]
ForceOpt = Annotated[
    bool,
    typer.Option("--force", help="Change it even though Excel/LibreOffice's lock file is there."),
]
DEFAULT_WORKBOOK = Path("ledger.xlsx")


# -- output -------------------------------------------------------------------------------


def say(message: str) -> None:
    """A message for the person: stderr, so stdout stays clean for results and JSON."""
    print(message, file=sys.stderr)


def out_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def _print_problems(problems: list[Any]) -> None:
    for p in problems:
        say(p.line())
        if p.hint:
            say(f"    hint: {p.hint}")


def fail(problems: list[Any], exit_code: int = 1) -> NoReturn:
    from ledger.io import store

    saved = store.saved_in_this_run()
    if saved is not None and exit_code != 0:
        saved_but(problems, "what comes after the save")
    errors = [p for p in problems if p.is_error]
    _print_problems(problems)
    if errors:
        what = "problem" if len(errors) == 1 else "problems"
        tail = "nothing was written." if exit_code != 3 else "nothing was changed."
        say(f"{len(errors)} {what}; {tail}")
    raise typer.Exit(exit_code)


class SavedBut(Exception):
    """Something a command writes after its save failed: the save stands."""

    def __init__(self, what: str, problems: list[Any]) -> None:
        super().__init__(what)
        self.what, self.problems = what, problems


def saved_but(problems: list[Any], what: str) -> NoReturn:
    """Say exactly what was saved and what was not; exit 4."""
    from ledger.io import store

    saved = store.saved_in_this_run()
    _print_problems(problems)
    if saved is None:  # cannot happen: only called after a save
        say(f"{what} could not be written.")
        raise typer.Exit(1)
    path, version = saved
    say(f"saved: {version.summary} in {path.name}; {what} could not be written.")
    say(
        "    The change is in the workbook: do not run the command again. "
        "`ledger undo` takes it back if you want to."
    )
    raise typer.Exit(store.EXIT_SAVED_BUT)


@contextlib.contextmanager
def after_save(what: str) -> Iterator[None]:
    """Work a command does after its save (the summary, the statements): a failure there
    is reported as such, never as "nothing was written"."""
    from ledger.core.problems import ProblemsFound
    from ledger.io import store

    try:
        yield
    except ProblemsFound as exc:
        raise SavedBut(what, exc.problems) from None
    except OSError as exc:
        raise SavedBut(what, store.os_problem(exc).problems) from None


def run(action: Callable[[], None]) -> None:
    """Turn the library's `ProblemsFound`, and what the operating system refuses (a full
    disk, a permission), into messages and an exit code, never a traceback."""
    from ledger.core.problems import ProblemsFound
    from ledger.io import store

    store.begin_run()
    try:
        action()
    except ProblemsFound as exc:
        fail(exc.problems, exc.exit_code)
    except SavedBut as exc:
        saved_but(exc.problems, exc.what)
    except OSError as exc:
        fail(store.os_problem(exc).problems)
    except KeyboardInterrupt:
        if store.saved_in_this_run() is not None:
            saved_but([], "what comes after the save (interrupted)")
        say("interrupted; nothing was written.")
        raise typer.Exit(130) from None


def warn(problems: list[Any]) -> None:
    for p in problems:
        if not p.is_error:
            say(p.line())


def _path(workbook: Path | None) -> Path:
    """The workbook, with links followed: the lock files and the save belong beside the real
    file, and a link stays a link."""
    return Path(os.path.realpath(workbook if workbook is not None else DEFAULT_WORKBOOK))


def _describe(*words: str | None) -> str:
    """How a command is named in the history: `pay Ann Bob 12.50 --memo 'ore contract'`."""
    import shlex

    return shlex.join(w for w in words if w is not None)


def _version(value: bool) -> None:
    if value:
        print(f"ledger {__version__} (the banker's ledger; package bankers-ledger)")
        raise typer.Exit()


@app.callback()
def _main(
    ctx: typer.Context,
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Show the version and exit."
        ),
    ] = False,
    workbook: Annotated[
        Path | None,
        typer.Option(
            "--workbook",
            "-w",
            help="The game's workbook, for any command (default: $LEDGER_WORKBOOK, else ledger.xlsx here).",
            show_default=False,
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="JSON on stdout, for the commands that have it.")
    ] = False,
) -> None:
    """The banker's books for economic space games, kept in an Excel workbook."""
    from ledger.io import store

    store.begin_run()  # several commands may run in one process (tests): none saved yet
    if workbook is not None:
        # before the command's own options are read: `-w` there still wins, and this one
        # beats $LEDGER_WORKBOOK as an option on the command would
        os.environ["LEDGER_WORKBOOK"] = str(workbook)
    if as_json:
        ctx.default_map = _json_defaults(ctx)


def _json_defaults(ctx: typer.Context) -> dict[str, Any]:
    """`ledger --json balance` as `ledger balance --json`: the command's default turned on."""
    group: Any = ctx.command
    name = ctx.invoked_subcommand or ""
    command = group.get_command(ctx, name)
    path = [name]
    while hasattr(command, "get_command"):  # a group: `liner open`
        args = [*getattr(ctx, "protected_args", []), *ctx.args]
        rest = [a for a in args if not a.startswith("-")]
        sub = rest[len(path)] if len(rest) > len(path) else ""
        path.append(sub)
        command = command.get_command(ctx, sub)
    if command is not None and not any(p.name == "as_json" for p in command.params):
        say(f"ledger: --json: `{' '.join(path)}` has no JSON output")
        raise typer.Exit(2)
    defaults: dict[str, Any] = {"as_json": True}
    for part in reversed(path[1:]):
        defaults = {part: defaults}
    return {name: defaults}


# -- commands -----------------------------------------------------------------------------


@app.command(
    epilog="Example: ledger new --game triplanetary --player Ann --player Bob --patrol Sam --seed 7"
)
def new(
    game: Annotated[
        str, typer.Option("--game", "-g", help="triplanetary, egon, planetopoly or matador21.")
    ],
    player: Annotated[
        list[str], typer.Option("--player", "-p", help="A player's name; repeat for each player.")
    ],
    patrol: Annotated[
        str | None, typer.Option("--patrol", help="The Space Patrol player's name.")
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the dice ledger draws.")] = 1,
    force: Annotated[
        bool, typer.Option("--force", help="Replace an existing workbook (kept for `ledger undo`).")
    ] = False,
    workbook: WorkbookOpt = DEFAULT_WORKBOOK,
) -> None:
    """Create the game's workbook with the starting money as opening transactions."""
    from ledger.rules import GAMES, GameNotBuilt

    key = game.strip().casefold()
    if key not in GAMES:
        say(f"ledger new: unknown game {game!r}; one of: {', '.join(GAMES)}")
        raise typer.Exit(2)

    def action() -> None:
        from ledger.io.session import create

        try:
            books = create(_path(workbook), key, player, patrol, seed, force=force)
        except GameNotBuilt as exc:
            built = ", ".join(k for k, (module, _) in GAMES.items() if module)
            say(f"ledger new: {exc}; nothing was written. Built so far: {built}.")
            raise typer.Exit(2) from None
        names = ", ".join(p.name for p in books.players)
        say(f"Created {_path(workbook)}: {books.game.title}, day 0, players {names}.")
        for p in books.players:
            say(f"  {p.name}: {books.player_cash(p)}")
        say(f"Next: {books.game.next_steps}")

    run(action)


@app.command(epilog="Example: ledger check --json")
def check(
    workbook: WorkbookOpt = DEFAULT_WORKBOOK,
    as_json: JsonOpt = False,
    rule: Annotated[
        list[str] | None, typer.Option("--rule", help="Run only this check (repeatable).")
    ] = None,
) -> None:
    """Find every problem in the workbook in one pass; exit 0 when clean, 1 otherwise."""

    def action() -> None:
        from ledger.core.problems import ProblemsFound, has_errors
        from ledger.io.session import inspect

        try:
            seen = inspect(_path(workbook))
            problems = seen.problems
        except ProblemsFound as exc:  # the workbook could not be read at all
            seen, problems = None, exc.problems
        if rule:
            # --rule names checks (players, accounts, ...) or problem codes (unknown-account, ...)
            from ledger.core.checks import all_rules

            wanted = set(rule)
            rules = {r.code for r in all_rules()}
            if (
                not wanted & rules
                and not any(p.code in wanted for p in problems)
                and not wanted <= _problem_codes()
            ):
                say(
                    f"ledger check: no check {', '.join(sorted(wanted))}; checks: {', '.join(sorted(rules))}, or a problem code"
                )
                raise typer.Exit(2)
            if wanted & rules and seen is not None:
                from ledger.core.checks import run_checks

                problems = [p for p in problems if p.code in wanted] + run_checks(
                    seen.loaded.books, only=wanted & rules
                )
            else:
                problems = [p for p in problems if p.code in wanted]
        if as_json:
            out_json([p.as_dict() for p in problems])
        else:
            for p in problems:
                print(p.line())
                if p.hint:
                    print(f"    hint: {p.hint}")
        if has_errors(problems):
            n = sum(p.is_error for p in problems)
            say(f"{n} problem{'s' if n != 1 else ''} found.")
            raise typer.Exit(1)
        if seen is not None:
            books = seen.loaded.books
            waiting = seen.pending_events
            say(
                f"clean: {books.game.title}, day {books.day}, {len(books.players)} players, "
                f"{seen.transactions} transactions"
                + (f", {_plural(waiting, 'event')} ready to post" if waiting else "")
            )

    run(action)


@app.command(epilog="Example: ledger balance --player Ann --json")
def balance(
    player: Annotated[str | None, typer.Option("--player", help="Only this player.")] = None,
    workbook: WorkbookOpt = DEFAULT_WORKBOOK,
    as_json: JsonOpt = False,
) -> None:
    """Every player's money (per bank) and every account's balance, derived from the journal."""

    def action() -> None:
        from decimal import Decimal

        from ledger.core.problems import ProblemsFound, problem
        from ledger.io.session import balance_summary

        s, problems = balance_summary(_path(workbook))
        people = s.players
        if player is not None:
            match = [p for p in s.players if p[0] == player] or [
                p for p in s.players if p[0].casefold() == player.casefold()
            ]
            if len(match) != 1:
                raise ProblemsFound(
                    [
                        problem(
                            "unknown-player",
                            "--player",
                            f"{player!r} is not a player",
                            "players: " + ", ".join(p[0] for p in s.players),
                        )
                    ]
                )
            people = match

        def cash(accounts: list[str]) -> str:
            return f"{sum((Decimal(s.balances.get(a, '0')) for a in accounts), Decimal(0)):.2f}"

        if as_json:
            accounts = (
                s.balances
                if player is None
                else {a: s.balances[a] for a in people[0][2] if a in s.balances}
            )
            out_json(
                {
                    "day": s.day,
                    "currency": s.currency,
                    "players": {name: cash(acc) for name, _, acc in people},
                    "accounts": accounts,
                }
            )
        else:
            from ledger.io.render import balance_table

            balance_table(s, people, show_institutions=player is None)
        warn(problems)
        if s.pending_events:
            say(
                f"{_plural(s.pending_events, 'event')} in the Events sheet not posted yet: `ledger post` posts them."
            )

    run(action)


@app.command(
    epilog='Example: ledger pay Ann Bob 12.50 --memo "ore contract"   (or: ledger pay Ann patrol 10)',
    context_settings={"ignore_unknown_options": True},  # -3 is an amount to refuse clearly
)
def pay(
    payer: Annotated[
        str, typer.Argument(metavar="FROM", help="A player, or bank / patrol / earth.")
    ],
    payee: Annotated[str, typer.Argument(metavar="TO", help="A player, or bank / patrol / earth.")],
    amount: Annotated[
        str, typer.Argument(metavar="AMOUNT", help="Money, e.g. 12.50 (a dot for decimals).")
    ],
    memo: Annotated[str, typer.Option("--memo", "-m", help="What it was for.")] = "",
    from_bank: Annotated[
        str | None,
        typer.Option("--from-bank", help="The payer's bank (default: the home bank, Ceres)."),
    ] = None,
    to_bank: Annotated[
        str | None,
        typer.Option("--to-bank", help="The payee's bank (default: the home bank, Ceres)."),
    ] = None,
    workbook: WorkbookOpt = DEFAULT_WORKBOOK,
    force: ForceOpt = False,
) -> None:
    """Move money from one party to another; a player cannot pay more than they have."""
    from ledger.core.money import parse_amount
    from ledger.core.problems import problem

    try:
        value = parse_amount(amount)
    except ValueError as exc:
        fail([problem("bad-amount", "AMOUNT", str(exc), "e.g. 12.50")])

    def change(books: Any) -> tuple[str, list[Any], object]:
        from ledger.core.actions import pay as pay_action

        txn, problems = pay_action(
            books, payer, payee, value, memo=memo, src_bank=from_bank, dst_bank=to_bank
        )
        if txn is None:
            return "", problems, None
        money = books.money(value)
        return f"txn {txn.id}, day {txn.day}: {txn.memo}: {money}", problems, txn

    def action() -> None:
        from ledger.io.session import change as run_change

        command = _describe("pay", payer, payee, amount, *(("--memo", memo) if memo else ()))
        outcome = run_change(_path(workbook), change, command=command, force=force)
        _report(outcome)

    run(action)


@app.command(epilog="Example: ledger post   (after typing rows in the Events sheet)")
def post(workbook: WorkbookOpt = DEFAULT_WORKBOOK, force: ForceOpt = False) -> None:
    """Post the rows typed in the Events sheet (every changing command does this first)."""

    def action() -> None:
        from ledger.io.session import change as run_change

        def nothing(books: Any) -> tuple[str, list[Any], object]:
            return "posted the Events sheet", [], None

        outcome = run_change(_path(workbook), nothing, command="post", force=force)
        if not outcome.posted:
            say("No events waiting in the Events sheet.")
        _report(outcome, show_summary=False)

    run(action)


@app.command(epilog="Example: ledger journal --player Ann --since 30")
def journal(
    player: Annotated[
        str | None, typer.Option("--player", help="Only transactions touching this player.")
    ] = None,
    since: Annotated[int | None, typer.Option("--since", help="Only from this day on.")] = None,
    workbook: WorkbookOpt = DEFAULT_WORKBOOK,
    as_json: JsonOpt = False,
) -> None:
    """The register: every transaction with its postings, rule and memo."""

    def action() -> None:
        from ledger.core.problems import ProblemsFound, problem
        from ledger.io.session import read_books

        books, problems = read_books(_path(workbook), light=True)
        txns = list(books.journal)
        if player is not None:
            one = books.player(player)
            if one is None:
                raise ProblemsFound(
                    [
                        problem(
                            "unknown-player",
                            "--player",
                            f"{player!r} is not a player",
                            "players: " + ", ".join(p.name for p in books.players),
                        )
                    ]
                )
            mine = set(books.player_accounts(one))
            txns = [t for t in txns if t.accounts() & mine]
        if since is not None:
            txns = [t for t in txns if t.day >= since]
        if as_json:
            out_json(
                [
                    {
                        "txn": t.id,
                        "day": t.day,
                        "kind": t.kind,
                        "memo": t.memo,
                        "event": t.event,
                        "rule": t.rule,
                        "postings": [
                            {"account": p.account, "amount": p.amount.plain()} for p in t.postings
                        ],
                    }
                    for t in txns
                ]
            )
        else:
            from ledger.io.render import journal_table

            journal_table(books, txns)
        warn(problems)

    run(action)


@app.command(epilog="Example: ledger undo")
def undo(
    workbook: WorkbookOpt = DEFAULT_WORKBOOK,
    force: Annotated[
        bool,
        typer.Option(
            "--force",
            help="Undo even though the workbook was changed by hand (or is open elsewhere) since ledger last saved it.",
        ),
    ] = False,
) -> None:
    """Put the workbook back as it was before the last command that changed it."""

    def action() -> None:
        from ledger.core.problems import ProblemsFound, problem
        from ledger.io import cache, store

        path = _path(workbook)
        store.refuse_if_open_elsewhere(path, force)
        store.refuse_if_read_only(path)
        with store.exclusive(path):
            saved = cache.last_saved(path)
            if saved is not None and path.exists() and cache.digest(path) != saved and not force:
                raise ProblemsFound(
                    [
                        problem(
                            "changed-since-save",
                            str(path),
                            "the workbook was changed after ledger last saved it (rows typed in Excel?); undo would throw those changes away",
                            "run `ledger post` or `ledger check` first, or add --force to undo anyway",
                        )
                    ]
                )
            undone = store.undo(path)
        version = undone.version
        say(f"Undid `{version.command}` ({version.summary}, saved {version.at}).")
        if undone.aside is not None:
            say(
                f"Moved what it wrote afterwards aside, into {undone.aside}: "
                + ", ".join(str(f.relative_to(path.parent)) for f in undone.moved)
            )
        left = len(store.versions(path))
        if left:
            say(
                f"{left} earlier version{'s' if left != 1 else ''} kept; `ledger undo` again goes further back."
            )
        else:
            say("No earlier version is kept.")

    run(action)


def _report(outcome: Any, show_summary: bool = True) -> None:
    for line in outcome.posted:
        say(f"posted {line}")
    if show_summary and outcome.summary:
        print(outcome.summary)
    warn(outcome.warnings)


def _problem_codes() -> set[str]:
    """Every stable problem code ledger can report, read from its own sources."""
    import re
    from pathlib import Path as _Path

    codes: set[str] = set()
    for f in _Path(__file__).parent.rglob("*.py"):
        codes |= set(re.findall(r'problem\(\s*"([a-z0-9-]+)"', f.read_text(encoding="utf-8")))
    return codes


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _pending_hint(books: Any) -> None:
    pending = sum(1 for _ in books.pending_events())
    if pending:
        say(
            f"{pending} event{'s' if pending != 1 else ''} in the Events sheet not posted yet: `ledger post` posts them."
        )


def main() -> None:
    """The console script. Never a traceback for the user's mistakes; exit codes 0/1/2/3."""
    os.environ.setdefault("PYTHONIOENCODING", "utf-8")
    for arg in sys.argv[1:]:
        try:
            arg.encode("utf-8")
        except UnicodeEncodeError:
            say(
                f"ledger: an argument is not valid text (UTF-8): {arg.encode('utf-8', 'replace').decode()!r}"
            )
            sys.exit(2)
    try:
        app()
    except SystemExit:
        raise
    except Exception as exc:  # a bug in ledger: say so plainly, keep the details on request
        if os.environ.get("LEDGER_DEBUG"):
            raise
        from ledger.io import store

        say(f"ledger: internal error: {type(exc).__name__}: {exc}")
        saved = store.saved_in_this_run()
        if saved is not None:
            say(
                f"saved: {saved[1].summary} in {saved[0].name}; what comes after the save was not"
                " written. Run again with LEDGER_DEBUG=1 for the details, and report it."
            )
            sys.exit(store.EXIT_SAVED_BUT)
        say("Nothing was written. Run again with LEDGER_DEBUG=1 for the details, and report it.")
        sys.exit(1)


from ledger import cli_property as _cli_property  # noqa: E402  (registers its commands on `app`)

del _cli_property

from ledger import cli_actions as _cli_actions  # noqa: E402  (commands made from action specs)

del _cli_actions

from ledger import cli_reports as _cli_reports  # noqa: E402  (statement, report, forecast)

del _cli_reports

from ledger import cli_egon as _cli_egon  # noqa: E402  (order, draw, status)

del _cli_egon
