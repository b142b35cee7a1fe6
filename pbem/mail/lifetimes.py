"""The ``with`` forms of the mail loop's sources and of the local servers, said once: a source is
closed when the block ends (:class:`Closing`), a server started when it begins and stopped when it
ends (:class:`Started`). Standard library only."""

from __future__ import annotations

from types import TracebackType
from typing import Self


class Closing:
    """``with source:``: the source itself, closed at the end of the block."""

    def close(self) -> None:
        raise NotImplementedError

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


class Started(Closing):
    """``with Server(...) as server:``: started on entry (``start`` returns the server), stopped
    at the end of the block (closing a server stops it)."""

    def start(self) -> Self:
        raise NotImplementedError

    def stop(self) -> None:
        raise NotImplementedError

    def close(self) -> None:
        self.stop()

    def __enter__(self) -> Self:
        return self.start()
