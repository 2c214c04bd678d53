"""The Deckroom stack: composes storage, timers, the realtime API, the handlers, the site and monitoring."""

from __future__ import annotations

from typing import Any

from aws_cdk import CfnOutput, Stack
from constructs import Construct

from infra.config import StackConfig
from infra.handlers import TIMER, Handlers
from infra.monitoring import Monitoring
from infra.powertools import powertools_layer
from infra.realtime_api import RealtimeApi
from infra.site import StaticSite
from infra.storage import Storage
from infra.timers import Timers

DESCRIPTION = "Deckroom: card games with friends (WebSocket API, Lambda, DynamoDB, SQS, CloudFront)"


class DeckroomStack(Stack):
    """Everything Deckroom needs in one AWS account and region.

    Outputs ``SiteUrl`` (open it on a phone) and ``WebSocketUrl`` (what the site's ``config.json`` carries,
    and what ``python -m tools.playtest`` connects to).
    """

    def __init__(self, scope: Construct, construct_id: str, *, config: StackConfig, **kwargs: Any) -> None:
        kwargs.setdefault("description", DESCRIPTION)
        super().__init__(scope, construct_id, **kwargs)
        storage = Storage(self, "Storage")
        timers = Timers(self, "Timers", consumer_timeout=TIMER.timeout)
        realtime = RealtimeApi(self, "Realtime")
        handlers = Handlers(
            self,
            "Handlers",
            table=storage.table,
            timer_queue=timers.queue,
            stage=realtime.stage,
            layer=powertools_layer(self, config.powertools_layer_version),
        )
        realtime.route_to(connect=handlers.connect, disconnect=handlers.disconnect, default=handlers.message)
        timers.consume_with(handlers.timer)
        site = StaticSite(self, "Site", site_dir=config.site_dir, websocket_url=realtime.url)
        self.monitoring = Monitoring(
            self,
            "Monitoring",
            functions=handlers.by_name,
            dead_letters=timers.dead_letters,
            alarm_email=config.alarm_email,
        )
        CfnOutput(self, "SiteUrl", value=site.url, description="The site: open it on a phone")
        CfnOutput(self, "WebSocketUrl", value=realtime.url, description="The game's WebSocket endpoint")
        CfnOutput(self, "AlarmTopicArn", value=self.monitoring.topic.topic_arn, description="Subscribe to get alarms")
