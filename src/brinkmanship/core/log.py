"""The game log as data: entries with a code, arguments and an audience.

Rules never build sentences. They append entries such as
``{"code": "twilight.coup.declared", "args": {"side": "US", "country": "Iran",
"ops": 3, "free": False}, "to": "all"}`` and the edge (CLI, web client,
replays) renders them from a catalog in the reader's language
(``brinkmanship.i18n``). Arguments are language-neutral: sides, card numbers,
country and arena names as printed, numbers, and nested messages (a dict with
``code`` and ``args``) for parts such as the reason VP were scored.

``to`` is who may read the entry: ``"all"`` (public) or one side. An entry
naming a card only one side may know (a hand shown to the opponent, a card
seen privately) is addressed to that side; a spectator sees only public
entries. Entries are never changed once appended, so ``clone`` may share them.
"""

from __future__ import annotations

from typing import Any

PUBLIC = "all"

Entry = dict[str, Any]
Message = dict[str, Any]


def msg(code: str, **args: Any) -> Message:
    """A nested message (for example the reason in a VP entry)."""
    return {"code": code, "args": args}


def append(log: list[Entry], code: str, to: str = PUBLIC, **args: Any) -> None:
    """Append one entry to ``log`` (a state's ``d["log"]``)."""
    log.append({"code": code, "args": args, "to": to})


def visible(log: list[Entry], side: str | None) -> list[Entry]:
    """The entries ``side`` may read (``None``: a spectator, public ones only),
    as copies a client may keep or change without touching the state."""
    return [{"code": e["code"], "args": dict(e["args"]), "to": e["to"]}
            for e in log if e["to"] == PUBLIC or e["to"] == side]
