"""What anyone may read about a game (manual 3.4): LIST, WHOGAME, SUMMARY, HISTORY.

A module a command (games.py for LIST, whogame.py, summary.py, history.py) and lookup.py
for what they all look up. They find the game, the records and what the asker may see;
the njudge's texts are written by judge/reports/listings/. Nothing here changes a game.
"""
