"""How fast is DPP press read, and answered by the robots?

Rows, each a mean over many runs in this process:

* `DAIDE: read + check + English` (the baseline): the DAIDE samples of
  tests/test_dpp_grammar.py, as the judge reads a press body (parser.dpp.check against
  Standard's powers and provinces, then the English reading);
* `EP 191: read + check + English`: the paper's forms of tests/test_ep191_grammar.py, the
  same way;
* `EP 191: DAIDE form`: parser.ep191_daide.daide_form of each;
* `EP 191: Loeb's answer (PCE, UDO)`, `(WHT)`, `(HOW)`: robots.ep191_talk.answer from the
  starting position (WHT runs Loeb's strategy for the asker, HOW the legal orders).

Each row is printed with its time per message and its ratio to the baseline.

    .venv/bin/python benchmarks/dpp.py [--repeat 20]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import variants
from judge.engine.press.dpp import names_of
from parser.dpp import check, english, read_dpp
from parser.ep191_daide import daide_form
from robots.ep191_talk import Situation, answer
from robots.games import starting_position
from tests.test_dpp_grammar import SAMPLES
from tests.test_ep191_grammar import EP_SAMPLES


def per_message(texts: list[str], work: Callable[[str], object], repeat: int) -> float:
    """Seconds per message, the best of `repeat` rounds over all the texts."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for text in texts:
            work(text)
        best = min(best, (time.perf_counter() - start) / len(texts))
    return best


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    names = names_of(variants.load("standard"))
    provinces = set(names.provinces) | {"XYZ"}  # one sample names a province of no map
    ep = [x for x in EP_SAMPLES if "REF" not in x]

    def judged(text: str) -> str:
        message = check(text, names.powers, provinces)
        return english(message, "England", names.powers, names.provinces)  # type: ignore[arg-type]

    start = starting_position(variants.load("standard"))
    knows = Situation(
        position=start, orders=("F kie - den", "A mun - sil", "A ber - pru"),
        allies=frozenset({"France"}), turn=1, seed="1",
    )  # fmt: skip

    def loeb(text: str) -> list[str]:
        message = read_dpp(text)
        return answer("loeb", "Germany", "France", message, frozenset(), situation=knows)

    base = per_message(SAMPLES, judged, args.repeat)
    rows = [
        ("DAIDE: read + check + English", base),
        ("EP 191: read + check + English", per_message(ep, judged, args.repeat)),
        (
            "EP 191: DAIDE form (read first)",
            per_message(ep, lambda t: daide_form(read_dpp(t), "ENG", "RUS"), args.repeat),
        ),
        (
            "EP 191: Loeb's answer (PCE, UDO)",
            per_message(["(PCE)", "(UDO ((AMY MUN) MTO SIL))"], loeb, args.repeat),
        ),
        ("EP 191: Loeb's answer (WHT)", per_message(["(WHT)"], loeb, args.repeat)),
        ("EP 191: Loeb's answer (HOW)", per_message(["(HOW BUR)"], loeb, args.repeat)),
    ]
    print(f"{'row':40} {'ms/message':>11} {'ratio':>7}")
    for name, seconds in rows:
        print(f"{name:40} {seconds * 1000:11.3f} {seconds / base:7.2f}")


if __name__ == "__main__":
    main()
