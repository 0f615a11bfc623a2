"""The second Age of Condottieri scenario is played on mach_aoc's board: the same provinces,
and no adjacency its picture does not show."""

LIKE = "mach_aoc"
