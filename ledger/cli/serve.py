"""`ledger serve`: the table's read-only pages, one secret link a player (ledger/web)."""

from __future__ import annotations

import socket
import sys
from pathlib import Path
from types import FrameType
from typing import Annotated, Any
from urllib.parse import quote

import typer

from ledger.cli.common import DEFAULT_WORKBOOK, WorkbookOpt, _path, _print_problems, say
from ledger.cli.root import command


def lan_address() -> str:
    """This machine's address on the local network (no packet is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))
            return str(s.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def listen(host: str, port: int) -> socket.socket:
    """The server's socket, bound and listening; a port that cannot be had is a problem."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(2048)
    except OSError as exc:
        sock.close()
        from ledger.core.problems import ProblemsFound, problem

        raise ProblemsFound(
            [
                problem(
                    "port-in-use",
                    "--port",
                    f"cannot listen on {host} port {port}: {exc.strerror or exc}",
                    f"another program (or another `ledger serve`) has it: pick another, e.g. --port {port + 1 if port < 65535 else 8000}",
                )
            ]
        ) from None
    return sock


@command(
    epilog="Example: ledger serve --lan   (then open each player's link on their phone); "
    "ledger serve --lan --actions   (players pay from their phones, you approve)"
)
def serve(
    workbook: WorkbookOpt = DEFAULT_WORKBOOK,
    port: Annotated[
        int, typer.Option("--port", min=1, max=65535, help="The port to listen on.")
    ] = 8000,
    lan: Annotated[
        bool,
        typer.Option(
            "--lan", help="Listen on the local network too (default: this computer only)."
        ),
    ] = False,
    keep_links: Annotated[
        bool,
        typer.Option(
            "--keep-links",
            help="Keep the links in your config folder and reuse them next time (for the same game).",
        ),
    ] = False,
    qr: Annotated[
        bool, typer.Option("--qr/--no-qr", help="Show each link as a QR code (on stderr).")
    ] = True,
    actions: Annotated[
        bool,
        typer.Option(
            "--actions",
            help="Let players act from their links: pay, and their game's own moves, each "
            "checked as the typed command; they wait for you (ledger pending, ledger approve "
            "N) unless the setting actions_wait says no. Without it the pages only show.",
        ),
    ] = False,
    max_streams: Annotated[
        int,
        typer.Option(
            "--max-streams",
            min=1,
            help="How many open pages may follow the changes at once (each holds one event "
            "stream); one more is turned away (503) and does not update itself, the others go on.",
        ),
    ] = 50,
) -> None:
    """Serve the books read-only: the table and each player's statement, updated live when the
    workbook changes. Prints one line per link, name first; a player's link never opens another
    player's statement, nor another game's if the workbook is replaced by one (until `serve`
    starts again). A connection must send each request within a few seconds."""

    server, sock = start(workbook, port, lan, keep_links, qr, actions, max_streams)
    say("Ctrl-C stops the server.")
    with sock:
        server.run(sockets=[sock])


def start(
    workbook: Path,
    port: int,
    lan: bool,
    keep_links: bool,
    qr: bool,
    actions: bool,
    max_streams: int,
) -> tuple[Any, socket.socket]:
    """The server of `ledger serve` (and of `ledger shell --serve`), ready to run on its
    socket: the links made and printed, name first; the caller runs it and closes the socket."""
    import uvicorn

    from ledger.app.pipeline import read_books
    from ledger.core.problems import Problem
    from ledger.web.limits import BoundedH11
    from ledger.web.links import make_links
    from ledger.web.server import create_app

    path = _path(workbook).resolve()
    books, _ = read_books(path)
    game = books.settings.identity()  # the links are this game's only
    host = "0.0.0.0" if lan else "127.0.0.1"
    # before a link is made (and kept) or shown: a port in use says so and nothing else
    sock = listen(host, port)
    renewed: list[Problem] = []  # kept links not believed: all new, and the banker told
    try:
        players = [p.name for p in books.players]
        links = make_links(players, path, keep_links, game=game, warnings=renewed)
    except BaseException:
        sock.close()
        raise
    _print_problems(renewed)
    shown = lan_address() if lan else "127.0.0.1"
    if lan:
        say(
            f"Listening on the local network ({shown}, port {port}): anyone there with a link can read it."
        )
    else:
        say(f"Listening on this computer only (127.0.0.1, port {port}); --lan for phones.")
    if actions:
        wait = books.settings.values.get("actions_wait", True) is not False
        say(
            "Players may act from their links: "
            + (
                "what they send waits for you (ledger pending, ledger approve N)."
                if wait
                else "what they send applies at once (setting actions_wait)."
            )
        )
    for name, token in links.items():
        url = f"http://{shown}:{port}/p/{quote(token)}"
        print(f"{name or 'banker'}: {url}", flush=True)
        if qr:
            import segno

            segno.make(url, error="m").terminal(out=sys.stderr, compact=True)
    served = create_app(path, links, game=game, max_streams=max_streams, actions=actions)

    class Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: FrameType | None) -> None:
            served.state.stopping.set()  # the open pages' event streams end first
            super().handle_exit(sig, frame)

    config = uvicorn.Config(
        served,
        host=host,
        port=port,
        access_log=False,  # the paths hold the tokens
        log_level="warning",
        server_header=False,
        timeout_graceful_shutdown=2,
        http=BoundedH11,  # a request must come whole within a few seconds
        ws="none",  # the pages use no WebSocket: an upgrade is a plain request (a 404)
    )
    return Server(config), sock
