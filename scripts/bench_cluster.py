#!/usr/bin/env python3
"""One Sprouts proof three ways, alternating: one process, a team of two threads, and the Ray
driver with two workers on a local cluster. Prints every run and the medians.

    python3 scripts/bench_cluster.py 14 15 18      # ROUNDS=3 by default

Needs `pip install .` and Ray (scripts/setup.sh). Wall-clock seconds; the cluster's figure is
the driver's own (its first line of stderr), without the 4-6 s Ray takes to start, which is
shown apart.
"""

import os
import re
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.join(ROOT, "target", "release", "gamelab")
LIMIT = ["--time-limit-ms", "3600000"]


def timed(args):
    started = time.monotonic()
    done = subprocess.run(args, capture_output=True, text=True, check=True)
    return time.monotonic() - started, done


def one_process(n):
    return timed([BIN, "sprouts", "outcome", *LIMIT, f"0*{n}"])[0], ""


def two_threads(n):
    return timed([BIN, "sprouts", "outcome", "--threads", "2", *LIMIT, f"0*{n}"])[0], ""


def cluster(n):
    wall, done = timed(
        [sys.executable, "-m", "gamelab.cluster", "--workers", "2", "-q", *LIMIT, f"0*{n}"]
    )
    line = done.stderr.strip().splitlines()[-1]
    seconds = float(re.search(r": ([0-9.]+) s,", line).group(1))
    return seconds, f"(wall {wall:.1f} s) {line}"


def main():
    subprocess.run(
        ["cargo", "build", "--release", "--locked", "--bin", "gamelab"], cwd=ROOT, check=True
    )
    rounds = int(os.environ.get("ROUNDS", "3"))
    for n in map(int, sys.argv[1:]):
        times = {"one process": [], "--threads 2": [], "Ray, 2 workers": []}
        for r in range(rounds):
            for name, run in zip(times, (one_process, two_threads, cluster)):
                seconds, note = run(n)
                times[name].append(seconds)
                print(f"{n} spots, round {r + 1}, {name}: {seconds:.1f} s {note}", flush=True)
        medians = {name: statistics.median(t) for name, t in times.items()}
        base = medians["one process"]
        summary = ", ".join(f"{k} {v:.1f} s (x{base / v:.2f})" for k, v in medians.items())
        print(f"{n} spots, medians of {rounds}: {summary}", flush=True)


if __name__ == "__main__":
    main()
