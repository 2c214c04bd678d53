"""The two errors of the engine contract.

Both subclass ``ValueError`` and carry a stable, machine-readable ``code`` next to a human-readable message, so
handlers can forward the code to clients (which translate it) and log the message.

>>> err = IllegalMove("not_your_turn", "seat 2 cannot act now: it is seat 0's turn")
>>> isinstance(err, ValueError), err.code, str(err)
(True, 'not_your_turn', "seat 2 cannot act now: it is seat 0's turn")
"""

from __future__ import annotations


class EngineError(ValueError):
    """Base of the engine's errors: a ``ValueError`` with a stable ``code``."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.message!r})"


class IllegalMove(EngineError):
    """A move that is not allowed now: wrong seat, malformed, unknown card, a card not in hand, …

    Whoever raises it guarantees that the state it was given is unchanged.
    """


class OptionsError(EngineError):
    """Game options that are unknown, of the wrong type or out of range."""
