"""No leak, measured (issue 13, item 6): what each seat and a spectator
receive over 200 games of each game, through the API, holds no card hidden
from them, no seed, no deck order and no token of the other seat.

Each game is played to its end by client-side bots (random, some heuristic)
on both human seats, or one human seat against a server-side bot seat, with
a spectator connected; along the way the seat to move now and then sends
something the server refuses (an illegal move, a stale ply, a move out of
turn, a spectator's move, an undo with nothing to take back, a malformed
message, a forged token) or takes its move back, and readers fetch the game
by HTTP. Every HTTP answer and WebSocket message is scanned
(``tests/server/scan.py``) against the server's own state at the ply it was
made from. Twilight runs with every event and the optional cards; 13 Days
with its rules readings drawn at random per game.

The games run in chunks so that pytest-xdist spreads them; SQLite on a
temporary file (the scan is about what is sent, not about the database).
A Twilight game costs about 0.8 s of CPU (290 plies on average, 3 to 4
messages scanned per ply), a 13 Days game about 0.25 s: some 3.5 minutes of
CPU for the whole file, most of it the server's own work. The last tests
plant one leak each in the server and show that the scan finds it.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any
from unittest import mock

import pytest

import brinkmanship as bm
from brinkmanship import native
from brinkmanship.i18n import text as i18n_text
from brinkmanship.server import app as server_app
from brinkmanship.server.live import LiveGame
from tests.server import scan

TWILIGHT_CHUNKS, TWILIGHT_GAMES = 8, 25
THIRTEEN_CHUNKS, THIRTEEN_GAMES = 4, 50

# Refusals the games must have drawn (each of them scanned).
REFUSALS = {"illegal_action", "not_your_turn", "stale_ply", "no_token", "nothing_to_undo", "bad_message",
            "not_over", "bad_token"}


def _check_coverage(stats: scan.Stats, games: int) -> None:
    """The scan counts only if it saw every kind of traffic."""
    assert stats.games == games and stats.bot_games == games // 5
    missing = REFUSALS - set(stats.errors)
    assert not missing, f"no {', '.join(sorted(missing))} answer was scanned: {stats.errors}"
    for kind in ("ws state", "ws ack", "ws error", "http state", "http error"):
        assert stats.messages[kind] >= games // 2, f"too few {kind} messages: {stats.messages}"
    assert stats.undos > 0 and stats.log_entries > stats.plies
    assert all(stats.words[lang] > 0 for lang in scan.LANGS), f"positions in words: {stats.words}"


@pytest.mark.parametrize("chunk", range(TWILIGHT_CHUNKS))
def test_no_twilight_reader_receives_a_secret(chunk: int, tmp_path: Path) -> None:
    stats = asyncio.run(scan.scan_games("twilight", TWILIGHT_GAMES, f"twilight-{chunk}", tmp_path / "leaks.sqlite3"))
    _check_coverage(stats, TWILIGHT_GAMES)


@pytest.mark.parametrize("chunk", range(THIRTEEN_CHUNKS))
def test_no_thirteen_reader_receives_a_secret(chunk: int, tmp_path: Path) -> None:
    stats = asyncio.run(scan.scan_games("thirteen", THIRTEEN_GAMES, f"thirteen-{chunk}", tmp_path / "leaks.sqlite3"))
    _check_coverage(stats, THIRTEEN_GAMES)


# -- the scan finds planted leaks ------------------------------------------------------------------------
def _other(seat: str | None) -> str:
    return "US" if seat == "USSR" else "USSR"


def _deck_name(live: LiveGame, lang: str = "en") -> str:
    """The name of the draw pile's next card, in ``lang``."""
    return scan.TABLES[live.record.game][lang].names[live.state.data["deck"][0]]


def _snapshot_plant(change: Callable[[LiveGame, str | None, dict[str, Any]], None]) -> Any:
    """``LiveGame.snapshot`` with ``change`` made to what it returns."""
    snapshot = LiveGame.snapshot

    def planted(self: LiveGame, seat: str | None, since: int | None = None) -> dict[str, Any]:
        snap = snapshot(self, seat, since)
        change(self, seat, snap)
        return snap

    return mock.patch.object(LiveGame, "snapshot", planted)


def _opponent_hand(live: LiveGame, seat: str | None, snap: dict[str, Any]) -> None:
    snap["view"]["cards"] = list(live.state.data["hands"][_other(seat)])


def _deck_card_named(live: LiveGame, seat: str | None, snap: dict[str, Any]) -> None:
    snap["view"]["note"] = f"next up: {_deck_name(live)}"


def _deck_card_named_in_russian(live: LiveGame, seat: str | None, snap: dict[str, Any]) -> None:
    snap["view"]["note"] = f"дальше: «{_deck_name(live, 'ru')}»"


def _seed(live: LiveGame, seat: str | None, snap: dict[str, Any]) -> None:
    snap["view"]["number"] = live.record.seed


def _token_hash(live: LiveGame, seat: str | None, snap: dict[str, Any]) -> None:
    snap["view"]["key"] = live.record.seats[_other(seat)].token_hash


def _state_json(live: LiveGame, seat: str | None, snap: dict[str, Any]) -> None:
    saved = json.loads(live.state_json())
    del saved["seed"]  # (found on its own above)
    snap["view"]["saved"] = saved


def _deck_order(live: LiveGame, seat: str | None, snap: dict[str, Any]) -> None:
    snap["view"]["order"] = list(live.state.data["deck"])


def _generator(live: LiveGame, seat: str | None, snap: dict[str, Any]) -> None:
    snap["view"]["n"] = live.state.data["rng"]


def _spectator_sees_a_hand(live: LiveGame, seat: str | None, snap: dict[str, Any]) -> None:
    if seat is None:
        snap["view"] = live.state.view("USSR", log=False)


def _extra_log_entry(live: LiveGame, seat: str | None, snap: dict[str, Any]) -> None:
    snap["log"]["entries"].append({"code": "thirteen.why.card", "args": {"card": 1}, "to": _other(seat)})


def _refusal_names_the_deck() -> Any:
    """An illegal move's refusal that names the draw pile's next card."""
    act = server_app.GameService.act

    async def planted(self: Any, live: LiveGame, seat: str | None, action: Any, ply: int) -> None:
        try:
            await act(self, live, seat, action, ply)
        except bm.NotYourTurnError:
            raise
        except bm.IllegalActionError:
            raise bm.IllegalActionError(action, f"try {_deck_name(live)} instead") from None

    return mock.patch.object(server_app.GameService, "act", planted)


def _log_names_a_hand() -> Any:
    """The rules log, for everyone, a card of the other side's hand."""
    prepare = LiveGame.prepare

    def planted(self: LiveGame, seat: str, action: Any, chance: bool = True) -> Any:
        pending = prepare(self, seat, action, chance)
        hand = pending.state.data["hands"][_other(seat)]
        if hand:
            pending.state.data["log"].append({"code": "thirteen.why.card", "args": {"card": hand[0]}, "to": "all"})
            pending.log_lens[-1] += 1
        return pending

    return mock.patch.object(LiveGame, "prepare", planted)


PLANTS: dict[str, tuple[Callable[[], Any], str]] = {
    "the other side's hand": (lambda: _snapshot_plant(_opponent_hand), "under card keys"),
    "a draw-pile card by name": (lambda: _snapshot_plant(_deck_card_named), "names secret cards"),
    "a draw-pile card by its Russian name": (lambda: _snapshot_plant(_deck_card_named_in_russian),
                                             "names secret cards .* in ru"),
    "the seed": (lambda: _snapshot_plant(_seed), "the seed or a token"),
    "the other seat's token hash": (lambda: _snapshot_plant(_token_hash), "the seed or a token"),
    "the state JSON": (lambda: _snapshot_plant(_state_json), "a field of the state JSON"),
    "the deck's order": (lambda: _snapshot_plant(_deck_order), "the draw pile's order"),
    "the generator's state": (lambda: _snapshot_plant(_generator), "the generator's state"),
    "a seat's view to a spectator": (lambda: _snapshot_plant(_spectator_sees_a_hand), "another reader's view"),
    "a log entry for the other side": (lambda: _snapshot_plant(_extra_log_entry), "does not end at the readable log"),
    "a refusal naming a card": (_refusal_names_the_deck, "names secret cards .*illegal_action"),
    "a log entry naming a hand": (_log_names_a_hand, "log entry .* names secret cards"),
}


@pytest.mark.parametrize("plant", list(PLANTS))
def test_the_scan_finds_a_planted_leak(plant: str, tmp_path: Path) -> None:
    patch, found = PLANTS[plant]
    with patch(), pytest.raises(AssertionError, match=found):
        asyncio.run(scan.scan_games("thirteen", 2, "plant", tmp_path / "leaks.sqlite3", incidents=0.3))


@pytest.mark.parametrize("lang", scan.LANGS)
def test_a_card_named_for_its_rule_is_not_a_card_shown(lang: str) -> None:
    """A warning that renders Camp David Accords' sentence names Arab-Israeli
    War in its ``event`` place: that is the card's rule, cut before the names
    are read; the same name elsewhere in the message is still read."""
    table = scan.TABLES["twilight"][lang]
    camp, war = table.names[65], table.names[13]
    warning = i18n_text("twilight.card.camp_david_accords.influence", lang, event=13)
    assert war in warning
    text = json.dumps({"warnings": {"ops": warning}}, ensure_ascii=False, separators=(",", ":"))
    cut = scan._without_event_names(text, table)
    assert war not in cut and camp in cut and table.pattern.findall(cut) == [camp]
    both = text[:-2] + f',"hint":"{war}"}}}}'
    assert table.pattern.findall(scan._without_event_names(both, table)) == [camp, war]
    # Two event places in one sentence.
    nato = json.dumps(i18n_text("twilight.card.nato.blocked", lang, event=16, event2=23), ensure_ascii=False)
    assert len(table.pattern.findall(nato)) == 3
    assert table.pattern.findall(scan._without_event_names(nato, table)) == [table.names[21]]


def test_russian_names_are_read() -> None:
    """A reader of Russian gets Russian card names: the scan knows them all."""
    ru = scan.TABLES["thirteen"]["ru"]
    assert ru.names[1] != scan.NAMES["thirteen"][1]
    assert ru.by_name[ru.names[1]] == 1 and ru.pattern.findall(f"«{ru.names[1]}»") == [ru.names[1]]


# -- the native backend ------------------------------------------------------------------------------------
# Fewer games: the same scan, on the server's native states; each change is
# also replayed on the Python engine and must give the same state.
NATIVE_GAMES = {"thirteen": 10, "twilight": 5}


def _needs_native(game: str) -> None:
    if not native.available(game):
        pytest.skip(f"the native core is not built for {game} here (backends: {bm.backends()['native_missing']})")


@pytest.mark.parametrize("game", ["thirteen", "twilight"])
def test_no_reader_receives_a_secret_on_native(game: str, tmp_path: Path) -> None:
    _needs_native(game)
    n = NATIVE_GAMES[game]
    stats = asyncio.run(scan.scan_games(game, n, f"{game}-native", tmp_path / "leaks.sqlite3", incidents=0.1,
                                        backend="native"))
    _check_coverage(stats, n)


@pytest.mark.parametrize("plant", ["the other side's hand", "a seat's view to a spectator", "the deck's order"])
def test_the_scan_finds_a_planted_leak_on_native(plant: str, tmp_path: Path) -> None:
    _needs_native("thirteen")
    patch, found = PLANTS[plant]
    with patch(), pytest.raises(AssertionError, match=found):
        asyncio.run(scan.scan_games("thirteen", 2, "plant", tmp_path / "leaks.sqlite3", incidents=0.3,
                                    backend="native"))
