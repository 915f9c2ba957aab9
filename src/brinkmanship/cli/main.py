"""The ``brink`` command: play, simulate, run tournaments, replay and list cards.

This module is the only place that touches the real terminal (stdin, the
process exit code); each command parses its options and hands over to a
testable function in ``play``, ``simulate``, ``tournament``, ``replay`` or
``render``. Progress bars go to standard error, and only on a terminal, so
piped output is just the results.
"""

from __future__ import annotations

import os
import secrets
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

import brinkmanship as bm
from brinkmanship.bots import BOT_HELP, bot_names, make_bot, parse_spec
from brinkmanship.cli import savefile
from brinkmanship.cli import tournament as tournament_view
from brinkmanship.cli.games import option_choices, options_help, parse_options, shown_value, ui_for
from brinkmanship.cli.play import HUMAN, Outcome, ReadLine, card_query, new_session, resume_session
from brinkmanship.cli.replay import ReplayCursor, browse, show_end
from brinkmanship.cli.simulate import DRAW, Summary, simulate
from brinkmanship.farm import FarmError, default_workers, farm_for
from brinkmanship.farm.tournament import check_bots, play_tournament
from brinkmanship.i18n import LANG_ENV, CatalogError, resolve_lang, text

app = typer.Typer(
    name="brink",
    help="Brinkmanship: play, simulate, run bot tournaments and replay Twilight Struggle (twilight) and "
         "13 Days (thirteen) in the terminal.",
    no_args_is_help=True,
    add_completion=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)

GameArg = Annotated[str, typer.Argument(
    help="The game: twilight (Twilight Struggle) or thirteen (13 Days).", show_default=True)]

LangOpt = Annotated[str | None, typer.Option(
    "--lang", help="Language of the screens: en (English) or ru (Russian). Default: the one given before "
                   f"the command (brink --lang ru ...), else ${LANG_ENV}, else the locale, else English.")]

# The language chosen before the command (``brink --lang ru play``); a
# command's own ``--lang`` overrides it.
_CHOSEN: dict[str, str | None] = {"lang": None}


def version_text() -> str:
    """What ``brink --version`` prints: the package version, then each
    backend with the games it plays (the native one says why it is
    missing, and how to build it, when it is not built), and which one
    games use by default (``BRINK_BACKEND``)."""
    info = bm.backends()
    lines = [f"brinkmanship {bm.__version__}",
             f"backend python: {', '.join(info['python'])}"]
    if info["native"]:
        lines.append(f"backend native {info['native_version']}: {', '.join(info['native'])}")
    if info["native_missing"]:
        lines.append(f"backend native: not available: {info['native_missing']} "
                     "(scripts/bootstrap.sh builds it when cargo is present)")
    lines.append(f"default backend: {info['default']} (BRINK_BACKEND: python, native or auto)")
    return "\n".join(lines)


def _show_version(value: bool) -> None:
    if value:
        typer.echo(version_text())
        raise typer.Exit()


VersionOpt = Annotated[bool, typer.Option(
    "--version", callback=_show_version, is_eager=True,
    help="Show the version and the backends available (python, native), then exit.")]


@app.callback()
def _everything(lang: LangOpt = None, version: VersionOpt = False) -> None:
    """Brinkmanship: play, simulate, run bot tournaments and replay Twilight Struggle (twilight) and
    13 Days (thirteen) in the terminal."""
    _CHOSEN["lang"] = lang


def _lang(value: str | None) -> str:
    """The language to speak: the command's ``--lang``, else the global one, else the environment."""
    try:
        return resolve_lang(value or _CHOSEN["lang"])
    except CatalogError as exc:
        raise typer.BadParameter(str(exc), param_hint="--lang") from None
OptionalCards = Annotated[
    bool | None,
    typer.Option("--optional-cards/--no-optional-cards",
                 help="Twilight Struggle: shuffle the 7 optional Deluxe cards (#104-#110) into the decks. "
                      "Default: on."),
]

Events = Annotated[
    bool | None,
    typer.Option("--events/--no-events",
                 help="Twilight Struggle: play card events (--no-events: every non-scoring card is played "
                      "for ops or the Space Race only). Default: on."),
]

Options = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", metavar="NAME=VALUE",
                 help="A game option, repeatable; VALUE true/false or a word, e.g. thirteen "
                      "--option agenda_push=saito --option agenda_bonus=false (the open rules questions, "
                      "see docs/rulings.md); twilight --option events=false. `--option list` lists the "
                      "options of the game and their values (default first)."),
]


#: The bots, for help texts.
BOTS_TEXT = "Bots: " + "; ".join(f"{name} ({BOT_HELP[name]})" for name in bot_names()) + "."

Workers = Annotated[
    int | None,
    typer.Option("--workers", "-w", min=1,
                 help="Local worker processes playing games in parallel. Default: all cores "
                      f"(here {default_workers()}); 1 plays in this process. Not used with Ray."),
]
UseRay = Annotated[
    bool,
    typer.Option("--ray", help="Play the games on Ray: the cluster in the RAY_ADDRESS environment variable "
                               "(also used without --ray when set), else a local Ray instance. "
                               "Needs the optional extra: " + escape("pip install 'brinkmanship[ray]'.")),
]

BackendOpt = Annotated[
    str | None,
    typer.Option("--backend", metavar="auto|python|native",
                 help="The engine the games are played on: auto (the native core when it is built for the game, "
                      "else the Python engine), python, or native (an error saying what is missing when it is "
                      "not built). Both play the same games move for move; native is faster. "
                      "Default: the BRINK_BACKEND environment variable, else auto."),
]


def _backend(value: str | None, game: str) -> str:
    """The engine for ``game`` from ``--backend`` (else ``BRINK_BACKEND``, else
    ``auto``): ``"python"`` or ``"native"``; a bad name or a native core that
    is not built is a usage error saying so."""
    from brinkmanship import native

    chosen = value if value is not None else (os.environ.get(native.BACKEND_ENV, "").strip().lower() or "auto")
    try:
        return native.choose_backend(chosen.strip().lower(), game)
    except (ValueError, native.NativeUnavailableError) as exc:
        hint = "--backend" if value is not None else native.BACKEND_ENV
        raise typer.BadParameter(str(exc), param_hint=hint) from None


def _options(game: str, optional_cards: bool | None, events: bool | None,
             items: list[str] | None, lang: str = "en") -> dict[str, Any]:
    """The game options given on the command line (the rest take their defaults).

    The Twilight Struggle flags and ``--option NAME=VALUE`` both end up
    here; unknown names, values the game does not allow, flags of another
    game and contradictions are refused with the list of what is allowed.
    """
    given: dict[str, Any] = {}
    if optional_cards is not None:
        given["optional_cards"] = optional_cards
    if events is not None:
        given["events"] = events
    if given and not set(given) <= set(option_choices(game)):
        flags = " and ".join(f"--{'' if v else 'no-'}{k.replace('_', '-')}" for k, v in given.items())
        raise typer.BadParameter(f"{flags}: Twilight Struggle only; {ui_for(game).title} options are "
                                 f"given as --option NAME=VALUE:\n{options_help(game)}")
    items = list(items or [])
    if any(i.strip().lower() in ("list", "help") for i in items):
        title = text(f"cli.{ui_for(game).name}.title", lang)
        listing = options_help(game, lang, described=True) or text("cli.options.none", lang)
        make_console().print(f"{text('cli.options.title', lang, game=title)}\n{listing}", markup=False)
        raise typer.Exit(0)
    try:
        return parse_options(game, items, given)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--option") from None


def make_console() -> Console:
    """The terminal console (no automatic number highlighting: the log and
    the board colour what matters themselves)."""
    return Console(highlight=False)


def stdin_reader(console: Console) -> ReadLine:
    """Read lines from standard input; ``None`` on end of input or Ctrl-C.

    When input is piped rather than typed, each line is echoed after its
    prompt so that the transcript reads like a session at the keyboard.
    """
    echo = not sys.stdin.isatty()

    def read(prompt: str) -> str | None:
        try:
            line = console.input(Text(prompt))
        except (EOFError, KeyboardInterrupt):
            console.print()
            return None
        if echo:
            console.print(line, markup=False)
        return line

    return read


def _game_name(game: str) -> str:
    try:
        return bm.get_game(game).name
    except bm.UnknownGameError as exc:
        raise typer.BadParameter(str(exc), param_hint="GAME") from None


def _seat(value: str | None, option: str) -> str | None:
    """``human`` or a bot spec (``heuristic``, ``ismcts:2``, ``ismcts:iters=500``), checked by building
    the bot once, so a bad spec is refused with the bots' own message before the game starts."""
    if value is None:
        return None
    v = value.strip()
    if v.lower() == HUMAN:
        return HUMAN
    try:
        name, _params = parse_spec(v)
    except ValueError as exc:
        raise typer.BadParameter(f"{value!r} is neither 'human' nor a bot: {exc}", param_hint=option) from None
    _, colon, rest = v.partition(":")
    spec = name + colon + rest.strip()
    try:
        close = getattr(make_bot(spec), "close", None)  # built to check the spec, then let go
        if close is not None:
            close()
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint=option) from None
    except ImportError as exc:
        raise typer.BadParameter(f"bot {name!r} is not available in this installation ({exc})",
                                 param_hint=option) from None
    return spec


def error_console() -> Console:
    """Standard error: progress bars and spinners, never the results."""
    return Console(stderr=True, highlight=False)


def _progress(label: str) -> Progress:
    """A transient progress bar on standard error, shown only on a terminal."""
    err = error_console()
    columns = (TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    return Progress(*columns, console=err, transient=True, disable=not err.is_terminal)


def _say(console: Console, lang: str, code: str, style: str | None = None, **args: Any) -> None:
    """Print a message of the catalog in ``lang`` (plain text, no markup)."""
    console.print(Text(text(code, lang, **args), style=style or ""))


def _default_seats(ussr: str | None, us: str | None) -> dict[str, str]:
    """Who plays each side when not both are given: a human against the
    heuristic bot (the strongest quick opponent) by default; opposite a bot
    given for one side, a human.

    >>> _default_seats(None, None), _default_seats("heuristic", None)["US"], _default_seats(None, "human")["USSR"]
    ({'USSR': 'human', 'US': 'heuristic'}, 'human', 'heuristic')
    """
    if ussr is None and us is None:
        return {"USSR": HUMAN, "US": "heuristic"}
    if ussr is None:
        assert us is not None
        return {"USSR": "heuristic" if us == HUMAN else HUMAN, "US": us}
    if us is None:
        return {"USSR": ussr, "US": "heuristic" if ussr == HUMAN else HUMAN}
    return {"USSR": ussr, "US": us}


@app.command(epilog=BOTS_TEXT)
def play(
    game: Annotated[str | None, typer.Argument(
        help="The game: twilight (Twilight Struggle) or thirteen (13 Days). Default: twilight, or the "
             "game of the file given to --load / --resume.", show_default=False)] = None,
    ussr: Annotated[str | None, typer.Option(
        "--ussr", help="Who plays the USSR: 'human' or a bot spec (random, heuristic, ismcts:SECONDS, "
                       "ismcts:iters=N; see the list below). Default: human (heuristic when --us is human).")] = None,
    us: Annotated[str | None, typer.Option(
        "--us", help="Who plays the US: 'human' or a bot spec, as for --ussr. Default: heuristic "
                     "(human when --ussr is a bot).")] = None,
    seed: Annotated[int | None, typer.Option(
        help="Seed of the game (deck and dice) and of the bots. "
             "Default: a random seed, shown when the game ends (at the start when no human plays: "
             "the seed gives the deck away).")] = None,
    optional_cards: OptionalCards = None,
    events: Events = None,
    option: Options = None,
    load: Annotated[Path | None, typer.Option(
        "--load", help="Resume a game saved with `save FILE` (seats come from the file "
                       "unless --ussr/--us are given).", dir_okay=False)] = None,
    resume: Annotated[bool, typer.Option(
        "--resume", help="Continue the unfinished game kept automatically (of GAME when given, else the "
                         "latest), e.g. after `quit` or a closed terminal.")] = False,
    backend: BackendOpt = None,
    lang: LangOpt = None,
) -> None:
    """Play a game at the keyboard against a bot, or hot seat (both human).

    GAME is twilight (Twilight Struggle) or thirteen (13 Days). At the prompt,
    type an action (twilight: `coup Iran`, `ops #21`, `place West Germany`;
    thirteen: `command Excomm`, `event Fidel Castro`, `place Berlin`, `done`)
    or its number in the list; `help` lists the commands (actions, card NAME,
    hand, board, log, undo, save, quit). An unfinished game is kept
    automatically: `brink play --resume` continues it. When the game ends,
    `save FILE` at the last prompt keeps it for `brink replay`. Bots: `--us
    random`, `--ussr ismcts:2` (ismcts thinking 2 seconds per decision).
    """
    language = _lang(lang)
    console = make_console()
    read = stdin_reader(console)
    seats = {"USSR": _seat(ussr, "--ussr"), "US": _seat(us, "--us")}
    if load is not None and resume:
        raise typer.BadParameter("give either --load FILE or --resume, not both", param_hint="--resume")
    if resume:
        wanted = _game_name(game) if game is not None else None
        load = savefile.latest_autosave(wanted)
        if load is None:
            if wanted:
                _say(console, language, "cli.main.no_autosave_game", "red",
                     game=text(f"cli.{wanted}.title", language), dir=str(savefile.autosave_dir()))
            else:
                _say(console, language, "cli.main.no_autosave", "red", dir=str(savefile.autosave_dir()))
            raise typer.Exit(1)
    if load is not None:
        if seed is not None or optional_cards is not None or events is not None or option:
            raise typer.BadParameter("the seed and options of a saved game cannot be changed",
                                     param_hint="--load")
        try:
            saved = savefile.load(load)
            if game is not None and bm.get_game(saved.game).name != _game_name(game):
                _say(console, language, "cli.main.wrong_game", "red", path=str(load),
                     saved=text(f"cli.{bm.get_game(saved.game).name}.title", language),
                     asked=text(f"cli.{_game_name(game)}.title", language))
                raise typer.Exit(1)
            for side, kind in seats.items():
                if kind is not None:
                    saved.seats[side] = kind
            session = resume_session(saved, console, read, language,
                                     autosave=savefile.autosave_path(bm.get_game(saved.game).name),
                                     backend=_backend(backend, saved.game))
        except (savefile.SaveFileError, ValueError) as exc:
            _say(console, language, "cli.main.cannot_resume", "red", path=str(load), reason=str(exc))
            raise typer.Exit(1) from None
        # The seed gives away the deck and the hands: never shown while a human plays.
        code = "cli.main.resumed" if HUMAN in saved.seats.values() else "cli.main.resumed_seed"
        _say(console, language, code, path=str(load), n=len(saved.actions), seed=saved.seed,
             ussr=saved.seats["USSR"], us=saved.seats["US"])
    else:
        name = _game_name(game or "twilight")
        options = _options(name, optional_cards, events, option, language)
        if seed is None:
            seed = secrets.randbelow(1_000_000)
        chosen = _default_seats(seats["USSR"], seats["US"])
        kept = savefile.latest_autosave(name)
        if kept is not None and HUMAN in chosen.values():
            _say(console, language, "cli.main.kept", "yellow", game=text(f"cli.{name}.title", language),
                 path=str(kept))
        autosave = savefile.autosave_path(name) if HUMAN in chosen.values() else None
        session = new_session(name, seed, options, chosen, console, read, language, autosave=autosave,
                              backend=_backend(backend, name))
        changed = "".join(f", {k}={shown_value(v)}" for k, v in options.items())
        # The seed gives away the deck and the hands: a human learns it when the game ends.
        code = "cli.main.new_game" if HUMAN in chosen.values() else "cli.main.new_game_seed"
        _say(console, language, code, game=text(f"cli.{name}.title", language), seed=seed, options=changed,
             ussr=chosen["USSR"], us=chosen["US"])
    try:
        outcome = session.run()
    except KeyboardInterrupt:  # Ctrl-C while bots or dice were moving
        session.keep()
        console.print()
        _say(console, language, "cli.main.interrupted")
        raise typer.Exit(130) from None
    if outcome is Outcome.QUIT:
        raise typer.Exit(0)


@app.command(name="simulate", epilog=BOTS_TEXT)
def simulate_command(
    game: GameArg = "twilight",
    n: Annotated[int, typer.Option("-n", "--games", min=1, help="How many games to play.")] = 100,
    seed: Annotated[int, typer.Option(help="Seed of the first game; game k uses seed + k.")] = 0,
    ussr: Annotated[str, typer.Option("--ussr", help="Bot spec playing the USSR (see below).")] = "random",
    us: Annotated[str, typer.Option("--us", help="Bot spec playing the US.")] = "random",
    optional_cards: OptionalCards = None,
    events: Events = None,
    option: Options = None,
    save_dir: Annotated[Path | None, typer.Option(
        "--save-dir", file_okay=False,
        help="Write every game there in the saved-game format (replay with `brink replay`).")] = None,
    workers: Workers = None,
    ray: UseRay = False,
    backend: BackendOpt = None,
    lang: LangOpt = None,
) -> None:
    """Play N games between bots as fast as possible and summarise the results.

    GAME is twilight (Twilight Struggle) or thirteen (13 Days).

    Games use seeds SEED .. SEED+N-1; each bot is seeded from its game's seed,
    so a run is reproducible, gives the same results on any number of workers,
    and game k can be replayed on its own.
    """
    language = _lang(lang)
    name = _game_name(game)
    seats = {}
    for side, kind, opt in (("USSR", ussr, "--ussr"), ("US", us, "--us")):
        v = _seat(kind, opt)
        if v in (None, HUMAN):
            raise typer.BadParameter(text("cli.farm.needs_bots", language), param_hint=opt)
        assert v is not None
        seats[side] = v
    options = _options(name, optional_cards, events, option, language)
    engine = _backend(backend, name)
    console = make_console()
    try:
        with _progress(text("cli.farm.progress.simulate", language)) as progress, farm_for(workers, ray) as farm:
            task = progress.add_task("games", total=n)
            summary = simulate(name, n, seed, options, seats, save_dir, _advance(progress, task), farm=farm,
                               backend=engine)
    except FarmError as exc:
        _say(console, language, "cli.farm.failed", "red", reason=str(exc))
        raise typer.Exit(1) from None
    console.print(summary_table(summary, seed, language))
    if save_dir is not None:
        _say(console, language, "cli.farm.saved_games", n=n, dir=str(save_dir))


def _advance(progress: Progress, task: TaskID) -> Callable[[object], None]:
    return lambda _game: progress.advance(task)


@app.command(name="tournament", epilog=BOTS_TEXT)
def tournament_command(
    game: GameArg = "twilight",
    bots: Annotated[str, typer.Option(
        "--bots", "-b", help="Bot specs separated by commas, at least two; every pair plays N games, e.g. "
                             "random,heuristic,ismcts:iters=200. A spec with several parameters takes them "
                             "along: random,ismcts:iters=200,c=0.7 is two bots.")] = "random,heuristic",
    n: Annotated[int, typer.Option("-n", "--games", min=1, help="Games per pairing (sides alternated).")] = 100,
    seed: Annotated[int, typer.Option(help="Seed of the first deal; deal k uses seed + k, played twice "
                                           "with the sides swapped.")] = 0,
    option: Options = None,
    out: Annotated[Path | None, typer.Option(
        "--out", dir_okay=False, help="Results file (JSON Lines, one game per line; replay a game with "
                                      "`brink replay FILE --game K`). Default: tournament-GAME-seedS.jsonl.")] = None,
    workers: Workers = None,
    ray: UseRay = False,
    backend: BackendOpt = None,
    lang: LangOpt = None,
) -> None:
    """Play every pair of bots against each other and rate them.

    GAME is twilight (Twilight Struggle) or thirteen (13 Days). Each pairing
    plays N games on paired deals (the same seed twice, sides swapped), and
    every pairing plays the same deals. Prints an openskill rating table (with
    a Bradley-Terry fit), each pairing's wins, draws and losses with a Wilson
    95% interval and by side, and how the games ended; saves every game.
    """
    language = _lang(lang)
    name = _game_name(game)
    try:
        specs = check_bots(split_bots(bots))
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--bots") from None
    options = bm.new_game(name, options=_options(name, None, None, option, language)).view(None)["options"]
    engine = _backend(backend, name)
    path = out or tournament_view.default_path(name, seed)
    console = make_console()
    total = n * len(specs) * (len(specs) - 1) // 2
    try:
        with _progress(text("cli.farm.progress.tournament", language)) as progress, farm_for(workers, ray) as farm:
            task = progress.add_task("games", total=total)
            result = play_tournament(name, options, specs, n, seed, farm, backend=engine,
                                     on_progress=lambda records: progress.advance(task, len(records)))
    except FarmError as exc:
        _say(console, language, "cli.farm.failed", "red", reason=str(exc))
        raise typer.Exit(1) from None
    console.print(tournament_view.report(result, language))
    try:
        tournament_view.save_results(result, path)
    except OSError as exc:
        _say(console, language, "cli.farm.cannot_save", "red", path=str(path), reason=exc.strerror or str(exc))
        raise typer.Exit(1) from None
    _say(console, language, "cli.farm.saved_results", n=total, path=str(path))


def split_bots(text: str) -> list[str]:
    """Bot specs from ``--bots``, split at commas; a ``key=value`` item with no
    bot name of its own belongs to the spec before it.

    >>> split_bots("random, heuristic,ismcts:iters=200,c=0.7")
    ['random', 'heuristic', 'ismcts:iters=200,c=0.7']
    """
    specs: list[str] = []
    for item in text.split(","):
        item = item.strip()
        if "=" in item and ":" not in item and specs:
            specs[-1] += "," + item
        elif item:
            specs.append(item)
    return specs


def summary_table(summary: Summary, seed: int, lang: str = "en") -> Table:
    """Winners, end reasons, lengths and speed of a simulation run, in ``lang``."""
    from brinkmanship.cli.simulate import backend_text, game_words, length_text, result_text, winner_text

    games = summary.games
    n = len(games)
    ui = ui_for(summary.game)
    table = Table(title=Text(text("cli.farm.simulate.title", lang, n=n, game=game_words(ui.name), seed=seed,
                                  last=seed + n - 1, ussr=summary.seats["USSR"], us=summary.seats["US"])),
                  show_header=False, box=None, padding=(0, 2))
    table.add_column(style="bold")
    table.add_column()

    def row(label: str, value: str) -> None:
        table.add_row(text(f"cli.farm.row.{label}", lang), value)

    wins = summary.winners
    row("winners", ", ".join(f"{winner_text(ui.name, k, lang)} {wins[k]} ({100 * wins[k] / n:.1f}%)"
                             for k in ("USSR", "US", DRAW)))
    row("results", ", ".join(f"{result_text(k, lang)} {v} ({100 * v / n:.1f}%)"
                             for k, v in summary.results.most_common()))
    decisions = summary.decisions
    rolls = sum(g.rolls for g in games)
    turns = sum(g.turns for g in games)
    row("length", length_text(ui.name, decisions / n, turns / n, rolls / n if ui.has_dice else None, lang))
    secs = max(summary.seconds, 1e-9)
    row("speed", text("cli.farm.speed", lang, games=f"{n / secs:,.1f}", decisions=f"{decisions / secs:,.0f}",
                      seconds=f"{summary.seconds:.2f}", backend=backend_text(summary.backend, lang)))
    row("engine", text(f"cli.farm.engine.{summary.engine}", lang))
    row("options", ", ".join(f"{k}={shown_value(v)}" for k, v in summary.options.items()))
    return table


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A saved game (from `save FILE` or simulate --save-dir).",
                                         exists=True, dir_okay=False)],
    to_end: Annotated[bool, typer.Option(
        "--to-end", help="Print the whole log and the final board, without stepping.")] = False,
    side: Annotated[str | None, typer.Option(
        "--side", help="Show a finished game as USSR or US saw it (with that hand). "
                       "Default: a spectator, who sees no hand. An unfinished game is always shown "
                       "as a spectator sees it.")] = None,
    game: Annotated[int | None, typer.Option(
        "--game", "-g", help="In a tournament file (`brink tournament --out FILE`), the game to replay: "
                             "its index K (0-based, as in the file).")] = None,
    lang: LangOpt = None,
) -> None:
    """Step through a saved game (twilight or thirteen), or one game of a tournament file:
    Enter = next action, b = back, g N = go to action N, q = quit."""
    language = _lang(lang)
    console = make_console()
    if side is not None:
        side = side.upper()
        if side not in ("USSR", "US"):
            raise typer.BadParameter("a side is USSR or US", param_hint="--side")
    try:
        cursor = ReplayCursor(savefile.load_game(file, game), language)
    except savefile.SaveFileError as exc:
        _say(console, language, "cli.replay.cannot", "red", path=str(file), reason=str(exc))
        raise typer.Exit(1) from None
    if not cursor.finished:
        # A game still being played (an autosave, a file saved mid-game): its
        # hands and deck are secrets of players who may go on with it.
        if side is not None:
            _say(console, language, "cli.replay.spectator_only", "yellow")
        side = None
    if to_end:
        show_end(console, cursor, side)
    else:
        browse(console, cursor, stdin_reader(console), side)


@app.command()
def cards(
    game: GameArg = "twilight",
    card: Annotated[str | None, typer.Argument(
        help="One card: its number (21, #21) or its name, whole or its first letters (cambridge). "
             "13 Days: agendas too (card Berlin).", show_default=False)] = None,
    status: Annotated[bool, typer.Option(
        "--status", help="For each card, whether its event is implemented and tested, instead of its text.")] = False,
    lang: LangOpt = None,
) -> None:
    """Every card with what it does. twilight: number, name, ops, event side, period, markers and the
    event's text; thirteen: the 39 strategy cards (faction, command value, DEFCON symbol, text) and the
    agendas. With CARD, that card alone."""
    language = _lang(lang)
    name = _game_name(game)
    render = ui_for(name).render
    console = make_console()
    if card is None:
        console.print(render.cards_table(lang=language, status=status))
        return
    found = card_query(name, card, language)
    if isinstance(found, str):
        console.print(Text(found, style="red"))
        raise typer.Exit(1)
    kind, number = found
    console.print(render.card(number, lang=language, kind=kind))


@app.command()
def serve(
    host: Annotated[str | None, typer.Option(
        "--host", help="Address to listen on (BRINK_HOST). Default 127.0.0.1: this machine only.")] = None,
    port: Annotated[int | None, typer.Option("--port", help="Port to listen on (BRINK_PORT). Default 8000.")] = None,
    db: Annotated[str | None, typer.Option(
        "--db", help="Database: a SQLAlchemy URL such as postgresql://user:pass@host/name, or a SQLite file "
                     "(BRINK_DATABASE_URL). Default: an embedded SQLite file in the user's data directory.")] = None,
    bot_workers: Annotated[int | None, typer.Option(
        "--bot-workers", help="Processes that compute bot moves (BRINK_BOT_WORKERS). "
                              "Default 0: one per core.")] = None,
    public_url: Annotated[str | None, typer.Option(
        "--public-url", help="The address players reach the server at, for join links (BRINK_PUBLIC_URL), "
                             "e.g. https://brink.example.org behind a reverse proxy.")] = None,
    log_level: Annotated[str | None, typer.Option(
        "--log-level", help="debug, info, warning or error (BRINK_LOG_LEVEL). Default info.")] = None,
    proxy_headers: Annotated[bool, typer.Option(
        "--proxy-headers/--no-proxy-headers",
        help="Trust X-Forwarded-For/-Proto from --forwarded-allow-ips (behind a reverse proxy).")] = False,
    forwarded_allow_ips: Annotated[str, typer.Option(
        "--forwarded-allow-ips", help="Proxies trusted for forwarded headers (comma-separated).")] = "127.0.0.1",
    open_browser: Annotated[bool, typer.Option(
        "--open/--no-open", help="Print the address and open it in the browser once the server answers "
                                 "(`./brink` with no arguments does). Without --port, a busy 8000 moves "
                                 "to the next free port.")] = False,
    backend: Annotated[str | None, typer.Option(
        "--backend", metavar="auto|python|native",
        help="The engine games are played on (BRINK_BACKEND): auto (the native core for each game it is "
             "built for, else the Python engine), python, or native (refused at start when it is not built). "
             "Players see exactly the same views either way. Default auto.")] = None,
) -> None:
    """Run the game server: the web client, the HTTP API and WebSocket for online play (docs/server.md).
    Creates or upgrades the database schema at start; Ctrl-C stops it after the transactions in flight."""
    from brinkmanship.server.config import Settings

    try:
        settings = Settings.from_env(host=host, port=port, database_url=db, bot_workers=bot_workers,
                                     public_url=public_url, log_level=log_level, backend=backend)
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None
    if open_browser:
        if port is None and "BRINK_PORT" not in os.environ:
            settings.port = free_port(settings.host, settings.port)
        announce(settings, log_level is None and "BRINK_LOG_LEVEL" not in os.environ)
    run_server(settings, proxy_headers=proxy_headers, forwarded_allow_ips=forwarded_allow_ips)


def free_port(host: str, first: int, tries: int = 20) -> int:
    """``first``, or the next port after it that nothing listens on."""
    import socket

    for candidate in range(first, min(first + tries, 65536)):
        with socket.socket() as sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                sock.bind((host, candidate))
            except OSError:
                continue
            return candidate
    return first


def announce(settings: Any, quiet: bool) -> None:
    """Once the server answers: print its address and open it in the
    browser, if this machine has one (``webbrowser`` finds none on a
    headless machine, and then only the address is printed). ``quiet``:
    the request log lines go only to warnings, so the terminal stays readable."""
    import threading
    import time
    import urllib.request
    import webbrowser

    if quiet:
        settings.log_level = "warning"
    shown_host = "127.0.0.1" if settings.host in ("0.0.0.0", "::", "") else settings.host
    url = f"http://{shown_host}:{settings.port}/"

    def wait_then_open() -> None:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(url + "api/health", timeout=2):
                    break
            except OSError:
                time.sleep(0.2)
        else:
            return
        print(text("cli.serve.ready", resolve_lang(None), url=url), flush=True)
        try:
            browser = webbrowser.get()
        except webbrowser.Error:
            return
        browser.open(url)

    threading.Thread(target=wait_then_open, name="open-browser", daemon=True).start()


def run_server(settings: Any, proxy_headers: bool = False, forwarded_allow_ips: str = "127.0.0.1") -> None:
    """Serve ``settings`` with uvicorn until interrupted."""
    import signal

    import uvicorn

    from brinkmanship.server import logs
    from brinkmanship.server.app import create_app

    def stopped(signum: int, frame: Any) -> None:
        raise SystemExit(0)

    # uvicorn stops gracefully on SIGTERM, then raises the signal again to
    # end the process; with this handler in place the process then exits 0
    # (a finished shutdown), not "killed by SIGTERM", which supervisors
    # count as a failure.
    signal.signal(signal.SIGTERM, stopped)
    logs.setup(settings.log_level)
    # The app answers a WebSocket message over max_body with a 413 error and
    # keeps the connection; uvicorn drops only a connection whose message
    # is far larger (4x), before buffering it.
    uvicorn.run(
        create_app(settings), host=settings.host, port=settings.port, log_config=None, access_log=False,
        ws_max_size=4 * settings.max_body, timeout_graceful_shutdown=int(settings.shutdown_seconds),
        proxy_headers=proxy_headers, forwarded_allow_ips=forwarded_allow_ips, server_header=False,
    )


def main() -> None:
    """Entry point of the ``brink`` console script."""
    app()


if __name__ == "__main__":
    main()
