"""Every file a docstring, comment or document names exists.

A maintainer follows these references to find a rule; one left pointing at
a file that was split or moved sends them nowhere. A reference is a path
to a Python module (``.py``) or to one of our documents (``docs/*.md``); it
may be written from the project root, from ``src/brinkmanship``, from the
referring file's directory or its package (``cards/scoring.py`` inside
``twilight/``). Names of the shared rules reference (``rules.md``,
``cards.json``) live outside this repository and are not checked.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "brinkmanship"
# A path-like word: letters, digits, _, - and / before the extension.
REFERENCE = re.compile(r"(?<![\w./-])((?:\.\./|[\w-]+/)*[\w-]+\.py|docs/[\w-]+\.md)\b")
# Names that are not files of this project: other projects' files, patterns.
NOT_OURS = frozenset({"conftest.py", "setup.py", "__init__.py", "test_x.py"})


def _sources() -> list[Path]:
    files = [*PACKAGE.rglob("*.py"), *(ROOT / "benchmarks").glob("*.py"), *(ROOT / "tests").rglob("*.py"),
             *(ROOT / "docs").glob("*.md"), ROOT / "README.md"]
    return sorted(p for p in files if p.exists())


def _exists(ref: str, source: Path) -> bool:
    if ref.startswith("../"):
        return True  # the shared design and reference documents, outside this repository
    bases = [ROOT, PACKAGE, source.parent, ROOT / "src"]
    for parent in source.parents:
        if parent == PACKAGE:
            break
        bases.append(parent)
    if (PACKAGE / ref.split("/")[0]).is_dir() or (PACKAGE / ref).exists():
        bases.append(PACKAGE)
    return any((base / ref).exists() for base in bases) or any(
        p.as_posix().endswith("/" + ref) for top in (PACKAGE, ROOT / "tests") for p in top.rglob(Path(ref).name))


def test_every_referenced_file_exists() -> None:
    missing = []
    for source in _sources():
        for n, line in enumerate(source.read_text(encoding="utf-8").splitlines(), 1):
            for ref in REFERENCE.findall(line):
                if Path(ref).name in NOT_OURS and "/" not in ref:
                    continue
                if not _exists(ref, source):
                    missing.append(f"{source.relative_to(ROOT)}:{n}: {ref}")
    assert not missing, "references to files that do not exist:\n" + "\n".join(missing)
