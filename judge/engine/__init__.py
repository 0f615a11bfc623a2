"""The engine: carries out parsed commands against the store, in a room (a sub-package) for
each family of commands; docs/architecture.md, "Rooms", lists them lowest first."""
