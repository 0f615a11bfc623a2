"""The Machiavelli scenario mach_este is played on mach_eos's board: the same provinces, and
no adjacency its picture does not show."""

LIKE = "mach_eos"
