"""Duplicate sessions' URLs by surface: ``public``, ``referee`` and the chief's ``manage``."""
