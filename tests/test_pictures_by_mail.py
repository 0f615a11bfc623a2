"""The board's pictures over SMTP (issue 19): every results mail carries the picture of its
phase as a PNG shown inline and an SVG, after the unchanged text; MAP answers with the
board as it stands or after a phase; in a blind gunboat game each reader's picture shows
only what he sees and no picture names a player."""

from __future__ import annotations

import struct
import xml.etree.ElementTree as ET
from email.message import EmailMessage
from pathlib import Path

import pytest
from sqlalchemy import func, select

from judge.store.models import MailFile, Outbox, OutboxFile
from tests.gametable import MASTER, POWERS, Table, address, form, start_moderated
from tests.judgekit import InProcessJudge

SVG = "{http://www.w3.org/2000/svg}"
WATCHER = "watcher@example.org"


@pytest.fixture
def pictured(tmp_path: Path):
    with InProcessJudge(tmp_path / "judge", like=Table.home(), JUDGE_PICTURES="true") as judge:
        yield Table(judge)


def text_of(mail: EmailMessage) -> str:
    return mail.get_body(preferencelist=("plain",)).get_content()


def files_of(mail: EmailMessage) -> dict[str, tuple[str, str, bytes]]:
    """name -> (content type, disposition, data) of each file after the text."""
    return {
        part.get_filename(): (
            part.get_content_type(),
            part.get_content_disposition(),
            part.get_payload(decode=True),
        )
        for part in mail.iter_attachments()
    }


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def svg_of(mail: EmailMessage, name: str) -> ET.Element:
    kind, disposition, data = files_of(mail)[name]
    assert kind == "image/svg+xml" and disposition == "attachment"
    return ET.fromstring(data)


def ids(svg: ET.Element, cls: str) -> set[str]:
    return {
        e.get("id", "") for e in svg.iter() if cls in (e.get("class") or "").split() and e.get("id")
    }


def start_blind_gunboat(table: Table) -> None:
    table.send(MASTER, form(MASTER))
    made = table.send(
        MASTER,
        "CREATE ?war pwMaster blind gunboat\nBECOME MASTER\n"
        "SET MOVE MIN 0 DELAY 0\nSET RETREAT DELAY 0\nSET ADJUST DELAY 0\n",
    )
    assert "Variant: Standard Blind Gunboat" in text_of(made) or "Gunboat" in text_of(made)
    for power, letter in POWERS.items():
        table.send(
            address(power), f"SIGN ON ?war pw{power} blind gunboat\nSET PREFERENCE {letter}\n"
        )
    table.wait_for(MASTER, "Game Starting")
    assert "Observer" in text_of(table.send(WATCHER, "OBSERVE war passW\n"))


def test_results_and_map_carry_the_board_as_each_reader_sees_it(pictured):
    table = pictured
    start_blind_gunboat(table)
    table.orders("France", "A par-bur")
    table.orders("Germany", "A mun-ruh\nA ber-mun\nF kie-hol")
    table.send(MASTER, "SIGN ON Mwar pwMaster\nPROCESS\n")

    # The master's results: the text first and unchanged, then the PNG inline and the SVG.
    full = table.wait_for(MASTER, "S1901M Results")[0]
    assert full.get_content_type() == "multipart/mixed"
    parts = list(full.iter_parts())
    assert parts[0].get_content_type() == "text/plain"
    assert "Movement results for Spring of 1901." in text_of(full)
    files = files_of(full)
    assert set(files) == {"war-S1901M.png", "war-S1901M.svg"}
    kind, disposition, png = files["war-S1901M.png"]
    assert (kind, disposition) == ("image/png", "inline")
    svg = svg_of(full, "war-S1901M.svg")
    width, height = int(svg.get("width")), int(svg.get("height"))
    assert png_size(png) == (width, height)
    assert len(png) < 150_000 and len(files["war-S1901M.svg"][2]) < 150_000
    assert {"o-par", "o-mun", "o-kie", "o-ber"} <= ids(svg, "move")
    assert "u-lon" in ids(svg, "army") | ids(svg, "fleet")

    # A player's blind copy shows his own units and orders only.
    french = table.wait_for(address("France"), "S1901M Blind Results")[0]
    svg = svg_of(french, "war-S1901M.svg")
    assert ids(svg, "move") == {"o-par"}
    assert {e.get("data-power") for e in svg.iter() if "unit" in (e.get("class") or "")} == {
        "France"
    }
    # An observer's shows no unit at all.
    watched = table.wait_for(WATCHER, "S1901M Blind Results")[0]
    assert not ids(svg_of(watched, "war-S1901M.svg"), "unit")

    # MAP: the master sees every unit, a player his own, an observer none.
    board = table.send(MASTER, "SIGN ON Mwar pwMaster\nMAP\n")
    assert "The picture of the board of game 'war' as it stands (F1901M)" in text_of(board)
    svg = svg_of(board, "war-F1901M.svg")
    assert {"u-bur", "u-ruh", "u-hol", "u-lon"} <= ids(svg, "unit")
    mine = table.send(address("Germany"), "SIGN ON Gwar pwGermany\nMAP war\n")
    svg = svg_of(mine, "war-F1901M.svg")
    assert ids(svg, "unit") == {"u-ruh", "u-mun", "u-hol"}
    stranger = table.send(WATCHER, "MAP war S1901M\n")
    assert "phase S1901M of game 'war'" in text_of(stranger)
    svg = svg_of(stranger, "war-S1901M.svg")
    assert not ids(svg, "unit") and not ids(svg, "order")

    # Gunboat: no picture names a player, by name or address.
    for mail in (full, french, board, mine, stranger):
        for data in (files_of(mail)[n][2] for n in files_of(mail) if n.endswith(".svg")):
            text = data.decode()
            assert "Player" not in text and "players.example" not in text
            assert "France" in text  # the powers are named, in the legend


def test_a_phases_pictures_are_stored_once_for_all_its_readers(pictured):
    """A results mail to seven players and the master: every mail carries both pictures,
    and the judge keeps each picture once (mail_files), not once a mail."""
    table = pictured
    start_moderated(table)
    table.orders("France", "A par-bur")
    table.send(MASTER, "SIGN ON Mwar pwMaster\nPROCESS\n")
    readers = [MASTER, *(address(power) for power in POWERS)]
    mails = [table.wait_for(who, "S1901M Results")[0] for who in readers]
    carried = {tuple(sorted((n, d) for n, (_, _, d) in files_of(m).items())) for m in mails}
    assert len(carried) == 1  # the same two files in every mail
    assert [name for name, _ in next(iter(carried))] == ["war-S1901M.png", "war-S1901M.svg"]
    with table.judge.store.transaction(readonly=True) as session:
        results = session.execute(
            select(Outbox.id).where(Outbox.subject.like("%S1901M Results%"))
        ).scalars()
        results = list(results)
        links = session.execute(
            select(OutboxFile.outbox_id, OutboxFile.sha256).where(OutboxFile.outbox_id.in_(results))
        ).all()
        kept = session.execute(select(func.count()).select_from(MailFile)).scalar_one()
    assert len(results) == len(readers) and len(links) == 2 * len(readers)
    assert len({digest for _, digest in links}) == 2 and kept == 2


def test_map_says_what_it_cannot_draw(pictured):
    table = pictured
    assert "Game 'nowhere' does not exist." in text_of(table.send(WATCHER, "MAP nowhere\n"))
    assert "MAP * (a picture of a LIST" in text_of(table.send(WATCHER, "MAP * N\n"))
