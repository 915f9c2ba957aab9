"""Both games as OpenSpiel games: importing this module registers them.

``pyspiel.load_game("python_brinkmanship_twilight")`` and
``pyspiel.load_game("python_brinkmanship_thirteen")`` then work like any
OpenSpiel game: states with ``current_player``, ``legal_actions``,
``chance_outcomes``, ``apply_action``, ``returns``, information-state and
observation strings and tensors, ``clone``, ``serialize_game_and_state``
and ``resample_from_infostate`` (docs/openspiel.md).

How chance is declared, and why (OpenSpiel's ``ChanceMode`` is about the
chance nodes a game shows and whether applying an action is deterministic):

* The **deal** is explicit chance. A new game (with the default parameter
  ``seed=-1``) opens with ``DEAL_BYTES`` chance nodes, each drawing one byte
  of a seed (256 equally likely outcomes: a 32-bit seed in all); the seed
  starts the generator that the engine keeps inside the state. Bytes rather
  than one node of 2**32 seeds, because OpenSpiel lists a node's outcomes
  whole, while a seed space small enough to list would let a learner that
  sees its own hand tell which seed was dealt, and so the cards it cannot
  see.
* Twilight Struggle's **dice** are explicit chance nodes: six outcomes, 1/6
  each, any of which may be applied.
* **Shuffles and draws** after the deal (the Mid War and Late War decks, the
  reshuffle of the discards, 13 Days' draws) are not chance nodes: the engine
  draws them from the state's own generator, seeded by the deal. They cannot
  be enumerated, but they are a deterministic function of the state, so
  ``apply_action`` is deterministic and replaying a history reproduces the
  game exactly. That is OpenSpiel's ``EXPLICIT_STOCHASTIC`` (every chance
  node has a real distribution, ``apply_action`` is deterministic), with
  the caveat that the deal is a distribution over 2**32 seeds rather than
  over every ordering of the deck. A game loaded with ``seed >= 0`` skips
  the deal: it always deals that seed's cards; 13 Days then has no chance
  node at all and such a game is declared ``DETERMINISTIC``.

Information: the information-state string of a side is its view with every
log entry it may read (what it has seen and done: perfect recall); the
observation string is its view without the log. Both tensors are
``state.observation_tensor(side)``, which holds the side's knowledge of the
position (its hand, cards seen, known opponent cards) but not the order of
past events: the information-state tensor is therefore the observation
tensor, not a perfect-recall encoding. Neither string nor tensor holds the
opponent's hidden cards, the deck order or the generator.

Engine: the game parameter ``backend`` (a string: ``"auto"``, the default,
plays on the native core when it is built for the game, else on the Python
engine; ``"python"``; ``"native"``, an error saying what is missing when it
is not built), e.g. ``pyspiel.load_game("python_brinkmanship_thirteen(backend=python)")``.
Every state the game creates or loads (a deal, a fixed seed, an unpickled
state) is on that engine; both give the same strings, tensors and returns.

OpenSpiel's tabular algorithms (CFR and other full-tree methods) are not
claimed: the trees are far too large. What the tests run is OpenSpiel's
random simulation test and its Python information-set MCTS, which gets the
engine's own determinizations (``State.resample``) through
:meth:`BrinkmanshipState.resample_from_infostate`.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

import brinkmanship as bm
from brinkmanship.core.actions import Action
from brinkmanship.core.game import CHANCE, Game, get_game
from brinkmanship.core.log import may_read

PREFIX = "python_brinkmanship_"
# The deal: this many chance nodes, each drawing one byte of the seed (least
# significant first). The seed starts the engine's generator, which makes
# the deal and every later shuffle.
DEAL_BYTES = 4

_LONG_NAMES = {"twilight": "Twilight Struggle (Brinkmanship)", "thirteen": "13 Days (Brinkmanship)"}


def short_name(game: str) -> str:
    """The OpenSpiel name of one of our games (``"thirteen"`` ->
    ``"python_brinkmanship_thirteen"``)."""
    return PREFIX + get_game(game).name


def game_type(game: str, deterministic: bool = False) -> pyspiel.GameType:
    """The GameType registered for ``game`` (``deterministic``: the variant
    for a fixed seed of a game without dice)."""
    g = get_game(game)
    info = g.info()
    spec: dict[str, Any] = {"seed": -1, "backend": "auto"}
    spec.update({k: v[0] for k, v in g.option_choices.items()})
    return pyspiel.GameType(
        short_name=PREFIX + g.name,
        long_name=_LONG_NAMES.get(g.name, g.name),
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(pyspiel.GameType.ChanceMode.DETERMINISTIC if deterministic
                     else pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC),
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(pyspiel.GameType.Utility.ZERO_SUM if info["zero_sum"]
                 else pyspiel.GameType.Utility.GENERAL_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info["num_players"],
        min_num_players=info["num_players"],
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=spec,
        default_loadable=True,
        provides_factored_observation_string=False,
    )


class _Spec:
    """What every state of one loaded game shares: the engine's game, the
    options, the sides in OpenSpiel's player order and the chance tables.
    Copies and pickles of a state carry it by reference or by its game and
    options, never as a deep copy."""

    __slots__ = ("backend", "deal", "dice", "dice_index", "game", "n_dice", "name", "options", "player_of",
                 "sides")

    def __init__(self, name: str, options: dict[str, Any], backend: str = "python") -> None:
        self.game: Game = get_game(name)
        self.name = self.game.name
        self.options = options
        #: The engine of every state: "python" or "native" (already resolved).
        self.backend = backend
        self.sides: tuple[str, ...] = tuple(self.game.players)
        self.player_of: dict[str | None, int] = {s: i for i, s in enumerate(self.sides)}
        self.player_of[CHANCE] = int(pyspiel.PlayerId.CHANCE)
        self.player_of[None] = int(pyspiel.PlayerId.TERMINAL)
        # Dice outcomes are 0..n-1 (a roll of k is outcome k-1); the deal's
        # bytes come after them, so that every chance outcome id means one
        # thing whatever the node (action strings need no state).
        self.n_dice: int = self.game.info()["max_chance_outcomes"]
        space = self.game.space
        self.dice: list[Action] = [space.get("roll", k) for k in range(1, self.n_dice + 1)]
        self.dice_index: dict[int, int] = {a.id: i for i, a in enumerate(self.dice)}
        self.deal: list[tuple[int, float]] = [(self.n_dice + b, 1 / 256) for b in range(256)]

    def __deepcopy__(self, memo: dict[int, Any]) -> _Spec:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (spec_for, (self.name, self.options, self.backend))


_SPECS: dict[tuple[str, str, str], _Spec] = {}


def spec_for(name: str, options: dict[str, Any], backend: str = "python") -> _Spec:
    """The one shared spec of a game with these options on the engine
    ``backend`` (unpickling a state finds it again rather than building
    its tables anew)."""
    key = (name, json.dumps(options, sort_keys=True), backend)
    spec = _SPECS.get(key)
    if spec is None:
        spec = _SPECS[key] = _Spec(name, options, backend)
    return spec


class _Held:
    """The engine's state inside an OpenSpiel state (its one Python
    attribute). OpenSpiel clones a Python state by deep-copying its
    attributes and serializes it by pickling them: this holder makes the
    first the engine's fast ``clone`` and the second its exact JSON.

    ``state`` is ``None`` during the deal, whose bytes so far are
    ``dealt``. ``shared`` marks the game's own starting state (a fixed
    seed), handed to every new state and copied on the first action, so
    that OpenSpiel's clones (which build a new initial state before
    overwriting it) cost nothing.

    ``logs`` keeps the log already encoded as JSON, per reader: the log is
    most of a state's text (95% of a Twilight Struggle state late in the
    game) and only ever grows, its entries never change (``core.log``), so
    each entry is encoded once per reader rather than at every string."""

    __slots__ = ("dealt", "logs", "shared", "spec", "state")

    def __init__(self, spec: _Spec, state: bm.State | None, shared: bool = False,
                 logs: dict[str, tuple[int, str]] | None = None, dealt: tuple[int, ...] = ()) -> None:
        self.spec = spec
        self.state = state
        self.shared = shared
        self.logs: dict[str, tuple[int, str]] = {} if logs is None else logs
        self.dealt = dealt

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        s = self.state
        if s is None or self.shared:
            return _Held(self.spec, s, self.shared, self.logs.copy(), self.dealt)
        return _Held(self.spec, s.clone(), False, self.logs.copy())

    def __reduce__(self) -> tuple[Any, ...]:
        s = self.state
        return (_unpickle_held, (self.spec, None if s is None else s.to_json(), self.dealt))

    def log_json(self, reader: str | None, everything: bool = False) -> str:
        """The JSON array of the log entries ``reader`` may read
        (``None``: a spectator; ``everything``: all of them)."""
        s = self.state
        assert s is not None
        entries = s.log_entries
        n = len(entries)
        key = "*" if everything else (reader or "")
        done, text = self.logs.get(key, (0, "[]"))
        if done > n:  # not this log (cannot happen while logs only grow)
            done, text = 0, "[]"
        if done < n:
            new = entries[done:] if everything else [e for e in entries[done:] if may_read(e["to"], reader)]
            if new:
                more = json.dumps(new, separators=_SEP)
                text = more if text == "[]" else text[:-1] + "," + more[1:]
            self.logs[key] = (n, text)
        return text


_SEP = (",", ":")


def _data(state: bm.State) -> dict[str, Any]:
    """The state's data to read: a Python state's own dict; a native
    state's JSON read back (handing out a native state's ``data`` would keep
    it in step at every later action, a JSON round trip each)."""
    if type(state) is bm.State:
        return state.data
    data: dict[str, Any] = json.loads(state.to_json())
    return data


def _unpickle_held(spec: _Spec, text: str | None, dealt: tuple[int, ...]) -> _Held:
    return _Held(spec, None if text is None else bm.load(text, backend=spec.backend), dealt=dealt)


class BrinkmanshipGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel is untyped
    """One of our games with its parameters: the options of the game (same
    names, same values, defaults first), ``seed`` (-1: the game opens
    with the deal's chance nodes; a seed >= 0: always that seed's deal) and
    ``backend`` (``"auto"``, ``"python"`` or ``"native"``: the engine)."""

    def __init__(self, name: str, params: dict[str, Any] | None = None) -> None:
        from brinkmanship import native

        g = get_game(name)
        params = dict(params or {})
        seed = params.pop("seed", -1)
        if type(seed) is not int or seed < -1:
            raise ValueError(f"parameter 'seed' must be -1 (chance deals) or a seed >= 0, got {seed!r}")
        backend = params.pop("backend", "auto")
        if not isinstance(backend, str):
            raise ValueError(f"parameter 'backend' must be a string (auto, python or native), got {backend!r}")
        #: The engine of the game's states: "python" or "native".
        self.backend: str = native.choose_backend(backend, g.name)
        state = bm.new_game(g.name, max(seed, 0), params, backend=self.backend)  # checks the options (ValueError)
        options = _data(state)["options"]
        self.spec = spec_for(g.name, dict(options), self.backend)
        self.seed: int = seed
        self.start: bm.State | None = state if seed >= 0 else None
        info = g.info()
        dice: int = info["max_chance_outcomes"]
        gtype = game_type(g.name, deterministic=seed >= 0 and dice == 0)
        ginfo = pyspiel.GameInfo(
            num_distinct_actions=info["num_distinct_actions"],
            max_chance_outcomes=dice if seed >= 0 else dice + 256,
            num_players=info["num_players"],
            min_utility=info["min_utility"],
            max_utility=info["max_utility"],
            utility_sum=0.0 if info["zero_sum"] else None,
            max_game_length=info["max_game_length"],
        )
        self.observation_size: int = info["observation_shape"][0]
        super().__init__(gtype, ginfo, {"seed": seed, "backend": backend, **options})

    def new_initial_state(self) -> BrinkmanshipState:
        """The start: the deal's first node (``seed=-1``) or the fixed seed's deal."""
        return BrinkmanshipState(self, _Held(self.spec, self.start, self.start is not None))

    def make_py_observer(self, iig_obs_type: pyspiel.IIGObservationType | None = None,
                         params: dict[str, Any] | None = None) -> BrinkmanshipObserver:
        """An observer of the requested type (docs/openspiel.md lists the
        supported ones; others raise ``ValueError``)."""
        return BrinkmanshipObserver(self.spec, self.observation_size, iig_obs_type, params)


class TwilightGame(BrinkmanshipGame):
    """Twilight Struggle for OpenSpiel (``python_brinkmanship_twilight``)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__("twilight", params)


class ThirteenGame(BrinkmanshipGame):
    """13 Days for OpenSpiel (``python_brinkmanship_thirteen``)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__("thirteen", params)


class BrinkmanshipState(pyspiel.State):  # type: ignore[misc]  # pyspiel is untyped
    """An OpenSpiel state around the engine's state. Player 0 is the USSR,
    player 1 the US; player action ids are the engine's ids
    (``legal_action_ids``); chance outcomes are the dice (0-5: a roll of
    1-6) and, during the deal, the seed's bytes (after the dice)."""

    def __init__(self, game: pyspiel.Game, held: _Held | None = None) -> None:
        super().__init__(game)
        if held is None:
            held = game.new_initial_state()._held
        self._held = held

    # -- the decision ---------------------------------------------------------
    def current_player(self) -> int:
        """The player to move (0 USSR, 1 US), ``PlayerId.CHANCE`` or ``PlayerId.TERMINAL``."""
        h = self._held
        s = h.state
        if s is None:
            return int(pyspiel.PlayerId.CHANCE)
        return h.spec.player_of[s.current_player]

    def _legal_actions(self, player: int) -> list[int]:
        s = self._held.state
        assert s is not None  # OpenSpiel asks chance nodes for chance_outcomes
        return s.legal_action_ids()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """A byte of the deal's seed or a die's faces, each with its probability."""
        h = self._held
        s = h.state
        if s is None:
            return h.spec.deal
        index = h.spec.dice_index
        return sorted((index[a.id], p) for a, p in s.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        h = self._held
        s = h.state
        spec = h.spec
        if s is None:
            byte = action - spec.n_dice
            if not 0 <= byte < 256:
                raise ValueError(f"deal outcome {action} out of range: the deal's outcomes are "
                                 f"{spec.n_dice}..{spec.n_dice + 255}")
            h.dealt += (byte,)
            if len(h.dealt) == DEAL_BYTES:
                h.state = bm.new_game(spec.name, int.from_bytes(bytes(h.dealt), "little"), spec.options,
                                      backend=spec.backend)
                h.dealt = ()
            return
        if h.shared:
            s = h.state = s.clone()
            h.shared = False
        if s.current_player == CHANCE:
            if not 0 <= action < spec.n_dice:
                raise ValueError(f"die outcome {action} out of range: a die's outcomes are 0..{spec.n_dice - 1}")
            s.apply(spec.dice[action])
        else:
            s.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        spec = self._held.spec
        if player == pyspiel.PlayerId.CHANCE:
            if action < spec.n_dice:
                return spec.dice[action].text
            return f"deal byte {action - spec.n_dice}"
        return spec.game.space.from_id(int(action)).text

    # -- the outcome ----------------------------------------------------------
    def is_terminal(self) -> bool:
        s = self._held.state
        return s is not None and s.current_player is None

    def returns(self) -> list[float]:
        """Each player's outcome: 1 a win, -1 a loss, 0 a draw or a game
        still going; both -1 when both lose (13 Days' nuclear war)."""
        h = self._held
        s = h.state
        if s is None:
            return [0.0] * len(h.spec.sides)
        r = s.returns()
        return [r[side] for side in h.spec.sides]

    # -- the engine's state, text and determinizations --------------------------------
    @property
    def engine_state(self) -> bm.State | None:
        """The engine's state (``None`` during the deal). Read it, do not
        change it: OpenSpiel keeps its own history beside it."""
        return self._held.state

    def __str__(self) -> str:
        """The exact state as JSON (the engine's ``to_json`` with the log
        last: ``brinkmanship.load`` reads it), or the deal's bytes so far."""
        h = self._held
        s = h.state
        if s is None:
            return f"{h.spec.name}: deal, the seed's bytes so far {list(h.dealt)}"
        d = _data(s)
        head = json.dumps({k: v for k, v in d.items() if k != "log"}, separators=_SEP)
        return head[:-1] + ',"log":' + h.log_json(None, everything=True) + "}"

    def resample_from_infostate(self, player_id: int, probability_sampler: Callable[[], float]) -> BrinkmanshipState:
        """A determinization for ``player_id``: the engine's ``resample``
        (same view for that side, unseen cards dealt anew, a new generator),
        seeded by one draw of ``probability_sampler`` (a callable returning
        a float in [0, 1), such as ``pyspiel.UniformProbabilitySampler``).

        The result is a state, not a history: its ``history()`` is empty,
        since the actions that would lead to the redealt cards are unknown.
        During the deal nobody knows anything yet: the determinization is
        the deal's start (the bytes drawn so far are chance's secret)."""
        return self.resample_with(player_id, random.Random(int(probability_sampler() * 2**53)))

    def resample_with(self, player_id: int, rng: random.Random) -> BrinkmanshipState:
        """:meth:`resample_from_infostate` with a Python generator."""
        h = self._held
        s = h.state
        if not 0 <= player_id < len(h.spec.sides):
            raise ValueError(f"player {player_id} out of range: players are 0..{len(h.spec.sides) - 1}")
        if s is None:
            return BrinkmanshipState(self.get_game(), _Held(h.spec, None))
        det = s.resample(h.spec.sides[player_id], rng)
        # A determinization keeps the log (the very entries): so does the
        # cache of its encoding, which a search would otherwise rebuild for
        # every determinization it draws.
        old, new = s.log_entries, det.log_entries
        same = len(old) == len(new) and all(a is b for a, b in zip(old, new, strict=True))
        return BrinkmanshipState(self.get_game(), _Held(h.spec, det, logs=h.logs.copy() if same else None))


def resampler(seed: int) -> Callable[[pyspiel.State, int], BrinkmanshipState]:
    """A resampling callback for ``ISMCTSBot.set_resampler``: the engine's
    determinizations from a seeded generator, so that a search is
    reproducible (the default ``UniformProbabilitySampler`` seeds itself
    from the clock)."""
    rng = random.Random(seed)

    def resample(state: pyspiel.State, player: int) -> BrinkmanshipState:
        st: BrinkmanshipState = state
        return st.resample_with(player, rng)

    return resample


# -- observers --------------------------------------------------------------------

_UNSUPPORTED = ("supported observation types: a player's own (private_info=SINGLE_PLAYER, public_info=True; "
                "perfect_recall True or False) and the public one (private_info=NONE, public_info=True)")


class BrinkmanshipObserver:
    """OpenSpiel's Python observer protocol (``tensor``, ``dict``,
    ``set_from``, ``string_from``).

    A player's observer (``private_info=SINGLE_PLAYER``): the tensor is
    ``state.observation_tensor(side)`` whether or not perfect recall is
    asked for; the string is the side's view as compact JSON, without the
    prompt and the legal actions (they follow from the rest), and with the
    side's readable log when perfect recall is asked for. The public
    observer (``private_info=NONE``) has the spectator's view as its string
    and no tensor. During the deal nothing is known yet: the tensor is all
    zeros and the string says the cards are being dealt (not the bytes)."""

    def __init__(self, spec: _Spec, size: int, iig_obs_type: pyspiel.IIGObservationType | None,
                 params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params!r}")
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        if not iig_obs_type.public_info:
            raise ValueError(_UNSUPPORTED)
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.SINGLE_PLAYER:
            self.public = False
        elif private == pyspiel.PrivateInfoType.NONE:
            self.public = True
        else:
            raise ValueError(_UNSUPPORTED)
        self.spec = spec
        self.log: bool = iig_obs_type.perfect_recall
        self.tensor: np.ndarray | None
        self.dict: dict[str, np.ndarray]
        if self.public:
            self.tensor = None
            self.dict = {}
        else:
            self.tensor = np.zeros(size, np.float32)
            self.dict = {"observation": self.tensor}

    def set_from(self, state: BrinkmanshipState, player: int) -> None:
        """Fill ``tensor`` with ``player``'s observation of ``state``."""
        t = self.tensor
        if t is None:
            return
        s = state._held.state
        if s is None:
            t.fill(0.0)
        else:
            t[:] = s.observation_tensor(self.spec.sides[player])

    def string_from(self, state: BrinkmanshipState, player: int) -> str:
        """``player``'s view of ``state`` as compact JSON (the spectator's
        for the public observer)."""
        h = state._held
        s = h.state
        if s is None:
            return "deal"
        side = None if self.public else self.spec.sides[player]
        v = s.view(side, log=False)
        v.pop("legal_actions", None)
        decision = v.get("decision")
        if isinstance(decision, dict):
            decision.pop("prompt", None)
        text = json.dumps(v, separators=_SEP)
        if not self.log:
            return text
        # The entries ``view(side)["log"]`` holds, each encoded once.
        return text[:-1] + ',"log":' + h.log_json(side) + "}"


pyspiel.register_game(game_type("twilight"), TwilightGame)
pyspiel.register_game(game_type("thirteen"), ThirteenGame)

__all__ = [
    "DEAL_BYTES",
    "PREFIX",
    "BrinkmanshipGame",
    "BrinkmanshipObserver",
    "BrinkmanshipState",
    "ThirteenGame",
    "TwilightGame",
    "game_type",
    "resampler",
    "short_name",
]
