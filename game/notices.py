"""The table's own lines in the log (R121): a seat went to the bot, or its player came back.

Stored as TableSignal rows of kind ``notice`` so they sit in the log after the move they
followed, like signals, but no player sends them and they never count against R126.
"""

#: The autopilot took the seat: an absent player, or a model or program that does not answer.
AUTOPILOT = "autopilot"
#: The seat's player, or the host, handed it to the bot.
HANDED = "handed"
#: The other players at the table voted to hand the absent player's seat to the bot (issue 23).
VOTED = "voted"
#: The seat's player (or an agent program reconnecting) took it back.
BACK = "back"
