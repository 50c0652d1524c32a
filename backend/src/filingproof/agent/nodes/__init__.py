"""One module per node of the graph; each returns a partial state."""
