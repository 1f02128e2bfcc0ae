"""The Ray driver's tree rules without Ray: which leaf a worker takes, and which leaf is split."""

import unittest

from gamelab import Position
from gamelab.cluster import (
    Node,
    expand,
    forget_owner,
    free_leaves,
    leaf_for,
    most_proving,
    open_leaves,
    to_split,
)


def tree(n: int) -> Node:
    root = Node(Position.spots(n), None)
    expand(root)
    return root


class DriverTree(unittest.TestCase):
    def test_leaves_come_most_proving_first_and_skip_taken_and_decided(self):
        root = tree(6)
        kids = root.children
        self.assertEqual(len(kids), 4)
        kids[0].disproof, kids[1].disproof, kids[3].disproof = 5, 2, 7
        kids[2].proof, kids[2].disproof = 0, 2**32 - 1  # won for its mover: no leaf below
        self.assertEqual(list(open_leaves(root)), [kids[1], kids[0], kids[3]])
        kids[1].team.add(0)
        self.assertEqual(list(free_leaves(root)), [kids[0], kids[3]])
        self.assertIs(most_proving(root), kids[0])

    def test_a_worker_takes_a_leaf_it_worked_on_before_one_another_did(self):
        root = tree(6)
        first, second = list(free_leaves(root))[:2]
        first.owner = 1
        # Worker 0 takes the next leaf rather than redo what worker 1's table knows ...
        self.assertIs(leaf_for(root, 0), second)
        # ... worker 1 takes its own ...
        self.assertIs(leaf_for(root, 1), first)
        # ... and when every free leaf was another's, the most-proving one is taken.
        for leaf in free_leaves(root):
            leaf.owner = 1
        self.assertIs(leaf_for(root, 0), first)

    def test_with_no_leaf_free_a_worker_joins_a_team_that_has_room(self):
        root = tree(6)
        leaves = list(open_leaves(root))
        for i, leaf in enumerate(leaves):
            leaf.team.add(i)
        self.assertIsNone(leaf_for(root, 9, team_size=1))
        self.assertIs(leaf_for(root, 9, team_size=2), leaves[0])
        leaves[0].team.add(7)
        self.assertIs(leaf_for(root, 9, team_size=2), leaves[1])
        for leaf in leaves[1:]:
            leaf.team.add(8)
        self.assertIsNone(leaf_for(root, 9, team_size=2))

    def test_the_leaf_split_is_the_most_proving_one_large_enough(self):
        root = Node(Position.spots(6), None)
        self.assertEqual(root.position.lives, 18)
        self.assertIs(to_split(root, 18), root)
        self.assertIsNone(to_split(root, 19))
        expand(root)  # every child has 17 lives
        self.assertIsNone(to_split(root, 18))
        first, second = list(open_leaves(root))[:2]
        self.assertIs(to_split(root, 17), first)
        first.proof = 0  # decided: no longer a leaf to split
        self.assertIs(to_split(root, 17), second)

    def test_children_go_to_their_parents_worker_until_it_dies(self):
        root = tree(6)
        leaf = most_proving(root)
        leaf.owner = 1
        expand(leaf)
        self.assertTrue(leaf.children)
        self.assertEqual({kid.owner for kid in leaf.children}, {1})
        forget_owner(root, 1)
        self.assertEqual({kid.owner for kid in leaf.children}, {None})
        self.assertIsNone(leaf.owner)


if __name__ == "__main__":
    unittest.main()
