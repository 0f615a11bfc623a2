"""The judge service: mail in and out, the game store, the clock and the command engine.

Built by the later issues (the daemon, games by mail, time, press and masters); see
docs/architecture.md. Nothing here yet.
"""
