"""Helpers of the load-validation tests of both games: a state as the dict
a file holds, and the check that loading a changed one is refused."""

from __future__ import annotations

import json
from typing import Any

import pytest

import brinkmanship as bm


def data(s: bm.State) -> dict[str, Any]:
    """The state as a saved file holds it, ready to be tampered with."""
    d: dict[str, Any] = json.loads(s.to_json())
    return d


def refused(d: dict[str, Any], *fragments: str) -> None:
    """Loading ``d`` raises StateError whose message holds every fragment."""
    with pytest.raises(bm.StateError) as info:
        bm.load(json.dumps(d))
    for fragment in fragments:
        assert fragment in str(info.value), str(info.value)
