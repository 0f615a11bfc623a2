"""The judge's own robot players (issue #18): the masters' SET ROBOT / SET NO ROBOT /
SET ROBOTS, the robots' orders at the start of each phase, and the SIGN ON rules for
program players by mail (SET HUMANS ONLY / SET OPEN TO ALL). The strategies themselves are
the pure `robots` package; this room seats them in games and gives their orders."""
