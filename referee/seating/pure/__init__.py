"""Seating of tournament rounds (TOURNAMENTS.md §6), pure Python with no Django import.

``plan`` splits N players into tables of 4 and 3 (§6.2), ``algorithm`` seats a round (§6.3)
and draws seats and first dealers inside each table (§6.1), ``quality`` reports and checks a
seating. ``movement`` plans the movement of a duplicate session (§10): which table plays which
set of boards in which stanza and who holds which hand; ``movecheck`` checks and assesses it.
"""
