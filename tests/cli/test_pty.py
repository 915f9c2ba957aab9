"""Whole games at a real pseudo-terminal, as a person plays them.

``brink play`` runs in its own process on a pseudo-terminal (pexpect), in
English and in Russian, for both games: a human (the USSR) answers every
prompt with the first action of the list against the heuristic bot, to the
end of the game, then saves it at the ``game over`` prompt.

Everything the terminal showed is kept, cut at each prompt of the human.
Replaying the saved file gives the true state at each of those prompts, so
a scanner can check that no screen names a card the human may not know (in
the opponent's hand or the draw pile, never shown to the human so far), in
either language. Other tests use the terminal the same way for quitting,
autosave and resume, and refusals.
"""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import brinkmanship as bm
from brinkmanship.cli import savefile
from brinkmanship.i18n import name
from tests.test_hidden_info_scan import _secret_thirteen, _secret_twilight

pexpect = pytest.importorskip("pexpect")

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\r")
PROMPT = {"en": r"(USSR|US)> ", "ru": r"(СССР|США)> "}
OVER = {"en": "game over> ", "ru": "партия окончена> "}


def _env(tmp: Path, lang: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "BRINK_"))}
    env.update({"XDG_STATE_HOME": str(tmp / "state"), "COLUMNS": "150", "LINES": "50", "TERM": "xterm-256color",
                "LANG": "C.UTF-8", "PYTHONIOENCODING": "utf-8"})
    env.pop("NO_COLOR", None)
    if lang != "en":
        env["BRINK_LANG"] = lang
    return env


def spawn(tmp: Path, lang: str, *args: str) -> pexpect.spawn:
    """``brink ARGS`` on a fresh pseudo-terminal (150 x 50)."""
    child = pexpect.spawn(sys.executable, ["-m", "brinkmanship.cli.main", *args], env=_env(tmp, lang),
                          encoding="utf-8", dimensions=(50, 150), timeout=60, cwd=str(tmp))
    child.delaybeforesend = None
    return child


def clean(text: str) -> str:
    """What a person reads: the output without colours and cursor moves."""
    return ANSI.sub("", text)


def quit_confirmed(child: pexpect.spawn, lang: str) -> None:
    """``quit``, yes to the question about unsaved moves, and the end."""
    child.sendline("quit")
    child.expect({"en": r"\[y/N\]", "ru": r"\[д/Н\]"}[lang])
    child.sendline({"en": "y", "ru": "д"}[lang])
    child.expect(pexpect.EOF)


def play_through(tmp: Path, game: str, lang: str, seed: int) -> tuple[list[str], Path]:
    """A whole game: the human (USSR) always types ``1``; returns the screen
    before each human prompt, and the saved game."""
    child = spawn(tmp, lang, "play", game, "--seed", str(seed))
    screens: list[str] = []
    saved = tmp / f"{game}-{lang}.json"
    while True:
        k = child.expect([PROMPT[lang], OVER[lang], pexpect.EOF], timeout=120)
        if k == 0:
            screens.append(clean(child.before))
            child.sendline("1")
        elif k == 1:
            screens.append(clean(child.before))
            child.sendline(f"save {saved}")
            child.expect(OVER[lang])
            child.sendline("")
            child.expect(pexpect.EOF)
            break
        else:
            raise AssertionError("brink ended before the game was over:\n" + clean(child.before)[-3000:])
    child.close()
    assert child.exitstatus == 0, child.exitstatus
    return screens, saved


def prompts_of(saved_path: Path, human: str) -> Iterator[tuple[bm.State, set[int]]]:
    """The true state at each prompt of ``human``, with every card the
    human could have seen by then (not secret to it at some moment)."""
    saved = savefile.load(saved_path)
    state = savefile.new_state(saved)
    secret = _secret_twilight if saved.game == "twilight" else _secret_thirteen
    n_cards = 110 if saved.game == "twilight" else 39
    seen: set[int] = set()
    actions = iter(saved.actions)
    while True:
        seen |= set(range(1, n_cards + 1)) - secret(state, human)
        if state.is_terminal:
            return
        if state.current_player == human:
            yield state, set(seen)
        state.apply(next(actions))


@pytest.mark.slow
@pytest.mark.parametrize(("game", "lang", "seed"), [("twilight", "en", 11), ("twilight", "ru", 12),
                                                     ("thirteen", "en", 13), ("thirteen", "ru", 14)])
def test_a_whole_game_at_the_terminal_shows_no_hidden_card(tmp_path: Path, game: str, lang: str, seed: int) -> None:
    screens, saved = play_through(tmp_path, game, lang, seed)
    states = list(prompts_of(saved, "USSR"))
    # One screen per prompt of the human, then the end of the game.
    assert len(screens) == len(states) + 1
    n_cards = 110 if game == "twilight" else 39
    checked = 0
    for screen, (state, seen) in zip(screens, states, strict=False):
        hidden = secret_now = (_secret_twilight if game == "twilight" else _secret_thirteen)(state, "USSR")
        hidden = {c for c in secret_now if c not in seen}
        for c in hidden:
            for language in ("en", lang):
                card = name(game, "card", c, language)
                assert card not in screen, (c, card, screen[-2000:])
        checked += len(hidden)
    assert checked > 0
    text = "".join(screens)
    if lang == "ru":
        # The screens speak Russian: sides, card names, board labels.
        assert "СССР" in text and "США" in text
        assert any(name(game, "card", c, "ru") in text for c in range(1, n_cards + 1))
    saved_game = json.loads(saved.read_text(encoding="utf-8"))
    assert saved_game["seats"] == {"USSR": "human", "US": "heuristic"}


def test_quit_asks_first_and_the_game_is_kept_for_resume(tmp_path: Path) -> None:
    child = spawn(tmp_path, "en", "play", "twilight", "--seed", "5")
    child.expect(PROMPT["en"])
    child.sendline("1")
    child.expect(PROMPT["en"])
    child.sendline("quit")
    child.expect(r"Leave the game\? \[y/N\]")
    child.sendline("n")  # stays
    child.expect(PROMPT["en"])
    child.sendline("quit")
    child.expect(r"Leave the game\? \[y/N\]")
    child.sendline("y")
    child.expect(r"brink\s+play\s+--resume")  # the path before it may wrap the line
    child.expect(pexpect.EOF)
    kept = tmp_path / "state" / "brinkmanship" / "autosave-twilight.json"
    assert json.loads(kept.read_text())["actions"] == ["place Austria"]
    # --resume continues it where it was left.
    child = spawn(tmp_path, "en", "play", "--resume")
    child.expect(r"Resumed [\s\S]*autosave-twilight\.json:\s+1\s+action\s+replayed")
    child.expect(PROMPT["en"])
    child.sendline("1")
    child.expect(PROMPT["en"])
    child.sendeof()
    child.expect(r"End of input\.[\s\S]*Leave the game\? \[y/N\]")
    child.sendeof()
    child.expect(pexpect.EOF)


def test_end_of_input_in_russian_asks_in_russian(tmp_path: Path) -> None:
    child = spawn(tmp_path, "ru", "play", "thirteen", "--seed", "2")
    child.expect(PROMPT["ru"])
    child.sendline("1")
    child.expect(PROMPT["ru"])
    child.sendeof()
    child.expect(r"Ввод закончился\.[\s\S]*Выйти из партии\? \[д/Н\]")
    child.sendline("д")
    child.expect(pexpect.EOF)
    assert (tmp_path / "state" / "brinkmanship" / "autosave-thirteen.json").is_file()


def test_loading_the_other_games_save_says_so(tmp_path: Path) -> None:
    saved = savefile.SavedGame("thirteen", seed=1, options={}, seats={"USSR": "human", "US": "random"})
    path = tmp_path / "t.json"
    savefile.save(path, saved)
    child = spawn(tmp_path, "en", "play", "twilight", "--load", str(path))
    child.expect(r"it\s+is\s+a\s+saved\s+13\s+Days\s+game,\s+not\s+Twilight\s+Struggle")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1


def test_a_refusal_is_short_and_suggests_no_roll(tmp_path: Path) -> None:
    child = spawn(tmp_path, "en", "play", "twilight", "--seed", "5")
    for _ in range(7):  # the six set-up placements and the headline
        child.expect(PROMPT["en"])
        child.sendline("1")
    child.expect(PROMPT["en"])  # the first action round: some thirty actions
    child.sendline("coup Moscow")
    child.expect(PROMPT["en"])
    screen = clean(child.before)
    lines = [ln for ln in screen.splitlines() if ln.strip() and ln.strip() != "coup Moscow"]
    assert lines[0].startswith("illegal action 'coup Moscow': unknown country 'Moscow'"), screen
    assert len(lines) <= 4, screen
    listed = " ".join(lines[1:])
    assert listed.startswith("Legal now: ") and re.search(r", and \d+ more \(type `actions`\)", listed), listed
    assert listed.count(",") == 10  # ten actions, then how many more
    assert "roll" not in screen
    child.sendline("ops Star Wars")  # a Late War card, in nobody's hand on turn 1: the engine's reason
    child.expect(PROMPT["en"])
    assert "not in USSR's hand" in clean(child.before)
    quit_confirmed(child, "en")


def test_an_abbreviation_plays_its_one_action_in_either_language(tmp_path: Path) -> None:
    child = spawn(tmp_path, "ru", "play", "twilight", "--seed", "5")
    child.expect(PROMPT["ru"])
    child.sendline("влияние польш")  # the Russian label, abbreviated
    child.expect(PROMPT["ru"])
    assert "Польша" in clean(child.before)
    child.sendline("place Hun")  # the notation, abbreviated, works in Russian too
    child.expect(PROMPT["ru"])
    assert "Венгрия" in clean(child.before)
    child.sendline("влияние")  # several actions: it says so
    child.expect(PROMPT["ru"])
    assert "неоднозначно" in clean(child.before)
    quit_confirmed(child, "ru")
    saved = json.loads((tmp_path / "state" / "brinkmanship" / "autosave-twilight.json").read_text())
    assert saved["actions"] == ["place Poland", "place Hungary"]
