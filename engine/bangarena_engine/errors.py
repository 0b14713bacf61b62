"""Errors the engine raises to its callers."""


class IllegalAction(ValueError):  # noqa: N818 - the public contract fixes this name
    """An action that is not one of ``legal_actions(seat)``.

    Raised before anything is mutated, so a caller can show the message and carry on with the
    game exactly as it was.
    """
