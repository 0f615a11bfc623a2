"""The DAIDE server (issue 34): bots of the Diplomacy AI Development Environment sit at a
judge game's table over TCP, beside people playing by mail. tokens.py is the token codec,
protocol.py the Client-Server Protocol's framing, messages.py the message syntax, mdf.py a
variant as DAIDE's MAP/MDF, seats.py who sits where, server.py the asyncio server that
joins them to the judge's games (docs/daide.md)."""
