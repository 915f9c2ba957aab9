"""`brink cards` status: implemented events and tests named after each card."""

from __future__ import annotations

from pathlib import Path

from brinkmanship.cli.cardstatus import snake, statuses


def test_status_reads_test_names(tmp_path: Path) -> None:
    (tmp_path / "twilight").mkdir()
    (tmp_path / "twilight" / "test_x.py").write_text(
        "def test_fidel_takes_cuba():\n    pass\n\ndef test_nato_x():\n    pass\n")
    st = {s.number: s for s in statuses(tmp_path)}
    assert st[8].tested is True and st[8].implemented is True  # Fidel
    assert st[21].tested is True  # NATO (a test name is enough for the test column)
    assert st[4].tested is False  # Duck and Cover: no test in this folder
    assert st[6].implemented is True  # The China Card has no event to implement


def test_snake_names() -> None:
    assert snake("Ask Not What Your Country Can Do For You") == "ask_not_what_your_country_can_do_for_you"
    assert snake("Soviets Shoot Down KAL-007") == "soviets_shoot_down_kal_007"


def test_every_card_is_implemented_and_tested() -> None:
    """`brink cards twilight` shows 110 of 110 events with tests named after them."""
    st = statuses()
    assert len(st) == 110
    assert [s.number for s in st if not s.implemented] == []
    assert [s.number for s in st if not s.tested] == []
