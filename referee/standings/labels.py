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


#: Each parameter of a conversion method (``points.METHODS``): its label and what it decides.
PARAM_LABELS = {
    "bands": (
        gettext_lazy("Bands"),
        gettext_lazy(
            "Each band counts the whists up to its upper bound at its weight (1: in full, "
            "1/10: one point per ten whists); whists above the last bound count nothing. "
            "Leave the last bound empty for no limit, and a row empty for no band."
        ),
    ),
    "symmetric": (
        gettext_lazy("Losses are banded too"),
        gettext_lazy("Off: a loss counts in full, however large."),
    ),
    "three_table": (
        gettext_lazy("Points by place, table of 3"),
        gettext_lazy("For 1st, 2nd and 3rd place, to a player whose result is positive."),
    ),
    "three_table_if_negative": (
        gettext_lazy("Points by place, table of 3, negative result"),
        gettext_lazy("For 1st, 2nd and 3rd place, to a player whose result is negative."),
    ),
    "four_table": (
        gettext_lazy("Points by place, table of 4"),
        gettext_lazy("For 1st to 4th place, to a player whose result is positive."),
    ),
    "four_table_if_negative": (
        gettext_lazy("Points by place, table of 4, negative result"),
        gettext_lazy("For 1st to 4th place, to a player whose result is negative."),
    ),
    "sole_winner_bonus": (
        gettext_lazy("Bonus for the only player in plus"),
        gettext_lazy(
            "Added when one player alone at the table has a positive result "
            "(published: 1, so 4 points instead of 3)."
        ),
    ),
    "zero_is_positive": (
        gettext_lazy("A result of 0 counts as positive"),
        gettext_lazy("Off: 0 counts as negative."),
    ),
    "ties": (
        gettext_lazy("Players tied at a table"),
        gettext_lazy("Whose points two players with the same result at one table get."),
    ),
}

#: The values of a parameter that is a choice, in words.
PARAM_CHOICES = {
    "ties": {
        "best_place": gettext_lazy("each gets the best shared place"),
        "split": gettext_lazy("the shared places' points split equally"),
    },
}
