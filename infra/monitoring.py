"""Alarms: any Lambda error or throttle, and any timer parked in the dead-letter queue, notify one SNS topic."""

from __future__ import annotations

from collections.abc import Mapping

from aws_cdk import Duration
from aws_cdk import aws_cloudwatch as cloudwatch
from aws_cdk import aws_cloudwatch_actions as actions
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_sns as sns
from aws_cdk import aws_sns_subscriptions as subscriptions
from aws_cdk import aws_sqs as sqs
from constructs import Construct

from infra.nag import acknowledge

PERIOD = Duration.minutes(5)


class Monitoring(Construct):
    """One alarm per signal; each fires on the first occurrence in five minutes and clears by itself.

    Thresholds are 1 because a game site with a handful of tables has no background error rate: a single
    failed frame is a bug someone saw. ``alarm_email`` subscribes an address to the topic (the address must
    confirm the subscription from the mail AWS sends).
    """

    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        functions: Mapping[str, lambda_.IFunction],
        dead_letters: sqs.IQueue,
        alarm_email: str | None = None,
    ) -> None:
        super().__init__(scope, construct_id)
        self.topic = sns.Topic(self, "Alarms", display_name="Deckroom alarms", enforce_ssl=True)
        acknowledge(
            self.topic,
            "AwsSolutions-SNS2",
            "Alarm notices carry only alarm names and states. CloudWatch cannot publish to a topic under the "
            "AWS-managed SNS key, and a customer key would cost more than the stack at rest.",
        )
        if alarm_email:
            self.topic.add_subscription(subscriptions.EmailSubscription(alarm_email))
        self.alarms: list[cloudwatch.Alarm] = []
        for name, function in functions.items():
            self._alarm(f"{name}Errors", function.metric_errors(period=PERIOD), f"the {name} function failed")
            self._alarm(
                f"{name}Throttles", function.metric_throttles(period=PERIOD), f"the {name} function was throttled"
            )
        self._alarm(
            "TimerDeadLetters",
            dead_letters.metric_approximate_number_of_messages_visible(period=PERIOD, statistic="Maximum"),
            "a timer message failed repeatedly and was parked in the dead-letter queue",
        )

    def _alarm(self, construct_id: str, metric: cloudwatch.IMetric, what: str) -> None:
        alarm = cloudwatch.Alarm(
            self,
            construct_id,
            metric=metric,
            threshold=1,
            evaluation_periods=1,
            comparison_operator=cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
            treat_missing_data=cloudwatch.TreatMissingData.NOT_BREACHING,
            alarm_description=f"Deckroom: {what}.",
        )
        alarm.add_alarm_action(actions.SnsAction(self.topic))
        alarm.add_ok_action(actions.SnsAction(self.topic))
        self.alarms.append(alarm)
