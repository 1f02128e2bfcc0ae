"""Types of the compiled engine (src/python.rs), for editors and type checkers."""

from typing import Optional, Union

MAX_SPOTS: int

class BadPosition(ValueError):
    """A position that cannot be read, or is too large for the engine."""

class BudgetSpent(RuntimeError):
    """A search ran out of its nodes or its time; what it proved stays in its base."""

class BaseRefuted(ValueError):
    """A base that cannot be read, or a result contradicting the base."""

class UncheckedAnswer(UserWarning):
    """Warned when an answer rests on couples from outside the engine's searches that a short
    check from scratch could not prove."""

class SearchFailed(RuntimeError):
    """A search that cannot go on (a nimber too large, a position beyond the engine)."""

class Position:
    """A Sprouts position, kept canonical. Reads Glop 1.0 (``0.0.}]!``) and 2.x (``0*2``)."""

    def __init__(self, text: str) -> None: ...
    @staticmethod
    def spots(n: int) -> "Position":
        """The n-spot start."""
    def write(self, notation_name: str = "1.0") -> str:
        """The position in Glop 1.0 (``"1.0"``) or 2.x (``"2.x"``) notation."""
    @property
    def lives(self) -> int:
        """Lives left: three per untouched spot."""
    @property
    def is_over(self) -> bool:
        """True when no move is left."""
    def lands(self) -> list["Position"]:
        """The independent parts, each as a one-land position."""
    def children(self, *, time_limit_ms: Optional[int] = None) -> list["Position"]:
        """Every position one move away, canonical, repeats merged; BudgetSpent past the time
        limit, BadPosition for a list over 512 MB."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Base:
    """Lands with their nimbers (Glop's .spr format): what searches prove and reuse.

    A search given a base holds it until it ends; another thread using the base meanwhile
    waits for it."""

    def __init__(self) -> None: ...
    @staticmethod
    def from_spr(text: str) -> "Base": ...
    @staticmethod
    def load(path: str) -> "Base": ...
    def to_spr(self) -> str: ...
    def save(self, path: str) -> None: ...
    def __len__(self) -> int: ...
    def get(self, land: Position) -> Optional[int]:
        """The nimber of a one-land position, if known."""
    def add(self, land: Position, nimber: int) -> bool:
        """Adds a land's nimber; True if new. Raises BaseRefuted on a contradiction."""
    def entries(self) -> list[tuple[Position, int]]: ...
    def copy(self) -> "Base": ...

def outcome(
    position: Position,
    *,
    base: Optional[Base] = None,
    max_nodes: Optional[int] = None,
    time_limit_ms: Optional[int] = None,
    threads: int = 1,
    misere: bool = False,
) -> bool:
    """True when the player to move wins (misère: who cannot move wins). Fills ``base``.

    Raises BudgetSpent past ``max_nodes`` expansions or ``time_limit_ms``."""

def nimber(
    position: Position,
    *,
    base: Optional[Base] = None,
    max_nodes: Optional[int] = None,
    time_limit_ms: Optional[int] = None,
    threads: int = 1,
) -> int:
    """The position's nimber (normal play). Fills ``base``."""

class Search:
    """A df-pn search run in steps, holding its own base and table (one per process)."""

    def __init__(
        self,
        position: Position,
        *,
        goal: str = "outcome",
        base: Optional[Base] = None,
        seed: int = 0,
    ) -> None: ...
    def run(
        self, expansions: int, *, time_limit_ms: Optional[int] = None
    ) -> Optional[Union[bool, int]]:
        """Works at most ``expansions`` more (and at most that long, BudgetSpent past it); the
        answer once known, else None."""
    def restart(self, position: Position) -> None:
        """Goes on with another position, keeping the table, the children cache and the base;
        coming back to an earlier position resumes it."""
    @property
    def position(self) -> Position:
        """The position searched now."""
    @property
    def numbers(self) -> tuple[int, int]:
        """The root's (proof, disproof) numbers: proof 0 is a win, disproof 0 a loss."""
    @property
    def expansions(self) -> int: ...
    @property
    def finished(self) -> bool: ...
    def new_results(self) -> list[tuple[Position, int]]:
        """Lands proved since the last call, with their nimbers."""
    def add_results(self, results: list[tuple[Position, int]]) -> int:
        """Lands' nimbers proved elsewhere; returns how many were new here."""
    def base(self) -> Base:
        """A copy of the search's base."""
