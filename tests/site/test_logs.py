"""Log lines carry time, level, logger and the match they are about (bangarena_site.logs).

Found: log lines carried no time, level or logger, so nothing could be followed across the
web and worker processes of the production stack.
"""

from __future__ import annotations

import json
import logging
import re

from bangarena_site.logs import (
    JsonFormatter,
    MatchFilter,
    TextFormatter,
    about_match,
    match_context,
)


def record(message: str = "a move went wrong", **extra) -> logging.LogRecord:
    made = logging.LogRecord("game.services", logging.WARNING, __file__, 1, message, (), None)
    for key, value in extra.items():
        setattr(made, key, value)
    MatchFilter().filter(made)
    return made


def test_a_text_line_has_time_level_logger_match_and_message():
    with match_context(12):
        line = TextFormatter().format(record())
    assert re.fullmatch(
        r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z WARNING game\.services match=12 a move went wrong",
        line,
    )


def test_outside_a_match_the_line_names_none():
    assert " match=" not in TextFormatter().format(record())


def test_json_lines_are_objects_a_collector_reads():
    @about_match
    def job(match_id: int) -> str:
        return JsonFormatter().format(record())

    data = json.loads(job(7))
    assert data["match"] == 7
    assert (data["level"], data["logger"], data["message"]) == (
        "WARNING",
        "game.services",
        "a move went wrong",
    )
    assert data["time"].endswith("Z")


def test_a_match_given_explicitly_wins_and_the_context_ends_with_the_block():
    with match_context(3):
        assert json.loads(JsonFormatter().format(record(match_id=9)))["match"] == 9
    assert json.loads(JsonFormatter().format(record()))["match"] is None
