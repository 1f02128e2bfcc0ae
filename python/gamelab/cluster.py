"""One Sprouts proof spread over a Ray cluster: ``python -m gamelab.cluster 0*N``.

The driver keeps the top of the proof tree (positions near the start, with proof and disproof
numbers). It hands the most-proving leaf it has to each idle worker, a Ray actor holding the
engine, its base and the searches it has begun; a job is a number of df-pn expansions on one
position. What comes back is the leaf's answer or its new numbers, and every land the worker
proved on the way, which the driver keeps and passes on to all the other workers. A leaf that
stays open after enough work is expanded in the driver, so the tree grows where the proof is
hard and the workers keep busy. A worker that dies costs only its job: the job goes back to
the queue and a new worker, given everything proved so far, takes its place.

Without ``--address`` a local cluster on 127.0.0.1 is started for the run. Exit status: 0 with
the answer, 2 for bad input, 3 when the budget (``--max-nodes``, ``--time-limit-ms``) ends the
run first; either way, ``--save`` keeps what was proved, as a base ``gamelab sprouts check``
reads.
"""

from __future__ import annotations

import argparse
import collections
import os
import sys
import time
from dataclasses import dataclass, field
from typing import Callable, Optional

import gamelab
from gamelab import Base, Position, Search

INFINITE = 2**32 - 1

# Searches a worker keeps open at once (each holds a table of up to 2 million couples).
SEARCHES_PER_WORKER = 4


class Node:
    """A position in the driver's tree, numbered from its mover's side."""

    __slots__ = ("position", "parent", "children", "proof", "disproof", "busy", "work", "text")

    def __init__(self, position: Position, parent: Optional["Node"]):
        self.position = position
        self.text = str(position)
        self.parent = parent
        self.children: Optional[list[Node]] = None
        self.proof, self.disproof = (INFINITE, 0) if position.is_over else (1, 1)
        self.busy = False
        self.work = 0

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


def most_proving(node: Node) -> Optional[Node]:
    """The open leaf no worker has, reached through the children that would settle their
    parent soonest (smallest disproof first), or None when every open leaf is taken."""
    if node.decided:
        return None
    if node.children is None:
        return None if node.busy else node
    for kid in sorted(node.children, key=lambda k: k.disproof):
        leaf = most_proving(kid)
        if leaf is not None:
            return leaf
    return None


def expand(node: Node) -> None:
    node.children = [Node(child, node) for child in node.position.children()]
    refresh(node)


def count(node: Node) -> int:
    return 1 + sum(count(k) for k in node.children or ())


class Worker:
    """A Ray actor's engine: a base, and the searches it has begun, by position."""

    def __init__(self, base_spr: str):
        self.base = Base.from_spr(base_spr) if base_spr.strip() else Base()
        self.searches: "collections.OrderedDict[str, Search]" = collections.OrderedDict()

    def work(self, text: str, expansions: int):
        search = self.searches.pop(text, None)
        if search is None:
            search = Search(Position(text), base=self.base)
        before = search.expansions
        answer = search.run(expansions)
        proved = search.new_results()
        for land, n in proved:
            self.base.add(land, n)
        results = [(str(land), n) for land, n in proved]
        if answer is None:
            self.searches[text] = search
            while len(self.searches) > SEARCHES_PER_WORKER:
                self.searches.popitem(last=False)
        proof, disproof = search.numbers
        return answer, proof, disproof, results, search.expansions - before

    def add_results(self, results) -> None:
        pairs = [(Position(land), n) for land, n in results]
        for land, n in pairs:
            self.base.add(land, n)
        for search in self.searches.values():
            search.add_results(pairs)

    def forget(self, text: str) -> None:
        self.searches.pop(text, None)


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
    job_expansions: int = 20_000
    # A leaf still open after this much work is expanded in the driver (if it is large).
    split_expansions: int = 60_000
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
        self.actors = [self.remote.remote(self.base.to_spr()) for _ in range(self.size)]
        # Jobs out: their ObjectRef -> (worker index, leaf, when sent).
        self.pending: dict = {}

    def replace(self, index: int) -> None:
        """A new worker in place of a dead one, knowing all that was proved so far."""
        self.actors[index] = self.remote.remote(self.base.to_spr())

    def run(self) -> Report:
        ray, settings, root = self.ray, self.settings, self.root
        started = time.monotonic()
        report = Report(answer=None, base=self.base)
        pending = self.pending
        idle = list(range(self.size))
        last_report = started
        if not root.decided:
            expand(root)
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
                leaf = most_proving(root)
                if leaf is None:
                    break
                index = idle.pop()
                leaf.busy = True
                job = self.actors[index].work.remote(leaf.text, settings.job_expansions)
                pending[job] = (index, leaf, time.monotonic())
            if not pending:
                break  # nothing open and nothing out: cannot happen while root is open
            done, _ = ray.wait(list(pending), num_returns=1, timeout=0.5)
            for job in done:
                index, leaf, sent = pending.pop(job)
                leaf.busy = False
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
                leaf.work += spent
                self.share(index, results)
                if answer is not None:
                    leaf.proof, leaf.disproof = (0, INFINITE) if answer else (INFINITE, 0)
                else:
                    leaf.proof, leaf.disproof = max(proof, 1), max(disproof, 1)
                    if (
                        leaf.work >= settings.split_expansions
                        and leaf.position.lives >= settings.split_lives
                    ):
                        expand(leaf)
                        self.actors[index].forget.remote(leaf.text)
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
    parser.add_argument("--job-expansions", type=int, default=20_000)
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
    if args.workers < 0 or args.job_expansions < 1:
        print("gamelab.cluster: --workers and --job-expansions are positive", file=sys.stderr)
        return 2

    ray = connect(args.address)
    try:
        settings = Settings(
            workers=args.workers,
            job_expansions=args.job_expansions,
            max_nodes=args.max_nodes,
            time_limit_ms=args.time_limit_ms,
            base=base,
            progress=None if args.quiet else show_progress,
        )
        report = solve(position, settings)
    finally:
        ray.shutdown()
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


if __name__ == "__main__":
    sys.exit(main())
