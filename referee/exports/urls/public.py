"""Downloads under /t/<slug>/: one pattern over every registered exporter
(``exports/<identifier>.<format>``, its round, table or session in the query), and the
older addresses of each download, kept, routed to the same view."""

from typing import Any

from django.urls import URLPattern, path

from referee.exports import views
from referee.tables.urls.public import TABLE


def alias(route: str, identifier: str, fmt: str, name: str) -> URLPattern:
    """An older address of an exporter's download, served by the one view."""
    given: dict[str, Any] = {"identifier": identifier, "fmt": fmt}
    return path(route, views.export, given, name=name)


urlpatterns = [
    path("exports/<slug:identifier>.<slug:fmt>", views.export, name="export"),
    alias("export/results.xlsx", "results", "xlsx", "export-xlsx"),
    alias("duplicate/<int:session>/results.csv", "duplicate", "csv", "duplicate-csv"),
    alias("duplicate/<int:session>/results.xlsx", "duplicate", "xlsx", "duplicate-xlsx"),
    alias("duplicate/<int:session>/results.pdf", "duplicate", "pdf", "duplicate-pdf"),
    alias("export/standings.csv", "standings", "csv", "export-csv"),
    alias("export/standings.pdf", "standings", "pdf", "export-pdf"),
    alias("export/register.xlsx", "register", "xlsx", "export-register-xlsx"),
    alias("export/register.csv", "register", "csv", "export-register-csv"),
    alias("r/<int:round>/seating.pdf", "seating", "pdf", "hall-poster"),
    alias("r/<int:round>/tables.pdf", "table-cards", "pdf", "hall-cards"),
    alias("export/federation.xlsx", "federation", "xlsx", "export-federation-xlsx"),
    alias("export/federation.pdf", "federation", "pdf", "export-federation-pdf"),
    alias("export/results.json", "federation", "json", "export-results-json"),
    alias("export/results.csv", "federation", "csv", "export-results-csv"),
    alias(TABLE + "protocol.pdf", "protocol", "pdf", "export-protocol"),
    alias(TABLE + "protocol.json", "case", "json", "table-case"),
]
