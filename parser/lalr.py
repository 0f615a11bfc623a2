"""The LALR parsers of our grammars, kept on disk once built. Building the command grammar's
tables costs about 0.18 s of CPU and DPP's as much, a map's order and money grammars some
0.05 s each; loading the built tables, a tenth of that. The judge's commands that start for
one mail (`judge process` under a mail system, `judge tick` from cron) built them every time.

The tables are kept in the user's cache folder ($XDG_CACHE_HOME, else ~/.cache), under a
name that is the hash of everything they are built from (the grammar, its options, the
versions of Lark and Python): a changed grammar is a new file, never a stale parser. Where
the folder cannot be written (a service whose file system is read-only but for its home),
the tables are built as before; a file that cannot be read is built again and replaced.
"""

from __future__ import annotations

import hashlib
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

import lark
from lark import Lark

# Lark.load takes only these again; every other option is in the saved tables.
_RUNTIME_OPTIONS = frozenset({"transformer", "postlex", "lexer_callbacks", "tree_class"})


def lalr(grammar: str, **options: Any) -> Lark:
    """Lark(grammar, parser="lalr", **options), its tables loaded from the cache when they
    were built before."""
    path = _cached(grammar, options)
    if path is not None:
        try:
            with path.open("rb") as saved:
                return Lark.load(saved)
        except Exception:  # none yet, or unreadable: built (again)
            pass
    built = Lark(grammar, parser="lalr", **options)
    if path is not None:
        _keep(built, path)
    return built


def _cached(grammar: str, options: dict[str, Any]) -> Path | None:
    """Where the tables of this grammar are kept, or None: not kept (options Lark.load
    cannot take back from the file)."""
    if _RUNTIME_OPTIONS & set(options):
        return None
    recipe = repr((grammar, sorted(options.items()), lark.__version__, sys.version_info[:3]))
    name = hashlib.sha256(recipe.encode("utf-8")).hexdigest()[:32]
    try:
        home = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    except RuntimeError:  # no home to be found: nothing kept
        return None
    return Path(home) / "judge" / "lalr" / f"{name}.pickle"


def _keep(built: Lark, path: Path) -> None:
    """Write the tables beside their place and move them in: a process loading them at the
    same moment finds the whole file or none. Not kept (built again next time) where they
    cannot be written."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        handle, temporary = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
    except OSError:
        return
    try:
        with os.fdopen(handle, "wb") as out:
            built.save(out)
        os.replace(temporary, path)
    except Exception:
        Path(temporary).unlink(missing_ok=True)
