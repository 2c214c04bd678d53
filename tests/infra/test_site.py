"""The static site: a private bucket, CloudFront with Origin Access Control over HTTPS, one deployment that
uploads the built site plus a config.json naming the WebSocket URL and invalidates CloudFront's cache."""

from __future__ import annotations

import json

import pytest
from aws_cdk import Stack
from aws_cdk.assertions import Template

from infra.site import CONFIG_KEY, SiteNotBuiltError, StaticSite


def test_the_bucket_is_private_encrypted_and_https_only(synthesis) -> None:
    (bucket_id, bucket), = synthesis.of_type("AWS::S3::Bucket").items()
    properties = bucket["Properties"]
    assert properties["PublicAccessBlockConfiguration"] == {
        "BlockPublicAcls": True,
        "BlockPublicPolicy": True,
        "IgnorePublicAcls": True,
        "RestrictPublicBuckets": True,
    }
    assert properties["OwnershipControls"] == {"Rules": [{"ObjectOwnership": "BucketOwnerEnforced"}]}
    (policy,) = [p for p in synthesis.of_type("AWS::S3::BucketPolicy").values()
                 if p["Properties"]["Bucket"] == {"Ref": bucket_id}]
    statements = policy["Properties"]["PolicyDocument"]["Statement"]
    assert any(s["Effect"] == "Deny" and s["Condition"] == {"Bool": {"aws:SecureTransport": "false"}}
               for s in statements)


def test_only_this_distribution_may_read_the_bucket_through_origin_access_control(synthesis) -> None:
    (distribution_id, distribution), = synthesis.of_type("AWS::CloudFront::Distribution").items()
    (oac_id, oac), = synthesis.of_type("AWS::CloudFront::OriginAccessControl").items()
    assert oac["Properties"]["OriginAccessControlConfig"]["OriginAccessControlOriginType"] == "s3"
    assert oac["Properties"]["OriginAccessControlConfig"]["SigningBehavior"] == "always"
    (origin,) = distribution["Properties"]["DistributionConfig"]["Origins"]
    assert origin["OriginAccessControlId"] == {"Fn::GetAtt": [oac_id, "Id"]}
    assert origin["S3OriginConfig"]["OriginAccessIdentity"] == ""  # no legacy OAI
    (read,) = [
        statement
        for policy in synthesis.of_type("AWS::S3::BucketPolicy").values()
        for statement in policy["Properties"]["PolicyDocument"]["Statement"]
        if statement.get("Principal") == {"Service": "cloudfront.amazonaws.com"}
    ]
    assert read["Action"] == "s3:GetObject"
    assert distribution_id in json.dumps(read["Condition"]["StringEquals"]["AWS:SourceArn"])


def test_viewers_get_https_only_and_asian_edge_locations(template: Template) -> None:
    config = next(iter(template.find_resources("AWS::CloudFront::Distribution").values()))["Properties"][
        "DistributionConfig"
    ]
    assert config["DefaultCacheBehavior"]["ViewerProtocolPolicy"] == "redirect-to-https"
    assert config["DefaultRootObject"] == "index.html"
    assert config["PriceClass"] == "PriceClass_200"
    assert config["HttpVersion"] == "http2and3"


def test_one_deployment_uploads_the_site_and_config_json_then_invalidates_the_cache(synthesis) -> None:
    (deployment,) = synthesis.of_type("Custom::CDKBucketDeployment").values()
    properties = deployment["Properties"]
    (distribution_id,) = synthesis.of_type("AWS::CloudFront::Distribution")
    assert properties["DistributionId"] == {"Ref": distribution_id}
    assert properties["DistributionPaths"] == ["/*"]
    assert properties["Prune"] is False
    assert len(properties["SourceObjectKeys"]) == 2  # the built site and config.json


def test_config_json_carries_the_websocket_url_resolved_at_deploy_time(synthesis) -> None:
    (deployment,) = synthesis.of_type("Custom::CDKBucketDeployment").values()
    (marker,) = [m for m in deployment["Properties"]["SourceMarkers"] if m]
    ((placeholder, value),) = marker.items()
    (config,) = synthesis.assembly_dir.glob(f"asset.*/{CONFIG_KEY}")  # only the generated one
    (api_id,) = synthesis.of_type("AWS::ApiGatewayV2::Api")
    # Do what the deployment does: resolve the references, put the value in place of the marker.
    deployed = {api_id: "abc123", "AWS::Region": "ap-northeast-1", "AWS::URLSuffix": "amazonaws.com"}
    resolved = "".join(part if isinstance(part, str) else deployed[part["Ref"]] for part in value["Fn::Join"][1])
    assert json.loads(config.read_text().replace(placeholder, resolved)) == {
        "websocketUrl": "wss://abc123.execute-api.ap-northeast-1.amazonaws.com/live"
    }


def test_the_uploaded_site_is_the_built_directory_without_its_stamp_or_local_config(synthesis, site_dir) -> None:
    (index,) = [p for p in synthesis.assembly_dir.glob("asset.*/index.html")]
    assert index.read_text() == (site_dir / "index.html").read_text()
    assert (index.parent / "assets" / "app-abc123.js").is_file()
    assert not (index.parent / ".built").exists()
    assert not (index.parent / "config.json").exists()


def test_a_site_that_was_not_built_is_refused_with_a_clear_error(tmp_path) -> None:
    with pytest.raises(SiteNotBuiltError, match="make frontend"):
        StaticSite(Stack(), "Site", site_dir=tmp_path, websocket_url="wss://example.invalid/live")
