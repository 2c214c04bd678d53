"""The static site: the built SPA and rules pages in a private bucket, served by CloudFront over HTTPS."""

from __future__ import annotations

from pathlib import Path

from aws_cdk import DefaultStackSynthesizer, RemovalPolicy, Stack
from aws_cdk import aws_cloudfront as cloudfront
from aws_cdk import aws_cloudfront_origins as origins
from aws_cdk import aws_logs as logs
from aws_cdk import aws_s3 as s3
from aws_cdk import aws_s3_deployment as s3deploy
from constructs import Construct

from infra.nag import acknowledge, rendered_ref

CONFIG_KEY = "config.json"
"""Fetched by the SPA at start: ``{"websocketUrl": "wss://..."}`` (docs/architecture.md)."""

BROWSER_CACHE = "public, max-age=300"
"""How long a phone keeps a file before asking again. Asset names are hashed by Vite, but one deployment sets
one header for all files, so this is short enough for ``index.html`` and ``config.json`` to refresh soon after
a deploy. CloudFront's copies are invalidated by every deploy."""


class SiteNotBuiltError(FileNotFoundError):
    """The site directory has no ``index.html``: the frontend has not been built."""


class StaticSite(Construct):
    """Private S3 bucket behind CloudFront (Origin Access Control), deployed with a generated ``config.json``.

    Old files are not pruned on deploy: a phone still holding the previous ``index.html`` keeps finding the
    hashed scripts it names until it refreshes.
    """

    def __init__(self, scope: Construct, construct_id: str, *, site_dir: Path, websocket_url: str) -> None:
        super().__init__(scope, construct_id)
        if not (site_dir / "index.html").is_file():
            raise SiteNotBuiltError(
                f"{site_dir}/index.html not found: build the site first (`make frontend`) "
                "or point the stack at a built site with `-c siteDir=PATH`"
            )
        self.bucket = s3.Bucket(
            self,
            "Bucket",
            block_public_access=s3.BlockPublicAccess.BLOCK_ALL,
            object_ownership=s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
            encryption=s3.BucketEncryption.S3_MANAGED,
            enforce_ssl=True,
            # Everything in it is rebuilt from the repository on each deploy.
            removal_policy=RemovalPolicy.DESTROY,
            auto_delete_objects=True,
        )
        acknowledge(
            self.bucket,
            "AwsSolutions-S1",
            "The bucket holds only the public build of the site and is read solely by CloudFront; "
            "server access logs would record nothing an operator acts on.",
        )
        self.distribution = self._distribution()
        self._deploy(site_dir, websocket_url)

    @property
    def url(self) -> str:
        """``https://`` + the distribution's domain name (resolved at deploy time)."""
        return f"https://{self.distribution.distribution_domain_name}"

    def _distribution(self) -> cloudfront.Distribution:
        # Every page is a real file (the app at /, the rules pages under /rules/; join links are /?room=1234), so
        # there is no fallback to index.html: a wrong address is an error, not the app.
        distribution = cloudfront.Distribution(
            self,
            "Distribution",
            comment="Deckroom site",
            default_root_object="index.html",
            default_behavior=cloudfront.BehaviorOptions(
                origin=origins.S3BucketOrigin.with_origin_access_control(self.bucket),
                # Nothing is ever served over plain HTTP; a typed http:// address is redirected, not refused.
                viewer_protocol_policy=cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
                cache_policy=cloudfront.CachePolicy.CACHING_OPTIMIZED,
                compress=True,
            ),
            http_version=cloudfront.HttpVersion.HTTP2_AND_3,
            # The players are in Japan and Korea (the seed pages): class 200 includes Asia's edge locations.
            price_class=cloudfront.PriceClass.PRICE_CLASS_200,
        )
        acknowledge(
            distribution,
            "AwsSolutions-CFR1",
            "Friends play from anywhere; there is no country to block.",
        )
        acknowledge(
            distribution,
            "AwsSolutions-CFR2",
            "A WAF web ACL costs more per month than the whole stack at rest; the site is static files and the "
            "game API is throttled at its stage.",
        )
        acknowledge(
            distribution,
            "AwsSolutions-CFR3",
            "Access logs of a static site would hold players' IP addresses and no information an operator needs; "
            "the WebSocket stage keeps access logs of the game itself.",
        )
        acknowledge(
            distribution,
            "AwsSolutions-CFR4",
            "The distribution uses the default *.cloudfront.net certificate, whose TLS policy CloudFront fixes; "
            "a custom domain with its own certificate would set TLSv1.2_2021.",
        )
        return distribution

    def _deploy(self, site_dir: Path, websocket_url: str) -> None:
        self.deployment = s3deploy.BucketDeployment(
            self,
            "Deployment",
            sources=[
                # The build's own config.json (if any) is left out: the deployed one must name this stack's API.
                s3deploy.Source.asset(str(site_dir), exclude=[".built", CONFIG_KEY]),
                # json_data resolves the URL token when the deployment runs, not at synth time.
                s3deploy.Source.json_data(CONFIG_KEY, {"websocketUrl": websocket_url}),
            ],
            destination_bucket=self.bucket,
            distribution=self.distribution,
            distribution_paths=["/*"],
            prune=False,
            cache_control=[s3deploy.CacheControl.from_string(BROWSER_CACHE)],
            log_group=logs.LogGroup(
                self, "DeploymentLogs", retention=logs.RetentionDays.ONE_MONTH, removal_policy=RemovalPolicy.DESTROY
            ),
        )
        self._acknowledge_deployment_handler()

    def _acknowledge_deployment_handler(self) -> None:
        """Accept the findings on the function CDK creates to run BucketDeployment (one per stack).

        It runs only while ``cdk deploy`` uploads the site; its runtime, managed policy and grants are CDK's.
        """
        (handler,) = [
            child
            for child in Stack.of(self).node.children
            if child.node.id.startswith("Custom::CDKBucketDeployment")
        ]
        assets = f"cdk-{DefaultStackSynthesizer.DEFAULT_QUALIFIER}-assets-<AWS::AccountId>-<AWS::Region>"
        copy_reason = (
            "CDK's BucketDeployment copies the built site from the CDK assets bucket into the site bucket: it "
            "reads the asset objects and writes, lists and deletes objects of the site bucket, nothing else."
        )
        findings = {
            "AwsSolutions-L1": "CDK's BucketDeployment picks its own handler's runtime; it runs only during a deploy.",
            "AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/"
            "AWSLambdaBasicExecutionRole]": "CDK's BucketDeployment handler logs with the basic execution role.",
            "AwsSolutions-IAM5[Resource::*]": "CloudFront invalidations (to refresh the site after a deploy) "
            "cannot be scoped to a distribution in CDK's BucketDeployment grant.",
            f"AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::{assets}/*]": copy_reason,
            f"AwsSolutions-IAM5[Resource::{rendered_ref(self.bucket, 'Arn')}/*]": copy_reason,
            **{
                f"AwsSolutions-IAM5[Action::s3:{action}]": copy_reason
                for action in ("GetBucket*", "GetObject*", "List*", "Abort*", "DeleteObject*")
            },
        }
        for rule_id, reason in findings.items():
            acknowledge(handler, rule_id, reason)
