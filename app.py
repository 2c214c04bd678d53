#!/usr/bin/env python3
"""CDK entry point (``cdk.json`` runs it): ``make synth``, ``cdk deploy``, ``cdk destroy``. See docs/deploy.md."""

from infra.application import build_app

app, _ = build_app()
app.synth()
