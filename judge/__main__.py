"""`python -m judge`: the same as the `judge` command."""

import sys

from .cli import main

sys.exit(main())
