"""h32 is played on h31's board (the same provinces and adjacencies): its geometry file says
`like h31`."""

LIKE = "h31"
