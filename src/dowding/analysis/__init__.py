"""The analysis bench: sweeps of computer-played games, their statistics and reports.

``simulate`` plays many seeded games in parallel processes (or on Ray), ``stats`` sums them up
with confidence intervals, ``report`` writes the JSON files and the plots.
"""
