"""Forming a game (manual 4, 7.1, 8.2): CREATE, SIGN ON, OBSERVE (`joining`), the deal of
powers (`assignment`), a game's defaults and its start (`start`), a master's SET VARIANT,
FORCE BEGIN and UNSTART (`setup`), a player's SET PREFERENCE / ADDRESS / PASSWORD and RESIGN
(`player`), a power back in play (`returns`)."""
