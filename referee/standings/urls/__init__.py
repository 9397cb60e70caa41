"""Standings URLs by surface: ``public`` pages and the chief's ``manage`` settings."""
