//! The unroll construct (OpenMP 5.1 §2.11.9.2), as what it becomes:
//!
//! - `partial(u)` whose generated loop a construct around it uses (a
//!   worksharing loop, a simd loop, a tile): the loop is tiled by u
//!   (`tile.rs`), so the generated loop runs ceil(N/u) iterations of u of
//!   the original's each (the last one fewer), and each tile loop is marked
//!   `llvm.loop.unroll.count u` for LLVM's unroller to replicate its body (as
//!   clang lowers it). `partial` without a factor takes 2, as clang does.
//! - `partial[(u)]` that nothing uses, and `unroll` without a clause: the
//!   loop keeps its form, marked `llvm.loop.unroll.count u` or
//!   `llvm.loop.unroll.enable` (OpenMP leaves the factor, and whether a loop
//!   without a clause is unrolled, to the implementation).
//! - `full`: the loop must have a constant trip count, and is marked
//!   `llvm.loop.unroll.full`; it generates no loop, so no construct may
//!   apply to it.
//!
//! Each hint only lets LLVM unroll; at -O0 the loops run as they are,
//! which is the same program.
use llvm_plugin::inkwell::module::Module;
use weft_intrinsics::vocab::ClauseKind;
use weft_intrinsics::{Rule, WeftError};

use super::loop_form::level;
use super::transform_plan::{Action, Nest, Use};
use crate::wregion::graph::WRegion;

/// `partial` without a factor, where the generated loop is used.
const DEFAULT_FACTOR: u64 = 2;

enum Kind {
    Full,
    Partial(Option<u64>),
    Heuristic,
}

fn kind(reg: &WRegion) -> Result<Kind, WeftError> {
    let full = reg.env.has_flag(ClauseKind::Full);
    let partial = reg.env.has_value_clause(ClauseKind::Partial);
    match (full, partial) {
        (true, true) => Err(WeftError::new(
            Rule::ClauseNotAllowed,
            "QUAL.OMP.FULL",
            "an unroll construct takes full or partial, not both",
        )
        .on_directive(reg.kind.begin_name())),
        (true, false) => Ok(Kind::Full),
        (false, true) => Ok(Kind::Partial(reg.env.value(ClauseKind::Partial).and_then(|o| o.const_uint()))),
        (false, false) => Ok(Kind::Heuristic),
    }
}

/// The refusals of the unroll region `reg`'s clauses alone.
pub(super) fn check_clauses(reg: &WRegion) -> Result<(), WeftError> {
    kind(reg).map(|_| ())
}

/// Whether the unroll region `reg` rewrites its loop (a partial unroll
/// whose generated loop `user` uses) rather than hinting the unroller.
pub(super) fn rewrites(reg: &WRegion, user: Option<&Use>) -> bool {
    matches!(kind(reg), Ok(Kind::Partial(_))) && user.is_some_and(|u| u.count > 0)
}

/// What the unroll region `reg` becomes, given who uses its generated loop
/// and the loop it applies to (`nest`, found for it); every refusal.
pub(super) fn plan<'ctx>(
    module: &Module<'ctx>,
    reg: &WRegion,
    user: Option<&Use>,
    nest: &Nest<'ctx>,
) -> Result<Action, WeftError> {
    let name = reg.kind.begin_name();
    let used = user.filter(|u| u.count > 0);
    let clause_err = |rule: Rule, clause: &str, why: String| WeftError::new(rule, clause, why).on_directive(name);
    match kind(reg)? {
        Kind::Full => {
            if let Some(u) = used {
                return Err(clause_err(
                    Rule::LoopForm,
                    "QUAL.OMP.FULL",
                    format!("a fully unrolled loop generates no loop, and {} applies to one", u.name),
                ));
            }
            let Some(lp) = nest.real.first() else {
                return Err(clause_err(
                    Rule::NotYetSupported,
                    "QUAL.OMP.FULL",
                    "unrolling fully a loop another loop transformation generates (weft does not know its trip \
                     count at compile time)"
                        .into(),
                ));
            };
            let b = module.get_context().create_builder();
            b.position_before(&lp.preheader.get_terminator().expect("a terminator"));
            let trips = level(&b, *lp).ok().and_then(|lv| lv.n.get_zero_extended_constant());
            if trips.is_none() {
                return Err(clause_err(
                    Rule::LoopForm,
                    "QUAL.OMP.FULL",
                    "a fully unrolled loop needs a constant trip count (OpenMP 5.1 §2.11.9.2), and this \
                     loop's start, bound or step is not a constant"
                        .into(),
                ));
            }
            Ok(Action::Hint { name: "llvm.loop.unroll.full", value: None })
        }
        Kind::Heuristic => match used {
            Some(u) => Err(WeftError::new(
                Rule::LoopForm,
                name,
                format!(
                    "an unroll construct without partial generates no loop in weft (OpenMP 5.1 leaves that to \
                     the implementation), and {} applies to one: give it partial",
                    u.name
                ),
            )),
            None => Ok(Action::Hint { name: "llvm.loop.unroll.enable", value: None }),
        },
        Kind::Partial(factor) => match used {
            Some(u) if u.count > 1 => Err(clause_err(
                Rule::LoopForm,
                "QUAL.OMP.PARTIAL",
                format!("{} applies to {} loops, and unroll partial generates one", u.name, u.count),
            )),
            Some(_) => {
                let f = factor.unwrap_or(DEFAULT_FACTOR);
                Ok(Action::Tile { sizes: vec![f], unroll: Some(f) })
            }
            None => Ok(match factor {
                Some(f) => Action::Hint { name: "llvm.loop.unroll.count", value: Some(f.min(u32::MAX as u64) as u32) },
                None => Action::Hint { name: "llvm.loop.unroll.enable", value: None },
            }),
        },
    }
}
