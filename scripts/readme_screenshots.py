"""Take the README's screenshots of both games in the browser.

Starts ``brink serve`` on a scratch SQLite file, plays each game into its
middle through the API (random legal moves, never a move the server warns
about), opens the seat's page in Debian's Chromium and saves
``docs/img/twilight.png`` and ``docs/img/thirteen.png``.

    .venv/bin/python scripts/readme_screenshots.py [--lang ru] [--out docs/img]
"""

from __future__ import annotations

import argparse
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def play_into(http: httpx.Client, gid: str, tokens: dict[str, str], rng: random.Random, done: Any) -> None:
    """Random legal moves by the human seats until ``done(state)``."""
    for _ in range(5000):
        side = None
        for s, token in tokens.items():
            st = http.get(f"/api/games/{gid}", params={"lang": "en"},
                          headers={"Authorization": f"Bearer {token}"}).json()
            if st["status"] == "over":
                raise RuntimeError("the game ended before the screenshot position")
            if st["to_move"] == s:
                side = s
                break
        if side is None:
            time.sleep(0.05)
            continue
        if done(st):
            return
        legal = [a for a in st["view"]["legal_actions"] if a not in st["text"]["warnings"]]
        action = rng.choice(legal or st["view"]["legal_actions"])
        http.post(f"/api/games/{gid}/actions", json={"action": action, "ply": st["ply"]},
                  headers={"Authorization": f"Bearer {tokens[side]}"})
    raise RuntimeError("no screenshot position reached")


def twilight_ready(st: dict[str, Any]) -> bool:
    v = st["view"]
    return v["turn"] >= 4 and v["decision"]["kind"] == "action" and st["to_move"] == st["seat"] == "USSR"


def thirteen_ready(st: dict[str, Any]) -> bool:
    v = st["view"]
    return v["round"] >= 2 and v["decision"]["kind"] == "turn" and st["to_move"] == st["seat"] == "USSR" \
        and sum(v["plays"].values()) >= 3


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lang", default="en", choices=["en", "ru"])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "img")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--chromium", default=os.environ.get("BRINK_CHROMIUM", "/usr/bin/chromium"))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "BRINK_BOT_WORKERS": "1", "PYTHONPATH": str(ROOT / "src")}
        server = subprocess.Popen([sys.executable, "-m", "brinkmanship.cli.main", "serve", "--port", str(port),
                                   "--db", str(Path(tmp) / "shots.db"), "--log-level", "warning"], env=env)
        try:
            with httpx.Client(base_url=base, timeout=30) as http:
                for _ in range(200):
                    try:
                        if http.get("/api/health").status_code == 200:
                            break
                    except httpx.TransportError:
                        time.sleep(0.1)
                rng = random.Random(args.seed)
                shots = []
                for game, ready in (("twilight", twilight_ready), ("thirteen", thirteen_ready)):
                    for _attempt in range(10):
                        made = http.post("/api/games", json={"game": game, "seats": {"USSR": "human", "US": "human"},
                                                             "listed": False}).json()
                        tokens = {s: v["token"] for s, v in made["seats"].items()}
                        try:
                            play_into(http, made["id"], tokens, rng, ready)
                        except RuntimeError:
                            continue
                        shots.append((game, made["id"], tokens["USSR"]))
                        break
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=args.chromium, args=["--no-sandbox"])
                for game, gid, token in shots:
                    page = browser.new_page(viewport={"width": 1366, "height": 900}, device_scale_factor=1)
                    page.add_init_script(f"localStorage.setItem('brink.lang', '{args.lang}')")
                    page.goto(f"{base}/play/{gid}#token={token}")
                    page.wait_for_selector("[data-card]")
                    page.wait_for_timeout(500)
                    path = args.out / (f"{game}.png" if args.lang == "en" else f"{game}-{args.lang}.png")
                    page.screenshot(path=str(path))
                    print(path)
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=30)


if __name__ == "__main__":
    main()
