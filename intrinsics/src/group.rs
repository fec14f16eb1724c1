//! Groups the directive calls of one basic block into directive events:
//! paper-form groups (`llvm.directive` ... `DIR.QUAL.LIST.END`), region-form
//! entry/exit calls, and sandwich clauses. Pure: works on `DirCall`s.
use crate::error::{Rule, WeftError};
use crate::model::{parse_clause, Carrier, Clause, Directive, Form, Operand, ValueId};
use crate::vocab::{Arity, DirKind, DirString};

/// Which directive intrinsic a call is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CallKind {
    Directive,
    Qual(Arity),
    RegionEntry,
    RegionExit,
}

/// Classifies an intrinsic name; Some(Err) for an `llvm.directive*` name weft does not know.
pub fn classify_intrinsic(name: &str) -> Option<Result<CallKind, String>> {
    let rest = name.strip_prefix("llvm.intel.directive").or_else(|| name.strip_prefix("llvm.directive"))?;
    let kind = match rest {
        "" => CallKind::Directive,
        ".qual" => CallKind::Qual(Arity::None),
        ".qual.opndlist" => CallKind::Qual(Arity::List),
        ".region.entry" => CallKind::RegionEntry,
        ".region.exit" => CallKind::RegionExit,
        r if r == ".qual.opnd" || r.starts_with(".qual.opnd.") => CallKind::Qual(Arity::One),
        _ => return Some(Err(format!("'{name}' is not a directive intrinsic weft knows"))),
    };
    Some(Ok(kind))
}

/// Whether `name` is any directive intrinsic (known or not): none may reach codegen.
pub fn is_directive_intrinsic(name: &str) -> bool {
    name.starts_with("llvm.directive") || name.starts_with("llvm.intel.directive")
}

/// One directive call as read from IR.
#[derive(Clone, Debug, PartialEq)]
pub struct DirCall {
    pub inst: ValueId,
    /// Position within its block (instruction index).
    pub index: usize,
    pub kind: CallKind,
    /// Paper form: the metadata string argument (None if it is not one).
    pub tag: Option<String>,
    /// Paper form: the operands after the metadata; region exit: the token.
    pub operands: Vec<Operand>,
    /// Region form: the operand bundles.
    pub bundles: Vec<(String, Vec<Operand>)>,
    /// Whether only phis and other directive clause calls precede it in its block.
    pub after_phis: bool,
}

/// Where a directive group sits in its block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    pub first: ValueId,
    pub last: ValueId,
    pub first_index: usize,
    pub last_index: usize,
}

/// A directive event, in block order.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    Begin {
        directive: Directive,
        span: Span,
        token: Option<ValueId>,
    },
    End {
        kind: DirKind,
        form: Form,
        span: Span,
        token: Option<ValueId>,
        spelling: String,
    },
    /// A directive with no END (THREADPRIVATE).
    Standalone {
        directive: Directive,
        span: Span,
    },
    /// A clause placed by the sandwich scheme, outside any group.
    Sandwich {
        clause: Clause,
        inst: ValueId,
        index: usize,
    },
}

struct Open {
    dir: DirString,
    spelling: String,
    clauses: Vec<Clause>,
    first: (ValueId, usize),
}

fn dir_string(tag: &Option<String>) -> Result<(DirString, String), WeftError> {
    let Some(s) = tag else {
        return Err(WeftError::new(
            Rule::UnknownDirective,
            "llvm.directive",
            "its operand is not a metadata string (nor a one-string metadata node)",
        ));
    };
    match DirString::parse(s) {
        Some(d) => Ok((d, s.clone())),
        None => Err(unknown_directive(s)),
    }
}

/// The refusal of a directive string the vocabulary does not have: by name
/// as not yet supported when it is one of later work (vocab/later.rs).
fn unknown_directive(s: &str) -> WeftError {
    if crate::vocab::later_directive(s) {
        return WeftError::new(
            Rule::NotYetSupported,
            s,
            "a construct of later work (tasks, target, teams, distribute) the vocabulary does not model yet",
        );
    }
    WeftError::new(Rule::UnknownDirective, s, "not a directive weft knows (see the README's vocabulary)")
}

/// How the refusal of a clause on a directive that does not take it ends.
pub const NOT_TAKEN: &str = "does not take this clause";

/// A clause error on a construct of later work, made the refusal of that
/// construct when the clause, its modifier or its place on the construct is
/// only missing from the vocabulary (vocab/later.rs); a malformed operand of
/// a known clause, or a clause given twice, stays the error it is.
pub fn refuse_later(kind: DirKind, e: WeftError) -> WeftError {
    let gap = match e.rule {
        Rule::UnknownClause => e.detail == crate::model::NOT_A_CLAUSE,
        Rule::UnknownModifier => e.detail.starts_with(crate::model::UNKNOWN_MODIFIER),
        Rule::ClauseNotAllowed => e.detail.ends_with(NOT_TAKEN),
        _ => false,
    };
    if !kind.has_later_clauses() || !gap {
        return e;
    }
    let detail = if kind.is_later_work() {
        format!(
            "weft-paropt cannot lower this construct yet, and its clause {} is not in the vocabulary yet ({})",
            e.construct, e.detail
        )
    } else {
        format!("its clause {} is not in the vocabulary yet ({})", e.construct, e.detail)
    };
    WeftError { rule: Rule::NotYetSupported, construct: kind.begin_name().to_string(), on: None, detail, ..e }
}

fn clause_of(call: &DirCall, arity: Arity) -> Result<Clause, WeftError> {
    let Some(tag) = &call.tag else {
        return Err(WeftError::new(
            Rule::UnknownClause,
            "llvm.directive.qual",
            "its first operand is not a metadata string",
        ));
    };
    if !tag.starts_with("QUAL.") {
        return Err(WeftError::new(Rule::UnknownClause, tag.as_str(), "a clause intrinsic must carry a QUAL. string"));
    }
    parse_clause(tag, call.operands.clone(), Carrier::Paper(arity))
}

/// Checks each clause against the directive it is attached to, and that no
/// clause given at most once (or of one exclusive family) is given twice.
pub fn check_applicable(kind: DirKind, clauses: &[Clause]) -> Result<(), WeftError> {
    for (i, c) in clauses.iter().enumerate() {
        if !kind.takes(c.kind) {
            return Err(WeftError::new(
                Rule::ClauseNotAllowed,
                c.spelling.as_str(),
                format!("{} {NOT_TAKEN}", kind.begin_name()),
            ));
        }
        // DEFAULTMAP: at most one per category (none given: every category).
        let same_category = |p: &Clause| {
            use crate::vocab::{ClauseKind as C, Modifiers as M};
            let cats = M::SCALAR | M::AGGREGATE | M::POINTER;
            let cat = |m: M| if (m & cats).is_empty() { cats } else { m & cats };
            matches!((p.kind, c.kind), (C::Defaultmap(_), C::Defaultmap(_)))
                && cat(p.modifiers).intersects(cat(c.modifiers))
        };
        if let Some(prev) = clauses[..i].iter().find(|p| p.kind.conflicts_with(c.kind) || same_category(p)) {
            return Err(WeftError::new(
                Rule::ClauseNotAllowed,
                c.spelling.as_str(),
                if same_category(prev) {
                    format!(
                        "{} already has {}; DEFAULTMAP may be given once per category (no category: every one)",
                        kind.begin_name(),
                        prev.spelling
                    )
                } else {
                    format!("{} already has {}; this clause may be given once", kind.begin_name(), prev.spelling)
                },
            ));
        }
    }
    Ok(())
}

/// Groups one block's directive calls. Stops at the first error, which
/// records the call it is about.
pub fn group_block(calls: &[DirCall]) -> Result<Vec<Event>, WeftError> {
    let mut events = Vec::new();
    let mut open: Option<Open> = None;
    for call in calls {
        group_call(call, &mut open, &mut events).map_err(|e| e.at(call.inst))?;
    }
    if let Some(o) = open {
        return Err(WeftError::new(
            Rule::UnterminatedGroup,
            o.spelling,
            "its group is not closed by DIR.QUAL.LIST.END in the same block",
        )
        .at(o.first.0));
    }
    Ok(events)
}

fn group_call(call: &DirCall, open: &mut Option<Open>, events: &mut Vec<Event>) -> Result<(), WeftError> {
    match call.kind {
        CallKind::Directive => {
            let (dir, spelling) = dir_string(&call.tag)?;
            match (dir, open.take()) {
                (DirString::ListEnd, Some(o)) => events.push(close(o, call)?),
                (DirString::ListEnd, None) => {
                    return Err(WeftError::new(Rule::StrayClause, "DIR.QUAL.LIST.END", "closes no directive group"))
                }
                (_, Some(o)) => {
                    return Err(WeftError::new(
                        Rule::UnterminatedGroup,
                        o.spelling,
                        format!("its group is not closed by DIR.QUAL.LIST.END before {spelling}"),
                    )
                    .at(o.first.0))
                }
                (d, None) => {
                    *open = Some(Open { dir: d, spelling, clauses: Vec::new(), first: (call.inst, call.index) })
                }
            }
        }
        CallKind::Qual(arity) => {
            let clause = clause_of(call, arity).map_err(|e| match open {
                Some(o) => match o.dir {
                    DirString::Begin(kind) => refuse_later(kind, e.on_directive(o.spelling.as_str())),
                    _ => e.on_directive(o.spelling.as_str()),
                },
                None => e,
            })?;
            match open {
                Some(o) if matches!(o.dir, DirString::End(_)) => {
                    return Err(WeftError::new(
                        Rule::ClauseNotAllowed,
                        clause.spelling,
                        format!("{} takes no clauses", o.spelling),
                    ))
                }
                Some(o) => o.clauses.push(clause),
                None if call.after_phis => events.push(Event::Sandwich { clause, inst: call.inst, index: call.index }),
                None => return Err(WeftError::new(
                    Rule::StrayClause,
                    clause.spelling,
                    "a clause outside a directive group must sit right after the phis of its block (sandwich scheme)",
                )),
            }
        }
        CallKind::RegionEntry | CallKind::RegionExit => {
            if let Some(o) = open.take() {
                return Err(WeftError::new(
                    Rule::UnterminatedGroup,
                    o.spelling,
                    "its group is not closed by DIR.QUAL.LIST.END before a region call",
                )
                .at(o.first.0));
            }
            events.push(region_event(call)?);
        }
    }
    Ok(())
}

fn close(o: Open, end_call: &DirCall) -> Result<Event, WeftError> {
    let span = Span { first: o.first.0, last: end_call.inst, first_index: o.first.1, last_index: end_call.index };
    Ok(match o.dir {
        DirString::Begin(kind) => {
            check_applicable(kind, &o.clauses).map_err(|e| refuse_later(kind, e).at(o.first.0))?;
            let directive = Directive { kind, clauses: o.clauses, form: Form::Paper };
            if kind.end_name().is_none() {
                Event::Standalone { directive, span }
            } else {
                Event::Begin { directive, span, token: None }
            }
        }
        DirString::End(kind) => Event::End { kind, form: Form::Paper, span, token: None, spelling: o.spelling },
        DirString::ListEnd => unreachable!("a group never opens with LIST.END"),
    })
}

fn region_event(call: &DirCall) -> Result<Event, WeftError> {
    let name =
        if call.kind == CallKind::RegionEntry { "llvm.directive.region.entry" } else { "llvm.directive.region.exit" };
    let span = Span { first: call.inst, last: call.inst, first_index: call.index, last_index: call.index };
    let Some((tag, dir_ops)) = call.bundles.first() else {
        return Err(WeftError::new(
            Rule::MalformedRegionCall,
            name,
            "has no operand bundles; its first bundle must name the directive",
        ));
    };
    if !dir_ops.is_empty() {
        return Err(WeftError::new(Rule::MalformedRegionCall, tag.as_str(), "the directive bundle takes no operands"));
    }
    let dir = DirString::parse(tag).ok_or_else(|| unknown_directive(tag))?;
    match (call.kind, dir) {
        (CallKind::RegionEntry, DirString::Begin(kind)) => {
            let mut clauses = Vec::new();
            for (ctag, ops) in &call.bundles[1..] {
                if !ctag.starts_with("QUAL.") {
                    return Err(WeftError::new(
                        Rule::UnknownClause,
                        ctag.as_str(),
                        "clause bundles must carry a QUAL. tag",
                    )
                    .on_directive(tag.as_str()));
                }
                clauses.push(
                    parse_clause(ctag, ops.clone(), Carrier::Bundle)
                        .map_err(|e| refuse_later(kind, e.on_directive(tag.as_str())))?,
                );
            }
            check_applicable(kind, &clauses).map_err(|e| refuse_later(kind, e))?;
            let directive = Directive { kind, clauses, form: Form::Region };
            if kind.end_name().is_none() {
                Ok(Event::Standalone { directive, span })
            } else {
                Ok(Event::Begin { directive, span, token: Some(call.inst) })
            }
        }
        (CallKind::RegionExit, DirString::End(kind)) => {
            if call.bundles.len() > 1 {
                return Err(WeftError::new(
                    Rule::ClauseNotAllowed,
                    call.bundles[1].0.as_str(),
                    format!("{tag} takes no clauses"),
                ));
            }
            let token = match call.operands.as_slice() {
                [t] if matches!(t.kind, crate::model::OperandKind::Token) => t.value,
                _ => {
                    return Err(WeftError::new(
                        Rule::MalformedRegionCall,
                        tag.as_str(),
                        "llvm.directive.region.exit must take the token of its llvm.directive.region.entry",
                    ))
                }
            };
            Ok(Event::End { kind, form: Form::Region, span, token: Some(token), spelling: tag.clone() })
        }
        _ => Err(WeftError::new(
            Rule::MalformedRegionCall,
            tag.as_str(),
            format!("{name} cannot carry this directive (entry takes DIR.<X>, exit takes DIR.<END.X>)"),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::OperandKind;

    fn call(i: usize, kind: CallKind, tag: &str, operands: Vec<Operand>) -> DirCall {
        DirCall {
            inst: ValueId(100 + i),
            index: i,
            kind,
            tag: Some(tag.to_string()),
            operands,
            bundles: Vec::new(),
            after_phis: false,
        }
    }
    fn int(n: i64) -> Operand {
        Operand {
            value: ValueId(9),
            kind: OperandKind::Int { bits: 32, value: Some(n) },
            text: format!("i32 {n}"),
            ty: "i32".into(),
        }
    }

    #[test]
    fn intrinsic_names() {
        assert_eq!(classify_intrinsic("llvm.directive"), Some(Ok(CallKind::Directive)));
        assert_eq!(classify_intrinsic("llvm.intel.directive"), Some(Ok(CallKind::Directive)));
        assert_eq!(classify_intrinsic("llvm.directive.qual.opnd.i32"), Some(Ok(CallKind::Qual(Arity::One))));
        assert_eq!(classify_intrinsic("llvm.intel.directive.qual.opndlist"), Some(Ok(CallKind::Qual(Arity::List))));
        assert_eq!(classify_intrinsic("llvm.directive.region.entry"), Some(Ok(CallKind::RegionEntry)));
        assert_eq!(classify_intrinsic("llvm.intel.directive.region.entry"), Some(Ok(CallKind::RegionEntry)));
        assert_eq!(classify_intrinsic("llvm.intel.directive.region.exit"), Some(Ok(CallKind::RegionExit)));
        assert!(matches!(classify_intrinsic("llvm.directive.bogus"), Some(Err(_))));
        assert_eq!(classify_intrinsic("llvm.memcpy.p0.p0.i64"), None);
    }

    #[test]
    fn paper_groups() {
        let calls = vec![
            call(0, CallKind::Directive, "DIR.OMP.PARALLEL", vec![]),
            call(1, CallKind::Qual(Arity::One), "QUAL.OMP.NUM_THREADS", vec![int(4)]),
            call(3, CallKind::Directive, "DIR.QUAL.LIST.END", vec![]),
            call(5, CallKind::Directive, "DIR.OMP.END.PARALLEL", vec![]),
            call(6, CallKind::Directive, "DIR.QUAL.LIST.END", vec![]),
        ];
        let ev = group_block(&calls).unwrap();
        assert_eq!(ev.len(), 2);
        match &ev[0] {
            Event::Begin { directive, span, .. } => {
                assert_eq!(directive.kind, DirKind::Parallel);
                assert_eq!(directive.clauses.len(), 1);
                assert_eq!((span.first_index, span.last_index), (0, 3));
            }
            e => panic!("{e:?}"),
        }
        assert!(matches!(ev[1], Event::End { kind: DirKind::Parallel, .. }));
    }

    #[test]
    fn paper_group_errors() {
        let unterminated = vec![call(0, CallKind::Directive, "DIR.OMP.PARALLEL", vec![])];
        assert_eq!(group_block(&unterminated).unwrap_err().rule, Rule::UnterminatedGroup);
        let unknown = vec![call(0, CallKind::Directive, "DIR.OMP.PARALLEL.FOR", vec![])];
        assert_eq!(group_block(&unknown).unwrap_err().rule, Rule::UnknownDirective);
        let not_allowed = vec![
            call(0, CallKind::Directive, "DIR.OMP.MASTER", vec![]),
            call(1, CallKind::Qual(Arity::One), "QUAL.OMP.NUM_THREADS", vec![int(4)]),
            call(2, CallKind::Directive, "DIR.QUAL.LIST.END", vec![]),
        ];
        let e = group_block(&not_allowed).unwrap_err();
        assert_eq!(e.rule, Rule::ClauseNotAllowed);
        assert_eq!(e.construct, "QUAL.OMP.NUM_THREADS");
        let stray = vec![call(3, CallKind::Qual(Arity::None), "QUAL.OMP.NOWAIT", vec![])];
        assert_eq!(group_block(&stray).unwrap_err().rule, Rule::StrayClause);
        let mut sandwich = stray.clone();
        sandwich[0].after_phis = true;
        assert!(matches!(group_block(&sandwich).unwrap()[0], Event::Sandwich { .. }));
    }

    #[test]
    fn region_calls() {
        let token =
            Operand { value: ValueId(100), kind: OperandKind::Token, text: "token %0".into(), ty: "token".into() };
        let mut entry = call(0, CallKind::RegionEntry, "", vec![]);
        entry.tag = None;
        entry.bundles = vec![("DIR.OMP.PARALLEL".into(), vec![]), ("QUAL.OMP.NUM_THREADS".into(), vec![int(2)])];
        let mut exit = call(4, CallKind::RegionExit, "", vec![token]);
        exit.tag = None;
        exit.bundles = vec![("DIR.OMP.END.PARALLEL".into(), vec![])];
        let ev = group_block(&[entry.clone(), exit.clone()]).unwrap();
        assert!(matches!(&ev[0], Event::Begin { token: Some(ValueId(100)), .. }));
        assert!(matches!(&ev[1], Event::End { token: Some(ValueId(100)), kind: DirKind::Parallel, .. }));
        let mut swapped = entry.clone();
        swapped.bundles[0].0 = "DIR.OMP.END.PARALLEL".into();
        assert_eq!(group_block(&[swapped]).unwrap_err().rule, Rule::MalformedRegionCall);
        let mut nobundle = entry;
        nobundle.bundles.clear();
        assert_eq!(group_block(&[nobundle]).unwrap_err().rule, Rule::MalformedRegionCall);
    }
}
