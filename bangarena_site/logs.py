"""Log lines an operator can search: time, level, logger, and the match a line is about.

``match_context(match_id)`` marks the code running for one match (a move, a job, a socket);
every record logged inside it carries ``match=<id>``, so one grep follows a table through web
and worker processes. The text format is one line per record; ``LOG_FORMAT=json`` writes one
JSON object per line for a collector.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import json
import logging
from collections.abc import Callable, Iterator
from datetime import UTC, datetime

_current_match: contextvars.ContextVar[int | None] = contextvars.ContextVar(
    "bangarena_match", default=None
)


@contextlib.contextmanager
def match_context(match_id: int | None) -> Iterator[None]:
    """Records logged inside carry this match id (contextvars follow sync_to_async threads)."""
    token = _current_match.set(match_id)
    try:
        yield
    finally:
        _current_match.reset(token)


def about_match[**P, R](func: Callable[P, R]) -> Callable[P, R]:
    """For functions whose first argument is a match id: run them in ``match_context``."""

    @functools.wraps(func)
    def wrapped(*args: P.args, **kwargs: P.kwargs) -> R:
        with match_context(args[0] if args else None):  # type: ignore[arg-type]
            return func(*args, **kwargs)

    return wrapped


class MatchFilter(logging.Filter):
    """Adds ``match_id`` to every record: the one passed in ``extra``, else the context's."""

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "match_id", None) is None:
            record.match_id = _current_match.get()
        return True


def _timestamp(record: logging.LogRecord) -> str:
    moment = datetime.fromtimestamp(record.created, tz=UTC)
    return moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")


class TextFormatter(logging.Formatter):
    """``2026-12-01T13:00:00.123Z WARNING game.services match=12 the message``."""

    def format(self, record: logging.LogRecord) -> str:
        match = getattr(record, "match_id", None)
        where = f" match={match}" if match is not None else ""
        line = f"{_timestamp(record)} {record.levelname} {record.name}{where} {record.getMessage()}"
        if record.exc_info:
            line += "\n" + self.formatException(record.exc_info)
        return line


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, match (or null), message, exception."""

    def format(self, record: logging.LogRecord) -> str:
        data = {
            "time": _timestamp(record),
            "level": record.levelname,
            "logger": record.name,
            "match": getattr(record, "match_id", None),
            "message": record.getMessage(),
        }
        if record.exc_info:
            data["exception"] = self.formatException(record.exc_info)
        return json.dumps(data, ensure_ascii=False)
