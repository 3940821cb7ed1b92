"""Pure-Python rules engines for the executable rulebook."""
