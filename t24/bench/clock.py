"""What a benchmark second is, and progress bars while it runs.

CPU time of this process (`time.process_time`) by default: the machine these figures are quoted
for is shared, and wall time there mostly measures the neighbours; `wall` for a quiet machine.
"""

from __future__ import annotations

import sys
import time

CLOCKS = {"cpu": time.process_time, "wall": time.perf_counter}
CLOCK_WORDS = {"cpu": "CPU time of this process (time.process_time)", "wall": "wall time (time.perf_counter)"}


def progress(items, desc: str, show: bool):
    """Wrap `items` in a tqdm bar when asked and tqdm is installed (only if a step takes a while)."""
    if not show:
        return items
    try:
        from tqdm import tqdm
    except ImportError:
        return items
    return tqdm(items, desc=desc, leave=False, file=sys.stderr, delay=2)
