"""DAIDE's token codec, the Client-Server Protocol's frames and handshake, and a variant's
MDF: the values and forms of the public documents (issue 34)."""

from __future__ import annotations

import asyncio

import pytest

import variants
from judge.daide import protocol as p
from judge.daide.mdf import board_of, unfit
from judge.daide.messages import BracketError, huh, parse
from judge.daide.tokens import T, TokenError, from_bytes, from_text, number, to_bytes, to_text


def test_fixed_tokens_have_the_protocols_values():
    assert T("HLO") == 0x4804 and T("SMR") == 0x481E and T("ADM") == 0x481D
    assert T("YSC") == 0x4413 and T("NSU") == 0x4410 and T("NSP") == 0x440E
    assert T("DSD") == 0x490D and T("UNO") == 0x490B and T("WVE") == 0x4382
    assert T("SWC") == 0x460A and T("PCE") == 0x4A10 and T("UNT") == 0x4A24


def test_numbers_are_fourteen_bit_and_stop_at_8191():
    assert number(8191) == 0x1FFF and number(-1) == 0x3FFF and number(-8192) == 0x2000
    with pytest.raises(ValueError, match="8191"):
        number(8192)
    assert to_text([number(-5), number(1901)]) == "-5 1901"


def test_text_round_trip_with_the_standard_names():
    names = board_of("standard").names
    text = "SUB ((ENG FLT LON) MTO NTH) ((RUS FLT (STP SCS)) MTO GOB) (ENG WVE)"
    tokens = from_text(text, names)
    assert to_text(tokens, names) == text
    assert from_bytes(to_bytes(tokens)) == tokens
    assert to_text(from_text("NME ('Dumb''Bot') ('1')")) == "NME ('Dumb''Bot') ('1')"
    with pytest.raises(TokenError, match="'XYZZY' is no DAIDE token"):
        from_text("SUB XYZZY", names)


def test_brackets_and_huh():
    with pytest.raises(BracketError):
        parse(from_text("SUB ((HLO"))
    tokens = from_text("SUB (FOO)".replace("FOO", "HLO"))
    assert to_text(huh(tokens, 2)) == "HUH (SUB (ERR HLO))"


def test_the_standard_variant_gets_daides_standard_tokens():
    board = board_of("standard")
    assert board.provinces["boh"] == 0x5000 and board.provinces["eng"] == 0x5214
    assert board.provinces["bot"] == 0x5215 and board.provinces["stp"] == 0x574A
    assert board.provinces["alb"] == 0x5421 and board.provinces["bul"] == 0x5748
    assert "swi" not in board.provinces  # impassable
    assert list(board.powers.values()) == list(range(0x4100, 0x4107))
    mdf = to_text(board.mdf().flat(), board.names)
    assert mdf.startswith("MDF (AUS ENG FRA GER ITA RUS TUR) (((AUS BUD VIE TRI)")
    assert "(UNO SER BEL DEN GRE HOL NWY POR RUM SWE TUN BUL SPA)" in mdf
    assert (
        "(STP (AMY FIN LVN MOS NWY) ((FLT NCS) BAR NWY) ((FLT SCS) BOT FIN LVN))".replace(
            "BOT", "GOB"
        )
        in mdf
    )


def test_other_variants_keep_their_names_and_clashes_are_renamed():
    board = board_of("youngstown")
    assert board.power_names["China"] == "CHI" and len(board.powers) == 10
    assert board.province_names["eng"] == "ECH"  # not the power ENG
    assert board.province_names["ecs"] not in ("ECS",)  # not the coast ECS
    names = set(board.province_names.values()) | set(board.power_names.values())
    assert len(names) == len(board.provinces) + len(board.powers)
    assert unfit(variants.load("machiavelli")) == "Machiavelli is no DAIDE game"


async def _handshake(client_bytes: bytes, timeout: float = 2.0) -> bytes:
    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        link = p.Link(reader, writer)
        try:
            await link.handshake(p.representation([]), timeout=timeout)
            tokens = await link.receive()
            link.send(tokens)  # echo
            await link.close(final_message=True)
        except (p.ProtocolError, p.Closed):
            pass

    server = await asyncio.start_server(serve, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(client_bytes)
    await writer.drain()
    got = await asyncio.wait_for(reader.read(), 5)
    writer.close()
    server.close()
    return got


def test_the_handshake_and_its_error_messages():
    good = asyncio.run(_handshake(p.initial_message() + p.diplomacy([T("OBS")])))
    assert got_frames(good) == [(p.Kind.RM, b""), (p.Kind.DM, b"\x48\x0f"), (p.Kind.FM, b"")]
    assert got_frames(asyncio.run(_handshake(p.initial_message(magic=0x1234)))) == [
        (p.Kind.EM, b"\x00\x04")
    ]
    assert got_frames(asyncio.run(_handshake(p.diplomacy([T("OBS")])))) == [
        (p.Kind.EM, b"\x00\x02")
    ]
    assert got_frames(asyncio.run(_handshake(p.initial_message(version=2)))) == [
        (p.Kind.EM, b"\x00\x05")
    ]
    silent = asyncio.run(_handshake(b"", timeout=0.2))
    assert got_frames(silent) == [(p.Kind.EM, b"\x00\x01")]  # the first-message timer
    twice = asyncio.run(_handshake(p.initial_message() * 2))
    assert got_frames(twice)[-1] == (p.Kind.EM, b"\x00\x06")


def got_frames(data: bytes) -> list[tuple[int, bytes]]:
    out = []
    while data:
        length = int.from_bytes(data[2:4], "big")
        out.append((data[0], data[4 : 4 + length]))
        data = data[4 + length :]
    return out


def test_orders_between_daide_and_the_judge():
    from judge.daide.messages import parse
    from judge.daide.orders import judge_text, order_message

    board = board_of("standard")
    names = board.names

    def ord_(text: str, kind: str) -> str:
        owner = {"yor": "England"}.get
        return to_text(order_message(board, "France", text, owner, kind).flat(), names)

    assert ord_("A bel R pic", "retreat") == "(FRA AMY BEL) RTO PIC"
    assert ord_("A bel - pic", "retreat") == "(FRA AMY BEL) RTO PIC"
    assert ord_("remove A bel", "adjustment") == "(FRA AMY BEL) REM"
    assert ord_("A bel disband", "adjustment") == "(FRA AMY BEL) REM"
    assert ord_("A bel disband", "retreat") == "(FRA AMY BEL) DSB"
    assert ord_("F stp/sc - bot", "movement") == "(FRA FLT (STP SCS)) MTO GOB"
    assert ord_("A yor - nth - nwy", "movement") == "(FRA AMY YOR) CTO NWY VIA (NTH)"
    assert ord_("F nth C A yor - nwy", "movement") == "(FRA FLT NTH) CVY (ENG AMY YOR) CTO NWY"
    assert ord_("WAIVE", "adjustment") == "FRA WVE"

    def text(daide: str, kind: str) -> str:
        return judge_text(board, parse(from_text(daide, names))[0], kind, "Russia")

    assert text("((RUS FLT (STP SCS)) MTO GOB)", "movement") == "F stp/sc - bot"
    assert text("((RUS AMY MOS) SUP (RUS AMY WAR) MTO UKR)", "movement") == "A mos S A war - ukr"
    assert text("((RUS FLT SEV) RTO (BUL ECS))", "retreat") == "F sev - bul/ec"
    assert text("((RUS FLT STP) BLD)", "adjustment") == "build F stp"
    assert text("(RUS WVE)", "adjustment") == "waive"


def test_judge_bot_needs_a_box_or_a_daide_server(capsys: pytest.CaptureFixture[str]):
    from judge.cli import main

    assert main(["bot", "--strategy", "dumbbot", "--game", "war"]) == 2
    err = capsys.readouterr().err
    assert "judge bot: by mail it needs --address, --password, --judge, --maildir or --imap" in err
    assert main(["bot", "--strategy", "dumbbot", "--daide", "nowhere"]) == 2
    assert "--daide must be HOST:PORT, not 'nowhere'" in capsys.readouterr().err


def test_every_variant_that_fits_daide_has_its_mdf():
    from pathlib import Path

    names = sorted({p.stem for p in (Path(variants.__file__).parent / "data").glob("*.variant")})
    fitting = []
    for name in names:
        variant = variants.load(name)
        if unfit(variant):
            continue
        board = board_of(name)
        texts = set(board.province_names.values()) | set(board.power_names.values())
        assert len(texts) == len(board.provinces) + len(board.powers), name
        assert len(set(board.provinces.values())) == len(board.provinces), name
        assert to_text(board.mdf().flat(), board.names).startswith("MDF ("), name
        fitting.append(name)
    assert {"standard", "youngstown", "1898", "modern", "chaos"} <= set(fitting)
    assert "colonial" not in fitting  # railways
