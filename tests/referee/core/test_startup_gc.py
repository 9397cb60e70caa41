"""The server's processes freeze what start-up made and keep the cycle collector on."""

import subprocess
import sys


def test_the_wsgi_start_up_freezes_its_objects_and_leaves_the_collector_on():
    code = (
        "import gc, os, sys; os.environ['DJANGO_SETTINGS_MODULE'] = 'referee.settings';"
        "import referee.wsgi;"  # the views are imported (and frozen) before any request
        "print(gc.isenabled(), gc.get_freeze_count() > 50_000,"
        " 'referee.standings.views' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["True", "True", "True"]
