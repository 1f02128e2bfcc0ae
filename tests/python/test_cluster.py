"""The Ray driver (python -m gamelab.cluster) on a local cluster on 127.0.0.1: a head started
with `ray start` and two workers, as a researcher would run it before taking it to a cluster.

Needs Ray (scripts/setup.sh installs it) and the command line built (GAMELAB_CLI, for
`gamelab sprouts check`); scripts/python_tests.sh runs it.
"""

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import unittest

import gamelab
from gamelab import Base, Position
from gamelab.cluster import Settings, connect, solve

ADDRESS = None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def setUpModule():
    global ADDRESS
    port = free_port()
    # The head on the loopback (Ray otherwise takes the machine's network address).
    env = dict(os.environ, RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER="0")
    subprocess.run(
        [
            "ray", "start", "--head", f"--port={port}",
            "--num-cpus=2", "--include-dashboard=false", "--disable-usage-stats",
            "--object-store-memory=200000000",
        ],
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    ADDRESS = f"127.0.0.1:{port}"
    ray = connect(ADDRESS)
    nodes = [node["NodeManagerAddress"] for node in ray.nodes()]
    assert nodes == ["127.0.0.1"], nodes


def tearDownModule():
    import ray

    ray.shutdown()
    subprocess.run(["ray", "stop", "--force"], stdout=subprocess.DEVNULL, check=False)


def cli(*args: str) -> subprocess.CompletedProcess:
    binary = os.environ.get("GAMELAB_CLI", "target/debug/gamelab")
    return subprocess.run([binary, *args], capture_output=True, text=True, timeout=600)


class Cluster(unittest.TestCase):
    def test_outcomes_one_to_fourteen_equal_one_process(self):
        base = Base()
        for n in range(1, 15):
            position = Position.spots(n)
            report = solve(position, Settings(workers=2, job_expansions=5_000, base=base))
            self.assertEqual(report.answer, gamelab.outcome(position), f"{n} spots")
            # What one n proved helps the next, as in the command line's runs.
            base = report.base
        self.assertGreater(len(base), 1000)

    def test_a_killed_worker_costs_only_its_job_and_the_proof_checks(self):
        killed = []

        def kill_a_busy_worker(driver):
            if killed or len(driver.pending) == 0:
                return
            index, leaf, _ = next(iter(driver.pending.values()))
            import ray

            ray.kill(driver.actors[index])
            killed.append(leaf.text)

        report = solve(
            Position.spots(12),
            Settings(workers=2, job_expansions=1_000, after_job=kill_a_busy_worker),
        )
        self.assertEqual(len(killed), 1)
        self.assertGreaterEqual(report.requeued, 1)
        self.assertIs(report.answer, False)
        # The base the run proved is a proof `gamelab sprouts check` accepts entry by entry.
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "twelve.spr")
            report.base.save(path)
            checked = cli("sprouts", "check", "--complete", "--db", path, "0*12")
            self.assertEqual(checked.returncode, 0, checked.stderr)
            self.assertIn(" 0 problem", checked.stdout + checked.stderr)
            outcome = cli("sprouts", "check", "--db", path, "0*12")
            self.assertEqual(outcome.stdout.strip(), "loss", outcome.stderr)

    def test_budgets_end_a_run_cleanly_with_what_was_proved_kept(self):
        report = solve(Position.spots(20), Settings(workers=2, job_expansions=2_000, max_nodes=6_000))
        self.assertIsNone(report.answer)
        self.assertIn("--max-nodes", report.stopped)
        self.assertGreater(len(report.base), 0)
        report = solve(Position.spots(25), Settings(workers=2, time_limit_ms=1_500))
        self.assertIsNone(report.answer)
        self.assertIn("--time-limit-ms", report.stopped)

    def test_the_command_keeps_its_exit_codes_and_saves_the_base(self):
        run = lambda *args: subprocess.run(
            [sys.executable, "-m", "gamelab.cluster", "--address", ADDRESS, "-q", *args],
            capture_output=True,
            text=True,
            timeout=600,
        )
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "nine.spr")
            done = run("--save", path, "0*9")
            self.assertEqual((done.returncode, done.stdout), (0, "win\n"), done.stderr)
            self.assertGreater(len(Base.load(path)), 0)
            stopped = run("--max-nodes", "3000", "--job-expansions", "1000", "--save", path, "0*20")
            self.assertEqual(stopped.returncode, 3, stopped.stderr)
            self.assertIn("--max-nodes", stopped.stderr)
            self.assertGreater(len(Base.load(path)), 0)
        bad = run("0*x")
        self.assertEqual(bad.returncode, 2)
        self.assertIn("0*", bad.stderr)
        self.assertEqual(run("--workers", "-1", "0*3").returncode, 2)

    def test_the_answer_is_alone_on_stdout_when_a_worker_dies(self):
        # Ray says so on its own lines; they must not come before the answer a script reads.
        driver = subprocess.Popen(
            [sys.executable, "-m", "gamelab.cluster", "--address", ADDRESS, "-q",
             "--job-expansions", "500", "0*12"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        killed = None
        deadline = time.monotonic() + 300
        while driver.poll() is None and killed is None and time.monotonic() < deadline:
            busy = [pid for pid, title in ray_workers() if "work" in title.split("Worker", 1)[1]]
            if busy:
                killed = busy[0]
                os.kill(killed, signal.SIGKILL)
            time.sleep(0.02)
        out, err = driver.communicate(timeout=600)
        self.assertIsNotNone(killed, "no worker was seen at work")
        self.assertEqual((driver.returncode, out), (0, "loss\n"), err)


def ray_workers() -> list:
    """Ray's actor processes of this machine: (pid, process title), e.g. "ray::Worker.work()"."""
    found = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                title = f.read().split(b"\0")[0].decode(errors="replace")
        except OSError:
            continue
        if title.startswith("ray::Worker"):
            found.append((int(pid), title))
    return found


if __name__ == "__main__":
    unittest.main()
