"""``Refusal``: a client frame the server will not carry out, with a stable code (docs/protocol.md, "Error codes").

Raised anywhere below the handlers; the dispatcher turns it into an ``error`` frame for the sender only, and the
room is never written, so a refused frame changes nothing.

>>> err = Refusal("not_host", "only the host may start", retry_after=None)
>>> err.frame("r1")
{'type': 'error', 'code': 'not_host', 'message': 'only the host may start', 'rid': 'r1'}
"""

from __future__ import annotations

from typing import Any


class Refusal(Exception):
    """A refused request: ``code`` for the client (it translates it), ``message`` for logs and developers."""

    def __init__(self, code: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.extra = {key: value for key, value in extra.items() if value is not None}

    def frame(self, rid: str | None = None) -> dict[str, Any]:
        """The ``error`` server frame for this refusal."""
        frame: dict[str, Any] = {"type": "error", "code": self.code, "message": self.message, **self.extra}
        if rid is not None:
            frame["rid"] = rid
        return frame

    def __repr__(self) -> str:
        return f"Refusal({self.code!r}, {self.message!r})"
