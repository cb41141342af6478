"""The class arena's instructor side: its command line and the Dask runner (the arena itself is coursekit.arena)."""
