"""Invariant checks for 13 Days shared by the fuzz, golden and hidden-information tests.

``check`` looks at the raw state only (cheap enough to run after every
action of thousands of games); ``check_state`` adds the checks that go
through the public API: a decision always exists, the state survives a JSON
round trip and a clone, and legal actions are well-formed. Each failure
message names what broke, so a fuzz failure reads as a bug report.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import brinkmanship as bm
from brinkmanship.core.actions import Action
from brinkmanship.thirteen.actions import SPACE
from brinkmanship.thirteen.board import CARD_FACTION, N_AGENDA_CARDS, N_ARENAS, N_CARDS, OPPONENT
from brinkmanship.thirteen.data.board import (
    ARENA_MAX,
    DEFCON1_FROM,
    DEFCON2_FROM,
    DEFCON_MAX,
    DEFCON_MIN,
    HAND_SIZE,
    MAX_LEAD,
    PLAYS_PER_ROUND,
    ROUNDS,
    SUPPLY,
)
from brinkmanship.thirteen.game import OPTION_CHOICES
from brinkmanship.thirteen.rules import LEGAL, ROUND_EFFECTS

SIDES = ("USSR", "US")
ALL_CARDS: Counter[int] = Counter(range(1, N_CARDS + 1))
ALL_AGENDAS: Counter[int] = Counter(range(1, N_AGENDA_CARDS + 1))
RESULTS = ("nuclear_war", "prestige", "personal_letter")
# Steps of the round procedure after the card plays: hands are empty then
# (the one remaining card went to the Aftermath), except while an
# ``aftermath`` decision is pending (positions may leave several cards).
AFTER_PLAYS = ("television", "united_nations", "alliances", "resolve", "nuclear", "end", "escalate")
MAX_DECISIONS = 2000  # Thirteen.max_game_length


def card_locations(d: dict[str, Any]) -> Counter[int]:
    """Every strategy card where the state says it is."""
    where: Counter[int] = Counter(d["deck"])
    where.update(d["discard"])
    where.update(d["held"])
    for side in SIDES:
        where.update(d["hands"][side])
    where.update(c for _, c in d["aftermath"])
    return where


def agenda_locations(d: dict[str, Any]) -> Counter[int]:
    """Every agenda card where the state says it is."""
    where: Counter[int] = Counter(d["agenda_deck"])
    where.update(d["agenda_out"])
    for side in SIDES:
        where.update(d["offered"][side])
    return where


def check(d: dict[str, Any], *, full_game: bool = True) -> None:
    """Raise AssertionError if the raw state breaks a game invariant.
    ``full_game=False`` (for positions, which may deal short hands and set
    any Aftermath) skips the hand sizes and the Aftermath count."""
    assert set(d["options"]) == set(OPTION_CHOICES), "options missing or unknown"
    for k, v in d["options"].items():
        assert v in OPTION_CHOICES[k], f"option {k}={v!r}"
    # Cubes: 17 per side (board + reserve), at most 5 per arena.
    for side in SIDES:
        row = d["cubes"][side]
        assert len(row) == N_ARENAS
        assert all(type(n) is int and 0 <= n <= ARENA_MAX for n in row), f"{side} cubes out of 0..5: {row}"
        assert sum(row) <= SUPPLY, f"{side} has {sum(row)} cubes on the board (negative reserve)"
        marks = d["defcon"][side]
        assert len(marks) == 3
        assert all(DEFCON_MIN <= m <= DEFCON_MAX for m in marks), f"{side} DEFCON out of 1..8: {marks}"
        assert 0 <= d["plays"][side] <= PLAYS_PER_ROUND, f"{side} made {d['plays'][side]} plays"
    assert -MAX_LEAD <= d["prestige"] <= MAX_LEAD, f"prestige {d['prestige']}"
    assert d["letter"] in SIDES
    assert 1 <= d["round"] <= ROUNDS
    # Strategy cards: each of the 39 in exactly one place.
    where = card_locations(d)
    assert where == ALL_CARDS, f"cards not conserved: extra {where - ALL_CARDS}, missing {ALL_CARDS - where}"
    assert all(s in SIDES for s, _ in d["aftermath"])
    if full_game:
        # One card per side per finished round, plus at most one Alliances draw per round.
        done = d["round"] - (0 if d["over"] or d["stack"][0]["step"] in AFTER_PLAYS else 1)
        n_after = len(d["aftermath"])
        assert 2 * done <= n_after <= 3 * done, f"{n_after} Aftermath cards after {done} rounds"
    # Agendas: each of the 13 in exactly one place; a kept agenda is one of its side's flags.
    agendas = agenda_locations(d)
    assert agendas == ALL_AGENDAS, f"agendas not conserved: {sorted(agendas.elements())}"
    for side in SIDES:
        # A position may give a side fewer flags (only the one it kept).
        assert len(d["offered"][side]) in ((0, 3) if full_game else (0, 1, 2, 3)), f"{side} flags {d['offered'][side]}"
        kept = d["kept"][side]
        assert kept == 0 or kept in d["offered"][side], f"{side} kept {kept} not among its flags"
    assert set(d["fx"]) == set(ROUND_EFFECTS)
    assert all(s in SIDES for v in d["fx"].values() for s in v)
    # Cards out of every pile (a stolen card, an Alliances draw) belong to a pending decision.
    stack = d["stack"]
    pending = [f["card"] for f in stack if f["f"] in ("stolen", "alliances")]
    assert Counter(d["held"]) == Counter(pending), f"held {d['held']} but pending decisions hold {pending}"
    if d["over"]:
        assert stack == [], "a finished game has pending decisions"
        assert d["result"] in RESULTS, f"result {d['result']!r}"
        assert d["winner"] in (*SIDES, None)
        # The game ends right after the nuclear-war check: the markers are as checked.
        war = {x for x in SIDES if max(d["defcon"][x]) >= DEFCON1_FROM or min(d["defcon"][x]) >= DEFCON2_FROM}
        if d["result"] == "nuclear_war":
            assert war and d["winner"] == (None if len(war) == 2 else OPPONENT[war.pop()]), \
                f"nuclear war won by {d['winner']} with markers {d['defcon']}"
        else:
            assert not war, f"no nuclear war with markers {d['defcon']}"
            assert d["winner"] in SIDES and d["round"] == ROUNDS
            p = d["prestige"]
            if p:
                assert d["result"] == "prestige" and d["winner"] == ("US" if p > 0 else "USSR")
            else:
                assert d["result"] == "personal_letter" and d["winner"] == d["letter"]
        for side in SIDES:
            assert d["hands"][side] == [], f"{side} ends the game holding cards"
        return
    assert d["result"] is None and d["winner"] is None
    assert stack and stack[0]["f"] == "round", "the round procedure is not at the bottom of the stack"
    assert all(f["f"] != "round" for f in stack[1:])
    top = stack[-1]
    assert top["f"] in LEGAL and top["p"] in SIDES, f"pending frame {top}"
    if full_game:
        _check_hands(d)


def _check_hands(d: dict[str, Any]) -> None:
    """Hand sizes follow the round: empty before the deal, 5 - plays during
    the plays (Summit Meeting's discards and an Intelligence Reports victim's
    replacement not yet drawn aside), empty after."""
    step = d["stack"][0]["step"]
    summit = {f["p"]: f["n"] for f in d["stack"] if f["f"] == "summit"}
    # Intelligence Reports: the victim's replacement comes once the taken card is resolved.
    for f in d["stack"]:
        victim = f["side"] if f["f"] == "replace" else OPPONENT[f["p"]] if f["f"] == "stolen" else None
        if victim is not None:
            summit[victim] = summit.get(victim, 0) + 1
    choosing = {f["p"] for f in d["stack"] if f["f"] == "aftermath"}
    for side in SIDES:
        n = len(d["hands"][side])
        if step in ("agendas", "deal"):
            assert n == 0, f"{side} holds {n} cards before the deal"
        elif step == "plays":
            expected = HAND_SIZE - d["plays"][side] - summit.get(side, 0)
            assert n == expected, f"{side} holds {n} cards after {d['plays'][side]} plays (expected {expected})"
        elif step in AFTER_PLAYS:
            assert n == 0 or side in choosing, f"{side} holds {n} cards after the Aftermath ({step})"
        else:
            raise AssertionError(f"unknown round step {step!r}")


def check_state(s: bm.State, *, steps: int = 0) -> None:
    """``check`` plus the API contract: a decision exists unless the game is
    over (no dead end), legal actions are distinct and parse back to
    themselves, the state is plain JSON that loads back equal, and a clone is
    equal. ``steps``: decisions taken so far (the game ends within the max)."""
    d = s.data
    check(d)
    assert steps <= MAX_DECISIONS, f"no end after {steps} decisions"
    legal = s.legal_actions()
    if s.is_terminal:
        assert legal == [], "legal actions after the end"
        assert s.current_player is None
    else:
        assert legal, f"dead end: {s.view(None)['decision']}"
        assert s.current_player == d["stack"][-1]["p"]
        texts = [a.text for a in legal]
        assert len(set(texts)) == len(texts), f"duplicate legal actions {texts}"
        for a in legal:
            assert SPACE.parse(a.text) is a, f"{a.text!r} does not parse back to itself"
    assert bm.load(s.to_json()) == s, "JSON round trip changed the state"
    assert s.clone() == s, "clone differs"


def check_every_legal_action(s: bm.State) -> None:
    """Each legal action is accepted by ``apply`` (on a clone), and leaves a
    state that keeps the invariants."""
    for a in s.legal_actions():
        c = s.clone()
        c.apply(a)
        check(c.data)


def check_refusals(s: bm.State, rng: random.Random, n: int = 3) -> None:
    """A few actions that are not legal now are refused with
    ``IllegalActionError`` (and a reason), and the state is unchanged."""
    legal = set(s.legal_actions())
    before = s.to_json()
    others = [a for a in SPACE.actions if a not in legal]
    for a in rng.sample(others, min(n, len(others))):
        try:
            s.apply(a)
        except bm.IllegalActionError as exc:
            assert str(exc), "refusal without a reason"
        else:
            raise AssertionError(f"illegal action {a.text!r} was accepted")
        assert s.to_json() == before, f"refusing {a.text!r} changed the state"


class Referee:
    """Follows a game decision by decision and checks the sequence of play:
    the side behind in prestige (the USSR on a tie) chooses who plays first,
    that side plays first, then the sides alternate until each has played 4
    cards; a Command with an opponent's card first offers its event to the
    opponent; a side may use the event of its own and UN cards only; the
    Personal Letter passes to the opponent when used.

    Call ``after(kind, player, action, state)`` after each action, with the
    kind and player of the decision the action answered.
    """

    def __init__(self, s: bm.State) -> None:
        self.round = s.data["round"]
        self.turns: list[str] = []
        self.first: str | None = None

    def after(self, kind: str, player: str, a: Action, s: bm.State) -> None:
        d = s.data
        if kind == "turn":
            self.turns.append(player)
        if kind in ("turn", "stolen") and a.verb in ("command", "event"):
            c = a.arg
            assert c is not None
            if a.verb == "event":
                assert CARD_FACTION[c] in (player, "UN"), f"{player} resolved the event of {a.text}"
            elif not d["over"]:
                top = d["stack"][-1]
                if CARD_FACTION[c] == OPPONENT[player]:
                    assert (top["f"], top["p"], top["card"]) == ("offer", OPPONENT[player], c), \
                        f"{a.text} by {player} was not offered to {OPPONENT[player]}"
                else:
                    assert (top["f"], top["p"], top["card"]) == ("command", player, c), \
                        f"{a.text} by {player} did not start a Command"
        elif kind == "initiative":
            p = d["prestige"]
            assert player == ("USSR" if p >= 0 else "US"), f"{player} chose the first player at prestige {p}"
            assert p != 0 or d["options"]["initiative_tie"] == "ussr_chooses"
            assert self.first is None, "two initiative choices in a round"
            self.first = "USSR" if a.text == "first USSR" else "US"
        elif kind == "command" and a.verb == "letter":
            assert d["letter"] == OPPONENT[player], "the Personal Letter did not pass on"
        if d["over"] or d["round"] != self.round:
            self._round_over(d)

    def _round_over(self, d: dict[str, Any]) -> None:
        turns = self.turns
        assert len(turns) == 2 * PLAYS_PER_ROUND, f"round {self.round}: {len(turns)} card plays"
        assert all(turns[k] != turns[k + 1] for k in range(len(turns) - 1)), f"round {self.round}: {turns}"
        if self.first is None:
            assert turns[0] == "USSR" and d["options"]["initiative_tie"] == "ussr_first", \
                f"round {self.round} started without an initiative choice"
        else:
            assert turns[0] == self.first, f"round {self.round}: {self.first} chose to play first, {turns[0]} did"
        self.round = d["round"]
        self.turns = []
        self.first = None
