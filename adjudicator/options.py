"""The rule choices a game can make, with the DATC's preferences as defaults."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields

from variants import Variant

CHOICES: dict[str, tuple[str, ...]] = {
    # DATC 4.A.2: convoy paradoxes. Szykman: the convoyed armies in the paradox do not move.
    # Alexander: a convoy is judged as if its army were absent (docs/rules.md).
    "paradox": ("szykman", "alexander"),
    # DATC 4.A.3: when does an army that could walk go by sea?
    "convoy_via": ("2023", "explicit"),
    # DATC 4.D.4/4.D.6: too many builds or removals: the njudge keeps the last ones.
    "excess_adjustments": ("last", "first"),
    # Removals a power did not order: the 2023 rule or the older home-centre rule.
    "civil_disorder": ("2023", "home_centers"),
    # Where builds go (njudge SET HOME/ANY/ONE CENTER): as the variant says, the home
    # centres, any owned centre, or any owned centre while one home centre is still held.
    "build_centers": ("variant", "home", "any", "one"),
    # Where a unit may change its type (njudge SET TRANSFORM when:where), in movement and in
    # adjustment phases: nowhere, on its home centres, on any centre it owns while it holds
    # a home centre, on any centre it owns, or anywhere on land.
    "transform_move": ("none", "home", "one", "any", "anywhere"),
    "transform_build": ("none", "home", "one", "any", "anywhere"),
}
FLAGS = (
    "duality",
    "coastal_convoys",
    "move_disband",
    "any_disband",
    "auto_disband",
    "summer",
    "attack_transform",
    "blind",
    "hong_kong",
    "railways",
    "gateways",
    "wings",
    "mach2",
    "garrisons",
    "fortresses",
    "dice",
    "famine",
    "plague",
    "storms",
    "special",
    "money",
    "loans",
    "adjacent",
    "assassins",
)


@dataclass(frozen=True, slots=True)
class Options:
    paradox: str = "szykman"
    convoy_via: str = "2023"
    excess_adjustments: str = "last"
    civil_disorder: str = "2023"
    build_centers: str = "variant"
    # Fleets in the map's `dual` coastal provinces may convoy (njudge SET DUALITY).
    duality: bool | None = None  # None: as the variant says (its rule word `duality`)
    # Fleets in any coastal province may convoy (njudge SET COASTAL CONVOYS). None: as the
    # variant says: on for Machiavelli's first edition (manual 9.1), off elsewhere.
    coastal_convoys: bool | None = None
    # A unit may be disbanded in a movement phase: it holds, then leaves the board (SET
    # DISBAND). None: as the variant says, as coastal_convoys.
    move_disband: bool | None = None
    # In an adjustment phase any unit may be removed, every unit is ordered (maintain or
    # remove), and a power builds up to its centres (SET ANY DISBAND).
    any_disband: bool = False
    # A dislodged unit is disbanded at once: no retreats (SET AUTO DISBAND).
    auto_disband: bool = False
    # A Summer movement phase between Spring and Fall, or none (SET [NO] SUMMER); None: as
    # the variant's year has it. Read by the document layer, which names the variant.
    summer: bool | None = None
    transform_move: str = "none"
    transform_build: str = "none"
    # A unit attacked by another power but not dislodged still transforms (njudge's default;
    # false is SET NO ATTACK TRANSFORM).
    attack_transform: bool = True
    # A blind game (info.blind): an order's check tells the power nothing of other powers'
    # units. An order for a place where it has no unit is refused in one sentence whatever
    # stands there; a support or convoy of a unit not its own is taken as given (it is void
    # if no such unit is there), and a convoy's route is judged on the map alone.
    blind: bool = False
    # Wings may be built (the njudge's `wings` modifier, info.wings; wings.py): the variant
    # gains the unit type W. Read by the document layer, as summer is.
    wings: bool = False
    # The colonial optional rules (info.colonial; njudge SET HONG KONG, RAILWAYS, GATEWAYS),
    # for a variant whose map has them: a power does not count the centres the variant lists
    # as uncounted for it (China, Hong Kong); armies ride the variant's railways; moves and
    # supports between the places a gateway joins need its keeper's leave (docs/rules.md).
    hong_kong: bool = False
    railways: bool = False
    gateways: bool = False
    # Machiavelli's settings (manual 9.2; docs/machiavelli.md), for a Machiavelli variant:
    # its second edition's rules (SET MACH2; None: as the variant's rule word `mach2`), its
    # garrisons (SET NO GARRISONS), its fortresses in use (SET FORTRESSES; None: as the
    # variant's rule word `fortresses`), and money (SET NO MONEY: a unit per city).
    mach2: bool | None = None
    garrisons: bool = True
    fortresses: bool | None = None
    # Machiavelli's random events and special units (manual 9.2, rules.machiavelli "set
    # [no]dice"): the dice at all (off: no famine, plague or storms, and the variable income
    # rolls are 4 in odd years, 3 in even), famine, plague, the Fall's storms at sea, and
    # the elite and militia units (SET [NO] DICE, FAMINE, PLAGUE, STORM, SPECIAL).
    dice: bool = True
    famine: bool = True
    plague: bool = False
    storms: bool = False
    special: bool = True
    money: bool = True
    # Machiavelli's money rules (manual 9.2, rules.machiavelli "Borrowing and loans",
    # "set [no]adjacency", "Assassinations"): bank loans (SET [NO] LOANS / BANKERS), bribes
    # only at units next to one's own (SET [NO] ADJACENCY), the assassination expense (SET
    # [NO] ASSASSINATIONS). Without dice there are neither loans nor assassinations.
    loans: bool = True
    adjacent: bool = True
    assassins: bool = True

    def dual(self, rules: frozenset[str]) -> bool:
        """Do fleets in the map's `dual` provinces convoy: as the game set it (SET [NO]
        DUALITY), else as the variant's rules say (colonial's Cebu, ancient_med's Baleares)."""
        return "duality" in rules if self.duality is None else self.duality

    def second_edition(self, variant: Variant) -> bool:
        """Machiavelli's 1995 rules: as the game set it (SET MACH2), else the variant's."""
        return "mach2" in variant.rules if self.mach2 is None else self.mach2

    def coastal(self, variant: Variant) -> bool:
        """Do fleets in coastal provinces convoy (SET COASTAL CONVOYS): on by default in
        Machiavelli's first edition (manual 9.1; the njudge's variant table)."""
        if self.coastal_convoys is not None:
            return self.coastal_convoys
        return variant.is_machiavelli and not self.second_edition(variant)

    def disbands(self, variant: Variant) -> bool:
        """May units disband in a movement phase (SET DISBAND): on by default in
        Machiavelli's first edition (manual 9.1), as coastal convoys."""
        if self.move_disband is not None:
            return self.move_disband
        return variant.is_machiavelli and not self.second_edition(variant)

    @property
    def every_winter(self) -> bool:
        """Anyone may act in any adjustment phase (ANY DISBAND, build transformations): none
        is skipped while there are units on the board."""
        return self.any_disband or self.transform_build != "none"

    @classmethod
    def from_mapping(cls, raw: Mapping[str, object] | None) -> Options:
        """Options from a phase document; ValueError names an unknown key or value."""
        if raw is None:
            return cls()
        if not isinstance(raw, Mapping):
            raise ValueError("'options' must be an object")
        known = {f.name for f in fields(cls)}
        values: dict[str, object] = {}
        for key, value in raw.items():
            if key not in known:
                raise ValueError(f"unknown option '{key}' (known: {', '.join(sorted(known))})")
            if key in FLAGS:
                if not isinstance(value, bool):
                    raise ValueError(f"option '{key}' is true or false, not {value!r}")
            elif value not in CHOICES[key]:
                raise ValueError(
                    f"option '{key}' is one of {', '.join(CHOICES[key])}, not {value!r}"
                )
            values[key] = value
        return cls(**values)
