"""Console front ends: terminal games that read keys or piped lines."""
