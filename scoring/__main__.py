"""``python -m scoring score|check FILE``: see ``cli``.

The collector is off from the start (``cli.main`` says why; the engine's import makes
thousands of objects too). Once the output is flushed the process ends with ``os._exit``:
it holds nothing left to finish (no file open for writing, no exit handler), and the
interpreter's teardown, which frees every object and module one by one, was some 5% of a
20,000-case run. A reader that stops reading (``| head``) ends the command with exit 1
and no traceback.
"""

import gc

if __name__ == "__main__":  # (not when a test imports the module)
    gc.disable()

import os
import sys

from .cli import main


def _run() -> int:
    try:
        code = main()
        sys.stdout.flush()
    except BrokenPipeError:
        return 1
    return code


if __name__ == "__main__":
    status = _run()
    try:
        sys.stderr.flush()
    finally:
        os._exit(status)
