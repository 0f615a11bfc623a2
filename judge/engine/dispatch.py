"""Which handler carries out which command: a table, not a chain of ifs.

A command the judge cannot carry out yet gets a clear answer saying so, naming it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import parser as p

from .accounts import files, registration
from .clock import absences, timing
from .endings import votes  # fmt: skip
from .forming import joining as games
from .forming import player
from .forming import setup as forming
from .listings import listings
from .master import control as master
from .master import settings as game_settings
from .play import orders as play
from .press import diary, postal, press
from .reply.conversation import Conversation

Handler = Callable[[Conversation, Any], None]

HANDLERS: dict[type, Handler] = {
    p.Register: registration.register,
    p.IAmAlso: registration.i_am_also,
    p.IAmAlsoConfirm: registration.i_am_also_confirm,
    p.WhoIs: registration.who_is,
    p.GetDedication: registration.get_dedication,
    p.InfoPlayer: registration.info_player,
    p.GetWhois: registration.get_whois,
    p.GetFile: files.get,
    p.GetPackage: files.get_package,
    p.Help: files.help_,
    p.Version: files.version,
    p.Map: files.map_,
    p.Create: games.create,
    p.SignOn: games.sign_on,
    p.SignOnNext: games.sign_on_next,
    p.SignOnForming: games.sign_on_forming,
    p.Observe: games.observe,
    p.OrderLine: play.order_line,
    p.PhasedOrders: play.phased,
    p.Clear: play.clear,
    p.SetWait: play.set_wait,
    p.SetTiming: timing.set_timing,
    p.SetDate: timing.set_date,
    p.SetAbsence: absences.set_absence,
    p.SetFlag: game_settings.set_flag,
    p.SetTransform: game_settings.set_transform,
    p.SetNumber: game_settings.set_number,
    p.SetChoice: game_settings.set_choice,
    p.SetPlayerList: game_settings.set_player_list,
    p.BecomeMaster: master.become_master,
    p.Press: press.press,
    p.PostalPress: postal.postal_press,
    p.Diary: diary.diary,
    p.Become: master.become,
    p.Eject: master.eject,
    p.Promote: master.promote,
    p.Predict: master.predict,
    p.Rollback: master.rollback,
    p.Terminate: master.terminate,
    p.SetVariant: forming.set_variant,
    p.SetNotVariant: forming.set_not_variant,
    p.ForceBegin: forming.force_begin,
    p.Unstart: forming.unstart,
    p.SetComment: game_settings.set_comment,
    p.Pause: master.pause,
    p.Resume: master.resume,
    p.Process: master.process_now,
    p.SetPreference: player.set_preference,
    p.SetAddress: player.set_address,
    p.SetPassword: player.set_password,
    p.Resign: player.resign,
    p.ListGames: listings.list_games,
    p.WhoGame: listings.who_game,
    p.Summary: listings.summary,
    p.History: listings.history,
    p.HistoryTurns: listings.history_turns,
    p.SetDraw: votes.set_draw,
    p.SetConcede: votes.set_concede,
}

# Commands that need no game: carried out even after RESIGN.
NO_GAME = (
    p.Register, p.IAmAlso, p.IAmAlsoConfirm, p.WhoIs, p.GetDedication, p.InfoPlayer,
    p.GetWhois, p.GetFile,
    p.GetPackage, p.Help, p.Version, p.Map, p.WhoGame, p.History, p.HistoryTurns,
    p.ListGames, p.Summary,
)  # fmt: skip

# How the manual names each command, for "not yet" answers.
NAMES: dict[type, str] = {
    p.WhoGame: "WHOGAME",
    p.History: "HISTORY",
    p.HistoryTurns: "HISTORY",
    p.ListGames: "LIST",
    p.Summary: "SUMMARY",
    p.Create: "CREATE",
    p.SignOn: "SIGN ON",
    p.SignOnNext: "SIGN ON",
    p.SignOnForming: "SIGN ON",
    p.Observe: "OBSERVE",
    p.OrderLine: "orders",
    p.PhasedOrders: "PHASE",
    p.Clear: "CLEAR",
    p.Resign: "RESIGN",
    p.Press: "PRESS",
    p.PostalPress: "POSTAL PRESS",
    p.Diary: "DIARY",
    p.BecomeMaster: "BECOME MASTER",
    p.Become: "BECOME",
    p.Eject: "EJECT",
    p.ForceBegin: "FORCE BEGIN",
    p.Pause: "PAUSE",
    p.Resume: "RESUME",
    p.Predict: "PREDICT",
    p.Promote: "PROMOTE",
    p.Process: "PROCESS",
    p.Rollback: "ROLLBACK",
    p.Terminate: "TERMINATE",
    p.Unstart: "UNSTART",
}


def name_of(command: p.Command) -> str:
    if type(command) in NAMES:
        return NAMES[type(command)]
    if type(command).__name__.startswith("Set"):
        return "SET"
    return type(command).__name__.upper()


def carry_out(ctx: Conversation, command: p.Command) -> None:
    if ctx.ended:
        return  # after a refused SIGN ON: nothing more (the njudge's E_WARN)
    if ctx.skipping and not isinstance(command, NO_GAME):
        return  # after RESIGN
    handler = HANDLERS.get(type(command))
    if handler is None:
        ctx.fail(f"{name_of(command)}: this judge does not carry out that command yet.")
        return
    if isinstance(command, p.JOINING):
        ctx.secrets.append(command.password)
    handler(ctx, command)
