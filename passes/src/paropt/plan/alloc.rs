//! The allocate clause as plain data (OpenMP 5.1 §2.13.4): which private
//! copies come from which allocator, checked before any IR changes. The
//! lowering is `paropt::allocate`.
use weft_intrinsics::{Rule, WeftError};

use super::var::{Alloc, Share, Var};
use crate::wregion::env::DataEnv;

/// Gives each ALLOCATE item's data-sharing record its allocation, before
/// anything is lowered. OpenMP 5.1 §2.13.4: an item must have a private
/// copy in the construct (a private, firstprivate, lastprivate, linear or
/// reduction clause of it names the variable), else it is an error.
pub fn attach(env: &DataEnv, vars: &mut [Var], on: &str) -> Result<(), WeftError> {
    const CLAUSE: &str = "QUAL.OMP.ALLOCATE";
    for a in &env.allocate {
        let var = a.item.var();
        let alloc = Alloc { align: a.align_bytes(), allocator: a.allocator.as_ref().map(|h| h.value) };
        let copies = |v: &&mut Var| {
            v.var == var.value
                && matches!(
                    v.share,
                    Share::Private
                        | Share::Firstprivate
                        | Share::Lastprivate
                        | Share::FirstLastprivate
                        | Share::LastprivateConditional
                        | Share::Reduction { .. }
                        | Share::Linear { .. }
                )
        };
        let mut found = false;
        for v in vars.iter_mut().filter(copies) {
            found = true;
            if v.alloc.is_some() {
                return Err(WeftError::new(
                    Rule::ClauseNotAllowed,
                    CLAUSE,
                    format!("{} is in two ALLOCATE clauses: its copies have one allocator", var.text),
                )
                .on_directive(on));
            }
            let what = if v.section.is_some() || v.runtime_section.is_some() || v.layout.is_some() {
                Some("the variable of an array section (its copy is the whole array)")
            } else if v.byref {
                Some("a BYREF item")
            } else {
                None
            };
            if let Some(what) = what {
                return Err(WeftError::new(
                    Rule::NotYetSupported,
                    CLAUSE,
                    format!("an ALLOCATE item that is {what}: {}", var.text),
                )
                .on_directive(on));
            }
            v.alloc = Some(alloc);
        }
        if !found {
            return Err(WeftError::new(
                Rule::ClauseNotAllowed,
                CLAUSE,
                format!(
                    "{} has no private copy in this construct: an ALLOCATE item must also be in one of its \
                     private, firstprivate, lastprivate, linear or reduction clauses (OpenMP 5.1 §2.13.4)",
                    var.text
                ),
            )
            .on_directive(on));
        }
    }
    Ok(())
}
