"""``python -m cotuong.cli``: the same as the ``cotuong`` command."""

import sys

from cotuong.cli import main

sys.exit(main())
