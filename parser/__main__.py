"""`python -m parser < mail.txt`: one JSON object per command or error, for debugging.

Each object has `"line"` and either `"command"` (the command's type and fields) or
`"error"` (the reason). Orders are read by their text only unless `--names FILE` gives a
JSON object of province names (lower case) to abbreviations, with `--phase` the kind of
phase they are for.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from datetime import date, datetime, time
from typing import Any

from .commands import Command
from .mail import parse_mail
from .vocabulary import Vocabulary


def _plain(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out = {"type": type(value).__name__}
        out.update({f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)})
        return out
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, date | time | datetime):
        return value.isoformat()
    return value


def _command(command: Command) -> dict[str, Any]:
    fields = _plain(command)
    kind = fields.pop("type")
    line = fields.pop("line")
    return {"line": line, "command": kind, **fields}


def main(argv: list[str] | None = None) -> int:
    options = argparse.ArgumentParser(prog="python -m parser", description=__doc__)
    options.add_argument("--names", help="JSON file: province names to abbreviations")
    options.add_argument("--powers", help="JSON file: power names and adjectives to names")
    options.add_argument("--phase", choices=["movement", "retreat", "adjustment"])
    options.add_argument("--now", help="the date to read dates against (ISO), default: now")
    args = options.parse_args(argv)
    vocabulary = None
    if args.names:
        with open(args.names, encoding="utf-8") as f:
            names = json.load(f)
        powers = {}
        if args.powers:
            with open(args.powers, encoding="utf-8") as f:
                powers = json.load(f)
        vocabulary = Vocabulary(names, powers, args.phase)
    now = datetime.fromisoformat(args.now) if args.now else datetime.now()
    body = sys.stdin.buffer.read()
    mail = parse_mail(body, now, vocabulary)
    rows = [_command(cmd) for cmd in mail.commands]
    rows += [{"line": e.line, "error": e.reason, "text": e.text} for e in mail.errors]
    for row in sorted(rows, key=lambda r: r["line"]):
        print(json.dumps(row, ensure_ascii=False))
    print(json.dumps({"ended": mail.ended}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
