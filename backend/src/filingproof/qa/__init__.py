"""Table question answering: pick cells (never free text) and compute derived figures from them."""
