"""The Machiavelli 2 scenario mach2_fotl is played on mach2_sfd1's board (the provinces it
makes impassable drawn grey): the same provinces, and no adjacency its picture does not
show."""

LIKE = "mach2_sfd1"
