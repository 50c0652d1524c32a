"""Analyst metrics: a library of formulas over line items with period semantics (`library`, `items`), the
reading of a question's metric and stated definition (`definition`), the cells of its inputs (`resolve`),
and the answer computed from them with a derivation the verifier re-derives (`answer`)."""
