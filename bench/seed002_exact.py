"""The old name of bench/source002_exact.py (lesson 03 names this path until it is re-executed): runs that."""

import runpy
from pathlib import Path

runpy.run_path(str(Path(__file__).with_name("source002_exact.py")), run_name="__main__")
