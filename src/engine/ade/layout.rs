//! Where a graph given only by its matrix is drawn: each tree along its longest path with the
//! other nodes hung over (then under) the node they branch from, as Dynkin diagrams are drawn;
//! each part with a cycle on a circle, neighbours a step apart; parts side by side.

use super::cartan::Cartan;
use super::diagram::Place;

/// Room between two parts, in steps.
const GAP: f64 = 1.5;

pub fn default_places(cartan: &Cartan) -> Vec<Place> {
    let mut places = vec![(0.0, 0.0); cartan.size()];
    let mut left = 0.0;
    for part in cartan.components() {
        let edges = edge_count(cartan, &part);
        let local = if edges + 1 == part.len() {
            tree_places(cartan, &part)
        } else {
            circle_places(cartan, &part)
        };
        let min_x = local.iter().map(|p| p.0).fold(f64::INFINITY, f64::min);
        let max_x = local.iter().map(|p| p.0).fold(f64::NEG_INFINITY, f64::max);
        for (&node, &(x, y)) in part.iter().zip(&local) {
            places[node] = (round(x - min_x + left), round(y));
        }
        left += max_x - min_x + GAP;
    }
    places
}

fn round(v: f64) -> f64 {
    (v * 100.0).round() / 100.0
}

fn neighbours(cartan: &Cartan, i: usize) -> impl Iterator<Item = usize> + '_ {
    (0..cartan.size()).filter(move |&j| j != i && cartan.entry(i, j) != 0)
}

fn edge_count(cartan: &Cartan, part: &[usize]) -> usize {
    part.iter()
        .map(|&i| neighbours(cartan, i).count())
        .sum::<usize>()
        / 2
}

/// Distances from `from` within its part (usize::MAX elsewhere), and the farthest node.
fn farthest(cartan: &Cartan, from: usize) -> (Vec<usize>, Vec<usize>, usize) {
    let n = cartan.size();
    let mut distance = vec![usize::MAX; n];
    let mut parent = vec![usize::MAX; n];
    distance[from] = 0;
    let mut queue = vec![from];
    let mut next = 0;
    while next < queue.len() {
        let i = queue[next];
        next += 1;
        for j in neighbours(cartan, i) {
            if distance[j] == usize::MAX {
                distance[j] = distance[i] + 1;
                parent[j] = i;
                queue.push(j);
            }
        }
    }
    let far = *queue.last().unwrap_or(&from);
    (distance, parent, far)
}

/// A tree: its longest path on row 0, each other node over (y < 0) or under (y > 0) the path
/// node its branch leaves from, a row further for each step away from the path.
fn tree_places(cartan: &Cartan, part: &[usize]) -> Vec<Place> {
    let (_, _, end) = farthest(cartan, part[0]);
    let (_, parent, other) = farthest(cartan, end);
    // The path from `end` to `other`, smaller index first so presets read left to right.
    let mut path = vec![other];
    while let Some(&last) = path.last() {
        if last == end {
            break;
        }
        path.push(parent[last]);
    }
    if path.first() > path.last() {
        path.reverse();
    }
    let n = cartan.size();
    let mut place: Vec<Option<Place>> = vec![None; n];
    for (k, &i) in path.iter().enumerate() {
        place[i] = Some((k as f64, 0.0));
    }
    // Branches, in order from the path: each column fills over it, then under it, then over
    // again half a step to the right.
    let mut used: std::collections::HashMap<i64, usize> = Default::default();
    for &root in &path {
        let (cx, _) = place[root].unwrap_or((0.0, 0.0));
        for first in neighbours(cartan, root)
            .filter(|&j| place[j].is_none())
            .collect::<Vec<_>>()
        {
            let slot = used.entry((cx * 2.0) as i64).or_insert(0);
            let (dx, sign) = match *slot {
                0 => (0.0, -1.0),
                1 => (0.0, 1.0),
                k => ((k / 2) as f64 * 0.5, if k % 2 == 0 { -1.0 } else { 1.0 }),
            };
            *slot += 1;
            // Walk the branch breadth first, a row further per step.
            let mut queue = vec![(first, 1.0)];
            place[first] = Some((cx + dx, sign));
            let mut next = 0;
            while next < queue.len() {
                let (i, depth) = queue[next];
                next += 1;
                let mut across = 0.0;
                for j in neighbours(cartan, i).collect::<Vec<_>>() {
                    if place[j].is_none() {
                        place[j] = Some((cx + dx + across, sign * (depth + 1.0)));
                        across += 0.5;
                        queue.push((j, depth + 1.0));
                    }
                }
            }
        }
    }
    part.iter()
        .map(|&i| place[i].unwrap_or((0.0, 0.0)))
        .collect()
}

/// A part with a cycle, round a circle: a plain cycle in its own order, others by index.
fn circle_places(cartan: &Cartan, part: &[usize]) -> Vec<Place> {
    let k = part.len();
    let order = cycle_order(cartan, part).unwrap_or_else(|| part.to_vec());
    let radius = if k <= 2 {
        0.5
    } else {
        (0.5 / (std::f64::consts::PI / k as f64).sin()).max(0.6)
    };
    let mut places = vec![(0.0, 0.0); k];
    for (step, node) in order.iter().enumerate() {
        // The first node at the top, going clockwise.
        let angle = std::f64::consts::TAU * step as f64 / k as f64 - std::f64::consts::FRAC_PI_2;
        let at = part.iter().position(|p| p == node).unwrap_or(0);
        places[at] = (radius + radius * angle.cos(), radius * angle.sin());
    }
    places
}

/// The nodes of a part that is one cycle (every degree 2), in the cycle's order from its first.
fn cycle_order(cartan: &Cartan, part: &[usize]) -> Option<Vec<usize>> {
    if part.iter().any(|&i| neighbours(cartan, i).count() != 2) {
        return None;
    }
    let mut order = vec![part[0]];
    let mut previous = usize::MAX;
    let mut at = part[0];
    while order.len() < part.len() {
        let next = neighbours(cartan, at).find(|&j| j != previous && !order.contains(&j))?;
        order.push(next);
        previous = at;
        at = next;
    }
    Some(order)
}
