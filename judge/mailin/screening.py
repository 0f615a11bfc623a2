"""Mail that must not be answered: bounces, auto-replies, lists, and our own mail.

Answering a machine's mail starts a loop. RFC 3834 and common practice tell them apart:
an empty return path (a bounce), Auto-Submitted other than "no", Precedence bulk, junk or
list, a List-Id, a sender like MAILER-DAEMON or postmaster, our own address, or our own
X-Judge header on a mail that came back to us.
"""

from __future__ import annotations

from . import addresses
from .message import IncomingMail


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
    return addresses.refusal(mail.reply_to, judge_address)
