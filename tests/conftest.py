"""Settings for the whole suite."""

from hypothesis import HealthCheck, settings

# The suite runs on machines shared with other work (CI included): an example's wall time
# says nothing there, so no per-example deadline and no "too slow" health check. The
# properties' own bounds on work (CPU time, sizes) stay in the tests that need them.
settings.register_profile("shared", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("shared")
