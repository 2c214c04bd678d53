"""The production AWS stack of Deckroom (CDK), one construct per concern.

``app.py`` at the repository root builds :class:`infra.stack.DeckroomStack`; the README ("Deploy to AWS") tells
an operator how to deploy it. The stack is environment-agnostic: no account or region is baked in, so one synthesised
template deploys anywhere ``cdk bootstrap`` has run.
"""
