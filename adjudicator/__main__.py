"""`python -m adjudicator < phase.json > result.json` (shared/phase-format.md).

A thin wrapper over `adjudicator.adjudicate`: bad input is exit status 2 and one line on
stderr saying what and where, never a traceback.
"""

from __future__ import annotations

import json
import os
import sys

from .document import adjudicate

USAGE = "usage: python -m adjudicator < phase.json > result.json"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args:
        if args[0] in ("-h", "--help"):
            print(USAGE)
            print("Adjudicates one phase; the JSON documents are described in phase-format.md.")
            return 0
        print(f"adjudicator: unexpected argument '{args[0]}'; {USAGE}", file=sys.stderr)
        return 2
    try:
        doc = json.loads(sys.stdin.read())
    except json.JSONDecodeError as exc:
        print(
            f"adjudicator: malformed JSON at line {exc.lineno} column {exc.colno}: {exc.msg}",
            file=sys.stderr,
        )
        return 2
    except UnicodeDecodeError as exc:
        print(f"adjudicator: the input is not UTF-8 text ({exc.reason})", file=sys.stderr)
        return 2
    try:
        result = adjudicate(doc)
    except ValueError as exc:
        print(f"adjudicator: {exc}", file=sys.stderr)
        return 2
    except Exception as exc:  # a bug of ours: still one line, unless asked for the traceback
        if os.environ.get("ADJUDICATOR_DEBUG"):
            raise
        print(f"adjudicator: internal error: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 70
    try:
        sys.stdout.write(json.dumps(result, indent=2) + "\n")
        sys.stdout.flush()
    except BrokenPipeError:  # the reader went away (`| head`): nothing left to say
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


if __name__ == "__main__":
    sys.exit(main())
