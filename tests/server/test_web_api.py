"""What the server gives the browser client (issue 14): pages, static files,
board facts, catalogs, the position in words, the language switch and the
replay steps.

The routes that read or write games run on SQLite and PostgreSQL (the
``client`` fixture); those that serve files and printed facts run on SQLite
only. The replay steps are checked against the game replayed here, from its
saved file, one action at a time (the server keeps checkpoints and clones
them: a different road to the same positions).
"""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import brinkmanship as bm
from brinkmanship import web
from brinkmanship.core.log import visible
from brinkmanship.i18n import catalog, render
from brinkmanship.server.app import create_app
from brinkmanship.thirteen.board import CARD_NAME as TD_NAME
from tests.server.conftest import auth, create, settings_for
from tests.test_hidden_info_scan import _all_names, _secret_thirteen

CYRILLIC = re.compile("[а-яА-ЯёЁ]")
STATIC = web.STATIC


@pytest.fixture
def files(tmp_path: Path) -> Iterator[TestClient]:
    """The app on a SQLite file, for the routes that read no game."""
    with TestClient(create_app(settings_for(str(tmp_path / "files.sqlite3")))) as c:
        yield c


def _error(r: Any, status: int, error: str | None = None) -> dict[str, Any]:
    """``r`` is our refusal: the status, ``{"error", "detail"}`` and a sentence."""
    assert r.status_code == status, (r.status_code, r.text)
    body = r.json()
    assert isinstance(body.get("error"), str) and isinstance(body.get("detail"), str) and body["detail"], body
    if error is not None:
        assert body["error"] == error, body
    return body  # type: ignore[no-any-return]


def _get(client: TestClient, url: str, token: str | None = None, **params: Any) -> dict[str, Any]:
    r = client.get(url, headers=auth(token) if token else {}, params=params)
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


# -- pages and static files ---------------------------------------------------------------------------
def test_the_pages_are_the_client_s_html(files: TestClient) -> None:
    index = (STATIC / "index.html").read_bytes()
    assert b"/static/" in index
    for url in ("/", "/play/abcDEF123_-", "/replay/abcDEF123_-"):
        r = files.get(url)
        assert r.status_code == 200, url
        assert r.headers["content-type"].startswith("text/html"), r.headers
        assert r.content == index, url
        assert r.headers.get("cache-control") == "no-cache"  # a new version is picked up at once
    # An id no game can have is refused as elsewhere (not a page, not a 500).
    _error(files.get("/play/" + "x" * 40), 404, "unknown_game")
    _error(files.get("/replay/not an id"), 404, "unknown_game")
    _error(files.get("/nothing/here"), 404, "not_found")


CONTENT_TYPES = {".html": "text/html", ".css": "text/css", ".js": "javascript", ".svg": "image/svg+xml",
                 ".json": "application/json", ".png": "image/png", ".woff2": "font/woff2"}


def test_every_static_file_is_served_as_it_is(files: TestClient) -> None:
    found = [p for p in STATIC.rglob("*") if p.is_file()]
    assert any(p.suffix == ".css" for p in found)
    for path in found:
        url = "/static/" + path.relative_to(STATIC).as_posix()
        r = files.get(url)
        assert r.status_code == 200, url
        assert r.content == path.read_bytes(), url
        kind = CONTENT_TYPES.get(path.suffix)
        assert kind is not None, f"{url}: a file of a kind the client does not use"
        assert kind in r.headers["content-type"], (url, r.headers["content-type"])
    _error(files.get("/static/no/such/file.js"), 404, "not_found")
    # Nothing outside the static folder, however the path is spelt.
    outside = "__init__.py"  # the package's, one folder up
    for url in (f"/static/../{outside}", f"/static/%2e%2e/{outside}", f"/static/..%2f{outside}"):
        assert files.get(url).status_code == 404, url


ADDRESS = re.compile(r"""(?:href|src)=["'](/static/[^"'#?]+)""")
IMPORT = re.compile(r"""(?:^|[;\s])(?:import|export)\s[^'";]*?from\s*["']([^"']+)["']"""  # import x from "y"
                    r"""|import\(\s*["']([^"']+)["']\s*\)"""  # import("y")
                    r"""|^\s*import\s*["']([^"']+)["']""", re.M)  # import "y"


def test_every_file_the_page_and_its_modules_name_is_there() -> None:
    """The page's links and scripts, and every module's imports, are files
    the server has (no CDN, no npm, no build step: relative or /static/)."""
    wanted: list[tuple[str, Path]] = []
    html = (STATIC / "index.html").read_text()
    wanted += [("index.html", STATIC / a.removeprefix("/static/")) for a in ADDRESS.findall(html)]
    for module in STATIC.rglob("*.js"):
        for m in IMPORT.finditer(module.read_text()):
            spec = next(g for g in m.groups() if g)
            assert spec.startswith(("./", "../", "/static/")), f"{module.name} imports {spec!r} from elsewhere"
            target = STATIC / spec.removeprefix("/static/") if spec.startswith("/") else module.parent / spec
            wanted.append((module.name, target))
    missing = [f"{who} -> {p}" for who, p in wanted if not p.resolve().is_file()]
    assert not missing, missing
    assert any(w.suffix == ".js" for _, w in wanted), "the page loads no script"


# -- board facts and catalogs ---------------------------------------------------------------------------
def test_the_twilight_board_facts(files: TestClient) -> None:
    r = files.get("/api/board/twilight")
    assert r.status_code == 200 and "max-age" in r.headers["cache-control"]
    b = r.json()
    countries = {c["name"]: c for c in b["countries"]}
    assert len(b["countries"]) == len(countries) == 84
    assert set(b["regions"]) == {c["region"] for c in b["countries"]} and len(b["regions"]) == 6
    assert set(b["subregions"]) == {"Western Europe", "Eastern Europe", "Southeast Asia"}
    assert sum(c["battleground"] for c in b["countries"]) == 29  # the printed map's battlegrounds
    assert countries["Austria"]["subregions"] == ["Western Europe", "Eastern Europe"]
    assert countries["Iran"] == {**countries["Iran"], "region": "Middle East", "stability": 2, "battleground": True}
    for c in b["countries"]:
        assert 1 <= c["stability"] <= 5 and c["superpower"] in (None, "USSR", "US"), c
        for n in c["neighbours"]:  # the links go both ways
            assert n in countries and c["name"] in countries[n]["neighbours"], (c["name"], n)
    assert {c["name"] for c in b["countries"] if c["superpower"] == "US"} == {"Canada", "Japan", "Mexico", "Cuba"}
    cards = b["cards"]
    assert len(cards) == 110 and sorted(map(int, cards)) == list(range(1, 111))
    assert all(int(k) == v["number"] for k, v in cards.items())
    assert sum(v["optional"] for v in cards.values()) == 7
    assert cards["6"]["name"] == "The China Card" and cards["6"]["ops"] == 4
    assert {v["period"] for v in cards.values()} == {"Early", "Mid", "Late"}
    assert {v["side"] for v in cards.values()} == {"USSR", "US", "Neutral"}
    assert sum(v["scoring"] for v in cards.values()) == 7
    assert b == web.board("twilight")


def test_the_thirteen_board_facts(files: TestClient) -> None:
    b = files.get("/api/board/thirteen").json()
    assert [a["index"] for a in b["arenas"]] == list(range(9)) and len({a["name"] for a in b["arenas"]}) == 9
    assert len(b["tracks"]) == 3 and all(a["track"] == b["tracks"][a["index"] // 3] for a in b["arenas"])
    assert len(b["cards"]) == 39 and sorted(map(int, b["cards"])) == list(range(1, 40))
    assert all(1 <= c["command"] <= 3 for c in b["cards"].values())
    assert {c["faction"] for c in b["cards"].values()} >= {"USSR", "US"}
    d = b["defcon"]
    assert d["min"] < d["zone2_from"] < d["zone1_from"] <= d["max"]
    assert b["limits"]["rounds"] == 3 and b["limits"]["hand_size"] == 5
    # Every agenda names a track or an arena of the board (its target), or the Personal Letter.
    for a in b["agendas"]:
        if a["kind"] == "track":
            assert a["name"] == f"{b['tracks'][a['target']]} Track", a
        elif a["kind"] == "arena":
            assert a["name"] == b["arenas"][a["target"]]["name"], a
        else:
            assert a == {"name": "Personal Letter", "kind": "letter", "target": 0}, a
    assert {a["kind"] for a in b["agendas"]} == {"track", "arena", "letter"}
    assert b == web.board("thirteen")


def test_the_catalogs_are_the_shared_ones(files: TestClient) -> None:
    got = {}
    for lang in ("en", "ru"):
        r = files.get(f"/api/catalog/{lang}")
        assert r.status_code == 200 and "max-age" in r.headers["cache-control"]
        got[lang] = r.json()
        assert got[lang] == catalog(lang)
    assert set(got["en"]) == set(got["ru"])
    assert got["ru"]["twilight.name.country.Poland"] != got["en"]["twilight.name.country.Poland"]
    assert "twilight.name.card.6" in got["en"] and "thirteen.name.arena.Berlin" in got["en"]


def test_an_unknown_game_or_language_is_refused_with_our_error(files: TestClient) -> None:
    for url in ("/api/board/chess", "/api/board/", "/api/catalog/de", "/api/catalog/EN", "/api/catalog/"):
        r = files.get(url)
        assert r.status_code in (400, 404), (url, r.status_code)
        _error(r, r.status_code)
    body = _error(files.get("/api/board/chess"), 400, "malformed")
    assert body["fields"] == ["game"]
    ru = _error(files.get("/api/catalog/de?lang=ru"), 400, "malformed")
    assert CYRILLIC.search(ru["detail"]), ru
    _error(files.get("/api/games/nosuchgame/replay/0"), 404, "unknown_game")
    _error(files.get("/api/games/nosuchgame?lang=ru"), 404, "unknown_game")
    _error(files.get("/api/games/x?lang=de"), 400, "malformed")


# -- the position in words ----------------------------------------------------------------------------------
def _check_text(st: dict[str, Any], lang: str) -> dict[str, Any]:
    """``st["text"]`` is the position in ``lang``, aligned with what ``st`` holds."""
    t = st["text"]
    assert t is not None and t["lang"] == lang
    entries = st["log"]["entries"]
    assert t["log"] == [render(e, lang) for e in entries]  # sentence i is entry i
    legal = st["view"].get("legal_actions") or []
    assert set(t["labels"]) == set(legal), "a label for exactly the legal actions"
    assert all(isinstance(v, str) and v for v in t["labels"].values())
    assert set(t["warnings"]) <= set(legal) and all(isinstance(v, str) and v for v in t["warnings"].values())
    decision = st["view"].get("decision")
    assert (t["prompt"] is not None) == (decision is not None)
    # What each option of the decision means: options of the mover's decision only.
    assert all(isinstance(v, str) and v for v in t["options"].values())
    if legal:
        assert set(t["options"]) <= set(legal), set(t["options"]) - set(legal)
    if decision is None:
        assert t["options"] == {}
    assert (t["result"] is not None) == (st["status"] == "over")
    if lang == "ru":
        for s in [*t["log"], *t["labels"].values(), t["prompt"] or "ы"]:
            assert CYRILLIC.search(s), s
    return t  # type: ignore[no-any-return]


def test_a_state_in_words_only_when_the_language_is_named(client: TestClient) -> None:
    g = create(client, "twilight")
    gid, tokens = g["id"], {s: v["token"] for s, v in g["seats"].items()}
    plain = _get(client, f"/api/games/{gid}", tokens["USSR"])
    assert plain.get("text") is None
    assert _get(client, f"/api/games/{gid}", tokens["USSR"], since=0).get("text") is None
    ru = _get(client, f"/api/games/{gid}", tokens["USSR"], lang="ru")
    t = _check_text(ru, "ru")
    assert ru["view"] == plain["view"] and ru["log"] == plain["log"]  # words are added, nothing else changes
    assert t["labels"] and t["prompt"] and len(t["log"]) >= 2
    en = _check_text(_get(client, f"/api/games/{gid}", tokens["USSR"], lang="en"), "en")
    assert en["log"] != t["log"] and set(en["labels"]) == set(t["labels"])
    # The seat not to move: the log, no labels; a spectator the same.
    for token in (tokens["US"], None):
        other = _check_text(_get(client, f"/api/games/{gid}", token, lang="ru"), "ru")
        assert other["labels"] == {} and other["warnings"] == {}
    # A move answered in words: the sentences of the new entries only.
    rng = random.Random(5)
    ply = ru["ply"]
    for _ in range(4):
        action = rng.choice(ru["view"]["legal_actions"])
        r = client.post(f"/api/games/{gid}/actions?lang=ru", headers=auth(tokens["USSR"]),
                        json={"action": action, "ply": ply})
        assert r.status_code == 200, r.text
        moved = r.json()
        _check_text(moved, "ru")
        assert moved["log"]["start"] > 0
        ply = moved["ply"]
        ru = _get(client, f"/api/games/{gid}", tokens["USSR"], lang="ru")
        if ru["to_move"] != "USSR":
            break
    delta = _get(client, f"/api/games/{gid}", tokens["USSR"], lang="en", since=max(ply - 2, 0))
    _check_text(delta, "en")
    assert len(delta["text"]["log"]) == len(delta["log"]["entries"]) < len(ru["log"]["entries"])


def test_the_websocket_switches_the_language_and_resends_the_log(client: TestClient) -> None:
    g = create(client, "thirteen")
    gid, tokens = g["id"], {s: v["token"] for s, v in g["seats"].items()}
    with client.websocket_connect(f"/ws/games/{gid}?token={tokens['USSR']}") as ws:
        first = ws.receive_json()
        assert first["type"] == "state" and first.get("text") is None
        action = first["view"]["legal_actions"][0]
        ws.send_json({"action": action, "ply": 0, "ref": 1})
        got = [ws.receive_json(), ws.receive_json()]
        assert {m["type"] for m in got} == {"ack", "state"}
        state = next(m for m in got if m["type"] == "state")
        assert state["log"]["start"] > 0 and state.get("text") is None
        whole = _get(client, f"/api/games/{gid}", tokens["USSR"])
        ws.send_json({"lang": "ru", "ref": "l1"})
        ack = ws.receive_json()
        assert ack == {"type": "ack", "ply": whole["ply"], "ref": "l1"}
        ru = ws.receive_json()
        assert ru["type"] == "state" and ru["log"]["start"] == 0
        assert ru["log"]["entries"] == whole["log"]["entries"]  # the whole log again
        _check_text(ru, "ru")
        # A language the server does not have: an error, and the socket goes on.
        for bad in ({"lang": "de"}, {"lang": None}, {"lang": "ru", "extra": 1}, {"lang": 7, "ref": "b"}):
            ws.send_json(bad)
            err = ws.receive_json()
            assert err["type"] == "error" and err["status"] == 400 and err["error"] == "bad_message", err
            assert CYRILLIC.search(err["detail"]), err  # in the language chosen before
        assert err["ref"] == "b"
        # The socket goes on: a move (its own, or the other seat's pushed to it)
        # comes with its sentences in Russian, as a delta again.
        now = _get(client, f"/api/games/{gid}", tokens["US"])
        mover = now["to_move"]
        legal = _get(client, f"/api/games/{gid}", tokens[mover])["view"]["legal_actions"]
        if mover == "USSR":
            ws.send_json({"action": legal[0], "ply": now["ply"], "ref": 2})
            got = [ws.receive_json(), ws.receive_json()]
            assert {m["type"] for m in got} == {"ack", "state"}, got
            after = next(m for m in got if m["type"] == "state")
        else:
            r = client.post(f"/api/games/{gid}/actions", headers=auth(tokens[mover]),
                            json={"action": legal[0], "ply": now["ply"]})
            assert r.status_code == 200, r.text
            after = ws.receive_json()
        assert after["type"] == "state" and after["ply"] > now["ply"]
        _check_text(after, "ru")
        assert after["log"]["start"] > 0
        ws.send_json({"lang": "en"})
        assert ws.receive_json()["type"] == "ack"
        en = ws.receive_json()
        assert en["log"]["start"] == 0 and _check_text(en, "en")["lang"] == "en"
    # Named on connecting: words from the first state on.
    with client.websocket_connect(f"/ws/games/{gid}?lang=ru") as spectator:
        spectator.send_json({"token": None})
        st = spectator.receive_json()
        assert st["seat"] is None
        _check_text(st, "ru")


# -- replay steps -----------------------------------------------------------------------------------------------
def _finished(client: TestClient, game: str = "thirteen") -> tuple[str, dict[str, Any]]:
    """A game two bots played to its end; its id and saved file."""
    g = create(client, game, ussr="random", us="random")
    deadline = time.monotonic() + 120
    while _get(client, f"/api/games/{g['id']}")["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)
    return g["id"], _get(client, f"/api/games/{g['id']}/replay")


def _truth(saved: dict[str, Any]) -> list[bm.State]:
    """The game's state after each number of its actions, replayed here one at a time."""
    s = bm.new_game(saved["game"], seed=saved["seed"], options=dict(saved["options"]))
    out = [s.clone()]
    for a in saved["actions"]:
        s.apply(a)
        out.append(s.clone())
    return out


def _plain(value: Any) -> Any:
    return json.loads(json.dumps(value))


#: 13 Days choices made in secret: a replay (a spectator's) names them only as the choice they were.
SECRET_KINDS = {"agenda", "aftermath", "alliances"}


def _public_action(truth: list[bm.State], saved: dict[str, Any], step: int) -> str | None:
    """The action leading to ``step`` as a spectator may know it."""
    if not step:
        return None
    kind = (truth[step - 1].view(None, log=False).get("decision") or {}).get("kind")
    return None if kind in SECRET_KINDS else saved["actions"][step - 1]


def test_replay_steps_walk_a_finished_game_both_ways(client: TestClient) -> None:
    # Random bots on a server-drawn seed end some games in the first round
    # (about 30 actions, a nuclear war): play until one lasts longer.
    for _ in range(6):
        gid, saved = _finished(client)
        if len(saved["actions"]) > 30:
            break
    truth = _truth(saved)
    steps = len(saved["actions"])
    assert steps > 30 and truth[-1].is_terminal
    url = f"/api/games/{gid}/replay/"
    first = _get(client, url + "0")
    assert first["step"] == 0 and first["steps"] == steps and first["action"] is None
    assert first["view"] == _plain(truth[0].view(None, log=False))
    assert first["log"] == {"start": 0, "entries": _plain(visible(truth[0].data["log"], None))}
    assert first["winner"] == saved.get("winner", first["winner"]) and first.get("text") is None
    # The last step is the end the players saw.
    end = _get(client, f"/api/games/{gid}")
    last = _get(client, url + str(steps))
    assert last["view"] == end["view"] and last["log"]["entries"] == end["log"]["entries"]
    assert last["action"] == _public_action(truth, saved, steps) and last["to_move"] is None and last["view"]["over"]

    # Forward, one step at a time, holding the log as the viewer does.
    held: list[dict[str, Any]] = []
    views: dict[int, dict[str, Any]] = {}
    hidden = 0
    for step in range(steps + 1):
        st = _get(client, url + str(step), have=len(held))
        assert st["step"] == step and st["action"] == _public_action(truth, saved, step)
        hidden += step > 0 and st["action"] is None
        assert st["view"] == _plain(truth[step].view(None, log=False)), f"step {step}"
        assert st["to_move"] == truth[step].current_player
        held = held[: st["log"]["start"]] + st["log"]["entries"]
        assert held == _plain(visible(truth[step].data["log"], None)), f"step {step}: the log deltas"
        views[step] = st["view"]
    assert hidden >= 2, "no secret choice was met: both sides keep an agenda each round"
    # Back, and by jumps: the same positions.
    for step in range(steps, -1, -1):
        st = _get(client, url + str(step), have=len(held))
        assert st["view"] == views[step], f"step {step} going back"
        assert st["log"]["entries"] == [] or st["log"]["start"] == len(held)
        held = held[: st["log"]["start"]] + st["log"]["entries"]
        assert held == _plain(visible(truth[step].data["log"], None)), f"step {step} going back: the log"
    rng = random.Random(7)
    for step in rng.sample(range(steps + 1), 12):
        st = _get(client, url + str(step))
        assert st["view"] == views[step] and st["log"]["start"] == 0
    # Past the end, and a game still running.
    _error(client.get(url + str(steps + 1)), 404, "not_found")
    _error(client.get(url + str(steps + 1000)), 404, "not_found")
    _error(client.get(url + "-1"), 400, "malformed")
    running = create(client, "thirteen")
    _error(client.get(f"/api/games/{running['id']}/replay/0"), 409, "not_over")


NAMES = _all_names(TD_NAME)
BY_NAME = {n: c for c, n in enumerate(TD_NAME) if n}


def test_replay_steps_in_words_show_no_secret(client: TestClient) -> None:
    """A replay is a spectator's: its words name no card in a hand, the
    draw pile or the Aftermath at that step, and every step holds a log
    sentence per entry, a prompt while someone decides, no labels."""
    gid, saved = _finished(client)
    truth = _truth(saved)
    steps = len(saved["actions"])
    held = 0
    named_any = 0
    for step in range(steps + 1):
        for lang in ("ru", "en"):
            st = _get(client, f"/api/games/{gid}/replay/{step}", have=held, lang=lang)
            t = st["text"]
            assert t["lang"] == lang and t["log"] == [render(e, lang) for e in st["log"]["entries"]]
            assert t["labels"] == {} and t["warnings"] == {}
            assert (t["prompt"] is not None) == (st["view"].get("decision") is not None)
            assert (t["result"] is not None) == truth[step].is_terminal
        held = st["log"]["start"] + len(st["log"]["entries"])
        # The English words (the new log sentences of this step too): card
        # names are read as the engine scanner reads them.
        secret = _secret_thirteen(truth[step], None)
        # The action that led to the step is shown too (``action``, and in words): a
        # card put face down (13 Days' Aftermath) is no more the spectator's then.
        words = json.dumps({**{k: t.get(k) for k in ("prompt", "options", "labels", "result", "log", "action")},
                            "raw": st["action"]})
        named = {BY_NAME[n] for n in NAMES.findall(words)}
        named_any += bool(named)
        assert not named & secret, f"step {step}: names secret cards {sorted(named & secret)}: {words[:500]}"
    assert named_any > 5, "the words never named a card: the scan read nothing"
