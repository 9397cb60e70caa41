"""The apps' hooks: an app above registers a function with one below (the layers import only
downward), in its ``AppConfig.ready``; registering it again (a second ``ready``, as tests
may run) adds nothing, so no hook runs twice."""

from __future__ import annotations

from typing import TypeVar

H = TypeVar("H")


def add_once(hooks: list[H], hook: H) -> H:
    """``hook`` added to ``hooks`` unless there already; returned, so a decorator can use it."""
    if hook not in hooks:
        hooks.append(hook)
    return hook
