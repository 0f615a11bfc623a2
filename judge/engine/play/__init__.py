"""Playing a phase (manual 6): orders, PHASE and IF, CLEAR, SET WAIT and processing
(`orders`), which orders stand (`order_book`), conditions (`conditions`), proxies (`proxy`),
the end of every player's reply (`status`), blind copies (`blind`) and the game's moment
(`deadline`)."""
