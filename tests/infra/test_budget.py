"""A monthly AWS Budgets budget (context ``monthlyBudgetUsd``) whose alerts reach the alarm topic, which then
lets budgets.amazonaws.com publish, for this account's budgets only."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="module")
def budgeted(synthesize):
    return synthesize(monthlyBudgetUsd="25")


def test_no_budget_unless_asked(synthesis) -> None:
    assert not synthesis.of_type("AWS::Budgets::Budget")


def test_a_monthly_cost_budget_of_the_given_amount_named_after_the_stack(budgeted) -> None:
    (budget,) = budgeted.of_type("AWS::Budgets::Budget").values()
    data = budget["Properties"]["Budget"]
    assert data == {
        "BudgetName": "Deckroom-dev-monthly",
        "BudgetType": "COST",
        "TimeUnit": "MONTHLY",
        "BudgetLimit": {"Amount": 25, "Unit": "USD"},
    }


def test_alerts_at_80_and_100_percent_spent_and_when_forecast_to_overspend_go_to_the_topic(budgeted) -> None:
    (topic_id,) = budgeted.of_type("AWS::SNS::Topic")
    (budget,) = budgeted.of_type("AWS::Budgets::Budget").values()
    alerts = budget["Properties"]["NotificationsWithSubscribers"]
    assert sorted((a["Notification"]["NotificationType"], a["Notification"]["Threshold"]) for a in alerts) == [
        ("ACTUAL", 80), ("ACTUAL", 100), ("FORECASTED", 100)]
    for alert in alerts:
        assert alert["Notification"]["ThresholdType"] == "PERCENTAGE"
        assert alert["Notification"]["ComparisonOperator"] == "GREATER_THAN"
        assert alert["Subscribers"] == [{"SubscriptionType": "SNS", "Address": {"Ref": topic_id}}]


def test_the_topic_lets_this_accounts_budgets_publish(budgeted) -> None:
    (topic_id,) = budgeted.of_type("AWS::SNS::Topic")
    (policy,) = budgeted.of_type("AWS::SNS::TopicPolicy").values()
    statements = policy["Properties"]["PolicyDocument"]["Statement"]
    (allow,) = [s for s in statements if s.get("Principal") == {"Service": "budgets.amazonaws.com"}]
    assert (allow["Effect"], allow["Action"], allow["Resource"]) == ("Allow", "sns:Publish", {"Ref": topic_id})
    source = "".join(p if isinstance(p, str) else "${" + p["Ref"] + "}"
                     for p in allow["Condition"]["ArnLike"]["aws:SourceArn"]["Fn::Join"][1])
    assert source == "arn:${AWS::Partition}:budgets::${AWS::AccountId}:*"
    assert allow["Condition"]["StringEquals"] == {"aws:SourceAccount": {"Ref": "AWS::AccountId"}}
    # CloudWatch's statement and the SSL-only rule are still there.
    assert {"Service": "cloudwatch.amazonaws.com"} in [s.get("Principal") for s in statements]
    assert any(s["Effect"] == "Deny" for s in statements)


def test_the_budget_is_created_after_the_policy_that_lets_it_publish(budgeted) -> None:
    (policy_id,) = budgeted.of_type("AWS::SNS::TopicPolicy")
    (budget,) = budgeted.of_type("AWS::Budgets::Budget").values()
    assert policy_id in budget["DependsOn"]
