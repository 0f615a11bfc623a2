"""How a game ends (manual 7.3): SET DRAW / CONCEDE (`votes`) over the pure vote counting
(`draws`), and what follows an ending (`ending`: diaries published, a successor game)."""
