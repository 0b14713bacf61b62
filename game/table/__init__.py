"""The live table screen (issue 16): regions with stable ids, drawn from engine views.

- ``context``: what a render needs from the database, loaded once per change;
- ``cards``, ``portraits``, ``log``, ``controls``, ``seats``, ``panels``: presenting cards, the
  event log, the viewer's legal actions, seats and the table's words;
- ``regions``: the regions, what each is drawn from, and drawing them;
- ``delta``: which regions a change alters for each screen;
- ``screens``: the entry points for the page, the socket and the broadcast.
"""
