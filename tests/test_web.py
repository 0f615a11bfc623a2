"""The web window (issue 36) over HTTP, beside a game played by mail: the listed games, a
game's page by phase, a player's own view by the link GET LINK mails him, REVOKE LINK, the
Atom and iCalendar feeds; and every page says what the same reader's mail said, no more
(a blind game's public page is an observer's copy, a player's link his own copy)."""

from __future__ import annotations

import html
import re
import urllib.error
import urllib.request
import xml.etree.ElementTree as ET

from tests.gametable import (
    HOLDS,
    MASTER,
    POWERS,
    Table,
    address,
    form,
    master,
    play,
)

WATCHER = "watcher@example.org"


def base(table: Table) -> str:
    return f"http://{table.judge.settings.web_listen}"


def get(url: str) -> tuple[int, str, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:
            return answer.status, answer.headers.get("Content-Type", ""), answer.read().decode()
    except urllib.error.HTTPError as refused:
        return refused.code, refused.headers.get("Content-Type", ""), refused.read().decode()


def pre(page: str, ident: str) -> str:
    found = re.search(rf'<pre id="{ident}">(.*?)</pre>', page, re.S)
    assert found, f"no <pre id={ident}> on the page"
    return html.unescape(found[1])


def units_drawn(page: str) -> set[str]:
    """The units the page's board draws (their ids: `u-par`, `u-stp.sc`)."""
    return set(re.findall(r'<g id="(u-[a-z.]+)"', page)) | set(
        re.findall(r'id="(u-[a-z.]+)"', page)
    )


def start_game(table: Table, options: str = "", listed: bool = True) -> None:
    table.send(MASTER, form(MASTER))
    table.send(
        MASTER,
        f"CREATE ?war pwMaster {options}\nBECOME MASTER\n"
        + ("SET LIST\n" if listed else "")
        + "SET MOVE MIN 0 DELAY 0\nSET RETREAT DELAY 0\nSET ADJUST DELAY 0\n",
    )
    for power, letter in POWERS.items():
        table.send(address(power), f"SIGN ON ?war pw{power} {options}\nSET PREFERENCE {letter}\n")
    table.wait_for(MASTER, "Game Starting")
    watching = table.send(WATCHER, "OBSERVE war passW\n").get_content()
    assert "You are now an Observer in game 'war'." in watching


def results_of(table: Table, who: str, phase: str) -> str:
    mail = table.wait_for(who, f"USTS:war - {phase} ")
    found = [m for m in mail if "Results" in m["Subject"]]
    assert len(found) == 1
    return found[0].get_content()


def link_of(table: Table, power: str) -> str:
    reply = table.orders(power, "GET LINK")
    found = re.search(r"(http://\S+/me/\S+)", reply)
    assert found, reply
    return found[1]


def test_the_listed_game_by_phase_says_what_the_mail_said(web: Table) -> None:
    start_game(web)
    spring = dict(
        HOLDS, Germany="A mun-ruh; A ber H; F kie-den", France="A par-bur; A mar H; F bre H"
    )
    play(web, spring, "S1901M")
    status, kind, listing = get(base(web) + "/")
    assert status == 200 and kind.startswith("text/html")
    assert 'href="/game/war"' in listing and "F1901M" in listing

    # The played phase: the observer's copy of its results mail, the board with its orders.
    status, _, page = get(base(web) + "/game/war?phase=S1901M")
    assert status == 200
    mailed = results_of(web, WATCHER, "S1901M")
    shown = pre(page, "w-results")
    assert shown and shown in mailed
    assert "Germany: Fleet Kiel -> Denmark." in shown
    assert 'id="o-kie"' in page  # the order drawn on the phase's board
    # The board as it stands: LIST's full listing, with every unit drawn where it stands.
    status, _, now = get(base(web) + "/game/war")
    assert "F1901M" in now
    listed = web.send(WATCHER, "LIST war").get_content()
    assert pre(now, "w-results").splitlines()[2] in listed
    drawn = units_drawn(now)
    shown_units = web.show()["units"]
    assert {f"u-{u.split()[-1].lower().replace('/', '.')}" for us in shown_units.values()
            for u in us} == drawn  # fmt: skip
    # SUMMARY as by mail, the chart, the stepper.
    summary = web.send(WATCHER, "SUMMARY war").get_content()
    assert pre(now, "w-summary").splitlines()[0] in summary
    assert 'class="chart"' in now and 'data-power="Germany"' in now
    assert 'href="/game/war?phase=S1901M" rel="prev"' in now

    # The Atom feed: one entry a phase, the public copy.
    status, kind, feed = get(base(web) + "/game/war/feed.atom")
    assert kind.startswith("application/atom+xml")
    entries = ET.fromstring(feed).findall("{http://www.w3.org/2005/Atom}entry")
    assert len(entries) == 1
    content = entries[0].find("{http://www.w3.org/2005/Atom}content").text
    assert content.strip() in mailed


def test_a_game_not_listed_is_never_shown_to_the_public(web: Table) -> None:
    start_game(web, listed=False)
    _, _, listing = get(base(web) + "/")
    assert "/game/war" not in listing and "No game is listed" in listing
    for path in ("/game/war", "/game/war/feed.atom", "/game/nosuch"):
        assert get(base(web) + path)[0] == 404
    # Its players still see it through their own links.
    link = link_of(web, "France")
    status, _, page = get(link)
    assert status == 200 and "as France" in page


def test_a_blind_game_shows_each_reader_his_own_copy(web: Table) -> None:
    start_game(web, "blind")
    for power, orders in dict(HOLDS, France="A par-bur; A mar H; F bre H").items():
        web.orders(power, orders)
    web.wait_for(address("Germany"), "S1901M Blind Results")
    # The public page: an observer's copy, no unit drawn.
    _, _, public = get(base(web) + "/game/war?phase=S1901M")
    watcher = results_of(web, WATCHER, "S1901M")
    assert pre(public, "w-results") in watcher
    assert units_drawn(public) == set()
    _, _, now = get(base(web) + "/game/war")
    assert units_drawn(now) == set()
    assert "Army Paris" not in public and "Army Paris" not in now
    # France's link: his copy, his units only.
    page = get(link_of(web, "France") + "?phase=S1901M")[2]
    mine = results_of(web, address("France"), "S1901M")
    shown = pre(page, "w-results")
    assert shown in mine and "Army Paris -> Burgundy" in shown
    assert "Vienna" not in shown
    france = {"u-par", "u-mar", "u-bre"}
    assert units_drawn(page) <= france and units_drawn(page)
    _status, kind, alone = get(link_of(web, "France") + "/board.svg?phase=S1901M")
    assert kind.startswith("image/svg+xml") and units_drawn(alone) == units_drawn(page)
    assert units_drawn(get(base(web) + "/game/war/board.svg")[2]) == set()
    now_mine = get(link_of(web, "France"))[2]
    assert units_drawn(now_mine) == {"u-bur", "u-mar", "u-bre"}
    # His orders as his replies end, his press.
    reply = web.orders("France", "A bur-mun\nPRESS TO E\nHello from Paris.\nENDPRESS")
    page = get(link_of(web, "France"))[2]
    orders = pre(page, "w-orders")
    assert "France: Army Burgundy -> Munich." in orders
    assert orders.split("\n\nTime to deadline")[0] in reply  # the tail of his replies
    assert "Hello from Paris." in page
    england = get(link_of(web, "England"))[2]
    assert "Hello from Paris." in england  # the copy mailed to England
    assert "Hello from Paris." not in get(link_of(web, "Germany"))[2]


def test_revoke_link_closes_every_link_mailed_before(web: Table) -> None:
    start_game(web)
    first, second = link_of(web, "Italy"), link_of(web, "Italy")
    assert first == second  # one generation until revoked
    assert get(first)[0] == 200
    reply = web.orders("Italy", "REVOKE LINK")
    assert "Every link to your view of game 'war' mailed so far is closed." in reply
    status, _, page = get(first)
    assert status == 404 and "GET LINK" in page
    third = link_of(web, "Italy")
    assert third != first and get(third)[0] == 200
    forged = third[:-3] + ("aaa" if not third.endswith("aaa") else "bbb")
    assert get(forged)[0] == 404
    # The calendar of his deadlines.
    status, kind, ics = get(third + "/deadlines.ics")
    assert kind.startswith("text/calendar")
    assert "BEGIN:VEVENT" in ics and "SUMMARY:USTS:war S1901M deadline" in ics


def test_get_link_needs_a_sign_on_and_a_web_window(web: Table) -> None:
    start_game(web)
    reply = web.send(address("Italy"), "GET LINK war").get_content()
    assert "GET LINK: sign on to the game first" in reply
    reply = web.orders("Italy", "GET LINK peace")
    assert "this mail signed on to game 'war', not 'peace'" in reply
    reply = master(web, "GET LINK")
    assert "/me/" in reply


def test_without_web_listen_get_link_says_there_is_no_window(table: Table) -> None:
    table.send(MASTER, form(MASTER))
    table.send(MASTER, "CREATE ?war pwMaster\nBECOME MASTER\n")
    reply = master(table, "GET LINK")
    assert "this judge has no web window" in reply


def test_a_gunboat_game_names_nobody_on_its_pages(web: Table) -> None:
    start_game(web, "gunboat")
    web.orders("France", "BROADCAST\nFrance says hello.\nENDPRESS")
    play(web, HOLDS, "S1901M")
    pages = [get(base(web) + path)[2] for path in ("/", "/game/war", "/game/war?phase=S1901M")]
    for page in pages:
        assert "@players.example" not in page
    own = get(link_of(web, "England"))[2]  # his own address, as his LIST shows it
    assert re.findall(r"[a-z]+@players\.example", own) in ([], ["england@players.example"])
    pages.append(own)
    assert "France says hello." in pages[1] and "France says hello." in pages[3]
    # The master's own view names them, as his mail does.
    assert "france@players.example" in get(link_of_master(web))[2]


def link_of_master(table: Table) -> str:
    reply = master(table, "GET LINK")
    return re.search(r"(http://\S+/me/\S+)", reply)[1]
