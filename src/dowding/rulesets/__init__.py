"""One package per rulebook. Each exports ``GAME`` and keeps its components as data files."""
