"""Each piece of speed code against the plain way or a well-kept library, side by side.

    python bench/twins.py [--players 300] [--rounds 9] [--repeat 7] [--only workbook,rows,pdf,gc]

One process, the candidates of a section alternating round by round (the machine is shared:
its speed drifts, so each round's ratio is measured side by side); each line is the median of
the rounds and the ratio is the median of each round's ratio to the speed code's time. Sizes
are printed, and every candidate's output is checked equal to the speed code's first (the
same cells, the same markup, the same text, the same lines). The site's sections run on a
throw-away SQLite database holding a finished ``--players`` × ``--rounds`` tournament
(``referee.demo.generate_tournament``, as ``bench/site.py``), in Russian.

- workbook: ``exports.fast.workbook`` against openpyxl (as ``tabular.workbook``), openpyxl's
  ``write_only`` mode and XlsxWriter's ``constant_memory`` mode, on the results workbook's
  sheets (standings, rounds, every table's protocol);
- rows: the standings page's rows (``standings/page_rows.py``) against the same markup from a
  Django template and a Jinja2 template;
- pdf: the standings PDF typeset by ``exports/fast/gridpdf.py`` against WeasyPrint
  (``printing.standings_print``);
- gc: the standings page after a change and the results workbook with the collector paused
  (as ``core/collector.py`` did until it was removed), running, and running after
  ``gc.freeze()`` of what start-up made (as ``referee/wsgi.py`` does now).

The engine's fast way of scoring a case file (``casestream``, ``caselines``,
``caseread._plain_deal``) was measured here against the full case reader and writer
(``casefile.run_cases``) until it was removed for being within 1.5x of it: that section is
in this file's history (commit c1de31a, ``--only cases``).

XlsxWriter and Jinja2 are not dependencies of the site: the sections that need them say so
and skip them when they are not installed.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))


# -- the site -------------------------------------------------------------------------------


def site_sections(args: argparse.Namespace, only: set[str]) -> None:
    import django

    django.setup()
    from django.contrib.auth.models import AnonymousUser
    from django.core.management import call_command
    from django.utils import translation

    from referee.demo.loader import generate_tournament
    from referee.standings.models import StandingsSettings

    call_command("migrate", verbosity=0)
    start = time.perf_counter()
    tournament = generate_tournament(args.players, args.rounds, seed=1, slug="bench")
    StandingsSettings.objects.create(tournament=tournament, published_through=args.rounds)
    print(
        f"tournament: {args.players} players, {args.rounds} rounds "
        f"(generated in {time.perf_counter() - start:.1f} s)"
    )
    public = AnonymousUser()
    with translation.override("ru"):
        if "workbook" in only:
            import site_twins

            site_twins.workbook_section(tournament, public, args.repeat)
        if "rows" in only:
            import site_twins

            site_twins.rows_section(tournament, public, args.repeat)
        if "pdf" in only:
            import site_twins

            site_twins.pdf_section(tournament, public, max(3, args.repeat // 2))
        if "gc" in only:
            import site_twins

            site_twins.gc_section(tournament, public, args.repeat)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--only", default="workbook,rows,pdf,gc")
    args = parser.parse_args()
    only = set(args.only.split(","))
    print(f"load average {os.getloadavg()[0]:.2f}, {args.repeat} rounds")
    if only:
        with tempfile.TemporaryDirectory(prefix="bench-twins-") as folder:
            os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
            os.environ.setdefault("DJANGO_SETTINGS_MODULE", "referee.settings")
            os.environ.setdefault("DEBUG", "0")
            os.environ.setdefault("ALLOWED_HOSTS", "testserver,localhost")
            site_sections(args, only)
    print(f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
