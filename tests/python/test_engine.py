"""The Python package of the Sprouts engine (src/python.rs), as `import gamelab` gives it.

Run by scripts/python_tests.sh after `pip install .`; plain unittest, nothing else needed.
"""

import functools
import os
import tempfile
import threading
import time
import unittest
import warnings

import gamelab
from gamelab import Base, Position, Search

# Normal play, n = 1 … 11 spots: W when the first player wins (Applegate, Jacobson & Sleator
# 1991 to 11; OEIS A279385 lists the same).
NORMAL = "LLWWWLLLWWW"
# Misère play, n = 1 … 9 (OEIS A164950; Lemoine & Viennot).
MISERE = "WLLLWWLLL"


@functools.lru_cache(maxsize=None)
def plain_nimber(position: Position) -> int:
    """The nimber by the definition: the least one no child has (no lands, no base)."""
    taken = {plain_nimber(child) for child in position.children()}
    n = 0
    while n in taken:
        n += 1
    return n


class Outcomes(unittest.TestCase):
    def test_normal_play_matches_the_published_outcomes(self):
        got = "".join("W" if gamelab.outcome(Position.spots(n)) else "L" for n in range(1, 12))
        self.assertEqual(got, NORMAL)

    def test_misere_play_matches_the_published_outcomes(self):
        got = "".join(
            "W" if gamelab.outcome(Position.spots(n), misere=True) else "L" for n in range(1, 10)
        )
        self.assertEqual(got, MISERE)

    def test_a_team_of_two_threads_agrees(self):
        for n in (9, 10):
            self.assertEqual(gamelab.outcome(Position.spots(n), threads=2), NORMAL[n - 1] == "W")

    def test_nimbers_agree_with_the_definition(self):
        # Positions a few moves into small games: the engine's search (lands, base, df-pn)
        # against the mex of the children's nimbers, computed here in Python.
        seen = []
        for start in ("0*2", "0*3", "0*4", "0.0.}0.0.}]!"):
            for child in Position(start).children()[:6]:
                seen.append(child)
        for position in seen:
            self.assertEqual(gamelab.nimber(position), plain_nimber(position), str(position))
        self.assertGreaterEqual(len(seen), 10)


class Positions(unittest.TestCase):
    def test_both_notations_read_and_write(self):
        five = Position("0*5")
        self.assertEqual(str(five), "0.0.0.0.0.}]!")
        self.assertEqual(five.write("2.x"), "0*5")
        self.assertEqual(Position(str(five)), five)
        self.assertEqual(hash(Position("0.0.0.0.0.}]!")), hash(five))
        self.assertEqual(five.lives, 15)
        self.assertEqual(Position.spots(5), five)
        self.assertFalse(five.is_over)
        self.assertEqual(repr(five), 'Position("0*5")')

    def test_children_are_canonical_and_end_in_no_move(self):
        kids = Position("0*2").children()
        self.assertTrue(kids)
        self.assertEqual(len(set(kids)), len(kids))
        # Walking always to the first child ends the game within 3n - 1 moves.
        position, moves = Position.spots(4), 0
        while not position.is_over:
            position = position.children()[0]
            moves += 1
        self.assertLessEqual(moves, 11)

    def test_bad_input_raises_bad_position(self):
        for text in ("0*x", "", "0.0.", "}]!!"):
            with self.assertRaises(gamelab.BadPosition, msg=text):
                Position(text)
        with self.assertRaises(gamelab.BadPosition):
            Position.spots(gamelab.MAX_SPOTS + 1)
        self.assertTrue(issubclass(gamelab.BadPosition, ValueError))
        self.assertTrue(issubclass(gamelab.BudgetSpent, RuntimeError))


class Budgets(unittest.TestCase):
    def test_a_node_budget_raises_budget_spent(self):
        with self.assertRaises(gamelab.BudgetSpent) as caught:
            gamelab.outcome(Position.spots(14), max_nodes=100)
        self.assertIn("max_nodes", str(caught.exception))
        with self.assertRaises(gamelab.BudgetSpent):
            gamelab.outcome(Position.spots(12), max_nodes=50, misere=True)

    def test_a_time_limit_ends_the_search_near_it(self):
        for misere in (False, True):
            started = time.monotonic()
            with self.assertRaises(gamelab.BudgetSpent) as caught:
                gamelab.outcome(Position.spots(30), time_limit_ms=200, misere=misere)
            self.assertIn("time_limit_ms", str(caught.exception))
            self.assertLess(time.monotonic() - started, 10)

    def test_what_a_spent_search_proved_stays_in_its_base(self):
        base = Base()
        with self.assertRaises(gamelab.BudgetSpent):
            gamelab.outcome(Position.spots(11), base=base, max_nodes=300)
        kept = len(base)
        self.assertGreater(kept, 0)
        self.assertTrue(gamelab.outcome(Position.spots(11), base=base))
        self.assertGreaterEqual(len(base), kept)

    def test_searches_release_the_interpreter(self):
        # While a search works in another thread, this one keeps running Python.
        ticks = 0
        done = threading.Event()

        def search():
            gamelab.outcome(Position.spots(11), base=Base())
            done.set()

        worker = threading.Thread(target=search)
        worker.start()
        while not done.is_set():
            ticks += 1
            time.sleep(0.001)
        worker.join()
        self.assertGreater(ticks, 20)


class Bases(unittest.TestCase):
    def test_a_base_in_use_by_a_search_in_another_thread_waits_for_it(self):
        # The search holds the base with the interpreter released; reading the base here must
        # wait with the interpreter released too, or neither thread could go on.
        base = Base()
        worker = threading.Thread(target=lambda: gamelab.outcome(Position.spots(12), base=base))
        worker.start()
        time.sleep(0.3)
        self.assertTrue(worker.is_alive(), "the search ended before the base was read")
        self.assertGreater(len(base), 0)  # returns once the search is done
        worker.join(timeout=300)
        self.assertFalse(worker.is_alive())

    def test_a_base_round_trips_through_spr_text_and_files(self):
        base = Base()
        self.assertTrue(gamelab.outcome(Position.spots(9), base=base))
        self.assertGreater(len(base), 10)
        again = Base.from_spr(base.to_spr())
        self.assertEqual(sorted(map(str, again.entries())), sorted(map(str, base.entries())))
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "nine.spr")
            base.save(path)
            self.assertEqual(len(Base.load(path)), len(base))
            with self.assertRaises(gamelab.BaseRefuted):
                Base.load(os.path.join(folder, "missing.spr"))

    def test_contradictions_and_bad_text_are_refused(self):
        base = Base()
        land = Position("0*2")
        self.assertEqual(gamelab.nimber(land, base=base), base.get(land))
        known = base.get(land)
        self.assertFalse(base.add(land, known))
        with self.assertRaises(gamelab.BaseRefuted):
            base.add(land, known + 1)
        self.assertEqual(base.get(land), known)
        with self.assertRaises(gamelab.BadPosition):
            base.get(Position("0.}0.}]!"))  # two lands
        with self.assertRaises(gamelab.BaseRefuted):
            Base.from_spr("this is not a base\n")


class SteppedSearch(unittest.TestCase):
    def test_steps_reach_the_answer_with_numbers_on_the_way(self):
        search = Search(Position.spots(10))
        steps = 0
        answer = None
        while answer is None:
            answer = search.run(200)
            steps += 1
            self.assertLess(steps, 10_000)
            proof, disproof = search.numbers
            self.assertGreater(proof + disproof, 0)
        self.assertIs(answer, True)
        self.assertEqual(search.numbers[0], 0)
        self.assertTrue(search.finished)
        self.assertGreater(steps, 3)
        self.assertEqual(Search(Position("0*4"), goal="nimber").run(10**9), gamelab.nimber(Position("0*4")))

    def test_results_passed_between_searches_save_work(self):
        first = Search(Position.spots(11))
        self.assertIs(first.run(10**9), True)
        results = first.new_results()
        self.assertTrue(results)
        self.assertEqual(first.new_results(), [])
        second = Search(Position.spots(11), seed=1)
        self.assertEqual(second.add_results(results), len(results))
        self.assertEqual(second.add_results(results), 0)
        self.assertIs(second.run(10**9), True)
        self.assertLess(second.expansions, first.expansions / 2)
        self.assertGreaterEqual(len(second.base()), len(results))

    def test_a_restarted_search_answers_each_position_it_is_given(self):
        search = Search(Position.spots(8))
        self.assertIsNone(search.run(200))
        left = search.numbers
        for n, wins in ((7, False), (9, True), (10, True)):
            search.restart(Position.spots(n))
            self.assertEqual(search.position, Position.spots(n))
            self.assertIs(search.run(10**9), wins, f"{n} spots")
        search.restart(Position.spots(8))
        self.assertEqual(search.numbers, left)  # resumed where it was left
        self.assertIs(search.run(10**9), False)

    def test_a_contradicting_result_is_refused(self):
        search = Search(Position.spots(6))
        search.run(10**9)
        land, n = search.new_results()[0]
        other = Search(Position.spots(6))
        with self.assertRaises(gamelab.BaseRefuted):
            other.add_results([(land, n), (land, n + 1)])


SPR = "[Positions+Nimber]\n# gamelab sprouts database, version 1\n"


class Hardening(unittest.TestCase):
    """Python keeps the command line's limits and never presents unchecked data as proved."""

    def test_a_lying_base_is_caught_not_answered_from(self):
        lying = Base.from_spr(SPR + "0*5 0\n")  # 0*5 is a win
        with self.assertRaises(gamelab.BaseRefuted) as caught:
            gamelab.outcome(Position.spots(5), base=lying)
        self.assertIn("wrong", str(caught.exception))
        with self.assertRaises(gamelab.BaseRefuted):
            gamelab.nimber(Position.spots(5), base=Base.from_spr(SPR + "0*5 0\n"))

    def test_a_base_that_contradicts_itself_is_refused(self):
        with self.assertRaises(gamelab.BaseRefuted) as caught:
            Base.from_spr(SPR + "0*5 0\n0*5 1\n")
        self.assertIn("both", str(caught.exception))

    def test_an_answer_resting_on_an_unchecked_base_warns(self):
        base = Base()
        gamelab.outcome(Position.spots(8), base=base)
        loaded = Base.from_spr(base.to_spr())
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            # Checked from scratch within the allowance: no warning.
            self.assertFalse(gamelab.outcome(Position.spots(8), base=loaded))
            self.assertEqual(caught, [])
            # A node budget too small for the check: the answer comes with a warning.
            self.assertFalse(gamelab.outcome(Position.spots(8), base=loaded, max_nodes=5))
        self.assertEqual([w.category for w in caught], [gamelab.UncheckedAnswer])
        self.assertTrue(issubclass(gamelab.UncheckedAnswer, UserWarning))
        # A base only searches filled is proved: nothing to say.
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            gamelab.outcome(Position.spots(8), base=base, max_nodes=5)
        self.assertEqual(caught, [])

    def test_files_are_read_under_the_command_lines_cap(self):
        started = time.monotonic()
        with self.assertRaises(gamelab.BaseRefuted) as caught:
            Base.load("/dev/zero")
        self.assertIn("256 MiB", str(caught.exception))
        self.assertLess(time.monotonic() - started, 60)

    def test_thread_counts_and_budgets_outside_the_command_lines_are_refused(self):
        for threads in (0, -1, 257):
            with self.assertRaises((ValueError, OverflowError)):
                gamelab.outcome(Position.spots(3), threads=threads)
        for bad in ({"max_nodes": 0}, {"time_limit_ms": 0}):
            with self.assertRaises(ValueError):
                gamelab.outcome(Position.spots(3), **bad)

    def test_the_largest_positions_end_at_the_time_limit(self):
        huge = Position("0*10666")
        for call in (
            lambda: gamelab.outcome(huge, misere=True, time_limit_ms=1000),
            lambda: gamelab.outcome(huge, time_limit_ms=1000),
            lambda: huge.children(time_limit_ms=1000),
        ):
            started = time.monotonic()
            with self.assertRaises(gamelab.BudgetSpent):
                call()
            # Generous: the work is bounded by the clock, not raced against it.
            self.assertLess(time.monotonic() - started, 30)
        search = Search(Position.spots(3))
        search.restart(huge)
        started = time.monotonic()
        with self.assertRaises(gamelab.BudgetSpent):
            search.run(10, time_limit_ms=1000)
        self.assertLess(time.monotonic() - started, 30)

    def test_a_misere_sum_of_many_small_lands_ends(self):
        # 67 copies once looped for ever; each is a nim heap of two in misère play, so an
        # even number of them is a loss and an odd number a win (nim's misère rule).
        for copies in (66, 67, 200):
            many = Position("+".join(["1a1a"] * copies))
            won = gamelab.outcome(many, misere=True, time_limit_ms=60_000)
            self.assertEqual(won, copies % 2 == 1, copies)


if __name__ == "__main__":
    unittest.main()
