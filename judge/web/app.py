"""The web window's pages (Starlette, Jinja2): the listed games, each game's page by phase,
a player's own view by his link, the feeds. Read-only: every request looks at the store in
a session that is rolled back (Store.peek), and every text is the mail's for the reader
(reading.py). A game its master did not SET LIST is never on a public page: it is only
seen through a player's link."""

from __future__ import annotations

import hashlib
import json
import logging
from collections import OrderedDict
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from threading import Lock
from urllib.parse import quote

from jinja2 import Environment, FileSystemLoader, select_autoescape
from sqlalchemy import func, select
from sqlalchemy.orm import Session
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..config import Settings
from ..engine.game.record import phase_records, variant_of
from ..engine.listings.games import listed, listed_games
from ..engine.play.blind import reader_sight
from ..reports import pictures as drawn
from ..reports.frame import njudge_time
from ..store.db import Store
from ..store.models import Game, Participant, PhaseRecord
from . import feeds, links
from .chart import centre_chart
from .reading import NOW, STRANGER, GameView, Reader, game_view, results_text, stepped

log = logging.getLogger("judge.web")
HERE = Path(__file__).parent
PICTURES_KEPT = 256


class Pictures:
    """The boards drawn, by game, phase, board and sight: a page shown again draws none."""

    def __init__(self) -> None:
        self.kept: OrderedDict[tuple, str] = OrderedDict()
        self.lock = Lock()

    def get(self, key: tuple, make: Callable[[], str]) -> str:
        with self.lock:
            if key in self.kept:
                self.kept.move_to_end(key)
                return self.kept[key]
        svg = make()
        with self.lock:
            self.kept[key] = svg
            while len(self.kept) > PICTURES_KEPT:
                self.kept.popitem(last=False)
        return svg


def make_app(settings: Settings, store: Store, now: Callable[[], datetime]) -> Starlette:
    templates = Environment(
        loader=FileSystemLoader(HERE / "templates"),
        autoescape=select_autoescape(["html"]),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    pictures = Pictures()
    base = (settings.web_url or f"http://{settings.web_listen}").rstrip("/")

    def page(name: str, **values: object) -> HTMLResponse:
        text = templates.get_template(name).render(
            code=settings.code, address=settings.address, **values
        )
        return HTMLResponse(text, headers=_HEADERS)

    def not_found(what: str) -> HTMLResponse:
        body = templates.get_template("base.html").render(
            code=settings.code, address=settings.address
        )
        body = body.replace(
            '<main id="main">', f'<main id="main"><h1>Not here</h1><p>{what}</p>', 1
        )
        return HTMLResponse(body, status_code=404, headers=_HEADERS)

    def listed_game(session: Session, name: str) -> Game | None:
        game = session.execute(
            select(Game).where(func.lower(Game.name) == name.lower())
        ).scalar_one_or_none()
        if game is None or not (game.settings or {}).get("list", False):
            return None  # a game not listed is never shown to the public
        return game

    def games(request: Request) -> Response:
        with store.peek() as session:
            rows = []
            for game in listed_games(session):
                shown = listed(game)
                wanted = ""
                if game.status == "forming" and shown.variant is not None:
                    left = len(shown.variant.powers) - len(shown.players)
                    wanted = f"{left} wanted" if left > 0 else "full"
                rows.append(
                    {
                        "name": game.name,
                        "comment": (game.comment or "").strip(),
                        "variant": _variant_words(game),
                        "phase": game.phase or game.status,
                        "deadline": _iso(game.deadline) if game.status == "active" else "",
                        "deadline_text": _judge_time(game.deadline, settings),
                        "players": wanted or f"{len(shown.players)} playing",
                    }
                )
            return page("games.html", games=rows)

    def game_page(request: Request) -> Response:
        name = request.path_params["name"]
        with store.peek() as session:
            game = listed_game(session, name)
            if game is None:
                return not_found(f"No game '{name}' is listed on this judge.")
            view = game_view(session, settings, now(), game, STRANGER,
                             request.query_params.get("phase"))  # fmt: skip
            return render_game(session, view, f"/game/{quote(game.name)}", calendar=None)

    def own_page(request: Request) -> Response:
        with store.peek() as session:
            person = links.holder(session, request.path_params["token"])
            if person is None:
                return not_found(
                    "This link is not (or no longer) good: mail GET LINK for a new one."
                )
            here = f"/me/{request.path_params['token']}"
            view = game_view(session, settings, now(), person.game, person,
                             request.query_params.get("phase"))  # fmt: skip
            return render_game(session, view, here, calendar=f"{here}/deadlines.ics")

    def render_game(session: Session, view: GameView, here: str, calendar: str | None) -> Response:
        game = view.game
        step = view.step
        variant = variant_of(game)
        svg = board_svg(game, view.reader, step.record)
        prev = view.steps[view.at - 1].phase if view.at > 0 else None
        nxt = view.steps[view.at + 1].phase if view.at + 1 < len(view.steps) else None
        counts = view.centres
        own = view.reader.power if isinstance(view.reader, Participant) else None
        if isinstance(view.reader, Participant) and not own:
            own = view.reader.role
        return page(
            "game.html",
            v=view,
            variant=_variant_words(game),
            own=own,
            status=_status(game),
            deadline=_iso(game.deadline) if game.status == "active" else "",
            deadline_text=_judge_time(game.deadline, settings),
            here=here,
            full_board=f"{here}/board.svg?phase={step.phase}",
            prev=f"{here}?phase={prev}" if prev else None,
            prev_name=prev if prev != NOW else "now",
            next=f"{here}?phase={nxt}" if nxt else None,
            next_name=nxt if nxt != NOW else "now",
            step_name=step.phase if step.record else NOW,
            svg=svg,
            caption=(f"{step.phase}: the board as the phase found it, its orders, and the "
                     "centres as it left them" if step.record else "The board as it stands"),
            text_title=f"{step.phase} results" if step.record else "The game as it stands",
            chart=centre_chart(variant, counts),
            press_title="Your press" if isinstance(view.reader, Participant) else "Press",
            feed=f"/game/{quote(game.name)}/feed.atom" if _listed(game) else None,
            calendar=calendar,
        )  # fmt: skip

    def board_svg(game: Game, reader: Reader, record: PhaseRecord | None) -> str:
        """The board of a played phase (`record`), or as it stands, as `reader` sees it."""
        seen = reader_sight(game, reader)
        key_seen = None if seen is None else (frozenset(seen), seen.all_centers)
        variant = variant_of(game)
        if record is not None:
            doc, out = record.result["input"], record.result["output"]
            key = (game.id, record.id, key_seen)
            return pictures.get(key, lambda: drawn.phase_svg(variant, settings.code, game.name,
                                                             doc, out, seen))  # fmt: skip
        position = game.position or {}
        if not position.get("units") and not game.phase:
            return ""
        stamp = hashlib.sha256(json.dumps(position, sort_keys=True).encode()).hexdigest()
        key = (game.id, game.phase, stamp, key_seen)
        return pictures.get(key, lambda: drawn.position_svg(
            variant, settings.code, game.name, game.phase or "", position, seen))  # fmt: skip

    def board_alone(session: Session, game: Game, reader: Reader, request: Request) -> Response:
        """The board alone: its phase found without the page's texts (SUMMARY, press, the
        trial adjudication of a player's orders), which it does not show."""
        steps, at = stepped(phase_records(session, game), request.query_params.get("phase"))
        return _svg(board_svg(game, reader, steps[at].record))

    def public_board(request: Request) -> Response:
        with store.peek() as session:
            game = listed_game(session, request.path_params["name"])
            if game is None:
                return PlainTextResponse("no such game listed", status_code=404)
            return board_alone(session, game, STRANGER, request)

    def own_board(request: Request) -> Response:
        with store.peek() as session:
            person = links.holder(session, request.path_params["token"])
            if person is None:
                return PlainTextResponse("this link is not good", status_code=404)
            return board_alone(session, person.game, person, request)

    def feed(request: Request) -> Response:
        name = request.path_params["name"]
        with store.peek() as session:
            game = listed_game(session, name)
            if game is None:
                return PlainTextResponse("no such game listed", status_code=404)
            entries = []
            # The newest 50 phases: a long game's older results are never read (each costs
            # its history's look-up and its cut for the reader).
            for record in phase_records(session, game)[::-1][:50]:
                at = record.processed_at or game.created_at
                text = results_text(session, game, record, STRANGER)
                entries.append((record.phase, at, text))
            body = feeds.atom(game, base, settings.code, entries)
            return Response(body, media_type="application/atom+xml; charset=utf-8")

    def calendar(request: Request) -> Response:
        from .reading import deadlines

        with store.peek() as session:
            person = links.holder(session, request.path_params["token"])
            if person is None:
                return PlainTextResponse("this link is not good", status_code=404)
            body = feeds.calendar(settings.code, settings.domain, now(),
                                  deadlines(session, person), base)  # fmt: skip
            return Response(body, media_type="text/calendar; charset=utf-8")

    def favicon(request: Request) -> Response:
        return Response((HERE / "static" / "favicon.svg").read_bytes(), media_type="image/svg+xml")

    routes = [
        Route("/", games),
        Route("/favicon.ico", favicon),
        Route("/game/{name}", game_page),
        Route("/game/{name}/feed.atom", feed),
        Route("/game/{name}/board.svg", public_board),
        Route("/me/{token}/board.svg", own_board),
        Route("/me/{token}", own_page),
        Route("/me/{token}/deadlines.ics", calendar),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]
    return Starlette(routes=routes)


_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; style-src 'self'; img-src 'self' data:",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


def _svg(svg: str) -> Response:
    if not svg:
        return PlainTextResponse("no board to draw yet", status_code=404)
    return Response(svg, media_type="image/svg+xml")


def _listed(game: Game) -> bool:
    return bool((game.settings or {}).get("list", False))


def _iso(at: datetime | None) -> str:
    if at is None:
        return ""
    return (at if at.tzinfo else at.replace(tzinfo=UTC)).isoformat().replace("+00:00", "Z")


def _judge_time(at: datetime | None, settings: Settings) -> str:
    return njudge_time(at, settings) if at is not None else ""


def _variant_words(game: Game) -> str:
    options = [o for o in (game.options or []) if o]
    return ", ".join([game.variant, *options])


def _status(game: Game) -> str:
    if game.status == "active":
        return f"Playing {game.phase}"
    if game.status == "forming":
        return "Forming: players wanted"
    return game.status.capitalize()
