"""What the judge sends: the reply to the mail being answered (`conversation`) and mail to
the people of a game (`notices`). The lowest room: every other one writes through it."""
