"""An AWS Budgets cost budget for the month, alerting the alarm topic (context ``monthlyBudgetUsd``).

The budget watches the account's whole spend: AWS Budgets sees one stack's share only through a cost allocation
tag that someone has activated in the Billing console, and a budget that silently reads $0 is worse than none.
Budgets publishes to the topic as ``budgets.amazonaws.com``, which the topic's policy must allow.
"""

from __future__ import annotations

from aws_cdk import Stack
from aws_cdk import aws_budgets as budgets
from aws_cdk import aws_iam as iam
from aws_cdk import aws_sns as sns
from constructs import Construct

ALERTS = (("ACTUAL", 80), ("ACTUAL", 100), ("FORECASTED", 100))
"""(kind, percent of the amount): spent 80 %, spent it all, on course to spend it all by the month's end."""


class MonthlyBudget(Construct):
    """A monthly cost budget of ``amount_usd`` named ``<stack>-monthly``, each alert published to ``topic``."""

    def __init__(self, scope: Construct, construct_id: str, *, amount_usd: float, topic: sns.Topic) -> None:
        super().__init__(scope, construct_id)
        stack = Stack.of(self)
        topic.add_to_resource_policy(
            iam.PolicyStatement(
                sid="BudgetsOfThisAccount",
                principals=[iam.ServicePrincipal("budgets.amazonaws.com")],
                actions=["sns:Publish"],
                resources=[topic.topic_arn],
                conditions={
                    "ArnLike": {"aws:SourceArn": f"arn:{stack.partition}:budgets::{stack.account}:*"},
                    "StringEquals": {"aws:SourceAccount": stack.account},
                },
            )
        )
        self.budget = budgets.CfnBudget(
            self,
            "Budget",
            budget=budgets.CfnBudget.BudgetDataProperty(
                budget_name=f"{stack.stack_name}-monthly",
                budget_type="COST",
                time_unit="MONTHLY",
                budget_limit=budgets.CfnBudget.SpendProperty(amount=amount_usd, unit="USD"),
            ),
            notifications_with_subscribers=[
                budgets.CfnBudget.NotificationWithSubscribersProperty(
                    notification=budgets.CfnBudget.NotificationProperty(
                        notification_type=kind,
                        comparison_operator="GREATER_THAN",
                        threshold=percent,
                        threshold_type="PERCENTAGE",
                    ),
                    subscribers=[budgets.CfnBudget.SubscriberProperty(subscription_type="SNS",
                                                                      address=topic.topic_arn)],
                )
                for kind, percent in ALERTS
            ],
        )
        # The policy that lets Budgets publish exists before the budget that will.
        self.budget.node.add_dependency(topic)
