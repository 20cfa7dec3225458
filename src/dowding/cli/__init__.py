"""The ``dowding`` command line: list rulesets, play at the terminal, self-play and replay logs."""
