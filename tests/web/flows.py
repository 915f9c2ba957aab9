"""Playing by clicks: what the browser tests of the two tables share (issue 14, item 7).

The tests of ``test_browser_twilight.py`` and ``test_browser_thirteen.py``
play real games in Chromium against a real server. They never sleep to let
a page catch up: they wait until the page shows what the server holds, read
from the page's data attributes (``data-country``, ``data-arena``,
``data-action``, the Twilight tracks' ``data-defcon``, ``data-vp``...), and
fail with both sides of the difference when it never does.

* :func:`offered` and :func:`wait_offered`: the actions a page offers (its
  ``data-action`` controls, and the ``data-actions`` of a Twilight country
  with several) against the server's legal actions.
* :func:`click_action`: click the control of an action, through a Twilight
  country's chooser when the country has several; answer the confirmation
  dialog when the test says how.
* :func:`read_twilight` / :func:`twilight_expected` / :func:`wait_twilight`:
  the Twilight table (influence in every box, the tracks, my hand) against a
  view; :func:`read_thirteen` / :func:`thirteen_expected` /
  :func:`wait_thirteen` the same for 13 Days (cubes, DEFCON markers,
  prestige, the Personal Letter, my hand).
* :func:`defcon2_pick`: a policy that plays a Twilight game through the API,
  both seats, to a USSR coup that would bring DEFCON 1.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from brinkmanship.web import board as board_facts
from tests.web.conftest import TIMEOUT_MS, WebServer

#: Every action a page offers: its data-action controls and the data-actions
#: of the Twilight countries that open a chooser.
OFFERED_JS = """() => {
  const out = new Set();
  for (const el of document.querySelectorAll('.table-root [data-action], .decision [data-action]')) {
    out.add(el.getAttribute('data-action'));
  }
  for (const el of document.querySelectorAll('.table-root [data-actions]')) {
    for (const a of el.getAttribute('data-actions').split('|')) out.add(a);
  }
  return [...out].sort();
}"""


def css(value: str) -> str:
    """``value`` as a quoted CSS string (for an attribute selector)."""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _sorted(values: list[str]) -> list[str]:
    """Sorted as JavaScript's default sort does (UTF-16 code units: the
    same as Python's for the texts of actions)."""
    return sorted(set(values))


def until(read: Callable[[], Any], ok: Callable[[Any], bool], what: str, timeout: float = TIMEOUT_MS / 1000,
          show: Callable[[Any], Any] | None = None) -> Any:
    """Read again until ``ok(read())``; fail naming ``what`` and the last
    reading (``show(reading)`` when given: the difference, say)."""
    deadline = time.monotonic() + timeout
    while True:
        got = read()
        if ok(got):
            return got
        seen = show(got) if show else got
        assert time.monotonic() < deadline, f"timed out waiting for {what}; last seen: {json.dumps(seen)[:1500]}"
        time.sleep(0.03)


def wait_state(server: WebServer, gid: str, token: str, ok: Callable[[dict[str, Any]], Any],
               lang: str = "en") -> dict[str, Any]:
    """Poll the game (as ``token``'s seat, its words in ``lang``) until ``ok(state)``."""
    got: dict[str, Any] = until(lambda: server.state(gid, token, lang=lang), ok, "the server",
                                show=lambda s: {k: s[k] for k in ("ply", "to_move", "status")})
    return got


def offered(page: Any) -> list[str]:
    got: list[str] = page.evaluate(OFFERED_JS)
    return got


def wait_offered(page: Any, legal: list[str]) -> list[str]:
    """Until ``page`` offers exactly ``legal`` (and is not busy sending)."""
    want = _sorted(legal)
    read = f"() => ({{offered: ({OFFERED_JS})(), busy: !!document.querySelector('.game-page.busy')}})"
    got = until(lambda: page.evaluate(read), lambda g: g["offered"] == want and not g["busy"],
                f"the page to offer {want[:8]}...")
    return list(got["offered"])


def click_action(page: Any, action: str, confirm: bool | None = None) -> None:
    """Click the control of ``action`` (a Twilight country with several
    actions: the country, then its chooser's button). When the page asks
    for confirmation, ``confirm`` answers (None: it must not ask)."""
    direct = page.locator(f".table-root [data-action={css(action)}], .decision [data-action={css(action)}]")
    if direct.count():
        direct.first.click()
    else:
        country = page.locator(".table-root [data-actions]").evaluate_all(
            "(els, a) => els.filter(e => e.getAttribute('data-actions').split('|').includes(a))"
            ".map(e => e.getAttribute('data-country'))", action)
        assert country, f"no control for {action!r}; the page offers {offered(page)}"
        page.locator(f".tw-map [data-country={css(country[0])}]").click()
        page.locator(f".tw-chooser [data-action={css(action)}]").click()
    dialog = page.locator("dialog.confirm[open]")
    if confirm is None:
        assert not dialog.count(), f"{action!r} asked for confirmation"
        return
    dialog.wait_for()
    page.locator(f"dialog.confirm [data-confirm={css('yes' if confirm else 'no')}]").click()


def log_lines(page: Any) -> list[str]:
    lines: list[str] = page.locator(".log .log-line").all_inner_texts()
    return lines


# -- Twilight Struggle ---------------------------------------------------------------------------------
TW = board_facts("twilight")
TW_CARDS = {c["name"]: c for c in TW["cards"].values()}
TW_BATTLEGROUNDS = {c["name"] for c in TW["countries"] if c["battleground"]}
CHINA = 6

READ_TWILIGHT_JS = """() => {
  const influence = [];
  for (const g of document.querySelectorAll('.tw-map [data-country]')) {
    for (const sd of ['US', 'USSR']) {
      const n = g.querySelector(`.tw-inf-n.side-${sd}`).textContent;
      if (n) influence.push(`${sd} ${g.getAttribute('data-country')} ${n}`);
    }
  }
  const one = (a) => {
    const el = document.querySelector(`.tw-status [${a}]`);
    return el ? el.getAttribute(a) : null;
  };
  const all = (a) => [...document.querySelectorAll(`.tw-status [${a}]`)].map((e) => e.getAttribute(a)).sort();
  const hand = [...document.querySelectorAll('[data-hand] .tw-card-face[data-card]')]
    .map((e) => Number(e.getAttribute('data-card'))).sort((a, b) => a - b);
  return {influence: influence.sort(), defcon: one('data-defcon'), vp: one('data-vp'), turn: one('data-turn'),
          round: one('data-round'), milops: all('data-milops'), space: all('data-space'), china: one('data-china'),
          hand};
}"""


def twilight_expected(view: dict[str, Any], seat: str | None) -> dict[str, Any]:
    """What the Twilight table must show for ``view`` (strings as the data attributes hold them)."""
    influence = sorted(f"{sd} {c} {n}" for sd in ("US", "USSR") for c, n in (view["influence"].get(sd) or {}).items()
                       if n)
    ar = view["action_round"]
    china = view["china_card"]
    hand = list(view.get("hand") or [])
    if seat and china["holder"] == seat:
        hand.append(CHINA)
    return {"influence": influence, "defcon": str(view["defcon"]), "vp": str(view["vp"]), "turn": str(view["turn"]),
            "round": f"{ar} {view['phasing']}" if ar else None,
            "milops": sorted(f"{sd} {n}" for sd, n in view["milops"].items()),
            "space": sorted(f"{sd} {n}" for sd, n in view["space"].items()),
            "china": f"{china['holder']} {'up' if china['face_up'] else 'down'}",
            "hand": sorted(hand) if seat else []}


def read_twilight(page: Any) -> dict[str, Any]:
    got: dict[str, Any] = page.evaluate(READ_TWILIGHT_JS)
    return got


def _diff(got: dict[str, Any], want: dict[str, Any]) -> dict[str, Any]:
    return {k: {"page": got.get(k), "server": v} for k, v in want.items() if got.get(k) != v}


def wait_twilight(page: Any, state: dict[str, Any]) -> dict[str, Any]:
    """Until the Twilight table shows ``state`` (the server's, for the
    page's seat): every box's influence, the tracks, the hand; and, on my
    move, exactly the legal actions."""
    want = twilight_expected(state["view"], state["seat"])
    got = until(lambda: read_twilight(page), lambda g: not _diff(g, want), f"the table at ply {state['ply']}",
                show=lambda g: _diff(g, want))
    mine = state["seat"] and state["to_move"] == state["seat"] and state["status"] == "running"
    wait_offered(page, state["view"]["legal_actions"] if mine else [])
    return dict(got)


def influence(state: dict[str, Any], side: str, country: str) -> int:
    return int((state["view"]["influence"].get(side) or {}).get(country, 0))


def ops_card(legal: list[str], side: str) -> str | None:
    """The card to play for operations: one of mine or neutral (no
    opponent's event to resolve), the most ops; never The China Card."""
    ops = [a for a in legal if a.startswith("ops ") and a != "ops The China Card"]
    own = [a for a in ops if TW_CARDS[a[4:]]["side"] in (side, "Neutral")]
    pool = own or ops
    return max(pool, key=lambda a: (TW_CARDS[a[4:]]["ops"], a)) if pool else None


#: Countries kept for the USSR's coup at DEFCON 2 (battlegrounds where the
#: US starts with influence, in regions still open to coups at DEFCON 2).
KEPT_FOR_DEFCON2 = {"Panama", "South Africa"}


def defcon2_pick(view: dict[str, Any], warned: dict[str, str], seat: str) -> str:
    """The next action of ``seat`` on the way to a USSR battleground coup at
    DEFCON 2: each side plays its cards for operations and coups a
    battleground (DEFCON falls one level each time) until DEFCON is 2, and
    otherwise places influence; no move the server warns about."""
    legal = [a for a in view["legal_actions"] if a not in warned]
    dec = view["decision"]
    kind = dec["kind"]
    if kind == "action":
        return ops_card(legal, seat) or legal[0]
    if kind == "order":  # the opponent's event after the operations
        return next((a for a in legal if a.startswith("ops ")), legal[0])
    if kind == "ops" and dec.get("mode") is None and view["defcon"] > 2:
        coups = [a for a in legal if a.startswith("coup ") and a[5:] in TW_BATTLEGROUNDS
                 and a[5:] not in KEPT_FOR_DEFCON2]
        if coups:
            return coups[0]
    if kind == "headline":
        pool = [a for a in legal if not TW_CARDS[a[len("headline "):]]["scoring"]]
        return (pool or legal)[0]
    places = [a for a in legal if a.startswith("place ")]
    return (places or legal)[0]


def play_until(server: WebServer, gid: str, tokens: dict[str, str],
               pick: Callable[[dict[str, Any], dict[str, str], str], str],
               done: Callable[[dict[str, Any]], bool], limit: int = 120) -> dict[str, Any]:
    """Play both seats through the API with ``pick`` until ``done(state)``
    (the state of the seat to move, with its words in English)."""
    for _ in range(limit):
        st = server.state(gid, tokens["USSR"], lang="en")
        assert st["status"] == "running", f"the game ended: {st['result']}"
        side = st["to_move"]
        mine = server.state(gid, tokens[side], lang="en")
        if done(mine):
            return mine
        server.act(gid, tokens[side], pick(mine["view"], mine["text"]["warnings"], side), mine["ply"])
    raise AssertionError(f"not reached in {limit} moves")


# -- 13 Days ---------------------------------------------------------------------------------------------
TD = board_facts("thirteen")
TD_CARDS = {c["name"]: c for c in TD["cards"].values()}
TD_ARENAS = [a["name"] for a in TD["arenas"]]

READ_THIRTEEN_JS = """() => {
  const cubes = [];
  for (const el of document.querySelectorAll('.td-board [data-arena]')) {
    for (const row of el.querySelectorAll('[data-cubes]')) {
      const n = row.getAttribute('data-n');
      if (n !== '0') cubes.push(`${row.getAttribute('data-cubes')} ${el.getAttribute('data-arena')} ${n}`);
    }
  }
  const markers = [...document.querySelectorAll('[data-marker]')]
    .map((e) => `${e.getAttribute('data-marker')} ${e.getAttribute('data-pos')}`).sort();
  const prestige = document.querySelector('[data-prestige]');
  const letter = document.querySelector('[data-letter]');
  const hand = [...document.querySelectorAll('.td-hand .td-card[data-card]')]
    .map((e) => Number(e.getAttribute('data-card'))).sort((a, b) => a - b);
  return {cubes: cubes.sort(), markers, prestige: prestige && prestige.getAttribute('data-prestige'),
          letter: letter && letter.getAttribute('data-letter'), hand};
}"""


def thirteen_expected(view: dict[str, Any]) -> dict[str, Any]:
    cubes = sorted(f"{sd} {a} {n}" for sd in ("USSR", "US") for a, n in (view["cubes"].get(sd) or {}).items() if n)
    markers = sorted(f"{sd}|{tr} {pos}" for sd in ("USSR", "US") for tr, pos in view["defcon"][sd].items())
    return {"cubes": cubes, "markers": markers, "prestige": str(view["prestige"]),
            "letter": view.get("personal_letter") or "", "hand": sorted(view.get("hand") or [])}


def read_thirteen(page: Any) -> dict[str, Any]:
    got: dict[str, Any] = page.evaluate(READ_THIRTEEN_JS)
    return got


def wait_thirteen(page: Any, state: dict[str, Any]) -> dict[str, Any]:
    """Until the 13 Days table shows ``state`` (the server's, for the page's
    seat), and on my move offers exactly the legal actions."""
    want = thirteen_expected(state["view"])
    got = until(lambda: read_thirteen(page), lambda g: not _diff(g, want), f"the table at ply {state['ply']}",
                show=lambda g: _diff(g, want))
    mine = state["seat"] and state["to_move"] == state["seat"] and state["status"] == "running"
    wait_offered(page, state["view"]["legal_actions"] if mine else [])
    return dict(got)
