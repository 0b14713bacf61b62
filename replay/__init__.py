"""Replays of finished matches (issue 18), rebuilt with the engine from the stored log.

- ``timeline``: every position of a match (pure, no Django), with engine states kept at
  checkpoints in memory;
- ``store``: a finished match's timeline, cached per process; running matches have none;
- ``scene``: what a perspective (everything, or one seat's eyes) is drawn from;
- ``log``, ``painter``, ``position``: the log panel, the read-only table and the controls;
- ``privacy``: the per-player opt-out ("Player N");
- ``export``: the JSON document for programs; ``views``: the pages.
"""
