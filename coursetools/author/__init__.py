"""Authoring: exercise notebooks generated from the worked solutions, and the nbgrader course built from them."""
