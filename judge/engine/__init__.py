"""The engine: carries out parsed commands against the store, one module per family."""
