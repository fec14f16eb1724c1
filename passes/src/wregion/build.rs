//! Builds a function's W-Region graph from its scanned blocks: matches each
//! BEGIN with its END along the dominator tree, computes nesting, attaches
//! sandwich clauses to their innermost region, and checks that every region
//! is single-entry single-exit.
use std::collections::VecDeque;

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

fn build_inner(function: &str, blocks: &[BlockInfo]) -> Result<WRegionGraph, WeftError> {
    let mut graph = WRegionGraph { function: function.to_string(), ..Default::default() };
    if blocks.iter().all(|b| b.events.is_empty()) {
        return Ok(graph);
    }
    let succs: Vec<Vec<usize>> = blocks.iter().map(|b| b.succs.clone()).collect();
    let dom = Dominators::compute(&succs);
    let children = dom.children();

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
                    let Some(&top) = open.last() else {
                        return Err(WeftError::new(Rule::UnmatchedEnd, spelling.as_str(), "closes no open directive"));
                    };
                    let region = &graph.regions[top];
                    // Paper-form ENDs close paper-form BEGINs; an exit closes its own entry.
                    let same_token = *token == region.token;
                    if region.kind != *kind || !same_token {
                        return Err(WeftError::new(
                            Rule::UnmatchedEnd,
                            spelling.as_str(),
                            format!(
                                "does not match the innermost open directive, {} (opened in block {})",
                                region.kind.begin_name(),
                                block_name(blocks, region.entry.block)
                            ),
                        ));
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
                        ));
                    }
                    graph.regions[top].exit = Some(Pos { block: b, span: *span });
                    open.pop();
                }
                Event::Sandwich { clause, .. } => {
                    let Some(&top) = open.last() else {
                        return Err(WeftError::new(
                            Rule::StrayClause,
                            clause.spelling.as_str(),
                            "a sandwich clause must sit inside the region of the directive it belongs to",
                        ));
                    };
                    let r = &mut graph.regions[top];
                    r.directive.clauses.push(clause.clone());
                    check_applicable(r.kind, &r.directive.clauses)?;
                }
            }
        }
        // Children in reverse so the lowest-numbered block is visited first.
        for &c in children[b].iter().rev() {
            work.push((c, open.clone()));
        }
    }

    for i in 0..graph.regions.len() {
        let blocks_of = region_blocks(blocks, &dom, &graph.regions[i])?;
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
/// its END. Checks single entry (each block is dominated by the entry block
/// and entered only from inside the region) and single exit (no block leaves
/// the function or re-enters the entry block, and the END block does not
/// branch back into the region). A region without an END is accepted only if
/// it never completes (every path ends in `unreachable` or loops forever):
/// `#pragma omp parallel { abort(); }`.
fn region_blocks(blocks: &[BlockInfo], dom: &Dominators, r: &WRegion) -> Result<Vec<usize>, WeftError> {
    let name = r.kind.begin_name();
    let s = r.entry.block;
    let e = r.exit.map(|x| x.block);
    if let Some(exit) = r.exit {
        if s == exit.block && r.entry.span.last_index <= exit.span.first_index {
            return Ok(vec![s]);
        }
    }
    let mut seen = vec![false; blocks.len()];
    let mut queue = VecDeque::new();
    seen[s] = true;
    queue.push_back(s);
    while let Some(b) = queue.pop_front() {
        if b != s && !dom.dominates(s, b) {
            return Err(WeftError::new(
                Rule::NotSingleEntrySingleExit,
                name,
                format!("block {} of the region is entered from outside it", block_name(blocks, b)),
            ));
        }
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
        for &n in blocks[b].succs.iter().filter(|&&n| Some(n) != blocks[b].unwind) {
            if n == s {
                return Err(WeftError::new(
                    Rule::NotSingleEntrySingleExit,
                    name,
                    format!(
                        "block {} branches back to the region's entry without passing its END",
                        block_name(blocks, b)
                    ),
                ));
            }
            if !seen[n] {
                seen[n] = true;
                queue.push_back(n);
            }
        }
    }
    // Entered only through its entry: an edge into a region block other than
    // the entry must come from inside the region. The END block's own
    // terminator is outside (it runs after the END).
    for (p, info) in blocks.iter().enumerate() {
        if !dom.is_reachable(p) || seen[p] && Some(p) != e {
            continue;
        }
        if let Some(&b) = info.succs.iter().find(|&&b| seen[b] && b != s && Some(b) != info.unwind) {
            let what = if Some(p) == e { "its END block" } else { "outside it" };
            return Err(WeftError::new(
                Rule::NotSingleEntrySingleExit,
                name,
                format!(
                    "block {} of the region is entered from {what} ({})",
                    block_name(blocks, b),
                    block_name(blocks, p)
                ),
            ));
        }
    }
    Ok((0..blocks.len()).filter(|&b| seen[b]).collect())
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

/// Numbers regions in pre-order from 1 and sets depth (roots are 0).
fn number_and_depth(graph: &mut WRegionGraph) {
    let order = graph.preorder();
    for (n, &r) in order.iter().enumerate() {
        graph.regions[r].number = n + 1;
        graph.regions[r].depth = graph.regions[r].parent.map_or(0, |p| graph.regions[p].depth + 1);
    }
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
        // The END in block 3 is not dominated by the BEGIN: reported as missing.
        let e = build("f", &blocks).unwrap_err();
        assert!(matches!(e.rule, Rule::MissingEnd | Rule::UnmatchedEnd), "{e}");
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
