"""One Sprouts proof spread over a Ray cluster: ``python -m gamelab.cluster 0*N``.

The driver keeps the top of the proof tree (positions near the start, with proof and disproof
numbers). It hands the most-proving leaf it has to each idle worker, a Ray actor holding the
engine, its base and one df-pn search that goes from leaf to leaf keeping its table; a job is a
number of expansions on one position. What comes back is the leaf's answer or its new numbers,
and every land the worker proved on the way, which the driver keeps and passes on to all the
other workers. With no leaf free, a worker joins the team on the most-proving leaf (two workers
by default, each breaking ties its own way and hearing of the other's lands after every job,
as `--threads` does in one process); with every team full, the most-proving large leaf is
expanded in the driver, so the tree grows where the proof is hard and no worker waits. A leaf
goes back to the worker whose table knows it, where it can. A worker that dies costs only its
job: the job goes back to the queue and a new worker, given everything proved so far, takes its
place.

Without ``--address`` a local cluster on 127.0.0.1 is started for the run. Exit status: 0 with
the answer, 2 for bad input, 3 when the budget (``--max-nodes``, ``--time-limit-ms``) ends the
run first; either way, ``--save`` keeps what was proved, as a base ``gamelab sprouts check``
reads.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import time
from dataclasses import dataclass, field
from typing import Callable, Optional

import gamelab
from gamelab import Base, Position, Search

INFINITE = 2**32 - 1


class Node:
    """A position in the driver's tree, numbered from its mover's side."""

    __slots__ = (
        "position", "parent", "children", "proof", "disproof", "team", "text", "owner"
    )

    def __init__(self, position: Position, parent: Optional["Node"]):
        self.position = position
        self.text = str(position)
        self.parent = parent
        self.children: Optional[list[Node]] = None
        self.proof, self.disproof = (INFINITE, 0) if position.is_over else (1, 1)
        # The workers on this position now: one, or a team each breaking ties its own way.
        self.team: set[int] = set()
        # The worker whose table knows this leaf best (the last to work on it), if any.
        self.owner: Optional[int] = None

    @property
    def decided(self) -> bool:
        return self.proof == 0 or self.disproof == 0


def refresh(node: Optional[Node]) -> None:
    """Works out the numbers again from `node` up to the root: the mover wins through a child
    lost for its own mover, and loses when every child is won."""
    while node is not None:
        if node.children is not None:
            kids = node.children
            node.proof = min((k.disproof for k in kids), default=INFINITE)
            node.disproof = min(sum(k.proof for k in kids), INFINITE) if kids else 0
        node = node.parent


def open_leaves(node: Node):
    """The open leaves, most-proving first: reached through the children that would settle
    their parent soonest (smallest disproof first)."""
    if node.decided:
        return
    if node.children is None:
        yield node
        return
    for kid in sorted(node.children, key=lambda k: k.disproof):
        yield from open_leaves(kid)


def free_leaves(node: Node):
    """The open leaves no worker is on, most-proving first."""
    return (leaf for leaf in open_leaves(node) if not leaf.team)


def most_proving(node: Node) -> Optional[Node]:
    """The most-proving open leaf no worker is on, or None when every open leaf is taken."""
    return next(free_leaves(node), None)


def leaf_for(root: Node, worker: int, team_size: int = 1, look: int = 8) -> Optional[Node]:
    """The leaf `worker` should take. First a free one: among the `look` most-proving, the first
    that no other worker has worked on (its table holds that work); failing that, the
    most-proving. With none free, it joins the most-proving leaf whose team is not full."""
    first = None
    for seen, leaf in enumerate(free_leaves(root)):
        if leaf.owner is None or leaf.owner == worker:
            return leaf
        if first is None:
            first = leaf
        if seen + 1 >= look:
            break
    if first is not None:
        return first
    return next((leaf for leaf in open_leaves(root) if len(leaf.team) < team_size), None)


def to_split(root: Node, lives: int) -> Optional[Node]:
    """The most-proving open leaf large enough to be worth expanding in the driver."""
    return next((leaf for leaf in open_leaves(root) if leaf.position.lives >= lives), None)


def expand(node: Node) -> None:
    node.children = [Node(child, node) for child in node.position.children()]
    for kid in node.children:
        kid.owner = node.owner
    refresh(node)


def forget_owner(node: Node, worker: int) -> None:
    """No leaf is `worker`'s any more (it died: its table went with it)."""
    if node.owner == worker:
        node.owner = None
    for kid in node.children or ():
        forget_owner(kid, worker)


def count(node: Node) -> int:
    return 1 + sum(count(k) for k in node.children or ())


class Worker:
    """A Ray actor's engine: one df-pn search taken from leaf to leaf, so that its table and
    children cache serve every job it is given, and the base it holds."""

    def __init__(self, base_spr: str, seed: int):
        self.base: Optional[Base] = Base.from_spr(base_spr) if base_spr.strip() else Base()
        self.seed = seed
        self.search: Optional[Search] = None

    def work(self, text: str, expansions: int):
        position = Position(text)
        if self.search is None:
            self.search = Search(position, base=self.base, seed=self.seed)
            self.base = None  # the search holds its own copy from now on
        elif self.search.position != position:
            self.search.restart(position)
        search = self.search
        before = search.expansions
        answer = search.run(expansions)
        results = [(str(land), n) for land, n in search.new_results()]
        proof, disproof = search.numbers
        return answer, proof, disproof, results, search.expansions - before

    def add_results(self, results) -> None:
        pairs = [(Position(land), n) for land, n in results]
        if self.search is None:
            for land, n in pairs:
                self.base.add(land, n)
        else:
            self.search.add_results(pairs)


@dataclass
class Report:
    """How a run ended and what it did."""

    answer: Optional[bool]
    base: Base
    expansions: int = 0
    jobs: int = 0
    requeued: int = 0
    tree: int = 0
    seconds: float = 0.0
    stopped: str = ""
    numbers: tuple = (1, 1)
    # For sizing larger clusters: each job's seconds from sent to back, and the lands (and
    # their bytes as sent) that jobs brought back.
    job_seconds: list = field(default_factory=list)
    result_lands: int = 0
    result_bytes: int = 0


@dataclass
class Settings:
    workers: int = 0  # 0: one per CPU the cluster has
    # Short jobs, so team members hear of each other's lands often: at 15 and 18 spots, two
    # workers took 30.8 and 36.1 s with 5,000, 39.5 and 38.3 s with 20,000 (medians of 3).
    job_expansions: int = 5_000
    # Workers that may search one leaf at once, each breaking ties its own way and hearing of
    # the others' lands after every job (as `--threads` does within one process).
    team: int = 2
    # A leaf is expanded in the driver when a worker would otherwise wait (if it is large).
    split_lives: int = 15
    max_nodes: Optional[int] = None
    time_limit_ms: Optional[int] = None
    base: Optional[Base] = None
    # Called about once a second with (report so far, driver): progress lines.
    progress: Optional[Callable[["Report", "Driver"], None]] = None
    # Called after every job that came back, with the driver (whose `pending` maps the jobs
    # still out to their workers): the tests kill a busy worker from here.
    after_job: Optional[Callable[["Driver"], None]] = None


class Driver:
    """Runs one proof over the cluster `ray` is connected to."""

    def __init__(self, position: Position, settings: Settings):
        import ray

        self.ray = ray
        self.settings = settings
        self.base = settings.base.copy() if settings.base is not None else Base()
        self.root = Node(position, None)
        count_cpus = int(ray.cluster_resources().get("CPU", 1))
        self.size = settings.workers or max(1, count_cpus)
        self.remote = ray.remote(num_cpus=1, max_restarts=0)(Worker)
        # Worker i breaks ties its own way (seed i), so team members part.
        self.actors = [self.remote.remote(self.base.to_spr(), i) for i in range(self.size)]
        # Jobs out: their ObjectRef -> (worker index, leaf, when sent).
        self.pending: dict = {}

    def replace(self, index: int) -> None:
        """A new worker in place of a dead one, knowing all that was proved so far."""
        self.actors[index] = self.remote.remote(self.base.to_spr(), index)
        forget_owner(self.root, index)

    def run(self) -> Report:
        ray, settings, root = self.ray, self.settings, self.root
        started = time.monotonic()
        report = Report(answer=None, base=self.base)
        pending = self.pending
        idle = list(range(self.size))
        last_report = started
        while not root.decided:
            if settings.max_nodes is not None and report.expansions >= settings.max_nodes:
                report.stopped = f"the node budget of {settings.max_nodes} (--max-nodes) ran out"
                break
            elapsed_ms = (time.monotonic() - started) * 1000
            if settings.time_limit_ms is not None and elapsed_ms >= settings.time_limit_ms:
                report.stopped = (
                    f"the time limit of {settings.time_limit_ms} ms (--time-limit-ms) ran out"
                )
                break
            while idle:
                index = idle[-1]
                leaf = leaf_for(root, index, settings.team)
                if leaf is None:
                    # Every leaf has its team: the tree grows where the proof is hard.
                    big = to_split(root, settings.split_lives)
                    if big is None:
                        break
                    expand(big)
                    continue
                idle.pop()
                leaf.team.add(index)
                leaf.owner = index
                job = self.actors[index].work.remote(leaf.text, settings.job_expansions)
                pending[job] = (index, leaf, time.monotonic())
            if not pending:
                break  # nothing open and nothing out: cannot happen while root is open
            done, _ = ray.wait(list(pending), num_returns=1, timeout=0.5)
            for job in done:
                index, leaf, sent = pending.pop(job)
                leaf.team.discard(index)
                try:
                    answer, proof, disproof, results, spent = ray.get(job)
                except (ray.exceptions.RayActorError, ray.exceptions.WorkerCrashedError):
                    report.requeued += 1
                    self.replace(index)
                    idle.append(index)
                    continue
                idle.append(index)
                report.jobs += 1
                report.expansions += spent
                report.job_seconds.append(time.monotonic() - sent)
                report.result_lands += len(results)
                report.result_bytes += sum(len(land) + 4 for land, _ in results)
                self.share(index, results)
                if answer is not None:
                    leaf.proof, leaf.disproof = (0, INFINITE) if answer else (INFINITE, 0)
                    leaf.children = None
                elif leaf.children is None and not leaf.decided:
                    # (Expanded meanwhile, its children's numbers count; decided, nothing does.)
                    leaf.proof, leaf.disproof = max(proof, 1), max(disproof, 1)
                refresh(leaf.parent)
                if settings.after_job is not None:
                    settings.after_job(self)
            now = time.monotonic()
            if settings.progress is not None and now - last_report >= 1:
                last_report = now
                self.fill(report, started)
                settings.progress(report, self)
        # Jobs still out are for nothing now: their workers go (a job's proved lands that
        # came back are in the base already).
        for actor in self.actors:
            ray.kill(actor)
        if root.decided:
            report.answer = root.proof == 0
        self.fill(report, started)
        return report

    def share(self, source: int, results) -> None:
        """A worker's new lands: kept in the driver's base and sent to every other worker."""
        if not results:
            return
        for land, n in results:
            self.base.add(Position(land), n)
        for index, actor in enumerate(self.actors):
            if index != source:
                actor.add_results.remote(results)

    def fill(self, report: Report, started: float) -> None:
        report.seconds = time.monotonic() - started
        report.tree = count(self.root)
        report.numbers = (self.root.proof, self.root.disproof)


def connect(address: Optional[str] = None):
    """Connects `ray` to the cluster at `address`, or starts a local one on 127.0.0.1."""
    local = address is None or address.split(":")[0] in ("127.0.0.1", "localhost")
    if local:
        # Ray otherwise gives its services the machine's network address, even for a cluster
        # of one machine; this keeps them on the loopback.
        os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
    if address and "RAY_AUTH_MODE" not in os.environ:
        # A cluster made by `ray start` asks for the token it wrote in ~/.ray.
        if os.path.exists(os.path.expanduser("~/.ray/auth_token")):
            os.environ["RAY_AUTH_MODE"] = "token"
    import ray

    ray.init(
        address=address,
        include_dashboard=None if address else False,
        logging_level="ERROR",
        log_to_driver=False,
    )
    return ray


def solve(position: Position, settings: Optional[Settings] = None) -> Report:
    """Proves `position`'s outcome on the cluster `ray` is connected to (``ray.init`` first)."""
    return Driver(position, settings or Settings()).run()


def show_progress(report: Report, driver: Driver) -> None:
    proof, disproof = report.numbers
    print(
        f"[{report.seconds:6.1f} s] root proof {proof} disproof {disproof}, "
        f"{report.jobs} jobs, {report.expansions} expansions, {len(driver.base)} lands, "
        f"tree {report.tree}, {report.requeued} re-queued",
        file=sys.stderr,
        flush=True,
    )


def job_sizes(report: Report) -> str:
    """A job's median time and what jobs sent back: the figures a plan for more cores needs."""
    times = sorted(report.job_seconds)
    median = times[len(times) // 2] if times else 0.0
    per_job = report.result_bytes / max(report.jobs, 1)
    return (
        f"median job {median * 1000:.0f} ms, {report.result_lands} lands sent back "
        f"({report.result_bytes} bytes, {per_job:.0f} a job)"
    )


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m gamelab.cluster",
        description="Win or loss of a Sprouts position, proved over a Ray cluster.",
    )
    parser.add_argument("position", help="Glop 1.0 or 2.x notation, e.g. 0*14")
    parser.add_argument("--address", help="an existing Ray cluster (default: a local one)")
    parser.add_argument("--workers", type=int, default=0, help="actors (default: one per CPU)")
    parser.add_argument("--job-expansions", type=int, default=5_000)
    parser.add_argument(
        "--team", type=int, default=2, help="workers that may search one leaf at once (2)"
    )
    parser.add_argument("--max-nodes", type=int)
    parser.add_argument("--time-limit-ms", type=int, default=600_000)
    parser.add_argument("--db", help="a .spr base to start from")
    parser.add_argument("--save", help="write the base proved (.spr) here, also when stopped")
    parser.add_argument("-q", "--quiet", action="store_true", help="no progress lines")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit:
        return 2 if exit.code else 0
    try:
        position = Position(args.position)
        base = Base.load(args.db) if args.db else None
    except (gamelab.BadPosition, gamelab.BaseRefuted) as error:
        print(f"gamelab.cluster: {error}", file=sys.stderr)
        return 2
    if args.workers < 0 or args.job_expansions < 1 or args.team < 1:
        print(
            "gamelab.cluster: --workers, --job-expansions and --team are positive",
            file=sys.stderr,
        )
        return 2

    # Ray's own lines (a worker that died, its services' warnings) go to stderr: stdout holds
    # the answer alone, for whoever reads it.
    with stdout_to_stderr():
        report = run_on_cluster(args, position, base)
    if args.save:
        report.base.save(args.save)
    print(
        f"{args.position}: {report.seconds:.1f} s, {report.jobs} jobs, {report.expansions} "
        f"expansions, {len(report.base)} lands proved, driver tree {report.tree}, "
        f"{report.requeued} re-queued; {job_sizes(report)}",
        file=sys.stderr,
    )
    if report.answer is None:
        print(f"gamelab.cluster: {args.position}: {report.stopped}", file=sys.stderr)
        return 3
    print("win" if report.answer else "loss")
    return 0


def run_on_cluster(args: argparse.Namespace, position: Position, base: Optional[Base]) -> Report:
    """Solves on the cluster `args` name (a local one by default), shut down after."""
    ray = connect(args.address)
    try:
        settings = Settings(
            workers=args.workers,
            job_expansions=args.job_expansions,
            team=args.team,
            max_nodes=args.max_nodes,
            time_limit_ms=args.time_limit_ms,
            base=base,
            progress=None if args.quiet else show_progress,
        )
        report = solve(position, settings)
    finally:
        ray.shutdown()
    return report


@contextlib.contextmanager
def stdout_to_stderr():
    """Sends what is written to file descriptor 1 to 2 meanwhile (Ray's processes started
    meanwhile inherit it), and puts it back after."""
    sys.stdout.flush()
    saved = os.dup(1)
    os.dup2(2, 1)
    try:
        yield
    finally:
        sys.stdout.flush()
        os.dup2(saved, 1)
        os.close(saved)


if __name__ == "__main__":
    sys.exit(main())
