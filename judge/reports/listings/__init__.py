"""The texts of LIST, WHOGAME, SUMMARY and HISTORY (users' manual 3.4) in the njudge's layouts
(njudge-formats 2.11 and 2.12), so that tools written for its mail (map makers, summary
readers) keep working.

Pure functions of what the engine gathered (judge/engine/listings/): the game's record, the
people and records it chose, and what the engine's rules say (who owes orders, whether the
game is rated, its timings). Nothing here reads the database or decides who may see what:
the engine hands over only what the asker may read.
"""
