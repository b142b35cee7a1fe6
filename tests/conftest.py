"""Shared test configuration.

Real-server tests (marker ``mailserver``) start their own Dovecot and SMTP servers on 127.0.0.1.
A machine without Dovecot skips them with a loud reason; in CI (``CI=true``) such a skip fails the run.
Browser tests (marker ``browser``, headless Chromium) are skipped and failed the same way.

``os.fsync`` does nothing in the test processes (``PBEM_TEST_FSYNC=1`` keeps it): a flush to the
disk shows only when the machine loses power, which no test does (a killed process loses nothing
the kernel holds; the kill and crash tests kill child processes, whose fsyncs are real). The
tests that count fsyncs wrap ``os.fsync`` and still count them. A whole game of Die Verbotene
Stadt makes about 4,300 of them, 2-4 ms each on the CI's disk (twelfth round).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from _typeshed import HasFileno

_skipped_mailserver: list[str] = []
_skipped_browser: list[str] = []


def _ci() -> bool:
    return os.environ.get("CI", "").lower() in {"1", "true", "yes"}


def _no_fsync(fd: int | HasFileno) -> None:
    os.fstat(fd if isinstance(fd, int) else fd.fileno())  # an error on a bad one, as the real one


@pytest.hookimpl(trylast=True)  # after pytest's tmp_path plugin has set up the base temp
def pytest_configure(config):  # type: ignore[no-untyped-def]
    if os.environ.get("PBEM_TEST_FSYNC") != "1":
        os.fsync = _no_fsync
    if hasattr(config, "workerinput"):
        # A worker of pytest-xdist: the games whose mails the reading tests answer are played by
        # the first worker that needs them, in a directory all workers of this run share
        # (tests/mail/player_corpus.py, SHARED).
        base = config._tmp_path_factory.getbasetemp().parent
        os.environ["PBEM_TEST_STAGES"] = str(base / "stages")


def pytest_collection_modifyitems(config, items):  # type: ignore[no-untyped-def]
    """The tests marked ``slow`` (whole games, long properties) first, then those of real servers,
    the browser and the wheel, then the rest, each group in its order: under ``-n 2`` the workers
    share the long ones out while the many short tests fill the gaps, instead of one worker
    finishing a three-minute game alone at the end (eleventh round). pytest-xdist hands out whole
    files (``--dist loadfile --no-loadscope-reorder`` in pyproject.toml), in the order of their
    first test here: a file's module fixtures (the verdicts of hundreds of replies) are built in
    one worker only (thirteenth round)."""

    def heavy(item):  # type: ignore[no-untyped-def]
        return any(item.get_closest_marker(m) for m in ("mailserver", "browser", "packaging"))

    items.sort(key=lambda item: (item.get_closest_marker("slow") is None, not heavy(item)))


def pytest_runtest_logreport(report):  # type: ignore[no-untyped-def]
    # Runs in the controller too under xdist (worker reports are forwarded), so the count is global.
    if report.skipped and "mailserver" in report.keywords:
        _skipped_mailserver.append(report.nodeid)
    if report.skipped and "browser" in report.keywords:
        _skipped_browser.append(report.nodeid)


def pytest_terminal_summary(terminalreporter, exitstatus, config):  # type: ignore[no-untyped-def]
    if _skipped_mailserver:
        terminalreporter.write_sep(
            "!",
            f"{len(_skipped_mailserver)} REAL MAIL SERVER TESTS WERE SKIPPED (no Dovecot here)",
            red=True,
            bold=True,
        )
        if _ci():
            terminalreporter.write_line("CI=true: skipping the real-server tests fails the run.")
    if _skipped_browser:
        terminalreporter.write_sep(
            "!",
            f"{len(_skipped_browser)} BROWSER TESTS WERE SKIPPED (no chromium, chromedriver or"
            " selenium here)",
            red=True,
            bold=True,
        )
        if _ci():
            terminalreporter.write_line("CI=true: skipping the browser tests fails the run.")


def pytest_sessionfinish(session, exitstatus):  # type: ignore[no-untyped-def]
    if _ci() and (_skipped_mailserver or _skipped_browser) and session.exitstatus == 0:
        session.exitstatus = 1
