#!/usr/bin/env python3
"""CDK entry point (``cdk.json`` runs it): ``make synth``, ``cdk deploy``, ``cdk destroy``.

The AWS Solutions checks of cdk-nag run on every synthesis, not only in the tests, so an operator's
``cdk synth``/``cdk deploy`` stops on the same unexplained finding a test would.
"""

import aws_cdk as cdk

from infra.config import StackConfig
from infra.nag import add_checks
from infra.stack import DeckroomStack

app = cdk.App()
add_checks(app)
DeckroomStack(app, "Deckroom", config=StackConfig.from_context(app.node))
app.synth()
