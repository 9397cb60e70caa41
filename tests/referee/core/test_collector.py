"""The cycle collector's pause: off inside, back on after, left off when it was off."""

import gc

import pytest

from referee.core.collector import collector_paused


def test_the_collector_is_off_inside_and_on_again_after_even_on_an_error():
    assert gc.isenabled()
    with pytest.raises(ValueError), collector_paused():
        assert not gc.isenabled()
        raise ValueError
    assert gc.isenabled()


def test_a_pause_inside_a_pause_leaves_the_switch_to_the_outer_one():
    with collector_paused():
        with collector_paused():
            pass
        assert not gc.isenabled()  # the inner pause did not turn it back on
    assert gc.isenabled()
