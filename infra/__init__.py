"""The production AWS stack of Deckroom (CDK), one construct per concern.

``app.py`` at the repository root builds :class:`infra.stack.DeckroomStack` (one per stage) through
:func:`infra.application.build_app`; the README ("Deploy to AWS") tells an operator how to deploy it, and
docs/capacity.md how to size it. Without a custom domain the stack is environment-agnostic: no account or region
is baked in, so one synthesised template deploys anywhere ``cdk bootstrap`` has run.
"""
