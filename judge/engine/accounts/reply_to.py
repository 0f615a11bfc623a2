"""Where the answer to a mail goes: the mail's own address, every address of its last
Reply-To header, or the address of a REPLY-TO: line in its body; each screened like the
sender's own address (mailin/addresses.py), so that no line of a mail can make the judge
write to a machine, a pipe or itself.

A REPLY-TO: line moves only the answer: who wrote the mail (his registration, the places
he may sign on to, I AM ALSO) is still the mail's own address (`Conversation.sender`).
"""

from __future__ import annotations

from ...mailin.addresses import refusal
from ...reports.accounts import copy_unsent, reply_to_unused
from ..reply.conversation import Conversation


def direct(ctx: Conversation, reply_to_line: str | None) -> None:
    """Point the answer at the REPLY-TO: line's address, or copy it to the other addresses
    of the Reply-To header; an address refused is named in the answer, which then goes to
    the mail's own address."""
    own = ctx.settings.address
    if reply_to_line is not None:
        why = refusal(reply_to_line, own)
        if why is None:
            ctx.reply_to = reply_to_line
            return
        ctx.say(reply_to_unused(reply_to_line, why, ctx.sender))
        return
    for address in ctx.mail.reply_to_all:
        if address.lower() == ctx.reply_to.lower():
            continue
        why = refusal(address, own)
        if why is None:
            ctx.copies.append(address)
        else:
            ctx.say(copy_unsent(address, why))
