"""Reading command lines as a mail holds them, for the command grammar's tests (one file
per family of commands, tests/test_grammar_*.py): each line after a SIGN ON, so that
every command is allowed, on a fixed day, so that dates read the same every time."""

from __future__ import annotations

from datetime import datetime

from parser import commands as c
from parser import parse_mail, setting_text

NOW = datetime(2026, 11, 22, 10, 0)  # a Sunday

# A family's examples: each line as the users' manual writes it, and the command it reads
# as (None for a line that is tested otherwise, such as one that takes a body).
Examples = list[tuple[str, c.Command | None]]


def read(line: str) -> list[c.Command]:
    """The commands of one line, after a sign-on so that every command is allowed."""
    mail = parse_mail(f"signon Fgame pw\n{line}\n", NOW)
    assert not mail.errors, mail.errors
    return [cmd for cmd in mail.commands if cmd.line == 2]


def one(line: str) -> c.Command:
    commands = read(line)
    assert len(commands) == 1, commands
    return commands[0]


def error(line: str) -> str:
    mail = parse_mail(f"signon Fgame pw\n{line}\n", NOW)
    assert mail.errors, mail.commands
    return mail.errors[0].reason


def commands_of(examples: Examples) -> Examples:
    """The examples that read as a command, for test_manual_examples."""
    return [e for e in examples if e[1]]


def settings_of(examples: Examples) -> list[str]:
    """The lines of the examples that are SET commands, for test_settings_round_trip."""
    return [
        e[0]
        for e in examples
        if isinstance(e[1], c.Command) and type(e[1]).__name__.startswith("Set")
    ]


def numbered(expected: c.Command) -> c.Command:
    """An example's command (written without a line number) as read from the line after
    the SIGN ON."""
    return type(expected)(**{**_fields(expected), "line": 2})


def round_trips(text: str) -> None:
    """Each setting of the line, written back as text, reads as the same setting again."""
    for command in read(text):
        again = read(setting_text(command))
        assert again == [command], setting_text(command)


def example_id(value: object) -> str:
    return str(value)[:40]


def _fields(command: c.Command) -> dict:
    return {f: getattr(command, f) for f in command.__dataclass_fields__}
