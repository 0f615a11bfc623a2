"""The programs some tests run beside the judge (Postfix, Dovecot), installed from Debian's
packages where they are missing: CI runs only `make test`, on a fresh machine, as root, so
whatever a test needs beyond Python is installed by the test kit, once per machine (the
first test that needs it installs it; the others find it there). Where it cannot be (not
root, not Debian), the test is skipped, saying why.

Each test runs an instance of its own of the program, with a configuration it writes; the
package's own service is never used (in a container Debian's policy-rc.d keeps it from
starting at all)."""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
from pathlib import Path

INSTALL_LOCK = Path("/tmp/judge-tests-apt.lock")


def install(package: str, program: str, debconf: str = "") -> str:
    """`package` from Debian's packages if `program` (a path) is missing: "" once it is
    there, else why not. `debconf`: answers to the package's questions, in
    debconf-set-selections' form, given before it is installed."""
    if os.path.exists(program):
        return ""
    if os.geteuid() != 0:
        return (
            f"{package} is not installed, and only root may install it (apt-get install {package})"
        )
    if shutil.which("apt-get") is None:
        return f"{package} is not installed, and this is no Debian system (no apt-get)"
    with open(INSTALL_LOCK, "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # xdist workers install it once, one at a time
        if os.path.exists(program):
            return ""
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        if debconf:
            subprocess.run(
                ["debconf-set-selections"], input=debconf.encode(), env=env, capture_output=True
            )
        command = ["apt-get", "install", "-y", "-q", "--no-install-recommends", package]
        done = subprocess.run(command, env=env, capture_output=True, timeout=600)
        if done.returncode != 0:  # an old package list: read it again, once
            subprocess.run(["apt-get", "update", "-q"], env=env, capture_output=True, timeout=600)
            done = subprocess.run(command, env=env, capture_output=True, timeout=600)
        if done.returncode != 0 or not os.path.exists(program):
            tail = done.stderr.decode(errors="replace")[-500:]
            return f"apt-get install {package} failed ({done.returncode}): {tail}"
    return ""
