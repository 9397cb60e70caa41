"""Point conversions and ranking (TOURNAMENTS.md §5, §6.3), pure Python with no Django."""
