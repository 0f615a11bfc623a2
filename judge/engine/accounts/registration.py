"""REGISTER, I AM ALSO, WHO / WHO IS, GET DEDICATION, INFO PLAYER and GET WHOIS
(users' manual section 3.3); the last three show the skill rating too (ratings.py)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

import parser as p

from ... import helpfiles
from ...reports import accounts as texts
from ...reports.punctuality import reliability_line
from ...store import queries as q
from ...store.fields import shown_text
from ...store.models import User
from ..clock.reliability import reliability
from ..reply.conversation import Conversation, user_by_address
from . import linking
from .authenticity import REGISTRATION, refused
from .files import mail_file, send_file
from .ratings import rating_of, standings

# The fields of our `form` help file, in the order a form is printed.
FIELDS = (
    "name", "email", "address", "phone", "country", "level", "site", "timezone",
    "birthdate", "sex", "package", "program",
)  # fmt: skip
# The house rules' minimum (users' manual 3.3).
REQUIRED = ("name", "email", "address", "country", "level")
LEVELS = ("novice", "amateur", "intermediate", "advanced", "expert")


def register(ctx: Conversation, cmd: p.Register) -> None:
    if refused(ctx, "REGISTER", REGISTRATION):
        return
    # Shown to others by WHO IS: no escape sequences, control or invisible characters.
    fields = {name: shown_text(value) for name, value in cmd.fields}
    fields.setdefault("email", ctx.sender)
    unknown = sorted(set(fields) - set(FIELDS))
    missing = [f for f in REQUIRED if not fields.get(f)]
    if missing:
        ctx.fail(texts.fields_missing(missing))
        return
    level = fields["level"].lower()
    if level not in LEVELS:
        ctx.fail(texts.level_unknown(fields["level"], LEVELS))
        return
    form = {
        "name": fields["name"][:200],
        "level": level.capitalize(),
        "site": fields.get("site", "")[:200],
        "country": fields["country"][:100],
        "registration": {k: v[:300] for k, v in fields.items() if k in FIELDS},
        "updated_at": ctx.now,
    }
    user = ctx.user
    fresh = user is None
    if user is None:
        user = _guest_of(ctx)
        if user is not None:  # an observer registers: his guest row becomes his
            ctx.session.execute(
                q.NEW_ADDRESS, {"address": user.email, "user_id": user.id, "added_at": ctx.now}
            )
            user.registered_at = ctx.now
    if user is not None:
        if not fresh:
            _tell_owner(ctx, user, form["registration"])
        for name, value in form.items():
            setattr(user, name, value)
    else:
        # Written at once rather than through the session: no flush of pending objects
        # before the next mail's first query.
        address = ctx.sender.lower()
        user_id = ctx.session.execute(
            q.NEW_USER, {**form, "email": address, "registered_at": ctx.now}
        ).scalar_one()
        ctx.session.execute(
            q.NEW_ADDRESS, {"address": address, "user_id": user_id, "added_at": ctx.now}
        )
    package = fields.get("package", "").lower() in ("yes", "y", "true")
    if package:
        for name in _package_files():
            send_file(ctx, name)
    ctx.say(texts.registration_reply(unknown, package, fresh))


def guest(session: Session, address: str, now: datetime) -> User:
    """The user row of an address that is not registered, made the first time it observes
    a game (anyone may observe, as on the njudge): an observer's place needs a user. It has
    no address row, so the address stays unregistered everywhere else (it may not play,
    WHOIS does not find it); if it registers, REGISTER makes the row its own."""
    address = address.lower()
    found = session.execute(select(User).where(User.email == address)).scalar_one_or_none()
    if found is not None:
        return found
    user = User(
        email=address, name="", registered_at=now, updated_at=now, registration={},
    )  # fmt: skip
    session.add(user)
    session.flush()
    return user


def _tell_owner(ctx: Conversation, user: User, new: dict[str, str]) -> None:
    """A REGISTER from another address of the registration changes it: its address of
    record hears what changed, and from where (the mail from it is answered anyway)."""
    if ctx.sender.lower() == user.email.lower():
        return
    old = user.registration or {}
    changed = [f.capitalize() for f in FIELDS if old.get(f, "") != new.get(f, "")]
    text = texts.registration_changed(ctx.settings.code, ctx.sender, changed)
    ctx.send(user.email, "Diplomacy registration", text)


def _guest_of(ctx: Conversation) -> User | None:
    address = ctx.sender.lower()
    return ctx.session.execute(select(User).where(User.email == address)).scalar_one_or_none()


def _package_files() -> list[str]:

    return helpfiles.package()


def i_am_also(ctx: Conversation, cmd: p.IAmAlso) -> None:
    """Asks; the link is made by I AM ALSO CONFIRM (linking.py)."""
    linking.ask(ctx, cmd)


def i_am_also_confirm(ctx: Conversation, cmd: p.IAmAlsoConfirm) -> None:
    linking.confirm(ctx, cmd)


def who_is(ctx: Conversation, cmd: p.WhoIs) -> None:
    """WHO IS (manual 3.3): the registration of every user with an address that starts with
    one of the patterns, whole addresses or their first letters alike ("WHO IS m" lists
    every address starting with "m"), each user once, in the njudge's layout. The judge's
    `whois` setting is GET WHOIS's, the whole list at once; WHO IS is every judge's."""
    patterns = cmd.prefixes[:20]
    users: dict[int, tuple[dict[str, str], list[str]]] = {}
    cut: list[str] = []  # the patterns that matched more addresses than are shown
    for prefix in patterns:
        key = prefix.lower()
        # A range, not LIKE: SQLite's LIKE ignores case and so cannot use the index.
        bounds = {"low": key, "high": key + "\U0010ffff"}
        found = ctx.session.execute(q.USERS_BY_PREFIX, bounds).all()
        if ctx.session.execute(q.PREFIXED_BEYOND, bounds).scalar_one():
            cut.append(prefix)
        for user_id, registration, address in found:
            addresses = users.setdefault(user_id, (registration, []))[1]
            if address not in addresses:
                addresses.append(address)
    forms = [texts.public_form(form, addresses) for form, addresses in users.values()]
    ctx.say(texts.who_is(patterns, forms, cut, q.WHO_IS_MOST))


def get_dedication(ctx: Conversation, cmd: p.GetDedication) -> None:
    user = ctx.user
    if user is None:
        ctx.fail(f"Your address {ctx.sender} is not registered with the judge.")
        return
    ctx.say(
        texts.dedication_record(user, _reliability(ctx, user)) + "\n" + rating_of(ctx.session, user)
    )


def _reliability(ctx: Conversation, user: User) -> str:
    found = reliability(ctx.session, user, ctx.now)
    return reliability_line(found.percent, found.turns, found.missed)


def info_player(ctx: Conversation, cmd: p.InfoPlayer) -> None:
    out = []
    table = standings(ctx.session)
    for address in cmd.addresses[:100]:
        user = user_by_address(ctx.session, address)
        if user is None:
            out.append(texts.not_registered(address))
        else:
            out.append(
                texts.dedication_record(user, _reliability(ctx, user))
                + "\n"
                + rating_of(ctx.session, user, table)
            )
    ctx.say("\n\n".join(out))


def get_whois(ctx: Conversation, cmd: p.GetWhois) -> None:
    if not ctx.settings.whois:
        ctx.fail("GET WHOIS is not enabled on this judge.  Use WHO IS with an address.")
        return
    if "whois" in ctx.files:  # asked for again: in the mail of files already
        return
    users = ctx.session.execute(select(User).order_by(User.email)).scalars()
    mail_file(ctx, "whois", texts.whois_file(users), "The registration list has been sent.")
