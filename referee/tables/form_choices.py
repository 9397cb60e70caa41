"""The deal form's choices and the names that tie its fields to the stored deal."""

from django.utils.translation import gettext_lazy

from scoring import disciplinary, underbid
from scoring.cards import SUITS, SYMBOLS

CALL_ROWS = 5
MANUAL_ROWS = 2

TYPES = [
    ("game", gettext_lazy("game")),
    ("misere", gettext_lazy("misère")),
    ("raspasy", gettext_lazy("raspasy")),
]
LEVELS = [(n, str(n)) for n in range(6, 11)]
STRAINS = [*zip(SUITS, SYMBOLS, strict=True), ("NT", gettext_lazy("NT"))]
CALLS = [
    ("whist", gettext_lazy("whist")),
    ("pass", gettext_lazy("pass")),
    ("half_whist", gettext_lazy("half-whist")),
    ("return_whist", gettext_lazy("return whist")),
    ("check", gettext_lazy("check")),
]
PLAYS = [
    ("closed", gettext_lazy("closed")),
    ("open", gettext_lazy("open")),
    ("none", gettext_lazy("not played")),
]
COMMERCIAL = "kodex-3.8.5.1-commercial"
QUALIFICATION = "kodex-3.8.5.1-qualification"
RULINGS = [
    ("", gettext_lazy("none")),
    ("kodex-3.4.4", gettext_lazy("3.4.4 contract below the bid: set without all")),
    ("kodex-3.4.6", gettext_lazy("3.4.6 ordered with a wrong number of cards")),
    ("kodex-3.4.9", gettext_lazy("3.4.9 declarer looked at his discard")),
    ("kodex-3.4.11", gettext_lazy("3.4.11 prikup premium (record)")),
    (COMMERCIAL, gettext_lazy("3.8.5.1 disputed defence plan, commercial")),
    (QUALIFICATION, gettext_lazy("3.8.5.1 disputed defence plan, qualification")),
]
DELIBERATE = [
    ("", gettext_lazy("not recorded")),
    ("yes", gettext_lazy("deliberate")),
    ("no", gettext_lazy("not")),
]
LOT = [("actual", gettext_lazy("actual play")), ("alternative", gettext_lazy("the other plan"))]
BOOKS = [
    ("", "—"),
    ("pulka", gettext_lazy("pool")),
    ("gora", gettext_lazy("mountain")),
    ("whist", gettext_lazy("whists on")),
    ("adjustment", gettext_lazy("adjustment (whists outside the sheet)")),
]
#: Rule references offered for a manual entry, named as the engine's helpers name them.
RULE_REFERENCES = [
    underbid("gora", "A", 0, "-").rule,
    disciplinary("A", 0, "-").rule,
    "FSPR Sports Code, section 10",
    "Kodeks 3.2.12–3.2.15 (misdeal)",
]

#: Which deal types each part of the form concerns (the rest is hidden and ignored).
TYPE_PARTS = {
    "declarer": ("game", "misere"),
    "contract": ("game",),
    "calls": ("game",),
    "talon": ("game",),
    "ruling": ("game", "misere"),
    "prikup_refusal": ("game", "misere"),
    "raspasy_fine": ("raspasy",),
}
#: The parameters of each Kodeks ruling.
RULING_PARTS = {
    "kodex-3.4.4": ("bid_level",),
    "kodex-3.4.6": ("proven_undertricks", "deliberate"),
    COMMERCIAL: ("insisting", "dissenters", "guaranteed"),
    QUALIFICATION: ("dissenter", "alternative", "lot"),
}
ENGINE_FIELDS = {
    "type": "type",
    "dealer": "dealer",
    "declarer": "declarer",
    "contract": "level",
    "contract.level": "level",
    "contract.strain": "strain",
    "raspasy": "type",
    "raspasy.series_index": "type",
    "play": "play",
    "talon": "talon",
    "ruling": "ruling",
    "ruling.rule": "ruling",
    "ruling.mode": "ruling",
    "ruling.bid_level": "bid_level",
    "ruling.proven_undertricks": "proven_undertricks",
    "ruling.deliberate": "deliberate",
    "ruling.insisting": "insisting",
    "ruling.dissenters": "dissenters",
    "ruling.dissenter": "dissenter",
    "ruling.lot": "lot",
}
MANUAL_PARTS = {"kind": "book", "player": "player", "on": "on", "amount": "amount"}
MANUAL_PARTS |= {"reason": "reason", "rule": "rule"}

NUMBER = {"inputmode": "numeric", "pattern": "[0-9]*", "class": "trick"}
#: Groups of inputs with errors of their own (the whole sequence of calls, the tricks of all
#: hands): a hidden field each carries them, and the first input of the group takes focus.
GROUPS = {"calls": "call_1_call", "tricks": "tricks_", "guaranteed": "guaranteed_"}
GROUPS |= {"alternative": "alternative_"}
#: the groups' names in the summary of errors
GROUP_LABELS = {
    "calls": gettext_lazy("Defence calls"),
    "tricks": gettext_lazy("Tricks"),
    "guaranteed": gettext_lazy("Tricks of the guaranteed result"),
    "alternative": gettext_lazy("Tricks the other plan would have produced"),
}
