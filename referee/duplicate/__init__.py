"""Duplicate preferans (issue 20): the same boards at every table of a group, each seat role
compared with the same role at the other tables. Sessions, boards and their movement are
kept here; the tables, deals and sign-off are the ordinary ones of ``referee.tables``."""
