"""Phase codes (`S1901M`, `F1901R`, `F1901B`) and the order of phases in a variant's year."""

from __future__ import annotations

import re
from functools import cache
from typing import NamedTuple

from variants import PHASE_WORDS, SEASON_WORDS, Variant

KINDS = {"M": "movement", "R": "retreat", "B": "adjustment"}
_CODE = re.compile(r"^\s*([SUFW])\s*(\d{1,4})\s*([MRBA])\s*$", re.IGNORECASE)


class Phase(NamedTuple):
    season: str  # S, U or F
    year: int
    letter: str  # M, R or B

    @classmethod
    def parse(cls, text: str, variant: Variant) -> Phase:
        """Read a phase code; `W1901A` is the adjustment phase of 1901 (DATC and MILA style)."""
        match = _CODE.match(text)
        if not match:
            raise ValueError(f"'{text}' is not a phase code like S1901M, F1901R or F1901B")
        season, year, letter = match.group(1).upper(), int(match.group(2)), match.group(3).upper()
        if letter == "A" or season == "W":
            adjustments = [c for c in variant.phases if c[1] == "B"]
            if letter not in ("A", "B") or not adjustments:
                raise ValueError(f"'{text}' is not a phase of {variant.title}")
            season, letter = adjustments[0][0], "B"
        if season + letter not in variant.phases:
            raise ValueError(f"'{text}' is not a phase of {variant.title}")
        return cls(season, year, letter)

    @property
    def kind(self) -> str:
        return KINDS[self.letter]

    def __str__(self) -> str:
        return f"{self.season}{self.year:04d}{self.letter}"  # S0001M: four digits always

    def describe(self) -> str:
        """`Movement for Spring of 1901`, `Adjustments for Winter of 1901` (njudge words)."""
        season = "Winter" if self.letter == "B" else SEASON_WORDS[self.season]
        return f"{PHASE_WORDS[self.letter]} for {season} of {self.year:04d}"  # 0001, as the njudge

    def following(self, variant: Variant) -> Phase:
        """The next phase in the variant's year, whether or not it will be needed."""
        cycle = variant.phases
        i = cycle.index(self.season + self.letter)
        if i + 1 < len(cycle):
            code = cycle[i + 1]
            return Phase(code[0], self.year, code[1])
        return Phase(cycle[0][0], self.year + 1, cycle[0][1])

    def in_center_season(self, variant: Variant) -> bool:
        """Is this a movement or retreat phase of the season whose end counts the centres?

        Supply centres change hands at the end of the season before the adjustments (the
        Fall in the standard game): after its retreats, or after its movement when no
        retreat phase is needed.
        """
        return self.letter != "B" and self.season == center_season(variant)


@cache
def center_season(variant: Variant) -> str:
    cycle = variant.phases
    for i, code in enumerate(cycle):
        if code[1] == "B":
            return cycle[i - 1][0] if i else cycle[-1][0]
    return cycle[-1][0]
