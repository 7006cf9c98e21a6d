#!/usr/bin/env python3
"""Give every widget output of executed notebooks a stable id, so a re-execution changes no line it need not.

Widget state is not saved with the notebooks, so a widget output's `model_id` points at nothing;
but a fresh random id on every run would make each re-execution rewrite every widget cell. This
replaces each id by one derived from the notebook's name and the cell's and output's positions.

    python tools/stable_ids.py NOTEBOOK...

Only the standard library is needed; the JSON is written as nbformat writes it.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def stable_ids(path: Path) -> bool:
    """Rewrite the notebook's widget ids in place; True if anything changed."""
    text = path.read_text(encoding="utf-8")
    notebook = json.loads(text)
    for number, cell in enumerate(notebook.get("cells", [])):
        for position, output in enumerate(cell.get("outputs", [])):
            view = output.get("data", {}).get(WIDGET_VIEW)
            if view is not None:
                seed = f"{path.name}:{number}:{position}".encode()
                view["model_id"] = hashlib.sha1(seed).hexdigest()[:32]
    new = json.dumps(notebook, sort_keys=True, indent=1, ensure_ascii=False) + "\n"
    if new != text:
        path.write_text(new, encoding="utf-8")
        return True
    return False


def main(argv: list[str]) -> int:
    for name in argv:
        stable_ids(Path(name))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
