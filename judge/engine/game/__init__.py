"""A game as every room reads it: found by name, its variant, its people (`record`), who may
run it (`moderation`), and what each power owes in the phase (`owing`)."""
