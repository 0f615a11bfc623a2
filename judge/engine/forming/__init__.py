"""Forming a game (manual 4, 7.1, 8.2): CREATE, SIGN ON, OBSERVE (`joining`), the deal of
powers (`assignment`), the start and a master's SET VARIANT, FORCE BEGIN, UNSTART
(`start`), a player's SET PREFERENCE / ADDRESS / PASSWORD and RESIGN (`player`), a power
back in play (`returns`)."""
