"""API Gateway's route selection for WebSocket messages (route selection expression ``$request.body.action``)."""

from __future__ import annotations

import json
from typing import Collection

DEFAULT_ROUTE = "$default"
LIFECYCLE_ROUTES = frozenset({"$connect", "$disconnect"})


def select_route(body: str, route_keys: Collection[str]) -> str | None:
    """The route a message frame goes to: its ``action`` if a route has that key, else ``$default``.

    ``None`` when nothing matches and there is no ``$default`` route (API Gateway then answers "Forbidden").
    A body that is not a JSON object, or whose ``action`` is not a string, goes to ``$default``.

    >>> select_route('{"action": "ping"}', {"ping", "$default"})
    'ping'
    >>> select_route('{"action": "move"}', {"ping", "$default"})
    '$default'
    >>> select_route('not json', {"$default"})
    '$default'
    >>> select_route('{"action": "move"}', {"ping"}) is None
    True
    >>> select_route('[' * 3000 + ']' * 3000, {"$default"})
    '$default'
    """
    action = _action_of(body)
    if action is not None and action in route_keys and action not in LIFECYCLE_ROUTES:
        return action
    return DEFAULT_ROUTE if DEFAULT_ROUTE in route_keys else None


def _action_of(body: str) -> str | None:
    try:
        frame = json.loads(body)
    except (ValueError, RecursionError):  # not JSON, or nested too deeply to parse: the $default route's to refuse
        return None
    action = frame.get("action") if isinstance(frame, dict) else None
    return action if isinstance(action, str) else None
