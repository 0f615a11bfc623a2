"""The master family's commands (`master.lark`): what a game's master does to it
(section 8: BECOME, EJECT, PAUSE, PROCESS, ROLLBACK, ...) and every SET of a game's
settings that is not another family's (sections 8-9): flags, numbers, press, comment,
transform, player lists, level, access, observers.

FLAGS and NUMBERS are the words of SET [NO] name and SET name number, to the setting
each one means; notation.py reads them backwards to write a setting as text.
"""

from __future__ import annotations

from dataclasses import dataclass

from .base import (
    Command,
    CommandError,
    PhaseSpec,
    Rules,
    keyword,
    read_phase_code,
    said_no,
    whole_number,
)


@dataclass(frozen=True, slots=True, kw_only=True)
class BecomeMaster(Command):
    pass


@dataclass(frozen=True, slots=True, kw_only=True)
class Become(Command):
    power: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Eject(Command):
    target: str  # a power or an address


@dataclass(frozen=True, slots=True, kw_only=True)
class Pause(Command):
    pass


@dataclass(frozen=True, slots=True, kw_only=True)
class Resume(Command):
    pass


@dataclass(frozen=True, slots=True, kw_only=True)
class Predict(Command):
    """PREDICT, and the lines of orders after it up to ENDPREDICT (the next command, or
    the mail's end): a sandbox's orders, adjudicated for the asker and never kept. The
    mail reader (mail.py) gathers them; `OrderLine`s, typed loosely here so that this
    family need not import the play family."""

    orders: tuple = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class SetWebhook(Command):
    """SET WEBHOOK url [DISCORD | SLACK | JSON] (url None: SET NO WEBHOOK). `form` None:
    told by the URL's host. `extra`: words after the form, for the judge to refuse."""

    url: str | None
    form: str | None = None
    extra: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Promote(Command):
    address: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Process(Command):
    phase: PhaseSpec | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Rollback(Command):
    turn: int | None = None
    phase: PhaseSpec | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Terminate(Command):
    pass


@dataclass(frozen=True, slots=True, kw_only=True)
class SetComment(Command):
    """SET COMMENT text; with `full`, SET COMMENT BEGIN and the rest of the mail."""

    text: str
    full: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class SetTransform(Command):
    """SET TRANSFORM when:where ...; no options: SET NO TRANSFORM."""

    options: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class SetPlayerList(Command):
    """SET ALLOW / DENY PLAYER [-]address."""

    which: str  # "allow" or "deny"
    address: str
    remove: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class SetFlag(Command):
    """A setting that is on or off: SET [NO] name (and the names meaning its opposite)."""

    name: str
    on: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class SetNumber(Command):
    name: str
    value: float


@dataclass(frozen=True, slots=True, kw_only=True)
class SetChoice(Command):
    """A setting with named values: press, fake, observer, level, access, preference, ..."""

    name: str
    value: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SetRule(Command):
    """SET RULE name value: one rule option of the adjudicator (`name` its option's name,
    or the word written when it names none); SET RULES preset: `name` empty, `value` the
    preset. The value is as written, in lower case without spaces: the judge says which
    values a rule takes."""

    name: str
    value: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class SetRobot(Command):
    """SET ROBOT power strategy [option ...]: the judge plays the power with that strategy
    (empty when none was named: the judge says which there are), with the options that
    follow it (a blabbot's policy, joe or mac, and observe), lower case."""

    power: str
    strategy: str = ""
    options: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class SetNoRobot(Command):
    """SET NO ROBOT power: the power is no longer the judge's to play."""

    power: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SetRobots(Command):
    """SET ROBOTS strategy: every empty power at FORCE BEGIN, and every power abandoned
    later, is played by that robot; SET NO ROBOTS (strategy empty) stops it."""

    strategy: str = ""
    on: bool = True


@dataclass(frozen=True, slots=True, kw_only=True)
class SetDaide(Command):
    """SET DAIDE [power]: the power (every power nobody plays) is open to DAIDE bots over
    TCP; SET NO DAIDE [power] closes it again (docs/daide.md)."""

    power: str = ""
    on: bool = True


@dataclass(frozen=True, slots=True, kw_only=True)
class SetHumansOnly(Command):
    """SET HUMANS ONLY (on) / SET OPEN TO ALL (off): whether program players may sign on."""

    on: bool


# SET RULE name: the words of each rule option of the adjudicator (adjudicator/options.py).
RULES: dict[str, str] = {
    "paradox": "paradox",
    "paradoxes": "paradox",
    "convoy": "convoy_via",
    "convoys": "convoy_via",
    "excess": "excess_adjustments",
    "excessbuilds": "excess_adjustments",
    "excessadjustments": "excess_adjustments",
    "civildisorder": "civil_disorder",
    "disorder": "civil_disorder",
    "cd": "civil_disorder",
}


# SET [NO] name: the canonical name of each flag, and whether the word means "on".
FLAGS: dict[str, tuple[str, bool]] = {
    "autocreate": ("auto_create", True),
    "autoprocess": ("auto_process", True),
    "manualprocess": ("auto_process", False),
    "autostart": ("auto_start", True),
    "manualstart": ("auto_start", False),
    "autodisband": ("auto_disband", True),
    "nmr": ("nmr", True),
    "cd": ("nmr", True),
    "concessions": ("concessions", True),
    "dias": ("dias", True),
    "list": ("list", True),
    "public": ("list", True),
    "private": ("list", False),
    "proxy": ("proxy", True),
    "rated": ("rated", True),
    "unrated": ("rated", False),
    "resume": ("resume", True),
    "quiet": ("quiet", True),
    "strictconvoy": ("strict_convoy", True),
    "strictwait": ("strict_wait", True),
    "strictgrace": ("strict_grace", True),
    "latecount": ("late_count", True),
    "blankpress": ("blank_press", True),
    "broadcast": ("broadcast", True),
    "broadcastpress": ("broadcast", True),
    "normalbroadcast": ("broadcast", True),
    "latepress": ("late_press", True),
    "minorpress": ("minor_press", True),
    "mustorder": ("must_order", True),
    "postalpress": ("postal_press", True),
    "moderate": ("moderated", True),
    "moderated": ("moderated", True),
    "unmoderate": ("moderated", False),
    "unmoderated": ("moderated", False),
    "allpress": ("all_press", True),
    "normalpress": ("all_press", False),
    "watchallpress": ("watch_all_press", True),
    "show": ("show", True),
    "reveal": ("reveal", True),
    "secret": ("secret", True),
    "summer": ("summer", True),
    "touchpress": ("touch_press", True),
    "attacktransform": ("attack_transform", True),
    "bcenters": ("blind_centers", True),
    "bcentres": ("blind_centers", True),
    "blankboard": ("empty_board", True),
    "emptyboard": ("empty_board", True),
    "coastalconvoy": ("coastal_convoys", True),
    "coastalconvoys": ("coastal_convoys", True),
    "disband": ("move_disband", True),
    "duality": ("duality", True),
    "gateway": ("gateways", True),
    "gateways": ("gateways", True),
    "hongkong": ("hong_kong", True),
    "railway": ("railways", True),
    "railways": ("railways", True),
    # Machiavelli (section 9.2)
    "adjacent": ("adjacency", True),
    "adjacency": ("adjacency", True),
    "assassins": ("assassins", True),
    "assassination": ("assassins", True),
    "assassinations": ("assassins", True),
    "bank": ("loans", True),
    "bankers": ("loans", True),
    "loans": ("loans", True),
    "dice": ("dice", True),
    "famine": ("famine", True),
    "fort": ("fortresses", True),
    "forts": ("fortresses", True),
    "fortress": ("fortresses", True),
    "fortresses": ("fortresses", True),
    "garrison": ("garrisons", True),
    "garrisons": ("garrisons", True),
    "mach2": ("mach2", True),
    "money": ("money", True),
    "plague": ("plague", True),
    "special": ("special", True),
    "storm": ("storms", True),
    "storms": ("storms", True),
}
# Words that choose one value of a setting rather than turn something on or off.
_CHOICES: dict[str, tuple[str, str]] = {
    "anycenter": ("build_centers", "any"),
    "homecenter": ("build_centers", "home"),
    "onecenter": ("build_centers", "one"),
    "anydisband": ("disband", "any"),
    "normaldisband": ("disband", "normal"),
    "prflist": ("preference", "list"),
    "prfrand": ("preference", "random"),
    "prfboth": ("preference", "both"),
}
NUMBERS: dict[str, str] = {
    "centers": "centers",
    "centres": "centers",
    "players": "players",
    "dedication": "dedication",
    "ontimerat": "ontime_ratio",
    "resrat": "resign_ratio",
    "excuses": "excuses",
    "reliability": "reliability",
    "maxabsence": "max_absence",
    "bn": "boardman",
    "bnc": "boardman",
    "bnnumber": "boardman",
    "bncnumber": "boardman",
    "mn": "miller",
    "mnc": "miller",
    "mnnumber": "miller",
    "mncnumber": "miller",
    "ep": "ep",
}


class MasterRules(Rules):
    def become_master(self, items: list) -> list[Command]:
        return [BecomeMaster()]

    def become(self, items: list) -> list[Command]:
        return [Become(power=str(items[0]))]

    def eject(self, items: list) -> list[Command]:
        return [Eject(target=str(items[0]))]

    def pause(self, items: list) -> list[Command]:
        return [Pause()]

    def resume(self, items: list) -> list[Command]:
        return [Resume()]

    def predict(self, items: list) -> list[Command]:
        return [Predict()]

    def set_webhook(self, items: list) -> Command:
        words = str(items[-1]).split()
        form = words[1].lower() if len(words) > 1 else None
        return SetWebhook(url=words[0], form=form, extra=" ".join(words[2:]))

    def set_no_webhook(self, items: list) -> Command:
        return SetWebhook(url=None)

    def promote(self, items: list) -> list[Command]:
        return [Promote(address=str(items[0]))]

    def process(self, items: list) -> list[Command]:
        return [Process(phase=items[0] if items else None)]

    def rollback(self, items: list) -> list[Command]:
        if not items:
            return [Rollback()]
        token = items[0]
        if token.type == "NUMBER":
            return [Rollback(turn=whole_number(token, "ROLLBACK"))]
        return [Rollback(phase=read_phase_code(str(token)))]

    def terminate(self, items: list) -> list[Command]:
        return [Terminate()]

    def set_comment(self, items: list) -> Command:
        return SetComment(text=str(items[0]) if items else "")

    def set_comment_begin(self, items: list) -> Command:
        return SetComment(text="", full=True)

    def set_transform(self, items: list) -> Command:
        options = []
        for token in items[1:]:
            text = keyword(str(token))
            if ":" not in text and text not in ("none", "move", "build"):
                raise CommandError(
                    f"a transform option is when:where, like move:homecenter, not '{token}'"
                )
            options.append(text)
        return SetTransform(options=tuple(options))

    def set_no_transform(self, items: list) -> Command:
        return SetTransform()

    def set_player_list(self, items: list) -> Command:
        which = str(items[0]).lower()
        address = str(items[1])
        remove = address.startswith("-")
        return SetPlayerList(which=which, address=address.lstrip("-"), remove=remove)

    def set_number(self, items: list) -> Command:
        name = NUMBERS[keyword(str(items[0]))]
        return SetNumber(name=name, value=float(items[1]))

    def set_rule(self, items: list) -> Command:
        """The longest run of first words that names a rule is the rule; the rest is its
        value. One word after SET RULES (or SET RULE) that is no rule is a preset."""
        words = tuple(w for i in items[1:] for w in str(i).split())
        if not words:
            raise CommandError(
                "SET RULE: name a rule and its value, like SET RULE PARADOX ALEXANDER, "
                "or a set of rules, like SET RULES DATC"
            )
        for length in range(len(words), 0, -1):
            name = RULES.get(keyword(" ".join(words[:length])))
            if name is not None:
                return SetRule(name=name, value=keyword("".join(words[length:])))
        if len(words) == 1:
            return SetRule(name="", value=keyword(words[0]))
        return SetRule(name=keyword(words[0]), value=keyword("".join(words[1:])))

    def set_robot(self, items: list) -> Command:
        strategy = str(items[2]).lower() if len(items) > 2 else ""
        options = tuple(str(x).lower() for x in items[3:])
        return SetRobot(power=str(items[1]), strategy=strategy, options=options)

    def set_no_robot(self, items: list) -> Command:
        return SetNoRobot(power=str(items[2]))

    def set_robots(self, items: list) -> Command:
        if said_no(items):
            return SetRobots(on=False)
        words = [str(i).lower() for i in items if i.type == "WORD"]
        return SetRobots(strategy=words[0] if words else "")

    def set_daide(self, items: list) -> Command:
        words = [str(i) for i in items if i.type == "WORD"]
        return SetDaide(power=words[0] if words else "", on=not said_no(items))

    def humans_only(self, items: list) -> Command:
        return SetHumansOnly(on=True)

    def open_to_all(self, items: list) -> Command:
        return SetHumansOnly(on=False)

    def set_level(self, items: list) -> Command:
        return SetChoice(name="level", value=str(items[0]).lower())

    def set_access(self, items: list) -> Command:
        value = str(items[0]).lower().replace("-", "")
        return SetChoice(name="access", value=value.removesuffix("site"))

    def set_observer(self, items: list) -> Command:
        return SetChoice(name="observer", value=str(items[0]).lower())

    def press_mode(self, items: list) -> Command:
        word = keyword(str(items[0])).replace("gray", "grey")
        value = {"nowhite": "grey", "nogrey": "white"}.get(word, word)
        return SetChoice(name="press", value=value)

    def press_none(self, items: list) -> Command:
        return SetChoice(name="press", value="none")

    def fake_none(self, items: list) -> Command:
        return SetChoice(name="fake", value="none")

    def fakes_broadcast(self, items: list) -> Command:
        return SetChoice(name="fake", value="broadcast_default" if items else "broadcast")

    def fake_may(self, items: list) -> Command:
        return SetChoice(name="fake", value="may")

    def set_partial(self, items: list) -> Command:
        return SetFlag(name="partial", on=not said_no(items))

    def set_flag(self, items: list) -> Command:
        no = said_no(items)
        word = keyword(str(items[-1])).replace("centre", "center")
        if word in _CHOICES:
            name, value = _CHOICES[word]
            if no:
                raise CommandError(f"SET NO {str(items[-1]).upper()} means nothing; choose another")
            return SetChoice(name=name, value=value)
        if word.endswith("s") and word[:-1] in _CHOICES:
            name, value = _CHOICES[word[:-1]]
            if no:
                raise CommandError(f"SET NO {str(items[-1]).upper()} means nothing; choose another")
            return SetChoice(name=name, value=value)
        name, on = FLAGS[word]
        return SetFlag(name=name, on=on != no)
