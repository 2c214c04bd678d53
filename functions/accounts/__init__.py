"""Accounts: signing in with an OpenID Connect ID token (Google's, or the local issuer's under ``make dev``).

``tokens`` verifies an ID token and names the account it proves (issuer + ``sub``); ``jwks`` fetches and caches
the issuer's signing keys. Neither module touches DynamoDB.
"""
