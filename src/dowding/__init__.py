"""dowding: Battle of Britain wargames as software."""

__version__ = "0.1.0"
