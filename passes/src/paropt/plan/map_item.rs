//! A map entry's bits (libomptarget's `tgt_map_type`) and the entry as
//! data, shared by the device plan (`map.rs`) and its chains (`map_chain.rs`).
use weft_intrinsics::model::ValueId;

pub const TO: u64 = 0x1;
pub const FROM: u64 = 0x2;
pub const ALWAYS: u64 = 0x4;
pub const DELETE: u64 = 0x8;
pub const PTR_AND_OBJ: u64 = 0x10;
pub const TARGET_PARAM: u64 = 0x20;
pub const RETURN_PARAM: u64 = 0x40;
pub const PRIVATE: u64 = 0x80;
pub const LITERAL: u64 = 0x100;
pub const IMPLICIT: u64 = 0x200;
pub const CLOSE: u64 = 0x400;
pub const PRESENT: u64 = 0x1000;
pub const MEMBER_OF: u64 = 0xffff_0000_0000_0000;

/// One map entry a clause names: the base address, the first byte mapped,
/// the size in bytes (None: the whole variable, its size from its type),
/// and the map-type bits; a chain's first entry has its `:CHAIN` links
/// (struct members, pointees: plan/map_chain.rs), which have none.
#[derive(Clone, Debug, PartialEq)]
pub struct MapItem {
    pub base: ValueId,
    pub begin: ValueId,
    pub size: Option<ValueId>,
    pub bits: u64,
    pub clause: String,
    pub links: Vec<MapItem>,
}
