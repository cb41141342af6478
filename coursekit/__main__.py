"""`python -m coursekit ...` runs the command-line front end."""

import sys

from coursekit.cli import main

sys.exit(main())
