"""Mail that must not be answered: bounces, auto-replies, lists, and our own mail.

Answering a machine's mail starts a loop. RFC 3834 and common practice tell them apart:
an empty return path (a bounce), Auto-Submitted other than "no", Precedence bulk, junk or
list, a List-Id, a sender like MAILER-DAEMON or postmaster, our own address, or our own
X-Judge header on a mail that came back to us.
"""

from __future__ import annotations

import re

from .message import IncomingMail

_MACHINES = re.compile(
    r"^(mailer-daemon|mail-daemon|mailer|postmaster|postma|root|uucp|mmdf|smtp|daemon|"
    r"nobody|noreply|no-reply|do-not-reply|donotreply|bounces?|listserv|majordomo)"
    r"([-+._@]|$)",
    re.IGNORECASE,
)
_VALID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._%+=-]*@[A-Za-z0-9.-]+\.?[A-Za-z0-9-]*$")


def refusal(mail: IncomingMail, envelope_from: str, judge_address: str) -> str | None:
    """Why this mail must not be answered, or None if a person should get an answer."""
    if envelope_from in ("", "<>") or envelope_from.lower() == "mailer-daemon":
        return "bounce (empty return path)"
    if mail.judge_header:
        return "our own mail came back (X-Judge header)"
    if mail.auto_submitted and mail.auto_submitted != "no":
        return f"automatic mail (Auto-Submitted: {mail.auto_submitted})"
    if mail.precedence in ("bulk", "junk", "list"):
        return f"Precedence: {mail.precedence}"
    if mail.list_id:
        return "mailing list (List-Id)"
    address = mail.reply_to
    if not address:
        return "no address to answer"
    if address.lower() == judge_address.lower():
        return "from our own address"
    if _MACHINES.match(address.split("@", 1)[0] + "@"):
        return f"a machine's address ({address})"
    if not _VALID.match(address):
        return f"not an address one can answer ({address[:80]!r})"
    return None
