"""The texts of a user's dealings with the judge itself (users' manual 3.2, 3.3, 5.2):
registration and its notices, WHO IS and GET WHOIS, dedication records, the linking of
another address (I AM ALSO), the watch on guessed passwords, REPLY-TO and the help files.

Pure functions of names, addresses and times already written out: who receives which
copy, and under what subject, is the caller's business.
"""

from __future__ import annotations

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


def letters_refused(prefix: str) -> str:
    """WHO IS with a few letters, on a judge that does not list its users by letters."""
    return (
        f"WHO IS {prefix[:80]}: give a whole address, or its part up to and with\n"
        "the '@' (WHO IS name@); this judge does not list its users by letters."
    )


def nobody_starts(prefix: str) -> str:
    return f"No registered address starts with '{prefix}'."


def not_registered(address: str) -> str:
    return f"{address} is not registered with this judge."


def dedication_record(user: User) -> str:
    """The three dedication systems of users' manual 5.2, for one user."""
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


def too_many_files(most: int, more: int) -> str:
    return (
        f"Only the first {most} files asked for were sent; the other {more:,} "
        f"{agreeing(more, 'was', 'were')} not.  Ask for at most {most} files in one mail."
    )


def version_reply(code: str, number: str) -> str:
    return (
        f"This is judge {code}, version {number} of the Python judge, "
        "which reads the njudge's command language (njudge 1.7)."
    )
