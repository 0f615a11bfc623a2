"""The texts of a user's dealings with the judge itself (users' manual 3.2, 3.3, 5.2):
registration and its notices, WHO IS and GET WHOIS, dedication records, the linking of
another address (I AM ALSO), the watch on guessed passwords, REPLY-TO and the help files.

Pure functions of names, addresses and times already written out: who receives which
copy, and under what subject, is the caller's business.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Mapping, Sequence

from ..store.models import User
from .counts import agreeing, counted

# What WHO IS shows of a registration: not the street address, phone or birthdate.
PUBLIC = ("name", "email", "country", "level", "site", "timezone")


# -- REGISTER -------------------------------------------------------------------------------


def fields_missing(missing: Sequence[str]) -> str:
    """A form without the fields the house rules require (users' manual 3.3)."""
    return (
        "Registration not processed: the house rules require "
        + ", ".join(f.capitalize() for f in missing)
        + ".  Get file 'form' for the registration form."
    )


def level_unknown(given: str, levels: Sequence[str]) -> str:
    return (
        f"Registration not processed: Level '{given}' must be one of "
        + ", ".join(lv.capitalize() for lv in levels)
        + "."
    )


def registration_reply(ignored: Sequence[str], package_sent: bool, fresh: bool) -> str:
    """The lines that close a REGISTER's answer (the package's files are said before)."""
    notes = []
    if ignored:
        notes.append("Fields ignored (not on the form): " + ", ".join(ignored) + ".")
    if package_sent:
        notes.append("Package send completed.")
    else:
        notes.append(
            "Newuser package is not being sent.  To get it, send 'get package' to the Judge."
        )
    notes.append("Registration processed." if fresh else "Registration updated.")
    return "\n".join(notes)


def registration_changed(code: str, sender: str, changed: Sequence[str]) -> str:
    """To a registration's address of record, when another of its addresses sent it again."""
    what = ", ".join(changed) if changed else "nothing (the same form again)"
    return (
        f"Your registration with judge {code} was sent again from\n"
        f"{sender}, one of its addresses.  Changed: {what}.\n"
        "If this was not you, tell the judgekeeper.\n"
    )


# -- WHO IS, GET WHOIS, GET DEDICATION, INFO PLAYER ------------------------------------------


def public_form(registration: Mapping[str, str], addresses: Sequence[str]) -> str:
    """One registration as WHO IS shows it, with its addresses when it has more than one."""
    lines = []
    for name in PUBLIC:
        value = registration.get(name, "")
        if value:
            lines.append(f"{name.capitalize() + ':':<11}{value}")
    if len(addresses) > 1:
        lines.append(f"{'Addresses:':<11}{', '.join(addresses)}")
    return "\n".join(lines)


def who_is(
    patterns: Sequence[str], forms: Sequence[str], cut: Sequence[str] = (), most: int = 50
) -> str:
    """WHO IS's answer as the njudge lays it out: `Whois` and the patterns asked, then each
    registration found after a blank line, or the line saying none was; and, for a pattern
    that matched more addresses than a reply shows (`cut`), a line saying so."""
    head = "Whois " + " ".join(pattern[:80] for pattern in patterns)
    if not forms:
        return f"{head}\nNo matching Email addresses found."
    notes = [
        f"More than {most} addresses start with '{pattern[:80]}': only the first {most} are "
        "shown.  Give more of the address."
        for pattern in cut
    ]
    return "\n\n".join((head, *forms, *notes))


def not_registered(address: str) -> str:
    return f"{address} is not registered with this judge."


def dedication_record(user: User, reliability: str = "") -> str:
    """The three dedication systems of users' manual 5.2, for one user, and `reliability`,
    its line (reports/punctuality.py), beneath them."""
    ontime = f"{user.ontime / user.due:.2f}" if user.due else "1.00 (no turns yet)"
    cd = f"{user.civil_disorders / user.started:.2f}" if user.started else "0.00 (no games yet)"
    turns, games = counted(user.due, "turn"), counted(user.started, "game")
    return "\n".join(
        [
            f"Dedication record for {user.email} ({user.name}):",
            f"  Registered:            {user.registered_at:%a %b %d %Y}",
            f"  Dedication points:     {user.dedication}",
            f"  On-time ratio:         {ontime}  ({user.ontime} of {turns} on time)",
            f"  CD ratio:              {cd}  ({user.civil_disorders} in {games})",
            f"  Resignations:          {user.resigned}",
            f"  Positions taken over:  {user.tookover}",
            *([reliability] if reliability else []),
        ]
    )


def whois_file(users: Iterable[User]) -> str:
    """GET WHOIS: the file of every registration, one line each."""
    lines = [f"{u.email:<40} {u.name:<30} {u.level:<12} {u.country}".rstrip() for u in users]
    return "\n".join(lines) + "\n"


# -- I AM ALSO ------------------------------------------------------------------------------


def link_asked(code: str, owner: User, new: str, token: str, when: str) -> str:
    """To the registration's address of record: the token that links `new` to it."""
    return (
        f"{new} asks to be linked to your registration with judge {code}\n"
        f"({owner.email}, {owner.name}): mail from it would then count as yours.\n\n"
        f"If that is you, send this line to the judge from {new}:\n\n"
        f"  I AM ALSO CONFIRM {token}\n\n"
        f"The request expires on {when}.  If it was not you, do nothing:\n"
        "the address is not linked, and nothing else changes.\n"
    )


def link_mailed(address: str, new: str, when: str) -> str:
    """The answer to I AM ALSO: where the token went, and what to do with it."""
    return (
        f"A confirmation has been mailed to the address of record of {address}.\n"
        f"{new} is linked to that registration once the line it gives is sent to the\n"
        f"judge from {new}, before {when}."
    )


def link_mailed_already(address: str, new: str) -> str:
    return (
        f"A confirmation for {new} has been mailed to the address of record of\n"
        f"{address} already: send back the line it gives, from {new}."
    )


def links_waiting(address: str, when: str) -> str:
    return f"Too many addresses wait to be linked to {address} already.\nTry again after {when}."


def token_unknown() -> str:
    return (
        "I AM ALSO CONFIRM: no request has that token.  Copy the line from the judge's\n"
        "mail as it stands, or send I AM ALSO again."
    )


def token_expired(when: str) -> str:
    return f"I AM ALSO CONFIRM: that token expired on {when}.\nSend I AM ALSO again for a new one."


def token_elsewhere(address: str, sender: str) -> str:
    """The token came back from another address than the one it links."""
    return f"I AM ALSO CONFIRM: that token links {address}, not {sender}.\nSend it from {address}."


def linked(sender: str, owner: User) -> str:
    return f"{sender} is now also an address of {owner.email} ({owner.name})."


def linked_notice(sender: str, code: str) -> str:
    """To the registration's address of record, once the link is made."""
    return (
        f"{sender} is now also an address of your registration with judge\n"
        f"{code}: mail from it counts as yours.  It was confirmed with the\n"
        "token the judge mailed to you.  If you did not send it on, tell the judgekeeper.\n"
    )


# -- a From that the judge's mail server does not bear out ----------------------------------


def from_failed(command: str, domain: str, result: str, change: str) -> str:
    """The mail's From domain failed DMARC at the judge's mail server (mailin/authresults)."""
    return _unproven(
        command,
        f"your mail's From domain {domain} failed DMARC at this judge's mail server "
        f"(dmarc={result}), so it cannot {change}.",
    )


def from_unchecked(command: str, domain: str, checked: str, change: str) -> str:
    """The server's DMARC result is for another domain than the From the judge reads (a
    mail with two From headers)."""
    return _unproven(
        command,
        f"this judge's mail server checked DMARC for {checked}, not for your mail's From "
        f"domain {domain}, so it cannot {change}.",
    )


def from_not_sender(command: str, sender: str, from_address: str, change: str) -> str:
    """The mail's own address is its Reply-To's, which no server checks."""
    return _unproven(
        command,
        f"your mail's Reply-To address {sender} is not its From address {from_address}, "
        f"and only a From is checked by this judge's mail server, so it cannot {change}.",
    )


def _unproven(command: str, why: str) -> str:
    return _fill(
        f"{command}: {why}  Send it again from your own provider's mail server, with no "
        "Reply-To, not through a forwarder or a mailing list.  Commands with a game "
        "password are carried out as usual."
    )


# -- wrong passwords ------------------------------------------------------------------------


def place_locked(place: str, game: str, when: str) -> str:
    """SIGN ONs to one place refused unread, after too many wrong passwords."""
    return (
        f"Too many SIGN ONs as {place} in game '{game}' with a wrong password:\n"
        f"none is read before {when}.  The player and the master have been told."
    )


def judge_locked(minutes: int, when: str) -> str:
    """SIGN ONs refused unread on the whole judge, but from a player's own address."""
    return (
        f"Too many SIGN ONs with a wrong password on this judge in {minutes} minutes:\n"
        f"none is read before {when}, but from a player's own address."
    )


def failed_signons(
    count: int, minutes: int, place: str, game: str, sender: str, own: bool, until: str
) -> str:
    """`Failed Signons: France`, to the place's player and the game's masters. `own`: the
    attempts came from the player's own addresses."""
    who = "the player's own addresses" if own else "other addresses"
    return (
        f"There have been {count} attempts in the last {minutes} minutes to sign on as\n"
        f"{place} in game '{game}' with a wrong password, the last from\n"
        f"{sender}.\n\n"
        f"SIGN ONs as {place} from {who} are refused until\n"
        f"{until}.  The password has not been changed.  If it was not\n"
        "you, keep your password to yourself; the player may change it with SET PASSWORD,\n"
        "the master with BECOME and SET PASSWORD.\n"
    )


# -- REPLY-TO -------------------------------------------------------------------------------


def shown_address(address: str) -> str:
    """An address as a reply may print it: its first 80 characters, control characters
    written out."""
    cut = address[:80]
    return cut if cut.isprintable() else repr(cut)


def reply_to_unused(address: str, why: str, sender: str) -> str:
    return (
        f"REPLY-TO: {shown_address(address)} not used: {why}.\n"
        f"This answer goes to {sender} instead."
    )


def copy_unsent(address: str, why: str) -> str:
    return f"No copy of this answer sent to {shown_address(address)}: {why}."


# -- the help files -------------------------------------------------------------------------


DIGEST_RULE = "=" * 70


def file_subject(name: str) -> str:
    """The subject of one file sent by itself, as the njudge's GET (without its `data/`)."""
    return f"Diplomacy file {name}"


def digest_subject(names: Sequence[str]) -> str:
    """The subject of the one mail holding several files: as many of their names as fit
    in a line, then how many more."""
    shown = list(names)
    while True:
        more = len(names) - len(shown)
        tail = f" and {more} more" if more else ""
        subject = f"Diplomacy files {', '.join(shown)}{tail}"
        if len(subject) <= 70 or len(shown) == 1:
            return subject
        shown.pop()


def digest_entry(name: str, text: str) -> str:
    """One file of a digest, under its heading."""
    return f"{DIGEST_RULE}\n  {file_subject(name)}\n{DIGEST_RULE}\n\n{text.rstrip()}\n\n"


def file_digest(code: str, files: Sequence[tuple[str, str]], left: int, most: int) -> str:
    """The files one mail asked for, in one mail (no more than `most` bytes with the
    files the caller put in): their names, then each under its heading, in the order
    asked, each once, the last closed by a rule; under it, how many were left out, which
    the reply names. Its frame (all but the names and the entries) is no larger whatever
    the files, so that the caller can count the room they have (`digest_frame`)."""
    names = _fill(", ".join(name for name, _ in files))
    intro = (
        f"The files you asked judge {code} for, each once, in the order asked, each under "
        "its heading:"
    )
    out = [f"{_fill(intro)}\n{names}\n\n", *(digest_entry(n, text) for n, text in files)]
    out.append(f"{DIGEST_RULE}\n")
    if left:
        them = agreeing(left, "it", "them")
        trailer = (
            f"{counted(left, 'more file')} you asked for {agreeing(left, 'was', 'were')} "
            f"not sent: with {them} this mail would pass {most // 1000:,} kB.  The reply to "
            f"your mail names {them}.  Ask for {them} again in "
            f"{agreeing(left, 'another mail', 'other mails')}; a mail with one GET gets its "
            "file whatever its size."
        )
        out.append(_fill(trailer) + "\n")
    return "".join(out)


def _fill(text: str) -> str:
    """Lines of at most 72 characters, broken only at spaces (no longer than the text)."""
    return textwrap.fill(text, 72, break_long_words=False, break_on_hyphens=False)


def digest_frame(code: str, most: int) -> int:
    """The bytes of a digest besides its files' names and entries, at the most."""
    return len(file_digest(code, [], 10**9, most).encode("utf-8"))


def digest_cost(name: str, text: str) -> int:
    """The bytes one file adds to a digest: its entry and its name in the list."""
    return len(digest_entry(name, text).encode("utf-8")) + len(name.encode("utf-8")) + 2


def file_not_sent(name: str, most: int) -> str:
    """A file left out of the one mail of files, which it would have made too long."""
    return (
        f"File {name} not sent: the files one mail asks for go together in one mail of at "
        f"most {most // 1000:,} kB, and it does not fit.  Ask for it again in another mail; "
        "a mail with one GET gets its file whatever its size."
    )


def version_reply(code: str, number: str) -> str:
    return (
        f"This is judge {code}, version {number} of the Python judge, "
        "which reads the njudge's command language (njudge 1.7)."
    )
