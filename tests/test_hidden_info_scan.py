"""Scanners: nothing a seat receives names a card it may not know.

Random games of both games with every event are played to the end. After
every action, each seat's view (and a spectator's) is scanned: every card
number in it, every card name in its texts (legal actions, decision data,
prompt), and every new log entry it may read. A card is secret to a viewer
while it lies in the draw pile, in a face-down headline or Aftermath pile of
the other side, or in the other side's hand without that side having shown
it. A log entry for both players ("players") may name no card secret to
either of them; a public one may name no card secret to anybody, a spectator
included: none held in a hand, unless the spectator saw it go there (SALT
Negotiations takes it from the discard pile) or it is The China Card. A card
named as a rule (an ``event`` argument: "OPEC is blocked") shows no card.

Log entries are checked the moment the rules append them (one action may
play a card, then reshuffle it into the draw pile with the discards: naming
it as it was played is fine).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

import brinkmanship as bm
from brinkmanship.thirteen.board import CARD_NAME as TD_NAME
from brinkmanship.twilight.board import CARD_NAME as TS_NAME

SIDES = ("USSR", "US")
OPP = {"USSR": "US", "US": "USSR"}
CARD_KEYS = {"card", "cards", "hand", "discard", "removed", "in_play", "opponent_known"}


def _secret_twilight(s: bm.State, viewer: str | None) -> set[int]:
    d = s.data
    out = set(d["deck"])
    for side in SIDES:
        if side == viewer:
            continue
        # A face-down headline still counts as in the hand: secret unless
        # the viewer had seen that card in the hand.
        held = set(d["hands"][side])
        hl = d["headline"][side]
        if hl and d["hl_open"] not in (side, "both"):
            held.add(hl)
        shown = set(s.game.known_cards(d, OPP[side])) if viewer is not None else set()  # type: ignore[attr-defined]
        out |= held - shown
    for f in d["stack"]:  # cards the viewer is deciding over, it has seen
        if f["f"] == "ask" and f["p"] == viewer:
            out -= set(f["data"].get("cards", ()))
    return out


def _secret_thirteen(s: bm.State, viewer: str | None) -> set[int]:
    d = s.data
    out = set(d["deck"])
    for side in SIDES:
        if side == viewer:
            continue
        out |= set(d["hands"][side])
        out |= {c for who, c in d["aftermath"] if who == side}
        out |= {f["card"] for f in d["stack"] if f["f"] == "alliances" and f["p"] == side}
    if d["over"] and d["result"] != "nuclear_war" and d["round"] >= 3:
        out -= {c for _, c in d["aftermath"]}  # revealed at the end
    return out


def _numbers(value: Any, key: str = "") -> Iterator[int]:
    """Card numbers under card-like keys, at any depth."""
    if isinstance(value, dict):
        if "code" in value and "args" in value:
            yield from _numbers(value["args"])
            return
        for k, v in value.items():
            yield from _numbers(v, k)
    elif isinstance(value, list):
        for v in value:
            yield from _numbers(v, key)
    elif isinstance(value, int) and not isinstance(value, bool) and key.rstrip("0123456789") in CARD_KEYS:
        yield value


def _all_names(names: tuple[str, ...]) -> re.Pattern[str]:
    """Every card name, longest first, so that "Southeast Asia Scoring" is
    read whole rather than as "Asia Scoring"."""
    ordered = sorted((n for n in names if n), key=len, reverse=True)
    return re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, ordered)) + r")(?![\w-])")


def _check_entry(e: dict[str, Any], secret: set[int], where: str) -> None:
    leaked = set(_numbers(e)) & secret
    assert not leaked, f"{where}: log entry {e} names secret cards {leaked}"


class _Watched(list):  # type: ignore[type-arg]
    """A state's log that checks each entry as the rules append it."""

    def __init__(self, state: bm.State, secret_of: Any, entries: list[dict[str, Any]]) -> None:
        super().__init__(entries)
        self.state = state
        self.public: set[int] = set()
        self.secret_of = lambda s, v: secret_of(s, v) - self.public
        # Where a spectator last knew each card to be: a side's hand,
        # "hidden" (the draw pile, a face-down card) or in the open.
        self.where: dict[int, str] = self._places()
        # Cards in a hand that a spectator saw go there in the open (SALT
        # Negotiations from the discard pile, Missile Envy handed over).
        self.open: set[int] = set()

    def _places(self) -> dict[int, str]:
        d = self.state.data
        out = dict.fromkeys(self.secret_of(self.state, None), "hidden")
        for side in SIDES:
            out.update(dict.fromkeys(d["hands"][side], side))
        return out

    def sync(self) -> None:
        """Follow the cards since the last entry or action: a card stays
        open while it stays in the same hand, and becomes open when it
        comes into a hand from an open place."""
        now = self._places()
        self.open = {c for c, at in now.items() if at in SIDES
                     and ((c in self.open and self.where.get(c) == at) or self.where.get(c, "open") == "open")}
        self.where = now

    def public_in_hand(self) -> set[int]:
        return {6, *self.open}  # The China Card's holder is always public

    def append(self, e: dict[str, Any]) -> None:
        d = self.state.data
        self.sync()
        where = f"ply {d['ply']}"
        if e["code"].startswith("thirteen.aftermath.revealed"):
            # Final scoring turns the Aftermath face up as it logs it.
            self.public |= {c for _, c in d["aftermath"]}
        if e["to"] in ("all", "players", "spectators"):
            # Cards taken openly (SALT Negotiations from the discard pile)
            # are known to both players; a hand shown to one player only is
            # addressed to it (tested on its own below).
            everyone = self.secret_of(self.state, "USSR") | self.secret_of(self.state, "US")
            _check_entry(e, everyone, where + f" ({e['to']} entry)")
        if e["to"] in ("all", "spectators"):
            # A spectator knows neither hand: a public entry names no card
            # held in a hand unless it got there in the open.
            _check_entry(e, self.secret_of(self.state, None) - self.public_in_hand(), where + " (spectator)")
        else:
            # A side's own entries may name what it saw (the draw pile's top
            # cards under Our Man in Tehran), never the other side's hand.
            _check_entry(e, self.secret_of(self.state, e["to"]) - set(d["deck"]), where)
        super().append(e)


def _scan(game: str, seed: int) -> int:
    s = bm.new_game(game, seed=seed)
    rng = random.Random(seed)
    names = TS_NAME if game == "twilight" else TD_NAME
    pattern = _all_names(names)
    by_name = {n: c for c, n in enumerate(names) if n}
    secret_of = _secret_twilight if game == "twilight" else _secret_thirteen
    seen = {v: 0 for v in (*SIDES, None)}
    steps = 0
    s.data["log"] = _Watched(s, secret_of, s.data["log"])
    while not s.is_terminal:
        s.apply_random(rng)
        s.data["log"].sync()
        steps += 1
        secrets = {v: secret_of(s, v) for v in seen}
        for viewer in seen:
            view = s.view(viewer)
            log = view.pop("log")
            where = f"{game} seed {seed} step {steps} viewer {viewer}"
            secret = secrets[viewer]
            leaked = set(_numbers(view)) & secret
            # The viewer's own hand is its own; the headline dict names sides.
            assert not leaked, f"{where}: view names secret cards {leaked}"
            text = json.dumps({k: view[k] for k in ("decision", "legal_actions", "looking_at", "aftermath",
                                                    "headline") if k in view})
            named = {by_name[m] for m in pattern.findall(text)}
            assert not named & secret, f"{where}: view text names secret cards {named & secret}"
            for e in log[seen[viewer]:]:
                readers = ("all", "spectators") if viewer is None else ("all", "players", viewer)
                assert e["to"] in readers, f"{where}: an entry addressed to {e['to']}"
            seen[viewer] = len(log)
    return steps


def test_a_hand_shown_to_the_opponent_is_not_shown_to_spectators() -> None:
    """CIA Created: the USSR shows its hand to the US. The US log names the
    cards; the spectator's log and the USSR's only say that it happened."""
    s = bm.from_position("twilight", {
        "seed": 2, "phasing": "US",
        "hands": {"US": ["CIA Created", "NATO"], "USSR": ["Fidel", "Nasser", "Blockade"]},
    })
    s.apply("event CIA Created")
    shown = {8, 15, 10}
    us = [e for e in s.view("US")["log"] if set(_numbers(e)) & shown]
    assert us and all(e["to"] == "US" for e in us)
    for viewer in (None, "USSR"):
        assert not [e for e in s.view(viewer)["log"] if set(_numbers(e)) & shown]


def test_un_intervention_cancelling_we_will_bury_you_is_named_once_played() -> None:
    """The US plays UN Intervention (#32) for its event while We Will Bury
    You (#50) waits: the public entry that it cancels the 3 VP names #32,
    which must be out of the US hand (in play) when the entry is appended.
    The server's leak scan once met this (a random deal, ply 198)."""
    s = bm.from_position("twilight", {
        "turn": 5, "action_round": 2, "phasing": "US", "defcon": 3,
        "effects": {"We Will Bury You": {}}, "removed": ["We Will Bury You"],
        "hands": {"US": ["UN Intervention", "Fidel", "NATO"], "USSR": ["Decolonization", "Blockade"]},
    })
    s.data["log"] = _Watched(s, _secret_twilight, s.data["log"])
    s.apply("event UN Intervention")  # the watched log raises on an entry naming a secret card
    codes = [e["code"] for e in s.data["log"]]
    assert codes[-2:] == ["twilight.play.event", "twilight.we_will_bury_you.cancelled"]
    s.apply_many(["ops Fidel", "place Canada", "place Canada"])
    assert s.data["vp"] == 0 and {32, 8} <= set(s.data["discard"])


@pytest.mark.parametrize("seed", range(0, 24, 3))
def test_no_twilight_seat_receives_a_card_it_may_not_know(seed: int) -> None:
    assert _scan("twilight", 500 + seed) > 20


@pytest.mark.parametrize("seed", range(8))
def test_no_thirteen_seat_receives_a_card_it_may_not_know(seed: int) -> None:
    assert _scan("thirteen", 700 + seed) > 20


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(4))
def test_many_more_games_leak_nothing(chunk: int) -> None:
    for seed in range(chunk * 100, chunk * 100 + 100):
        _scan("thirteen", seed)
    for seed in range(chunk * 10, chunk * 10 + 10):
        _scan("twilight", 10_000 + seed)
