"""The static site: a private bucket, CloudFront with Origin Access Control over HTTPS, security headers, long
caching for hashed files and revalidation for pages, a not-found page, and two deployments (hashed assets first,
then the pages with a config.json naming the WebSocket URL, which invalidate CloudFront's cache)."""

from __future__ import annotations

import json

import pytest
from aws_cdk import Stack
from aws_cdk.assertions import Template

from infra.site import (CONFIG_KEY, IMMUTABLE, NOT_FOUND_DIR, REVALIDATE, SiteNotBuiltError, StaticSite,
                        content_security_policy)


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


def _deployments(synthesis) -> tuple[dict, dict]:
    """(assets deployment, pages deployment) properties."""
    found = {k: d["Properties"] for k, d in synthesis.of_type("Custom::CDKBucketDeployment").items()}
    (assets,) = [p for k, p in found.items() if "Assets" in k]
    (pages,) = [p for k, p in found.items() if "Pages" in k]
    return assets, pages


def _staged(synthesis, deployment: dict) -> list:
    """The staged directories of a deployment's sources, in order."""
    return [synthesis.assembly_dir / f"asset.{key.removesuffix('.zip')}" for key in deployment["SourceObjectKeys"]]


def test_hashed_assets_are_uploaded_first_and_cached_for_a_year(synthesis) -> None:
    assets, pages = _deployments(synthesis)
    assert assets["SystemMetadata"] == {"cache-control": IMMUTABLE} == {"cache-control":
                                                                        "public, max-age=31536000, immutable"}
    assert assets["Prune"] is False and "DistributionId" not in assets  # new names need no invalidation
    (assets_id,) = [k for k in synthesis.of_type("Custom::CDKBucketDeployment") if "Assets" in k]
    (pages_id,) = [k for k in synthesis.of_type("Custom::CDKBucketDeployment") if "Pages" in k]
    assert assets_id in synthesis.resources[pages_id]["DependsOn"]  # a new index.html never names a missing file
    (staged,) = _staged(synthesis, assets)
    assert sorted(p.relative_to(staged).as_posix() for p in staged.rglob("*")) == ["assets", "assets/app-abc123.js"]


def test_pages_and_config_json_are_revalidated_and_invalidate_the_cache(synthesis) -> None:
    _, pages = _deployments(synthesis)
    (distribution_id,) = synthesis.of_type("AWS::CloudFront::Distribution")
    assert pages["SystemMetadata"] == {"cache-control": REVALIDATE} == {"cache-control": "no-cache"}
    assert pages["DistributionId"] == {"Ref": distribution_id}
    assert pages["DistributionPaths"] == ["/*"]
    assert pages["Prune"] is False
    assert len(pages["SourceObjectKeys"]) == 3  # the built pages, config.json, the not-found page


def test_the_service_worker_and_manifests_are_pages_revalidated_at_every_load_never_kept_a_year(synthesis) -> None:
    """``sw.js`` must never be cached like a hashed file: the browser asks for it past its own cache at every visit
    (a year-long copy would pin a phone to one build), and the deploy's invalidation refreshes the edges."""
    assets, pages = _deployments(synthesis)
    staged_pages = _staged(synthesis, pages)[0]
    assert {"sw.js", "manifest-ja-light.webmanifest", "index.html"} <= {p.name for p in staged_pages.iterdir()}
    assert not [p for p in _staged(synthesis, assets)[0].rglob("*") if p.name.endswith((".webmanifest", "sw.js"))]
    assert pages["SystemMetadata"] == {"cache-control": REVALIDATE} and pages["DistributionPaths"] == ["/*"]
    config = _config(synthesis)
    assert [b["PathPattern"] for b in config["CacheBehaviors"]] == ["/assets/*"]  # /sw.js: the pages' behaviour


def _deployed_config(synthesis) -> dict:
    """config.json as the deployment writes it: the references resolved, each value put in place of its marker."""
    _, pages = _deployments(synthesis)
    (marker,) = [m for m in pages["SourceMarkers"] if m]
    ((placeholder, value),) = marker.items()
    (config,) = synthesis.assembly_dir.glob(f"asset.*/{CONFIG_KEY}")  # only the generated one
    (api_id,) = synthesis.of_type("AWS::ApiGatewayV2::Api")
    deployed = {api_id: "abc123", "AWS::Region": "ap-northeast-1", "AWS::URLSuffix": "amazonaws.com"}
    resolved = "".join(part if isinstance(part, str) else deployed[part["Ref"]] for part in value["Fn::Join"][1])
    return json.loads(config.read_text().replace(placeholder, resolved))


def test_config_json_carries_the_websocket_url_resolved_at_deploy_time(synthesis) -> None:
    assert _deployed_config(synthesis) == {"websocketUrl": "wss://abc123.execute-api.ap-northeast-1.amazonaws.com/live"}


def test_with_google_sign_in_config_json_names_the_client_and_googles_script(synthesize) -> None:
    assert _deployed_config(synthesize(googleClientId="1234-abc.apps.googleusercontent.com")) == {
        "websocketUrl": "wss://abc123.execute-api.ap-northeast-1.amazonaws.com/live",
        "signIn": {"clientId": "1234-abc.apps.googleusercontent.com",
                   "script": "https://accounts.google.com/gsi/client"},
    }


def test_the_uploaded_pages_are_the_built_directory_without_assets_stamp_or_local_config(synthesis, site_dir) -> None:
    (index,) = [p for p in synthesis.assembly_dir.glob("asset.*/index.html")]
    assert index.read_text() == (site_dir / "index.html").read_text()
    assert not (index.parent / "assets").exists()
    assert not (index.parent / ".built").exists()
    assert not (index.parent / ".vite").exists()
    assert not (index.parent / "config.json").exists()


def test_a_missing_address_gets_the_not_found_page_with_status_404(synthesis) -> None:
    config = next(iter(synthesis.of_type("AWS::CloudFront::Distribution").values()))["Properties"][
        "DistributionConfig"
    ]
    # S3 answers a reader that may not list the bucket with 403 for a missing key.
    assert sorted((r["ErrorCode"], r["ResponseCode"], r["ResponsePagePath"]) for r in config["CustomErrorResponses"]) \
        == [(403, 404, "/404.html"), (404, 404, "/404.html")]
    _, pages = _deployments(synthesis)
    staged = _staged(synthesis, pages)[2]
    assert sorted(p.name for p in staged.iterdir()) == ["404.css", "404.html"]
    page = (staged / "404.html").read_text()
    assert 'href="/404.css"' in page and 'href="/"' in page
    assert "<script" not in page and "style=" not in page  # nothing the site's CSP would refuse
    assert all(f'<section lang="{code}">' in page for code in ("ja", "en", "ko"))
    assert (staged / "404.html").read_bytes() == (NOT_FOUND_DIR / "404.html").read_bytes()


def _config(synthesis) -> dict:
    return next(iter(synthesis.of_type("AWS::CloudFront::Distribution").values()))["Properties"]["DistributionConfig"]


def test_pages_stay_at_the_edge_until_a_deploy_and_assets_follow_their_own_cache_control(synthesis) -> None:
    config = _config(synthesis)
    (pages_policy_id,) = synthesis.of_type("AWS::CloudFront::CachePolicy")
    assert config["DefaultCacheBehavior"]["CachePolicyId"] == {"Ref": pages_policy_id}
    pages = synthesis.resources[pages_policy_id]["Properties"]["CachePolicyConfig"]
    assert pages["MinTTL"] == pages["DefaultTTL"] == 86400  # the origin's no-cache is for phones, not the edge
    keyed = pages["ParametersInCacheKeyAndForwardedToOrigin"]
    assert keyed["QueryStringsConfig"] == {"QueryStringBehavior": "none"}  # /?room=1234 is the same index.html
    (assets,) = config["CacheBehaviors"]
    assert assets["PathPattern"] == "/assets/*"
    assert assets["CachePolicyId"] == "658327ea-f89d-4fab-a63d-7e88639e58f6"  # CachingOptimized: origin max-age
    for behavior in (config["DefaultCacheBehavior"], assets):
        assert behavior["ViewerProtocolPolicy"] == "redirect-to-https" and behavior["Compress"] is True


def _headers(synthesis) -> dict:
    (policy_id, policy), = synthesis.of_type("AWS::CloudFront::ResponseHeadersPolicy").items()
    config = _config(synthesis)
    for behavior in (config["DefaultCacheBehavior"], *config["CacheBehaviors"]):
        assert behavior["ResponseHeadersPolicyId"] == {"Ref": policy_id}
    return policy["Properties"]["ResponseHeadersPolicyConfig"]


def test_every_response_carries_the_security_headers(synthesis) -> None:
    security = _headers(synthesis)["SecurityHeadersConfig"]
    assert security["StrictTransportSecurity"] == {
        "AccessControlMaxAgeSec": 2 * 365 * 86400, "IncludeSubdomains": True, "Override": True}
    assert security["ContentTypeOptions"] == {"Override": True}  # nosniff
    assert security["FrameOptions"] == {"FrameOption": "DENY", "Override": True}
    assert security["ReferrerPolicy"] == {"ReferrerPolicy": "strict-origin-when-cross-origin", "Override": True}
    assert security["ContentSecurityPolicy"]["Override"] is True
    assert _headers(synthesis)["CustomHeadersConfig"]["Items"] == [
        {"Header": "Cross-Origin-Opener-Policy", "Value": "same-origin", "Override": True}]


def test_the_csp_allows_the_sites_own_files_and_its_websocket_and_nothing_else(synthesis) -> None:
    csp = _headers(synthesis)["SecurityHeadersConfig"]["ContentSecurityPolicy"]["ContentSecurityPolicy"]
    (api_id,) = synthesis.of_type("AWS::ApiGatewayV2::Api")
    deployed = {api_id: "abc123", "AWS::Region": "ap-northeast-1", "AWS::URLSuffix": "amazonaws.com"}
    text = "".join(part if isinstance(part, str) else deployed[part["Ref"]] for part in csp["Fn::Join"][1])
    assert text == content_security_policy("wss://abc123.execute-api.ap-northeast-1.amazonaws.com")
    directives = dict(d.split(" ", 1) for d in text.split("; "))
    assert directives["connect-src"] == "'self' wss://abc123.execute-api.ap-northeast-1.amazonaws.com"
    assert directives["frame-ancestors"] == "'none'" and directives["default-src"] == "'none'"
    assert "unsafe" not in text and "accounts.google.com" not in text and "frame-src" not in directives
    assert directives["manifest-src"] == directives["worker-src"] == "'self'"  # the app manifest, /sw.js


def test_the_csp_origin_is_the_websocket_urls(synthesis) -> None:
    csp = _headers(synthesis)["SecurityHeadersConfig"]["ContentSecurityPolicy"]["ContentSecurityPolicy"]
    url = synthesis.template.to_json()["Outputs"]["WebSocketUrl"]["Value"]["Fn::Join"][1]
    parts = csp["Fn::Join"][1]
    start = parts.index(url[1])  # the API id, right after "... connect-src 'self' wss://"
    assert parts[start - 1].endswith("wss://") and parts[start:start + len(url) - 2] == url[1:-1]


def test_with_google_sign_in_the_csp_allows_google_identity_services(synthesize) -> None:
    policy = next(iter(synthesize(googleClientId="1234-abc.apps.googleusercontent.com")
                       .of_type("AWS::CloudFront::ResponseHeadersPolicy").values()))
    config = policy["Properties"]["ResponseHeadersPolicyConfig"]
    csp = config["SecurityHeadersConfig"]["ContentSecurityPolicy"]["ContentSecurityPolicy"]["Fn::Join"][1]
    text = "".join(part for part in csp if isinstance(part, str))
    for directive in ("script-src 'self' https://accounts.google.com/gsi/client",
                      "style-src 'self' https://accounts.google.com/gsi/style",
                      "frame-src https://accounts.google.com/gsi/"):
        assert directive in text
    assert text.rstrip().endswith("frame-ancestors 'none'") and "https://accounts.google.com/gsi/;" in text
    assert config["CustomHeadersConfig"]["Items"][0]["Value"] == "same-origin-allow-popups"


def test_a_site_that_was_not_built_is_refused_with_a_clear_error(tmp_path) -> None:
    with pytest.raises(SiteNotBuiltError, match="make frontend"):
        StaticSite(Stack(), "Site", site_dir=tmp_path, websocket_url="wss://example.invalid/live",
                   websocket_origin="wss://example.invalid")
