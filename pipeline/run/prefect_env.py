"""Prefect settings for quiet, offline runs, and the check of the configured Prefect API.

`configure` must run before `import prefect`. The API is Prefect's own setting (in order:
`PREFECT_API_URL`, a `.env` or `prefect.toml` in the working folder, the active profile); no
port is probed. With none set, flow runs use a temporary per-process ("ephemeral") server.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from pipeline.errors import PipelineError

if TYPE_CHECKING:
    import httpx

EPHEMERAL = "ephemeral"

DEFAULTS = {
    "PREFECT_SERVER_ANALYTICS_ENABLED": "false",
    "PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS": "180",
    "PREFECT_LOGGING_LEVEL": "WARNING",
    "PREFECT_LOGGING_TO_API_ENABLED": "false",
    "PREFECT_UI_ENABLED": "false",
    "PREFECT_CLI_PROMPT": "false",
}


class PrefectApiError(PipelineError):
    """The configured Prefect API is missing, not answering, or not a Prefect server."""


def configure(verbose: bool = False) -> str:
    """Set quiet defaults; return the configured API URL, or "ephemeral" when none is set."""
    for key, value in DEFAULTS.items():
        os.environ.setdefault(key, value)
    if verbose:
        os.environ["PREFECT_LOGGING_LEVEL"] = "INFO"
    return api_url() or EPHEMERAL


def api_url() -> str | None:
    """The API URL Prefect itself will use (environment, .env, prefect.toml or profile)."""
    from prefect.settings import get_current_settings

    return get_current_settings().api.url


def api_source() -> tuple[str, str]:
    """Where the API URL most likely comes from, and how to unset it there."""
    if os.environ.get("PREFECT_API_URL"):
        return "PREFECT_API_URL", "unset PREFECT_API_URL"
    env, toml = Path.cwd() / ".env", Path.cwd() / "prefect.toml"
    if env.is_file() and "PREFECT_API_URL" in env.read_text(errors="replace"):
        return str(env), "remove PREFECT_API_URL from .env"
    if toml.is_file():
        return str(toml), "`make server-stop` (or drop api.url there)"
    from prefect.context import get_settings_context

    profile = get_settings_context().profile.name
    return f"Prefect profile {profile!r}", "`prefect config unset PREFECT_API_URL`"


def check_api(url: str, timeout: float = 5.0) -> None:
    """Raise PrefectApiError (one line) unless a Prefect server answers its health check."""
    import httpx
    from prefect.settings import get_current_settings

    api = get_current_settings().api
    headers = {"Authorization": f"Bearer {api.key.get_secret_value()}"} if api.key else {}
    health = url.rstrip("/") + "/health"
    try:
        reply = httpx.get(
            health, headers=headers, timeout=timeout, verify=not api.tls_insecure_skip_verify
        )
    except httpx.HTTPError as exc:
        reason = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
        raise PrefectApiError(_message(url, reason)) from exc
    if reply.status_code != 200 or not _is_true(reply):
        reason = f"GET {health} gave HTTP {reply.status_code}, so it is not a Prefect server"
        raise PrefectApiError(_message(url, reason))


def _is_true(reply: httpx.Response) -> bool:
    try:
        return reply.json() is True
    except ValueError:
        return False


def _message(url: str, reason: str) -> str:
    source, unset = api_source()
    return (
        f"the Prefect API {url} (from {source}) does not answer: {reason}; start it with"
        f" `make server-start`, or {unset} to use a temporary server"
    )
