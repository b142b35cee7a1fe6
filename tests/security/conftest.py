"""The security tests build services like the service tests do (tests/service/helpers.py)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1] / "service"))
