"""The typer applications the command modules register on (kept apart to avoid import cycles)."""

from __future__ import annotations

import typer

app = typer.Typer(
    name="pbem",
    help="Play-by-email service for the two Forbidden City board games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
admin_app = typer.Typer(
    help="The game master's commands: create, list, inspect, verify, repair games.",
    no_args_is_help=True,
)
app.add_typer(admin_app, name="admin")
