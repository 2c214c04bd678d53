"""This machine's address on the local network, so phones on the same Wi-Fi can open the site."""

from __future__ import annotations

import socket

WILDCARD_HOSTS = frozenset({"0.0.0.0", "::", ""})


def lan_address() -> str | None:
    """The IPv4 address of the interface that routes to private networks, or None if there is none.

    Connecting a UDP socket only chooses a route: no packet is sent.
    """
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            address = probe.getsockname()[0]
        except OSError:
            return None
    return None if address.startswith("127.") or address == "0.0.0.0" else address


def browser_host(bind_host: str) -> str:
    """How to reach a server bound to ``bind_host`` from this machine's browser.

    >>> browser_host("127.0.0.1"), browser_host("0.0.0.0"), browser_host("192.168.1.20")
    ('localhost', 'localhost', '192.168.1.20')
    """
    if bind_host in WILDCARD_HOSTS or bind_host.startswith("127.") or bind_host in ("localhost", "::1"):
        return "localhost"
    return bind_host


def loopback_host(bind_host: str) -> str:
    """How this process reaches its own server (the handlers' ``CONNECTIONS_ENDPOINT``).

    >>> loopback_host("0.0.0.0"), loopback_host("127.0.0.1"), loopback_host("192.168.1.20")
    ('127.0.0.1', '127.0.0.1', '192.168.1.20')
    """
    if bind_host in WILDCARD_HOSTS or bind_host == "localhost":
        return "127.0.0.1"
    return bind_host
