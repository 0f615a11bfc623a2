"""The judge's robot players: strategies, their press, and the observation module. Pure, like
adjudicator/: imports adjudicator, variants and parser only, never judge."""
