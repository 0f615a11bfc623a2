"""A master's commands (manual 8): PAUSE, RESUME, PROCESS, EJECT, PROMOTE, BECOME, ROLLBACK,
TERMINATE (`control`) and the SET commands of a game's settings (`settings`)."""
