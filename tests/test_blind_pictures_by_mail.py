"""A blind game's pictures over SMTP (issue 30): every picture channel, the results mails
and MAP of a past phase and of the board now, shows each reader (a player, an observer, the
master, and a stranger who is none of these) nothing his texts do not name: his copy of the
results, and LIST, which names his holdings (tests/blindfacts.py reads both); and no
picture shows money. Played for a standard blind game (a dislodgement and its retreat) and
a blind Machiavelli game with money (a siege, control by every power, treasuries); every
variant and reader as pure functions: tests/test_blind_pictures.py."""

from __future__ import annotations

from collections.abc import Iterator
from email.message import EmailMessage
from pathlib import Path

import pytest

import variants
from tests.blindfacts import Fact, svg_facts, unnamed
from tests.gametable import MASTER, POWERS, TIMING, Table, address, form
from tests.judgekit import InProcessJudge
from tests.mach_money_table import POPE, POPE_HOLDS, VENICE, registered
from tests.test_blind_games import WATCHER, start_blind
from tests.test_pictures_by_mail import files_of, text_of

STRANGER = "stranger@example.org"


def picture_of(mail: EmailMessage) -> str:
    """The SVG a mail carries (each carries one picture, in two files)."""
    svgs = [data for name, (_, _, data) in files_of(mail).items() if name.endswith(".svg")]
    assert len(svgs) == 1, list(files_of(mail))
    return svgs[0].decode()


class Readers:
    """Who reads a game and how each signs on to it (None: a stranger, who does not)."""

    def __init__(self, table: Table, game: str, people: dict[str, tuple[str, str | None]]):
        self.table, self.game, self.people = table, game, people
        self.listings: dict[str, str] = {}  # the last LIST each reader was sent

    def ask(self, who: str, body: str) -> EmailMessage:
        sender, sign_on = self.people[who]
        head = f"SIGN ON {sign_on}\n" if sign_on else ""
        return self.table.send(sender, head + body)

    def results(self, who: str, phase: str) -> EmailMessage:
        """The reader's copy of a phase's results: the master's whole, the others' blind."""
        copy = "Results" if who == "master" else "Blind Results"
        return self.table.wait_for(self.people[who][0], f"{phase} {copy}")[-1]

    def mapped(self, who: str, phase: str = "") -> tuple[str, str]:
        """The reader's LIST of the game (the text naming his holdings) and his MAP of
        `phase` (or of the board now), asked in one mail."""
        reply = self.ask(who, f"LIST {self.game}\nMAP {self.game} {phase}\n")
        self.listings[who] = text_of(reply)
        return text_of(reply), picture_of(reply)


def check(variant: variants.Variant, svg: str, texts: list[str], who: object) -> set[Fact]:
    """The picture's facts, each named by one of the reader's texts; and no money."""
    assert "ducat" not in svg.lower() and "treasury" not in svg.lower()
    facts = svg_facts(svg)
    missing = unnamed(variant, facts, "\n\n".join(texts))
    assert not missing, (who, sorted(missing))
    return facts


def check_game(
    readers: Readers,
    variant: variants.Variant,
    phases: list[str],
    mapped: str,
    own: dict[str, set[str]],
) -> dict[tuple[str, str], set[Fact]]:
    """Every reader's pictures: of each of `phases` in his results mail, of the phase
    `mapped` by MAP (the same as his mail's) and of the board now by MAP; nothing in any
    but what his copy of the phase (of the last phase, for the board) and his LIST name;
    of his own power all that the master's picture shows, of the others nothing; a
    stranger's MAP is an observer's, no more. The facts of each reader's (results) picture
    of each phase."""
    seen: dict[tuple[str, str], set[Fact]] = {}
    past: dict[str, str] = {}
    now: dict[str, str] = {}
    for who in readers.people:
        listing, past[who] = readers.mapped(who, mapped)
        now[who] = readers.mapped(who)[1]
        if who == "stranger":
            continue
        copies = {phase: readers.results(who, phase) for phase in phases}
        assert past[who] == picture_of(copies[mapped]), who
        for phase, mail in copies.items():
            seen[who, phase] = check(variant, picture_of(mail), [text_of(mail), listing], who)
        check(variant, now[who], [text_of(copies[phases[-1]]), listing], (who, "now"))
    assert past["stranger"] == past["observer"] and now["stranger"] == now["observer"]
    for phase in phases:
        master = seen["master", phase]
        for who, powers in own.items():
            mine = {f for f in seen[who, phase] if f[1]}
            assert mine == {f for f in master if f[1] in powers}, (who, phase)
        assert not {f for f in seen["observer", phase] if f[1]}  # no unit, order or holding
        assert {f[1] for f in master if f[0] == "unit"} > set().union(*own.values())
    return seen


# -- a standard blind game -----------------------------------------------------------------


@pytest.fixture
def pictured(tmp_path: Path) -> Iterator[Table]:
    with InProcessJudge(tmp_path / "judge", like=Table.home(), JUDGE_PICTURES="true") as judge:
        table = Table(judge)
        table.send(STRANGER, form(STRANGER))
        yield table


def test_a_standard_blind_games_pictures_show_each_reader_his_copy(pictured: Table) -> None:
    table = pictured
    start_blind(table)
    people = {p: (address(p), f"{POWERS[p]}war pw{p}") for p in ("France", "Germany")}
    people |= {"master": (MASTER, "Mwar pwMaster"), "observer": (WATCHER, "Owar passW"),
               "stranger": (STRANGER, None)}  # fmt: skip
    process = "SIGN ON Mwar pwMaster\nPROCESS\n"
    table.orders("France", "A par-bur")
    table.orders("Germany", "A mun-ruh\nA ber-mun\nF kie-hol")
    table.send(MASTER, process)
    # Germany dislodges France from Burgundy; France retreats; Germany has a build to make.
    table.orders("Germany", "A ruh-bur\nA mun S A ruh-bur\nF hol H")
    table.orders("France", "A bur H")
    table.send(MASTER, process)
    table.orders("France", "A bur-par")
    own = {"France": {"France"}, "Germany": {"Germany"}}
    check_game(Readers(table, "war", people), variants.load("standard"),
               ["S1901M", "F1901M", "F1901R"], "F1901M", own)  # fmt: skip


# -- a blind Machiavelli game with money -------------------------------------------------------


@pytest.fixture
def mach_pictured(tmp_path: Path) -> Iterator[Table]:
    yield from registered(tmp_path / "judge", JUDGE_PICTURES="true")


def test_a_blind_machiavelli_games_pictures_show_each_reader_his_copy(mach_pictured: Table) -> None:
    """Venice and the Papacy, the other powers robots that hold: Venice besieges Ferrara
    (the siege his, the Papacy's not to see) and takes it; every power controls provinces,
    and each reader's picture tints only his own (the observer's none)."""
    table = mach_pictured
    table.send(STRANGER, form(STRANGER))
    table.send(MASTER, f"CREATE ?bp pwMaster machiavelli blind\nBECOME MASTER\n{TIMING}"
               "SET ROBOTS hold\n")  # fmt: skip
    table.send(VENICE, "SIGN ON ?bp pwDoge machiavelli blind\nSET PREFERENCE V\n")
    table.send(POPE, "SIGN ON ?bp pwPope machiavelli blind\nSET PREFERENCE P\n")
    table.send(WATCHER, "OBSERVE bp pwWatch\n")
    table.send(MASTER, "SIGN ON Mbp pwMaster\nFORCE BEGIN\n")
    table.wait_for(VENICE, "S1454M Game Starting")
    people = {"Venice": (VENICE, "Vbp pwDoge"), "Papacy": (POPE, "Pbp pwPope"),
              "master": (MASTER, "Mbp pwMaster"), "observer": (WATCHER, "Obp pwWatch"),
              "stranger": (STRANGER, None)}  # fmt: skip
    readers = Readers(table, "bp", people)
    for venice in ("A pad-fer", "A fer B", "A fer B"):
        readers.ask("Papacy", POPE_HOLDS)
        readers.ask("Venice", f"{venice}\nA ver H\nG ven H\nF dal H\n")
    variant = variants.load("machiavelli")
    seen = check_game(readers, variant, ["S1454M", "U1454M", "F1454M"], "U1454M",
                      {"Venice": {"Venice"}, "Papacy": {"Papacy"}})  # fmt: skip
    siege = ("siege", "", "fer")
    assert siege in seen["Venice", "U1454M"] and siege in seen["master", "U1454M"]
    assert siege not in seen["Papacy", "U1454M"] and siege not in seen["observer", "U1454M"]
    tinted = {who: {f[1] for f in seen[who, "S1454M"] if f[0] == "control"} for who in people
              if who != "stranger"}  # fmt: skip
    assert tinted["master"] >= {"Venice", "Papacy", "Milan", "Florence", "Naples", "Turkey"}
    assert tinted["Venice"] == {"Venice"} and tinted["Papacy"] == {"Papacy"}
    assert not tinted["observer"]
    # LIST names each reader's own control as his results would (the master's all).
    tables = {who: text.partition("Cities Controlled:")[2].partition("* = Home")[0]
              for who, text in readers.listings.items()}  # fmt: skip
    assert "Venice:" in tables["Venice"] and "Provinces Controlled:" in tables["Venice"]
    assert "Papacy:" not in tables["Venice"] and "Milan:" not in tables["Venice"]
    assert "Venice:" not in tables["observer"] and "Milan:" not in tables["observer"]
    assert "Venice:" in tables["master"] and "Milan:" in tables["master"]
    assert tables["stranger"] == tables["observer"]
