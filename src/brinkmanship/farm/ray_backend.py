"""The Ray backend: the same tasks on a Ray cluster (or a local Ray instance).

Ray is an optional extra (``pip install 'brinkmanship[ray]'``) and is only
imported here, when asked for. Each task is one Ray task running
:func:`~brinkmanship.farm.tasks.run_task`; results come back as they finish
and are put in order afterwards, so a run gives the same records as on the
local pool. The nodes of a cluster need the same Brinkmanship installed (the
workers import ``brinkmanship.farm.tasks`` by name).

A farm connects to ``address`` (default: the ``RAY_ADDRESS`` environment
variable, as Ray itself does) or, with neither, starts a local instance that
it shuts down when closed. If Ray is already initialized in this process
(a notebook, a test) the farm uses that and leaves it running.
"""

from __future__ import annotations

import logging
import os
from types import ModuleType
from typing import Any

from brinkmanship.farm.local import Progress
from brinkmanship.farm.tasks import FarmError, GameRecord, Task, run_task

INSTALL_HINT = ("Ray is not installed; install the optional extra with: pip install 'brinkmanship[ray]' "
                "(or ./scripts/bootstrap.sh, which installs it in .venv)")


def import_ray() -> ModuleType:
    """The ``ray`` module, or a :class:`FarmError` saying how to install it."""
    try:
        import ray
    except ImportError:
        raise FarmError(INSTALL_HINT) from None
    return ray


class RayFarm:
    """Games on Ray; use as a context manager."""

    def __init__(self, address: str | None = None) -> None:
        self._ray = ray = import_ray()
        self.address = address or os.environ.get("RAY_ADDRESS") or None
        self._started = False
        if not ray.is_initialized():
            kwargs: dict[str, Any] = {"logging_level": logging.WARNING, "log_to_driver": False}
            if self.address:
                ray.init(address=self.address, **kwargs)
            else:
                ray.init(include_dashboard=False, **kwargs)
            self._started = True
        self._remote: Any = ray.remote(run_task)

    @property
    def slots(self) -> int:
        """CPUs in the cluster (how many games can run at once)."""
        return max(1, int(self._ray.cluster_resources().get("CPU", 1)))

    def describe(self) -> str:
        """How games are run, for summaries."""
        where = f"cluster at {self.address}" if self.address else "local instance"
        return f"Ray {where}, {self.slots} CPUs"

    def run(self, tasks: list[Task], on_progress: Progress | None = None) -> list[GameRecord]:
        """Play every task on Ray; records come back in the order of the tasks."""
        ray = self._ray
        refs = [self._remote.remote(t) for t in tasks]
        pending = list(refs)
        results: dict[Any, list[GameRecord]] = {}
        try:
            while pending:
                done, pending = ray.wait(pending, num_returns=1)
                for ref in done:
                    try:
                        records = ray.get(ref)
                    except ray.exceptions.RayTaskError as exc:
                        cause = exc.cause if isinstance(getattr(exc, "cause", None), Exception) else exc
                        raise FarmError(str(cause).strip().splitlines()[-1]) from None
                    results[ref] = records
                    if on_progress is not None:
                        on_progress(records)
        except BaseException:
            for ref in pending:
                ray.cancel(ref)
            raise
        return [r for ref in refs for r in results[ref]]

    def close(self) -> None:
        """Shut down the Ray instance if this farm started it."""
        if self._started:
            self._ray.shutdown()
            self._started = False

    def __enter__(self) -> RayFarm:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


__all__ = ["INSTALL_HINT", "RayFarm", "import_ray"]
