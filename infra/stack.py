"""The Deckroom stack: composes storage, timers, the realtime API, the handlers, the site, monitoring and the
optional budget and custom domain, sized for the configured tables (``infra/capacity.py``)."""

from __future__ import annotations

from typing import Any

from aws_cdk import Annotations, CfnOutput, Stack
from aws_cdk import aws_certificatemanager as acm
from constructs import Construct

from infra import app_metrics
from infra.budget import MonthlyBudget
from infra.capacity import COMFORTABLE_CODE_SHARE, ROOM_CODES, Plan
from infra.config import StackConfig
from infra.domain import CustomDomain
from infra.handlers import TIMER, Handlers
from infra.monitoring import Monitoring, Watched
from infra.powertools import powertools_layer
from infra.realtime_api import RealtimeApi
from infra.site import StaticSite
from infra.storage import Storage
from infra.timers import Timers

DESCRIPTION = "Deckroom: card games with friends (WebSocket API, Lambda, DynamoDB, SQS, CloudFront)"


class DeckroomStack(Stack):
    """Everything Deckroom needs in one AWS account and region, for one stage (``Deckroom-dev``, ``Deckroom-prod``).

    Outputs ``SiteUrl`` (open it on a phone), ``WebSocketUrl`` (what the site's ``config.json`` carries, and what
    ``python -m tools.playtest`` connects to), ``AlarmTopicArn`` and ``DashboardUrl``. With a custom domain,
    ``site_certificate`` is the us-east-1 certificate CloudFront serves it with (``infra/domain.py``).
    """

    def __init__(self, scope: Construct, construct_id: str, *, config: StackConfig,
                 site_certificate: acm.ICertificate | None = None, **kwargs: Any) -> None:
        kwargs.setdefault("description", f"{DESCRIPTION}, stage {config.stage}")
        super().__init__(scope, construct_id, **kwargs)
        self.plan = plan = Plan.for_tables(config.tables)
        if plan.code_share > COMFORTABLE_CODE_SHARE:
            Annotations.of(self).add_warning_v2(
                "deckroom:tables-beyond-room-codes",
                f"tables={config.tables:,}: rooms are named by {ROOM_CODES:,} four-digit codes, and above "
                f"{COMFORTABLE_CODE_SHARE:.0%} of them held, creating a room slows and then fails (no_free_room). "
                "The stack is sized as asked; the code space is not (docs/capacity.md).",
            )
        domain = (
            CustomDomain(self, "Domain", domain_name=config.domain_name, hosted_zone_id=config.hosted_zone_id)
            if config.domain_name and config.hosted_zone_id
            else None
        )
        storage = Storage(self, "Storage", warm_throughput=plan.warm_throughput, keep=config.keeps_data)
        timers = Timers(self, "Timers", consumer_timeout=TIMER.timeout)
        realtime = RealtimeApi(self, "Realtime", plan=plan, domain=domain)
        handlers = Handlers(
            self,
            "Handlers",
            table=storage.table,
            timer_queue=timers.queue,
            stage=realtime.stage,
            layer=powertools_layer(self, config.powertools_layer_version),
            metrics_namespace=app_metrics.namespace(config.stage),
            google_client_id=config.google_client_id,
            tracing=config.tracing,
        )
        realtime.route_to(connect=handlers.connect, disconnect=handlers.disconnect, default=handlers.message)
        timers.consume_with(handlers.timer, max_concurrency=plan.timer_concurrency)
        site = StaticSite(
            self,
            "Site",
            site_dir=config.site_dir,
            websocket_url=realtime.url,
            websocket_origin=realtime.origin,
            google_client_id=config.google_client_id,
            domain_name=config.domain_name,
            certificate=site_certificate,
        )
        if domain:
            domain.point_site_at(site.distribution)
        self.monitoring = Monitoring(
            self,
            "Monitoring",
            stage=config.stage,
            plan=plan,
            watched=Watched(
                functions=handlers.by_name,
                dead_letters=timers.dead_letters,
                timer_queue=timers.queue,
                stage=realtime.stage,
                table=storage.table,
            ),
            alarm_email=config.alarm_email,
        )
        if config.monthly_budget_usd is not None:
            MonthlyBudget(self, "Budget", amount_usd=config.monthly_budget_usd, topic=self.monitoring.topic)
        CfnOutput(self, "SiteUrl", value=site.url, description="The site: open it on a phone")
        CfnOutput(self, "WebSocketUrl", value=realtime.url, description="The game's WebSocket endpoint")
        CfnOutput(self, "AlarmTopicArn", value=self.monitoring.topic.topic_arn, description="Subscribe to get alarms")
        CfnOutput(
            self,
            "DashboardUrl",
            value=f"https://console.aws.amazon.com/cloudwatch/home?region={self.region}#dashboards/dashboard/"
                  f"{self.monitoring.dashboard.dashboard_name}",
            description="The operator's dashboard",
        )
