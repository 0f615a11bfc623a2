"""GET file, SEND ME file, GET PACKAGE, HELP, VERSION (section 3.2)."""

from __future__ import annotations

import parser as p

from ... import __version__, helpfiles
from ...reports.accounts import file_not_sent, version_reply
from ..reply.conversation import Conversation


def send_file(ctx: Conversation, name: str) -> bool:
    """Mail help file `name` (with the other files the mail asks for: reply/digest.py);
    say so in the reply. A file asked for again is in that mail already, and is not
    read again."""
    clean = helpfiles.clean_name(name) or name
    if clean in ctx.files:
        return True
    text = helpfiles.read(name, ctx.settings.address, ctx.settings.code)
    if text is None:
        ctx.fail(f"Sorry, there is no file {clean} available.  Get file 'flist' for the list.")
        return False
    return mail_file(ctx, clean, text, f"File {clean} sent.")


def mail_file(ctx: Conversation, name: str, text: str, sent: str) -> bool:
    """Put a file in the mail of files and say `sent`, or say why it does not go."""
    if name in ctx.files:
        return True
    if not ctx.files.take(name, text):
        ctx.fail(file_not_sent(name, ctx.files.most))
        return False
    ctx.say(sent)
    return True


def get(ctx: Conversation, cmd: p.GetFile) -> None:
    send_file(ctx, cmd.name)


def get_package(ctx: Conversation, cmd: p.GetPackage) -> None:
    for name in helpfiles.package():
        send_file(ctx, name)
    ctx.say("Package send completed.")


def help_(ctx: Conversation, cmd: p.Help) -> None:
    text = helpfiles.read("info", ctx.settings.address, ctx.settings.code)
    ctx.whole = text or "Send GET FLIST for the list of help files.\n"


def version(ctx: Conversation, cmd: p.Version) -> None:
    ctx.say(version_reply(ctx.settings.code, __version__))
