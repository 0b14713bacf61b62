"""Signals game sends so that lobby and stats can react without game importing them."""

from django.dispatch import Signal

match_finished = Signal()
"""Sent once, after the commit that ended the match: ``sender=Match, match=<Match>``."""
