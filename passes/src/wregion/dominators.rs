//! Dominator tree of a CFG given as successor lists (block 0 is the entry),
//! by the Cooper-Harvey-Kennedy iterative algorithm. Unreachable blocks have
//! no immediate dominator.

pub struct Dominators {
    idom: Vec<Option<usize>>,
    /// Reverse post-order position of each reachable block.
    rpo_index: Vec<Option<usize>>,
    rpo: Vec<usize>,
    /// Entry and exit times of each reachable block in a DFS of the
    /// dominator tree: `a` dominates `b` iff b's interval nests in a's.
    interval: Vec<(u32, u32)>,
}

impl Dominators {
    pub fn compute(succs: &[Vec<usize>]) -> Dominators {
        let n = succs.len();
        let mut rpo = Vec::with_capacity(n);
        if n > 0 {
            // Iterative DFS post-order.
            let mut seen = vec![false; n];
            let mut stack = vec![(0usize, 0usize)];
            seen[0] = true;
            while let Some(&mut (b, ref mut next)) = stack.last_mut() {
                if let Some(&s) = succs[b].get(*next) {
                    *next += 1;
                    if !seen[s] {
                        seen[s] = true;
                        stack.push((s, 0));
                    }
                } else {
                    rpo.push(b);
                    stack.pop();
                }
            }
            rpo.reverse();
        }
        let mut rpo_index = vec![None; n];
        for (i, &b) in rpo.iter().enumerate() {
            rpo_index[b] = Some(i);
        }
        let mut preds = vec![Vec::new(); n];
        for (b, ss) in succs.iter().enumerate() {
            if rpo_index[b].is_some() {
                for &s in ss {
                    preds[s].push(b);
                }
            }
        }
        let mut idom: Vec<Option<usize>> = vec![None; n];
        if n > 0 {
            idom[0] = Some(0);
        }
        let mut changed = true;
        while changed {
            changed = false;
            for &b in rpo.iter().skip(1) {
                let mut new_idom: Option<usize> = None;
                for &p in &preds[b] {
                    if idom[p].is_none() {
                        continue;
                    }
                    new_idom = Some(match new_idom {
                        None => p,
                        Some(cur) => intersect(&idom, &rpo_index, p, cur),
                    });
                }
                if new_idom.is_some() && idom[b] != new_idom {
                    idom[b] = new_idom;
                    changed = true;
                }
            }
        }
        let mut d = Dominators { idom, rpo_index, rpo, interval: vec![(0, 0); n] };
        d.number_tree();
        d
    }

    /// Numbers the dominator tree (iteratively: it can be 100,000 deep).
    fn number_tree(&mut self) {
        if self.idom.is_empty() {
            return;
        }
        let children = self.children();
        let mut clock = 0u32;
        let mut stack = vec![(0usize, 0usize)];
        self.interval[0].0 = clock;
        while let Some(&mut (b, ref mut next)) = stack.last_mut() {
            if let Some(&c) = children[b].get(*next) {
                *next += 1;
                clock += 1;
                self.interval[c].0 = clock;
                stack.push((c, 0));
            } else {
                clock += 1;
                self.interval[b].1 = clock;
                stack.pop();
            }
        }
    }

    pub fn is_reachable(&self, b: usize) -> bool {
        self.rpo_index[b].is_some()
    }

    /// Immediate dominator; None for the entry and unreachable blocks.
    pub fn idom(&self, b: usize) -> Option<usize> {
        match self.idom[b] {
            Some(d) if d != b => Some(d),
            _ => None,
        }
    }

    /// Whether `a` dominates `b` (reflexive). Constant time.
    pub fn dominates(&self, a: usize, b: usize) -> bool {
        if !self.is_reachable(a) || !self.is_reachable(b) {
            return false;
        }
        let (ia, ib) = (self.interval[a], self.interval[b]);
        ia.0 <= ib.0 && ib.1 <= ia.1
    }

    /// Children in the dominator tree, each list in block (layout) order.
    pub fn children(&self) -> Vec<Vec<usize>> {
        let mut ch = vec![Vec::new(); self.idom.len()];
        for b in 0..self.idom.len() {
            if let Some(d) = self.idom(b) {
                ch[d].push(b);
            }
        }
        ch
    }

    pub fn reverse_post_order(&self) -> &[usize] {
        &self.rpo
    }
}

fn intersect(idom: &[Option<usize>], rpo_index: &[Option<usize>], mut a: usize, mut b: usize) -> usize {
    let pos = |x: usize| rpo_index[x].expect("only reachable blocks are intersected");
    while a != b {
        while pos(a) > pos(b) {
            a = idom[a].expect("processed");
        }
        while pos(b) > pos(a) {
            b = idom[b].expect("processed");
        }
    }
    a
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diamond_and_loop() {
        // 0 -> 1 -> {2, 3} -> 4 -> 1 (loop), 4 -> 5; 6 unreachable
        let succs = vec![vec![1], vec![2, 3], vec![4], vec![4], vec![1, 5], vec![], vec![5]];
        let d = Dominators::compute(&succs);
        assert_eq!(d.idom(1), Some(0));
        assert_eq!(d.idom(2), Some(1));
        assert_eq!(d.idom(3), Some(1));
        assert_eq!(d.idom(4), Some(1));
        assert_eq!(d.idom(5), Some(4));
        assert!(!d.is_reachable(6));
        assert!(d.dominates(1, 5));
        assert!(!d.dominates(2, 4));
        assert!(!d.dominates(6, 5));
        assert_eq!(d.children()[1], vec![2, 3, 4]);
        assert_eq!(d.reverse_post_order()[0], 0);
        // dominates agrees with walking the idom chain, for every pair.
        for a in 0..succs.len() {
            for b in 0..succs.len() {
                let mut walk = d.is_reachable(a) && d.is_reachable(b) && {
                    let mut x = b;
                    loop {
                        if x == a {
                            break true;
                        }
                        match d.idom(x) {
                            Some(p) => x = p,
                            None => break false,
                        }
                    }
                };
                walk &= d.is_reachable(a);
                assert_eq!(d.dominates(a, b), walk, "{a} dom {b}");
            }
        }
    }
}
