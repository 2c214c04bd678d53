"""An optional own address: the site at ``domainName`` (CloudFront) and the game API at ``ws.`` + it (API
Gateway), each with a DNS-validated ACM certificate in the operator's Route 53 hosted zone.

CloudFront takes certificates only from us-east-1; a regional API Gateway domain only from its own Region. So the
site's certificate lives in a small stack of its own pinned to us-east-1 (:class:`SiteCertificateStack`), and the
main stack reads its ARN with CloudFormation's ``Fn::GetStackOutput`` (what CDK writes for a reference between
Regions under the ``defaultCrossStackReferences: weak`` flag of cdk.json): no custom resource, no copied
parameter, and ``cdk deploy`` deploys the certificate stack first. The API's certificate is in the main stack.
docs/decisions.md says why this and not the alternatives.
"""

from __future__ import annotations

from typing import Any

from aws_cdk import Stack
from aws_cdk import aws_apigatewayv2 as apigwv2
from aws_cdk import aws_certificatemanager as acm
from aws_cdk import aws_cloudfront as cloudfront
from aws_cdk import aws_route53 as route53
from aws_cdk import aws_route53_targets as targets
from constructs import Construct


CLOUDFRONT_CERTIFICATE_REGION = "us-east-1"
API_SUBDOMAIN = "ws"


def api_domain_name(domain_name: str) -> str:
    """The game API's address under the site's.

    >>> api_domain_name("play.example.com")
    'ws.play.example.com'
    """
    return f"{API_SUBDOMAIN}.{domain_name}"


def _zone(scope: Construct, hosted_zone_id: str) -> route53.IHostedZone:
    return route53.HostedZone.from_hosted_zone_id(scope, "Zone", hosted_zone_id)


class SiteCertificateStack(Stack):
    """us-east-1: the certificate CloudFront serves the site's own address with."""

    def __init__(self, scope: Construct, construct_id: str, *, domain_name: str, hosted_zone_id: str,
                 **kwargs: Any) -> None:
        super().__init__(scope, construct_id, **kwargs)
        self.certificate = acm.Certificate(
            self,
            "SiteCertificate",
            domain_name=domain_name,
            validation=acm.CertificateValidation.from_dns(_zone(self, hosted_zone_id)),
        )


class CustomDomain(Construct):
    """The API's regional domain name (with its certificate) and the DNS records of both addresses."""

    def __init__(self, scope: Construct, construct_id: str, *, domain_name: str, hosted_zone_id: str) -> None:
        super().__init__(scope, construct_id)
        self.site_domain_name = domain_name
        self.zone = _zone(self, hosted_zone_id)
        certificate = acm.Certificate(
            self,
            "ApiCertificate",
            domain_name=api_domain_name(domain_name),
            validation=acm.CertificateValidation.from_dns(self.zone),
        )
        self.api_domain = apigwv2.DomainName(
            self,
            "ApiDomain",
            domain_name=api_domain_name(domain_name),
            certificate=certificate,
            endpoint_type=apigwv2.EndpointType.REGIONAL,
            security_policy=apigwv2.SecurityPolicy.TLS_1_2,
        )
        route53.ARecord(
            self,
            "ApiRecord",
            zone=self.zone,
            record_name=f"{api_domain_name(domain_name)}.",
            target=route53.RecordTarget.from_alias(
                targets.ApiGatewayv2DomainProperties(
                    self.api_domain.regional_domain_name, self.api_domain.regional_hosted_zone_id
                )
            ),
        )

    @property
    def websocket_url(self) -> str:
        """The stage is mapped at the root of the API's domain: no stage path."""
        return f"wss://{api_domain_name(self.site_domain_name)}"

    def point_site_at(self, distribution: cloudfront.IDistribution) -> None:
        """IPv4 and IPv6 alias records of the site's address to the distribution."""
        target = route53.RecordTarget.from_alias(targets.CloudFrontTarget(distribution))
        record_name = f"{self.site_domain_name}."
        route53.ARecord(self, "SiteRecord", zone=self.zone, record_name=record_name, target=target)
        route53.AaaaRecord(self, "SiteRecordIpv6", zone=self.zone, record_name=record_name, target=target)

