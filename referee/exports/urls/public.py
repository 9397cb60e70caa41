"""Downloads under /t/<slug>/: the workbook, standings CSV and PDF, a table's protocol."""

from django.urls import path

from referee.exports import duplicate, hall, views

urlpatterns = [
    path("export/results.xlsx", views.results_xlsx, name="export-xlsx"),
    path("duplicate/<int:session>/results.csv", duplicate.session_csv, name="duplicate-csv"),
    path("duplicate/<int:session>/results.xlsx", duplicate.session_xlsx, name="duplicate-xlsx"),
    path("duplicate/<int:session>/results.pdf", duplicate.session_pdf, name="duplicate-pdf"),
    path("export/standings.csv", views.standings_csv, name="export-csv"),
    path("export/standings.pdf", views.standings_pdf, name="export-pdf"),
    path("export/register.xlsx", views.register_xlsx, name="export-register-xlsx"),
    path("export/register.csv", views.register_csv, name="export-register-csv"),
    path("r/<int:round>/seating.pdf", hall.round_poster, name="hall-poster"),
    path("r/<int:round>/tables.pdf", hall.round_cards, name="hall-cards"),
    *(
        path(
            f"export/{name}.{kind}",
            views.federation_export,
            {"kind": kind},
            name=f"export-{name}-{kind}",
        )
        for name, kind in (
            ("federation", "xlsx"),
            ("federation", "pdf"),
            ("results", "json"),
            ("results", "csv"),
        )
    ),
    path("r/<int:round>/t/<int:table>/protocol.pdf", views.protocol_pdf, name="export-protocol"),
]
