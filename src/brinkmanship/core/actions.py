"""Actions: small immutable values with a canonical text form and an integer id.

Each game declares its vocabulary once as an :class:`ActionSpace`: a list of
verbs, each with the set of arguments it can take. Every possible action is
built once, when the space is created, so legal-action generation only hands
out references to prebuilt objects and comparing two actions is an identity
check. The id of an action is its position in the space and never changes
for a given game version, which makes the space usable as an RL action head.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Sequence

from brinkmanship.core.errors import ParseError


class Action:
    """One atomic decision, such as ``place West Germany`` or ``roll 4``.

    >>> from brinkmanship.twilight.actions import SPACE
    >>> a = SPACE.parse("coup Iran")
    >>> str(a), a.verb, a.id == SPACE.parse(str(a)).id
    ('coup Iran', 'coup', True)
    """

    __slots__ = ("arg", "game", "id", "text", "verb")

    game: str
    verb: str
    arg: int | None
    id: int
    text: str

    def __init__(self, game: str, verb: str, arg: int | None, ident: int, text: str) -> None:
        self.game = game
        self.verb = verb
        self.arg = arg
        self.id = ident
        self.text = text

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action({self.text!r})"

    def __reduce__(self) -> tuple[object, ...]:
        # Pickled actions (e.g. sent to worker processes) come back as the
        # shared singleton of the receiving process.
        return (_lookup, (self.game, self.id))


# Populated by ActionSpace so that unpickling finds the singleton again.
_SPACES: dict[str, ActionSpace] = {}


def _lookup(game: str, ident: int) -> Action:
    return _SPACES[game].actions[ident]


class Verb:
    """A verb and the arguments it accepts.

    ``names`` gives the canonical text of each argument value (``None`` for a
    verb that takes no argument); ``parse_arg`` turns user text into an
    argument value or raises ``LookupError`` saying what was wrong (a
    ``ParseError``, whose message a client renders in its reader's language).
    """

    __slots__ = ("name", "names", "parse_arg", "values")

    def __init__(
        self,
        name: str,
        values: Sequence[int] | None = None,
        names: Callable[[int], str] | None = None,
        parse_arg: Callable[[str], int] | None = None,
    ) -> None:
        self.name = name
        self.values = list(values) if values is not None else None
        self.names = names
        self.parse_arg = parse_arg


class ActionSpace:
    """Every action of one game, in a fixed order."""

    def __init__(self, game: str, verbs: Iterable[Verb]) -> None:
        self.game = game
        self.verbs: dict[str, Verb] = {}
        self.actions: list[Action] = []
        self.by_verb: dict[str, dict[int | None, Action]] = {}
        self.by_text: dict[str, Action] = {}
        self._digest: str | None = None
        for verb in verbs:
            self.verbs[verb.name] = verb
            table: dict[int | None, Action] = {}
            if verb.values is None:
                self._add(table, verb.name, None, verb.name)
            else:
                assert verb.names is not None
                for v in verb.values:
                    self._add(table, verb.name, v, f"{verb.name} {verb.names(v)}")
            self.by_verb[verb.name] = table
        _SPACES[game] = self

    def _add(self, table: dict[int | None, Action], verb: str, arg: int | None, text: str) -> None:
        a = Action(self.game, verb, arg, len(self.actions), text)
        self.actions.append(a)
        table[arg] = a
        self.by_text[text.lower()] = a

    def __len__(self) -> int:
        return len(self.actions)

    def get(self, verb: str, arg: int | None = None) -> Action:
        """The action for a verb and an argument value."""
        return self.by_verb[verb][arg]

    @property
    def size(self) -> int:
        """How many distinct actions the game has (ids are ``0 .. size - 1``)."""
        return len(self.actions)

    @property
    def digest(self) -> str:
        """A stable fingerprint of the space: every id with its text. A trained
        model stores it to check it plays the same action space.

        >>> from brinkmanship.twilight.actions import SPACE
        >>> len(SPACE.digest)
        16
        """
        if self._digest is None:
            h = hashlib.sha256()
            for a in self.actions:
                h.update(f"{a.id}\t{a.text}\n".encode())
            self._digest = h.hexdigest()[:16]
        return self._digest

    def from_id(self, ident: int) -> Action:
        """The action with a given integer id; ``ParseError`` (a
        ``LookupError``) for anything that is not an id of this space
        (negative, too large, not an int).

        >>> from brinkmanship.twilight.actions import SPACE
        >>> SPACE.from_id(-1)
        Traceback (most recent call last):
        ...
        brinkmanship.core.errors.ParseError: action id -1 is out of range: ids are 0 to 1110
        """
        if type(ident) is not int:
            raise ParseError("error.id_not_int", type=type(ident).__name__)
        if not 0 <= ident < len(self.actions):
            raise ParseError("error.id_range", id=ident, last=len(self.actions) - 1)
        return self.actions[ident]

    def parse(self, text: str) -> Action:
        """Parse action text; raise ``ParseError`` (a ``LookupError``)
        naming what was wrong.

        Canonical text parses to itself; verbs are case-insensitive and each
        verb's argument parser may accept other spellings (numbers, aliases).
        """
        s = " ".join(str(text).split())
        if not s:
            raise ParseError("error.empty")
        hit = self.by_text.get(s.lower())
        if hit is not None:
            return hit
        verb_text, _, rest = s.partition(" ")
        verb = self.verbs.get(verb_text.lower())
        if verb is None:
            raise ParseError("error.unknown_verb", given=repr(verb_text), verbs=list(self.verbs))
        if verb.values is None:
            raise ParseError("error.no_argument", verb=verb.name, given=repr(rest))
        if not rest:
            raise ParseError("error.needs_argument", verb=verb.name)
        assert verb.parse_arg is not None
        value = verb.parse_arg(rest)
        table = self.by_verb[verb.name]
        if value not in table:
            raise ParseError("error.bad_argument", verb=verb.name, given=repr(rest))
        return table[value]
