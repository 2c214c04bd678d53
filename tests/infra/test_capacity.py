"""The capacity model: per-table rates from the measured pace, sizes that grow with the tables, the quota
increases each size needs, and docs/capacity.md printed from the model."""

from __future__ import annotations

import pytest

from infra import capacity
from infra.capacity import (API_REQUESTS, LAMBDA_CONCURRENCY, MIN_STAGE_RATE, MIXES, NEW_CONNECTIONS, Mix, Plan,
                            mix_table, plan_table, quota_table)
from infra.handlers import REPO_ROOT


def test_four_people_send_one_frame_per_six_seconds_plus_the_lobby() -> None:
    four = Mix(4)
    assert four.round_seconds == 24
    assert four.frames == pytest.approx(1 / 6 * 1.1)
    assert four.posts == pytest.approx(4 * four.steps)  # every step reaches every phone
    assert four.timers == 0


def test_cpu_seats_make_more_steps_but_fewer_frames() -> None:
    four, solo = Mix(4), Mix(1)
    assert solo.round_seconds == 9
    assert solo.steps > four.steps and solo.frames < four.frames
    assert solo.timers == pytest.approx(3 / 9)


def test_each_resource_is_sized_by_the_mix_that_asks_most_of_it() -> None:
    plan = Plan.for_tables(1_000)
    assert plan.frames_per_second == pytest.approx(1_000 * max(m.frames for m in MIXES))
    assert plan.frames_per_second == pytest.approx(1_000 * Mix(4).frames)
    assert plan.invocations_per_second == pytest.approx(1_000 * Mix(1).invocations)


def test_a_small_stack_keeps_the_floor_throttle() -> None:
    plan = Plan.for_tables(10)
    assert (plan.stage_rate_limit, plan.stage_burst_limit) == (MIN_STAGE_RATE, 2 * MIN_STAGE_RATE)


@pytest.mark.parametrize("tables", [100, 300, 1_000, 5_000, 10_000])
def test_the_stage_passes_twice_the_planned_frames(tables: int) -> None:
    plan = Plan.for_tables(tables)
    assert plan.stage_rate_limit >= 2 * plan.frames_per_second
    assert plan.stage_burst_limit == 2 * plan.stage_rate_limit


def test_the_old_fixed_throttle_refused_play_at_about_three_hundred_tables() -> None:
    # 50 frames/s at the planned pace, without headroom.
    assert 250 < 50 / Mix(4).frames < 300


def test_sizes_grow_with_the_tables() -> None:
    small, large = Plan.for_tables(1_000), Plan.for_tables(2_000)
    for figure in ("stage_rate_limit", "api_requests_per_second", "lambda_concurrency",
                   "dynamodb_units_per_second", "new_connections_per_second"):
        assert getattr(large, figure) >= 2 * getattr(small, figure) - 1, figure


def test_a_thousand_tables_fit_the_default_quotas() -> None:
    plan = Plan.for_tables(1_000)
    assert plan.quota_increases == ()
    assert plan.warm_throughput is None
    assert plan.quota_for(LAMBDA_CONCURRENCY) == LAMBDA_CONCURRENCY.default


def test_ten_thousand_tables_name_the_api_gateway_and_lambda_quotas_to_raise() -> None:
    plan = Plan.for_tables(10_000)
    increases = {q.quota: q.needed for q in plan.quota_increases}
    assert set(increases) == {API_REQUESTS, NEW_CONNECTIONS, LAMBDA_CONCURRENCY}
    assert increases[API_REQUESTS] >= plan.api_requests_per_second > API_REQUESTS.default
    assert increases[NEW_CONNECTIONS] >= 40_000 / 30  # everyone back within 30 s
    assert plan.quota_for(NEW_CONNECTIONS) == increases[NEW_CONNECTIONS]
    assert "L-8A5B8E43" in str(next(q for q in plan.quota_increases if q.quota is API_REQUESTS))


def test_a_table_too_busy_for_a_new_table_is_pre_warmed() -> None:
    reads, writes = Plan.for_tables(10_000).warm_throughput
    assert writes == Plan.for_tables(10_000).dynamodb_units_per_second > capacity.DYNAMODB_NEW_TABLE_WRITES
    assert reads >= capacity.DYNAMODB_NEW_TABLE_READS  # never below what a new table already has


def test_no_plan_without_tables() -> None:
    with pytest.raises(ValueError):
        Plan.for_tables(0)


@pytest.mark.parametrize("table", [mix_table, plan_table, quota_table])
def test_docs_capacity_md_shows_the_models_own_figures(table) -> None:
    assert table() in (REPO_ROOT / "docs" / "capacity.md").read_text()


def test_synthesis_warns_when_the_tables_would_hold_most_room_codes(synthesize) -> None:
    def warnings(synthesis) -> list[str]:
        return [str(entry.data) for entry in synthesis.stack.node.metadata if entry.type == "aws:cdk:warning"]

    assert warnings(synthesize()) == []
    (warning,) = warnings(synthesize(tables="6000"))
    assert "four-digit codes" in warning and "docs/capacity.md" in warning
