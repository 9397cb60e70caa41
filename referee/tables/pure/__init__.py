"""The tables' pure algorithms: no Django, no app (import-linter keeps it so)."""
