"""Press (manual 7.4 and 8.5): PRESS and BROADCAST (`press`), POSTAL PRESS (`postal`), DIARY
(`diary`)."""
