"""The ratings' services: recomputing lists (``compute``), the games they count (``games``),
final places (``places``), qualification (``qualification``), merging registry duplicates
(``registry``), a player's page (``history``) and the federation's results (``sheet``)."""
