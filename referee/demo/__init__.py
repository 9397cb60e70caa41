"""The demo tournament behind ``make run``: its loader and the ``load_demo`` command."""
