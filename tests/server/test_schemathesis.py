"""Schemathesis against the app's own OpenAPI document (issue 13, item 5).

Every operation of ``/openapi.json`` gets generated requests, valid and
invalid (Schemathesis's coverage and fuzzing phases, positive and negative
data), and every answer is checked: no 5xx, a status code the document
lists for the operation, a body that matches the documented schema, a 4xx
for data the schema refuses.

Random ids and tokens only reach the 404s and 401s, so the test seeds most
valid cases with real ones: a running game with two human seats (and the
mover's legal actions at the current ply, so that moves are accepted and
the game advances), a finished game (its replay, moves after its end),
another game's token, a game kept in its setup for the undos. The valid
cases of each operation take the seeds in turn, so the run is as
deterministic as the generation (``derandomize``), and the last test
checks that the seeded cases did reach those deep answers. Schemathesis's ``positive_data_acceptance`` is replaced
by a check that knows which refusals of valid data the rules make.
"""

from __future__ import annotations

import contextlib
import json
import random
import tempfile
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.python import asgi
from schemathesis.specs.openapi.checks import positive_data_acceptance

from brinkmanship.server.app import create_app
from brinkmanship.server.db import scratch_database
from tests.server.conftest import DATABASES, postgres_admin_url, settings_for

#: Generated examples per operation in the fuzzing phase (the coverage and
#: examples phases add their own fixed cases): about 15 s per database.
MAX_EXAMPLES = 60

#: The refusals of schema-valid data that the rules make, not the schema:
#: an unknown game, seats that are not the game's sides, a bot spec or
#: options the server does not take, an action the rules do not allow now.
RULE_REFUSALS = {400: {"bad_game", "bad_seats", "bad_bot", "bad_options"}, 422: {"illegal_action"}}

#: The OpenAPI document does not depend on the database: read it from an app that never connects.
APP_FOR_SCHEMA = create_app(settings_for(str(Path(tempfile.gettempdir()) / "brink-openapi-unused.sqlite3")))
schema = schemathesis.openapi.from_dict(APP_FOR_SCHEMA.openapi())


@dataclass
class Seeds:
    """Real ids and tokens the generated requests are given, and what the answers were."""

    app: Any
    http: Any  # a requests session on the app in this process (Schemathesis's ASGI client)
    running: str = ""  # a Twilight Struggle game, two human seats
    tokens: dict[str, str] = field(default_factory=dict)
    setup: str = ""  # another, which stays in its setup (the undo cases take back its moves)
    setup_tokens: dict[str, str] = field(default_factory=dict)
    over: str = ""  # a finished 13 Days game
    over_tokens: dict[str, str] = field(default_factory=dict)
    stranger: str = ""  # a seat token of yet another game
    reached: Counter[str] = field(default_factory=Counter)  # "METHOD PATH STATUS ERROR" -> answers
    turns: Counter[str] = field(default_factory=Counter)  # valid cases per operation so far
    operations: set[str] = field(default_factory=set)

    def post(self, path: str, body: dict[str, Any], token: str | None = None) -> dict[str, Any]:
        r = self.http.post(path, json=body, headers={"Authorization": f"Bearer {token}"} if token else {})
        assert r.status_code in (200, 201), r.text
        return r.json()  # type: ignore[no-any-return]

    def state(self, gid: str, token: str | None = None) -> dict[str, Any]:
        r = self.http.get(f"/api/games/{gid}", headers={"Authorization": f"Bearer {token}"} if token else {})
        assert r.status_code == 200, r.text
        return r.json()  # type: ignore[no-any-return]

    def create(self, game: str) -> tuple[str, dict[str, str]]:
        g = self.post("/api/games", {"game": game, "seats": {"USSR": "human", "US": "human"}})
        return g["id"], {side: v["token"] for side, v in g["seats"].items()}

    def play_to_the_end(self, gid: str, tokens: dict[str, str]) -> None:
        """Both seats play random legal actions until the game is over."""
        rng = random.Random(7)
        st = self.state(gid)
        while st["status"] == "running":
            token = tokens[st["to_move"]]
            mine = self.state(gid, token)
            st = self.post(f"/api/games/{gid}/actions",
                           {"action": rng.choice(mine["view"]["legal_actions"]), "ply": mine["ply"]}, token)


@pytest.fixture(scope="module", params=DATABASES)
def seeds(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Seeds]:
    """One app per database for the whole module, and its seed games (built
    once: about two seconds, most of it the finished game)."""
    with contextlib.ExitStack() as stack:
        if request.param == "sqlite":
            url = str(tmp_path_factory.mktemp("schemathesis") / "server.sqlite3")
        else:
            url = stack.enter_context(scratch_database(postgres_admin_url(), "brink_test_"))
        app = create_app(settings_for(url))
        try:
            with asgi.get_client(app) as http:  # starts the app's lifespan: migrations, the service
                assert http.get("/openapi.json").json() == schema.raw_schema
                s = Seeds(app, http)
                s.running, s.tokens = s.create("twilight")
                s.setup, s.setup_tokens = s.create("twilight")
                s.stranger = s.create("thirteen")[1]["USSR"]
                s.over, s.over_tokens = s.create("thirteen")
                s.play_to_the_end(s.over, s.over_tokens)
                yield s
        finally:
            asgi.shutdown_lifespans()  # stops the service, its bot pool and its engine


#: The seeds of :func:`_seed` the valid cases of each operation get in turn (None: left as
#: generated), so that every seed is used whatever the generated data.
PICKS = [0, 1, 2, 3, 4, 5, 6, 7, 8, None, 0, 2, 8, None]


def _seed(case: Any, seeds: Seeds, pick: int) -> None:
    """Give a valid case real ids, tokens, plies and actions.

    A move (``POST .../actions``) gets, by ``pick``: 0, 1 a legal action of
    the mover (text, id) at the current ply, which is accepted; 2 the
    generated action at the current ply (mostly illegal: 422); 3, 4 the
    other seat's token at the current ply with the generated action or the
    mover's legal one (403); 5 a legal action at the generated ply (409);
    6 another game's token (401); 7 no token (401); 8 the finished game
    (409 game_over). A view gets the same tokens; an undo too, on a game
    kept in its setup, where pick 0 first makes a move to take back (200).
    The replay gets the finished game or the running one (409 not_over),
    a replay step one of the first steps.
    """
    method, path = case.operation.method.upper(), case.operation.path
    if (method, path) == ("POST", "/api/games"):
        case.body = {"game": ("thirteen", "twilight")[pick % 2], "seats": {"USSR": "human", "US": "human"},
                     "options": {}, "listed": bool(pick % 3)}
        return
    if "{game_id}" not in path:
        return
    if "/replay" in path:
        case.path_parameters["game_id"] = seeds.over if pick % 2 else seeds.running
        if "step" in case.path_parameters:  # a replay step: one of the finished game's first steps
            case.path_parameters["step"] = pick
        return
    gid, tokens = ((seeds.over, seeds.over_tokens) if pick == 8 else (seeds.setup, seeds.setup_tokens)
                   if path.endswith("/undo") else (seeds.running, seeds.tokens))
    case.path_parameters["game_id"] = gid
    now = seeds.state(gid)
    mover = now["to_move"] or "USSR"
    other = "US" if mover == "USSR" else "USSR"
    if path.endswith("/undo") and pick == 0:
        # A move to take back: a placement of the setup, which no die or hidden card follows.
        if not seeds.state(gid, tokens[mover])["can_undo"]:
            now = seeds.post(f"/api/games/{gid}/actions", {
                "action": seeds.state(gid, tokens[mover])["view"]["legal_actions"][0], "ply": now["ply"]},
                tokens[mover])
        mover = next(side for side, tok in tokens.items() if seeds.state(gid, tok)["can_undo"])
        other = "US" if mover == "USSR" else "USSR"
    token = {3: tokens[other], 4: tokens[other], 6: seeds.stranger, 7: None}.get(pick, tokens[mover])
    case.headers = {k: v for k, v in (case.headers or {}).items() if k.lower() != "authorization"}
    if token is not None:
        case.headers["authorization"] = f"Bearer {token}"
    if method != "POST" or not isinstance(case.body, dict):
        return
    if pick != 5:
        case.body["ply"] = now["ply"]
    if path.endswith("/actions") and pick in (0, 1, 4, 5):
        legal = seeds.state(gid, tokens[mover])["view"]["legal_actions"]
        action = legal[len(json.dumps(case.body)) % len(legal)] if legal else "pass"
        case.body["action"] = action if pick != 1 else seeds.app.state.service.games[gid].state.to_action(action).id


def refused_only_by_the_rules(ctx: Any, response: Any, case: Any) -> bool | None:
    """Schema-valid data may be refused by the rules, never as malformed.

    Stands in for Schemathesis's ``positive_data_acceptance``, which takes
    any 400 or 422 to valid data for a failure: the schema cannot say which
    games, bot specs or actions exist, but it does say what is well formed."""
    if case.meta is None or not case.meta.generation.mode.is_positive or response.status_code not in RULE_REFUSALS:
        return None
    error = response.json().get("error")
    assert error in RULE_REFUSALS[response.status_code], (
        f"schema-valid data refused with {response.status_code} {error}: {response.text}")
    return None


@schema.parametrize()
@settings(max_examples=MAX_EXAMPLES, derandomize=True, database=None, deadline=None,
          suppress_health_check=list(HealthCheck))
def test_the_api_keeps_its_openapi_document(case: Any, seeds: Seeds) -> None:
    operation = f"{case.operation.method.upper()} {case.operation.path}"
    if case.meta is not None and case.meta.generation.mode.is_positive:
        pick = PICKS[seeds.turns[operation] % len(PICKS)]
        seeds.turns[operation] += 1
        if pick is not None:
            _seed(case, seeds, pick)
            assert case.meta.generation.mode.is_positive  # the seeds are valid data too
    r = case.call_and_validate(session=seeds.http, excluded_checks=[positive_data_acceptance],
                               additional_checks=[refused_only_by_the_rules])
    body = r.json() if r.status_code != 204 else None
    error = body.get("error") if isinstance(body, dict) and r.status_code >= 400 else None
    seeds.reached[f"{operation} {r.status_code} {error or ''}".strip()] += 1
    seeds.operations.add(operation)


#: What the seeded cases must have reached: the deep paths, not only 400s and 404s.
DEEP = [
    "POST /api/games 201", "GET /api/games/{game_id} 200",
    "POST /api/games/{game_id}/actions 200", "POST /api/games/{game_id}/actions 403 not_your_turn",
    "POST /api/games/{game_id}/actions 409 stale_ply", "POST /api/games/{game_id}/actions 409 game_over",
    "POST /api/games/{game_id}/actions 422 illegal_action", "POST /api/games/{game_id}/actions 401 bad_token",
    "POST /api/games/{game_id}/actions 401 no_token", "POST /api/games/{game_id}/undo 200",
    "POST /api/games/{game_id}/undo 409 nothing_to_undo", "GET /api/games/{game_id}/replay 200",
    "GET /api/games/{game_id}/replay 409 not_over",
    "GET /api/games/{game_id}/replay/{step} 200", "GET /api/games/{game_id}/replay/{step} 409 not_over",
]


def test_the_seeded_cases_reached_the_deep_paths(seeds: Seeds) -> None:
    """Runs after the operations above (same module fixture): the answers
    they got include every deep path, so the seeding works."""
    if len(seeds.operations) < len(list(schema.get_all_operations())):
        pytest.skip("only part of the operations ran")
    missing = [k for k in DEEP if not seeds.reached[k]]
    assert not missing, f"never reached: {missing}; reached: {dict(seeds.reached)}"
