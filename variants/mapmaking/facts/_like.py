"""Variants played on another variant's board on real ground (the same provinces, and no
adjacency the board's picture does not show): their geometry file says `like <board>`."""

from __future__ import annotations

LIKE: dict[str, str] = {
    # The Machiavelli scenarios on the first edition's board (Salerno and Saluzzo slr, slz).
    "mach_sfd2": "mach_sfd1",
    "mach_span": "mach_sfd1",
    "mach_aoc2": "mach_aoc",
    "mach_este": "mach_eos",
    # On the second edition's board with the Gulf of Lyons gol (machiavelli2 calls it wgl);
    # provinces a scenario makes impassable are drawn grey.
    "mach2_eai": "mach2_sfd1",
    "mach2_fotl": "mach2_sfd1",
    "mach2_pamt": "mach2_sfd1",
    "mach2_sfd2": "mach2_sfd1",
    "mach2_span": "mach2_sfd1",
    "mach2_ttr": "mach2_sfd1",
}
