"""The 13 Days log is data: coded entries with language-neutral arguments.

Random games under several option sets (and positions reaching the rare
entries) check that every entry has a catalog code and renders, that no
entry is transitional prose (``raw``), that every argument is JSON data of
a known kind (sides, card numbers, printed arena/track/agenda names,
numbers, nested messages: never an English fragment), and that a
spectator's log holds only public entries.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import brinkmanship as bm
import brinkmanship.i18n
from brinkmanship.i18n import SIDE_KEYS, catalog, render
from brinkmanship.thirteen.board import AGENDA_NAME, ARENAS, CARD_NAME, N_CARDS, TRACKS
from brinkmanship.thirteen.game import OPTION_CHOICES
from tests.thirteen.helpers import play, position

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")


SIDES = ("USSR", "US")
# String arguments allowed by kind (the key without a trailing digit).
NAMES: dict[str, frozenset[str]] = {
    "arena": frozenset(ARENAS),
    "track": frozenset(TRACKS),
    "agenda": frozenset(AGENDA_NAME),
}
PLURAL = {"cards": "card", "arenas": "arena", "tracks": "track", "agendas": "agenda", "sides": "side"}


def _option_sets() -> list[dict[str, Any]]:
    other = {k: v[1] for k, v in OPTION_CHOICES.items()}
    mixed = random.Random(5)
    return [{}, other, {k: mixed.choice(v) for k, v in OPTION_CHOICES.items()}]


def _kind(key: str) -> str:
    return key.rstrip("0123456789")


def check_value(code: str, key: str, value: Any) -> None:
    """``value`` of argument ``key`` is language-neutral data of its kind."""
    kind = _kind(key)
    where = f"{code}: argument {key!r} = {value!r}"
    if isinstance(value, dict):
        check_message(value, nested=True)
    elif isinstance(value, list):
        for v in value:
            check_value(code, PLURAL.get(kind, kind), v)
    elif kind in SIDE_KEYS:
        assert value in SIDES, where
    elif kind == "card":
        assert isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= N_CARDS, where
    elif kind in NAMES:
        assert value in NAMES[kind], where
    else:
        # Numbers and flags only: any other text would be prose in an argument.
        assert isinstance(value, (int, bool)), where


def check_message(m: dict[str, Any], nested: bool = False) -> None:
    """A log entry (or nested message): a catalog code and data arguments."""
    assert set(m) == ({"code", "args"} if nested else {"code", "args", "to"}), m
    code = m["code"]
    assert code != "raw" and code.startswith("thirteen."), code
    assert code in catalog(), code
    assert isinstance(m["args"], dict)
    for key, value in m["args"].items():
        check_value(code, key, value)


def codes_of(m: Any) -> set[str]:
    """Every code in an entry, nested messages included."""
    if isinstance(m, dict):
        own = {m["code"]} if "code" in m else set()
        return own.union(*(codes_of(v) for v in m.get("args", m).values()))
    if isinstance(m, list):
        return set().union(*(codes_of(v) for v in m))
    return set()


def check_state(s: bm.State) -> set[str]:
    """Check every entry of ``s``; returns the codes seen."""
    entries = s.log_entries
    assert json.loads(json.dumps(entries)) == entries
    lines = s.log
    assert len(lines) == len(entries)
    seen: set[str] = set()
    for e, line in zip(entries, lines, strict=True):
        check_message(e)
        assert e["to"] in ("all", *SIDES)
        assert render(e) == line and line
        seen |= codes_of(e)
    spectator = s.view(None)["log"]
    assert all(e["to"] == "all" for e in spectator)
    assert spectator == [e for e in entries if e["to"] == "all"]
    for side in SIDES:
        assert s.view(side)["log"] == [e for e in entries if e["to"] in ("all", side)]
    return seen


def _random_games(options: dict[str, Any], n: int) -> set[str]:
    seen: set[str] = set()
    for seed in range(n):
        s = bm.new_game("thirteen", seed=seed, options=options)
        r = random.Random(seed)
        while not s.is_terminal:
            s.apply_random(r)
            if r.random() < 0.05:
                check_state(s)  # mid-game views too
        seen |= check_state(s)
    return seen


def _rare_games() -> set[str]:
    """Positions that reach entries random games seldom do."""
    seen: set[str] = set()
    for phase in ("round_start", "agendas", "plays", "aftermath", "resolve"):
        seen |= check_state(position(phase=phase, seed=3))
    # Several cards left at the Aftermath: one goes face down, the rest are discarded.
    s = position(phase="aftermath", hands={"USSR": ["SOPs", "Scramble", "U Thant"], "US": ["Excomm"]})
    s.apply("aftermath SOPs")
    assert "USSR discards the rest of its hand: U Thant, Scramble." in s.log
    seen |= check_state(s)
    # An empty deck is rebuilt from the discards.
    hands = {"USSR": ["Summit Meeting", "Scramble"], "US": ["Excomm", "Quarantine"]}
    held = hands["USSR"] + hands["US"]
    s = position(phase="plays", hands=hands, deck=[], plays={"USSR": 3, "US": 3},
                 discard=[CARD_NAME[c] for c in range(1, N_CARDS + 1) if CARD_NAME[c] not in held])
    play(s, "event Summit Meeting", "discard Scramble")
    assert s.log[-2:] == ["The discard pile (37 cards) is reshuffled into a new deck.", "USSR draws 1 card."]
    seen |= check_state(s)
    # Intelligence Reports against an empty hand.
    s = position(phase="plays", hands={"USSR": ["Intelligence Reports"], "US": []}, plays={"USSR": 3, "US": 4})
    s.apply("event Intelligence Reports")
    assert "US has no cards: Intelligence Reports takes nothing." in s.log
    seen |= check_state(s)
    # A ban keeps the marker when an event's Command removes cubes.
    s = position(phase="plays", hands={"US": ["U-2 Photographs", "Quarantine"]}, next="US",
                 effects={"Bay of Pigs": ["US"]}, cubes={"US": {"Berlin": 4}})
    play(s, "event U-2 Photographs", "remove Berlin", "remove Berlin", "remove Berlin")
    assert "US may not de-escalate by events this round: its marker stays." in s.log
    seen |= check_state(s)
    # Final scoring: an Aftermath without UN cards, one faction with none, and a tie.
    for aftermath, line in (
        ({"US": ["Excomm"], "USSR": []},
         "The Aftermath is revealed: US cards Excomm 3 = 3; USSR cards none = 0."),
        ({"US": ["Excomm"], "USSR": ["Fidel Castro"]},
         "The Aftermath is revealed: US cards Excomm 3 = 3; USSR cards Fidel Castro 3 = 3."),
    ):
        s = position(phase="resolve", round=3, aftermath=aftermath, hands={"US": [], "USSR": []})
        assert s.is_terminal and line in s.log
        seen |= check_state(s)
    assert "The Aftermath is tied 3 to 3: no bonus." in s.log
    return seen


@pytest.mark.parametrize("options", _option_sets())
def test_log_data_random_games_every_entry_is_coded_data_and_renders(options: dict[str, Any]) -> None:
    _random_games(options, 40)


CATALOG_DIR = Path(brinkmanship.i18n.__file__).parent / "en"


def test_log_data_every_thirteen_message_is_used() -> None:
    """Each template of the 13 Days catalogs is reached by a game (so none
    is dead and each is checked against real arguments), except Wave and
    Smile's cubes that no arena can take, which the 5-cube limit and the
    17-cube supply make unreachable; that one is rendered here."""
    seen = _rare_games()
    for options in _option_sets():
        seen |= _random_games(options, 60)
    # The log's messages (prompts have catalogs of their own).
    ours = {c for name in ("thirteen_rules.json", "thirteen_cards.json", "thirteen_log_more.json")
            for c in json.loads((CATALOG_DIR / name).read_text(encoding="utf-8"))}
    unreachable = {"thirteen.event.wave_and_smile_stay"}
    assert ours - seen == unreachable
    assert render({"code": "thirteen.event.wave_and_smile_stay", "args": {"side": "US"}}) == \
        "No other arena can take the cubes: they stay in the US reserve."


def test_log_data_entries_naming_the_aftermath_or_agendas_keep_them_secret() -> None:
    """The entries of secret choices (a card put face down, the agenda kept,
    the Alliances draw) never carry the card or agenda; the final reveal
    names the Aftermath for everyone."""
    s = bm.new_game("thirteen", seed=17)
    r = random.Random(17)
    while not s.is_terminal:
        s.apply_random(r)
    secret = {"thirteen.aftermath.put", "thirteen.agenda.kept", "thirteen.bonus.alliances"}
    for e in s.log_entries:
        if e["code"] in secret:
            assert set(e["args"]) <= {"side", "arena"}, e
    assert s.result == "prestige"
    reveal = [e for e in s.view(None)["log"] if e["code"].startswith("thirteen.aftermath.revealed")]
    assert len(reveal) == 1
