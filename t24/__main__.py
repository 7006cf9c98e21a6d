"""`python -m t24` runs the command line."""

from .cli import main

raise SystemExit(main())
