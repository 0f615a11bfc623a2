"""Playing a phase (manual 6): the commands, orders for the current phase, PHASE and IF,
CLEAR, SET WAIT (`orders`); orders kept for later phases and their conditions
(`future`, `conditions`); which orders stand (`order_book`) and how they stand, by a
trial adjudication (`standing`); the phase processed (`processing`); proxies (`proxy`),
the end of every player's reply (`status`), blind copies (`blind`) and the game's moment
(`deadline`)."""
