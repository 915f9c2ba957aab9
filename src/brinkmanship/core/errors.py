"""Exceptions shared by every game.

Errors carry the offending value so that a client (CLI, server, bot harness)
can show the user what was wrong and what would have been accepted. An
action refused, or text that does not parse, says why as a message of the
catalogs (``{"code", "args"}``, codes ``error.*``, ``<game>.error.*``), so
each reader gets it in their language; its arguments follow the i18n
conventions (``card``, ``country``, ``side``...), and the client's own
input is the argument ``given``, already quoted (``repr``: control
characters escaped).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from brinkmanship.core.log import Message, msg
from brinkmanship.i18n import DEFAULT_LANG, render


class BrinkmanshipError(Exception):
    """Base class of every error raised on purpose by the engine."""


class IllegalActionError(BrinkmanshipError, ValueError):
    """An action was malformed or is not legal in the current state.

    The state is left exactly as it was. ``action`` is what was given,
    ``legal`` lists the canonical text of every action that would have been
    accepted, and the reason it was refused is a message of the catalogs
    (``i18n/<lang>/errors.json``): ``message`` holds it as data
    (``{"code", "args"}``), so a client shows it in its reader's language
    with ``reason_text(lang)``, or the whole refusal with ``render(lang)``.
    ``reason`` and ``str(exc)`` are the English texts (``str`` adds the
    legal actions, which ``render`` leaves to the client to show).

    >>> import brinkmanship as bm
    >>> s = bm.new_game("twilight", seed=1)
    >>> try:
    ...     s.apply("coup Iran")
    ... except bm.IllegalActionError as exc:
    ...     print(exc.message["code"])
    ...     print(exc.render("en"))
    twilight.error.wrong_verb
    illegal action 'coup Iran': USSR must now place set-up influence: expected place, not 'coup'
    """

    def __init__(self, action: object, reason: str | Message, legal: Sequence[str] = ()) -> None:
        self.action = action
        # A reason given as plain text (a plugin without messages) is shown
        # as written in every language.
        self.message: Message = reason if isinstance(reason, dict) else msg("error.text", text=reason)
        self.reason = self.reason_text(DEFAULT_LANG)
        self.legal = list(legal)
        text = self.render(DEFAULT_LANG)
        if self.legal:
            shown = ", ".join(self.legal[:40])
            if len(self.legal) > 40:
                shown += f", ... ({len(self.legal)} in all)"
            text += f"; legal now: {shown}"
        super().__init__(text)

    @property
    def refusal(self) -> Message:
        """The whole refusal as a message: what was given (quoted, at most
        ``MAX_QUOTE`` characters of it) and ``message``, the reason."""
        given, chars = quote_arg(self.action)
        return msg("error.refused", given=given, chars=chars, reason=self.message)

    def render(self, lang: str = DEFAULT_LANG) -> str:
        """The refusal as one sentence in ``lang``: what was given and why it
        was refused (not the legal actions: the client lists those)."""
        return render(self.refusal, lang)

    def reason_text(self, lang: str = DEFAULT_LANG) -> str:
        """Why the action was refused, in ``lang``."""
        return render(self.message, lang)

    def __reduce__(self) -> tuple[Any, ...]:
        # The constructor does not take ``args`` back: pickle (worker
        # processes) restores the fields instead.
        return _restore, (type(self), self.args, self.__dict__)


class NotYourTurnError(IllegalActionError):
    """An action sent by a seat that is not to move (``apply(..., by=side)``).

    It tells only whose turn it is, which is public: no legal list and no
    reason that could name a card of the mover's, whatever the input was.
    """

    def __init__(self, action: object, by: str, mover: str | None) -> None:
        reason = (msg("error.not_your_turn_over", by=by) if mover is None
                  else msg("error.not_your_turn", by=by, mover=mover))
        super().__init__(action, reason)
        self.by = by
        self.mover = mover


class ParseError(BrinkmanshipError, LookupError):
    """Text that names no action: an unknown verb, card, country, arena...

    Raised by ``ActionSpace.parse`` and the games' name lookups; ``message``
    says what was wrong as a catalog message, ``str(exc)`` (and
    ``exc.args[0]``) in English. ``State`` turns it into the reason of an
    ``IllegalActionError``.

    >>> str(ParseError("error.empty"))
    'empty action text'
    """

    def __init__(self, code: str, /, **args: Any) -> None:
        self.message: Message = msg(code, **args)
        super().__init__(render(self.message, DEFAULT_LANG))

    def __reduce__(self) -> tuple[Any, ...]:
        return _restore, (type(self), self.args, self.__dict__)


def _restore(cls: type[BaseException], args: tuple[Any, ...], fields: dict[str, Any]) -> BaseException:
    exc = cls.__new__(cls)
    exc.args = args
    exc.__dict__.update(fields)
    return exc


def reason_of(exc: LookupError) -> Message:
    """The reason carried by a failed lookup: its message, or its text for
    a plain ``LookupError`` (a plugin that raises those)."""
    if isinstance(exc, ParseError):
        return exc.message
    return msg("error.text", text=str(exc.args[0] if exc.args else exc))


class StateError(BrinkmanshipError, ValueError):
    """A saved state given to ``load`` is malformed, tampered with or not a
    state at all. The message names the field that is wrong."""


# Longest piece of client input an error message repeats: enough to
# recognise a typo, never a way to echo a large payload back.
MAX_QUOTE = 80


def quote(value: object) -> str:
    """``repr`` of the text of ``value``, cut to ``MAX_QUOTE`` characters."""
    given, chars = quote_arg(value)
    return given + f"... ({chars} characters)" if chars else given


def quote_arg(value: object) -> tuple[str, int]:
    """What a message shows of client input: the ``repr`` of its text (so
    control characters are escaped), cut to ``MAX_QUOTE`` characters, and
    the whole length when it was cut (else 0). Messages name it ``given``
    (and ``chars``)."""
    text = str(value)
    if len(text) > MAX_QUOTE:
        return repr(text[:MAX_QUOTE]), len(text)
    return repr(text), 0


class PositionError(BrinkmanshipError, ValueError):
    """A position given to ``from_position`` is malformed or impossible."""


class UnknownGameError(BrinkmanshipError, ValueError):
    """A game name that no plugin is registered under."""
