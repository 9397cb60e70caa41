"""The exports' speed code, fenced: the rest of the site reaches it only through this module.

Each piece has a plain twin, kept as the reference its test compares it with (README, Speed,
the table of twins; measured by ``bench/twins.py``):

- ``workbook(sheets)`` (``xlsx``) writes ``tabular.workbook(sheets)``'s workbook straight as
  SpreadsheetML: openpyxl, its ``write_only`` mode and XlsxWriter's ``constant_memory`` were
  all many times slower on a tournament's hundreds of sheets;
- ``standings_print(...)`` (``printout``, typeset by ``gridpdf``) prints the standings as
  ``printing.standings_print`` does through WeasyPrint, whose layout of thousands of table
  cells as CSS boxes was nearly all of its time.
"""

from __future__ import annotations

from .printout import standings_print
from .xlsx import workbook

__all__ = ["standings_print", "workbook"]
