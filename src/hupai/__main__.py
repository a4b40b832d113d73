"""``python -m hupai``: the command line."""
from .cli import main

raise SystemExit(main())
