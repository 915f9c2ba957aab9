"""The seeded generator stored in the state: reproducible and uniform enough."""

from __future__ import annotations

from collections import Counter

import pytest

from brinkmanship.core import rng

# No state is made here: one run, on Python (tests/conftest.py).
pytestmark = [pytest.mark.usefixtures("on_backend"),
              pytest.mark.python_backend("tests the Python random-number functions; it makes no state")]


def test_same_seed_same_sequence() -> None:
    a = {"rng": rng.seed_state(42)}
    b = {"rng": rng.seed_state(42)}
    assert [rng.next_u64(a) for _ in range(5)] == [rng.next_u64(b) for _ in range(5)]


def test_different_seeds_differ() -> None:
    a = {"rng": rng.seed_state(1)}
    b = {"rng": rng.seed_state(2)}
    assert rng.next_u64(a) != rng.next_u64(b)


def test_state_is_a_json_integer() -> None:
    d = {"rng": rng.seed_state(7)}
    rng.die(d)
    assert isinstance(d["rng"], int) and 0 <= d["rng"] < 2**64


def test_die_is_roughly_uniform() -> None:
    d = {"rng": rng.seed_state(3)}
    counts = Counter(rng.die(d) for _ in range(60000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    for face in range(1, 7):
        assert 9400 < counts[face] < 10600


def test_shuffle_is_a_permutation_and_reproducible() -> None:
    d1 = {"rng": rng.seed_state(9)}
    d2 = {"rng": rng.seed_state(9)}
    a = list(range(50))
    b = list(range(50))
    rng.shuffle(d1, a)
    rng.shuffle(d2, b)
    assert a == b
    assert sorted(a) == list(range(50))
    assert a != list(range(50))
