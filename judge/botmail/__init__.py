"""A robot that plays one power of a game on any judge by mail (`judge bot`).

It reads the judge's mails (the start notice, the results, LIST replies) from a Maildir or
an IMAP box, rebuilds the board the power stands on from them, asks a strategy of `robots`
for orders and mails them to the judge. It knows the judge only by its mails, the njudge's
layouts (../shared/njudge-formats.md 2.4-2.7, 2.11), so it plays on our judge or another.
"""
