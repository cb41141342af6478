"""Matplotlib figures for the lessons; rules modules never import these."""
