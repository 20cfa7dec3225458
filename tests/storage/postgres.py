"""A PostgreSQL server for the storage tests.

``DOWDING_TEST_POSTGRES_URL`` names a database the tests may wipe. Without it, a throwaway
server is started from /usr/lib/postgresql/*/bin (initdb into a temporary folder, listening on
a Unix socket only), as the ``postgres`` user when the tests run as root.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

ENV = "DOWDING_TEST_POSTGRES_URL"


class Unavailable(Exception):
    """No PostgreSQL for the tests; the message says why."""


def _bin() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not found:
        raise Unavailable(f"no PostgreSQL: set {ENV} or install postgresql (initdb not found)")
    return Path(found[-1]).parent


def _runner() -> list[str]:
    """Run the server's commands as ourselves, or as ``postgres`` when we are root."""
    if os.geteuid() != 0:
        return []
    try:
        pwd.getpwnam("postgres")
    except KeyError:
        raise Unavailable("running as root and there is no 'postgres' user to run initdb") from None
    runuser = shutil.which("runuser")
    if runuser is None:
        raise Unavailable("running as root without runuser to start PostgreSQL as 'postgres'")
    return [runuser, "-u", "postgres", "--"]


@contextmanager
def throwaway_server() -> Iterator[str]:
    """Start a private server; yields its URL; stops it and removes its files afterwards."""
    binaries, runner = _bin(), _runner()
    base = Path(tempfile.mkdtemp(prefix="dowding-pg-"))
    data = base / "data"
    try:
        if runner:
            owner = pwd.getpwnam("postgres")
            os.chown(base, owner.pw_uid, owner.pw_gid)
        base.chmod(0o755)
        port = "5433"
        _run([*runner, str(binaries / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres"])
        _run(
            [
                *runner,
                str(binaries / "pg_ctl"),
                "-D",
                str(data),
                "-w",
                "-l",
                str(base / "log"),
                "-o",
                f"-k {base} -p {port} -c listen_addresses='' -c fsync=off",
                "start",
            ]
        )
        try:
            yield f"postgresql+psycopg://postgres@/postgres?host={base}&port={port}"
        finally:
            subprocess.run(
                [*runner, str(binaries / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"],
                capture_output=True,
                check=False,
            )
    finally:
        shutil.rmtree(base, ignore_errors=True)


def _run(command: list[str]) -> None:
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise Unavailable(f"{Path(command[-1]).name} failed: {(done.stderr or done.stdout)[-500:]}")


def wipe(url: str) -> None:
    """Drop dowding's tables, so each test starts from an empty database."""
    engine = create_engine(url)
    try:
        with engine.begin() as connection:
            for table in ("steps", "seats", "games", "alembic_version"):
                connection.execute(text(f"DROP TABLE IF EXISTS {table} CASCADE"))
    finally:
        engine.dispose()


def postgres_or_skip() -> Iterator[str]:
    """A PostgreSQL URL for a fixture to yield: $DOWDING_TEST_POSTGRES_URL, else a throwaway
    server; the test is skipped where none can start (failed with DOWDING_REQUIRE_POSTGRES=1,
    as in CI, where a skip would hide a gap)."""
    url = os.environ.get(ENV)
    if url:
        yield url
        return
    try:
        with throwaway_server() as started:
            yield started
    except Unavailable as exc:
        if os.environ.get("DOWDING_REQUIRE_POSTGRES") == "1":
            pytest.fail(f"PostgreSQL is required here: {exc}")
        pytest.skip(str(exc))
