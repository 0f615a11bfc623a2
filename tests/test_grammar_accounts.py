"""The accounts family's commands (parser/accounts.lark), as the users' manual writes them
(sections 2-3): a user's own commands, GET, VERSION, I AM ALSO, WHO IS, REPLY-TO."""

from __future__ import annotations

import pytest

from parser import commands as c
from tests.grammarkit import Examples, commands_of, example_id, numbered, one

EXAMPLES: Examples = [
    ("SIGN OFF", None),  # ends the mail: test_the_manuals_become_example (master)
    ("GET flist", c.GetFile(name="flist")),
    ("SEND ME rules", c.GetFile(name="rules")),
    ("send info.gunboat", c.GetFile(name="info.gunboat")),
    ("GET PACKAGE", c.GetPackage()),
    ("VERSION", c.Version()),
    ("version 1.7", c.Version(level="1.7")),
    ("GET DEDICATION", c.GetDedication()),
    ("GET WHOIS", c.GetWhois()),
    ("I AM ALSO old@example.org", c.IAmAlso(address="old@example.org")),
    ("IAMALSO old@example.org", c.IAmAlso(address="old@example.org")),
    ("INFO PLAYER someone@example.org", c.InfoPlayer(addresses=("someone@example.org",))),
    ("WHO IS m", c.WhoIs(prefixes=("m",))),
    ("WHO a@b c@d", c.WhoIs(prefixes=("a@b", "c@d"))),
    ("whois joe", c.WhoIs(prefixes=("joe",))),
    ("REPLY-TO: username@domain.tld", c.ReplyTo(address="username@domain.tld")),
]


@pytest.mark.parametrize(("text", "expected"), commands_of(EXAMPLES), ids=example_id)
def test_manual_examples(text, expected):
    assert one(text) == numbered(expected)
