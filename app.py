#!/usr/bin/env python3
"""CDK entry point (``cdk.json`` runs it): ``make synth``, ``cdk deploy``, ``cdk destroy``.

The README's "Deploy to AWS" tells an operator how.
"""

from infra.application import build_app

app, _ = build_app()
app.synth()
