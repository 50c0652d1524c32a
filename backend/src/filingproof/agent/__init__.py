"""The answer pipeline: a LangGraph StateGraph of small nodes (see `graph`)."""
