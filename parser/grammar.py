"""The command grammar, put together from its files: one per family of commands.

Lark's `%import` gives what an imported rule uses names of its own (`accounts__WORD`), so
that a terminal shared by two files would be two terminals, and the transformer
(parser.commands) knows every rule and terminal by its one name. So the files are joined as
text instead, into one grammar in which a rule of any file may use a terminal or rule of
any other. `commands.lark` comes first: it holds the start and the alternatives of
a command and of a setting, which name the rules the family files define.
"""

from __future__ import annotations

from pathlib import Path

FILES = (
    "commands.lark",
    "accounts.lark",
    "forming.lark",
    "play.lark",
    "clock.lark",
    "press.lark",
    "endings.lark",
    "master.lark",
    "listings.lark",
)

_HERE = Path(__file__).parent

GRAMMAR = "\n".join(
    (_HERE / name).read_text(encoding="utf-8").rstrip("\n") + "\n" for name in FILES
)
