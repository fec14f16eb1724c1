//! A device construct's data environment as data: its maps with
//! libomptarget's map-type bits (`omptarget.h`'s `tgt_map_type`, docs/offload.md),
//! the device, the thread limit, and the items that are device addresses
//! already. Decided before any IR changes; `paropt::target` and
//! `paropt::target_data` build the arrays from it.
use weft_intrinsics::model::{Clause, Item, Operand, OperandKind, ValueId};
use weft_intrinsics::vocab::{ClauseKind, DefaultmapBehavior, MapKind, Modifiers};
use weft_intrinsics::{Rule, WeftError};

use super::construct::Construct;
use super::map_chain;
pub use super::map_item::*;
use crate::wregion::WRegion;

/// A device construct's clauses as data.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TargetPlan {
    pub maps: Vec<MapItem>,
    /// `device(n)`; libomptarget's default device (-1) without it.
    pub device: Option<ValueId>,
    /// `thread_limit(n)` on a target (a value, or icx's `:TYPED` slot).
    pub thread_limit: Option<super::teams::TeamsValue>,
    /// `is_device_ptr` and `has_device_addr` items: device addresses
    /// already, passed as they are (a private copy of the pointer).
    pub device_addrs: Vec<ValueId>,
    /// `use_device_ptr` items on target data: pointer variables that see
    /// the device address inside the region.
    pub use_device_ptrs: Vec<ValueId>,
    /// `use_device_addr` items on target data: variables whose address
    /// inside is the device address the runtime returns (OpenMP 5.1 §2.14.2).
    pub use_device_addrs: Vec<ValueId>,
    /// The map bits of a variable the region uses without a clause, from
    /// `defaultmap` (tofrom without one).
    pub implicit_bits: u64,
    /// A target's in_reduction items (each also in `maps`, tofrom):
    /// plan/target_inred.rs.
    pub in_reductions: Vec<super::task_red::TaskRed>,
}

fn not_yet(clause: &str, what: &str, on: &str) -> WeftError {
    WeftError::new(Rule::NotYetSupported, clause, what.to_string()).on_directive(on)
}

/// The bits of a map kind, as the plain form's clause names it.
pub fn kind_bits(k: MapKind) -> u64 {
    match k {
        MapKind::To => TO,
        MapKind::From => FROM,
        MapKind::Tofrom => TO | FROM,
        MapKind::Alloc | MapKind::Release => 0,
        MapKind::Delete => DELETE,
    }
}

/// One MAP clause's items.
fn map_items(c: &Clause, k: MapKind, on: &str) -> Result<Vec<MapItem>, WeftError> {
    let mut out = Vec::new();
    for it in c.items() {
        match it {
            Item::MapChain { base, begin, size, map_type, rest } => {
                let Some(bits) = map_type.const_uint() else {
                    return Err(not_yet(&c.spelling, "a map type that is not a constant", on));
                };
                // (libomptarget's sizes are i64: a wider or non-integer size
                // is malformed, refused before any IR changes.)
                if !matches!(size.kind, OperandKind::Int { bits: 1..=64, .. }) {
                    return Err(WeftError::new(
                        Rule::OperandKind,
                        &c.spelling,
                        &format!("a map chain's size must be an integer of at most 64 bits, got {}", size.text),
                    )
                    .on_directive(on));
                }
                if rest.get(1).is_some_and(|m| !matches!(m.kind, OperandKind::Pointer { null: true })) {
                    return Err(not_yet(&c.spelling, "a user-defined mapper", on));
                }
                out.push(MapItem {
                    base: base.value,
                    begin: begin.value,
                    size: Some(size.value),
                    bits,
                    clause: c.spelling.clone(),
                    links: Vec::new(),
                });
            }
            Item::Var { var, typed: None } if var.is_pointer() && !c.modifiers.contains(Modifiers::CHAIN) => {
                out.push(MapItem {
                    base: var.value,
                    begin: var.value,
                    size: None,
                    bits: kind_bits(k),
                    clause: c.spelling.clone(),
                    links: Vec::new(),
                })
            }
            _ => {
                return Err(not_yet(
                    &c.spelling,
                    "this form of map item (write an array section as a map chain: base, begin, size, map type)",
                    on,
                ))
            }
        }
    }
    Ok(out)
}

fn pointer_items(c: &Clause, on: &str) -> Result<Vec<ValueId>, WeftError> {
    c.items()
        .iter()
        .map(|it| match it {
            Item::Var { var, typed: None } if var.is_pointer() => Ok(var.value),
            _ => Err(not_yet(&c.spelling, "an item that is not a variable's address", on)),
        })
        .collect()
}

fn defaultmap_bits(b: DefaultmapBehavior, c: &Clause, on: &str) -> Result<u64, WeftError> {
    use DefaultmapBehavior as B;
    Ok(match b {
        B::Alloc => 0,
        B::To => TO,
        B::From => FROM,
        B::Tofrom | B::Default => TO | FROM,
        B::Firstprivate => TO | PRIVATE,
        B::Present => TO | FROM | PRESENT,
        B::None => return Err(not_yet(&c.spelling, "defaultmap(none) (the front end checks it)", on)),
    })
}

/// The device plan of region `r`, or the refusal naming the clause.
pub fn target_plan(r: &WRegion, construct: Construct, on: &str) -> Result<TargetPlan, WeftError> {
    use ClauseKind as C;
    let mut p = TargetPlan { implicit_bits: TO | FROM, ..TargetPlan::default() };
    if !construct.is_target() {
        return Ok(p);
    }
    for c in &r.directive.clauses {
        match c.kind {
            C::Map(k) if c.modifiers.contains(Modifiers::CHAIN) => {
                for it in map_items(c, k, on)? {
                    map_chain::add_link(&mut p.maps, it, on)?;
                }
            }
            C::Map(k) => {
                for it in map_items(c, k, on)? {
                    map_chain::check_head(&it, on)?;
                    p.maps.push(it);
                }
            }
            C::Device => p.device = c.value().map(|o: &Operand| o.value),
            C::ThreadLimit => p.thread_limit = super::teams::teams_value(r, C::ThreadLimit),
            C::IsDevicePtr | C::HasDeviceAddr => p.device_addrs.extend(pointer_items(c, on)?),
            C::UseDevicePtr => p.use_device_ptrs.extend(pointer_items(c, on)?),
            C::UseDeviceAddr => p.use_device_addrs.extend(pointer_items(c, on)?),
            C::Defaultmap(b) => {
                // (Scalars and pointers a front end lists itself, as weft-cc
                // does; what is left unlisted is a variable in memory.)
                let bits = defaultmap_bits(b, c, on)?;
                if c.modifiers.is_empty() || c.modifiers.contains(Modifiers::AGGREGATE) {
                    p.implicit_bits = bits;
                }
            }
            // (weft-prepare moves a device construct's depend items onto
            // the target task it writes around it: prepare/target_task.rs.)
            C::Depend(_) | C::DepArray => {
                return Err(not_yet(&c.spelling, "depend on a device construct outside its target task", on));
            }
            _ => {}
        }
    }
    if construct == Construct::Target {
        p.in_reductions = super::target_inred::add(r, &mut p.maps, on)?;
    }
    let motion = matches!(construct, Construct::TargetEnterData | Construct::TargetExitData | Construct::TargetUpdate);
    if motion && p.maps.is_empty() {
        return Err(WeftError::new(Rule::OperandKind, on, "needs at least one map (or to/from) item".to_string()));
    }
    Ok(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_follow_libomptarget() {
        assert_eq!(kind_bits(MapKind::Tofrom), 3);
        assert_eq!(kind_bits(MapKind::Delete), 8);
        assert_eq!(TARGET_PARAM | TO | FROM, 35);
        assert_eq!(LITERAL | TARGET_PARAM, 288);
        assert_eq!(TARGET_PARAM | IMPLICIT, 544);
    }
}
