"""A game of any variant played by mail, cheaply: one player holds every power (a duplex
game of SET PLAYERS 1, the njudge's info.duplex) and orders all of them in one mail a phase,
random legal orders, the phase processed as soon as they are in. What he reads is checked
against the position the judge stores.

Shared by tests/test_variant_games.py; the orders come from adjudicator/possible.py through
tests/randomgames.py, so every order is one the rules allow.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from email.message import EmailMessage
from typing import Any

from sqlalchemy import select

import variants
from adjudicator.document import read_document
from adjudicator.given import Position
from adjudicator.phase import Phase
from adjudicator.possible import adjustment_orders
from judge.store.models import Game
from tests.gametable import form
from tests.judgekit import InProcessJudge
from tests.randomgames import random_orders

PASSWORD = "secret"
KIND_WORDS = {"M": "Movement", "R": "Retreat", "B": "Adjustment"}
# `Austria:   4 Supply centers,  3 Units:  Builds   1 unit.` (the table after the Fall)
COUNTS = re.compile(r"^(\S[^:\n]*):\s+(\d+) Supply centers?,\s+(\d+) Units?:", re.MULTILINE)
UNIT_LINE = re.compile(r"^(\S[^:\n]*):\s+(?:Army|Fleet|Wing) ", re.MULTILINE)
BUILD_LINE = re.compile(r"^(\S[^:\n]*):\s+Builds an? ", re.MULTILINE)
REMOVE_LINE = re.compile(r"^(\S[^:\n]*):\s+Removes the ", re.MULTILINE)


def player(variant: str) -> str:
    """The address of the player of that variant's game: one each, for the judge's limit
    of mails an hour from one address."""
    return f"duplex-{variant}@players.example"


@dataclass(frozen=True)
class Stored:
    """A game as the judge stores it."""

    status: str
    phase: str
    position: dict[str, Any]
    variant: str

    def units(self, power: str) -> list[str]:
        return list(self.position.get("units", {}).get(power) or [])

    def centers(self, power: str) -> list[str]:
        return list(self.position.get("centers", {}).get(power) or [])

    def board(self) -> Position:
        """The position as the adjudicator reads it (its phase document)."""
        keys = (
            ("units", "centers", "dislodged") if self.phase.endswith("R") else ("units", "centers")
        )
        doc = {"variant": self.variant, "phase": self.phase}
        doc.update({k: self.position.get(k) or ([] if k == "dislodged" else {}) for k in keys})
        return read_document(doc)[0]


def stored(judge: InProcessJudge, name: str) -> Stored:
    with judge.store.transaction(readonly=True) as session:
        game = session.execute(select(Game).where(Game.name == name)).scalar_one()
        return Stored(game.status, game.phase or "", dict(game.position or {}), game.variant)


def legal_orders(rng: random.Random, position: Position) -> list[str]:
    """One random possible order for each unit (or dislodged unit); in an adjustment phase
    every build owed, each in a province of its own, or every removal owed."""
    if position.phase.letter != "B":
        return [text for _, text in random_orders(rng, position)]
    orders = []
    owed = adjustment_orders(position.variant, position.units, position.centers)
    for balance, options in owed.values():
        if balance < 0:
            orders += rng.sample(options, -balance)
            continue
        by_site: dict[str, list[str]] = {}
        for text in options:
            by_site.setdefault(text.split()[1].split("/")[0], []).append(text)
        for site in rng.sample(sorted(by_site), min(balance, len(by_site))):
            orders.append(rng.choice(by_site[site]))
    return orders


def heading(phase: Phase) -> str:
    """`Movement results for Spring of 1901.`, as the results mail opens."""
    season = "Winter" if phase.letter == "B" else variants.SEASON_WORDS[phase.season]
    return f"{KIND_WORDS[phase.letter]} results for {season} of {phase.year:04d}."


@dataclass
class Duplex:
    """One player holding every power of a game of the variant."""

    judge: InProcessJudge
    variant: variants.Variant
    game: str
    address: str
    rng: random.Random
    builds: int = 0
    removals: int = 0
    played: list[str] = field(default_factory=list)

    @classmethod
    def create(cls, judge: InProcessJudge, name: str, seed: int = 17) -> tuple[Duplex, str]:
        """CREATE the game and deal every power to its creator (SET PLAYERS 1): the game and
        the text of its start mail."""
        variant = variants.load(name)
        game = f"v{name}"[:19]
        who = player(name)
        assert "Registration processed." in judge.ask(who, form(who)).get_content()
        reply = judge.ask(
            who,
            f"CREATE ?{game} {PASSWORD} {name}\n"
            "SET MOVE MIN 0 DELAY 0\nSET RETREAT DELAY 0\nSET ADJUST DELAY 0\nSET PLAYERS 1\n",
        ).get_content()
        assert f"Number of Players for game '{game}' set to 1." in reply, reply
        starting = [m for m in judge.mailbox.all() if m["Subject"] == f"USTS:{game} - "
                    f"{variant.start} Game Starting"]  # fmt: skip
        assert len(starting) == 1, [m["Subject"] for m in judge.mailbox.all()][-5:]
        return cls(judge, variant, game, who, random.Random(seed)), starting[0].get_content()

    def ask(self, body: str) -> str:
        """A mail signed on as his last power (a digit in chaos and rootz: `SIGN ON 9vchaos`)."""
        letter = self.variant.powers[-1].letter
        return self.judge.ask(
            self.address, f"SIGN ON {letter}{self.game} {PASSWORD}\n{body}"
        ).get_content()

    def now(self) -> Stored:
        return stored(self.judge, self.game)

    def results(self, phase: str) -> str:
        subject = f"USTS:{self.game} - {phase} Results"
        mails: list[EmailMessage] = [
            m
            for m in self.judge.mailbox.all()
            if m["Subject"] == subject and m["To"] == self.address
        ]
        assert len(mails) == 1, f"{len(mails)} mails '{subject}'"
        return mails[0].get_content()

    def play_phase(self) -> Stored:
        """Every power's orders in one mail; the phase is processed at once (all are in),
        and its results mail is checked against what the judge then stores."""
        before = self.now()
        phase = Phase.parse(before.phase, self.variant)
        orders = legal_orders(self.rng, before.board())
        reply = self.ask("\n".join(orders))
        assert "encountered" not in reply and "Error flag set" not in reply, reply
        movers = {u.power for u in before.board().units} if phase.letter == "M" else set()
        for power in movers:  # the orders of all his powers are listed in the reply
            assert f"\n{power}: " in reply, (power, reply)
        after = self.now()
        moved = after.phase != before.phase or after.status != "active"  # (won: it stays)
        assert moved, f"{before.phase} not processed:\n{reply}"
        self.played.append(before.phase)
        text = self.results(before.phase)
        assert heading(phase) in text, text
        if after.status == "active":
            upcoming = Phase.parse(after.phase, self.variant).describe()
            assert f"The next phase of '{self.game}' will be {upcoming}." in text, text
        else:
            assert after.status == "finished" and "(* VICTORY!! *)" in text, text
            assert "The game is over.  Thank you for playing." in text, text
        powers = [p.name for p in self.variant.powers]
        if phase.letter == "M":  # every unit's order is reported under its power
            for power in powers:
                lines = [m for m in UNIT_LINE.findall(text) if m == power]
                assert len(lines) == len(before.units(power)), (power, text)
        shown = {m[0]: (int(m[1]), int(m[2])) for m in COUNTS.findall(text)}
        if shown:  # the centre count: as the judge stores it after the phase
            kept = {p: (len(after.centers(p)), len(after.units(p))) for p in powers}
            assert shown == {p: c for p, c in kept.items() if p in shown}, (shown, kept)
            assert all(p in shown for p, c in kept.items() if c[0]), (shown, kept)
        if phase.letter == "B":
            built = BUILD_LINE.findall(text)
            removed = REMOVE_LINE.findall(text)
            for power in powers:
                change = len(after.units(power)) - len(before.units(power))
                assert change == built.count(power) - removed.count(power), (power, text)
            self.builds += len(built)
            self.removals += len(removed)
        return after

    def put_away(self) -> None:
        """The player deletes the mail he has read, as a mail client would: the judge's
        Maildir is shared by every game of the module, and the test's polling reads it all."""
        for name, message in list(self.judge.mailbox.read.items()):
            if message["To"] == self.address:
                (self.judge.mailbox.path / name).unlink(missing_ok=True)

    def play_to(self, year: int) -> Stored:
        """Phases until the game reaches `year` (or is won before)."""
        now = self.now()
        while now.status == "active" and Phase.parse(now.phase, self.variant).year < year:
            now = self.play_phase()
        return now
