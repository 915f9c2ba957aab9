"""benchmarks/bench_server.py keeps working: a tiny load run on SQLite.

The benchmark itself (100 games and more, figures not asserted) is run by
hand; this runs it with three games and a few actions each, for both games,
with the server's timing probes on, and checks that every action came back
in a pushed state with no error.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "benchmarks/bench_server.py"


def test_the_load_benchmark_plays_games_without_error(tmp_path: Path) -> None:
    out = tmp_path / "figures.json"
    proc = subprocess.run(
        [sys.executable, str(SCRIPT), "--games", "3", "--actions", "6",
         "--think", "0.01", "--probe", "--json", str(out)],
        capture_output=True, text=True, timeout=300, cwd=str(ROOT))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    runs = json.loads(out.read_text())
    assert [r["game"] for r in runs] == ["twilight", "thirteen"]
    for r in runs:
        assert r["errors"] == [], r["errors"]
        assert r["db"] == "sqlite" and r["synchronous"] == "FULL"
        assert r["games"] >= 3
        # Every action sent was seen in a state: 3 game slots x 6 actions.
        assert r["actions"] == 18
        assert r["plies"] >= r["actions"]
        assert 0 < r["latency_ms"]["p50"] <= r["latency_ms"]["p99"] <= r["latency_ms"]["max"]
        assert r["ack_ms"]["p50"] <= r["latency_ms"]["max"]
        # The probes found the service's steps they wrap (a renamed method shows here).
        assert {"change", "lock", "prepare", "append", "batch.call", "view", "bot", "lag"} <= set(r["probe"])
        assert len(r["probe"]["change"]) >= r["actions"]
    assert "p99" in proc.stdout and "inside the server" in proc.stdout
