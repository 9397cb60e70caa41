"""Seating of tournament rounds: the services and pages; the algorithm is in ``pure``."""
