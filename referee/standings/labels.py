"""The names of the standings settings in the reader's language: conversion methods,
normalisations and tie-breaks, for pages, exports and the settings form alike."""

from django.utils.translation import gettext_lazy

METHOD_LABELS = {
    "raw_whists": gettext_lazy("raw whists: round points are the settled whists"),
    "cutoff_bands": gettext_lazy("cut-off bands: up to 200 whists 1:1, to 650 at 1:10"),
    "coefficient_bands": gettext_lazy("coefficient bands: to 50 at 1, to 100 at 0.5, then 0.1"),
    "placement_points": gettext_lazy("placement points: by the place at the table"),
}


NORMALISATION_LABELS = {
    "none": gettext_lazy("none: compare the results as they are"),
    "placement": gettext_lazy("placement: placement points, the same scale at 3 and 4"),
    "factor": gettext_lazy("factor: multiply the results of tables of 4"),
}


TIE_BREAK_LABELS = {
    "points": gettext_lazy("tournament points"),
    "whists": gettext_lazy("total whists"),
    "firsts": gettext_lazy("first places at tables"),
    "head_to_head": gettext_lazy("head to head among the tied players"),
    "opponents_points": gettext_lazy("opponents' tournament points"),
    "lot": gettext_lazy("the lot"),
    "carried": gettext_lazy("points of the earlier stage"),
}
