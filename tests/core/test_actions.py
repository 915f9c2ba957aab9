"""Action values: canonical text both ways, stable ids, helpful parse errors."""

from __future__ import annotations

import pickle

import pytest

import brinkmanship as bm
from brinkmanship.twilight.actions import OPTIONS, SPACE

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")


@pytest.mark.python_backend("it checks the action space; it makes no state")
def test_every_action_text_parses_back_to_itself() -> None:
    for a in SPACE.actions:
        assert SPACE.parse(a.text) is a
        assert SPACE.from_id(a.id) is a


@pytest.mark.python_backend("it checks the action space; it makes no state")
def test_ids_are_dense_and_fixed() -> None:
    assert [a.id for a in SPACE.actions] == list(range(len(SPACE)))
    # The first 896 ids (5 card verbs x 110, 4 country verbs x 84, 6 rolls, 4 words)
    # never move; event verbs (target, pick, choose) were appended after them.
    assert SPACE.parse("headline Asia Scoring").id == 0
    assert SPACE.parse("no").id == 5 * 110 + 4 * 84 + 6 + 4 - 1
    assert SPACE.parse("target Canada").id == 896
    assert len(SPACE) == 896 + 84 + 110 + len(OPTIONS)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("ops #21", "ops NATO"),
        ("ops 21", "ops NATO"),
        ("OPS nato", "ops NATO"),
        ("  coup   iran ", "coup Iran"),
        ("place w. germany", "place West Germany"),
        ("ops china", "ops The China Card"),
        ("event Warsaw Pact", "event Warsaw Pact Formed"),
        ("roll 6", "roll 6"),
        ("PASS", "pass"),
    ],
)
@pytest.mark.python_backend("it checks the action space; it makes no state")
def test_other_spellings_parse_to_canonical(text: str, canonical: str) -> None:
    assert str(SPACE.parse(text)) == canonical


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("cop Iran", "unknown verb 'cop'"),
        ("coup Irann", "did you mean Iran"),
        ("ops #999", "no card number 999"),
        ("roll 7", "cannot take '7'"),
        ("roll x", "a roll is a number"),
        ("pass now", "takes no argument"),
        ("coup", "needs an argument"),
        ("", "empty action text"),
    ],
)
@pytest.mark.python_backend("it checks the action space; it makes no state")
def test_malformed_text_names_the_problem(text: str, message: str) -> None:
    with pytest.raises(LookupError, match=message):
        SPACE.parse(text)


@pytest.mark.python_backend("it checks the action space; it makes no state")
def test_actions_pickle_to_the_same_singleton() -> None:
    a = SPACE.parse("coup Iran")
    assert pickle.loads(pickle.dumps(a)) is a


@pytest.mark.python_backend("it checks the action space; it makes no state")
def test_repr_reads_back() -> None:
    assert repr(SPACE.parse("realign Cuba")) == "Action('realign Cuba')"


def test_state_rejects_malformed_text_with_legal_list() -> None:
    s = bm.new_game("twilight", seed=1)
    before = s.to_json()
    with pytest.raises(bm.IllegalActionError) as err:
        s.apply("place Atlantis")
    assert "unknown country 'Atlantis'" in str(err.value)
    assert "place Poland" in err.value.legal
    assert isinstance(err.value, ValueError)
    assert s.to_json() == before


def test_state_rejects_non_actions() -> None:
    s = bm.new_game("twilight", seed=1)
    with pytest.raises(bm.IllegalActionError, match="an action is text, an id or an Action, not float"):
        s.apply(42.0)  # type: ignore[arg-type]
    with pytest.raises(bm.IllegalActionError, match="an action is text, an id or an Action, not bool"):
        s.apply(True)  # type: ignore[arg-type]
