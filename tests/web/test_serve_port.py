"""`ledger serve --port`: a port out of range or already in use is refused before any link is
made or shown, with a problem on `--port` (never uvicorn's traceback or exit 3)."""

from __future__ import annotations

import socket

import pytest

from tests.conftest import Ledger


@pytest.mark.parametrize("port", ["70000", "-1", "0"])
def test_a_port_out_of_range_is_refused_before_anything_is_shown(game: Ledger, port: str) -> None:
    run = game.sub("serve", "--port", port, "--no-qr", timeout=60)
    assert run.exit_code == 2
    assert "'--port'" in run.stderr and "1<=x<=65535" in run.stderr
    assert "Traceback" not in run.stderr and "internal error" not in run.stderr
    assert run.stdout == "" and "Listening" not in run.stderr


def test_a_port_in_use_is_a_problem_on_port_with_a_hint(
    game: Ledger, tmp_path_factory: pytest.TempPathFactory
) -> None:
    config = tmp_path_factory.mktemp("config")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        run = game.sub(
            "serve",
            "--port",
            str(port),
            "--no-qr",
            "--keep-links",
            env={"XDG_CONFIG_HOME": str(config), "HOME": str(config)},
            timeout=60,
        )
    assert run.exit_code == 1, run.stderr
    assert f"--port: port-in-use cannot listen on 127.0.0.1 port {port}" in run.stderr
    assert (
        f"hint: another program (or another `ledger serve`) has it: pick another, e.g. --port {port + 1}"
        in run.stderr
    )
    assert "Traceback" not in run.stderr and "Listening" not in run.stderr
    assert run.stdout == ""  # no link shown
    assert not any(p.is_file() for p in config.rglob("*"))  # and none kept
