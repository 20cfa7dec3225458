"""The server's logging: the documented levels only, and no seat's token in any line.

A token in a log would let whoever reads it act for that seat. Every handler the server logs
through carries :class:`HideTokens`, so records from any logger (uvicorn's access and error
logs, the WebSocket library, dowding's own) are cleaned, whatever their level; the ``trace``
level, which prints whole ASGI scopes with their headers, is not offered.
"""

from __future__ import annotations

import copy
import enum
import logging
import re
from typing import Any

# ?token=..., ?tokens=a,b, an invite link's #t=..., an Authorization header's bearer token
SECRET = re.compile(
    r"((?:[?&\s'\"(]|^)tokens?=|#t=|\bbearer\s+|['\"]token['\"]\s*:\s*['\"]?)"
    r"[^&\s'\"#,)]*(?:,[^&\s'\"#,)]+)*",
    re.IGNORECASE,
)


class LogLevel(enum.StrEnum):
    """The levels ``dowding serve --log-level`` accepts (docs/web-api.md)."""

    debug = "debug"
    info = "info"
    warning = "warning"
    error = "error"


def hide(text: str) -> str:
    return SECRET.sub(lambda m: m.group(1) + "***", text)


def _hidden(value: object) -> object:
    if isinstance(value, str):
        return hide(value)
    if value is None or isinstance(value, int | float):
        return value
    text = str(value)  # a scope, a header list, bytes: shown as %s would show them
    cleaned = hide(text)
    return value if cleaned == text else cleaned


class HideTokens(logging.Filter):
    """Access log lines show ``?token=***``; every other line is cleaned the same way."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = hide(record.msg)
        else:
            record.msg = _hidden(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(_hidden(a) for a in record.args)
        elif record.args:  # a mapping of named arguments
            record.msg, record.args = hide(record.getMessage()), ()
        if record.exc_info and record.exc_info[1] is not None and not record.exc_text:
            record.exc_text = hide(logging.Formatter().formatException(record.exc_info))
        return True


def log_config(level: LogLevel) -> dict[str, Any]:
    """uvicorn's logging set-up with :class:`HideTokens` on every handler, and the root logger
    (dowding's own, the WebSocket library's) sent through the same filtered handler."""
    import uvicorn.config

    config: dict[str, Any] = copy.deepcopy(uvicorn.config.LOGGING_CONFIG)
    config["filters"] = {"hide_tokens": {"()": f"{__name__}.HideTokens"}}
    for handler in config["handlers"].values():
        handler["filters"] = ["hide_tokens"]
    # other libraries warn through the same filtered handler; dowding's own logs at ``level``
    config["root"] = {"handlers": ["default"], "level": "WARNING"}
    config["loggers"]["dowding"] = {"level": level.value.upper()}
    return config
