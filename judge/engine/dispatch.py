"""Which handler carries out which command: a table, not a chain of ifs.

A command the judge cannot carry out yet gets a clear answer saying so, naming it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import parser as p

from .accounts import files, ratings, registration
from .clock import absences, reminders, timing
from .endings import votes
from .forming import joining, player, setup
from .listings import export, games, history, links, maps, relations, summary, whogame
from .master import control, rules, settings, webhooks
from .master import daide as daide_commands
from .master import robots as robot_commands
from .play import orders
from .press import diary, postal, press
from .reply.conversation import Conversation

Handler = Callable[[Conversation, Any], None]

# One entry a command, grouped by family (docs/architecture.md, "Rooms"): a command's value
# is in parser/commands/<family>.py and its handler in judge/engine/<family>/.
HANDLERS: dict[type, Handler] = {
    # accounts
    p.Register: registration.register,
    p.IAmAlso: registration.i_am_also,
    p.IAmAlsoConfirm: registration.i_am_also_confirm,
    p.WhoIs: registration.who_is,
    p.GetDedication: registration.get_dedication,
    p.InfoPlayer: registration.info_player,
    p.GetWhois: registration.get_whois,
    p.GetRatings: ratings.get_ratings,
    p.GetFile: files.get,
    p.GetPackage: files.get_package,
    p.Help: files.help_,
    p.Version: files.version,
    # forming
    p.Create: joining.create,
    p.SignOn: joining.sign_on,
    p.SignOnNext: joining.sign_on_next,
    p.SignOnForming: joining.sign_on_forming,
    p.Observe: joining.observe,
    p.SetPreference: player.set_preference,
    p.SetAddress: player.set_address,
    p.SetPassword: player.set_password,
    p.Resign: player.resign,
    p.SetVariant: setup.set_variant,
    p.SetNotVariant: setup.set_not_variant,
    p.ForceBegin: setup.force_begin,
    p.Unstart: setup.unstart,
    # play
    p.OrderLine: orders.order_line,
    p.PhasedOrders: orders.phased,
    p.Clear: orders.clear,
    p.SetWait: orders.set_wait,
    # clock
    p.SetAbsence: absences.set_absence,
    p.SetTiming: timing.set_timing,
    p.SetDate: timing.set_date,
    p.SetReminder: reminders.set_reminder,
    # press
    p.Press: press.press,
    p.PostalPress: postal.postal_press,
    p.Diary: diary.diary,
    # endings
    p.SetDraw: votes.set_draw,
    p.SetConcede: votes.set_concede,
    # master
    p.BecomeMaster: control.become_master,
    p.Become: control.become,
    p.Eject: control.eject,
    p.Promote: control.promote,
    p.Predict: control.predict,
    p.Rollback: control.rollback,
    p.Terminate: control.terminate,
    p.Pause: control.pause,
    p.Resume: control.resume,
    p.Process: control.process_now,
    p.SetFlag: settings.set_flag,
    p.SetRule: rules.set_rule,
    p.SetTransform: settings.set_transform,
    p.SetNumber: settings.set_number,
    p.SetChoice: settings.set_choice,
    p.SetPlayerList: settings.set_player_list,
    p.SetComment: settings.set_comment,
    # robots (issue #18)
    p.SetRobot: robot_commands.set_robot,
    p.SetNoRobot: robot_commands.set_no_robot,
    p.SetRobots: robot_commands.set_robots,
    p.SetHumansOnly: robot_commands.set_humans_only,
    p.SetWebhook: webhooks.set_webhook,
    p.SetDaide: daide_commands.set_daide,
    # listings
    p.ListGames: games.list_games,
    p.WhoGame: whogame.who_game,
    p.Summary: summary.summary,
    p.Relations: relations.relations,
    p.GetExport: export.get_export,
    p.Map: maps.map_,
    p.GetLink: links.get_link,
    p.RevokeLink: links.revoke_link,
    p.History: history.history,
    p.HistoryTurns: history.history_turns,
}

# Commands that need no game: carried out even after RESIGN.
NO_GAME = (
    p.Register, p.IAmAlso, p.IAmAlsoConfirm, p.WhoIs, p.GetDedication, p.InfoPlayer,
    p.GetWhois, p.GetFile, p.GetRatings, p.GetExport,
    p.GetPackage, p.Help, p.Version, p.Map, p.WhoGame, p.History, p.HistoryTurns,
    p.ListGames, p.Summary, p.Relations,
)  # fmt: skip

# How the manual names each command, for "not yet" answers.
NAMES: dict[type, str] = {
    p.WhoGame: "WHOGAME",
    p.History: "HISTORY",
    p.HistoryTurns: "HISTORY",
    p.ListGames: "LIST",
    p.GetRatings: "GET RATINGS",
    p.GetExport: "GET",
    p.Summary: "SUMMARY",
    p.Relations: "RELATIONS",
    p.Map: "MAP",
    p.GetLink: "GET LINK",
    p.RevokeLink: "REVOKE LINK",
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
    if ctx.order_books and not isinstance(command, p.OrderLine):
        ctx.order_books.clear()
    ctx.forget_user()
    handler(ctx, command)
