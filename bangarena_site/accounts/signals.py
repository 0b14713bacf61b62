"""What the accounts app announces, so apps above it can act without being imported here."""

from django.dispatch import Signal

#: Sent once a ban has committed, with ``user_id``: apps holding credentials of their own made
#: by the player (agent tokens) revoke them (docs/security.md).
user_banned = Signal()
