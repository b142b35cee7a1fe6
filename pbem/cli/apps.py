"""The typer applications the command modules register on (kept apart to avoid import cycles).

Not called ``app.py``: a submodule named ``app`` would shadow the package attribute ``pbem.cli.app``
(the Typer object, loaded lazily by ``pbem.cli.__getattr__``). Help is plain text
(``rich_markup_mode=None``): formatting it with rich cost more than the rest of ``pbem --help``.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import (
    TYPE_CHECKING,
    Annotated,
    Any,
    Final,
    NoReturn,
    ParamSpec,
    TypeVar,
    get_args,
    get_origin,
)

import typer
import typer.core

from pbem.cli.tick import error_message  # shared with the typer-free tick
from pbem.errors import (
    EXIT_FAILED,
    PbemError,
    RuleError,
    ServiceBusy,
    exit_code,
)

if TYPE_CHECKING:  # loaded by the command that reads it: 'pbem admin new --help' needs none
    from pbem.config import Config

Command = TypeVar("Command", bound=Callable[..., Any])


class PbemTyper(typer.Typer):
    """A typer application whose commands may take one parameter ``site: Site``: typer sees the
    options ``--data-dir`` and ``--config`` in its place (:func:`site_options`), as it gives a
    ``typer.Context`` parameter the context. The two options are declared once, in this module
    (:data:`DataDirOpt`, :data:`ConfigOpt`)."""

    def command(self, name: str | None = None, **settings: Any) -> Callable[[Command], Command]:
        register = super().command(name, **settings)

        def add(command: Command) -> Command:
            takes_site = "site" in inspect.signature(command).parameters
            register(site_options(command) if takes_site else command)
            return command

        return add


app = PbemTyper(
    name="pbem",
    help="Play-by-email service for the two Forbidden City board games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)
admin_app = PbemTyper(
    help="The game master's commands: create, list, inspect, verify, repair games.",
    no_args_is_help=True,
    rich_markup_mode=None,
)
app.add_typer(admin_app, name="admin")


def plain_option(*decls: str, help: str) -> typer.models.OptionInfo:
    """A typer option whose help shows no default (it is None, or worked out when the command
    runs): ``typer.Option(*decls, help=help, show_default=False)``, said once."""
    option: typer.models.OptionInfo = typer.Option(*decls, help=help, show_default=False)
    return option


# The options every command that reads the configuration takes, spelt the same everywhere.
DataDirOpt = Annotated[
    Path | None,
    typer.Option(
        "--data-dir",
        help="The games' directory (default: $PBEM_DATA_DIR, then data_dir in the config file, "
        "then ./games).",
        show_default=False,
    ),
]
ConfigOpt = Annotated[
    Path | None,
    typer.Option(
        "--config",
        help="The config file (default: $PBEM_CONFIG, then ./pbem.toml).",
        show_default=False,
    ),
]


@dataclass(frozen=True)
class Site:
    """Where a command finds its configuration and its games: ``--data-dir`` and ``--config`` as
    given on the command line (None: the default search, see :mod:`pbem.config`).

    A command that reads the configuration takes one parameter ``site: Site = DEFAULT_SITE``;
    registered on a :class:`PbemTyper`, it shows typer the two options in its place (the command
    module imports ``Site`` at run time, not under ``TYPE_CHECKING``: its annotations are read).
    (``pbem run``, ``pbem daemon`` and ``pbem admin resend`` list ``--config`` first, so they
    keep :data:`ConfigOpt` and :data:`DataDirOpt` in their own signatures: their help stays as
    it is.)"""

    data_dir: Path | None = None
    config: Path | None = None

    def load(self) -> Config:
        """The configuration (``ConfigError`` on a mistake: the caller says it its way)."""
        from pbem.config import load_config

        return load_config(self.config, data_dir=self.data_dir)


DEFAULT_SITE: Final = Site()
"""No ``--data-dir``, no ``--config``: ``$PBEM_DATA_DIR``, ``$PBEM_CONFIG``, then the files."""

P = ParamSpec("P")
R = TypeVar("R")


def site_options(command: Callable[P, R]) -> Callable[P, R]:
    """``command`` as typer sees it: its parameter ``site`` is the two options ``--data-dir`` and
    ``--config`` (:data:`DataDirOpt`, :data:`ConfigOpt`), in that place among its options; called,
    it gets them as one :class:`Site`. :class:`PbemTyper` applies it to each command it registers
    that has the parameter, as click's shared-option decorators declare options once rather than
    in the signature of every command."""
    signature = inspect.signature(command, eval_str=True)
    params: list[inspect.Parameter] = []
    for param in signature.parameters.values():
        if param.name != "site":
            params.append(param)
            continue
        for name, annotation in (("data_dir", DataDirOpt), ("config", ConfigOpt)):
            params.append(param.replace(name=name, annotation=annotation, default=None))
    if len(params) == len(signature.parameters):
        raise TypeError(f"{command.__name__} has no parameter 'site'")

    @functools.wraps(command)
    def with_site(*args: P.args, **kwargs: P.kwargs) -> R:
        if "site" not in kwargs:  # typer's call: the two options by name
            data_dir, config = kwargs.pop("data_dir", None), kwargs.pop("config", None)
            kwargs["site"] = Site(data_dir, config)  # type: ignore[arg-type]
        return command(*args, **kwargs)

    with_site.__signature__ = signature.replace(parameters=params)  # type: ignore[attr-defined]
    with_site.__annotations__ = {p.name: p.annotation for p in params}
    with_site.__annotations__["return"] = signature.return_annotation
    return with_site


GameArg = Annotated[str, typer.Argument(help="The game id, e.g. fc-7k3q (see 'pbem admin list').")]
AddressArg = Annotated[str, typer.Argument(help="The player's mail address.")]
OutputOpt = Annotated[
    Path | None,
    plain_option("--output", "-o", help="The file to write (default: standard output)."),
]
VerboseOpt = Annotated[bool, typer.Option("-v", "--verbose", help="Log every step to stderr.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]
PubkeyOpt = Annotated[
    str | None,
    plain_option(
        "--pubkey",
        help="The service's public key ('pbem-ed25519 ...' as printed by 'pbem admin pubkey') or "
        "a file holding it.",
    ),
]


def _hide_flag_metavar() -> None:
    """Flags (``--json``, ``--all``, ``-v``, ``--help``) take no value: show no ``<bool>`` for them.

    Recent typer versions print the type of every option, flags included; older ones have no
    ``display_type_rich`` and print none, so this is a no-op there.
    """
    option = typer.core.TyperOption
    original = getattr(option, "display_type_rich", None)
    if original is None or getattr(original, "_pbem_flags", False):
        return

    def display_type_rich(self: Any, ctx: Any) -> str | None:
        if getattr(self, "is_flag", False) and self.metavar is None:
            return None
        result: str | None = original(self, ctx)
        return result

    display_type_rich._pbem_flags = True  # type: ignore[attr-defined]
    option.display_type_rich = display_type_rich  # type: ignore[method-assign]


_hide_flag_metavar()


# ------------------------------------------------------------------------------------------------
# Errors: one line on stderr, "error: ...", and the exit status of pbem.errors.exit_code.
# ------------------------------------------------------------------------------------------------


def fail(message: str, code: int = EXIT_FAILED) -> NoReturn:
    """Print ``error: message`` on stderr and exit with ``code``."""
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code)


@contextlib.contextmanager
def cli_errors() -> Iterator[None]:
    """Turn the library's errors (and file-system errors) into one message and an exit status.

    A bug (any other exception) still shows its traceback: that is for a bug report.
    """
    try:
        yield
    except ServiceBusy as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(exit_code(exc)) from None
    except (PbemError, RuleError, OSError) as exc:
        fail(error_message(exc), exit_code(exc))


def _light_runtime_param(descriptor: Any) -> Any:
    """A cheap converter for a plain ``bool``, ``str``, ``int``, ``float``, ``Path`` or
    ``list[str]`` parameter, or ``None`` to leave the parameter to typer.

    typer 0.2x converts every parameter through a pydantic ``TypeAdapter``: importing pydantic and
    building the adapters cost more CPU than the rest of ``pbem run``. The conversions here are
    the ones typer's adapters do for these types (paths still go through typer's own checks)."""
    # Long on purpose: one converter per parameter type typer would otherwise hand to pydantic.
    from typer._click.exceptions import BadParameter
    from typer._coercion import RuntimeParam
    from typer._param_types import coerce_cli_path

    ann = descriptor.annotation
    info = descriptor.parameter_info
    if info.parser is not None or descriptor.file_annotation is not None:
        return None

    def to_str(value: Any, param: Any, ctx: Any) -> Any:
        if isinstance(value, bytes):
            return value.decode(sys.getfilesystemencoding(), "replace")
        return str(value)

    def to_number(value: Any, param: Any, ctx: Any) -> Any:
        try:
            number = ann(value)
        except (TypeError, ValueError):
            kind = "integer" if ann is int else "number"
            raise BadParameter(f"{value!r} is not a valid {kind}.", ctx=ctx, param=param) from None
        if (info.min is not None and number < info.min) or (
            info.max is not None and number > info.max
        ):
            bounds = f"at least {info.min}" if info.max is None else f"{info.min} to {info.max}"
            if info.min is None:
                bounds = f"at most {info.max}"
            raise BadParameter(f"{value!r} must be {bounds}.", ctx=ctx, param=param)
        return number

    def to_path(value: Any, param: Any, ctx: Any) -> Any:
        if isinstance(value, str):
            value = ann(value)
        return coerce_cli_path(value, info, path_type=ann, param=param, ctx=ctx)

    def to_bool(value: Any, param: Any, ctx: Any) -> Any:
        if isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text in ("1", "true", "t", "yes", "y", "on"):
            return True
        if text in ("", "0", "false", "f", "no", "n", "off"):
            return False
        raise BadParameter(f"{value!r} is not a valid boolean.", ctx=ctx, param=param)

    convert: Callable[[Any, Any, Any], Any]
    many = False
    if ann is bool:
        convert = to_bool
    elif ann is str:
        convert = to_str
    elif get_origin(ann) is list and get_args(ann) == (str,):
        convert, many = to_str, True
    elif ann in (int, float) and not info.clamp:
        convert = to_number
    elif isinstance(ann, type) and issubclass(ann, Path) and info.path_type is None:
        convert = to_path
    else:
        return None

    @dataclass(frozen=True)
    class _Light(RuntimeParam):
        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            if many:
                items = value if isinstance(value, (list, tuple)) else [value]
                return [convert(v, param, ctx) for v in items]
            return convert(value, param, ctx)

    return _Light(parameter_info=info, annotation=ann)


def _install_light_coercion() -> None:
    """Route simple parameters to :func:`_light_runtime_param` (no-op if typer's internals
    differ from the version this was written for: then typer converts everything, as before)."""
    try:
        from typer import core
    except ImportError:  # pragma: no cover
        return
    cls = getattr(core, "_TyperParameter", None)
    original = getattr(cls, "get_runtime_param", None)
    if cls is None or original is None or getattr(original, "_pbem_light", False):
        return

    def get_runtime_param(self: Any) -> Any:
        if getattr(self, "_runtime_param", None) is None:
            try:
                light = _light_runtime_param(self.type_descriptor)
            except (ImportError, AttributeError):  # pragma: no cover - another typer
                light = None
            if light is not None:
                self._runtime_param = light
        return original(self)

    get_runtime_param._pbem_light = True  # type: ignore[attr-defined]
    cls.get_runtime_param = get_runtime_param


_install_light_coercion()
