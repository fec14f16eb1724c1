//! What an atomic construct asks for, as plain data read from its clauses
//! (OpenMP 5.1): the kind (read, write, update, capture), `compare`, the
//! memory order with `fail(...)` and `weak`, and the LLVM orderings and
//! fences that follow from them. Combinations OpenMP forbids are refused
//! here, before any IR changes, naming the clause and the rule.
use llvm_plugin::inkwell::AtomicOrdering;
use weft_intrinsics::vocab::{AtomicOp, ClauseKind, MemOrder, Modifiers};
use weft_intrinsics::{Rule, WeftError};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AtomicPlan {
    /// Update when no kind clause is given; compare capture is Capture.
    pub op: AtomicOp,
    pub compare: bool,
    /// None: no order clause (OpenMP's default, relaxed).
    pub order: Option<MemOrder>,
    pub fail: Option<MemOrder>,
    pub weak: bool,
}

impl Default for AtomicPlan {
    fn default() -> Self {
        AtomicPlan { op: AtomicOp::Update, compare: false, order: None, fail: None, weak: false }
    }
}

fn refuse(clause: &str, why: &str) -> WeftError {
    WeftError::new(Rule::ClauseNotAllowed, clause, why.to_string()).on_directive("DIR.OMP.ATOMIC")
}

impl AtomicPlan {
    /// The plan of one ATOMIC's clauses (its flag clauses with their modifiers).
    pub fn from_flags(flags: &[(ClauseKind, Modifiers)]) -> Result<AtomicPlan, WeftError> {
        let mut p = AtomicPlan::default();
        let mut orders: Vec<(MemOrder, String)> = Vec::new();
        for &(k, m) in flags {
            let spelled =
                || format!("{}{}", k.name(), if m.is_empty() { String::new() } else { format!(".{}", m.names()) });
            match k {
                ClauseKind::Atomic(op) => p.op = op,
                ClauseKind::Compare => p.compare = true,
                ClauseKind::Fail(o) => p.fail = Some(o),
                ClauseKind::Weak => p.weak = true,
                _ => continue,
            }
            let here = MemOrder::from_modifiers(m);
            if here.len() > 1 {
                return Err(refuse(&spelled(), "an atomic has at most one memory order (OpenMP 5.1)"));
            }
            if let Some(&o) = here.first() {
                if orders.iter().any(|(p, _)| *p != o) {
                    return Err(refuse(&spelled(), "an atomic has at most one memory order (OpenMP 5.1)"));
                }
                orders.push((o, spelled()));
            }
        }
        p.order = orders.first().map(|(o, _)| *o);
        let clause = |o: AtomicOp| ClauseKind::Atomic(o).name();
        if p.compare && matches!(p.op, AtomicOp::Read | AtomicOp::Write) {
            return Err(refuse(clause(p.op), "compare goes with update or capture only (OpenMP 5.1)"));
        }
        if let (false, Some(o)) = (p.compare, p.fail) {
            return Err(refuse(ClauseKind::Fail(o).name(), "fail requires compare (OpenMP 5.1)"));
        }
        if !p.compare && p.weak {
            return Err(refuse("QUAL.OMP.WEAK", "weak requires compare (OpenMP 5.1)"));
        }
        match (p.op, p.order) {
            (AtomicOp::Read, Some(MemOrder::Release)) => {
                Err(refuse(&orders[0].1, "a read may not be release (OpenMP 5.1)"))
            }
            (AtomicOp::Write, Some(MemOrder::Acquire)) => {
                Err(refuse(&orders[0].1, "a write may not be acquire (OpenMP 5.1)"))
            }
            _ => Ok(p),
        }
    }

    /// Whether the construct writes x (all but read).
    fn writes(&self) -> bool {
        self.op != AtomicOp::Read
    }

    /// Whether the construct reads x (all but write).
    fn reads(&self) -> bool {
        self.op != AtomicOp::Write
    }

    /// The ordering of the access that makes the construct atomic (the
    /// read's load, the write's store, the update's atomicrmw or successful
    /// compare-exchange): `acq_rel` is acquire on a read and release on a
    /// write (OpenMP 5.1).
    pub fn ordering(&self) -> AtomicOrdering {
        use AtomicOrdering as A;
        match (self.order, self.op) {
            (None | Some(MemOrder::Relaxed), _) => A::Monotonic,
            (Some(MemOrder::SeqCst), _) => A::SequentiallyConsistent,
            (Some(MemOrder::AcqRel | MemOrder::Acquire), AtomicOp::Read) => A::Acquire,
            (Some(MemOrder::AcqRel | MemOrder::Release), AtomicOp::Write) => A::Release,
            (Some(MemOrder::AcqRel), _) => A::AcquireRelease,
            (Some(MemOrder::Acquire), _) => A::Acquire,
            (Some(MemOrder::Release), _) => A::Release,
        }
    }

    /// The ordering of a read of x that writes nothing: the first load of a
    /// compare-exchange loop, the failure of its exchange, and a compare
    /// whose condition is false. `fail(...)` gives it; otherwise it is the
    /// access's ordering without its release half (LLVM's rule for loads).
    pub fn read_ordering(&self) -> AtomicOrdering {
        use AtomicOrdering as A;
        match self.fail {
            Some(MemOrder::SeqCst) => A::SequentiallyConsistent,
            Some(MemOrder::Acquire | MemOrder::AcqRel) => A::Acquire,
            Some(MemOrder::Relaxed | MemOrder::Release) => A::Monotonic,
            None => match self.ordering() {
                A::Release => A::Monotonic,
                A::AcquireRelease => A::Acquire,
                o => o,
            },
        }
    }

    /// A compare-exchange's (success, failure) orderings. LLVM's cmpxchg
    /// needs a success ordering at least as strong as the failure's: a
    /// stronger `fail(...)` than the construct's order strengthens both.
    pub fn cas_orderings(&self) -> (AtomicOrdering, AtomicOrdering) {
        use AtomicOrdering as A;
        let (success, failure) = (self.ordering(), self.read_ordering());
        let success = match (success, failure) {
            (_, A::SequentiallyConsistent) => A::SequentiallyConsistent,
            (A::Monotonic, A::Acquire) => A::Acquire,
            (A::Release, A::Acquire) => A::AcquireRelease,
            (s, _) => s,
        };
        (success, failure)
    }

    /// OpenMP 5.1's implied flushes: a release flush on entry to an atomic
    /// that writes x with release, acq_rel or seq_cst; an acquire flush on
    /// exit from one that reads x with acquire, acq_rel or seq_cst (a
    /// seq_cst construct's flushes are full fences). (entry, exit) fences.
    pub fn fences(&self) -> (Option<AtomicOrdering>, Option<AtomicOrdering>) {
        use AtomicOrdering as A;
        let (rel, acq) = match self.order {
            Some(MemOrder::SeqCst) => (A::SequentiallyConsistent, A::SequentiallyConsistent),
            _ => (A::Release, A::Acquire),
        };
        let released = matches!(self.order, Some(MemOrder::Release | MemOrder::AcqRel | MemOrder::SeqCst));
        let acquired = matches!(self.order, Some(MemOrder::Acquire | MemOrder::AcqRel | MemOrder::SeqCst));
        // acq_rel is only release on a write and only acquire on a read.
        let entry = (self.writes() && released).then_some(rel);
        let exit = (self.reads() && acquired).then_some(acq);
        (entry, exit)
    }

    /// How the construct reads in a note: `compare capture acq_rel`.
    pub fn describe(&self) -> String {
        let mut s = if self.compare { "compare".to_string() } else { format!("{:?}", self.op).to_lowercase() };
        if self.compare && self.op == AtomicOp::Capture {
            s.push_str(" capture");
        }
        if let Some(o) = self.order {
            s.push(' ');
            s.push_str(&o.name().to_lowercase());
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use AtomicOrdering as A;

    fn plan(flags: &[(ClauseKind, Modifiers)]) -> Result<AtomicPlan, WeftError> {
        AtomicPlan::from_flags(flags)
    }

    #[test]
    fn orders_map_by_kind() {
        let read = plan(&[(ClauseKind::Atomic(AtomicOp::Read), Modifiers::ACQ_REL)]).unwrap();
        assert_eq!(read.ordering(), A::Acquire);
        assert_eq!(read.fences(), (None, Some(A::Acquire)));
        let write = plan(&[(ClauseKind::Atomic(AtomicOp::Write), Modifiers::ACQ_REL)]).unwrap();
        assert_eq!(write.ordering(), A::Release);
        assert_eq!(write.fences(), (Some(A::Release), None));
        let upd = plan(&[(ClauseKind::Atomic(AtomicOp::Update), Modifiers::ACQ_REL)]).unwrap();
        assert_eq!((upd.ordering(), upd.read_ordering()), (A::AcquireRelease, A::Acquire));
        let rel = plan(&[(ClauseKind::Compare, Modifiers::RELEASE)]).unwrap();
        assert_eq!((rel.ordering(), rel.read_ordering()), (A::Release, A::Monotonic));
        // (A fail order stronger than the construct's strengthens both.)
        let strong_fail = AtomicPlan { fail: Some(MemOrder::SeqCst), ..rel };
        assert_eq!(strong_fail.cas_orderings(), (A::SequentiallyConsistent, A::SequentiallyConsistent));
        let acq_fail = AtomicPlan { fail: Some(MemOrder::Acquire), ..rel };
        assert_eq!(acq_fail.cas_orderings(), (A::AcquireRelease, A::Acquire));
        assert_eq!(plan(&[]).unwrap().ordering(), A::Monotonic);
    }

    #[test]
    fn fail_and_weak_go_with_compare() {
        let p = plan(&[
            (ClauseKind::Compare, Modifiers::ACQ_REL),
            (ClauseKind::Atomic(AtomicOp::Capture), Modifiers::empty()),
            (ClauseKind::Fail(MemOrder::Relaxed), Modifiers::empty()),
            (ClauseKind::Weak, Modifiers::empty()),
        ])
        .unwrap();
        assert_eq!((p.op, p.compare, p.weak, p.read_ordering()), (AtomicOp::Capture, true, true, A::Monotonic));
        assert!(plan(&[(ClauseKind::Weak, Modifiers::empty())]).is_err());
        assert!(plan(&[(ClauseKind::Fail(MemOrder::Acquire), Modifiers::empty())]).is_err());
    }

    #[test]
    fn forbidden_combinations_are_refused() {
        let e = plan(&[(ClauseKind::Atomic(AtomicOp::Read), Modifiers::RELEASE)]).unwrap_err();
        assert!(e.to_string().contains("a read may not be release"), "{e}");
        assert!(plan(&[(ClauseKind::Atomic(AtomicOp::Write), Modifiers::ACQUIRE)]).is_err());
        assert!(plan(&[
            (ClauseKind::Atomic(AtomicOp::Read), Modifiers::empty()),
            (ClauseKind::Compare, Modifiers::empty())
        ])
        .is_err());
        assert!(plan(&[
            (ClauseKind::Atomic(AtomicOp::Capture), Modifiers::SEQ_CST),
            (ClauseKind::Compare, Modifiers::RELAXED)
        ])
        .is_err());
    }
}
