"""``./brink`` with no arguments: the server starts, prints its address and
opens the lobby in the browser (``--open``)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

from brinkmanship.cli.main import free_port
from tests.server.conftest import ROOT
from tests.server.conftest import free_port as some_free_port


def test_the_brink_script_without_arguments_serves_the_web_client() -> None:
    script = (ROOT / "brink").read_text()
    assert 'set -- serve --open' in script


def test_serve_open_prints_the_address_and_opens_the_browser(tmp_path: Path) -> None:
    opened = tmp_path / "opened.txt"
    browser = tmp_path / "browser.sh"
    browser.write_text(f'#!/bin/sh\necho "$1" > {opened}\n')
    browser.chmod(0o755)
    port = some_free_port()
    env = {**os.environ, "BROWSER": str(browser), "BRINK_BOT_WORKERS": "1", "BRINK_LANG": "en",
           "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), os.environ.get("PYTHONPATH", "")])}
    env.pop("BRINK_PORT", None)
    proc = subprocess.Popen(
        [sys.executable, "-m", "brinkmanship.cli.main", "serve", "--open", "--port", str(port),
         "--db", str(tmp_path / "g.db")], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line.startswith(f"Brinkmanship is running at http://127.0.0.1:{port}/")
        deadline = time.monotonic() + 20
        while not opened.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert opened.read_text().strip() == f"http://127.0.0.1:{port}/"
        page = httpx.get(f"http://127.0.0.1:{port}/", timeout=10)
        assert page.status_code == 200 and "/static/js/app.js" in page.text
    finally:
        proc.terminate()
        assert proc.wait(timeout=30) == 0
    # The request log is kept out of the player's terminal.
    assert '"request"' not in (proc.stderr.read() if proc.stderr else "")


def test_a_busy_port_moves_to_the_next_free_one() -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        taken = busy.getsockname()[1]
        chosen = free_port("127.0.0.1", taken)
        assert chosen != taken
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", chosen))
