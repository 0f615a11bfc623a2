"""The judge's command language: Lark grammars and the values they are turned into.

`parse_mail(body, now, vocabulary)` reads a whole mail into commands and line errors;
`OrderParser` reads one order. `parser` depends on nothing else of the judge's: it is handed
the names a game uses (a `Vocabulary`) when it needs them.
"""

from .commands import *  # noqa: F403 - the command values are the package's vocabulary
from .commands import Command, LineError, PhaseSpec
from .dates import DateError, When
from .mail import ParsedMail, parse_mail
from .notation import order_text, setting_text
from .orders import (
    PHASE_KINDS,
    Adjust,
    Bare,
    Besiege,
    Build,
    Convert,
    Convoy,
    Disband,
    Hold,
    LiftSiege,
    Location,
    Maintain,
    Move,
    Order,
    OrderParser,
    OrderSyntaxError,
    PhaseKind,
    Remove,
    Retreat,
    SupportConvert,
    SupportHold,
    SupportMove,
    Transform,
    UnitSpec,
    Waive,
)
from .passwords import passwords, subject_passwords
from .vocabulary import Vocabulary

__all__ = [
    "PHASE_KINDS",
    "Adjust",
    "Bare",
    "Besiege",
    "Build",
    "Command",
    "Convert",
    "Convoy",
    "DateError",
    "Disband",
    "Hold",
    "LiftSiege",
    "LineError",
    "Location",
    "Maintain",
    "Move",
    "Order",
    "OrderParser",
    "OrderSyntaxError",
    "ParsedMail",
    "PhaseKind",
    "PhaseSpec",
    "Remove",
    "Retreat",
    "SupportConvert",
    "SupportHold",
    "SupportMove",
    "Transform",
    "UnitSpec",
    "Vocabulary",
    "Waive",
    "When",
    "order_text",
    "parse_mail",
    "passwords",
    "setting_text",
    "subject_passwords",
]
