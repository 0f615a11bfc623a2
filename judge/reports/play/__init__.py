"""The play family's texts, what a game's players read about its board: order listings,
results, status, start.

Players of the old njudge parse these texts with scripts and map tools, and compare them
line by line with what they are used to, so the layout follows the njudge's own
(`st_movement.c`, `st_retreat.c`, `st_build.c`, `st_porder.c`, `po_status.c`) down to the
spaces; see shared/njudge-formats.md 2.3 to 2.6 and 2.11.

Everything here is a pure function of the adjudicator's documents (docs/phase-format.md) and
the variant, so a report can be written again, identically, from what the store keeps. Each
text ends with a newline and has no blank line at either end: the caller joins sections with
one blank line between them, as the njudge does (`judge.reports.replies.paragraphs`).

Units are listed in the adjudicator's order (type, then location), which for the standard
game is the njudge's seed order; only the starting position keeps the variant's own order.

One module a text: `movement`, `retreats`, `adjustments` results; a power's orders before
the deadline (`order_listing`); the ownership tables (`ownership`); the starting position
and LIST's status (`board`); the lines results close with (`closing`); the orders in the
njudge's words (`notation`) and the layout every text shares (`layout`). The texts the
rest of the judge asks for are named here.
"""

from .adjustments import adjustment_results
from .board import starting_position, status_listing
from .closing import GAME_OVER, game_over_line, next_phase_lines
from .movement import movement_results
from .notation import order_phrase
from .order_listing import orders_listing, orders_title, power_orders
from .ownership import ownership_tables
from .retreats import retreat_results

__all__ = [
    "GAME_OVER",
    "adjustment_results",
    "game_over_line",
    "movement_results",
    "next_phase_lines",
    "order_phrase",
    "orders_listing",
    "orders_title",
    "ownership_tables",
    "power_orders",
    "retreat_results",
    "starting_position",
    "status_listing",
]
