"""Make the shared helpers importable as ``vs_helpers``."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
