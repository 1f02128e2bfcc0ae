"""gamelab's Sprouts engine for Python.

Positions in Glop's notations, their canonical children, outcomes (normal and misère play) and
nimbers under budgets, bases in Glop's .spr format, and a df-pn search that can be run a few
expansions at a time, so that a driver can spread one proof over many processes
(`python -m gamelab.cluster`, with Ray). Searches release the interpreter while they work.
"""

from ._engine import (
    MAX_SPOTS,
    BadPosition,
    Base,
    BaseRefuted,
    BudgetSpent,
    Position,
    Search,
    SearchFailed,
    UncheckedAnswer,
    nimber,
    outcome,
)

__all__ = [
    "MAX_SPOTS",
    "BadPosition",
    "Base",
    "BaseRefuted",
    "BudgetSpent",
    "Position",
    "Search",
    "SearchFailed",
    "UncheckedAnswer",
    "nimber",
    "outcome",
]
