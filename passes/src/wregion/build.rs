//! Builds a function's W-Region graph from its scanned blocks: matches each
//! BEGIN with its END along the dominator tree, computes nesting, attaches
//! sandwich clauses to their innermost region, and checks that every region
//! is single-entry single-exit.
use weft_intrinsics::error::{Rule, WeftError};
use weft_intrinsics::group::{check_applicable, Event};
use weft_intrinsics::scan::BlockInfo;

use super::dominators::Dominators;
use super::env::DataEnv;
use super::graph::{Pos, WRegion, WRegionGraph};

/// Builds the graph; the first rule violation found is returned.
pub fn build(function: &str, blocks: &[BlockInfo]) -> Result<WRegionGraph, WeftError> {
    build_inner(function, blocks).map_err(|e| e.in_function(function))
}

fn block_name(blocks: &[BlockInfo], b: usize) -> String {
    if blocks[b].name.is_empty() {
        format!("#{b}")
    } else {
        format!("%{}", blocks[b].name)
    }
}

/// The CFG facts the region checks need, computed once per function, and a
/// scratch marking so that checking a region costs its size, not the function's.
struct Cfg<'a> {
    blocks: &'a [BlockInfo],
    dom: Dominators,
    /// Predecessors through normal (non-unwind) edges from reachable blocks.
    preds: Vec<Vec<usize>>,
    mark: Vec<u32>,
    stamp: u32,
}

impl<'a> Cfg<'a> {
    fn new(blocks: &'a [BlockInfo]) -> Cfg<'a> {
        let succs: Vec<Vec<usize>> = blocks.iter().map(|b| b.succs.clone()).collect();
        let dom = Dominators::compute(&succs);
        let mut preds = vec![Vec::new(); blocks.len()];
        for (p, info) in blocks.iter().enumerate().filter(|&(p, _)| dom.is_reachable(p)) {
            for &b in info.succs.iter().filter(|&&b| Some(b) != info.unwind) {
                if preds[b].last() != Some(&p) {
                    preds[b].push(p);
                }
            }
        }
        Cfg { blocks, dom, preds, mark: vec![0; blocks.len()], stamp: 0 }
    }

    /// The blocks reachable from `s` through normal edges without leaving
    /// `stop` (included when reached), in visiting order; they stay marked
    /// until the next call.
    fn reach(&mut self, s: usize, stop: Option<usize>) -> Vec<usize> {
        self.stamp += 1;
        let mut out = vec![s];
        self.mark[s] = self.stamp;
        let mut i = 0;
        while i < out.len() {
            let b = out[i];
            i += 1;
            if Some(b) == stop {
                continue;
            }
            let info = &self.blocks[b];
            for &n in info.succs.iter().filter(|&&n| Some(n) != info.unwind) {
                if self.mark[n] != self.stamp {
                    self.mark[n] = self.stamp;
                    out.push(n);
                }
            }
        }
        out
    }

    fn marked(&self, b: usize) -> bool {
        self.mark[b] == self.stamp
    }

    /// An edge into the marked set, other than into `s`, from an unmarked
    /// block or from `stop` (whose terminator runs after the END): the first
    /// in block order.
    fn entering_edge(&self, members: &[usize], s: usize, stop: Option<usize>) -> Option<(usize, usize)> {
        let mut edges = members
            .iter()
            .filter(|&&b| b != s)
            .flat_map(|&b| self.preds[b].iter().map(move |&p| (p, b)))
            .filter(|&(p, _)| !self.marked(p) || Some(p) == stop);
        let first = edges.next()?;
        Some(edges.fold(first, |best, e| if (e.1, e.0) < (best.1, best.0) { e } else { best }))
    }
}

fn build_inner(function: &str, blocks: &[BlockInfo]) -> Result<WRegionGraph, WeftError> {
    let mut graph = WRegionGraph { function: function.to_string(), ..Default::default() };
    if blocks.iter().all(|b| b.events.is_empty()) {
        return Ok(graph);
    }
    let mut cfg = Cfg::new(blocks);
    let children = cfg.dom.children();

    // Walk the dominator tree; `open` is the stack of regions open on entry to
    // a block. Each block's subtree sees its own copy, so an END on one path
    // does not close the region for sibling paths still inside it.
    let mut work: Vec<(usize, Vec<usize>)> = vec![(0, Vec::new())];
    while let Some((b, mut open)) = work.pop() {
        for event in &blocks[b].events {
            match event {
                Event::Begin { directive, span, token } => {
                    let r = new_region(&mut graph, &open, directive.clone(), Pos { block: b, span: *span }, *token);
                    open.push(r);
                }
                Event::Standalone { directive, span } => {
                    let r = new_region(&mut graph, &open, directive.clone(), Pos { block: b, span: *span }, None);
                    graph.regions[r].exit = Some(Pos { block: b, span: *span });
                }
                Event::End { kind, span, token, spelling, .. } => {
                    let mut unmatched = |detail: String| {
                        explain_unmatched_end(&mut cfg, b, *kind, *token).unwrap_or_else(|| {
                            WeftError::new(Rule::UnmatchedEnd, spelling.as_str(), detail).at(span.first)
                        })
                    };
                    let Some(&top) = open.last() else {
                        return Err(unmatched(format!(
                            "closes no open directive: no {} is open on every path to block {}",
                            kind.begin_name(),
                            block_name(blocks, b)
                        )));
                    };
                    let region = &graph.regions[top];
                    // Paper-form ENDs close paper-form BEGINs; an exit closes its own entry.
                    let same_token = *token == region.token;
                    if region.kind != *kind || !same_token {
                        let opened = format!(
                            "the innermost open directive, {} (opened in block {})",
                            region.kind.begin_name(),
                            block_name(blocks, region.entry.block)
                        );
                        let detail = match (region.kind == *kind, token, region.token) {
                            (true, Some(_), Some(_)) => {
                                format!("takes the token of another llvm.directive.region.entry than {opened}")
                            }
                            (true, _, _) => format!(
                                "cannot close {opened}, which is in the other directive form (a paper-form END \
                                 closes a paper-form directive, a region.exit the entry whose token it takes)"
                            ),
                            (false, _, _) => format!("does not match {opened}"),
                        };
                        return Err(unmatched(detail));
                    }
                    if let Some(prev) = region.exit {
                        return Err(WeftError::new(
                            Rule::NotSingleEntrySingleExit,
                            region.kind.begin_name(),
                            format!(
                                "has more than one END (in blocks {} and {})",
                                block_name(blocks, prev.block),
                                block_name(blocks, b)
                            ),
                        )
                        .at(region.entry.span.first));
                    }
                    graph.regions[top].exit = Some(Pos { block: b, span: *span });
                    open.pop();
                }
                Event::Sandwich { clause, inst, .. } => {
                    let Some(&top) = open.last() else {
                        return Err(WeftError::new(
                            Rule::StrayClause,
                            clause.spelling.as_str(),
                            "a sandwich clause must sit inside the region of the directive it belongs to",
                        )
                        .at(*inst));
                    };
                    let r = &mut graph.regions[top];
                    r.directive.clauses.push(clause.clone());
                    check_applicable(r.kind, &r.directive.clauses).map_err(|e| e.at(*inst))?;
                }
            }
        }
        // Children in reverse so the lowest-numbered block is visited first.
        for &c in children[b].iter().rev() {
            work.push((c, open.clone()));
        }
    }

    for i in 0..graph.regions.len() {
        let r = &graph.regions[i];
        let blocks_of = region_blocks(&mut cfg, r).map_err(|e| e.at(r.entry.span.first))?;
        graph.regions[i].blocks = blocks_of;
    }
    order_by_program(&mut graph);
    number_and_depth(&mut graph);
    for r in &mut graph.regions {
        let mut env = DataEnv::default();
        for c in &r.directive.clauses {
            env.add(c);
        }
        r.env = env;
    }
    Ok(graph)
}

fn new_region(
    graph: &mut WRegionGraph,
    open: &[usize],
    directive: weft_intrinsics::model::Directive,
    entry: Pos,
    token: Option<weft_intrinsics::model::ValueId>,
) -> usize {
    let idx = graph.regions.len();
    let parent = open.last().copied();
    graph.regions.push(WRegion {
        number: 0,
        kind: directive.kind,
        form: directive.form,
        directive,
        entry,
        exit: None,
        token,
        depth: 0,
        parent,
        children: Vec::new(),
        blocks: Vec::new(),
        env: DataEnv::default(),
    });
    match parent {
        Some(p) => graph.regions[p].children.push(idx),
        None => graph.roots.push(idx),
    }
    idx
}

/// The region's blocks: everything reachable from its entry without passing
/// its END. Checks single entry (each block other than the entry is entered
/// only from inside the region) and single exit (no block leaves the function
/// or re-enters the entry block, and the END block does not branch back into
/// the region). A region without an END is accepted only if it never
/// completes (every path ends in `unreachable` or loops forever):
/// `#pragma omp parallel { abort(); }`. Costs the region's size.
fn region_blocks(cfg: &mut Cfg<'_>, r: &WRegion) -> Result<Vec<usize>, WeftError> {
    let blocks = cfg.blocks;
    let name = r.kind.begin_name();
    let s = r.entry.block;
    let e = r.exit.map(|x| x.block);
    if let Some(exit) = r.exit {
        if s == exit.block && r.entry.span.last_index <= exit.span.first_index {
            return Ok(vec![s]);
        }
    }
    let mut members = cfg.reach(s, e);
    for &b in &members {
        if Some(b) == e {
            continue;
        }
        if blocks[b].leaves_function {
            return Err(match e {
                Some(_) => WeftError::new(
                    Rule::NotSingleEntrySingleExit,
                    name,
                    format!(
                        "control leaves the function in block {} without passing the region's END",
                        block_name(blocks, b)
                    ),
                ),
                None => WeftError::new(
                    Rule::MissingEnd,
                    name,
                    format!(
                        "no {} closes this directive: control reaches the function's exit in block {} without one",
                        r.kind.end_name().unwrap_or("END"),
                        block_name(blocks, b)
                    ),
                ),
            });
        }
        if blocks[b].succs.iter().any(|&n| n == s && Some(n) != blocks[b].unwind) {
            return Err(WeftError::new(
                Rule::NotSingleEntrySingleExit,
                name,
                format!("block {} branches back to the region's entry without passing its END", block_name(blocks, b)),
            ));
        }
    }
    if let Some((p, b)) = cfg.entering_edge(&members, s, e) {
        let detail = if Some(p) == e {
            format!(
                "its END block {} branches back into the region (edge from {} to {})",
                block_name(blocks, p),
                block_name(blocks, p),
                block_name(blocks, b)
            )
        } else {
            side_entry_detail(blocks, p, b)
        };
        return Err(WeftError::new(Rule::NotSingleEntrySingleExit, name, detail));
    }
    // Only an unwind edge can still enter the region from outside.
    if let Some(&b) = members.iter().find(|&&b| b != s && !cfg.dom.dominates(s, b)) {
        return Err(WeftError::new(
            Rule::NotSingleEntrySingleExit,
            name,
            format!("block {} of the region is entered from outside it by an unwind edge", block_name(blocks, b)),
        ));
    }
    members.sort_unstable();
    Ok(members)
}

fn side_entry_detail(blocks: &[BlockInfo], p: usize, b: usize) -> String {
    format!(
        "control enters the region from outside it by the edge from {} to {} (a region is entered only through its directive)",
        block_name(blocks, p),
        block_name(blocks, b)
    )
}

/// An END that closes no open directive (or the wrong one) is most often a
/// region entered from the side: a branch from before the directive into its
/// body reaches the END without passing the directive. If an unmatched BEGIN
/// of the same directive (same token) reaches the END's block but does not
/// dominate it, report that region and the offending edge instead.
fn explain_unmatched_end(
    cfg: &mut Cfg<'_>,
    end_block: usize,
    kind: weft_intrinsics::vocab::DirKind,
    token: Option<weft_intrinsics::model::ValueId>,
) -> Option<WeftError> {
    let blocks = cfg.blocks;
    let begins: Vec<(usize, weft_intrinsics::model::ValueId)> = blocks
        .iter()
        .enumerate()
        .flat_map(|(b, info)| info.events.iter().map(move |ev| (b, ev)))
        .filter_map(|(b, ev)| match ev {
            Event::Begin { directive, span, token: t } if directive.kind == kind && *t == token => {
                Some((b, span.first))
            }
            _ => None,
        })
        .collect();
    for (s, first) in begins {
        if !cfg.dom.is_reachable(s) || cfg.dom.dominates(s, end_block) {
            continue;
        }
        let members = cfg.reach(s, Some(end_block));
        if !cfg.marked(end_block) {
            continue;
        }
        if let Some((p, b)) = cfg.entering_edge(&members, s, Some(end_block)).filter(|&(p, _)| p != end_block) {
            return Some(
                WeftError::new(
                    Rule::NotSingleEntrySingleExit,
                    kind.begin_name(),
                    format!(
                        "its END in block {} is reached without passing the directive: {}",
                        block_name(blocks, end_block),
                        side_entry_detail(blocks, p, b)
                    ),
                )
                .at(first),
            );
        }
    }
    None
}

/// Sorts roots and children by where their directive sits in the function
/// (block layout order, then position in the block).
fn order_by_program(graph: &mut WRegionGraph) {
    let key = |r: &WRegion| (r.entry.block, r.entry.span.first_index);
    let keys: Vec<_> = graph.regions.iter().map(key).collect();
    graph.roots.sort_by_key(|&r| keys[r]);
    for r in &mut graph.regions {
        r.children.sort_by_key(|&c| keys[c]);
    }
}

/// Numbers regions in pre-order from 1, sets depth (roots are 0), and
/// reorders `regions` so that region number n sits at index n - 1 (regions
/// are discovered in dominator-tree order, which can differ from program order).
fn number_and_depth(graph: &mut WRegionGraph) {
    let order = graph.preorder();
    let mut new_index = vec![0usize; graph.regions.len()];
    for (n, &old) in order.iter().enumerate() {
        new_index[old] = n;
    }
    let mut slots: Vec<Option<WRegion>> = std::mem::take(&mut graph.regions).into_iter().map(Some).collect();
    for (n, &old) in order.iter().enumerate() {
        let mut r = slots[old].take().expect("pre-order visits each region once");
        r.number = n + 1;
        r.parent = r.parent.map(|p| new_index[p]);
        r.children.iter_mut().for_each(|c| *c = new_index[*c]);
        // Parents precede children in pre-order, so the parent's depth is set.
        r.depth = r.parent.map_or(0, |p| graph.regions[p].depth + 1);
        graph.regions.push(r);
    }
    graph.roots.iter_mut().for_each(|r| *r = new_index[*r]);
}

#[cfg(test)]
mod tests {
    use super::*;
    use weft_intrinsics::group::Span;
    use weft_intrinsics::model::{Directive, Form, ValueId};
    use weft_intrinsics::vocab::DirKind;

    fn span(i: usize) -> Span {
        Span { first: ValueId(i), last: ValueId(i + 1), first_index: i, last_index: i + 1 }
    }
    fn begin(kind: DirKind, i: usize) -> Event {
        Event::Begin { directive: Directive { kind, clauses: vec![], form: Form::Paper }, span: span(i), token: None }
    }
    fn end(kind: DirKind, i: usize) -> Event {
        Event::End { kind, form: Form::Paper, span: span(i), token: None, spelling: kind.end_name().unwrap().into() }
    }
    fn block(name: &str, succs: Vec<usize>, events: Vec<Event>) -> BlockInfo {
        BlockInfo { name: name.into(), succs, unwind: None, leaves_function: false, events }
    }
    fn ret(name: &str) -> BlockInfo {
        BlockInfo { name: name.into(), succs: vec![], unwind: None, leaves_function: true, events: vec![] }
    }

    /// The paper's V.A example: parallel { loop { master { } } }.
    fn parallel_master() -> Vec<BlockInfo> {
        vec![
            block("entry", vec![1], vec![begin(DirKind::Parallel, 0)]),
            block("for.cond", vec![2, 5], vec![]),
            block("for.body", vec![3], vec![begin(DirKind::Master, 0)]),
            block("master.body", vec![4], vec![]),
            block("end.master", vec![1], vec![end(DirKind::Master, 0)]),
            block("for.end", vec![6], vec![end(DirKind::Parallel, 0)]),
            ret("exit"),
        ]
    }

    #[test]
    fn nested_regions() {
        let g = build("foo", &parallel_master()).unwrap();
        assert_eq!(g.regions.len(), 2);
        assert_eq!(g.roots, vec![0]);
        let p = &g.regions[0];
        assert_eq!((p.number, p.depth, p.kind), (1, 0, DirKind::Parallel));
        assert_eq!(p.blocks, vec![0, 1, 2, 3, 4, 5]);
        let m = &g.regions[1];
        assert_eq!((m.number, m.depth, m.parent), (2, 1, Some(0)));
        assert_eq!(m.blocks, vec![2, 3, 4]);
    }

    #[test]
    fn siblings_in_program_order_and_diamonds() {
        // 0: begin P; 0 -> {1, 2} -> 3: end P; 1 has SINGLE begin+end in one block
        let blocks = vec![
            block("entry", vec![1, 2], vec![begin(DirKind::Parallel, 0)]),
            block("then", vec![3], vec![begin(DirKind::Single, 0), end(DirKind::Single, 2)]),
            block("else", vec![3], vec![begin(DirKind::Critical, 0), end(DirKind::Critical, 2)]),
            block("join", vec![4], vec![end(DirKind::Parallel, 0)]),
            ret("exit"),
        ];
        let g = build("f", &blocks).unwrap();
        let order: Vec<_> = g.preorder().iter().map(|&r| (g.regions[r].number, g.regions[r].kind)).collect();
        assert_eq!(order, vec![(1, DirKind::Parallel), (2, DirKind::Single), (3, DirKind::Critical)]);
        assert_eq!(g.regions[0].blocks, vec![0, 1, 2, 3]);
        assert_eq!(g.regions[1].blocks, vec![1]);
    }

    #[test]
    fn regions_indexed_by_number_when_dominator_order_differs() {
        // entry -> {1, 2}; 1 -> 4 (region R1 in block 4, discovered first by
        // the dominator walk); 2 holds R2, first in block order. 3: join.
        let blocks = vec![
            block("entry", vec![1, 2], vec![]),
            block("a", vec![4], vec![]),
            block("b", vec![3], vec![begin(DirKind::Single, 0), end(DirKind::Single, 2)]),
            ret("join"),
            block(
                "c",
                vec![3],
                vec![
                    begin(DirKind::Critical, 0),
                    begin(DirKind::Master, 2),
                    end(DirKind::Master, 4),
                    end(DirKind::Critical, 6),
                ],
            ),
        ];
        let g = build("f", &blocks).unwrap();
        for (i, r) in g.regions.iter().enumerate() {
            assert_eq!(r.number, i + 1, "region at index {i}");
        }
        let kinds: Vec<_> = g.regions.iter().map(|r| (r.kind, r.depth, r.parent)).collect();
        assert_eq!(
            kinds,
            vec![(DirKind::Single, 0, None), (DirKind::Critical, 0, None), (DirKind::Master, 1, Some(1))]
        );
        assert_eq!(g.roots, vec![0, 1]);
        assert_eq!(g.regions[1].children, vec![2]);
        assert_eq!(g.preorder(), vec![0, 1, 2]);
    }

    #[test]
    fn missing_end() {
        let blocks = vec![block("entry", vec![1], vec![begin(DirKind::Parallel, 0)]), ret("exit")];
        let e = build("f", &blocks).unwrap_err();
        assert_eq!(e.rule, Rule::MissingEnd);
        assert_eq!(e.function, "f");
        assert_eq!(e.construct, "DIR.OMP.PARALLEL");
    }

    #[test]
    fn end_on_one_path_only_is_missing() {
        // The END sits on one arm: it does not post-dominate the directive.
        let blocks = vec![
            block("entry", vec![1, 2], vec![begin(DirKind::Parallel, 0)]),
            block("then", vec![2], vec![end(DirKind::Parallel, 0)]),
            ret("exit"),
        ];
        let e = build("f", &blocks).unwrap_err();
        assert_eq!(e.rule, Rule::NotSingleEntrySingleExit);
    }

    #[test]
    fn mismatched_and_stray_end() {
        let blocks = vec![
            block("entry", vec![1], vec![begin(DirKind::Parallel, 0), begin(DirKind::Master, 2)]),
            block("b", vec![2], vec![end(DirKind::Parallel, 0)]),
            ret("exit"),
        ];
        let e = build("f", &blocks).unwrap_err();
        assert_eq!(e.rule, Rule::UnmatchedEnd);
        assert!(e.detail.contains("DIR.OMP.MASTER"), "{}", e.detail);
        let stray = vec![block("entry", vec![1], vec![end(DirKind::Simd, 0)]), ret("exit")];
        assert_eq!(build("f", &stray).unwrap_err().rule, Rule::UnmatchedEnd);
    }

    #[test]
    fn side_entry_is_rejected() {
        // 0 -> {1, 2}; 1: begin; 1 -> 2; 2 -> 3: end. Block 2 is entered from 0 too.
        let blocks = vec![
            block("entry", vec![1, 2], vec![]),
            block("region", vec![2], vec![begin(DirKind::Parallel, 0)]),
            block("mid", vec![3], vec![]),
            block("end", vec![4], vec![end(DirKind::Parallel, 0)]),
            ret("exit"),
        ];
        // The END in block 3 is not dominated by the BEGIN: the side entry
        // is named, with its edge, rather than the END.
        let e = build("f", &blocks).unwrap_err();
        assert_eq!(e.rule, Rule::NotSingleEntrySingleExit, "{e}");
        assert_eq!(e.construct, "DIR.OMP.PARALLEL");
        assert!(e.detail.contains("edge from %entry to %mid"), "{e}");
    }

    #[test]
    fn early_return_inside_region() {
        let blocks = vec![
            block("entry", vec![1, 2], vec![begin(DirKind::Parallel, 0)]),
            ret("early"),
            block("end", vec![3], vec![end(DirKind::Parallel, 0)]),
            ret("exit"),
        ];
        let e = build("f", &blocks).unwrap_err();
        assert_eq!(e.rule, Rule::NotSingleEntrySingleExit);
        assert!(e.detail.contains("%early"), "{}", e.detail);
    }
}
