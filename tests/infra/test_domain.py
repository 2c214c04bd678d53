"""The optional custom domain (``-c domainName=… -c hostedZoneId=…``): the site at the domain with a us-east-1
certificate from a stack of its own (CloudFront takes no other), the API at ``ws.`` + the domain with a regional
certificate, DNS records in the zone, and the site's config.json and CSP naming the API's own address."""

from __future__ import annotations

import json

import pytest
from aws_cdk import App

from infra.application import build_app
from infra.config import ConfigError
from tests.infra.conftest import ENVIRONMENT, cdk_json_context

DOMAIN = {"domainName": "play.example.com", "hostedZoneId": "Z0123456789ABC", "stage": "prod"}


@pytest.fixture(scope="module")
def domain(synthesize):
    return synthesize(env=ENVIRONMENT, **DOMAIN)


def _manifest(synthesis) -> dict:
    return json.loads((synthesis.assembly_dir / "manifest.json").read_text())["artifacts"]


def test_the_site_certificate_is_made_in_us_east_1_by_its_own_stack(domain) -> None:
    artifacts = _manifest(domain)
    assert artifacts["Deckroom-prod-certificate"]["environment"] == "aws://123456789012/us-east-1"
    assert artifacts["Deckroom-prod"]["environment"] == "aws://123456789012/ap-northeast-1"
    assert "Deckroom-prod-certificate" in artifacts["Deckroom-prod"]["dependencies"]  # deployed first
    resources = domain.template_of("Deckroom-prod-certificate")["Resources"]
    (certificate,) = resources.values()
    assert certificate["Type"] == "AWS::CertificateManager::Certificate"
    assert certificate["Properties"]["DomainName"] == "play.example.com"
    assert certificate["Properties"]["ValidationMethod"] == "DNS"
    assert certificate["Properties"]["DomainValidationOptions"] == [
        {"DomainName": "play.example.com", "HostedZoneId": "Z0123456789ABC"}]


def test_cloudfront_serves_the_domain_with_that_certificate_and_tls_1_2(domain) -> None:
    (certificate_id,) = domain.template_of("Deckroom-prod-certificate")["Resources"]
    outputs = domain.template_of("Deckroom-prod-certificate")["Outputs"]
    (output_name,) = [name for name, o in outputs.items() if o["Value"] == {"Ref": certificate_id}]
    config = next(iter(domain.of_type("AWS::CloudFront::Distribution").values()))["Properties"]["DistributionConfig"]
    assert config["Aliases"] == ["play.example.com"]
    assert config["ViewerCertificate"] == {
        "AcmCertificateArn": {"Fn::GetStackOutput": {
            "StackName": "Deckroom-prod-certificate", "Region": "us-east-1", "OutputName": output_name}},
        "MinimumProtocolVersion": "TLSv1.2_2021",
        "SslSupportMethod": "sni-only",
    }


def test_the_api_answers_at_ws_dot_the_domain_with_a_regional_certificate(domain) -> None:
    (certificate_id, certificate), = domain.of_type("AWS::CertificateManager::Certificate").items()
    assert certificate["Properties"]["DomainName"] == "ws.play.example.com"
    assert certificate["Properties"]["DomainValidationOptions"][0]["HostedZoneId"] == "Z0123456789ABC"
    (domain_id, api_domain), = domain.of_type("AWS::ApiGatewayV2::DomainName").items()
    assert api_domain["Properties"] == {"DomainName": "ws.play.example.com", "DomainNameConfigurations": [
        {"CertificateArn": {"Ref": certificate_id}, "EndpointType": "REGIONAL", "SecurityPolicy": "TLS_1_2"}]}
    (api_id,) = domain.of_type("AWS::ApiGatewayV2::Api")
    (mapping,) = domain.of_type("AWS::ApiGatewayV2::ApiMapping").values()
    assert mapping["Properties"] == {"ApiId": {"Ref": api_id}, "DomainName": {"Ref": domain_id}, "Stage": "live"}


def test_dns_records_point_both_addresses_at_their_services(domain) -> None:
    records = {(r["Properties"]["Name"], r["Properties"]["Type"]): r["Properties"]
               for r in domain.of_type("AWS::Route53::RecordSet").values()}
    assert set(records) == {("play.example.com.", "A"), ("play.example.com.", "AAAA"), ("ws.play.example.com.", "A")}
    assert all(r["HostedZoneId"] == "Z0123456789ABC" for r in records.values())
    (distribution_id,) = domain.of_type("AWS::CloudFront::Distribution")
    (domain_id,) = domain.of_type("AWS::ApiGatewayV2::DomainName")
    site = records["play.example.com.", "A"]["AliasTarget"]
    assert site["DNSName"] == {"Fn::GetAtt": [distribution_id, "DomainName"]}
    assert records["ws.play.example.com.", "A"]["AliasTarget"]["DNSName"] == {
        "Fn::GetAtt": [domain_id, "RegionalDomainName"]}


def test_the_site_the_csp_and_the_outputs_name_the_own_addresses(domain) -> None:
    outputs = domain.template.to_json()["Outputs"]
    assert outputs["SiteUrl"]["Value"] == "https://play.example.com"
    assert outputs["WebSocketUrl"]["Value"] == "wss://ws.play.example.com"
    (policy,) = domain.of_type("AWS::CloudFront::ResponseHeadersPolicy").values()
    csp = policy["Properties"]["ResponseHeadersPolicyConfig"]["SecurityHeadersConfig"]["ContentSecurityPolicy"]
    assert "connect-src 'self' wss://ws.play.example.com;" in csp["ContentSecurityPolicy"]
    (config,) = domain.assembly_dir.glob("asset.*/config.json")
    assert json.loads(config.read_text()) == {"websocketUrl": "wss://ws.play.example.com"}


def test_without_a_domain_cloudfront_keeps_its_own_certificate(synthesis) -> None:
    config = next(iter(synthesis.of_type("AWS::CloudFront::Distribution").values()))["Properties"][
        "DistributionConfig"]
    assert "Aliases" not in config and "ViewerCertificate" not in config
    assert not synthesis.of_type("AWS::CertificateManager::Certificate")
    assert not synthesis.of_type("AWS::Route53::RecordSet")


def test_a_domain_needs_the_account_and_region_the_cli_would_deploy_to(monkeypatch, site_dir) -> None:
    monkeypatch.delenv("CDK_DEFAULT_ACCOUNT", raising=False)
    monkeypatch.delenv("CDK_DEFAULT_REGION", raising=False)
    with pytest.raises(ConfigError, match="CDK_DEFAULT_ACCOUNT"):
        build_app(context={**cdk_json_context(), "siteDir": str(site_dir), **DOMAIN})


def test_the_cli_environment_is_used_when_none_is_given(monkeypatch, site_dir) -> None:
    monkeypatch.setenv("CDK_DEFAULT_ACCOUNT", "210987654321")
    monkeypatch.setenv("CDK_DEFAULT_REGION", "ap-northeast-2")
    app, stack = build_app(context={**cdk_json_context(), "siteDir": str(site_dir), **DOMAIN})
    assert isinstance(app, App)
    assert (stack.account, stack.region) == ("210987654321", "ap-northeast-2")
