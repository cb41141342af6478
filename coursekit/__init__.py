"""coursekit: the library behind the course on games of chance and search."""

__version__ = "0.1.0"
