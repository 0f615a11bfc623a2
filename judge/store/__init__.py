"""The store: the judge's tables (models), its database (db), and the queries the engine
needs; nothing is imported here, so that a command that only opens the database does not
pay for the tables' mapping."""
