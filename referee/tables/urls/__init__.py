"""A table's URLs by surface: ``public`` (its sheet) and ``referee`` (entry and sign-off)."""
