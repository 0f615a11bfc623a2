"""A person's own commands, about no game (manual 3): REGISTER, WHOIS, INFO PLAYER, GET
DEDICATION (`registration`), I AM ALSO (`linking`), REPLY-TO (`reply_to`), GET / HELP /
VERSION (`files`), and the throttle on guessed passwords (`guessing`)."""
