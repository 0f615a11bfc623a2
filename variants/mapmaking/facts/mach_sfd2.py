"""The Machiavelli scenario mach_sfd2 is played on mach_sfd1's board: the same provinces,
and no adjacency its picture does not show."""

LIKE = "mach_sfd1"
