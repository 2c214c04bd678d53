"""`devserver.testing.running_gateway`: the stack in a subprocess, as the browser and end-to-end tests use it."""

from __future__ import annotations

import json
import urllib.request

from devserver.testing import running_gateway
from tests.devserver.support import ROUTES


def test_running_gateway_serves_config_and_stops_on_exit(tmp_path) -> None:
    with running_gateway(routes=ROUTES, site_dir=tmp_path, timer_handler=ROUTES["$default"]) as gateway:
        with urllib.request.urlopen(f"{gateway.base_url}/config.json") as response:
            assert json.load(response)["websocketUrl"] == gateway.websocket_url
        assert gateway.aws_endpoint_url.startswith("http://127.0.0.1:")
        process = gateway.process
    assert process.returncode == 0, gateway.log()
