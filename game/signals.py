"""Signals game sends so that lobby and stats can react without game importing them."""

from django.dispatch import Signal

match_finished = Signal()
"""Sent once, after the commit that ended the match: ``sender=Match, match=<Match>``."""

match_started = Signal()
"""Sent once, after the commit that dealt a new match: ``sender=Match, match=<Match>``."""

ai_decision_requested = Signal()
"""Sent after every commit that makes an AI seat's decision the awaited one (and again when a
restarted server re-arms it): ``sender=Match, match_id, seat, version, deadline``.

The controller of that seat (a language model in ``machines.ai``, a program in ``machines.agents``)
answers with ``services.submit(..., cause=MatchAction.Cause.AI)`` before the deadline; if it
does not, the timeout job makes the automatic move of R120, as for a human (R142, R143)."""
