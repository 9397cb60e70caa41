"""The REST API (``/api/v1/``) and the idempotency of posted forms: the site's top layer.

It imports only the services, permissions and models of the apps below, never their views.
"""
