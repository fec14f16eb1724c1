//! icx's map chains as data (docs/offload.md, "Map chains"): a struct, or
//! a pointer and what it points to, is mapped as one MAP entry (the chain's
//! first link: the whole extent, `TARGET_PARAM` where the region reads it)
//! followed by `:CHAIN` links, one per member or pointee, whose bits carry
//! `MEMBER_OF(n)` (the parent's 1-based position in libomptarget's map
//! arrays) and `PTR_AND_OBJ` (a pointer member: the pointer is attached to
//! the pointee's copy). As icx's own lowering does, the parent of a link is
//! the first link of its chain, wherever that lands in the arrays: the
//! `MEMBER_OF` a front end wrote is rewritten to that position when the
//! arrays are built (a link without `MEMBER_OF` stays without).
use weft_intrinsics::{Rule, WeftError};

use super::map_item::{MapItem, MEMBER_OF, TARGET_PARAM};

/// The `MEMBER_OF` field naming the entry at 0-based position `parent`.
pub fn member_of(parent: usize) -> u64 {
    ((parent as u64) + 1) << 48
}

/// A link's bits in the arrays, its chain's first link at position
/// `parent`: `MEMBER_OF` rewritten to it, never `TARGET_PARAM` (a link is
/// not a kernel argument; libomptarget passes only `TARGET_PARAM` entries).
pub fn link_bits(bits: u64, parent: usize) -> u64 {
    let bits = bits & !TARGET_PARAM;
    if bits & MEMBER_OF == 0 {
        bits
    } else {
        (bits & !MEMBER_OF) | member_of(parent)
    }
}

/// A chain's first link may not be a member itself (its members follow it).
pub fn check_head(item: &MapItem, on: &str) -> Result<(), WeftError> {
    if item.bits & MEMBER_OF != 0 {
        return Err(WeftError::new(
            Rule::OperandKind,
            &item.clause,
            format!(
                "a map entry with MEMBER_OF bits ({:#x}) must be a :CHAIN link after its chain's first entry",
                item.bits
            ),
        )
        .on_directive(on));
    }
    Ok(())
}

/// Link `item` (a `:CHAIN` clause's entry) added to the chain that `maps`
/// ends with.
pub fn add_link(maps: &mut [MapItem], item: MapItem, on: &str) -> Result<(), WeftError> {
    let Some(head) = maps.last_mut() else {
        return Err(WeftError::new(
            Rule::OperandKind,
            &item.clause,
            "a :CHAIN link must follow its chain's first entry (a MAP clause without :CHAIN)".to_string(),
        )
        .on_directive(on));
    };
    head.links.push(item);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::paropt::plan::map_item::{FROM, PTR_AND_OBJ, TO};

    #[test]
    fn member_of_names_the_parent_position() {
        // clang's `map(tofrom: s.p[0:n])` as the third entry's link.
        assert_eq!(member_of(1), 0x0002_0000_0000_0000);
        assert_eq!(link_bits(0x0003_0000_0000_0013, 1), 0x0002_0000_0000_0013);
        assert_eq!(link_bits(PTR_AND_OBJ | TO | FROM | TARGET_PARAM, 4), 0x13);
        assert_eq!(link_bits(0x0001_0000_0000_0003, 0), 0x0001_0000_0000_0003);
    }
}
