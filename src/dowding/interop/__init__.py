"""Adapters to other game frameworks, each an optional extra (``pip install dowding[interop]``).

``dowding.interop.openspiel``: every ruleset as an OpenSpiel Python game.
``dowding.interop.pettingzoo``: every ruleset as a PettingZoo AEC environment.

Import the submodule you need; each imports its framework, which may not be installed.
"""
