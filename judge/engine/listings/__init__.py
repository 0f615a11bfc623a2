"""What anyone may read about a game (manual 3.4): LIST, WHOGAME, SUMMARY, HISTORY."""
