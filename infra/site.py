"""The static site: the built SPA and rules pages in a private bucket, served by CloudFront over HTTPS with
security headers, long caching for hashed files, and a not-found page."""

from __future__ import annotations

from pathlib import Path

from aws_cdk import DefaultStackSynthesizer, Duration, RemovalPolicy, Stack
from aws_cdk import aws_certificatemanager as acm
from aws_cdk import aws_cloudfront as cloudfront
from aws_cdk import aws_cloudfront_origins as origins
from aws_cdk import aws_logs as logs
from aws_cdk import aws_s3 as s3
from aws_cdk import aws_s3_deployment as s3deploy
from constructs import Construct

from infra.nag import acknowledge, rendered_environment, rendered_ref

CONFIG_KEY = "config.json"
"""Fetched by the SPA at start: ``{"websocketUrl": "wss://..."}``, and with Google sign-in ``"signIn": {"clientId",
"script"}`` (docs/architecture.md, docs/protocol.md "Accounts")."""

ASSETS_DIR = "assets"
"""Vite's output for scripts and styles: every name carries a hash of its content."""
IMMUTABLE = "public, max-age=31536000, immutable"
"""Hashed files never change under their name: a phone keeps them a year without asking again."""
REVALIDATE = "no-cache"
"""``index.html``, ``config.json``, the rules pages, the service worker ``sw.js``, the manifests and icons: a phone
asks every time (a 304 from the nearest edge when nothing changed), so a deploy reaches every phone at its next load.
The edges keep them until the deploy's invalidation; the browser checks ``sw.js`` past its own cache at every visit,
and the worker checks each page it caches against the digest its build recorded (docs/frontend.md, "Phone
touches"), so a half-invalidated edge cannot make a new worker cache an old page."""

NOT_FOUND_DIR = Path(__file__).parent / "not_found"
NOT_FOUND_KEY = "404.html"
"""The page CloudFront answers a missing address with (status 404), in the three languages; its style is
``404.css`` beside it. S3 answers a missing key with 403 to a reader that may not list the bucket, so both map here."""

PAGES_EDGE_TTL = Duration.days(1)
"""How long CloudFront's edges keep a page; every deploy invalidates them, so this only spares the origin."""
HSTS_MAX_AGE = Duration.days(730)

GOOGLE_IDENTITY = "https://accounts.google.com/gsi/"
"""Google Identity Services, as its setup guide lists it for a Content-Security-Policy: the script
``gsi/client``, the stylesheet ``gsi/style``, and ``gsi/`` for its frames and its requests."""
GOOGLE_IDENTITY_SCRIPT = f"{GOOGLE_IDENTITY}client"


def site_config(websocket_url: str, google_client_id: str | None = None) -> dict[str, object]:
    """The deployed ``config.json``: the game's WebSocket and, with a Google client ID, how to sign in.

    >>> site_config("wss://ws.play.example.com", "1234-abc.apps.googleusercontent.com")["signIn"]
    {'clientId': '1234-abc.apps.googleusercontent.com', 'script': 'https://accounts.google.com/gsi/client'}
    >>> site_config("wss://ws.play.example.com")
    {'websocketUrl': 'wss://ws.play.example.com'}
    """
    config: dict[str, object] = {"websocketUrl": websocket_url}
    if google_client_id is not None:
        config["signIn"] = {"clientId": google_client_id, "script": GOOGLE_IDENTITY_SCRIPT}
    return config


def content_security_policy(websocket_origin: str, *, google_sign_in: bool = False) -> str:
    """The site's Content-Security-Policy: its own files, its game WebSocket, and Google sign-in if enabled.

    Everything the pages load is a file of the site (scripts, styles, the icons, the web app manifest, the service
    worker, ``config.json``); the only other connection is the game's WebSocket. No inline script or style exists
    to allow, no page may frame the site.

    >>> print(content_security_policy("wss://abc.execute-api.ap-northeast-1.amazonaws.com").replace("; ", ";\\n"))
    default-src 'none';
    script-src 'self';
    style-src 'self';
    img-src 'self';
    connect-src 'self' wss://abc.execute-api.ap-northeast-1.amazonaws.com;
    manifest-src 'self';
    worker-src 'self';
    base-uri 'none';
    form-action 'none';
    frame-ancestors 'none'
    >>> print(content_security_policy("wss://ws.play.example.com", google_sign_in=True).replace("; ", ";\\n"))
    default-src 'none';
    script-src 'self' https://accounts.google.com/gsi/client;
    style-src 'self' https://accounts.google.com/gsi/style;
    img-src 'self';
    connect-src 'self' wss://ws.play.example.com https://accounts.google.com/gsi/;
    manifest-src 'self';
    worker-src 'self';
    frame-src https://accounts.google.com/gsi/;
    base-uri 'none';
    form-action 'none';
    frame-ancestors 'none'
    """
    google = google_sign_in
    directives = [
        ("default-src", "'none'"),
        ("script-src", "'self'" + (f" {GOOGLE_IDENTITY_SCRIPT}" if google else "")),
        ("style-src", "'self'" + (f" {GOOGLE_IDENTITY}style" if google else "")),
        ("img-src", "'self'"),
        ("connect-src", f"'self' {websocket_origin}" + (f" {GOOGLE_IDENTITY}" if google else "")),
        # Said outright: manifest-src falls back to default-src ('none'), and worker-src to script-src only in
        # browsers of CSP level 3.
        ("manifest-src", "'self'"),
        ("worker-src", "'self'"),
        *([("frame-src", GOOGLE_IDENTITY)] if google else []),
        ("base-uri", "'none'"),
        ("form-action", "'none'"),
        ("frame-ancestors", "'none'"),
    ]
    return "; ".join(f"{name} {value}" for name, value in directives)


def opener_policy(*, google_sign_in: bool = False) -> str:
    """``Cross-Origin-Opener-Policy``: the site's window shares nothing with other origins' windows, except
    Google's sign-in pop-up, which reports back to its opener (Google's setup guide asks for this value)."""
    return "same-origin-allow-popups" if google_sign_in else "same-origin"


class SiteNotBuiltError(FileNotFoundError):
    """The site directory has no ``index.html``: the frontend has not been built."""


class StaticSite(Construct):
    """Private S3 bucket behind CloudFront (Origin Access Control), deployed with a generated ``config.json``.

    Two deployments: first the hashed ``assets/`` (cached for a year), then the pages and ``config.json`` (asked
    for again at every load), so a new ``index.html`` never names a script that is not there yet. Old files are
    not pruned: a phone still holding the previous ``index.html`` keeps finding the scripts it names.
    """

    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        site_dir: Path,
        websocket_url: str,
        websocket_origin: str,
        google_client_id: str | None = None,
        domain_name: str | None = None,
        certificate: acm.ICertificate | None = None,
    ) -> None:
        super().__init__(scope, construct_id)
        if not (site_dir / "index.html").is_file():
            raise SiteNotBuiltError(
                f"{site_dir}/index.html not found: build the site first (`make frontend`) "
                "or point the stack at a built site with `-c siteDir=PATH`"
            )
        self.domain_name = domain_name
        google_sign_in = google_client_id is not None
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
        self.headers = cloudfront.ResponseHeadersPolicy(
            self,
            "Headers",
            comment="Deckroom site: HSTS, CSP, nosniff, no framing, referrer",
            security_headers_behavior=cloudfront.ResponseSecurityHeadersBehavior(
                strict_transport_security=cloudfront.ResponseHeadersStrictTransportSecurity(
                    access_control_max_age=HSTS_MAX_AGE, include_subdomains=True, override=True
                ),
                content_security_policy=cloudfront.ResponseHeadersContentSecurityPolicy(
                    content_security_policy=content_security_policy(websocket_origin, google_sign_in=google_sign_in),
                    override=True,
                ),
                content_type_options=cloudfront.ResponseHeadersContentTypeOptions(override=True),
                frame_options=cloudfront.ResponseHeadersFrameOptions(
                    frame_option=cloudfront.HeadersFrameOption.DENY, override=True
                ),
                # Join links carry the room code (/?room=1234): other sites get the origin at most.
                referrer_policy=cloudfront.ResponseHeadersReferrerPolicy(
                    referrer_policy=cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override=True
                ),
            ),
            custom_headers_behavior=cloudfront.ResponseCustomHeadersBehavior(
                custom_headers=[
                    cloudfront.ResponseCustomHeader(
                        header="Cross-Origin-Opener-Policy",
                        value=opener_policy(google_sign_in=google_sign_in),
                        override=True,
                    )
                ]
            ),
        )
        self.distribution = self._distribution(certificate)
        self._deploy(site_dir, site_config(websocket_url, google_client_id))

    @property
    def url(self) -> str:
        """``https://`` + the site's own address, or the distribution's domain name (resolved at deploy time)."""
        return f"https://{self.domain_name or self.distribution.distribution_domain_name}"

    def _distribution(self, certificate: acm.ICertificate | None) -> cloudfront.Distribution:
        origin = origins.S3BucketOrigin.with_origin_access_control(self.bucket)
        pages_cache = cloudfront.CachePolicy(
            self,
            "PagesCache",
            comment="Deckroom pages: kept at the edge until the next deploy invalidates them",
            default_ttl=PAGES_EDGE_TTL,
            min_ttl=PAGES_EDGE_TTL,
            max_ttl=PAGES_EDGE_TTL,
            enable_accept_encoding_gzip=True,
            enable_accept_encoding_brotli=True,
        )

        def behavior(cache_policy: cloudfront.ICachePolicy) -> cloudfront.BehaviorOptions:
            return cloudfront.BehaviorOptions(
                origin=origin,
                # Nothing is ever served over plain HTTP; a typed http:// address is redirected, not refused.
                viewer_protocol_policy=cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
                cache_policy=cache_policy,
                response_headers_policy=self.headers,
                compress=True,
            )

        # Every page is a real file (the app at /, the rules pages under /rules/; join links are /?room=1234), so
        # there is no fallback to index.html: a wrong address is the not-found page, with status 404.
        distribution = cloudfront.Distribution(
            self,
            "Distribution",
            comment=f"{Stack.of(self).stack_name} site",
            default_root_object="index.html",
            default_behavior=behavior(pages_cache),
            # The origin's Cache-Control (a year, immutable) decides how long edges keep the hashed files.
            additional_behaviors={f"/{ASSETS_DIR}/*": behavior(cloudfront.CachePolicy.CACHING_OPTIMIZED)},
            error_responses=[
                cloudfront.ErrorResponse(
                    http_status=status,
                    response_http_status=404,
                    response_page_path=f"/{NOT_FOUND_KEY}",
                    ttl=Duration.minutes(5),
                )
                for status in (403, 404)
            ],
            http_version=cloudfront.HttpVersion.HTTP2_AND_3,
            # The players are in Japan and Korea (the seed pages): class 200 includes Asia's edge locations.
            price_class=cloudfront.PriceClass.PRICE_CLASS_200,
            domain_names=[self.domain_name] if self.domain_name else None,
            certificate=certificate,
            minimum_protocol_version=cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021 if certificate else None,
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
        if certificate is None:
            acknowledge(
                distribution,
                "AwsSolutions-CFR4",
                "Without a custom domain the distribution uses the default *.cloudfront.net certificate, whose TLS "
                "policy CloudFront fixes; with one (-c domainName=...) it requires TLSv1.2_2021.",
            )
        return distribution

    def _deploy(self, site_dir: Path, config: dict[str, object]) -> None:
        log_group = logs.LogGroup(
            self, "DeploymentLogs", retention=logs.RetentionDays.ONE_MONTH, removal_policy=RemovalPolicy.DESTROY
        )
        self.assets_deployment = s3deploy.BucketDeployment(
            self,
            "AssetsDeployment",
            # ".*" too: "*" leaves dot-files (the build stamp) in.
            sources=[s3deploy.Source.asset(str(site_dir), exclude=[".*", "*", f"!{ASSETS_DIR}", f"!{ASSETS_DIR}/**"])],
            destination_bucket=self.bucket,
            prune=False,
            cache_control=[s3deploy.CacheControl.from_string(IMMUTABLE)],
            log_group=log_group,
        )
        self.pages_deployment = s3deploy.BucketDeployment(
            self,
            "PagesDeployment",
            sources=[
                # The build's own config.json (if any) is left out: the deployed one must name this stack's API.
                s3deploy.Source.asset(
                    str(site_dir), exclude=[".built", ".vite", ".vite/**", CONFIG_KEY, ASSETS_DIR, f"{ASSETS_DIR}/**"]
                ),
                # json_data resolves the URL token when the deployment runs, not at synth time.
                s3deploy.Source.json_data(CONFIG_KEY, config),
                s3deploy.Source.asset(str(NOT_FOUND_DIR)),
            ],
            destination_bucket=self.bucket,
            distribution=self.distribution,
            distribution_paths=["/*"],
            prune=False,
            cache_control=[s3deploy.CacheControl.from_string(REVALIDATE)],
            log_group=log_group,
        )
        self.pages_deployment.node.add_dependency(self.assets_deployment)
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
        partition, region, account = rendered_environment(self)
        assets = f"cdk-{DefaultStackSynthesizer.DEFAULT_QUALIFIER}-assets-{account}-{region}"
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
            f"AwsSolutions-IAM5[Resource::arn:{partition}:s3:::{assets}/*]": copy_reason,
            f"AwsSolutions-IAM5[Resource::{rendered_ref(self.bucket, 'Arn')}/*]": copy_reason,
            **{
                f"AwsSolutions-IAM5[Action::s3:{action}]": copy_reason
                for action in ("GetBucket*", "GetObject*", "List*", "Abort*", "DeleteObject*")
            },
        }
        for rule_id, reason in findings.items():
            acknowledge(handler, rule_id, reason)
