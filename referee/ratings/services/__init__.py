"""The ratings' services, one module each (nothing is re-exported here): recomputing lists
(``compute``), the games they count (``games``), final places (``places``), qualification
points and norms (``qualification``), merging registry duplicates (``registry``), the
registry's public list (``listing``), a player's ratings page with its history, chart and
head-to-head (``history``), a registry player's profile across tournaments with his deal
statistics (``profile``) and the federation's results (``sheet``)."""
