"""A round's URLs by surface: ``public`` (its seating) and ``manage`` (seat, start, finish)."""
