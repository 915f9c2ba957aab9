"""The ASGI app: the HTTP API and the WebSocket of docs/server.md.

``create_app(settings)`` builds a FastAPI app; ``brink serve`` runs it with
uvicorn. The app trusts nothing a client sends: bodies are capped (413),
parsed by strict models (400 with the fields at fault), tokens are checked
against the game's seats (401), a move must answer the current ply (409)
and come from the seat to move (403), and the engine checks the action
itself (422). Every refusal is ``{"error": CODE, "detail": SENTENCE}`` in
the reader's language (``?lang=`` or ``Accept-Language``), and no input
gets a 500.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import time
import urllib.parse
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from typing import Annotated, Any, Literal

import sqlalchemy as sa
from fastapi import FastAPI, Header, Path, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr, model_validator
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match, Route

import brinkmanship as bm
from brinkmanship import web
from brinkmanship.bots import bot_names
from brinkmanship.core.log import msg, visible
from brinkmanship.i18n import DEFAULT_LANG, LANG_NAMES, LANGS, catalog, render, text
from brinkmanship.server import db, logs
from brinkmanship.server.bots import BotPool
from brinkmanship.server.config import Settings
from brinkmanship.server.live import LiveGame, dumps_compact, public_seats
from brinkmanship.server.replays import Replay, ReplayCache
from brinkmanship.server.service import GAMES, ApiError, GameService
from brinkmanship.server.store import Store

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]

GAME_ID = r"^[A-Za-z0-9_-]{1,32}$"
MAX_PLY = 1_000_000_000

# Parameters shared by the routes (module level: FastAPI resolves the
# annotations by name).
LangQ = Annotated[Literal["en", "ru"] | None, Query(description="language of error details")]
IdPath = Annotated[str, Path(pattern=GAME_ID, description="the game's id")]
AuthH = Annotated[str | None, Header(description="Bearer TOKEN of a seat; none for a spectator")]


def whole(value: Any) -> Any:
    """``value`` as an ``int`` when it is a JSON number with no fraction
    (``3.0`` is the integer 3 to JSON Schema, so to the OpenAPI document
    too); anything else as it is, for the strict models to judge (a
    string, a bool or ``2.5`` is still refused)."""
    if type(value) is float and value.is_integer():
        return int(value)
    return value


# -- request and response bodies ----------------------------------------------------------------
class Body(BaseModel):
    """A request body: no unknown fields, strict types, and a whole JSON
    number (``3.0``) read as the integer it is."""

    model_config = ConfigDict(extra="forbid")

    @model_validator(mode="before")
    @classmethod
    def _whole_numbers(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        return {k: ({o: whole(v) for o, v in w.items()} if k == "options" and isinstance(w, dict) else whole(w))
                for k, w in data.items()}


class CreateGame(Body):
    """A new game: which game, its options, and who sits where."""

    game: StrictStr = Field(max_length=32, examples=["twilight"])
    options: dict[StrictStr, StrictBool | StrictInt | StrictStr] = Field(default_factory=dict, max_length=32)
    seats: dict[StrictStr, StrictStr] = Field(max_length=4, examples=[{"USSR": "human", "US": "heuristic"}])
    listed: StrictBool = True


class SubmitAction(Body):
    """An action (its text or id) and the ply it answers."""

    action: Annotated[StrictStr, Field(max_length=200)] | Annotated[StrictInt, Field(ge=0, le=2**31)]
    ply: StrictInt = Field(ge=0, le=MAX_PLY)


class UndoRequest(Body):
    """Take back my last move; ``ply`` is the ply it answers."""

    ply: StrictInt = Field(ge=0, le=MAX_PLY)


class ErrorBody(BaseModel):
    error: str
    detail: str


class SeatLink(BaseModel):
    token: str
    url: str


class Created(BaseModel):
    id: str
    game: str
    options: dict[str, Any]
    seats: dict[str, SeatLink]
    bots: dict[str, str]


class LogDelta(BaseModel):
    start: int
    entries: list[dict[str, Any]]


class StateText(BaseModel):
    """The position in words, in the language the reader asked for."""

    lang: str
    log: list[str] = Field(description="log.entries rendered, one sentence each")
    prompt: str | None = Field(description="the pending decision as a sentence")
    options: dict[str, str] = Field(description="what each of the decision's options means")
    labels: dict[str, str] = Field(description="each of the reader's legal actions as a label")
    result: str | None = Field(description="how the game ended")
    warnings: dict[str, str] = Field(description="legal actions that lose the game at once, with why")
    action: str | None = Field(None, description="a replay step's action, as a player reads it")


class GameState(BaseModel):
    id: str
    game: str
    options: dict[str, Any]
    status: Literal["running", "over"]
    ply: int
    seat: str | None
    seats: dict[str, dict[str, Any]]
    to_move: str | None
    winner: str | None
    result: str | None
    can_undo: bool
    view: dict[str, Any]
    text: StateText | None = Field(None, description="present when the request names its language (?lang=)")
    log: LogDelta


class ReplayStep(BaseModel):
    id: str
    game: str
    options: dict[str, Any]
    step: int
    steps: int
    action: str | None = Field(description="the action that led to this step (null: a secret choice, named "
                                            "only in text.action)")
    seats: dict[str, dict[str, Any]]
    to_move: str | None
    winner: str | None
    result: str | None
    view: dict[str, Any]
    log: LogDelta
    text: StateText | None = None


class GameSummary(BaseModel):
    id: str
    game: str
    options: dict[str, Any]
    status: str
    ply: int
    seats: dict[str, dict[str, Any]]
    winner: str | None
    result: str | None
    created_at: str
    updated_at: str


class GameList(BaseModel):
    games: list[GameSummary]
    total: int
    limit: int
    offset: int


class Health(BaseModel):
    status: str
    version: str
    database: str
    revision: str | None
    games_in_memory: int
    bot_workers: int


class OptionInfo(BaseModel):
    values: list[Any]
    default: Any
    help: str


class GameInfo(BaseModel):
    players: list[str]
    options: dict[str, OptionInfo]


class BotInfo(BaseModel):
    help: str


class ServerInfo(BaseModel):
    version: str
    languages: dict[str, str]
    games: dict[str, GameInfo]
    bots: dict[str, BotInfo]
    limits: dict[str, float]


class SavedGameFile(BaseModel):
    model_config = ConfigDict(extra="allow")
    format: str
    version: int
    game: str
    seed: int
    options: dict[str, Any]
    seats: dict[str, str]
    actions: list[str]


def _errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    return {c: {"model": ErrorBody} for c in codes}


# -- helpers -------------------------------------------------------------------------------------
def lang_of(query: str | None, accept: str | None) -> str:
    """The reader's language: ``?lang=``, else the first known one in
    ``Accept-Language``, else English."""
    if query in LANGS:
        return query
    for part in (accept or "").split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in LANGS:
            return code
    return DEFAULT_LANG


def field_of(loc: Any) -> str:
    """The field at fault as the client named it: a parameter, or a body's
    top-level field (deeper parts of pydantic's location are union tags such
    as ``constrained-str``), or the body itself."""
    loc = tuple(loc)
    return str(loc[1]) if len(loc) > 1 else str(loc[0]) if loc else "body"


def error_response(status: int, error: str, detail: str, **extra: Any) -> JSONResponse:
    return JSONResponse({"error": error, "detail": detail, **extra}, status_code=status)


def api_error(exc: ApiError, lang: str) -> JSONResponse:
    return error_response(exc.status, exc.error, render(exc.message, lang), **exc.extra)


def engine_error(exc: bm.IllegalActionError, lang: str) -> ApiError:
    """An engine refusal as an API error: 403 for a seat not to move (it says
    only whose turn it is), 409 once the game is over, 422 otherwise."""
    if isinstance(exc, bm.NotYourTurnError) and exc.mover is not None:
        return ApiError(403, "not_your_turn", exc.message)
    if isinstance(exc, bm.NotYourTurnError) or exc.message.get("code") == "error.game_over":
        return ApiError(409, "game_over", exc.message)
    return ApiError(422, "illegal_action", exc.refusal)


def bearer(authorization: str | None) -> str | None:
    """The token of an ``Authorization: Bearer TOKEN`` header."""
    if authorization is None:
        return None
    scheme, _, token = authorization.strip().partition(" ")
    if scheme.lower() != "bearer" or not token.strip() or len(token) > 200:
        raise ApiError(401, "bad_token", msg("server.error.bad_token"))
    return token.strip()


def state_of(live: LiveGame, seat: str | None, since: int | None, lang: str | None) -> dict[str, Any]:
    """What ``seat`` receives of ``live``; with ``lang``, also the position
    in words (``web.texts``) for a client that shows it."""
    snap = live.snapshot(seat, since)
    if lang is not None:
        # Before the log, which stays the last field (a reader may cut it off).
        log = snap.pop("log")
        snap["text"] = web.texts(live.state, snap["view"], log["entries"], lang)
        snap["log"] = log
    return snap


# -- middleware ----------------------------------------------------------------------------------
class Guard:
    """Pure ASGI middleware: caps request bodies and logs one line per request.

    A body over the limit is refused with 413 before the app reads it (by
    its ``Content-Length``, or as soon as a streamed body passes the limit).
    The logged path has no query string: a WebSocket's token may be there.
    """

    def __init__(self, app: Any, max_body: int) -> None:
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = {"code": 0}
        headers = dict(scope.get("headers") or [])
        query = urllib.parse.parse_qs(scope.get("query_string", b"").decode("latin-1"))
        lang = lang_of((query.get("lang") or [None])[0], headers.get(b"accept-language", b"").decode("latin-1"))
        over = False

        async def send_logged(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                status["code"] = message["status"]
            await send(message)

        async def send_app(message: MutableMapping[str, Any]) -> None:
            # Once a streamed body passed the limit, the app's own answer
            # (FastAPI turns a failed body read into a 400) is replaced by the 413.
            if over and status["code"] == 0:
                return
            await send_logged(message)

        async def too_large() -> None:
            await error_response(413, "too_large", render(msg("server.error.too_large", max=self.max_body), lang))(
                scope, receive, send_logged)

        try:
            length = headers.get(b"content-length")
            if length is not None and (not length.isdigit() or int(length) > self.max_body):
                await too_large()
                return
            received = 0

            async def capped() -> MutableMapping[str, Any]:
                nonlocal received, over
                message = await receive()
                if message["type"] == "http.request":
                    received += len(message.get("body", b""))
                    if received > self.max_body:
                        over = True
                        raise _TooLarge
                return message

            with contextlib.suppress(_TooLarge):
                await self.app(scope, capped, send_app)
            if over and status["code"] == 0:
                await too_large()
        finally:
            logs.event("request", method=scope.get("method"), path=scope.get("path"), status=status["code"],
                       ms=round((time.perf_counter() - started) * 1000, 2))


class _TooLarge(Exception):
    pass


# -- the app ---------------------------------------------------------------------------------------
def create_app(settings: Settings | None = None) -> FastAPI:
    """The server app for ``settings`` (default: from the environment)."""
    settings = settings or Settings.from_env()
    engine = db.make_engine(settings.database_url, settings.sqlite_synchronous)
    store = Store(engine)
    pool = BotPool(settings.workers)
    holder: dict[str, GameService] = {}

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await asyncio.to_thread(db.migrate, engine)
        service = GameService(settings, store, pool)
        holder["service"] = service
        app.state.service = service
        revision = await asyncio.to_thread(db.revision, engine)
        app.state.revision = revision
        logs.event("server.started", database=engine.url.get_backend_name(), revision=revision,
                   bot_workers=settings.workers)
        # What is loaded by now (modules, catalogs, card tables) lives as long
        # as the server: out of the garbage collector's sight, a full
        # collection no longer stops every game for 50-150 ms.
        gc.collect()
        gc.freeze()
        service.spawn(service.resume_bots())
        try:
            yield
        finally:
            await service.shutdown()
            pool.close()
            engine.dispose()
            logs.event("server.stopped")

    app = FastAPI(
        title="Brinkmanship",
        version=bm.__version__,
        summary="Play Twilight Struggle and 13 Days online: games, seats, bots, views and replays.",
        lifespan=lifespan,
    )

    app.add_middleware(Guard, max_body=settings.max_body)

    def service() -> GameService:
        return holder["service"]

    # -- errors ------------------------------------------------------------------------------------
    @app.exception_handler(ApiError)
    async def _api_error(request: Request, exc: ApiError) -> JSONResponse:
        return api_error(exc, lang_of(request.query_params.get("lang"), request.headers.get("accept-language")))

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        lang = lang_of(request.query_params.get("lang"), request.headers.get("accept-language"))
        errors = exc.errors()
        if any(tuple(e.get("loc", ()))[:2] == ("path", "game_id") for e in errors):
            # An id no game can have (too long, a character ids never use) names no game.
            return error_response(404, "unknown_game", render(msg("server.error.unknown_game"), lang))
        if any(e.get("type") == "json_invalid" for e in errors):
            return error_response(400, "invalid_json", render(msg("server.error.invalid_json"), lang))
        fields = sorted({field_of(e.get("loc", ())) for e in errors})
        return error_response(400, "malformed", render(msg("server.error.malformed", fields=", ".join(fields)), lang),
                              fields=fields)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        lang = lang_of(request.query_params.get("lang"), request.headers.get("accept-language"))
        if exc.status_code == 405:
            response = error_response(405, "method", render(msg("server.error.method", method=request.method), lang))
            # Allow: every method the address takes (Starlette names only those
            # of the first route that matched the path).
            methods = {m for r in app.routes if isinstance(r, Route) and r.matches(request.scope)[0] != Match.NONE
                       for m in r.methods or ()}
            response.headers["Allow"] = ", ".join(sorted(methods))
            return response
        if exc.status_code == 400:
            # FastAPI's answer to a body it could not read as text (not UTF-8).
            return error_response(400, "invalid_json", render(msg("server.error.invalid_json"), lang))
        return error_response(exc.status_code, "not_found" if exc.status_code == 404 else "http",
                              render(msg("server.error.not_found"), lang))

    @app.exception_handler(Exception)
    async def _crash(request: Request, exc: Exception) -> JSONResponse:
        logs.error("request.failed", path=request.url.path)
        lang = lang_of(request.query_params.get("lang"), request.headers.get("accept-language"))
        return error_response(500, "internal", render(msg("server.error.internal"), lang))

    async def live_game(game_id: str) -> LiveGame:
        return await service().live(game_id)

    # -- routes ----------------------------------------------------------------------------------
    @app.get("/api/health", response_model=Health, responses=_errors(503))
    async def health() -> Any:
        """Whether the server and its database answer."""
        try:
            await asyncio.to_thread(store.ping)
        except sa.exc.SQLAlchemyError:
            return error_response(503, "unavailable", render(msg("server.error.unavailable"), DEFAULT_LANG))
        return {"status": "ok", "version": bm.__version__, "database": engine.url.get_backend_name(),
                "revision": app.state.revision, "games_in_memory": len(service().games),
                "bot_workers": settings.workers}

    @app.get("/api/info", response_model=ServerInfo, responses=_errors(400))
    async def info(lang: LangQ = None, accept_language: Annotated[str | None, Header()] = None) -> Any:
        """What a lobby offers: the games with their options (allowed
        values, default first, and what each means), the bots and the
        server's limits on them, in the reader's language."""
        language = lang_of(lang, accept_language)
        games = {}
        for name in GAMES:
            g = bm.get_game(name)
            games[name] = {"players": list(g.players), "options": {
                k: {"values": list(vs), "default": vs[0], "help": text(f"cli.option_help.{name}.{k}", language)}
                for k, vs in g.option_choices.items()}}
        return {"version": bm.__version__, "languages": dict(LANG_NAMES), "games": games,
                "bots": {b: {"help": text(f"server.bot.{b}", language)} for b in bot_names()},
                "limits": {"max_bot_seconds": settings.max_bot_seconds, "max_bot_iters": settings.max_bot_iters,
                           "max_bot_workers": settings.max_bot_workers, "max_body": settings.max_body}}

    @app.post("/api/games", status_code=201, response_model=Created, responses=_errors(400, 413, 503))
    async def create_game(body: CreateGame, request: Request, lang: LangQ = None) -> Any:
        """Start a game. Each seat is ``"human"`` or a bot spec (``random``,
        ``heuristic``, ``ismcts:0.5`` ...). The answer holds one secret token
        and join link per human seat: keep them, they are shown once."""
        return await service().create(body.game, dict(body.options), dict(body.seats), body.listed,
                                      str(request.base_url))

    @app.get("/api/games", response_model=GameList, responses=_errors(400))
    async def list_games(
        status: Annotated[Literal["running", "over", "all"], Query()] = "running",
        game: Annotated[Literal["twilight", "thirteen"] | None, Query()] = None,
        limit: Annotated[int, Query(ge=1, le=100)] = 50,
        offset: Annotated[int, Query(ge=0, le=MAX_PLY)] = 0,
        lang: LangQ = None,
    ) -> Any:
        """Listed games, the most recently active first: running ones by default."""
        return await service().listing(None if status == "all" else status, game, min(limit, settings.max_page),
                                       offset)

    @app.get("/api/games/{game_id}", response_model=GameState, responses=_errors(400, 401, 404))
    async def get_game(
        game_id: IdPath,
        since: Annotated[int | None, Query(ge=0, le=MAX_PLY,
                                           description="send only the log entries new since this ply")] = None,
        authorization: AuthH = None,
        lang: LangQ = None,
    ) -> Any:
        """The game as the token's seat sees it (no token: as a spectator)."""
        live = await live_game(game_id)
        seat = service().seat(live, bearer(authorization))
        return state_of(live, seat, since, lang)

    @app.post("/api/games/{game_id}/actions", response_model=GameState,
              responses=_errors(400, 401, 403, 404, 409, 413, 422, 503))
    async def submit_action(game_id: IdPath, body: SubmitAction, authorization: AuthH = None,
                            lang: LangQ = None, accept_language: Annotated[str | None, Header()] = None) -> Any:
        """Play an action (its text or id) as the token's seat. ``ply`` must
        be the game's current ply: a stale or repeated submission gets 409
        and changes nothing. The answer is the new state, with the log
        entries new since ``ply``."""
        live = await live_game(game_id)
        seat = service().seat(live, bearer(authorization))
        try:
            await service().act(live, seat, body.action, body.ply)
        except bm.IllegalActionError as exc:
            raise engine_error(exc, lang_of(lang, accept_language)) from None
        return state_of(live, seat, body.ply, lang)

    @app.post("/api/games/{game_id}/undo", response_model=GameState,
              responses=_errors(400, 401, 404, 409, 413, 503))
    async def undo(game_id: IdPath, body: UndoRequest, authorization: AuthH = None, lang: LangQ = None) -> Any:
        """Take back the token's seat's last move, while no die has been
        rolled, no hidden card revealed and the other side has not acted."""
        live = await live_game(game_id)
        seat = service().seat(live, bearer(authorization))
        await service().undo(live, seat, body.ply)
        return state_of(live, seat, body.ply, lang)

    @app.get("/api/games/{game_id}/replay", response_model=SavedGameFile, responses=_errors(400, 404, 409))
    async def replay(game_id: IdPath, lang: LangQ = None) -> Any:
        """A finished game as a saved-game file (``brink replay FILE`` reads it)."""
        live = await live_game(game_id)
        saved = await service().replay(live)
        return JSONResponse(saved, headers={
            "Content-Disposition": f'attachment; filename="brinkmanship-{live.record.game}-{live.id}.json"'})

    replays = ReplayCache()

    @app.get("/api/games/{game_id}/replay/{step}", response_model=ReplayStep, responses=_errors(400, 404, 409))
    async def replay_step(
        game_id: IdPath,
        step: Annotated[int, Path(ge=0, le=MAX_PLY, description="how many actions from the start")],
        have: Annotated[int, Query(ge=0, le=MAX_PLY, description="log entries the reader holds")] = 0,
        lang: LangQ = None,
    ) -> Any:
        """A finished game as a spectator saw it after ``step`` of its actions
        (die rolls and shuffles count; undone actions do not): for stepping
        through a replay. The log part holds the entries from ``have`` on
        (fewer if the step is earlier: the reader keeps ``log.start``)."""
        live = await live_game(game_id)
        replay = replays.get(live.id)
        if replay is None:
            saved = await service().replay(live)
            replay = Replay(saved["game"], saved["seed"], saved["options"], saved["actions"],
                            backend=settings.backend)
            replays.put(live.id, replay)
        steps = len(replay.actions)
        if step > steps:
            raise ApiError(404, "not_found", msg("server.error.no_step", steps=steps))
        action: str | None = None
        words: str | None = None
        if step:
            # The step before, then its action: the state and what led to it
            # from one walk along the game.
            before = await asyncio.to_thread(replay.state_at, step - 1)
            state = before.clone()
            state.apply(replay.actions[step - 1])
            action, words = web.replay_action(before, state, replay.actions[step - 1], lang or DEFAULT_LANG)
        else:
            state = await asyncio.to_thread(replay.state_at, 0)
        view = state.view(None, log=False)
        log = visible(state.log_entries, None)
        start = min(have, len(log))
        rec = live.record
        out: dict[str, Any] = {"id": rec.id, "game": rec.game, "options": rec.options, "step": step, "steps": steps,
               "action": action, "seats": public_seats(rec),
               "to_move": state.current_player, "winner": rec.winner, "result": rec.result, "view": view,
               "log": {"start": start, "entries": log[start:]}}
        if lang is not None:
            out["text"] = {**web.texts(state, view, log[start:], lang), "action": words}
        return out

    @app.get("/api/board/{game}", responses=_errors(400, 404))
    async def board(game: Annotated[Literal["twilight", "thirteen"], Path()]) -> Any:
        """The printed facts of a game's board and cards (for drawing them)."""
        return JSONResponse(web.board(game), headers={"Cache-Control": "public, max-age=3600"})

    @app.get("/api/catalog/{language}", responses=_errors(400, 404))
    async def catalog_of(language: Annotated[Literal["en", "ru"], Path()]) -> Any:
        """Every message of a language (names, card texts, the client's
        words) as ICU MessageFormat templates."""
        return JSONResponse(catalog(language), headers={"Cache-Control": "public, max-age=3600"})

    # -- the web client ----------------------------------------------------------------------------
    app.mount("/static", StaticFiles(directory=web.STATIC), name="static")
    index = web.STATIC / "index.html"

    @app.get("/", include_in_schema=False)
    async def page_lobby() -> Any:
        return FileResponse(index, headers={"Cache-Control": "no-cache"})

    @app.get("/play/{game_id}", include_in_schema=False)
    async def page_play(game_id: IdPath) -> Any:
        return FileResponse(index, headers={"Cache-Control": "no-cache"})

    @app.get("/replay/{game_id}", include_in_schema=False)
    async def page_replay(game_id: IdPath) -> Any:
        return FileResponse(index, headers={"Cache-Control": "no-cache"})

    base_openapi = app.openapi

    def openapi() -> dict[str, Any]:
        """The OpenAPI document without FastAPI's stock 422 ``HTTPValidationError``:
        this app answers a request its models refuse with 400 ``ErrorBody`` (and
        a 422 only for an illegal action, which each route documents itself)."""
        if app.openapi_schema is None:
            doc = base_openapi()
            for item in doc.get("paths", {}).values():
                for op in item.values():
                    stock = op.get("responses", {}).get("422", {})
                    if "HTTPValidationError" in json.dumps(stock):
                        del op["responses"]["422"]
            for name in ("HTTPValidationError", "ValidationError"):
                doc.get("components", {}).get("schemas", {}).pop(name, None)
        return app.openapi_schema  # type: ignore[return-value]

    app.openapi = openapi  # type: ignore[method-assign]

    # -- WebSocket ---------------------------------------------------------------------------------
    @app.websocket("/ws/games/{game_id}")
    async def ws_game(websocket: WebSocket, game_id: str) -> None:
        """Pushes ``{"type": "state", ...}`` after every change; takes
        ``{"action", "ply"}`` and ``{"undo": true, "ply"}``; see docs/server.md."""
        await WsSession(service(), websocket, game_id, settings.max_body).run()

    return app


class WsSession:
    """One WebSocket connection: a seat or a spectator watching one game.

    A writer task sends, in order, the replies queued for this connection
    and then, when the game changed, one state message with the log entries
    new since the last one it sent (a burst of changes is sent once). The
    reader takes the client's messages one at a time.
    """

    def __init__(self, service: GameService, ws: WebSocket, game_id: str, max_size: int) -> None:
        self.service = service
        self.ws = ws
        self.game_id = game_id
        self.max_size = max_size
        self.seat: str | None = None
        self.sent_ply: int | None = None
        self.lang = lang_of(ws.query_params.get("lang"), ws.headers.get("accept-language"))
        # A client that names its language (``?lang=`` or a ``{"lang"}``
        # message) gets the position in words with every state.
        self.texts: str | None = ws.query_params.get("lang") if ws.query_params.get("lang") in LANGS else None
        self._wake = asyncio.Event()
        self._wake.set()  # the first state goes out at once
        self._dirty = True
        self._outbox: list[dict[str, Any]] = []
        self.live: LiveGame | None = None

    def notify(self) -> None:
        self._dirty = True
        self._wake.set()

    def reply(self, message: dict[str, Any]) -> None:
        self._outbox.append(message)
        self._wake.set()

    async def run(self) -> None:
        ws = self.ws
        await ws.accept()
        started = time.perf_counter()
        try:
            self.live = await self.service.live(self.game_id)
            token = ws.query_params.get("token")
            if token is None:
                token = await self._first_token()
            self.seat = self.service.seat(self.live, token)
            since = ws.query_params.get("since")
            self.sent_ply = int(since) if since and since.isdigit() and len(since) < 10 else None
        except ApiError as exc:
            await self._close_with(exc)
            return
        except (TimeoutError, WebSocketDisconnect):
            return
        live = self.live
        logs.event("ws.open", game=live.id, seat=self.seat)
        self.service.watch(live, self)
        writer = asyncio.get_running_loop().create_task(self._writer())
        try:
            await self._reader()
        except WebSocketDisconnect:
            pass
        finally:
            self.service.unwatch(live, self)
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await writer
            logs.event("ws.close", game=live.id, seat=self.seat, seconds=round(time.perf_counter() - started, 1))

    async def _first_token(self) -> str | None:
        text = await asyncio.wait_for(self.ws.receive_text(), 30)
        try:
            data = json.loads(text) if len(text) <= self.max_size else None
        except ValueError:
            data = None
        if not isinstance(data, dict) or "token" not in data or not (
                data["token"] is None or isinstance(data["token"], str)):
            raise ApiError(401, "bad_token", msg("server.error.ws_token"))
        return data["token"]

    async def _close_with(self, exc: ApiError) -> None:
        with contextlib.suppress(Exception):
            await self.ws.send_text(dumps_compact({"type": "error", "status": exc.status, "error": exc.error,
                                                   "detail": render(exc.message, self.lang)}))
            await self.ws.close(code=4000 + exc.status)

    async def _writer(self) -> None:
        live = self.live
        assert live is not None
        while True:
            await self._wake.wait()
            self._wake.clear()
            while self._outbox:
                await self.ws.send_text(dumps_compact(self._outbox.pop(0)))
            if self._dirty:
                self._dirty = False
                try:
                    snap = state_of(live, self.seat, self.sent_ply, self.texts)
                except Exception:
                    # A state this connection cannot be sent must not leave it
                    # silent: it closes (1011), and the client reconnects.
                    logs.error("ws.failed", game=live.id, seat=self.seat)
                    await self.ws.close(code=1011)
                    raise
                self.sent_ply = snap["ply"]
                await self.ws.send_text(dumps_compact({"type": "state", **snap}))
            if self.service.closing:
                await self.ws.close(code=1012)
                return

    async def _reader(self) -> None:
        live = self.live
        assert live is not None
        while True:
            text = await self.ws.receive_text()
            ref = None
            try:
                if len(text.encode()) > self.max_size:
                    raise ApiError(413, "too_large", msg("server.error.too_large", max=self.max_size))
                try:
                    data = json.loads(text)
                except ValueError:
                    raise ApiError(400, "invalid_json", msg("server.error.invalid_json")) from None
                if not isinstance(data, dict):
                    raise ApiError(400, "bad_message", msg("server.error.bad_message"))
                ref = data.get("ref") if isinstance(data.get("ref"), str | int) else None
                if "lang" in data and set(data) <= {"lang", "ref"}:
                    if data["lang"] not in LANGS:
                        raise ApiError(400, "bad_message", msg("server.error.bad_message"))
                    # The whole log again, in the new language.
                    self.lang = self.texts = data["lang"]
                    self.sent_ply = None
                    self.reply({"type": "ack", "ply": live.ply, "ref": ref})
                    self.notify()
                    continue
                ply = whole(data.get("ply"))
                if type(ply) is not int or not 0 <= ply <= MAX_PLY:
                    raise ApiError(400, "bad_message", msg("server.error.bad_message"))
                if data.get("undo") is True and set(data) <= {"undo", "ply", "ref"}:
                    await self.service.undo(live, self.seat, ply)
                elif "action" in data and set(data) <= {"action", "ply", "ref"}:
                    action = whole(data["action"])
                    if not ((type(action) is str and len(action) <= 200)
                            or (type(action) is int and 0 <= action <= 2**31)):
                        raise ApiError(400, "bad_message", msg("server.error.bad_message"))
                    try:
                        await self.service.act(live, self.seat, action, ply)
                    except bm.IllegalActionError as exc:
                        raise engine_error(exc, self.lang) from None
                else:
                    raise ApiError(400, "bad_message", msg("server.error.bad_message"))
                self.reply({"type": "ack", "ply": live.ply, "ref": ref})
            except ApiError as exc:
                self.reply({"type": "error", "status": exc.status, "error": exc.error,
                            "detail": render(exc.message, self.lang), "ref": ref, **exc.extra})
