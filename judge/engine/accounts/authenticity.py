"""Whether a mail may change a registration on the word of its own address alone.

REGISTER (a new registration, or one changed), I AM ALSO and I AM ALSO CONFIRM are
carried out for the mail's own address with no password: whoever the mail says it is
from, the judge believes. Where the judgekeeper's mail server checks DMARC and the judge
reads its verdict (`authserv_id`, mailin/authresults.py), a mail whose From domain failed
it is a forgery, or mail that a forwarder or a list has rewritten: it may not do those.
Nor may a mail whose verdict is for another domain than the From the judge reads (two
From headers), or whose own address is its Reply-To's (no server checks a Reply-To), once
a verdict is there to go by. Commands that give a game's password are not touched: the
password, not the address, lets them in.

A mail with no verdict (its domain publishes no DMARC record, `dmarc=none`; the server
added none; `authserv_id` is empty) is taken at its word, as it always was.
"""

from __future__ import annotations

from ...reports import accounts as texts
from ..reply.conversation import Conversation

# What each kind of change is called in the refusal.
REGISTRATION = "change your registration"
LINKING = "link addresses"


def refused(ctx: Conversation, command: str, change: str) -> bool:
    """Whether the mail may not `change` by its own address's word; if so, the reply says
    why, under `command`'s name."""
    verdict = ctx.dmarc
    if verdict is None:
        return False
    from_address = ctx.mail.from_address.lower()
    domain = from_address.rpartition("@")[2]
    why = None
    if verdict.failed:
        why = texts.from_failed(command, verdict.domain or domain, verdict.result, change)
    elif verdict.domain and verdict.domain != domain:
        why = texts.from_unchecked(command, domain or "(none)", verdict.domain, change)
    elif ctx.sender.lower() != from_address:
        why = texts.from_not_sender(command, ctx.sender, from_address or "(none)", change)
    if why is not None:
        ctx.fail(why)
    return why is not None
