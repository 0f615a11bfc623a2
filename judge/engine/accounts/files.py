"""GET file, SEND ME file, GET PACKAGE, HELP, VERSION (section 3.2)."""

from __future__ import annotations

import parser as p

from ... import __version__, helpfiles
from ...reports.accounts import too_many_files, version_reply
from ..reply.conversation import Conversation


def send_file(ctx: Conversation, name: str) -> bool:
    """Mail help file `name` on its own; say so in the reply. At most `files_per_mail`
    files go for one mail, so that a mail of GET lines cannot flood the address it
    claims to come from; the reply says how many more were asked for."""
    if ctx.files_sent >= ctx.settings.files_per_mail:
        ctx.files_refused += 1
        ctx.at_end("too many files", lambda: _too_many_files(ctx))
        return False
    text = helpfiles.read(name, ctx.settings.address, ctx.settings.code)
    clean = helpfiles.clean_name(name) or name
    if text is None:
        ctx.fail(f"Sorry, there is no file {clean} available.  Get file 'flist' for the list.")
        return False
    ctx.send(ctx.reply_to, f"Diplomacy file {clean}", text)
    ctx.files_sent += 1
    ctx.say(f"File {clean} sent.")
    return True


def _too_many_files(ctx: Conversation) -> None:
    ctx.fail(too_many_files(ctx.settings.files_per_mail, ctx.files_refused))


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
