"""The DAIDE server (issue 34): bots of the Diplomacy AI Development Environment sit at a
judge game's table over TCP, beside people playing by mail. tokens.py is the token codec,
protocol.py the Client-Server Protocol's framing, messages.py the message syntax, mdf.py a
variant as DAIDE's MAP/MDF, orders.py orders both ways, seats.py who sits where, play.py
the work on the database, press.py bots' press on it, bridge.py press by mail to bots,
room.py one game's table (connection.py a client of it, host.py what it needs of the server),
handlers.py the answer to each message a bot sends, server.py the asyncio server that
runs them in `judge serve`; client.py our strategies as
DAIDE clients (docs/daide.md)."""
