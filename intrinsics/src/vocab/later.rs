//! The constructs of later work: every construct of the vocabulary is lowered
//! now (teams and distribute on the host, the device constructs through
//! libomptarget's ABI); their clauses and modifiers outside the vocabulary, and
//! the directives of `LATER_DIRECTIVES`, weft parses and refuses
//! them by name (`not yet supported`). A clause, modifier or directive of
//! theirs that the vocabulary does not have yet is refused the same way,
//! naming the construct: icx emits it, so it is not malformed input, only
//! input weft has not modelled (docs/vocabulary.md, "Constructs of later
//! work").
use super::DirKind;

impl DirKind {
    /// Whether this construct belongs to later work (weft-paropt refuses
    /// it): none of the vocabulary's since teams, distribute and the device
    /// constructs are lowered; what stays later work is `LATER_DIRECTIVES`.
    pub fn is_later_work(self) -> bool {
        let _ = self;
        false
    }
}

impl DirKind {
    /// Whether a clause this construct does not take, or one missing from the
    /// vocabulary, is refused by name as later work: the constructs of later
    /// work, and the tasking constructs weft lowers while some of the
    /// clauses icx writes on them may not be modelled yet.
    pub fn has_later_clauses(self) -> bool {
        self.is_later_work()
            || self.is_target()
            || matches!(self, DirKind::Task | DirKind::Taskgroup | DirKind::Taskwait | DirKind::Taskloop)
            || self == DirKind::TaskloopSimd
            || matches!(self, DirKind::Teams | DirKind::Distribute | DirKind::DistributeParLoop)
    }

    /// The device constructs weft lowers through libomptarget's ABI
    /// (docs/offload.md): some of their clauses are refused by name.
    pub fn is_target(self) -> bool {
        use DirKind as D;
        matches!(self, D::Target | D::TargetData | D::TargetUpdate | D::TargetEnterData | D::TargetExitData)
    }
}

/// Directives of later work that the vocabulary does not model yet, as
/// icx spells them: OpenMP 5.1's `dispatch` and `interop`, icx's
/// `target variant dispatch` and `prefetch`, and the combined spellings of
/// its older front end. Their `DIR.OMP.END.` partners are refused alike.
pub const LATER_DIRECTIVES: &[&str] = &[
    "DIR.OMP.DISPATCH",
    "DIR.OMP.INTEROP",
    "DIR.OMP.TARGET.VARIANT.DISPATCH",
    "DIR.OMP.PREFETCH",
    "DIR.OMP.DISTRIBUTE.SIMD",
    "DIR.OMP.DISTRIBUTE.PARLOOP.SIMD",
    "DIR.OMP.TEAMS.DISTRIBUTE",
    "DIR.OMP.TEAMS.DISTRIBUTE.SIMD",
    "DIR.OMP.TEAMS.DISTRIBUTE.PARLOOP",
    "DIR.OMP.TEAMS.DISTRIBUTE.PARLOOP.SIMD",
    "DIR.OMP.TARGET.TEAMS",
    "DIR.OMP.TARGET.TEAMS.DISTRIBUTE",
    "DIR.OMP.TARGET.TEAMS.DISTRIBUTE.SIMD",
    "DIR.OMP.TARGET.TEAMS.DISTRIBUTE.PARLOOP",
    "DIR.OMP.TARGET.TEAMS.DISTRIBUTE.PARLOOP.SIMD",
];

/// Whether a directive string (or its END) is one of `LATER_DIRECTIVES`.
pub fn later_directive(s: &str) -> bool {
    let begin = match s.strip_prefix("DIR.OMP.END.") {
        Some(rest) => format!("DIR.OMP.{rest}"),
        None => s.to_string(),
    };
    LATER_DIRECTIVES.contains(&begin.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn later_directives_and_their_ends_are_known_as_later_work() {
        assert!(later_directive("DIR.OMP.DISPATCH"));
        assert!(later_directive("DIR.OMP.END.TARGET.VARIANT.DISPATCH"));
        assert!(!later_directive("DIR.OMP.BOGUS"));
        // Every listed spelling is one the vocabulary does not model.
        for s in LATER_DIRECTIVES {
            assert!(super::super::DirString::parse(s).is_none(), "{s}");
        }
    }
}
