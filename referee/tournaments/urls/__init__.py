"""The tournament's URLs by surface: ``public`` and ``manage`` (README, Architecture)."""
