"""How many mails a second does the parser read?

Three kinds of mail, as players and masters send them:

* an order mail: SIGN ON, the 30-odd orders of a power in the middle of a game (from
  random games on the Standard map, tests/randomgames.py, a few orders to a line as
  players write them), a press to two powers and a broadcast, SET WAIT, SIGN OFF;
* a master's batch: SIGN ON as master, a dozen SET commands with dates, a press, SIGN OFF;
* a REGISTER form.

Each kind is read three ways: "new", every line as if never seen before (the parser's memo
of order texts and command lines emptied before each mail; only the per-map tables, such
as the recipe of each order shape, stay); "cold", the mails one after another from a
fresh start, so that a line seen in an earlier mail is remembered as in a running judge
(every order mail is a different one); "warm", the same mails a second time, as when
players resend their orders. The baseline is the goal: 2,000 order mails a second on one
core, from cold.

    .venv/bin/python benchmarks/parse.py [--mails 2000]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from datetime import datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import variants
from parser import OrderParser, Vocabulary, parse_mail
from parser import mail as reader
from tests.randomgames import play

GOAL = 2000  # order mails a second
NOW = datetime(2026, 11, 22, 10, 0)
STANDARD = variants.load("standard")
VOCABULARY = Vocabulary(
    STANDARD.names,
    {k: p.name for p in STANDARD.powers for k in (p.name.lower(), p.adjective.lower())},
    "movement",
)

PRESS = """press to EG
Dear friends,

I propose we keep the peace in the north this year: my fleet stays in the
Channel, and I will support you into Belgium if you leave Picardy alone.
Let me know before the deadline.

-- Paris
endpress
broadcast
France wishes everyone a fine Spring. Long live diplomacy!
endbroadcast"""

MASTER = """signon m{game} secret
set deadline Fri 23:30
set grace Dec 5 12:00
set move clock 1410 next 71 grace 167 delay 0.5 days -MTWTF-
set retreat next 23 days -mTWTF-
set adjust next 23 days -mTWTF-
set nmr
set no dias
set white/grey press
set partial fakes broadcast by default
set observer white
set max absence 20
set centers 18
set dedication -10
set comment A friendly game for new players
set list
press to all
Welcome, all, to {game}. Deadlines are on weekdays at 23:30.
endpress
signoff"""

REGISTER = """REGISTER
Name:      Player {n}
Phone:     (505) 555-5555
Site:      University of Hodunk
Address:   1515 St. Claws Lane, Kris Mass
Country:   USA
Timezone:  Eastern
Email:     player{n}@example.org
Level:     Novice
Birthdate: Dec 25, 1907
Sex:       Female
Package:   No
END
signoff"""


def order_mails(count: int) -> list[str]:
    """Distinct mails of orders: a power's orders in one phase of a random game each."""
    rng = random.Random(7)
    mails: list[str] = []
    seed = 0
    while len(mails) < count:
        for turn in play(seed, years=6):
            if turn.position.phase.kind != "movement" or len(mails) >= count:
                continue
            # Every power's orders, about 30 of them in a large power's mail.
            texts = [t.replace(" - ", rng.choice(["-", " - ", " -> "])) for _, t in turn.orders]
            lines, i = [], 0
            while i < len(texts):
                n = rng.choice([1, 1, 2, 3])
                lines.append(", ".join(texts[i : i + n]))
                i += n
            game = f"game{seed}"
            body = "\n".join([f"signon F{game} pw{seed}", *lines, "set wait", PRESS, "signoff"])
            mails.append(body)
        seed += 1
    return mails


def forget() -> None:
    """Empty the parser's memos: the order texts, the command lines, the order shapes."""
    reader._cached_read.cache_clear()
    parser = OrderParser.for_names(STANDARD.names)
    parser._parse_clean.cache_clear()
    parser._recipes.clear()


def run(mails: list[str], vocabulary: Vocabulary | None, memo: bool = True) -> float:
    """Seconds to read all the mails once; without `memo`, no line is remembered from one
    mail to the next (every order and command read as if never seen)."""
    parser = OrderParser.for_names(STANDARD.names)
    elapsed = 0.0
    for body in mails:
        if not memo:
            reader._cached_read.cache_clear()
            parser._parse_clean.cache_clear()
        start = time.perf_counter()
        parse_mail(body, NOW, vocabulary)
        elapsed += time.perf_counter() - start
    return elapsed


def report(name: str, mails: list[str], vocabulary: Vocabulary | None, repeat: int) -> float:
    lines = sum(1 for body in mails for line in body.splitlines() if line.strip())
    new, cold, warm = [], [], []
    for _ in range(repeat):
        forget()
        new.append(run(mails, vocabulary, memo=False))
        forget()
        cold.append(run(mails, vocabulary))
        warm.append(run(mails, vocabulary))
    cells = []
    for best in (min(new), min(cold), min(warm)):
        cells.append(f"{len(mails) / best:>10,.0f} {best / lines * 1e6:>7.1f}")
    print(f"{name:<18} {len(mails):>5} {lines / len(mails):>5.1f}  " + "  ".join(cells))
    return len(mails) / min(cold)


def main(argv: list[str] | None = None) -> None:
    options = argparse.ArgumentParser(description=__doc__)
    options.add_argument("--mails", type=int, default=2000, help="order mails (default 2000)")
    options.add_argument("--repeat", type=int, default=3, help="passes, the best kept")
    args = options.parse_args(argv)
    orders = order_mails(args.mails)
    masters = [MASTER.format(game=f"game{i}") for i in range(args.mails // 4)]
    forms = [REGISTER.format(n=i) for i in range(args.mails // 4)]
    # Each order mail signs on to its game; the engine would look the game up on that line.
    print(
        f"Reading mails on one core (Python {sys.version.split()[0]}); goal: {GOAL:,} "
        "order mails a second from cold."
    )
    print()
    header = f"{'mail':<18} {'mails':>5} {'lines':>5}  " + "  ".join(
        f"{title:>10} {'µs/line':>7}" for title in ("new/s", "cold/s", "warm/s")
    )
    print(header)
    print("-" * len(header))
    rate = report("orders + press", orders, VOCABULARY, args.repeat)
    report("master's SET batch", masters, None, args.repeat)
    report("REGISTER form", forms, None, args.repeat)
    per_order = statistics.mean(
        body.count(",") + sum(1 for line in body.splitlines()[1:] if line[:1].isalpha())
        for body in orders[:50]
    )
    print()
    print(
        f"An order mail holds about {per_order:.0f} orders and {len(PRESS.splitlines())} "
        "press lines."
    )
    verdict = "met" if rate >= GOAL else "NOT met"
    print(
        f"Goal of {GOAL:,} order mails a second from cold: {verdict} ({rate:,.0f}/s, "
        f"{rate / GOAL:.2f}x the goal)."
    )


if __name__ == "__main__":
    main()
