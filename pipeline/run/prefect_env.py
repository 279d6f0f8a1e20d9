"""Prefect settings for quiet, offline runs; must be applied before `import prefect`."""

from __future__ import annotations

import os
import socket
from urllib.parse import urlparse

LOCAL_API = "http://127.0.0.1:4200/api"

DEFAULTS = {
    "PREFECT_SERVER_ANALYTICS_ENABLED": "false",
    "PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS": "180",
    "PREFECT_LOGGING_LEVEL": "WARNING",
    "PREFECT_LOGGING_TO_API_ENABLED": "false",
    "PREFECT_UI_ENABLED": "false",
    "PREFECT_CLI_PROMPT": "false",
}


def server_listening(url: str, timeout: float = 0.2) -> bool:
    """True when something accepts TCP connections at the URL's host and port."""
    parsed = urlparse(url)
    try:
        with socket.create_connection((parsed.hostname or "127.0.0.1", parsed.port or 80), timeout):
            return True
    except OSError:
        return False


def configure(verbose: bool = False) -> str:
    """Set quiet defaults; use a local `prefect server start` when one is listening.

    Returns where flow runs go: the API URL, or "ephemeral" for a per-process server.
    """
    for key, value in DEFAULTS.items():
        os.environ.setdefault(key, value)
    if verbose:
        os.environ["PREFECT_LOGGING_LEVEL"] = "INFO"
    if "PREFECT_API_URL" not in os.environ and server_listening(LOCAL_API):
        os.environ["PREFECT_API_URL"] = LOCAL_API
    return os.environ.get("PREFECT_API_URL", "ephemeral")
