"""Language-model providers behind one protocol; nodes receive a provider, never an SDK."""
