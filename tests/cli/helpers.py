"""Running `brink` through typer's CliRunner, shared by the CLI tests."""

from __future__ import annotations

from typer.testing import CliRunner

from brinkmanship.cli.main import app

#: A wide terminal without colour, so that tables and messages read as plain text.
ENV = {"COLUMNS": "200", "NO_COLOR": "1"}


def brink(runner: CliRunner, *args: str, input: str | None = None, columns: int = 200) -> tuple[int, str]:
    """Run ``brink ARGS`` and return (exit code, output); an unexpected
    exception is raised as itself, so that a test shows its traceback."""
    result = runner.invoke(app, list(args), input=input, env={**ENV, "COLUMNS": str(columns)})
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.output
