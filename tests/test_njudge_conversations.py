"""The njudge's own test conversation (its test suite's Bug91 series), played over SMTP
against our judge as one sequence: a master creates a duplex game for four, four players
sign on with their preference lists, observers who never registered join and write, the
game starts, a sign-on with a wrong password, LIST, and a player of two powers resigns,
returns, resigns again and is replaced. After each mail, every mail the judge sent is
looked at: who received what, under which subject, with which lines.

Our own test, in our own addresses: the njudge's transcripts are the reference for the
wording, not part of the project.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from judge.mailout.sender import Maildir
from tests.gametable import form
from tests.judgekit import InProcessJudge, mail, settle

MASTER = "master@example.org"
PLAYERS = [f"player{n}@example.org" for n in range(1, 6)]
P1, P2, P3, P4, P5 = PLAYERS
OBSERVERS = [f"observer{n}@example.org" for n in range(1, 4)]
O1, O2, O3 = OBSERVERS
PREFERENCES = {P1: "FRIGATE", P2: "IGATEFR", P3: "ATEFRIG", P4: "EFRIGAT"}
LETTER = {
    "Austria": "A", "England": "E", "France": "F", "Germany": "G", "Italy": "I",
    "Russia": "R", "Turkey": "T",
}  # fmt: skip
CODE = "USTS:dt - S1901M"


@dataclass
class Sent:
    """The mails the judge sent in answer to one mail: (to, subject, body)."""

    mails: list[tuple[str, str, str]]

    def to(self, who: str, event: str) -> list[str]:
        """The bodies `who` received under `CODE event` (or the reply, for event 'Re:')."""
        subject = f"Re: {CODE}" if event == "Re:" else f"{CODE} {event}"
        return [b for t, s, b in self.mails if t == who and s.strip() == subject]

    def one(self, who: str, event: str) -> str:
        found = self.to(who, event)
        assert len(found) == 1, (who, event, [(t, s) for t, s, _ in self.mails])
        return found[0]

    def reply(self, who: str) -> tuple[str, str]:
        """The reply's subject and body."""
        found = [(s, b) for t, s, b in self.mails if t == who and s.startswith("Re:")]
        assert len(found) == 1, found
        return found[0]

    def receivers(self, event: str) -> set[str]:
        return {t for t, s, _ in self.mails if s == f"{CODE} {event}"}


@dataclass
class Post:
    """A judge and the mail it has delivered so far."""

    judge: InProcessJudge
    seen: set[str] = field(default_factory=set)

    def send(self, sender: str, body: str) -> Sent:
        self.judge.client.send(mail(sender, body))
        settle(self.judge.store)
        new = Maildir(self.judge.mailbox.path).since(self.seen)
        self.seen |= {name for name, _ in new}
        return Sent([(m["To"], m["Subject"], m.get_content()) for _, m in new])


@pytest.fixture
def post(tmp_path: Path) -> Iterator[Post]:
    """The njudge test suite's judge: the creator of a game becomes its master."""
    with InProcessJudge(tmp_path / "judge", JUDGE_CREATE_AS_MASTER="true") as judge:
        post = Post(judge)
        for who in [MASTER, *PLAYERS]:
            post.send(who, form(who))
        yield post


def test_the_njudge_duplex_conversation(post: Post) -> None:
    held = forming(post)
    starting(post, held)
    playing(post)
    duo = next(who for who in (P1, P2, P3, P4) if len(held[who]) == 2)
    leaving_and_returning(post, duo, held[duo])


def forming(post: Post) -> dict[str, list[str]]:
    """CREATE with SET PLAYERS 4; three players and an unregistered observer join."""
    made = post.send(MASTER, "create ?dt pass\nset players 4\nsignoff\n")
    subject, body = made.reply(MASTER)
    assert subject == f"Re: {CODE}"
    assert "You've been selected to play Master in game 'dt'." in body
    assert "You'll be notified when 7 more players sign on.\nGame 'dt' now has 0 players." in body
    assert "Number of Players for game 'dt' set to 4." in body

    # The first player: the master's notice carries the preference lists; no header.
    first = post.send(P1, "signon ?dt pass\nset preference FRIGATE\nsignoff\n")
    notice = first.one(MASTER, "New Player Signon: #1")
    assert notice.startswith(f"{P1} has signed up to play a power in game 'dt'.\n")
    assert "Game 'dt' now has 1 player.\n" in notice
    assert f"Player {P1} changed preference list.\n\n Preference lists are now:\n" in notice
    assert f"{P1} has set 'FRIGATE'." in notice
    _, reply = first.reply(P1)
    assert "You've been selected to play a power in game 'dt'." in reply
    assert "You'll be notified when 3 more players sign on." in reply
    assert "Preference list 'FRIGATE' set." in reply

    second = post.send(P2, "signon ?dt pass\nset preference IGATEFR\nsignoff\n")
    assert second.receivers("New Player Signon: #2") == {MASTER, P1}
    told = second.one(P1, "New Player Signon: #2")
    signed = f"{P2} has signed up to play a power in game 'dt'.\nGame 'dt' now has 2 players.\n"
    assert told == signed
    lists = second.one(MASTER, "New Player Signon: #2")
    assert f"{P1} has set 'FRIGATE'.\n{P2} has set 'IGATEFR'." in lists

    # A player's press to the master before the start is private, under his sign-on number.
    private = post.send(P2, "signon ?dt pass\npress to m\nWhen do we start?\nendpress\n")
    heard = private.one(MASTER, "Press from #2 to M")
    assert heard == f"Message from {P2} as Player #2 to Master in 'dt':\n\nWhen do we start?\n"
    _, reply = private.reply(P2)
    assert "Message sent to Master:" in reply and "Broadcast" not in reply
    assert "When do we start?" not in post.send(P3, "history dt\n").reply(P3)[1]

    # Anyone may observe, registered or not; his press to the master is private too.
    watch = post.send(O1, "signon odt pass\npress to M\nOK, observer has signed on\nsignoff\n")
    assert watch.receivers("New Player Signon: O") == {MASTER, P1, P2}
    assert watch.one(P1, "New Player Signon: O") == (
        f"{O1} has signed on as an Observer in game 'dt'.\n"
    )
    press = watch.one(MASTER, "Press from O to M")
    assert press.startswith(f"Message from {O1} as Observer to Master in 'dt':\n\n")
    assert "End of message." not in press  # only the sender's copy ends so
    _, reply = watch.reply(O1)
    assert "You are now an Observer in game 'dt'." in reply
    assert "Message sent to Master:" in reply and reply.rstrip().endswith("End of message.")
    assert "observer has signed on" not in post.send(P3, "history dt\n").reply(P3)[1]

    third = post.send(P3, "signon ?dt pass\nset preference ATEFRIG\nsignoff\n")
    assert third.receivers("New Player Signon: #3") == {MASTER, P1, P2, O1}
    _, reply = third.reply(P3)
    assert "You'll be notified when 1 more player signs on." in reply

    # The fourth fills the game: the start notices, no sign-on notice, and the master hears
    # of the preference list in a notice of its own.
    fourth = post.send(P4, "signon ?dt pass\nset preference EFRIGAT\nsignoff\n")
    assert not fourth.receivers("New Player Signon: #4")
    change = fourth.one(MASTER, "Preference Change")
    assert change.startswith(f"Player {P4} changed preference list.\n")
    assert all(f"{who} has set '{p}'." in change for who, p in PREFERENCES.items())
    _, reply = fourth.reply(P4)
    assert "Preference list 'EFRIGAT' set." in reply and "now has" not in reply
    held = {who: [] for who in PREFERENCES}
    for who in PREFERENCES:
        start = fourth.one(who, "Game Starting")
        held[who] = re.findall(r"You have been selected as (\w+) in game 'dt' of Diplomacy.", start)
    return held


def starting(post: Post, held: dict[str, list[str]]) -> None:
    """What the start told, and the deal: first choices first, then the rest in rounds."""
    firsts = {P1: "France", P2: "Italy", P3: "Austria", P4: "England"}
    assert all(firsts[who] in powers for who, powers in held.items())
    assert sorted(len(powers) for powers in held.values()) == [1, 2, 2, 2]
    assert sorted(p for powers in held.values() for p in powers) == sorted(LETTER)
    listing = post.send("someone@example.org", "list dt\n").reply("someone@example.org")[1]
    for who, powers in held.items():
        for power in powers:
            assert re.search(rf"^   {power:<10} move {' ' * 14}0 {who}$", listing, re.M)
    assert re.search(rf"^   Observer {' ' * 23}{O1}$", listing, re.M)


def playing(post: Post) -> None:
    """Observers' and the master's broadcasts; a wrong password; LIST."""
    broadcast = "broadcast\nPress from the 2nd observer!\nendbroadcast\n"
    late = post.send(O2, f"signon odt pass1\n{broadcast}")
    assert late.receivers("New Player Signon: O") == {MASTER, P1, P2, P3, P4, O1}
    assert late.receivers("Broadcast from O") == {MASTER, P1, P2, P3, P4, O1}
    assert late.one(P3, "Broadcast from O") == (
        f"Broadcast message from {O2} as Observer in 'dt':\n\nPress from the 2nd observer!\n"
    )
    _, reply = late.reply(O2)
    assert "You are now an Observer in game 'dt'." in reply and "Broadcast message sent:" in reply

    # The master's broadcast comes back to him too.
    loud = post.send(MASTER, "signon mdt pass\nbroadcast\nPress from the master!\nendbroadcast\n")
    assert loud.receivers("Broadcast from M") == {MASTER, P1, P2, P3, P4, O1, O2}

    # A wrong password: nothing more is done (not even LIST), and the mail comes back.
    wrong = post.send(MASTER, "signon mdt 181d\nlist\nsignoff\n")
    assert len(wrong.mails) == 1
    subject, body = wrong.reply(MASTER)
    assert subject == "Re: USTS"
    assert body.startswith("\n:: Judge: USTS  Game: Dt  Variant: Standard\n:: Deadline: S1901M ")
    assert "Invalid password or power ID specified.\n\n---- Original message follows:\n\n" in body
    assert "signon mdt ********\nlist\nsignoff" in body and "181d" not in body
    assert "parameters" not in body

    # LIST: the njudge's defaults, and a game nobody asked to list is left out of LIST.
    listing = post.send("someone@example.org", "list dt\n").reply("someone@example.org")[1]
    for line in (
        "The earliest orders will be processed is ",
        "  Retreat clock   -1 min  0.00 next  23.00 grace  71.00 delay 0.50 days -MTWTF-",
        "   Access:  Any-site, Level: Any, Moderated, Dedication: -10000.",
        "  Variant:  Standard, Duplex 4/7.",
        "    Flags:  NoNMR, NoList, NoProxy, DIAS.",
        "   xFlags:  HomeCentres, Concessions, Max Absence: 15.",
        "    Index:  0  \n",
        f"   Observer {' ' * 23}{O2}\n",
    ):
        assert line in listing, line
    brief = post.send("someone@example.org", "list\n").reply("someone@example.org")[1]
    assert "dt " not in brief


def leaving_and_returning(post: Post, duo: str, powers: list[str]) -> None:
    """A player of two powers resigns both, returns to both, resigns again, and someone who
    was watching takes both over."""
    named = ", ".join(powers)
    letter = LETTER[powers[0]]
    gone = post.send(duo, f"signon {letter}dt pass\nresign\nsignoff\n")
    _, reply = gone.reply(duo)
    assert all(f"{p} has resigned from game 'dt'." in reply for p in powers)
    assert duo not in gone.receivers(f"Resignation: {named}")
    assert {MASTER, O1, O2} <= gone.receivers(f"Resignation: {named}")
    assert gone.one(O1, f"Resignation: {named}") == "".join(
        f"{duo} has resigned {duo}\nas {p} in game 'dt'.\n\n" for p in powers
    )

    back = post.send(duo, f"signon {letter}dt pass\nsignoff\n")
    _, reply = back.reply(duo)
    assert f"You have returned as {powers[0]} in dt. \nYou also returned as {powers[1]}" in reply
    # The njudge 1.7.6 said here that the deadline "advanced to" where it already was.
    assert "Deadline for 'dt' remains " in reply and "Grace period for 'dt'" in reply
    event = f"player returned as {named}"
    assert {MASTER, O1, O2, duo} <= back.receivers(event)  # his other power hears it too
    told = back.one(O1, event)
    assert told.startswith(f"{duo} has returned as {powers[0]} in dt. \n")
    assert "Also, a wait has been placed for all active players." in told

    post.send(duo, f"signon {letter}dt pass\nresign\nsignoff\n")
    post.send(P5, "observe dt watching\n")
    taken = post.send(P5, f"signon {letter}dt newpass\nsignoff\n")
    _, reply = taken.reply(P5)
    assert reply.index(f"Take over of abandoned {powers[0]} allowed.") < reply.index(
        "Wait has been set automatically for you - send 'set nowait' to clear."
    )
    assert f"Take over of abandoned {powers[1]} allowed." in reply
    event = f"Takeover of {named}"
    boss = taken.one(MASTER, event)
    assert f"{P5} has taken over the abandoned\n{powers[1]} in game 'dt'." in boss
    others = taken.one(O1, event)
    assert P5 not in others and "Deadline for 'dt' remains " in others
    # The player who left is told what the others are, under the njudge's own subject.
    assert [(s, b) for t, s, b in taken.mails if t == duo] == [("Diplomacy notice: dt", others)]
    listing = post.send("someone@example.org", "list dt\n").reply("someone@example.org")[1]
    assert f"Observer {' ' * 23}{P5}" not in listing
    assert all(re.search(rf"^   {p:<10} move .* {P5}$", listing, re.M) for p in powers)
