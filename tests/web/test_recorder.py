"""The page recorder's scan finds what a seat's page may not know, and only that.

A 13 Days game is played through the API of the server in this process;
what the USSR's page would receive (its WebSocket frames in Russian, its
HTTP answers in English) is fed to a recorder with a DOM that shows the
USSR's own hand, the log and a card text, and the scan finds nothing. Then
one leak at a time is planted in a copy (an opponent's card in a DOM
attribute, in the visible and the hidden text, in the storage, in a
WebSocket frame's view or words or log, the seed, the other seat's token,
the draw pile's order) and each must be caught. The last test plants leaks
in a real page in Chromium: in the DOM, and in a WebSocket frame it
receives from a small server of the test's own.
"""

from __future__ import annotations

import contextlib
import copy
import json
import random
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from brinkmanship.core.log import visible
from brinkmanship.i18n import catalog, render
from brinkmanship.server.app import create_app
from tests.server.conftest import auth, settings_for
from tests.web.conftest import Pages, WebServer, shot
from tests.web.recorder import PageRecorder, Truth, names_of

GAME = "thirteen"


@dataclass
class Played:
    """A game in progress and what the USSR's page got of it."""

    truth: Truth
    tokens: dict[str, str]
    gid: str
    frames: list[str]  # WebSocket, ?lang=ru
    answers: list[tuple[str, str]]  # HTTP (url, body), ?lang=en
    last: dict[str, Any]  # the last state the USSR got

    def card(self, where: str) -> int:
        """A card of the current position: ``mine``, ``theirs`` (the US
        hand), ``deck`` (the draw pile's top)."""
        data = self.truth.ledger.state(self.last["ply"]).data
        return int({"mine": data["hands"]["USSR"], "theirs": data["hands"]["US"], "deck": data["deck"]}[where][0])


def name(card: int, lang: str = "en") -> str:
    return catalog(lang)[f"{GAME}.name.card.{card}"]


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Played]:
    """Both seats play random legal moves until the hands are dealt and a
    few cards are played; the USSR's socket and answers are kept."""
    db = str(tmp_path_factory.mktemp("recorder") / "server.sqlite3")
    rng = random.Random(11)
    with TestClient(create_app(settings_for(db))) as client:
        r = client.post("/api/games", json={"game": GAME, "seats": {"USSR": "human", "US": "human"}})
        assert r.status_code == 201, r.text
        created = r.json()
        gid = created["id"]
        tokens = {s: v["token"] for s, v in created["seats"].items()}
        frames: list[str] = []
        answers: list[tuple[str, str]] = []
        with client.websocket_connect(f"/ws/games/{gid}?token={tokens['USSR']}&lang=ru") as ws:
            ply = -1
            while True:
                while ply < client.get(f"/api/games/{gid}").json()["ply"]:  # read the pushes up to now
                    frames.append(ws.receive_text())
                    msg = json.loads(frames[-1])
                    ply = msg["ply"] if msg["type"] == "state" else ply
                url = f"/api/games/{gid}?lang=en"
                mine = client.get(url, headers=auth(tokens["USSR"]))
                answers.append((url, mine.text))
                last = mine.json()
                if last["ply"] >= 10 and last["view"]["hand"] and last["view"]["hand_sizes"]["US"] >= 2:
                    break
                side = last["to_move"]
                view = client.get(f"/api/games/{gid}", headers=auth(tokens[side])).json()
                r = client.post(f"/api/games/{gid}/actions", headers=auth(tokens[side]),
                                json={"action": rng.choice(view["view"]["legal_actions"]), "ply": view["ply"]})
                assert r.status_code == 200, r.text
    created["seats"] = {s: {"token": t} for s, t in tokens.items()}
    truth = Truth.load(db, gid, tokens)
    yield Played(truth, tokens, gid, frames, answers, last)


def clean(p: Played) -> PageRecorder:
    """What an honest USSR page got and shows: the records, and a DOM with
    its hand, the log it received, a catalog card text and its storage."""
    rec = PageRecorder(GAME, "USSR", p.gid)
    rec.http("/static/js/app.js", "export const x = 1;")
    rec.http("/api/catalog/en", json.dumps(catalog("en")))  # every card's name and text: public
    rec.http("/api/board/thirteen", json.dumps({"cards": {str(n): {"name": name(n)} for n in range(1, 40)}}))
    for url, text in p.answers[:3]:
        rec.http(url, text)
    for f in p.frames:
        rec.frame(f"ws://x/ws/games/{p.gid}", f)
    rec.http(*p.answers[-1])
    hand = p.last["view"]["hand"]
    log = p.last["text"]["log"]
    attrs = [["div", "data-card", str(c)] for c in hand] + [["button", "data-action", a]
                                                             for a in p.last["view"]["legal_actions"]]
    attrs += [["div", "title", name(c, "ru")] for c in hand]
    # A tooltip with the text of a card that names another card (rules text).
    naming = next(n for n in range(1, 40) if any(m in catalog("en")[f"{GAME}.text.{n}"]
                                                 for m in names_of(GAME).by_name if m != name(n)))
    texts = [*(name(c) for c in hand), *(name(c, "ru") for c in hand), *log, catalog("en")[f"{GAME}.text.{naming}"]]
    storage = json.dumps({"local": {"games": json.dumps([{"id": p.gid, "token": p.tokens["USSR"]}])}})
    rec.dom("clean", "<html>...</html>", "\n".join(texts), attrs, texts, storage)
    return rec


def test_an_honest_page_is_clean(played: Played) -> None:
    rec = clean(played)
    assert rec.scan(played.truth) == []
    assert len(rec.states()) >= 10 and any('"lang":"ru"' in f for f in played.frames)
    # The secrets are real: the US holds cards, the draw pile is there.
    assert played.card("theirs") and played.card("deck")
    rec.check(played.truth, min_states=10)


def caught(p: Played, plant: Any, *expect: str) -> list[str]:
    """Plant a leak in a copy of the honest records; the scan must name it."""
    rec = clean(p)
    plant(rec)
    found = rec.scan(p.truth)
    assert found, "the planted leak was not caught"
    for e in expect:
        assert any(e in f for f in found), f"{e!r} not in {found}"
    return found


def _dom(rec: PageRecorder, attrs: list[list[str]] = (), texts: list[str] = (),  # type: ignore[assignment]
         storage: str = "{}") -> None:
    rec.dom("planted", "<html></html>", "\n".join(texts), list(attrs), list(texts), storage)


def test_an_opponent_s_card_in_a_dom_attribute_is_caught(played: Played) -> None:
    theirs = played.card("theirs")
    caught(played, lambda r: _dom(r, attrs=[["div", "data-card", str(theirs)]]), "data-card", str(theirs))
    caught(played, lambda r: _dom(r, attrs=[["g", "data-card-back", f"x{theirs}"]]), "data-card-back")
    caught(played, lambda r: _dom(r, attrs=[["div", "aria-label", f"US: {name(theirs, 'ru')}"]]), "aria-label")
    caught(played, lambda r: _dom(r, attrs=[["div", "data-state", json.dumps({"hand": [theirs]})]]), "data-state")
    # The draw pile's top card is as secret as the hand.
    deck = played.card("deck")
    caught(played, lambda r: _dom(r, attrs=[["li", "data-card", str(deck)]]), str(deck))


def test_an_opponent_s_card_in_the_text_is_caught(played: Played) -> None:
    theirs = played.card("theirs")
    for lang in ("en", "ru"):
        found = caught(played, lambda r, lang=lang: _dom(r, texts=["Рука США:", name(theirs, lang)]),
                       "the page's text names secret cards")
        assert str(theirs) in found[0]
    # Inside a sentence, and next to a card text of the catalog (which is taken out, not the rest).
    text = catalog("en")[f"{GAME}.text.1"]
    caught(played, lambda r: _dom(r, texts=[f"{text} The US holds {name(theirs)}."]), "names secret cards")
    # In the storage, as a name or under a card key.
    caught(played, lambda r: _dom(r, storage=json.dumps({"local": {"x": name(theirs)}})), "storage")
    caught(played, lambda r: _dom(r, storage=json.dumps({"local": {"x": json.dumps({"cards": [theirs]})}})),
           "storage holds secret cards")


def test_my_own_cards_and_the_public_catalog_are_not_leaks(played: Played) -> None:
    mine = played.card("mine")
    rec = clean(played)
    _dom(rec, attrs=[["div", "data-card", str(mine)]], texts=[name(mine), name(mine, "ru")])
    # The catalog's card texts name other cards (public rules text), however many.
    _dom(rec, texts=[catalog(lang)[f"{GAME}.text.{n}"] for lang in ("en", "ru") for n in range(1, 40)])
    rec.http("/api/catalog/ru", json.dumps(catalog("ru")))
    assert rec.scan(played.truth) == []


def _last_state(rec: PageRecorder) -> dict[str, Any]:
    return copy.deepcopy(json.loads(next(r.text for r in reversed(rec.records) if r.kind == "ws" and r.ply)))


def test_an_opponent_s_card_in_a_websocket_frame_is_caught(played: Played) -> None:
    theirs = played.card("theirs")
    url = f"ws://x/ws/games/{played.gid}"

    def in_view(rec: PageRecorder) -> None:
        msg = _last_state(rec)
        msg["view"]["discard"] = [*msg["view"]["discard"], theirs]
        rec.frame(url, json.dumps(msg))

    caught(played, in_view, "under card keys", "not USSR's view")

    def in_words(rec: PageRecorder) -> None:
        msg = _last_state(rec)
        msg["text"]["prompt"] = f"{msg['text']['prompt']} ({name(theirs, 'ru')})"
        rec.frame(url, json.dumps(msg, ensure_ascii=False))

    caught(played, in_words, "text: names secret cards")

    def in_an_error(rec: PageRecorder) -> None:
        rec.frame(url, json.dumps({"type": "error", "status": 422, "error": "illegal_action",
                                   "detail": f"US holds {name(theirs)}", "ref": None}))

    caught(played, in_an_error, "names secret cards")
    # ...unless the page named that card itself in what it sent (the refusal quotes it).
    rec = clean(played)
    rec.frame(url, json.dumps({"action": f"play {name(theirs)}", "ply": 1}), sent=True)
    in_an_error(rec)
    assert rec.scan(played.truth) == []

    def the_other_seat_s_log(rec: PageRecorder) -> None:
        msg = _last_state(rec)
        # (13 Days logs everything to both sides: an entry for the US alone, made up.)
        private = {"code": "thirteen.play.event", "args": {"side": "US", "card": theirs}, "to": "US"}
        msg["log"]["entries"].append(private)
        msg["text"]["log"].append(render(private, "ru"))
        rec.frame(url, json.dumps(msg, ensure_ascii=False))

    caught(played, the_other_seat_s_log, "log")

    def the_draw_pile(rec: PageRecorder) -> None:
        msg = _last_state(rec)
        deck = played.truth.ledger.state(msg["ply"]).data["deck"]
        msg["seats"]["order"] = deck[:6]
        rec.frame(url, json.dumps(msg))

    caught(played, the_draw_pile, "the draw pile's order")


def test_the_seed_and_the_other_seat_s_token_are_caught(played: Played) -> None:
    seed = played.truth.seed
    caught(played, lambda r: r.http("/api/games/x", json.dumps({"note": seed})), "seed")
    caught(played, lambda r: r.frame("ws://x", json.dumps({"type": "ack", "ref": str(seed)})), "seed")
    us = played.tokens["US"]
    caught(played, lambda r: _dom(r, storage=json.dumps({"local": {"t": us}})), "token")
    caught(played, lambda r: r.dom("html", f'<a href="/play/x#token={us}">', "", [], []), "token")
    caught(played, lambda r: r.http("/api/games/x", json.dumps({"deck": [1, 2]})), '"deck":')
    # The page's own token is its own.
    rec = clean(played)
    _dom(rec, storage=json.dumps({"local": {"t": played.tokens["USSR"]}}))
    assert rec.scan(played.truth) == []


def test_a_replay_step_naming_a_secret_is_caught(played: Played) -> None:
    """A replay is a spectator's: the action that led to a step names no card
    and no agenda kept in secret at that step."""
    truth = copy.copy(played.truth)
    actions = [r.text for r in truth.history]
    assert all(r.kind == "action" for r in truth.history)  # no undo: the history is the replay
    truth.saved = {"options": {}, "actions": actions}
    state = truth.step(1)
    log = visible(state.data["log"], None)
    step = {"id": played.gid, "step": 1, "steps": len(actions), "action": None,
            "view": state.view(None, log=False), "log": {"start": 0, "entries": log},
            "text": {"lang": "en", "log": [render(e, "en") for e in log], "prompt": None, "options": {},
                     "labels": {}, "result": None, "warnings": {}}}
    rec = PageRecorder(GAME, None, played.gid)
    rec.http(f"/api/games/{played.gid}/replay/1?lang=en", json.dumps({**step, "action": None}))
    assert rec.scan(truth) == []
    assert actions[0].startswith("agenda ")  # the USSR keeps an agenda in secret first
    rec.http(f"/api/games/{played.gid}/replay/1?lang=en", json.dumps({**step, "action": actions[0]}))
    found = rec.scan(truth)
    assert any("the agenda USSR keeps in secret" in f for f in found), found
    # A card the US holds, named as the action.
    theirs = played.card("theirs")
    rec = PageRecorder(GAME, None, played.gid)
    rec.http(f"/api/games/{played.gid}/replay/1?lang=en", json.dumps({**step, "action": f"event {name(theirs)}"}))
    assert any("action: names secret cards" in f for f in rec.scan(truth))


# -- in a real page ---------------------------------------------------------------------------------------
PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>recorder test</title></head>
<body><h1>Recorder test</h1><div id="hand"></div><ol id="log"></ol></body></html>"""

#: An honest page: its own state over HTTP and the WebSocket, its hand drawn with data-card.
HONEST = """async ([gid, token]) => {
  const r = await fetch(`/api/games/${gid}?lang=en`, {headers: {Authorization: `Bearer ${token}`}});
  const st = await r.json();
  for (const c of st.view.hand) {
    const el = document.createElement("div");
    el.dataset.card = c; el.textContent = `card ${c}`;
    document.getElementById("hand").append(el);
  }
  for (const s of st.text.log) {
    const li = document.createElement("li"); li.textContent = s; document.getElementById("log").append(li);
  }
  await new Promise((resolve, reject) => {
    const ws = window.gameSocket = new WebSocket(`ws://${location.host}/ws/games/${gid}?token=${token}&lang=ru`);
    ws.onmessage = () => resolve();
    ws.onerror = () => reject(new Error("the game's WebSocket failed"));
    setTimeout(() => reject(new Error("no state on the WebSocket")), 10000);
  });
  localStorage.setItem("games", JSON.stringify([{id: gid, token}]));
}"""


def test_leaks_planted_in_a_real_page_are_caught(pages: Pages, web_server: WebServer) -> None:
    """Chromium opens a page of the server's origin that reads the USSR's
    state like a client; the recorder finds it clean. Then an opponent's
    card is put in a DOM attribute, in hidden text, and sent to the page in
    a WebSocket frame by a small server of the test's own: each is caught."""
    from websockets.sync.server import serve

    created = web_server.create(GAME, {"USSR": "human", "US": "human"})
    gid, tokens = created["id"], {s: v["token"] for s, v in created["seats"].items()}
    rng = random.Random(2)
    while not (st := web_server.state(gid, tokens["USSR"]))["view"]["hand"] or st["ply"] < 4:
        side = st["to_move"]
        legal = web_server.state(gid, tokens[side])["view"]["legal_actions"]
        web_server.act(gid, tokens[side], rng.choice(legal))
    page = pages.new(name="USSR")
    pages.allow(r"/favicon\.ico")  # asked for by a document that names no icon (the JSON below)
    rec = PageRecorder(GAME, "USSR", gid).attach(page)
    # A document of the server's own (Chromium lets only a page served from
    # the loopback address open sockets to it), made into the test's page.
    page.goto(f"{web_server.url}/api/health")
    page.evaluate("(html) => { document.open(); document.write(html); document.close(); }", PAGE)
    page.evaluate(HONEST, [gid, tokens["USSR"]])
    page.wait_for_selector("[data-card]")
    rec.snapshot(page, "honest")
    shot(page, "honest")
    truth = web_server.truth(created)
    assert rec.scan(truth) == [], rec.scan(truth)
    assert rec.count("ws") >= 1 and len(rec.states()) == 2 and rec.count("http") >= 2

    theirs = int(truth.ledger.state(st["ply"]).data["hands"]["US"][0])
    seen: list[str] = []

    def new_leaks(label: str) -> list[str]:
        found = [f for f in rec.scan(truth) if f not in seen]
        seen.extend(found)
        assert found and all(label in f for f in found), (label, found)
        return found

    page.evaluate("""(c) => { const el = document.createElement("span"); el.id = "planted";
                             el.dataset.card = c; document.body.append(el); }""", theirs)
    rec.snapshot(page, "attribute")
    assert any("data-card" in f and str(theirs) in f for f in new_leaks("attribute"))
    page.evaluate("""(n) => { const el = document.getElementById("planted"); el.removeAttribute("data-card");
                             el.hidden = true; el.textContent = n; }""", name(theirs, "ru"))
    rec.snapshot(page, "hidden text")
    assert any("the page's text names secret cards" in f for f in new_leaks("hidden text"))
    page.evaluate("() => document.getElementById('planted').remove()")
    rec.snapshot(page, "clean again")
    assert not [f for f in rec.scan(truth) if f not in seen]

    # A frame with the US hand, from another server: the recorder reads every socket of the page.
    leak = {**st, "type": "state", "view": {**st["view"], "hand": [*st["view"]["hand"], theirs]}}
    leak.pop("text", None)

    def handler(conn: Any) -> None:
        conn.send(json.dumps(leak))
        with contextlib.suppress(Exception):
            conn.recv(timeout=5)

    with serve(handler, "127.0.0.1", 0) as srv:
        port = srv.socket.getsockname()[1]
        threading.Thread(target=srv.serve_forever, daemon=True).start()
        page.evaluate("""(port) => new Promise((resolve, reject) => {
            const ws = window.leakSocket = new WebSocket(`ws://127.0.0.1:${port}/`);
            ws.onmessage = () => { ws.close(); resolve(); };
            ws.onerror = () => reject(new Error("the leaking WebSocket failed"));
            setTimeout(() => reject(new Error("nothing on the leaking WebSocket")), 10000);
        })""", port)
        page.wait_for_timeout(100)
        srv.shutdown()
    frame = next(r for r in rec.records if r.kind == "ws" and r.url.startswith(f"ws://127.0.0.1:{port}"))
    found = new_leaks(f"#{frame.index} ws")
    assert any("under card keys" in f for f in found) and any("not USSR's view" in f for f in found), found


def test_the_screenshots_are_saved(pages: Pages, tmp_path: Path) -> None:
    page = pages.new(name="blank")
    page.set_content("<h1 style='color:#b22'>Brinkmanship</h1>")
    path = shot(page, "blank page")
    assert path.name == "test_the_screenshots_are_saved-blank_page.png" and path.stat().st_size > 500
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
