"""Each variant on real ground as public facts: a module per variant (its name), read by
realmap.py to divide Natural Earth's land and sea among the provinces."""
