"""The judge's data folders (its help texts, its migrations), found through its packages.

They are package data: found where the package is, not beside a checkout, so that a wheel
installed anywhere (pip, pipx) finds them as an editable install does. Alembic needs its
`script_location` as a folder on disk and the help files are read again when their times
change, so the judge must be installed as files, not zipped: pip and pipx always install a
wheel so, and a zipped import is refused here with that said.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path


def folder(package: str, *parts: str) -> Path:
    """The folder `parts` inside `package`, as a path on disk."""
    found = files(package).joinpath(*parts)
    if not isinstance(found, Path):
        raise RuntimeError(
            f"{package} is not installed as files on disk ({found!r}): install the judge "
            "unzipped, as pip and pipx do"
        )
    return found
