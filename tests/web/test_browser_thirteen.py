"""A round of 13 Days between two browser pages, by clicks (issue 14, items 4, 5, 7).

The USSR's player creates the game in the lobby with the US seat for "a
friend by link"; the friend opens the link in a browser context of their
own. Both play the first round by clicking what their tables offer: each
keeps an agenda by clicking it, a Command places cubes by clicking arenas,
one side commands with a card of the other's faction and the other page
accepts the offered event on its table (the event happens: the log and the
board of both pages say so), and the holder of the Personal Letter adds it
to a Command. The deal is random, so the script reads each hand (cards and
factions, from the server's view of that seat) and makes the plays that
bring these about. Midway the friend switches to Russian: the board's arena
names and the whole log turn Russian. After each move both boards (cubes,
DEFCON markers, prestige, the Personal Letter, the hand) and the actions
each page offers are the server's. Every page is recorded from its first
byte and scanned for any card hidden from its seat; every step worth
seeing saves a screenshot in ``artifacts/screenshots/``.
"""

from __future__ import annotations

from typing import Any

from brinkmanship.i18n import catalog
from tests.web.conftest import DESKTOP, Pages, WebServer, lobby_with_a_friend, shot
from tests.web.flows import (
    TD,
    TD_ARENAS,
    TD_CARDS,
    click_action,
    css,
    log_lines,
    wait_state,
    wait_thirteen,
)
from tests.web.recorder import PageRecorder

OPPONENT = {"USSR": "US", "US": "USSR"}
#: What to answer a decision the test has no plan for (an event's question), in order of preference.
CALM = ("pass", "done", "decline", "de-escalate")


def faction(card: int) -> str:
    return str(next(c["faction"] for c in TD_CARDS.values() if c["number"] == card))


def name_of(card: int) -> str:
    return str(next(c["name"] for c in TD_CARDS.values() if c["number"] == card))


def test_a_round_between_two_pages_by_link(pages: Pages, web_server: WebServer) -> None:
    # -- the lobby: me as the USSR, a friend by link as the US ------------------------------------------------
    host = pages.new(DESKTOP, name="USSR")
    rec = {"USSR": PageRecorder("thirteen", "USSR").attach(host)}
    lobby_with_a_friend(host, web_server, "thirteen")
    with host.expect_response(lambda r: r.url.endswith("/api/games") and r.request.method == "POST") as answer:
        host.click("[data-create]")
    created = answer.value.json()
    gid = created["id"]
    tokens = {side: s["token"] for side, s in created["seats"].items()}
    link = host.locator('[data-friend-link="US"]').input_value()
    assert link == f"{web_server.url}/play/{gid}#token={tokens['US']}"
    rec["USSR"].game_id = gid
    rec["USSR"].own_tokens = (tokens["US"],)  # the creator holds the friend's link, to send it
    shot(host, "lobby-created")

    # -- the friend opens the link in a browser of their own; I open my seat -----------------------------------
    guest = pages.new(DESKTOP, name="US")
    rec["US"] = PageRecorder("thirteen", "US", gid).attach(guest)
    guest.goto(link)
    host.click(f'[data-open-game="{gid}"]')
    page = {"USSR": host, "US": guest}
    lang = {"USSR": "en", "US": "en"}
    for p in page.values():
        p.wait_for_selector('[data-conn="open"]')

    def state(side: str, after: int = -1) -> dict[str, Any]:
        """The game as ``side`` sees it (in its page's language), once past ply ``after``."""
        return wait_state(web_server, gid, tokens[side], lambda s: s["ply"] > after, lang[side])

    done: dict[str, Any] = {"agendas": set(), "command": None, "offer": None, "letter": None, "russian": False}
    moves = 0
    ply = -1
    while True:
        st = state("USSR", ply)
        ply = st["ply"]
        if st["status"] == "over" or (st["view"]["round"] > 1 and all(done.values())):
            break  # (a deal without an offer, say, plays on into the next round)
        side = st["to_move"]
        other = OPPONENT[side]
        me = state(side, ply - 1)
        view, legal = me["view"], me["view"]["legal_actions"]
        warned = me["text"]["warnings"]
        calm = [a for a in legal if a not in warned]
        assert calm, f"every move loses: {warned}"
        wait_thirteen(page[side], me)
        wait_thirteen(page[other], state(other, ply - 1))
        dec = view["decision"]
        kind = dec["kind"]
        p = page[side]
        if kind == "agenda":
            # -- each keeps an agenda by clicking its card ----------------------------------------------------
            # An arena's agenda: a track's pushes its marker at the round's end, towards nuclear war.
            action = next((a for a in calm if not a.endswith(" Track")), calm[0])
            agenda = action[len("agenda "):]
            p.locator(f".td-agendas-pick [data-agenda={css(agenda)}] [data-action={css(action)}]").click()
            done["agendas"].add(side)
            if len(done["agendas"]) == 1:
                shot(p, f"agenda-{side}")
        elif kind == "turn":
            hand = view["hand"]
            theirs = [n for n in hand if faction(n) == other]
            ours = [n for n in hand if faction(n) != other]
            holder = view["personal_letter"]
            if done["offer"] is None and theirs:
                card = theirs[0]  # their event is offered to them
            elif done["letter"] is None and side == holder and ours:
                card = ours[0]
            else:
                card = (ours or theirs)[0]
            action = f"command {name_of(card)}"
            assert action in legal, (action, legal)
            p.locator(f'.td-hand .td-card[data-card="{card}"] [data-action={css(action)}]').click()
        elif kind == "offer":
            # -- the offer: the other page accepts the event on its table ------------------------------------
            assert page[side].locator(f'.td-offer[data-offer="{dec["card"]}"]').count()
            assert not page[other].locator(".td-offer [data-action]").count()
            assert dec["by"] == other
            if done["offer"] is None:
                shot(p, "offer")
                shot(page[other], "offer-waiting")
                p.locator('.td-offer [data-action="accept"]').click()
                done["offer"] = {"card": dec["card"], "by": other, "ply": ply}
            else:
                p.locator('.td-offer [data-action="decline"]').click()
        elif kind == "command":
            # -- a Command: the Personal Letter first, then cubes clicked on one arena --------------------------
            letter = done["letter"]
            if letter and letter["side"] == side and "seen" not in letter:
                # The letter added a cube to this Command and went to the other side.
                assert dec["cubes"] == letter["cubes"] + 1 and view["personal_letter"] == other
                assert page[side].locator(f'[data-letter="{other}"]').count()
                shot(p, "letter-used")
                letter["seen"] = True
            cmd = done["command"]
            if cmd and cmd["side"] == side and cmd["card"] == dec["card"] and dec["moved"] == 1:
                shot(p, "command")
            if "letter" in legal and done["letter"] is None and dec["moved"] == 0:
                p.locator('.td-letter [data-action="letter"]').click()
                done["letter"] = {"side": side, "ply": ply, "cubes": dec["cubes"]}
            else:
                places = [a for a in calm if a.startswith("place ")]
                # One cube, or two (the marker one step up) in the first Command while the track is calm:
                # never a risk of nuclear war at the round's end.
                track = dec["arena"] and next(a["track"] for a in TD["arenas"] if a["name"] == dec["arena"])
                second = (dec["moved"] == 1 and done["command"] and done["command"]["side"] == side
                          and done["command"]["card"] == dec["card"]
                          and view["defcon"][side][track] + 1 < TD["defcon"]["zone2_from"])
                if places and (dec["moved"] == 0 or second):
                    arena = places[0][len("place "):]
                    tile = p.locator(f".td-board [data-arena={css(arena)}]")
                    if tile.get_attribute("data-action") == places[0]:
                        tile.click()
                    else:  # place and remove there: the tile's own buttons
                        tile.locator(f"[data-action={css(places[0])}]").click()
                    if dec["moved"] == 0 and done["command"] is None:
                        done["command"] = {"side": side, "arena": arena, "card": dec["card"]}
                else:
                    click_action(p, "done" if "done" in calm else calm[0])
        else:
            click_action(p, next((a for pref in CALM for a in calm if a.split(" ", 1)[0] == pref), calm[0]))
        moves += 1
        assert moves < 120, "the round does not end"

        # -- midway the friend reads the game in Russian -------------------------------------------------------
        if not done["russian"] and done["command"] and done["offer"]:
            names = catalog("ru")
            guest.select_option("[data-lang-picker]", "ru")
            lang["US"] = "ru"
            # The page is built again in Russian, on a new connection.
            guest.wait_for_function("""(berlin) => document.documentElement.lang === 'ru'
                && document.querySelector('[data-conn="open"]')
                && document.querySelector('.td-board [data-arena="Berlin"] .td-arena-name')?.textContent === berlin""",
                                    arg=names["thirteen.name.arena.Berlin"])
            ru = state("US", ply)
            wait_thirteen(guest, ru)
            for arena in TD_ARENAS:
                shown = guest.locator(f".td-board [data-arena={css(arena)}] .td-arena-name").inner_text()
                assert shown == names[f"thirteen.name.arena.{arena}"]
            assert guest.locator('.td-board [data-arena="Berlin"] .td-arena-name').inner_text() != "Berlin"
            guest.wait_for_function("(n) => document.querySelectorAll('.log .log-line').length === n",
                                    arg=len(ru["text"]["log"]))
            assert log_lines(guest) == ru["text"]["log"]
            shot(guest, "russian")
            done["russian"] = True
        if moves % 12 == 0:
            for sd in page:
                rec[sd].snapshot(page[sd], f"move {moves}")

    # -- what happened, on both pages --------------------------------------------------------------------------
    assert done["agendas"] == {"USSR", "US"}
    assert done["command"], "no Command placed cubes"
    assert done["offer"], "no offer was accepted"
    assert done["letter"], "the Personal Letter was never used"
    assert done["russian"]
    for sd in page:
        final = web_server.state(gid, tokens[sd], lang=lang[sd])
        wait_thirteen(page[sd], final)
        entries, words = final["log"]["entries"], final["text"]["log"]
        assert final["log"]["start"] == 0 and len(entries) == len(words)
        page[sd].wait_for_function("(n) => document.querySelectorAll('.log .log-line').length === n", arg=len(words))
        shown = log_lines(page[sd])
        assert shown == words
        # The accepted event: the acceptance, and what the event did right after it.
        offer = done["offer"]
        at = next(i for i, e in enumerate(entries) if e["code"] == "thirteen.offer.accept"
                  and e["args"]["card"] == offer["card"])
        assert entries[at]["args"]["side"] == OPPONENT[offer["by"]]
        assert entries[at - 1]["code"] == "thirteen.play.command" and entries[at - 1]["args"]["side"] == offer["by"]
        assert words[at] in shown and words[at + 1] in shown
        # The Command's cubes and the letter.
        cmd = done["command"]
        assert any(e["code"] == "thirteen.command.place" and e["args"]["side"] == cmd["side"]
                   and e["args"]["arena"] == cmd["arena"] for e in entries)
        letter = next(i for i, e in enumerate(entries) if e["code"] == "thirteen.command.letter")
        assert entries[letter]["args"]["side"] == done["letter"]["side"]
        assert words[letter] in shown
        rec[sd].snapshot(page[sd], "end of the round")
    shot(host, "round-end-ussr")
    shot(guest, "round-end-us-russian")

    # -- nothing hidden reached either page ----------------------------------------------------------------------
    truth = web_server.truth(created)
    for r in rec.values():
        r.check(truth, min_states=20, min_snapshots=2)
    pages.check()
