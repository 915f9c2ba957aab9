"""The game log as data: entries with a code, arguments and an audience.

Rules never build sentences. They append entries such as
``{"code": "twilight.coup.declared", "args": {"side": "US", "country": "Iran",
"ops": 3, "free": False}, "to": "all"}`` and the edge (CLI, web client,
replays) renders them from a catalog in the reader's language
(``brinkmanship.i18n``). Arguments are language-neutral: sides, card numbers,
country and arena names as printed, numbers, and nested messages (a dict with
``code`` and ``args``) for parts such as the reason VP were scored.

``to`` is who may read the entry: ``"all"`` (public), ``"players"`` (both
players, not spectators), ``"spectators"`` (only them) or one side. An entry
naming a card only one side may know (a hand shown to the opponent, a card
seen privately) is addressed to that side; one naming a card both players
know but a spectator may not (a card taken from one hand into the other and
given back, as with Grain Sales to Soviets) is addressed to the players,
and its twin without the card to the spectators, so every reader reads the
event once; a spectator sees public and spectator entries. Entries are
never changed once appended, so ``clone`` may share them.
"""

from __future__ import annotations

from typing import Any

PUBLIC = "all"
PLAYERS = "players"
SPECTATORS = "spectators"

Entry = dict[str, Any]
Message = dict[str, Any]


def msg(code: str, **args: Any) -> Message:
    """A nested message (for example the reason in a VP entry)."""
    return {"code": code, "args": args}


def append(log: list[Entry], code: str, to: str = PUBLIC, **args: Any) -> None:
    """Append one entry to ``log`` (a state's ``d["log"]``)."""
    log.append({"code": code, "args": args, "to": to})


def audiences(players: tuple[str, ...]) -> tuple[str, ...]:
    """Every value ``to`` may take in a game of these ``players``."""
    return (PUBLIC, PLAYERS, SPECTATORS, *players)


def may_read(to: str, side: str | None) -> bool:
    """Whether ``side`` (``None``: a spectator) may read an entry addressed
    to ``to``: a public one, one for the players if ``side`` is a player (for
    the spectators if it is not), or one for ``side`` itself."""
    if side is None:
        return to in (PUBLIC, SPECTATORS)
    return to in (PUBLIC, PLAYERS, side)


def visible(log: list[Entry], side: str | None) -> list[Entry]:
    """The entries ``side`` may read (``None``: a spectator), as copies a
    client may keep or change without touching the state (nested messages
    and lists in the arguments are copied too)."""
    readers = (PUBLIC, SPECTATORS) if side is None else (PUBLIC, PLAYERS, side)
    flat = _NESTED.isdisjoint
    out = []
    for e in log:
        if e["to"] in readers:
            args = e["args"]
            out.append({"code": e["code"], "args": args.copy() if flat(map(type, args.values())) else _copy(args),
                        "to": e["to"]})
    return out


_NESTED = frozenset((dict, list))


def _copy(v: Any) -> Any:
    """A deep copy of plain data (dicts, lists and scalars)."""
    t = type(v)
    if t is dict:
        return {k: _copy(x) for k, x in v.items()}
    if t is list:
        return [_copy(x) for x in v]
    return v
