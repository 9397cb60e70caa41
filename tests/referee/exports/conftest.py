"""Fixtures shared by the hall material's tests."""

import pytest

from referee.exports import hall


@pytest.fixture
def qr_targets(monkeypatch):
    """Every address a QR code is made of while the test runs (table cards, protocols,
    badges: all make them with ``hall.qr_data_uri``)."""
    made: list[str] = []
    real = hall.qr_data_uri
    monkeypatch.setattr(hall, "qr_data_uri", lambda url: made.append(url) or real(url))
    return made
