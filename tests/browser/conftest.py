"""Browser tests: the tests/service helpers are shared (the mails come from a real service run)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "service"))
