"""The officials' URLs: the organiser's staff pages (``manage``)."""
