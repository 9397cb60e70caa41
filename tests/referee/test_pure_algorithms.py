"""The site's algorithms (seating, round points, ranking) are plain Python: no Django."""

import subprocess
import sys


def test_seating_points_and_ranking_import_no_django():
    code = (
        "import sys; import referee.seating.pure.algorithm, referee.seating.pure.quality, "
        "referee.standings.pure.points, referee.standings.pure.ranking; "
        "print('django' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
